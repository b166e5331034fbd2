//! Our own problems validated through the steps every format shares
//! (`stonejudge::verify::validation`), through the real binary: `validate` of a problem with
//! the catalog's built-in validator stops at the first error of a huge input, at its line and
//! column, without reading the input to its end; `validate` of a problem with a `[programs]`
//! validator names each rejected file (or standard input) once and passes valid ones in
//! silence; and an `[[invalid]]` input the validator accepts fails `verify`'s `invalid inputs`
//! check at the entry's `problem.toml:line:col`.

use std::ffi::CString;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use assert_cmd::Command;

use super::package_cli::{text, verify};
use super::programs_archive;
use super::validation_once::{check, stripes_archive};

/// Bytes written after the bad line: far beyond the 4 MiB `validate` reads before it looks.
const FLOOD: usize = 256 << 20;

#[test]
fn a_huge_input_is_rejected_at_its_first_error_without_being_read_to_its_end() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fifo = dir.path().join("huge.in");
    let path = CString::new(fifo.as_os_str().as_bytes()).expect("no NUL");
    // SAFETY: mkfifo reads the NUL-terminated path and nothing else.
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0, "mkfifo");
    // The writer offers a bad third line, then FLOOD bytes; it learns how many were taken
    // when the reader closes the pipe (EPIPE: Rust ignores SIGPIPE, so write fails instead).
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut pipe = std::fs::OpenOptions::new()
                .write(true)
                .open(&fifo)
                .expect("open the FIFO for writing");
            let mut written = 0;
            let chunk = vec![b'7'; 1 << 20];
            if pipe.write_all(b"2\n3\n3 3 x\n").is_err() {
                return written;
            }
            while written < FLOOD && pipe.write_all(&chunk).is_ok() {
                written += chunk.len();
            }
            written
        })
    };
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["validate", "nim"])
        .arg(&fifo)
        .output()
        .expect("run validate");
    // Should validate never have opened the FIFO, the writer is let go: a reader opened and
    // closed at once ends its wait in open(), and with no reader left its writes fail (a
    // reader kept open would leave it blocked in a write once the pipe is full).
    drop(
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo)
            .expect("open the FIFO"),
    );
    let written = writer.join().expect("writer");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!("{}:3:5: ", fifo.display())),
        "{stderr}"
    );
    assert!(
        written < FLOOD,
        "validate read all {written} bytes of the flood after the error"
    );
}

/// `validate PROBLEM ARGS...` of the program-backed problem in `root`, with `stdin`: the exit
/// code and standard error.
fn validate_program_backed(root: &Path, args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let folder = programs_archive::problem_dir(root);
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .current_dir(root)
        .env("STONEJUDGE_CACHE", programs_archive::cache())
        .arg("validate")
        .arg(&folder)
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("run validate");
    (output.status.code(), text(&output.stderr))
}

#[test]
fn a_programs_validator_names_each_rejected_file_once_and_passes_valid_ones_in_silence() {
    let root = programs_archive::archive();
    std::fs::write(root.path().join("good.in"), "2\n1\n7\n").expect("write");
    std::fs::write(root.path().join("zero.in"), "1\n007\n").expect("write");
    let (code, stderr) = validate_program_backed(root.path(), &["good.in"], "");
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    let (code, stderr) = validate_program_backed(root.path(), &["good.in", "zero.in"], "");
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("zero.in: rejected by the validator validate.cpp (exit code 1): ")
            && stderr.contains("leading zero"),
        "{stderr}"
    );
    // Standard input, when no file is given, or as `-`.
    for args in [&[][..], &["-"][..]] {
        let (code, stderr) = validate_program_backed(root.path(), args, "1\n01\n");
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("<stdin>: rejected by the validator validate.cpp"),
            "{args:?}: {stderr}"
        );
    }
    let (code, stderr) = validate_program_backed(root.path(), &["-"], "1\n1\n");
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    // A file that is not there is a usage error, before any validator runs.
    let (code, stderr) = validate_program_backed(root.path(), &["good.in", "gone.in"], "");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("cannot read gone.in"), "{stderr}");
}

#[test]
fn an_invalid_input_the_validator_accepts_fails_verify_at_its_entry() {
    let root = stripes_archive();
    let manifest = root.path().join("problems/stripes/problem.toml");
    let original = std::fs::read_to_string(&manifest).expect("read");
    // `first` listed as invalid, then an input the validator rejects (a stripe of length 0).
    let listing = |first: &str| {
        format!("{original}\n[[invalid]]\ninput = \"{first}\"\n\n[[invalid]]\ninput = \"0 5 1\\n1\\n1\\n\"\n")
    };
    let line = original.lines().count() + 2;
    // A valid input.
    let toml = listing("1 5 1\\n3\\n1\\n5\\n6\\n");
    assert_eq!(toml.lines().nth(line - 1), Some("[[invalid]]"));
    std::fs::write(&manifest, &toml).expect("write");
    // Items: registry, stripes.
    let args = ["--root", ".", "--partition", "2/9"];
    let (output, document) = verify(root.path(), &args);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let (passed, ok, detail) = check(&document, "stripes", "invalid inputs");
    assert!(!passed && !ok, "{detail}");
    let wrong: Vec<&str> = detail.lines().skip(1).collect();
    assert_eq!(wrong.len(), 1, "{detail}");
    assert!(
        wrong[0].ends_with(&format!(
            "problems/stripes/problem.toml:{line}:1: every validator accepts it"
        )),
        "{detail}"
    );
    // The plan's own checks do not see it: its tests are still made again, the same.
    let (_, ok, detail) = check(&document, "stripes", "testdata");
    assert!(ok, "{detail}");
    // Made invalid (a board of length 0), it is rejected, and so passes.
    let toml = listing("1 5 1\\n3\\n1\\n0\\n6\\n");
    std::fs::write(&manifest, toml).expect("write");
    let (output, document) = verify(root.path(), &args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    let (_, ok, detail) = check(&document, "stripes", "invalid inputs");
    assert!(ok, "{detail}");
    assert_eq!(detail, "2 invalid inputs rejected by 1 validators");
}
