//! Heap rulesets: the games whose single heap has a Grundy value, and their textual names.

use std::fmt;
use std::str::FromStr;

/// An octal game `0.d1d2…dk`, stored sparsely: only the non-zero digits, by removal size.
///
/// Digit `d_j` says what removing `j` stones may do: bit 1 — take a whole heap of exactly `j`;
/// bit 2 — leave one smaller non-empty heap; bit 4 — leave two non-empty heaps. Sparse storage
/// keeps Stripes with lengths near 1000 (or codes with thousands of digits) cheap.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `(j, d_j)` for every non-zero digit, sorted by `j`, `j >= 1`.
    digits: Vec<(u64, u8)>,
}

impl OctalCode {
    /// Builds a code from `(j, digit)` pairs; zero digits are dropped, repeated `j` are OR-ed.
    pub fn from_digits(pairs: impl IntoIterator<Item = (u64, u8)>) -> OctalCode {
        let mut digits: Vec<(u64, u8)> = pairs.into_iter().filter(|&(_, d)| d != 0).collect();
        digits.sort_unstable();
        digits.dedup_by(|later, earlier| {
            let same = later.0 == earlier.0;
            if same {
                earlier.1 |= later.1;
            }
            same
        });
        OctalCode { digits }
    }

    /// Stripes with the given lengths: a stripe covers `len` consecutive free cells of a row,
    /// leaving zero, one or two rows, i.e. digit 7 at every length. Duplicates are allowed.
    pub fn stripes(lengths: &[u64]) -> OctalCode {
        OctalCode::from_digits(lengths.iter().map(|&len| (len, 7)))
    }

    /// The non-zero digits `(j, d_j)`, sorted by `j`.
    pub fn digits(&self) -> &[(u64, u8)] {
        &self.digits
    }

    /// The largest removal `t` (0 for the empty code, which has no moves).
    pub fn max_removal(&self) -> u64 {
        self.digits.last().map_or(0, |&(j, _)| j)
    }

    /// True if some move splits a heap in two (a digit with bit 4).
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|&(_, d)| d & 4 != 0)
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0.")?;
        let mut next = 1;
        for &(j, d) in &self.digits {
            while next < j {
                write!(f, "0")?;
                next += 1;
            }
            write!(f, "{d}")?;
            next += 1;
        }
        Ok(())
    }
}

/// A heap game with a Grundy value per heap size, as named on the command line:
/// `nim`, `bounded:M`, `subtraction:S1,S2,…`, `octal:0.D1D2…`, `stripes:L1,L2,…` (any number
/// of lengths).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// Take any positive number of stones from one heap.
    Nim,
    /// Take 1..=m stones from one heap.
    Bounded { m: u64 },
    /// Take exactly s stones, s in the set (sorted, deduplicated, all positive).
    Subtraction { set: Vec<u64> },
    /// An octal game; Stripes are parsed into one.
    Octal(OctalCode),
}

impl Ruleset {
    /// The largest number of stones one move removes, when bounded. The Guy–Smith periodicity
    /// theorem needs it; Nim has none, so no period of Nim is ever proven.
    pub fn max_removal(&self) -> Option<u64> {
        match self {
            Ruleset::Nim => None,
            Ruleset::Bounded { m } => Some(*m),
            Ruleset::Subtraction { set } => set.last().copied(),
            Ruleset::Octal(code) => Some(code.max_removal()),
        }
    }
}

/// Why a ruleset name was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid ruleset {text:?}: {reason}")]
pub struct RulesetError {
    pub text: String,
    pub reason: String,
}

/// The longest octal code the command line accepts (digits after `0.`).
pub const MAX_OCTAL_DIGITS: usize = 100_000;

impl FromStr for Ruleset {
    type Err = RulesetError;

    fn from_str(text: &str) -> Result<Ruleset, RulesetError> {
        let fail = |reason: &str| RulesetError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let (family, args) = text.split_once(':').unwrap_or((text, ""));
        match family {
            "nim" if args.is_empty() && !text.contains(':') => Ok(Ruleset::Nim),
            "nim" => Err(fail("nim takes no arguments")),
            "bounded" => {
                let m = parse_positive(args).map_err(|r| fail(&format!("M {r}")))?;
                Ok(Ruleset::Bounded { m })
            }
            "subtraction" => {
                let moves = parse_list(args).map_err(|r| fail(&r))?;
                Ok(Ruleset::Subtraction {
                    set: subtraction_set(&moves),
                })
            }
            "stripes" => {
                let lengths = parse_list(args).map_err(|r| fail(&r))?;
                Ok(Ruleset::Octal(OctalCode::stripes(&lengths)))
            }
            "octal" => parse_octal(args).map(Ruleset::Octal).map_err(|r| fail(&r)),
            _ => Err(fail(
                "expected nim, bounded:M, subtraction:S1,S2,.., octal:0.D1D2.. or stripes:L1,L2,..",
            )),
        }
    }
}

/// The distinct values of `moves`, sorted: a subtraction set as the game sees it.
pub fn subtraction_set(moves: &[u64]) -> Vec<u64> {
    let mut set = moves.to_vec();
    set.sort_unstable();
    set.dedup();
    set
}

/// Parses `0.d1d2…dk`: digits 0–7, at least one, the last non-zero.
pub fn parse_octal(text: &str) -> Result<OctalCode, String> {
    let digits = parse_octal_digits(text, MAX_OCTAL_DIGITS).map_err(|e| e.message)?;
    Ok(OctalCode::from_digits((1u64..).zip(digits)))
}

/// Why a text is not an octal code, and at which byte of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalCodeError {
    pub offset: usize,
    pub message: String,
}

/// The digits `d1…dk` of an octal code `0.d1d2…dk` with at most `max_digits` digits (0–7, at
/// least one, the last non-zero), or the first fault.
pub fn parse_octal_digits(text: &str, max_digits: usize) -> Result<Vec<u8>, OctalCodeError> {
    let at = |offset: usize, message: String| OctalCodeError { offset, message };
    let Some(digits) = text.strip_prefix("0.") else {
        return Err(at(
            0,
            format!("expected an octal code 0.d1...dk, found {text:?}"),
        ));
    };
    if digits.is_empty() {
        return Err(at(
            2,
            "the octal code needs at least one digit after \"0.\"".to_string(),
        ));
    }
    let mut out = Vec::with_capacity(digits.len().min(max_digits));
    for (i, (offset, c)) in digits.char_indices().enumerate() {
        if i == max_digits {
            return Err(at(
                2 + offset,
                format!("the octal code has more than {max_digits} digits"),
            ));
        }
        let Some(d) = c.to_digit(8) else {
            return Err(at(
                2 + offset,
                format!("digit d{} is {c:?}; octal digits are 0-7", i + 1),
            ));
        };
        out.push(d as u8);
    }
    if out.last() == Some(&0) {
        return Err(at(
            1 + digits.len(),
            format!("the last digit d{} of the code must be non-zero", out.len()),
        ));
    }
    Ok(out)
}

fn parse_positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be positive".to_string()),
        Ok(v) if text.starts_with('+') => Err(format!("{v} has a sign")),
        Ok(v) => Ok(v),
        Err(_) => Err(format!("{text:?} is not a positive integer below 2^64")),
    }
}

fn parse_list(text: &str) -> Result<Vec<u64>, String> {
    if text.is_empty() {
        return Err("expected a comma-separated list of positive integers".to_string());
    }
    text.split(',')
        .map(|item| parse_positive(item).map_err(|r| format!("list item {r}")))
        .collect()
}
