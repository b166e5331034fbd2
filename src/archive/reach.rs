//! Which constraint bounds a problem's test data reaches (in the spirit of BAPCtools'
//! constraint report): for every constrained quantity of the input format, the smallest and
//! largest value over all tests, against the allowed range. A plan that never reaches a bound
//! leaves a class of wrong solutions (overflow, off-by-one at the extremes) undetected.

use std::fmt;

use super::manifest::Unreached;
use crate::problem::Reach;

/// Which end of a constraint's range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Min,
    Max,
}

impl End {
    /// `min` or `max`, as `[unreached]` keys and messages write it.
    pub fn word(self) -> &'static str {
        match self {
            End::Min => "min",
            End::Max => "max",
        }
    }
}

/// One bound of a constrained quantity: `n max`, whose value is `10^5`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bound {
    pub quantity: String,
    pub end: End,
    pub value: u64,
}

impl Bound {
    /// `n max`: the name `[unreached]` uses for the bound.
    pub fn key(&self) -> String {
        format!("{} {}", self.quantity, self.end.word())
    }
}

/// `n max (100000)`.
impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.key(), self.value)
    }
}

/// The unreached bounds of a plan, sorted by what the plan says of them.
#[derive(Debug, Default)]
pub struct UnreachedBounds<'m> {
    /// Never reached, and not declared: the plan is unfinished.
    pub missed: Vec<Bound>,
    /// Never reached, as `[unreached]` says, with its entry.
    pub declared: Vec<(Bound, &'m Unreached)>,
    /// Declared unreached, but the plan reaches it: the declaration is stale.
    pub stale: Vec<&'m Unreached>,
}

impl UnreachedBounds<'_> {
    /// Whether `testdata --check` and `verify` accept the plan's bounds.
    pub fn accepted(&self) -> bool {
        self.missed.is_empty() && self.stale.is_empty()
    }
}

/// The bounds reached by a set of tests, one entry per constrained quantity, in the order the
/// problem lists them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReachReport {
    pub quantities: Vec<Reach>,
}

impl ReachReport {
    /// Folds one test's reach into the report.
    pub fn add(&mut self, test: &[Reach]) {
        for reach in test {
            match self.quantities.iter_mut().find(|q| q.name == reach.name) {
                Some(known) => known.seen = union(known.seen, reach.seen),
                None => self.quantities.push(reach.clone()),
            }
        }
    }

    /// Every bound never reached, in the order of the quantities.
    pub fn unreached(&self) -> Vec<Bound> {
        let mut missing = Vec::new();
        for q in &self.quantities {
            let (lo, hi) = q.allowed;
            let (min, max) = match q.seen {
                Some((min, max)) => (min == lo, max == hi),
                None => (false, false),
            };
            let bound = |end, value| Bound {
                quantity: q.name.to_string(),
                end,
                value,
            };
            if !min {
                missing.push(bound(End::Min, lo));
            }
            if !max {
                missing.push(bound(End::Max, hi));
            }
        }
        missing
    }

    /// The unreached bounds against the plan's `[unreached]` declarations.
    pub fn against<'m>(&self, declared: &'m [Unreached]) -> UnreachedBounds<'m> {
        let mut sorted = UnreachedBounds::default();
        let unreached = self.unreached();
        for bound in &unreached {
            match declared.iter().find(|d| d.bound == bound.key()) {
                Some(entry) => sorted.declared.push((bound.clone(), entry)),
                None => sorted.missed.push(bound.clone()),
            }
        }
        sorted.stale = (declared.iter())
            .filter(|d| !unreached.iter().any(|b| b.key() == d.bound))
            .collect();
        sorted
    }
}

fn union(a: Option<(u64, u64)>, b: Option<(u64, u64)>) -> Option<(u64, u64)> {
    match (a, b) {
        (Some((a0, a1)), Some((b0, b1))) => Some((a0.min(b0), a1.max(b1))),
        (one, None) | (None, one) => one,
    }
}

