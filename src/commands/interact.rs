//! `stonejudge interact`: our perfect judge for other systems. It plays one test of an
//! interactive problem with a program connected to its standard input and output, as a Kattis
//! interactive output validator does (`PROBLEM INPUT ANSWER FEEDBACK_DIR`, the program's output
//! on our standard input, its input on our standard output): exit 42 if the program won every
//! game, 43 otherwise, the reason in `FEEDBACK_DIR/judgemessage.txt`. A problem that is not
//! interactive, or an input that does not validate, is the judge's own failure (exit 2).

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::FromRawFd;
use std::path::Path;

use anyhow::{bail, Context};

use super::CommandOutcome;
use crate::cli::InteractArgs;
use stonejudge::catalog;
use stonejudge::dialog::{Dialog, Gone, Refereed, Unheard, MAX_LINE};

/// Kattis' exit codes.
const ACCEPTED: u8 = 42;
const REJECTED: u8 = 43;

pub fn run(args: &InteractArgs) -> anyhow::Result<CommandOutcome> {
    let problem = catalog::resolve(&args.problem, Path::new("."))?;
    let Some(referee) = problem.referee() else {
        bail!(
            "{} is not interactive: its outputs are checked with `stonejudge check`",
            problem.name()
        );
    };
    let input = std::fs::read(&args.input)
        .with_context(|| format!("cannot read {}", args.input.display()))?;
    let refereed = referee
        .referee(&input, &mut Stdio::new())
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("{}", args.input.display()))?;
    let (code, message) = match refereed {
        Refereed::Won(summary) => (ACCEPTED, summary),
        Refereed::Rejected(why) => (REJECTED, why),
        Refereed::Cut { at } => (
            REJECTED,
            format!("the program ended before the games were over ({at})"),
        ),
    };
    match &args.feedback_dir {
        Some(dir) => {
            let path = dir.join("judgemessage.txt");
            std::fs::write(&path, format!("{message}\n"))
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        None => errln!("{message}"),
    }
    Ok(CommandOutcome::Protocol(code))
}

/// The conversation over our own standard streams: the program reads our standard output and
/// writes our standard input.
struct Stdio {
    /// Our standard output, closed at the end so that the program reads end of file.
    to: Option<File>,
    from: BufReader<std::io::Stdin>,
}

impl Stdio {
    fn new() -> Stdio {
        // SAFETY: descriptor 1 is our standard output; nothing else in this command writes
        // to it, and it is closed exactly once, when this File is dropped.
        let to = unsafe { File::from_raw_fd(1) };
        Stdio {
            to: Some(to),
            from: BufReader::new(std::io::stdin()),
        }
    }
}

impl Dialog for Stdio {
    fn send(&mut self, line: &str) -> Result<(), Gone> {
        let to = self.to.as_mut().ok_or(Gone)?;
        // One write per line: no buffering to forget to flush.
        to.write_all(format!("{line}\n").as_bytes())
            .map_err(|_| Gone)
    }

    fn receive(&mut self) -> Result<Vec<u8>, Unheard> {
        let mut line = Vec::new();
        let mut limited = (&mut self.from).take(MAX_LINE as u64 + 1);
        match limited.read_until(b'\n', &mut line) {
            Ok(_) if line.last() == Some(&b'\n') => {
                line.pop();
                Ok(line)
            }
            Ok(_) if line.len() > MAX_LINE => Err(Unheard::TooLong(line[..MAX_LINE].to_vec())),
            Ok(_) | Err(_) => Err(Unheard::Ended(line)),
        }
    }

    fn finish(&mut self) -> Vec<u8> {
        self.to = None;
        let mut rest = Vec::new();
        let mut sink = [0u8; 1 << 16];
        while let Ok(n) = self.from.read(&mut sink) {
            if n == 0 {
                break;
            }
            let room = MAX_LINE.saturating_sub(rest.len());
            rest.extend_from_slice(&sink[..n.min(room)]);
        }
        rest
    }
}
