//! Ctrl-C: the first SIGINT asks a long-running command to stop where it is and say what it
//! did; a second one ends stonejudge at once, with exit status 130 (128 + SIGINT, what a shell
//! reports for a process that SIGINT ended).
//!
//! The flag is process-wide because a signal is: [`install`] asks the signal thread of
//! [`crate::run::signals`] for it (the commands that can be interrupted call it first), and the loops that run for long
//! ([`crate::stress::search`], [`crate::stress::shrink`], `verify`'s items) poll
//! [`requested`] between units of work. A program being judged runs in a process group of its
//! own, so the terminal's SIGINT does not reach it; it finishes (within its limits) and its
//! result is dropped. Without [`install`], SIGINT ends every program and stonejudge at once, and
//! [`requested`] stays false.

/// The exit status of a command stopped by SIGINT.
pub const EXIT_STATUS: u8 = 130;

/// From now on the first SIGINT asks the command to stop (see [`requested`]); the next ends
/// stonejudge at once, with [`EXIT_STATUS`], every program it started killed first
/// ([`crate::run::signals`] catches the signals).
pub fn install() -> std::io::Result<()> {
    crate::run::signals::stop_on_sigint();
    Ok(())
}

/// Whether SIGINT has arrived since [`install`].
pub fn requested() -> bool {
    crate::run::signals::stop_requested()
}