/// A table: quantity, allowed range, range seen, and which bounds are reached.
impl fmt::Display for ReachReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A problem that declares no constraints (a program-backed one) has no table.
        if self.quantities.is_empty() {
            return Ok(());
        }
        let rows: Vec<[String; 4]> = self
            .quantities
            .iter()
            .map(|q| {
                let (lo, hi) = q.allowed;
                let (seen, min, max) = match q.seen {
                    Some((min, max)) => (format!("{min}..={max}"), min == lo, max == hi),
                    None => ("never".to_string(), false, false),
                };
                let mark = |hit: bool, what: &str| {
                    if hit {
                        what.to_string()
                    } else {
                        format!("{} NOT REACHED", what)
                    }
                };
                [
                    q.name.to_string(),
                    format!("{lo}..={hi}"),
                    seen,
                    format!("{}, {}", mark(min, "min"), mark(max, "max")),
                ]
            })
            .collect();
        let header = [
            "constraint".to_string(),
            "allowed".to_string(),
            "seen".to_string(),
            "bounds".to_string(),
        ];
        let mut widths = header.each_ref().map(String::len);
        for row in &rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.len());
            }
        }
        for row in std::iter::once(&header).chain(&rows) {
            writeln!(
                f,
                "  {:w0$}  {:w1$}  {:w2$}  {}",
                row[0],
                row[1],
                row[2],
                row[3],
                w0 = widths[0],
                w1 = widths[1],
                w2 = widths[2]
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reach(name: &'static str, seen: Option<(u64, u64)>) -> Reach {
        Reach {
            name,
            allowed: (1, 1000),
            seen,
        }
    }

    #[test]
    fn bounds_are_reached_across_tests() {
        let mut report = ReachReport::default();
        report.add(&[reach("p", Some((1, 20))), reach("m", Some((3, 3)))]);
        let shown: Vec<String> = report.unreached().iter().map(Bound::to_string).collect();
        assert_eq!(shown, vec!["p max (1000)", "m min (1)", "m max (1000)"]);
        report.add(&[reach("p", Some((500, 1000))), reach("m", None)]);
        report.add(&[reach("m", Some((1, 1000)))]);
        assert!(report.unreached().is_empty());
        assert_eq!(report.quantities[0].seen, Some((1, 1000)));
    }

    #[test]
    fn unreached_bounds_are_missed_declared_or_stale() {
        let mut report = ReachReport::default();
        report.add(&[reach("p", Some((1, 20))), reach("m", Some((1, 1000)))]);
        let entry = |bound: &str| Unreached {
            bound: bound.to_string(),
            quantity: bound.split(' ').next().unwrap_or_default().to_string(),
            reason: "why".to_string(),
            at: crate::archive::manifest::Position { line: 1, col: 1 },
        };
        let declared = [entry("p max"), entry("m min")];
        let sorted = report.against(&declared);
        assert!(sorted.missed.is_empty());
        assert_eq!(sorted.declared.len(), 1);
        assert_eq!(sorted.declared[0].0.to_string(), "p max (1000)");
        assert_eq!(sorted.stale, vec![&declared[1]]);
        assert!(!sorted.accepted());
        let sorted = report.against(&[]);
        assert_eq!(sorted.missed[0].key(), "p max");
        assert!(!sorted.accepted());
        assert!(report.against(&declared[..1]).accepted());
    }

    #[test]
    fn a_quantity_never_seen_misses_both_bounds() {
        let mut report = ReachReport::default();
        report.add(&[reach("h", None)]);
        let shown: Vec<String> = report.unreached().iter().map(Bound::to_string).collect();
        assert_eq!(shown, vec!["h min (1)", "h max (1000)"]);
        let table = report.to_string();
        assert!(table.contains("never"), "{table}");
        assert!(
            table.contains("min NOT REACHED, max NOT REACHED"),
            "{table}"
        );
    }
}
