//! Standard output and standard error as a command-line tool writes them. What a command
//! prints goes through `out!`, `outln!`, `err!` and `errln!` (or, through a locked handle, returns
//! the error to `main`), so that a reader that goes away ends stonejudge quietly instead of
//! with a panic.
//!
//! `stonejudge judge … | head -1` closes standard output after the first line. The Rust
//! runtime ignores `SIGPIPE` (the judge writes to programs' pipes, where a reader that stopped
//! is an answer, not the judge's death), so a write then fails with `EPIPE`, on which
//! `println!` panics. Here a closed output ends stonejudge as `SIGPIPE` ends coreutils:
//! silently, every program it started killed and its scratch removed, exit status 141 (128 +
//! `SIGPIPE`, what a shell reports for a command `SIGPIPE` ended; see
//! [`stonejudge::run::signals::end_for_closed_output`]). Any other failure to write (a full
//! disk) is said on standard error when it can be, with exit status 2.
//!
//! Once a signal is ending stonejudge nothing more is printed: what the ending judge's killing
//! of every program would make look like verdicts (a run cut short) is no result.

use std::io::Write;

/// Prints to standard output, as `print!` does, but a closed output ends stonejudge quietly
/// (see the module's documentation).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::commands::console::out(format_args!($($arg)*))
    };
}

/// Prints a line to standard output, as `println!` does, but a closed output ends stonejudge
/// quietly (see the module's documentation).
macro_rules! outln {
    () => {
        $crate::commands::console::out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::commands::console::out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Prints to standard error, as `eprint!` does, but a closed output ends stonejudge quietly
/// (see the module's documentation).
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::commands::console::err(format_args!($($arg)*))
    };
}

/// Prints a line to standard error, as `eprintln!` does, but a closed output ends stonejudge
/// quietly (see the module's documentation).
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::commands::console::err(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes `text` to standard output.
pub fn out(text: std::fmt::Arguments<'_>) {
    unless_ending();
    if let Err(error) = std::io::stdout().lock().write_fmt(text) {
        failed(&error, "standard output");
    }
}

/// Writes `text` to standard error.
pub fn err(text: std::fmt::Arguments<'_>) {
    unless_ending();
    if let Err(error) = std::io::stderr().lock().write_fmt(text) {
        failed(&error, "standard error");
    }
}

/// Returns at once, unless a signal is ending stonejudge: then it never returns (the process
/// exits meanwhile). The ending judge kills every program before it exits, and a verdict
/// made of such a death (a run cut short by the judge, not by its limits) must not be
/// reported.
fn unless_ending() {
    if stonejudge::run::signals::ending_status().is_some() {
        loop {
            std::thread::park();
        }
    }
}

/// Ends stonejudge after a failed write to `stream`: quietly when its reader went away, else
/// saying why (exit 2).
fn failed(error: &std::io::Error, stream: &str) -> ! {
    if error.kind() == std::io::ErrorKind::BrokenPipe {
        stonejudge::run::signals::end_for_closed_output();
    }
    // Standard error may be what failed: nothing more to do if it cannot be written either.
    let _ = writeln!(
        std::io::stderr(),
        "error: cannot write to {stream}: {error}"
    );
    stonejudge::run::signals::end_now(2)
}

/// Whether `error`, which a command returned, is a write to an output whose reader went away:
/// `main` then ends quietly.
pub fn closed(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
