//! The jail where what it does needs root or a memory cgroup, on the real binary (the attacks
//! themselves are the suite's `jail`). As root: programs run as a user and group of their own,
//! not root and with no supplementary group, under `auto` and `strict`; the cached binary is
//! the judge's (owned by root, mode `0555`); nothing a run leaves belongs to a program's user.
//! With a memory cgroup: memory a program keeps where no address space shows it (a memory
//! file, its scratch directory's files) counts in its peak and against its limit: MLE. Where
//! the judge is not root or no cgroup can be made, the tests are reported as ignored with the
//! reason printed.

use std::os::unix::fs::MetadataExt;

use libtest_mimic::Trial;

use crate::arena::{Arena, MODES};

/// The first uid of confined programs (`run::identity::FIRST_ID`).
const FIRST_ID: u32 = 0x7800_0000;

/// Why the judge does not switch users here, if it does not.
fn not_root() -> Option<String> {
    // SAFETY: geteuid cannot fail.
    let euid = unsafe { libc::geteuid() };
    (euid != 0).then(|| {
        format!("stonejudge runs programs as a user of their own only as root (uid {euid} here)")
    })
}

pub fn trials() -> Vec<Trial> {
    let no_cgroup = crate::memory_cgroup::unavailable().map(str::to_string);
    vec![
        crate::where_possible(
            "jail_root::programs_run_as_a_user_that_owns_nothing".into(),
            not_root(),
            programs_run_as_a_user_that_owns_nothing,
        ),
        crate::where_possible(
            "jail_root::a_judge_that_is_not_root_confines_under_both_modes".into(),
            not_root().or_else(no_setpriv),
            a_judge_that_is_not_root_confines_under_both_modes,
        ),
        crate::where_possible(
            "jail_root::memory_kept_outside_the_address_space_is_mle".into(),
            no_cgroup,
            memory_kept_outside_the_address_space_is_mle,
        ),
    ]
}

/// Why the judge cannot be started as another user here, if it cannot.
fn no_setpriv() -> Option<String> {
    let found = std::process::Command::new("setpriv")
        .arg("--version")
        .output();
    (!found.is_ok_and(|o| o.status.success()))
        .then(|| "setpriv (util-linux) is not installed: no judge can be started as nobody".into())
}

/// The uid and gid of `nobody`, as Debian numbers them.
const NOBODY: &str = "65534";

/// The judge started as `nobody` (where it makes a user namespace of its own for each launch
/// server, and binds what the namespace may only bind with what is mounted beneath it):
/// under `auto` and `strict` a program runs, confined, and is judged (AC), never a judge
/// error because the root could not be made.
fn a_judge_that_is_not_root_confines_under_both_modes() {
    let arena = Arena::new("#include <stdio.h>\nint main(void) { puts(\"second\"); return 0; }\n");
    for entry in walkdir::WalkDir::new(arena.dir.path())
        .into_iter()
        .flatten()
    {
        let mode = if entry.file_type().is_dir() {
            0o777
        } else {
            0o666
        };
        std::fs::set_permissions(
            entry.path(),
            std::os::unix::fs::PermissionsExt::from_mode(mode),
        )
        .expect("chmod");
    }
    for sandbox in MODES {
        let output = std::process::Command::new("setpriv")
            .args(["--reuid", NOBODY, "--regid", NOBODY, "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_stonejudge"))
            .args(["judge", "nim", "--tests"])
            .arg(arena.tests())
            .args(["--sandbox", sandbox, "--"])
            .arg(arena.source())
            .env("STONEJUDGE_CACHE", arena.cache())
            .env("HOME", arena.dir.path())
            .env("TMPDIR", arena.dir.path())
            .current_dir(arena.dir.path())
            .output()
            .expect("run stonejudge as nobody");
        let said = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{sandbox}: {said}");
        assert!(said.contains("all 1 tests AC"), "{sandbox}: {said}");
    }
}

const WHO_AM_I: &str = r#"
#include <stdio.h>
#include <unistd.h>
int main(void) {
    uid_t uid = getuid();
    int own = uid >= 2013265920u && geteuid() == uid && getgid() == uid && getegid() == uid;
    int groups = getgroups(0, NULL);
    fprintf(stderr, "uid %u, %d supplementary groups\n", (unsigned)uid, groups);
    puts(own && groups == 0 ? "second" : "first");
    return 0;
}
"#;

/// Under both modes the program is a user and group of their own (`FIRST_ID` + the launch
/// server's pid) with no supplementary group (root's would follow it); the cached binary is
/// root's, mode `0555`; no file the runs left in the arena (the compile cache's scratch
/// directories included) belongs to a program's user.
fn programs_run_as_a_user_that_owns_nothing() {
    let arena = Arena::new(WHO_AM_I);
    arena.stopped(&[]);
    let cached = arena.cached();
    assert_eq!(cached.len(), 1, "{cached:?}");
    let (binary, mode, _) = &cached[0];
    let owner = std::fs::metadata(binary).expect("metadata").uid();
    assert_eq!((owner, *mode), (0, 0o555), "{}", binary.display());
    let theirs: Vec<_> = walkdir::WalkDir::new(arena.dir.path())
        .into_iter()
        .flatten()
        .filter(|entry| entry.metadata().is_ok_and(|m| m.uid() >= FIRST_ID))
        .map(|entry| entry.into_path())
        .collect();
    assert!(
        theirs.is_empty(),
        "left owned by a program's user: {theirs:?}"
    );
}

const HOLD: &str = r#"
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
static char block[1 << 20];
int main(int argc, char **argv) {
    memset(block, 1, sizeof block);
    int memory_file = argc > 1 && !strcmp(argv[1], "memfd");
    int fd = memory_file ? memfd_create("held", 0) : fileno(fopen("held", "w"));
    if (fd < 0) { perror("open"); return 1; }
    for (int i = 0; i < 48; i++)
        if (write(fd, block, sizeof block) != sizeof block) { perror("write"); return 1; }
    puts("second");
    return 0;
}
"#;

/// 48 MiB in a memory file, then in a file of the scratch directory, under a 32 MiB limit and
/// the 64 MiB file-size limit: the cgroup counts both, so both are MLE with a peak at the
/// limit, under both modes.
fn memory_kept_outside_the_address_space_is_mle() {
    let arena = Arena::new(HOLD);
    for sandbox in MODES {
        for kept in ["memfd", "scratch"] {
            let judged = arena.judge(sandbox, &["--memory-limit", "32"], &[kept], &[]);
            assert_eq!(
                judged.verdict(),
                "MLE",
                "{sandbox} {kept}: {}",
                judged.message()
            );
            let peak = judged.report["tests"][0]["memory_kib"]
                .as_u64()
                .unwrap_or(0);
            assert!(peak >= 32 << 10, "{sandbox} {kept}: peak {peak} KiB");
        }
    }
}
