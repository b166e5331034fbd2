//! Reading and showing text, below everything that reads inputs or outputs: the strict reader
//! behind every validator ([`strict`]), the lenient token reader behind every checker
//! ([`tokens`]), and the escaping that keeps contestant bytes readable in messages ([`show`]).
//!
//! A leaf: it imports nothing from the crate, so problems (which read inputs and answers) and
//! checkers (which read outputs) can both stand on it without importing each other.

pub mod show;
pub mod strict;
pub mod tokens;

pub use strict::{ParseError, StrictReader};
pub use tokens::{Malformed, Token, TokenReader};
