//! Two-way runs: the program's standard input and output connected to the other side of a
//! conversation instead of a file, for interactive problems. The other side is either a
//! function of ours on a thread of the judge ([`Runner::run_two_way`]: the built-in judges,
//! whose time is therefore never the program's) or another program, an interactor
//! ([`Runner::run_against`]), whose bytes the judge relays in both directions.
//!
//! What holds, whatever either side does:
//!
//! - The program is started like any other run ([`Runner::start`]: its own process group,
//!   its limits, reaped with `wait4`, so its CPU time and peak memory are its own), and an
//!   interactor the same way under its own limits. Every process of both is killed and reaped.
//! - Nobody waits forever. The other side talks through a [`Channel`] whose reads and writes
//!   are non-blocking and wait in `poll` together with a descriptor that becomes readable once
//!   the program has been reaped; the program is killed at its limits as usual. A program that
//!   stops answering is thus killed at its time limit, and the other side then sees its output
//!   end.
//! - No deadlock on full pipes: both pipes are enlarged to 1 MiB where the system allows, and
//!   an interactor's conversation is relayed by one `poll` loop that buffers what the program
//!   says (up to 4 MiB) while the interactor is not reading, so a judge busy writing never
//!   waits on a program busy writing.
//! - End of file travels: when one side's output ends (and what it wrote has been delivered),
//!   the other side's input is closed; an interactor's input only once the program has ended,
//!   as bt and problemtools do (see [`relay`]). Writing to a side that no longer reads is an answer
//!   ([`Deaf`]), never a `SIGPIPE` to the judge (the Rust runtime ignores it; the program gets
//!   the default disposition back at its start, see [`super::launch`]).
//! - Once the other side has decided (a wrong answer stands whatever the program does next) it
//!   may ask for the program to be killed at once ([`Channel::stop_program`]).
//! - Both directions are kept in a bounded [`Transcript`].

use std::collections::VecDeque;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::Instant;

use super::capture::Bounded;
use super::fd::{pipe, set_nonblocking};
use super::process::{readable, watch};
use super::{Invocation, Limits, Run, RunError, Runner};

/// Bytes asked of the kernel for each pipe of a two-way run (the default maximum for
/// unprivileged processes), so that neither side blocks on a full pipe in ordinary use.
const PIPE_BYTES: libc::c_int = 1 << 20;
/// Bytes of the program's output kept in [`Run::stdout`] after a two-way run.
pub const OUTPUT_KEPT: u64 = 64 << 10;
/// Bytes taken from the program's pipe by one read.
const READ_BYTES: usize = 64 << 10;
/// Bytes a relay buffers for one side before it stops reading from the other.
const RELAY_BUFFER: usize = 4 << 20;

/// The program no longer reads: its input is closed (it exited, or closed its standard input).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deaf;

/// Why no (further) line came from the program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Silence {
    /// Its output ended (it exited or closed it, or was killed); the bytes it wrote after its
    /// last newline.
    Closed(Vec<u8>),
    /// A line longer than the maximum asked for: its first bytes.
    TooLong(Vec<u8>),
}

/// Who said a line of a [`Transcript`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Speaker {
    /// The judge: the built-in one or an interactor.
    Judge,
    Program,
}

/// Both directions of a conversation, line by line: the first [`Transcript::HEAD`] lines and
/// the last [`Transcript::TAIL`], each cut at [`Transcript::WIDTH`] bytes, so that a program
/// that floods costs no memory.
#[derive(Debug, Clone, Default)]
pub struct Transcript {
    head: Vec<(Speaker, Vec<u8>)>,
    tail: VecDeque<(Speaker, Vec<u8>)>,
    skipped: usize,
    /// Each side's line being written (bytes after its last newline).
    partial: [Vec<u8>; 2],
}

impl Transcript {
    pub const HEAD: usize = 50;
    pub const TAIL: usize = 50;
    pub const WIDTH: usize = 120;

    fn record(&mut self, speaker: Speaker, mut bytes: &[u8]) {
        let slot = speaker as usize;
        while let Some(newline) = bytes.iter().position(|&b| b == b'\n') {
            self.keep(&bytes[..newline], speaker);
            let line = std::mem::take(&mut self.partial[slot]);
            self.push(speaker, line);
            bytes = &bytes[newline + 1..];
        }
        self.keep(bytes, speaker);
    }

