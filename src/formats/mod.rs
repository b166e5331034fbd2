//! Package formats read from disk, below the catalog: what a problem folder says, before any
//! problem's code runs.
//!
//! - [`detect`]: which format a folder is in, the one place formats are told apart;
//! - [`manifest`]: our `problem.toml` (title, limits, samples, test plan, and the table that
//!   tells the kind of problem), read strictly with `problem.toml:line:col` errors;
//! - [`statement`]: what every format's statements share, their language codes;
//! - [`limits`]: how a problem's `[limits]` and the command line's flags become the limits of
//!   a run;
//! - [`tests_dir`]: a folder of `NAME.in` / `NAME.ans` tests;
//! - [`solutions`]: our folder's example solutions and the verdict each folder promises.
//!
//! Layering: these modules know no problem and run nothing. `crate::catalog` (which finds a
//! problem and its tools) and `crate::programs` read problem folders through them;
//! `crate::archive` (plans, verify, export, scaffolding) sits above the catalog and uses them
//! too. Nothing here imports the catalog, the archive or a command (docs/contributing.md).

pub mod detect;
pub mod limits;
pub mod manifest;
pub mod solutions;
pub mod statement;
pub mod tests_dir;

pub use limits::{run_limits, LimitFlags, DEFAULT_MEMORY_MIB, DEFAULT_TIME_LIMIT};
pub use tests_dir::tests_in;
