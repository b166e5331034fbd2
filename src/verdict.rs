//! Verdicts, their short names and the precedence used when several apply; and [`Judged`],
//! a verdict with the reason for it, which is what every judging step hands on.

use std::fmt;
use std::time::Duration;

/// The outcome of one run of a contestant program on one test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Verdict {
    /// Accepted.
    AC,
    /// Wrong answer.
    WA,
    /// Presentation error: the output could not be read as an answer.
    PE,
    /// Time limit exceeded (CPU or wall clock).
    TLE,
    /// Memory limit exceeded.
    MLE,
    /// Output limit exceeded.
    OLE,
    /// Run-time error: non-zero exit or killed by a signal.
    RE,
    /// Compile error.
    CE,
    /// Judge error: never the contestant's fault.
    JE,
}

impl Verdict {
    /// Every verdict, in declaration order.
    pub const ALL: [Verdict; 9] = [
        Verdict::AC,
        Verdict::WA,
        Verdict::PE,
        Verdict::TLE,
        Verdict::MLE,
        Verdict::OLE,
        Verdict::RE,
        Verdict::CE,
        Verdict::JE,
    ];

    /// Precedence when several verdicts apply (docs/design.md §5): JE, TLE, MLE, OLE, RE, then the
    /// checker's verdict. Lower ranks win. CE comes with JE: nothing ran.
    pub fn rank(self) -> u8 {
        match self {
            Verdict::JE => 0,
            Verdict::CE => 1,
            Verdict::TLE => 2,
            Verdict::MLE => 3,
            Verdict::OLE => 4,
            Verdict::RE => 5,
            Verdict::WA => 6,
            Verdict::PE => 7,
            Verdict::AC => 8,
        }
    }

    /// The short name, as printed in tables and reports.
    pub fn short(self) -> &'static str {
        match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::PE => "PE",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::OLE => "OLE",
            Verdict::RE => "RE",
            Verdict::CE => "CE",
            Verdict::JE => "JE",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short())
    }
}

impl std::str::FromStr for Verdict {
    type Err = String;
    fn from_str(text: &str) -> Result<Verdict, String> {
        Verdict::ALL
            .into_iter()
            .find(|v| v.short().eq_ignore_ascii_case(text))
            .ok_or_else(|| format!("unknown verdict {text:?}"))
    }
}

/// A verdict and why. A checker says it about an output; judging a program on a test says it
/// about the whole run, with the run's measurements attached. One type for both, so that a
/// checker's word, a run's own failure and a judge error travel the same way into tables,
/// reports and stress searches.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged {
    pub verdict: Verdict,
    /// Why, in one line (or a few, for a checker's explanation: the first line is a summary).
    pub message: String,
    /// How the program ran, when one ran; `None` for a checker's word alone, and for a program
    /// that could not be started.
    pub measured: Option<Measured>,
    /// The end of the program's standard error (see [`crate::run::Run::stderr_tail`]), kept
    /// beside the message of a verdict that is not AC: what the program said about itself
    /// (an assertion, a traceback) is often why. `None` when it wrote nothing, and on AC.
    pub stderr: Option<String>,
    /// What the checker awarded the output besides its verdict: a Kattis output validator's
    /// `score.txt` or `score_multiplier.txt` (2025-09) for an accepted output (a scoring
    /// package's test case), or the fraction of the test's worth a testlib checker of our own
    /// problems gave with `quitp`; `None` when it gave none.
    pub score: Option<Awarded>,
}

/// What a checker awarded an output, besides its verdict.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Awarded {
    /// `score.txt`: the test case's score, a non-negative number.
    Score(f64),
    /// The fraction of the test case's maximum score it earns, in `0..=1`:
    /// `score_multiplier.txt` (2025-09), or the `points` of testlib's `quitp`.
    Multiplier(f64),
}

impl Awarded {
    /// The number as the checker wrote it (reports show it as the test's `points`).
    pub fn value(self) -> f64 {
        match self {
            Awarded::Score(value) | Awarded::Multiplier(value) => value,
        }
    }
}

/// What the kernel measured of one run, as a judge's table shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Measured {
    /// User + system CPU time: what the time limit is about.
    pub cpu_time: Duration,
    pub wall_time: Duration,
    /// Peak resident memory, in KiB.
    pub peak_memory_kib: u64,
}

impl Judged {
    /// A verdict and its reason, nothing measured.
    pub fn new(verdict: Verdict, message: impl Into<String>) -> Judged {
        Judged {
            verdict,
            message: message.into(),
            measured: None,
            stderr: None,
            score: None,
        }
    }

    /// The judge could not judge: never the program's fault.
    pub fn judge_error(message: impl Into<String>) -> Judged {
        Judged::new(Verdict::JE, message)
    }

    pub fn accepted(&self) -> bool {
        self.verdict == Verdict::AC
    }

    /// The message's first line and, when the program wrote to standard error, the last line
    /// it wrote there: the verdict explained in one line, for reports of one line per test.
    pub fn one_line(&self) -> String {
        let first = self.message.lines().next().unwrap_or("");
        match self.stderr.as_deref().and_then(|tail| tail.lines().last()) {
            Some(last) => format!("{first}; its standard error ends: {}", last.trim()),
            None => first.to_string(),
        }
    }
}
/// A stonejudge verdict as Kattis names it.
pub fn kattis_verdict(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::AC => "AC",
        Verdict::WA | Verdict::PE => "WA",
        Verdict::TLE => "TLE",
        Verdict::RE | Verdict::MLE => "RTE",
        Verdict::OLE => "OLE",
        Verdict::CE => "CE",
        Verdict::JE => "JE",
    }
}

/// A Kattis verdict as ours (`RTE` is RE), when it is one.
pub fn from_kattis(verdict: &str) -> Option<Verdict> {
    match verdict {
        "AC" => Some(Verdict::AC),
        "WA" => Some(Verdict::WA),
        "TLE" => Some(Verdict::TLE),
        "RTE" => Some(Verdict::RE),
        "MLE" => Some(Verdict::MLE),
        "OLE" => Some(Verdict::OLE),
        "JE" => Some(Verdict::JE),
        _ => None,
    }
}
