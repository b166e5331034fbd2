//! An input format's constraints as data, each written once: its name as the statement
//! writes it, its bounds and what it counts. The parser reads through them ([`Reader`]), the
//! generators take their bounds from them, `reach` reports them, `enumerate` stays inside them,
//! the checktestdata export fills them into its script and `verify` checks the statement's
//! constraint list against them ([`Constraint::statement_line`]).

use std::ops::{Deref, DerefMut};

use crate::text::{ParseError, StrictReader};

/// One constrained integer of an input, e.g. `1 <= n <= 10^5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Int {
    /// As the statement and the messages write it: `T`, `a_i`, `c, z, n`.
    pub name: &'static str,
    pub lo: u64,
    pub hi: u64,
    /// What it counts or measures: `the number of games`.
    pub about: &'static str,
}

impl Int {
    pub const fn new(name: &'static str, lo: u64, hi: u64, about: &'static str) -> Int {
        Int {
            name,
            lo,
            hi,
            about,
        }
    }
}

/// A sum over the whole input of one count, e.g. `total n <= 10^6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Total {
    /// As the statement and the messages write it: `total n`.
    pub name: &'static str,
    /// The name of the [`Int`] summed; it must be read with [`Reader::int`].
    pub of: &'static str,
    pub lo: u64,
    pub hi: u64,
    pub about: &'static str,
}

impl Total {
    pub const fn new(
        name: &'static str,
        of: &'static str,
        lo: u64,
        hi: u64,
        about: &'static str,
    ) -> Total {
        Total {
            name,
            of,
            lo,
            hi,
            about,
        }
    }
}

/// One constraint of an input format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Constraint {
    Int(Int),
    Total(Total),
}

impl Constraint {
    pub fn name(&self) -> &'static str {
        match self {
            Constraint::Int(c) => c.name,
            Constraint::Total(c) => c.name,
        }
    }

    /// The smallest and largest value allowed.
    pub fn bounds(&self) -> (u64, u64) {
        match self {
            Constraint::Int(c) => (c.lo, c.hi),
            Constraint::Total(c) => (c.lo, c.hi),
        }
    }

    /// The constraint as a statement lists it: `1 <= n <= 10^5: the number of heaps of a
    /// game` (a total only has its upper bound: `total n <= 10^6: …`).
    pub fn statement_line(&self) -> String {
        match self {
            Constraint::Int(c) => format!(
                "{} <= {} <= {}: {}",
                show_bound(c.lo),
                c.name,
                show_bound(c.hi),
                c.about
            ),
            Constraint::Total(c) => format!("{}: {}", total_text(c), c.about),
        }
    }
}

/// `total n <= 10^6`.
pub fn total_text(total: &Total) -> String {
    format!("{} <= {}", total.name, show_bound(total.hi))
}

/// A bound as statements write it: `10^5` for powers of ten from 10^4, `2^63 - 1` next to
/// large powers of two, else the number.
pub fn show_bound(value: u64) -> String {
    let power_of_ten = (4..=19).find(|&k| 10u64.checked_pow(k) == Some(value));
    if let Some(k) = power_of_ten {
        return format!("10^{k}");
    }
    match value.checked_add(1) {
        Some(next) if next.is_power_of_two() && next >= 1 << 16 => {
            format!("2^{} - 1", next.trailing_zeros())
        }
        None => "2^64 - 1".to_string(),
        _ if value.is_power_of_two() && value >= 1 << 16 => {
            format!("2^{}", value.trailing_zeros())
        }
        _ => value.to_string(),
    }
}

/// How the cases of an input are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    /// A count (`T`, `m`) on a line of its own, then that many cases.
    Counted(Int),
    /// Cases until a line `0`; every case starts with this count (at least 1), which is read
    /// as `k (or 0 to end)` ([`Reader::count_or_end`]).
    ZeroEnded(Int),
    /// Cases, one per line, until the end of the input; their number is bounded by this.
    ToEnd(Int),
}

/// An input format: the header (if any) and the cases are read by the problem, the rest by
/// [`super::list`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFormat {
    pub listing: Listing,
    /// Every constraint, in the order the statement lists them.
    pub constraints: Vec<Constraint>,
    /// What messages call one case: `case`, `board`, `line`.
    pub unit: &'static str,
}