    fn keep(&mut self, bytes: &[u8], speaker: Speaker) {
        let partial = &mut self.partial[speaker as usize];
        let room = (Self::WIDTH + 1).saturating_sub(partial.len());
        partial.extend_from_slice(&bytes[..bytes.len().min(room)]);
    }

    fn push(&mut self, speaker: Speaker, line: Vec<u8>) {
        if self.head.len() < Self::HEAD {
            self.head.push((speaker, line));
            return;
        }
        self.tail.push_back((speaker, line));
        if self.tail.len() > Self::TAIL {
            self.tail.pop_front();
            self.skipped += 1;
        }
    }

    /// Every kept line in order (`None` marks lines skipped in the middle), unfinished lines
    /// last; a line longer than [`Transcript::WIDTH`] keeps one byte more, to show it was cut.
    pub fn lines(&self) -> Vec<Option<(Speaker, &[u8])>> {
        fn as_ref((speaker, line): &(Speaker, Vec<u8>)) -> Option<(Speaker, &[u8])> {
            Some((*speaker, line.as_slice()))
        }
        let mut lines: Vec<_> = self.head.iter().map(as_ref).collect();
        if self.skipped > 0 {
            lines.push(None);
        }
        lines.extend(self.tail.iter().map(as_ref));
        for (speaker, partial) in [Speaker::Judge, Speaker::Program].iter().zip(&self.partial) {
            if !partial.is_empty() {
                lines.push(Some((*speaker, partial.as_slice())));
            }
        }
        lines
    }

    /// How many lines were left out in the middle.
    pub fn skipped(&self) -> usize {
        self.skipped
    }
}

/// The judge's end of the program's standard input and output. Every wait is bounded: it also
/// ends once the program has been reaped.
#[derive(Debug)]
pub struct Channel {
    /// The program's standard input (write end); `None` once closed.
    to: Option<OwnedFd>,
    /// The program's standard output (read end); `None` once it has ended.
    from: Option<OwnedFd>,
    /// Readable once the program has been reaped (an eventfd the runner owns).
    ended: RawFd,
    ended_seen: bool,
    /// Written to ask the runner to kill the program.
    stop: RawFd,
    /// Bytes read from the program and not handed out yet.
    pending: Vec<u8>,
    /// Where reads land first: allocated once, not on every read.
    scratch: Vec<u8>,
    output: Bounded,
    transcript: Transcript,
}

impl Channel {
    /// Writes `bytes` to the program (waiting while its pipe is full), or says it no longer
    /// reads.
    pub fn send(&mut self, bytes: &[u8]) -> Result<(), Deaf> {
        let mut rest = bytes;
        while !rest.is_empty() {
            match self.try_write(rest)? {
                0 => {
                    let to = self.to.as_ref().map(AsRawFd::as_raw_fd).ok_or(Deaf)?;
                    if self.ended_seen || !self.wait(to, libc::POLLOUT) {
                        self.to = None;
                        return Err(Deaf);
                    }
                }
                n => rest = &rest[n..],
            }
        }
        Ok(())
    }

    /// The program's next line without its `\n`, or why none came. A line longer than `max`
    /// bytes is not waited for to its end.
    pub fn receive_line(&mut self, max: usize) -> Result<Vec<u8>, Silence> {
        loop {
            if let Some(newline) = self.pending.iter().position(|&b| b == b'\n') {
                let line = self.pending[..newline].to_vec();
                self.pending.drain(..=newline);
                return Ok(line);
            }
            if self.pending.len() > max {
                return Err(Silence::TooLong(self.pending[..max].to_vec()));
            }
            if !self.read_more() {
                return Err(Silence::Closed(std::mem::take(&mut self.pending)));
            }
        }
    }

    /// Closes the program's input: it reads end of file.
    pub fn close_output(&mut self) {
        self.to = None;
    }

    /// Everything the program writes until its output ends, up to `max` bytes (the rest is
    /// read and dropped, so that the program never blocks on a full pipe).
    pub fn rest(&mut self, max: usize) -> Vec<u8> {
        while self.read_more() {
            if self.pending.len() > max {
                self.pending.truncate(max);
            }
        }
        let mut rest = std::mem::take(&mut self.pending);
        rest.truncate(max);
        rest
    }

    /// Asks the runner to kill the program now: the other side has decided, and nothing the
    /// program does next can change that.
    pub fn stop_program(&self) {
        signal(self.stop);
    }

