//! Signs that the sandbox refused something a program tried: a file outside what it may open,
//! a socket, a process past the limit, a system call of the filter's. The kernel tells the
//! program (an `errno`), not the judge, so the signs are what the program showed of it: the
//! text of its standard error (every C library and runtime prints `strerror`'s words) and a
//! `SIGSYS` death. A verdict that is not AC carries the sentence, so that a setter whose
//! solution opens a file sees why it failed, and which flag lets it.

use super::outcome::Exit;
use super::sandbox::{Protections, Sandbox};
use super::Run;

/// What a program's failure says of a refusal by the sandbox, as a sentence naming the flag
/// that allows it, or `None` when there is no sign of one (or nothing was confined).
pub fn sandbox_refusal(run: &Run, protections: &Protections) -> Option<String> {
    if protections.mode == Sandbox::Off {
        return None;
    }
    if run.exit == Exit::Signal(libc::SIGSYS) {
        return Some(format!(
            "the sandbox's system-call filter killed the program (SIGSYS); {ALLOW}"
        ));
    }
    let stderr = String::from_utf8_lossy(&run.stderr);
    SIGNS
        .iter()
        .filter(|sign| (sign.in_force)(protections))
        .find_map(|sign| {
            let said = sign.words.iter().find(|words| stderr.contains(*words))?;
            Some(format!(
                "the sandbox likely refused {} (standard error says \"{said}\"): {}; {ALLOW}",
                sign.what, sign.rule
            ))
        })
}

/// How the sentence ends: the flag that runs programs unconfined.
const ALLOW: &str = "`--sandbox off` allows it";

/// One kind of refusal: the protection that makes it, what was refused and by which rule,
/// and the words a program's standard error shows of it.
struct Sign {
    in_force: fn(&Protections) -> bool,
    what: &'static str,
    rule: &'static str,
    words: &'static [&'static str],
}

/// The kinds of refusal, most specific first (a refused socket says "Operation not
/// permitted" too, but a network error says more).
const SIGNS: [Sign; 6] = [
    Sign {
        in_force: |p| p.network.is_some(),
        what: "a network connection",
        rule: "confined programs have no network",
        words: &[
            "Network is unreachable",
            "Address family not supported",
            "Cannot assign requested address",
            "Temporary failure in name resolution",
            "Name or service not known",
        ],
    },
    Sign {
        in_force: |p| p.process_limit.is_some(),
        what: "a new process (EAGAIN)",
        rule: "confined programs have a limit on their processes and threads",
        words: &["Resource temporarily unavailable", "BlockingIOError"],
    },
    Sign {
        in_force: |p| p.files.is_some() || p.file_system.is_some(),
        what: "a file (EACCES, EROFS)",
        rule: "confined programs read only the system's directories, their own files and what \
               the judge gives them, and write or change only their scratch directory",
        words: &[
            "Permission denied",
            "PermissionDenied",
            "Read-only file system",
        ],
    },
    Sign {
        in_force: |p| p.file_system.is_some(),
        what: "a file (ENOENT)",
        rule: "confined programs see only the system's directories, their own files and what \
               the judge gives them",
        words: &["No such file or directory", "FileNotFoundError"],
    },
    Sign {
        in_force: |p| p.file_system.is_some(),
        what: "more files (ENOSPC)",
        rule: "the files in a confined program's scratch directory take at most the run's \
               file-size limit, together",
        words: &["No space left on device"],
    },
    Sign {
        in_force: |p| p.network.is_some() || p.privileges.is_some(),
        what: "a system call (EPERM)",
        rule: "sockets (but connected pairs), new namespaces, mounts, ptrace and the like are \
               refused (docs/judging.md lists them)",
        words: &["Operation not permitted"],
    },
];

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::run::Limits;

    fn failed(exit: Exit, stderr: &str) -> Run {
        Run::ended(
            exit,
            stderr.as_bytes(),
            Limits::new(Duration::from_secs(1), 1 << 28),
        )
    }

    fn confined() -> Protections {
        Protections::from_bits(Sandbox::Auto, u32::MAX, Vec::new())
    }

    #[test]
    fn each_sign_names_what_was_refused_and_the_flag() {
        let said = |stderr: &str| sandbox_refusal(&failed(Exit::Code(1), stderr), &confined());
        let file = said("PermissionError: [Errno 13] Permission denied: '/etc/shadow'").unwrap();
        assert!(
            file.contains("a file") && file.contains("--sandbox off"),
            "{file}"
        );
        let net = said("OSError: [Errno 101] Network is unreachable").unwrap();
        assert!(net.contains("network"), "{net}");
        let fork = said("fork: Resource temporarily unavailable").unwrap();
        assert!(fork.contains("new process"), "{fork}");
        let call = said("socket: Operation not permitted").unwrap();
        assert!(call.contains("system call"), "{call}");
        let hidden = said("open: No such file or directory").unwrap();
        assert!(hidden.contains("see only"), "{hidden}");
        let full = said("write: No space left on device").unwrap();
        assert!(full.contains("scratch directory"), "{full}");
        assert_eq!(said("assertion failed"), None);
        let sigsys = sandbox_refusal(&failed(Exit::Signal(libc::SIGSYS), ""), &confined());
        assert!(sigsys.unwrap().contains("SIGSYS"));
    }

    #[test]
    fn nothing_is_said_without_a_sandbox() {
        let run = failed(Exit::Code(1), "Permission denied");
        assert_eq!(sandbox_refusal(&run, &Protections::off()), None);
    }
}