/// The values one constrained quantity of an input format takes in an instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// The quantity as the statement names it, e.g. `"p"` or `"total n"`.
    pub name: &'static str,
    /// The constraint: smallest and largest allowed value.
    pub allowed: (u64, u64),
    /// The smallest and largest value the instance has (`None` if the quantity is absent).
    pub seen: Option<(u64, u64)>,
}

/// The strict reader of an input, reading constrained integers through their [`Int`]s: it
/// keeps the format's totals and, when asked to, the range of values each constraint takes
/// (its [`Reach`]). The plain reading steps (spaces, line ends, words) are the
/// [`StrictReader`]'s.
pub struct Reader<'a> {
    text: StrictReader<'a>,
    /// Each total with the sum so far.
    totals: Vec<(Total, u64)>,
    /// Per constraint name, the smallest and largest value read; `None`: not recording.
    seen: Option<Vec<(&'static str, (u64, u64))>>,
}

impl<'a> Deref for Reader<'a> {
    type Target = StrictReader<'a>;
    fn deref(&self) -> &StrictReader<'a> {
        &self.text
    }
}

impl DerefMut for Reader<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.text
    }
}

impl<'a> Reader<'a> {
    /// A reader of `input` in `format`; `recording` keeps each constraint's range of values.
    pub fn new(input: &'a [u8], format: &InputFormat, recording: bool) -> Reader<'a> {
        let totals = format
            .constraints
            .iter()
            .filter_map(|c| match c {
                Constraint::Total(total) => Some((*total, 0)),
                Constraint::Int(_) => None,
            })
            .collect();
        Reader {
            text: StrictReader::new(input),
            totals,
            seen: recording.then(Vec::new),
        }
    }

    /// An integer within `c`.
    pub fn int(&mut self, c: &Int) -> Result<u64, ParseError> {
        self.int_named(c, c.name)
    }

    /// An integer within `c` that the messages call `name` (one of the three lengths `c`,
    /// `z`, `n` of the constraint `c, z, n`).
    pub fn int_named(&mut self, c: &Int, name: &str) -> Result<u64, ParseError> {
        let at = self.text.position();
        let value = self.text.int(name, c.lo, c.hi)?;
        self.record(c, value);
        for (total, used) in self.totals.iter_mut().filter(|(t, _)| t.of == c.name) {
            *used = used.saturating_add(value);
            if *used > total.hi {
                return Err(ParseError {
                    line: at.0,
                    col: at.1,
                    message: format!(
                        "this value brings the total to {used}, above {} ({})",
                        total.hi,
                        total_text(total)
                    ),
                });
            }
        }
        Ok(value)
    }

    /// `count` integers within `c` separated by single spaces, then the line end.
    pub fn ints(&mut self, count: u64, c: &Int) -> Result<Vec<u64>, ParseError> {
        let values = self.text.int_line(count as usize, c.name, c.lo, c.hi)?;
        if self.seen.is_some() {
            values.iter().for_each(|&v| self.record(c, v));
        }
        Ok(values)
    }

    /// A count within `count` and then, on the same line, that many integers within
    /// `values`: `k s_1 … s_k`.
    pub fn counted_ints(&mut self, count: &Int, values: &Int) -> Result<Vec<u64>, ParseError> {
        let k = self.int(count)?;
        self.text.space()?;
        self.ints(k, values)
    }

    /// A count within `count` alone on its line, then that many integers within `values` on
    /// the next: `n` / `a_1 … a_n`.
    pub fn count_then_ints(&mut self, count: &Int, values: &Int) -> Result<Vec<u64>, ParseError> {
        let n = self.int(count)?;
        self.text.end_of_values()?;
        self.ints(n, values)
    }

    /// The count `c` that starts a case of a [`Listing::ZeroEnded`] input, or the `0` that
    /// ends it: read as `k (or 0 to end)` in `0..=hi`.
    pub fn count_or_end(&mut self, c: &Int) -> Result<u64, ParseError> {
        let value = self
            .text
            .int(&format!("{} (or 0 to end)", c.name), 0, c.hi)?;
        if value > 0 {
            self.record(c, value);
        }
        Ok(value)
    }

    /// Notes that the constraint `c` takes `value` (for a quantity that is not read as a
    /// number, such as the digit count of an octal code).
    pub fn record(&mut self, c: &Int, value: u64) {
        let Some(seen) = &mut self.seen else { return };
        match seen.iter_mut().find(|(name, _)| *name == c.name) {
            Some((_, (lo, hi))) => (*lo, *hi) = ((*lo).min(value), (*hi).max(value)),
            None => seen.push((c.name, (value, value))),
        }
    }

    /// The range of values each constraint of `format` took (see [`Reader::new`]).
    pub fn reach(&self, format: &InputFormat) -> Vec<Reach> {
        format
            .constraints
            .iter()
            .map(|c| {
                let seen = match c {
                    Constraint::Total(total) => self
                        .totals
                        .iter()
                        .find(|(t, _)| t.name == total.name)
                        .map(|&(_, used)| (used, used)),
                    Constraint::Int(int) => self.seen.as_ref().and_then(|seen| {
                        seen.iter()
                            .find(|(name, _)| *name == int.name)
                            .map(|&(_, range)| range)
                    }),
                };
                Reach {
                    name: c.name(),
                    allowed: c.bounds(),
                    seen,
                }
            })
            .collect()
    }
}

/// Appends `values` separated by single spaces, then a newline.
pub fn push_line(out: &mut String, values: &[u64]) {
    use std::fmt::Write;
    for (i, v) in values.iter().enumerate() {
        let sep = if i == 0 { "" } else { " " };
        let _ = write!(out, "{sep}{v}");
    }
    out.push('\n');
}

/// Appends the number of `values` on its line, then `values` on the next.
pub fn push_counted(out: &mut String, values: &[u64]) {
    push_line(out, &[values.len() as u64]);
    push_line(out, values);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_shown_as_statements_write_them() {
        let shown: Vec<String> = [0, 1, 1000, 4747, 10_000, 1_000_000_000_000_000_000]
            .into_iter()
            .chain([(1 << 63) - 1, 1 << 20, u64::MAX])
            .map(show_bound)
            .collect();
        assert_eq!(
            shown,
            ["0", "1", "1000", "4747", "10^4", "10^18", "2^63 - 1", "2^20", "2^64 - 1"]
        );
    }

    const N: Int = Int {
        name: "n",
        lo: 1,
        hi: 10,
        about: "heaps",
    };
    const TOTAL: Total = Total {
        name: "total n",
        of: "n",
        lo: 1,
        hi: 10,
        about: "heaps in all",
    };

    fn format() -> InputFormat {
        InputFormat {
            listing: Listing::ToEnd(N),
            constraints: vec![Constraint::Int(N), Constraint::Total(TOTAL)],
            unit: "case",
        }
    }

    #[test]
    fn a_total_reports_the_value_that_broke_it() {
        let mut r = Reader::new(b"6\n5\n", &format(), false);
        assert_eq!(r.int(&N), Ok(6));
        r.newline().unwrap();
        let error = r.int(&N).unwrap_err();
        assert_eq!((error.line, error.col), (2, 1));
        assert_eq!(
            error.message,
            "this value brings the total to 11, above 10 (total n <= 10)"
        );
    }

    #[test]
    fn recording_reaches_every_constraint() {
        let format = format();
        let mut r = Reader::new(b"1 7\n", &format, true);
        assert_eq!(r.counted_ints(&N, &N), Ok(vec![7]));
        assert_eq!(
            r.reach(&format),
            vec![
                Reach {
                    name: "n",
                    allowed: (1, 10),
                    seen: Some((1, 7))
                },
                Reach {
                    name: "total n",
                    allowed: (1, 10),
                    seen: Some((1, 1))
                }
            ]
        );
        assert_eq!(
            Constraint::Total(TOTAL).statement_line(),
            "total n <= 10: heaps in all"
        );
        assert_eq!(Constraint::Int(N).statement_line(), "1 <= n <= 10: heaps");
    }
}