    /// Reads what the program has written into `pending`; false once its output has ended.
    /// It waits before it reads: the other side has usually just spoken, so the program's
    /// answer is not there yet, and a read first would only say so (a system call more on
    /// every line of the conversation).
    fn read_more(&mut self) -> bool {
        loop {
            let Some(from) = self.from.as_ref().map(AsRawFd::as_raw_fd) else {
                return false;
            };
            // Not ready once the program is reaped: whoever still holds the pipe is not it.
            let ready = self.wait(from, libc::POLLIN);
            match self.try_read() {
                Some(0) if !ready || self.ended_seen => {
                    self.from = None;
                    return false;
                }
                Some(0) => {}
                Some(_) => return true,
                None => return false,
            }
        }
    }

    /// One non-blocking read into `pending`: `Some(n)` bytes (0: nothing there yet), `None`
    /// once the output has ended.
    fn try_read(&mut self) -> Option<usize> {
        let from = self.from.as_ref()?;
        let buffer = &mut self.scratch;
        loop {
            // SAFETY: reading into a buffer we own, at most its length, from our descriptor.
            let n =
                unsafe { libc::read(from.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) };
            if n > 0 {
                let chunk = &buffer[..n as usize];
                self.pending.extend_from_slice(chunk);
                self.output.push(chunk);
                self.transcript.record(Speaker::Program, chunk);
                return Some(chunk.len());
            }
            let error = std::io::Error::last_os_error();
            match (n, error.kind()) {
                (0, _) => {}
                (_, std::io::ErrorKind::Interrupted) => continue,
                (_, std::io::ErrorKind::WouldBlock) => return Some(0),
                _ => {}
            }
            self.from = None;
            return None;
        }
    }

    /// One non-blocking write: the bytes taken (0 while the pipe is full).
    fn try_write(&mut self, bytes: &[u8]) -> Result<usize, Deaf> {
        let to = self.to.as_ref().ok_or(Deaf)?;
        loop {
            // SAFETY: writing from a slice we hold to our descriptor. The judge ignores
            // SIGPIPE, so a closed reader is EPIPE here.
            let n = unsafe { libc::write(to.as_raw_fd(), bytes.as_ptr().cast(), bytes.len()) };
            if n >= 0 {
                self.transcript.record(Speaker::Judge, &bytes[..n as usize]);
                return Ok(n as usize);
            }
            match std::io::Error::last_os_error().kind() {
                std::io::ErrorKind::Interrupted => continue,
                std::io::ErrorKind::WouldBlock => return Ok(0),
                _ => {
                    self.to = None;
                    return Err(Deaf);
                }
            }
        }
    }

