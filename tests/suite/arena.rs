//! An attack's arena: a temporary folder with the nim test every attack program answers
//! ("second" when the sandbox stopped it, "first" when it got through), the attack's C source
//! and a compile cache of its own, judged by the real binary (`stonejudge judge nim --tests
//! DIR -- attack.c`). Shared by the suite's `jail` and `tests/tools`' `jail_root`.

use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;
use std::process::{Command, Output};

/// The two modes every attack is judged under.
pub const MODES: [&str; 2] = ["auto", "strict"];

/// A folder with the nim test every attack answers (`tests/01.in`, `tests/01.ans`), the attack's
/// source and a compile cache of its own.
pub struct Arena {
    pub dir: tempfile::TempDir,
}

/// What one judge of an attack gave.
pub struct Judged {
    pub output: Output,
    pub report: serde_json::Value,
}

impl Judged {
    pub fn verdict(&self) -> &str {
        self.report["tests"][0]["verdict"]
            .as_str()
            .unwrap_or("none")
    }

    pub fn message(&self) -> String {
        let test = &self.report["tests"][0];
        format!(
            "{} | stderr: {} | {}",
            test["message"].as_str().unwrap_or(""),
            test["stderr"].as_str().unwrap_or(""),
            String::from_utf8_lossy(&self.output.stderr)
        )
    }
}

impl Arena {
    /// The arena, with the attack's C source.
    pub fn new(source: &str) -> Arena {
        let arena = Arena {
            dir: tempfile::tempdir().expect("tempdir"),
        };
        std::fs::create_dir(arena.tests()).expect("mkdir");
        std::fs::write(arena.input(), "1\n2\n3 3\n").expect("write");
        std::fs::write(arena.tests().join("01.ans"), "second\n").expect("write");
        std::fs::write(arena.source(), source).expect("write");
        arena
    }

    pub fn tests(&self) -> PathBuf {
        self.dir.path().join("tests")
    }

    pub fn input(&self) -> PathBuf {
        self.tests().join("01.in")
    }

    pub fn source(&self) -> PathBuf {
        self.dir.path().join("attack.c")
    }

    pub fn cache(&self) -> PathBuf {
        self.dir.path().join("cache")
    }

    /// `stonejudge judge nim --tests TESTS --sandbox SANDBOX FLAGS -- attack.c ARGS`, with
    /// `env` set.
    pub fn judge(
        &self,
        sandbox: &str,
        flags: &[&str],
        args: &[&str],
        env: &[(&str, &str)],
    ) -> Judged {
        let report = self.dir.path().join(format!("report-{sandbox}.json"));
        let _ = std::fs::remove_file(&report);
        let output = Command::new(env!("CARGO_BIN_EXE_stonejudge"))
            .args(["judge", "nim", "--tests"])
            .arg(self.tests())
            .args(["--sandbox", sandbox, "--json"])
            .arg(&report)
            .args(flags)
            .arg("--")
            .arg(self.source())
            .args(args)
            .envs(env.iter().copied())
            .env("STONEJUDGE_CACHE", self.cache())
            .current_dir(self.dir.path())
            .output()
            .expect("run stonejudge");
        let report = std::fs::read(&report)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_else(|| {
                panic!(
                    "{sandbox}: no report: {}",
                    String::from_utf8_lossy(&output.stderr)
                )
            });
        Judged { output, report }
    }

    /// The attack under each mode must be stopped: AC.
    pub fn stopped(&self, args: &[&str]) -> Vec<Judged> {
        MODES
            .iter()
            .map(|sandbox| {
                let judged = self.judge(sandbox, &[], args, &[]);
                assert_eq!(judged.verdict(), "AC", "{sandbox}: {}", judged.message());
                judged
            })
            .collect()
    }

    /// Each cached program (the attack's binary): its mode and bytes.
    pub fn cached(&self) -> Vec<(PathBuf, u32, Vec<u8>)> {
        let mut found: Vec<(PathBuf, u32, Vec<u8>)> = std::fs::read_dir(self.cache())
            .expect("the cache")
            .flatten()
            .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_file()))
            .map(|entry| {
                let mode = entry.metadata().expect("metadata").mode() & 0o7777;
                let bytes = std::fs::read(entry.path()).expect("read");
                (entry.path(), mode, bytes)
            })
            .collect();
        found.sort();
        found
    }
}
