//! checktestdata, DOMjudge's language for input validators (`.ctd` scripts), run natively:
//! a script is parsed once ([`Script::parse`]) and checked against input bytes
//! ([`Script::check`]).
//!
//! The references are DOMjudge's C++ checktestdata (its format-spec.md and grammar) and the
//! Python reimplementation that pip installs as `checktestdata`, which problemtools and
//! BAPCtools run. Where they differ, this follows the Python one for what input is accepted
//! (a float `-0.0` is refused, `1e5` is a scientific FLOATP with one digit before the point,
//! `UNIQUE` and `INARRAY` of a variable never set are true and false), the C++ one where the
//! Python one is plainly wrong (a FLOAT at the very end of the input is accepted; a negative
//! REP count is a script error; WHILEI leaves its variable at the number of iterations), and
//! refuses, as a script error, what the two read differently (`!a && b`, `a || b && c`,
//! the anchors `^` `$` in a REGEX, an integer constant with a leading zero). Floats are exact
//! rationals (the Python one's choice; the C++ one rounds arithmetic to 256-bit binary floats).
//! Options: `--whitespace-ok` of the C++ tool ([`Options::whitespace_ok`]); not the C++
//! tool's generator mode nor the Python one's constraints file.
//!
//! Errors say where: a script error at the script's line:col (the validator is broken: exit
//! 2, a judge error), an input rejection at the input's line:col with what was expected and
//! what was found (`2:5: expected NEWLINE, found space`).

mod ast;
mod eval;
mod lexer;
mod number;
mod ops;
mod parser;
mod regex;
mod value;

use std::fmt;
use std::time::Instant;

/// A line and column (1-based; columns count bytes) in a script or an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// The script is wrong: it does not parse, or it does something the language does not allow
/// (an undefined variable, a string where a number belongs, division by zero).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {message}")]
pub struct ScriptError {
    /// Where in the script.
    pub pos: Pos,
    pub message: String,
}

impl ScriptError {
    pub fn new(pos: Pos, message: impl Into<String>) -> ScriptError {
        ScriptError {
            pos,
            message: message.into(),
        }
    }
}

/// The input does not match the script.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {message}")]
pub struct InputError {
    /// Where in the input.
    pub pos: Pos,
    pub message: String,
    /// The command of the script that did not match.
    pub command: Pos,
}

/// Why a check did not accept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    #[error("invalid input: {0}")]
    Input(InputError),
    #[error("script error: {0}")]
    Script(ScriptError),
    #[error("ran past its time limit")]
    TimeLimit,
}

/// How to check.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// As the C++ tool's `--whitespace-ok`: `SPACE` takes any run of non-newline whitespace,
    /// `NEWLINE` skips such whitespace before and after it, and so does the start of the input.
    pub whitespace_ok: bool,
    /// Stop with [`Failure::TimeLimit`] after this instant (a `WHILE` can run forever).
    pub deadline: Option<Instant>,
}

/// A parsed script.
#[derive(Debug)]
pub struct Script {
    program: parser::Program,
}

impl Script {
    pub fn parse(text: &[u8]) -> Result<Script, ScriptError> {
        let tokens = lexer::tokenize(text)?;
        let lines = text.split(|&b| b == b'\n').count();
        let last = text.rsplit(|&b| b == b'\n').next().unwrap_or_default();
        let end = Pos {
            line: lines,
            col: last.len() + 1,
        };
        let program = parser::parse(tokens, end)?;
        Ok(Script { program })
    }

    /// Checks `input` against the script: `Ok` when it matches to its end.
    pub fn check(&self, input: &[u8], options: &Options) -> Result<(), Failure> {
        eval::run(&self.program, input, options)
    }
}

/// `bytes` for a message: printable ASCII as is, the rest escaped.
fn show_bytes(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| show_char(b)).collect()
}

fn show_char(byte: u8) -> String {
    match byte {
        b'\n' => "\\n".to_string(),
        b'\t' => "\\t".to_string(),
        b'\r' => "\\r".to_string(),
        b'"' => "\\\"".to_string(),
        b'\\' => "\\\\".to_string(),
        0x20..=0x7e => char::from(byte).to_string(),
        other => format!("\\x{other:02x}"),
    }
}

/// One byte for a message: `space`, `newline`, or the character quoted.
fn show_byte(byte: u8) -> String {
    match byte {
        b' ' => "space".to_string(),
        b'\n' => "newline".to_string(),
        other => format!("'{}'", show_char(other)),
    }
}

#[cfg(test)]
mod tests;
