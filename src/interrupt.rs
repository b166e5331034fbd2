//! Ctrl-C: the first SIGINT asks a long-running command to stop where it is and say what it
//! did; a second one ends stonejudge at once, with exit status 130 (128 + SIGINT, what a shell
//! reports for a process that SIGINT ended).
//!
//! The flag is process-wide because a signal is: [`install`] registers the handler (the
//! commands that can be interrupted call it first), and the loops that run for long
//! ([`crate::stress::search`], [`crate::stress::shrink`], `verify`'s items) poll
//! [`requested`] between units of work. A program being judged runs in a process group of its
//! own, so the terminal's SIGINT does not reach it; it finishes (within its limits) and its
//! result is dropped. Without [`install`], SIGINT keeps its default action and [`requested`]
//! stays false.

use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::consts::SIGINT;

/// Set by the SIGINT handler.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// The exit status of a command stopped by SIGINT.
pub const EXIT_STATUS: u8 = 130;

/// Catches SIGINT from now on: the first sets [`requested`], the next exits with
/// [`EXIT_STATUS`] without further ado (for a stop that hangs).
pub fn install() -> std::io::Result<()> {
    // The exit must be registered first: handlers run in order, and on the first signal the
    // flag is still false, so only the second one exits.
    signal_hook::flag::register_conditional_shutdown(SIGINT, i32::from(EXIT_STATUS), &REQUESTED)?;
    signal_hook::flag::register(SIGINT, &REQUESTED)?;
    Ok(())
}

/// Whether SIGINT has arrived since [`install`].
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}
