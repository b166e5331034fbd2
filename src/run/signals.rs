//! SIGINT, SIGTERM and SIGHUP end the judge, and every program it started first.
//!
//! [`install`] blocks the three signals in the calling thread (so in every thread started
//! after it, and call it first thing in `main`) and hands them to one thread that waits for
//! them: it kills every program with its process group and every launch server (whose PID
//! namespace dies with it, taking confined programs' escaped children along), then exits with
//! 128 + the signal's number (130 for SIGINT), as a shell reports a command a signal ended.
//!
//! A command that can stop where it is and sum up (stress, verify) asks for a gentler first
//! SIGINT with [`stop_on_sigint`]: the first one then only sets a flag its loops poll
//! ([`stop_requested`]; the programs running finish within their limits) and the command exits
//! with 130 itself; a second SIGINT, or SIGTERM or SIGHUP, ends everything at once as above.
//!
//! A standard output or error whose reader went away ends the judge the same way, from
//! whichever thread wrote ([`end_for_closed_output`], exit status 141).

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::{Duration, Instant};

/// How long the ending judge waits at most for programs being started to register.
const GRACE: Duration = Duration::from_secs(2);

/// The signal that is ending the judge, once one came (0 before).
static CAUGHT: AtomicI32 = AtomicI32::new(0);

/// Set by [`stop_on_sigint`]: the first SIGINT asks the command to stop instead.
static GENTLE_SIGINT: AtomicBool = AtomicBool::new(false);

/// Set by the first SIGINT when [`GENTLE_SIGINT`] is.
static STOP_REQUESTED: AtomicBool = AtomicBool::new(false);

/// The signals that end the judge.
const ENDING: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Routes SIGINT, SIGTERM and SIGHUP to a thread that ends every program, then the process.
/// Returns an error if the signals cannot be routed (the judge then dies of them as before).
pub fn install() -> std::io::Result<()> {
    // SAFETY: building a signal set in a local and changing this thread's mask.
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for signal in ENDING {
            libc::sigaddset(&mut set, signal);
        }
        let rc = libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        if rc != 0 {
            return Err(std::io::Error::from_raw_os_error(rc));
        }
        set
    };
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || loop {
            let mut signal: libc::c_int = 0;
            // SAFETY: sigwait on a set built above, writing into a local.
            if unsafe { libc::sigwait(&set, &mut signal) } == 0 {
                // The first SIGINT of a command that stops gently only asks it to stop.
                let gentle = signal == libc::SIGINT && GENTLE_SIGINT.load(Ordering::SeqCst);
                let asks_to_stop = gentle && !STOP_REQUESTED.swap(true, Ordering::SeqCst);
                if !asks_to_stop {
                    end(signal);
                }
            }
        })
        .map(drop)
}

/// From now on the first SIGINT only sets [`stop_requested`] (see the module's doc).
pub fn stop_on_sigint() {
    GENTLE_SIGINT.store(true, Ordering::SeqCst);
}

/// Whether a SIGINT asked the command to stop (after [`stop_on_sigint`]).
pub fn stop_requested() -> bool {
    STOP_REQUESTED.load(Ordering::SeqCst)
}

/// The exit status of a judge a signal is ending (128 + the signal), if one is: the main
/// thread must exit with it rather than report the runs the signal cut short.
///
/// A signal still pending counts: sent to the process group, it kills a child of the judge
/// (a compiler, a launch server) as it arrives, and the thread that waited for that child
/// can see the death before the signal thread has taken the signal.
pub fn ending_status() -> Option<i32> {
    let signal = match CAUGHT.load(Ordering::SeqCst) {
        0 => pending_ending_signal()?,
        caught => caught,
    };
    Some(128 + signal)
}

/// An ending signal sent to the judge but not yet taken by the signal thread, unless it is
/// the first SIGINT of a command that stops gently (which only asks it to stop).
fn pending_ending_signal() -> Option<libc::c_int> {
    // SAFETY: sigpending fills a set in a local; sigismember reads it.
    let pending = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        if libc::sigpending(&mut set) != 0 {
            return None;
        }
        set
    };
    let gentle = GENTLE_SIGINT.load(Ordering::SeqCst) && !STOP_REQUESTED.load(Ordering::SeqCst);
    ENDING.into_iter().find(|&signal| {
        // SAFETY: reading a set filled above.
        let is_pending = unsafe { libc::sigismember(&pending, signal) } == 1;
        is_pending && !(signal == libc::SIGINT && gentle)
    })
}

/// The exit status of a judge whose standard output or error closed (a reader such as
/// `head -1` went away): 128 + `SIGPIPE`, what a shell reports for a command `SIGPIPE` ended,
/// as it ends coreutils.
pub const CLOSED_OUTPUT_STATUS: i32 = 128 + libc::SIGPIPE;

/// Ends the judge whose standard output or error closed, quietly, as `SIGPIPE` would have
/// had the Rust runtime not ignored it (the judge writes to programs' pipes, where a closed
/// reader is an answer): every program it started killed and its scratch removed, exit status
/// [`CLOSED_OUTPUT_STATUS`].
pub fn end_for_closed_output() -> ! {
    end(libc::SIGPIPE)
}

/// Ends the judge with exit status `status` at once, from any thread: every program it
/// started killed and its scratch removed first.
pub fn end_now(status: i32) -> ! {
    finish(status)
}

/// Kills everything the judge started, then exits with 128 + `signal`.
fn end(signal: libc::c_int) -> ! {
    CAUGHT.store(signal, Ordering::SeqCst);
    finish(128 + signal)
}

/// Kills everything the judge started, then exits with `status`. Only the first thread to
/// come here ends the process (two threads in `exit` at once is undefined behaviour); any
/// other waits for it.
fn finish(status: i32) -> ! {
    static ENDING: AtomicBool = AtomicBool::new(false);
    if ENDING.swap(true, Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
    super::live::kill_all();
    // A program or server being started now registers after the list was emptied and is
    // killed then: wait for such starts to finish.
    let deadline = Instant::now() + GRACE;
    while super::live::starting() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(1));
    }
    std::process::exit(status);
}
