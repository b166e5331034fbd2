//! How many items (cases, heaps, positions) a generator makes.

use super::format::{total_text, Int, Total};
use crate::gen::{Gen, ParamError, Params};

/// How many items (cases, heaps, positions) a generator makes: fixed by a parameter or by the
/// mode, or else drawn per use in `1..=10`.
#[derive(Debug, Clone, Copy)]
pub struct Size(Option<u64>);

/// The largest size drawn when no size is fixed.
const DRAWN_SIZE_MAX: u64 = 10;

impl Size {
    /// The `key` parameter if given (within the count `c`), else `by_mode` (`None`: drawn).
    pub fn param(
        params: &Params,
        key: &str,
        by_mode: Option<u64>,
        c: &Int,
    ) -> Result<Size, ParamError> {
        Ok(Size(params.optional_int(key, c.lo, c.hi)?.or(by_mode)))
    }

    /// The size of one item.
    pub fn draw(self, gen: &mut Gen) -> u64 {
        self.0.unwrap_or_else(|| gen.range(1, DRAWN_SIZE_MAX))
    }

    /// Refuses `count` items of this size when they could pass `total`; `key` is the
    /// parameter to blame.
    pub fn check_total(self, key: &str, count: u64, total: &Total) -> Result<(), ParamError> {
        let each = self.0.unwrap_or(DRAWN_SIZE_MAX);
        if count.saturating_mul(each) > total.hi {
            return Err(ParamError {
                key: key.to_string(),
                message: format!("{count} cases of {each} could pass {}", total_text(total)),
            });
        }
        Ok(())
    }
}