    /// Waits until `fd` is ready for `events` or the program has been reaped; true if `fd` is
    /// ready (or may be: an error or hang-up on it is for the next read or write to find).
    fn wait(&mut self, fd: RawFd, events: libc::c_short) -> bool {
        let mut fds = [
            libc::pollfd {
                fd,
                events,
                revents: 0,
            },
            libc::pollfd {
                fd: self.ended,
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        loop {
            // SAFETY: poll on an array we own. The timeout only guards against a lost wake-up.
            let ready = unsafe { libc::poll(fds.as_mut_ptr(), 2, 1000) };
            if ready < 0
                && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
            {
                return true;
            }
            if fds[1].revents != 0 {
                self.ended_seen = true;
            }
            if fds[0].revents != 0 {
                return true;
            }
            if self.ended_seen {
                return false;
            }
        }
    }
}

/// What a two-way run gave: the program's run (its [`Run::stdout`] holds the first 64 KiB it
/// wrote), what the other side returned, and the conversation.
#[derive(Debug)]
pub struct TwoWay<T> {
    pub run: Run,
    pub other: T,
    pub transcript: Transcript,
}

impl Runner {
    /// Runs `invocation` under `limits` with `other` on a thread of the judge talking to it
    /// through a [`Channel`]. Returns when the program has been reaped and `other` has
    /// returned; `other` must return once [`Channel`] calls report the program gone.
    pub fn run_two_way<T: Send>(
        &self,
        invocation: &Invocation,
        limits: &Limits,
        other: impl FnOnce(&mut Channel) -> T + Send,
    ) -> Result<TwoWay<T>, RunError> {
        self.two_way(invocation, limits, other)
            .map(|(two_way, _)| two_way)
    }

    /// [`Runner::run_two_way`], and when the program was found to have exited.
    fn two_way<T: Send>(
        &self,
        invocation: &Invocation,
        limits: &Limits,
        other: impl FnOnce(&mut Channel) -> T + Send,
    ) -> Result<(TwoWay<T>, Instant), RunError> {
        let (in_read, in_write) = pipe()?;
        let (out_read, out_write) = pipe()?;
        let (err_read, err_write) = pipe()?;
        for fd in [&in_write, &out_write] {
            enlarge(fd);
        }
        set_nonblocking(&in_write);
        set_nonblocking(&out_read);
        let (ended, stop) = (eventfd()?, eventfd()?);
        let start = Instant::now();
        let launched = self.start(invocation, limits, [in_read, out_write, err_write])?;
        let mut channel = Channel {
            to: Some(in_write),
            from: Some(out_read),
            ended: ended.as_raw_fd(),
            ended_seen: false,
            stop: stop.as_raw_fd(),
            pending: Vec::new(),
            scratch: vec![0; READ_BYTES],
            output: Bounded::new(OUTPUT_KEPT),
            transcript: Transcript::default(),
        };
        std::thread::scope(|scope| {
            let talker = scope.spawn(move || {
                let value = other(&mut channel);
                (value, channel)
            });
            let watched = watch(
                launched,
                None,
                err_read,
                limits,
                start,
                Some(stop.as_raw_fd()),
            );
            signal(ended.as_raw_fd());
            let (other, channel) = match talker.join() {
                Ok(joined) => joined,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            let mut run = watched?.into_run(invocation, limits);
            run.stdout = channel.output.into_bytes();
            let exited = start + run.wall_time;
            let two_way = TwoWay {
                run,
                other,
                transcript: channel.transcript,
            };
            Ok((two_way, exited))
        })
    }

    /// Runs `invocation` under `limits` against the program `interactor` under
    /// `interactor_limits`: each one's standard output is relayed to the other's standard
    /// input. Returns both runs once both have been reaped; the program is killed as soon as
    /// the interactor has ended if `stop_program(interactor's run)` says so.
    ///
    /// As with problemtools' `interactive`: the program's input ends when the interactor's
    /// output does, the interactor's when the program's does, and once the interactor has
    /// exited nobody reads the program any more (a write then is `EPIPE`, or `SIGPIPE` by
    /// default). Which of the two exited first is reported.
    pub fn run_against(
        &self,
        invocation: &Invocation,
        limits: &Limits,
        interactor: &Invocation,
        interactor_limits: &Limits,
        stop_program: impl Fn(&Run) -> bool + Sync,
    ) -> Result<TwoWay<InteractorRun>, RunError> {
        let (to_read, to_write) = pipe()?;
        let (from_read, from_write) = pipe()?;
        let (err_read, err_write) = pipe()?;
        for fd in [&to_write, &from_write] {
            enlarge(fd);
        }
        set_nonblocking(&to_write);
        set_nonblocking(&from_read);
        let start = Instant::now();
        let launched = self.start(
            interactor,
            interactor_limits,
            [to_read, from_write, err_write],
        )?;
        std::thread::scope(|scope| {
            let watcher = scope.spawn(move || {
                watch(launched, None, err_read, interactor_limits, start, None)
                    .map(|watched| watched.into_run(interactor, interactor_limits))
            });
            let (two_way, program_exited) = self.two_way(invocation, limits, |channel| {
                let output_ended = relay(channel, to_write, from_read);
                let joined = match watcher.join() {
                    Ok(joined) => joined,
                    Err(panic) => std::panic::resume_unwind(panic),
                };
                // The interactor is gone: the program's further words reach nobody.
                channel.from = None;
                if joined.as_ref().is_ok_and(&stop_program) {
                    channel.stop_program();
                }
                (joined, output_ended)
            })?;
            let (run, (output_ended, interactor_output_ended)) = two_way.other;
            let run = run?;
            // The program ended when it exited or, if that was earlier, when its output ended:
            // the interactor reads end of file only after the relay has seen it, so one that
            // ended because the program did is never taken for the first, however late the
            // threads that watch them notice. Likewise the interactor ended when it exited or,
            // if that was earlier, when the relay saw its output end: the program reads end of
            // file only after that, so a program that ended because the interactor did (it
            // rejected, and the program then failed on end of file) is never taken for the
            // first, however late the interactor's watcher noticed its exit.
            let program_ended = output_ended.map_or(program_exited, |t| t.min(program_exited));
            let interactor_ended = (start + run.wall_time).min(interactor_output_ended);
            let ended_first = interactor_ended < program_ended;
            Ok(TwoWay {
                run: two_way.run,
                other: InteractorRun { run, ended_first },
                transcript: two_way.transcript,
            })
        })
    }
}

/// The interactor's side of [`Runner::run_against`].
#[derive(Debug)]
pub struct InteractorRun {
    pub run: Run,
    /// Whether it exited before the program (so that it decided on what it had seen, not on
    /// the program's end).
    pub ended_first: bool,
}

/// Relays bytes between the program (`channel`) and an interactor (its input `to`, its output
/// `from`) until the interactor's output has ended and its input is closed: it no longer
/// reads, or the program has ended and all it wrote has been delivered. Returns when the
/// program's output was seen to end, if it did, and when the interactor's was.
///
/// End of file travels as in bt: the interactor's end of output reaches the program at once
/// (an interactor may write everything, close its output, then read the answer), the
/// program's reaches the interactor only once the program has ended (one that closes its
/// output and runs on is judged when it ends, or at its time limit, as bt and problemtools
/// judge it: neither passes the end of a program's output on while it runs).
fn relay(channel: &mut Channel, to: OwnedFd, from: OwnedFd) -> (Option<Instant>, Instant) {
    let (mut to, mut from) = (Some(to), Some(from));
    let mut output_ended = None;
    let mut interactor_output_ended = None;
    let mut for_interactor: Vec<u8> = Vec::new();
    let mut buffer = vec![0u8; 64 << 10];
    loop {
        if channel.from.is_none() {
            output_ended.get_or_insert_with(Instant::now);
            // The program has ended and all it said was delivered: the interactor reads end
            // of file.
            if channel.ended_seen && channel.pending.is_empty() && for_interactor.is_empty() {
                to = None;
            }
        }
        if from.is_none() && interactor_output_ended.is_none() {
            // The interactor has spoken its last: the program reads end of file. The time is
            // taken before the program's input is closed: once it is, the program may read
            // end of file, fail and be seen to exit before this thread runs again (on a
            // loaded machine it did, and a program that failed because the interactor had
            // rejected it was taken for the first to end: RE instead of WA).
            interactor_output_ended = Some(Instant::now());
            channel.close_output();
        }
        if let (None, Some(ended)) = (&to, interactor_output_ended) {
            return (output_ended, ended);
        }
        if to.as_ref().is_some_and(reader_gone) {
            // The interactor no longer reads (it exited, or closed its input): what the
            // program says next reaches nobody.
            to = None;
            for_interactor.clear();
            continue;
        }
        for_interactor.append(&mut channel.pending);
        let mut fds = Vec::with_capacity(4);
        let want_program = channel.from.is_some() && for_interactor.len() < RELAY_BUFFER;
        if let (true, Some(fd)) = (want_program, &channel.from) {
            fds.push(poll_fd(fd.as_raw_fd(), libc::POLLIN));
        }
        if let Some(fd) = &to {
            // Polled even with nothing to write: its reader going away wakes the relay.
            let events = if for_interactor.is_empty() {
                0
            } else {
                libc::POLLOUT
            };
            fds.push(poll_fd(fd.as_raw_fd(), events));
        }
        if let Some(fd) = &from {
            fds.push(poll_fd(fd.as_raw_fd(), libc::POLLIN));
        }
        if !channel.ended_seen {
            fds.push(poll_fd(channel.ended, libc::POLLIN));
        }
        // SAFETY: poll on an array we own; the timeout only guards against a lost wake-up.
        unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, 1000) };
        if readable(channel.ended) {
            channel.ended_seen = true;
        }

        if channel.try_read() == Some(0) && channel.ended_seen {
            // Drained after the program was reaped: whoever still holds it is not the program.
            channel.from = None;
        }
        for_interactor.append(&mut channel.pending);
        if let Some(fd) = &to {
            match write_some(fd, &for_interactor) {
                Some(n) => {
                    for_interactor.drain(..n);
                }
                None => {
                    to = None;
                    for_interactor.clear();
                }
            }
        } else {
            for_interactor.clear();
        }
        if let Some(fd) = &from {
            match read_some(fd, &mut buffer) {
                Some(0) => {}
                Some(n) => {
                    if channel.send(&buffer[..n]).is_err() {
                        // The program no longer reads; the interactor's further words are
                        // read and dropped until it ends.
                    }
                }
                None => from = None,
            }
        }
    }
}

/// A non-blocking read: `Some(n)` bytes (0: none yet), `None` at end of file or on an error.
fn read_some(fd: &OwnedFd, buffer: &mut [u8]) -> Option<usize> {
    loop {
        // SAFETY: reading into a buffer we own from our descriptor.
        let n = unsafe { libc::read(fd.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) };
        if n > 0 {
            return Some(n as usize);
        }
        if n == 0 {
            return None;
        }
        match std::io::Error::last_os_error().kind() {
            std::io::ErrorKind::Interrupted => continue,
            std::io::ErrorKind::WouldBlock => return Some(0),
            _ => return None,
        }
    }
}

/// A non-blocking write: `Some(n)` bytes taken (0 while the pipe is full), `None` once the
/// reader is gone.
fn write_some(fd: &OwnedFd, bytes: &[u8]) -> Option<usize> {
    if bytes.is_empty() {
        return Some(0);
    }
    loop {
        // SAFETY: writing from a slice we hold to our descriptor (SIGPIPE is ignored).
        let n = unsafe { libc::write(fd.as_raw_fd(), bytes.as_ptr().cast(), bytes.len()) };
        if n >= 0 {
            return Some(n as usize);
        }
        match std::io::Error::last_os_error().kind() {
            std::io::ErrorKind::Interrupted => continue,
            std::io::ErrorKind::WouldBlock => return Some(0),
            _ => return None,
        }
    }
}

/// Whether nobody reads the pipe whose write end is `fd` any more (`poll` says `POLLERR` for
/// the write end of a pipe without readers).
fn reader_gone(fd: &OwnedFd) -> bool {
    let mut poll = poll_fd(fd.as_raw_fd(), 0);
    // SAFETY: a zero-timeout poll on one descriptor we own.
    unsafe { libc::poll(&mut poll, 1, 0) == 1 && poll.revents & libc::POLLERR != 0 }
}

fn poll_fd(fd: RawFd, events: libc::c_short) -> libc::pollfd {
    libc::pollfd {
        fd,
        events,
        revents: 0,
    }
}

/// Asks the kernel for a pipe of [`PIPE_BYTES`]; a smaller one still works, only slower.
fn enlarge(fd: &OwnedFd) {
    // SAFETY: fcntl on our own descriptor; failure leaves the pipe as it was.
    unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_SETPIPE_SZ, PIPE_BYTES) };
}

