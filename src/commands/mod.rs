//! The body of each subcommand: reads files and flags, calls the library, prints results.
//! An `Err` is a usage or environment error (exit 2); an examined thing found wrong is
//! [`Outcome::Rejected`] (exit 1).

pub mod check;
pub mod export;
pub mod grundy;
pub mod inspect;
pub mod judge;
pub mod new;
pub mod stress;
pub mod testdata;
pub mod verify;

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;

/// How a command that ran to the end went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Everything examined was accepted (exit 0).
    Success,
    /// The thing examined is wrong: invalid input, failing verdict, drift (exit 1).
    Rejected,
    /// A checker protocol's own exit code (testlib 0–3, Kattis 42/43).
    Protocol(u8),
}

impl Outcome {
    pub fn exit_code(self) -> ExitCode {
        match self {
            Outcome::Success => ExitCode::SUCCESS,
            Outcome::Rejected => ExitCode::from(1),
            Outcome::Protocol(code) => ExitCode::from(code),
        }
    }
}

/// The bytes of `path`, or of standard input when `path` is `None`, with the name to use in
/// messages (`<stdin>` for standard input).
pub fn read_input(path: Option<&Path>) -> anyhow::Result<(String, Vec<u8>)> {
    match path {
        Some(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            Ok((path.display().to_string(), bytes))
        }
        None => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
            Ok(("<stdin>".to_string(), bytes))
        }
    }
}

/// `word` as one word of a POSIX shell command: unchanged when safe, else in single quotes.
/// Reproduction commands in reports are built from these.
pub fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_-./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn shell_words() {
        assert_eq!(shell_word("./sol.cpp"), "./sol.cpp");
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
    }
}
