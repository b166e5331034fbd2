//! The one seam between `verify` and a format: [`FormatVerifier`], which each format's
//! verifier implements ([`super::ours`], [`super::kattis`], [`super::sinol`], [`super::read`]),
//! and [`Unit`], one item of one of them as the command sees it. The command and
//! [`super::targets`] never ask which format a verifier is of: they list its items, pick a
//! part of them, tell it which it verifies, and verify each.

use super::ItemReport;

/// A verifier of one PATH, its format's: its items in its format's order, and how each is
/// verified. What every format checks alike is done over the model by the steps it calls
/// ([`super::submission`], [`super::expectation`], [`super::regeneration`],
/// [`super::validation`]); an implementation keeps only what is its format's own.
pub trait FormatVerifier: Sync {
    /// What one of its items is (the package, a submission…).
    type Item: Sync;

    /// Its items with their ids, in its format's order.
    fn items(&self) -> Result<Vec<(String, Self::Item)>, String>;

    /// Verifies `item`, whose id is `id`.
    fn verify(&self, id: &str, item: &Self::Item) -> ItemReport;

    /// Tells it which of its items this run verifies, before the first is verified
    /// (`verify --partition` verifies some; a verifier that judges its submissions together
    /// judges only those). Without it, every item is.
    fn verifying(&self, _ids: &[&str]) {}
}

/// One item of one verifier, as the command verifies it.
pub trait Unit: Sync {
    fn id(&self) -> &str;
    fn verify(&self) -> ItemReport;
}

/// A verifier of any format, as `verify` holds it: the object-safe face of a
/// [`FormatVerifier`].
pub trait AnyVerifier: Sync {
    /// Its items, each ready to verify.
    fn units(&self) -> Result<Vec<Box<dyn Unit + '_>>, String>;
    /// [`FormatVerifier::verifying`].
    fn verifying(&self, ids: &[&str]);
}

/// An item of a verifier of format `V`, with its id.
struct ItemOf<'v, V: FormatVerifier> {
    verifier: &'v V,
    item: V::Item,
    id: String,
}

impl<V: FormatVerifier> Unit for ItemOf<'_, V> {
    fn id(&self) -> &str {
        &self.id
    }

    fn verify(&self) -> ItemReport {
        self.verifier.verify(&self.id, &self.item)
    }
}

impl<V: FormatVerifier> AnyVerifier for V {
    fn units(&self) -> Result<Vec<Box<dyn Unit + '_>>, String> {
        Ok((self.items()?.into_iter())
            .map(|(id, item)| {
                Box::new(ItemOf {
                    verifier: self,
                    item,
                    id,
                }) as Box<dyn Unit + '_>
            })
            .collect())
    }

    fn verifying(&self, ids: &[&str]) {
        FormatVerifier::verifying(self, ids);
    }
}