/// A non-blocking, close-on-exec eventfd: readable once signalled, and it stays so.
fn eventfd() -> Result<OwnedFd, RunError> {
    // SAFETY: eventfd returns a new descriptor or -1.
    let fd = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC | libc::EFD_NONBLOCK) };
    if fd < 0 {
        return Err(RunError::io(
            "cannot create an eventfd",
            std::io::Error::last_os_error(),
        ));
    }
    // SAFETY: a fresh descriptor owned by nobody else.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

fn signal(eventfd: RawFd) {
    let one: u64 = 1;
    // SAFETY: writing 8 bytes from a local to an eventfd.
    unsafe { libc::write(eventfd, (&one as *const u64).cast(), 8) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcripts_keep_both_ends_and_cut_long_lines() {
        let mut transcript = Transcript::default();
        for i in 0..500 {
            transcript.record(Speaker::Judge, format!("{i}\n").as_bytes());
            transcript.record(Speaker::Program, b"ok");
            transcript.record(Speaker::Program, b"\n");
        }
        transcript.record(Speaker::Program, &[b'x'; 10_000]);
        let lines = transcript.lines();
        assert_eq!(
            transcript.skipped(),
            1000 - Transcript::HEAD - Transcript::TAIL
        );
        assert_eq!(lines[0], Some((Speaker::Judge, &b"0"[..])));
        assert_eq!(lines[1], Some((Speaker::Program, &b"ok"[..])));
        assert_eq!(lines[Transcript::HEAD], None);
        assert_eq!(lines[lines.len() - 2], Some((Speaker::Program, &b"ok"[..])));
        let last = lines
            .last()
            .copied()
            .flatten()
            .expect("the unfinished line");
        assert_eq!(last.1.len(), Transcript::WIDTH + 1);
    }
}
