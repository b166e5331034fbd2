//! The plain mex recurrence: `G(n) = mex { value of each option of a heap of n }`.
//!
//! This is the oracle. It is quadratic for octal games and deliberately simple; the fast
//! engines are tested against it and must never replace it.

use super::ruleset::{OctalCode, Ruleset};

/// `G(0..=upto)` for `rules` by the plain recurrence.
pub fn plain_table(rules: &Ruleset, upto: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(upto + 1);
    let mut seen = Mex::default();
    for n in 0..=upto {
        seen.clear();
        match rules {
            Ruleset::Nim => (0..n).for_each(|k| seen.insert(values[k])),
            Ruleset::Bounded { m } => {
                let lowest = n.saturating_sub(usize::try_from(*m).unwrap_or(usize::MAX));
                (lowest..n).for_each(|k| seen.insert(values[k]));
            }
            Ruleset::Subtraction { set } => set
                .iter()
                .filter(|&&s| s <= n as u64)
                .for_each(|&s| seen.insert(values[n - s as usize])),
            Ruleset::Octal(code) => octal_options(code, n, &values, &mut seen),
        }
        values.push(seen.mex());
    }
    values
}

/// Inserts the value of every option of a heap of `n` under an octal code.
fn octal_options(code: &OctalCode, n: usize, values: &[u32], seen: &mut Mex) {
    for &(j, d) in code.digits() {
        let Ok(j) = usize::try_from(j) else { break };
        if j > n {
            break;
        }
        let rest = n - j;
        if d & 1 != 0 && rest == 0 {
            seen.insert(0);
        }
        if d & 2 != 0 && rest > 0 {
            seen.insert(values[rest]);
        }
        if d & 4 != 0 {
            for a in 1..=rest / 2 {
                seen.insert(values[a] ^ values[rest - a]);
            }
        }
    }
}

/// A set of small values with a minimum-excludant query.
#[derive(Default)]
pub(crate) struct Mex {
    present: Vec<bool>,
}

impl Mex {
    pub(crate) fn clear(&mut self) {
        self.present.iter_mut().for_each(|p| *p = false);
    }

    pub(crate) fn insert(&mut self, value: u32) {
        let v = value as usize;
        if v >= self.present.len() {
            self.present.resize(v + 1, false);
        }
        self.present[v] = true;
    }

    pub(crate) fn mex(&self) -> u32 {
        self.present
            .iter()
            .position(|p| !p)
            .unwrap_or(self.present.len()) as u32
    }
}
