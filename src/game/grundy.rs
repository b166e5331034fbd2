//! The plain mex recurrence: `G(n) = mex { value of each option of a heap of n }`.
//!
//! This is the oracle. It is quadratic for octal games and deliberately simple; the fast
//! engines are tested against it and must never replace it.

use super::ruleset::{OctalCode, Ruleset};

/// `G(0..=upto)` for `rules` by the plain recurrence.
pub fn plain_table(rules: &Ruleset, upto: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(upto + 1);
    let mut seen = Mex::new();
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
            // Splits into a and rest - a for a = 1, 2, …, rest / 2.
            let half = rest / 2;
            let smaller = &values[1..=half];
            let larger = values[rest - half..rest].iter().rev();
            smaller
                .iter()
                .zip(larger)
                .for_each(|(x, y)| seen.insert(x ^ y));
        }
    }
}

/// A set of small values with a minimum-excludant query.
///
/// Each slot holds the round in which its value was last inserted, so that clearing is a new
/// round rather than a pass over every slot (the slots go up to the largest value inserted so
/// far, which a pass per position would cost as much as the inserts themselves).
pub(crate) struct Mex {
    inserted_in: Vec<u32>,
    /// The current round, never 0: slots holding an earlier round (or 0, never inserted) are
    /// absent.
    round: u32,
}

impl Mex {
    pub(crate) fn new() -> Mex {
        Mex {
            inserted_in: Vec::new(),
            round: 1,
        }
    }

    pub(crate) fn clear(&mut self) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.inserted_in.iter_mut().for_each(|slot| *slot = 0);
            self.round = 1;
        }
    }

    pub(crate) fn insert(&mut self, value: u32) {
        let v = value as usize;
        if v >= self.inserted_in.len() {
            self.inserted_in.resize((v + 1).next_power_of_two(), 0);
        }
        self.inserted_in[v] = self.round;
    }

    pub(crate) fn mex(&self) -> u32 {
        self.inserted_in
            .iter()
            .position(|&slot| slot != self.round)
            .unwrap_or(self.inserted_in.len()) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::Mex;

    #[test]
    fn mex_forgets_everything_at_a_clear_even_when_rounds_wrap() {
        let mut seen = Mex::new();
        assert_eq!(seen.mex(), 0);
        for v in [0, 1, 2, 5] {
            seen.insert(v);
        }
        assert_eq!(seen.mex(), 3);
        seen.clear();
        assert_eq!(seen.mex(), 0);
        seen.insert(1);
        assert_eq!(seen.mex(), 0);
        seen.insert(0);
        assert_eq!(seen.mex(), 2);
        seen.round = u32::MAX;
        seen.insert(0);
        seen.insert(1);
        assert_eq!(seen.mex(), 2);
        seen.clear();
        assert_eq!(seen.round, 1);
        assert_eq!(seen.mex(), 0, "values of round u32::MAX survived the wrap");
        seen.insert(0);
        assert_eq!(seen.mex(), 1);
    }
}
