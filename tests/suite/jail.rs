//! The jail, attacked as issue 36's attacker did, with every protection on: real C programs
//! written into a temporary folder and judged by the real binary on the catalog's `nim`
//! (`stonejudge judge nim --tests DIR -- attack.c`), under `--sandbox auto` and `--sandbox
//! strict`. Each attack answers the test ("second") when the sandbox stopped it and "first"
//! (wrong) when it got through, so its verdict is the first check; each test then checks that
//! nothing outside changed: the test's input file (mode, times, extended attributes, bytes),
//! the cached binary (mode and bytes), the helper on a UNIX socket (it received nothing), the
//! scratch directory's size. The attacks that need root or a memory cgroup to mean anything
//! are in `tests/tools/jail_root.rs`.

use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::Command;

use super::arena::{Arena, MODES};
use super::package_cli;
use super::package_fixtures::halve_generated;

/// What can change of a file without its bytes changing: mode, owner, modification and
/// change times, extended attributes.
fn metadata_of(path: &Path) -> (u32, u32, i64, i64, i64, i64, Vec<u8>) {
    let metadata = std::fs::metadata(path).expect("metadata");
    let c_path = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("no NUL");
    let mut names = vec![0u8; 4096];
    // SAFETY: a NUL-terminated path and a buffer of the size given.
    let length =
        unsafe { libc::listxattr(c_path.as_ptr(), names.as_mut_ptr().cast(), names.len()) };
    names.truncate(length.max(0) as usize);
    (
        metadata.mode(),
        metadata.uid(),
        metadata.mtime(),
        metadata.mtime_nsec(),
        metadata.ctime(),
        metadata.ctime_nsec(),
        names,
    )
}

// --- the cached binary --------------------------------------------------------------------

const SETUID_ITSELF: &str = r#"
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void) {
    int changed = 0;
    int fd = open("/proc/self/exe", O_RDONLY);
    changed |= fd >= 0 && fchmod(fd, 04755) == 0;
    char path[4096] = {0};
    if (readlink("/proc/self/exe", path, sizeof path - 1) > 0) {
        changed |= chmod(path, 04777) == 0;
        changed |= chown(path, getuid(), getgid()) == 0;
        int writable = open(path, O_WRONLY);
        changed |= writable >= 0;
        struct timespec epoch[2] = {{0, 0}, {0, 0}};
        changed |= utimensat(AT_FDCWD, path, epoch, 0) == 0;
    }
    puts(changed ? "first" : "second");
    return 0;
}
"#;

/// `fchmod(/proc/self/exe, 04755)` and kin: refused under both modes; the cached binary keeps
/// its bytes and a mode with no set-user-id, set-group-id or write bit, from the first judge
/// (which compiled it) to the second.
#[test]
fn a_program_cannot_make_its_cached_binary_setuid() {
    let arena = Arena::new(SETUID_ITSELF);
    let first = arena.judge("auto", &[], &[], &[]);
    assert_eq!(first.verdict(), "AC", "{}", first.message());
    let before = arena.cached();
    assert_eq!(before.len(), 1, "{before:?}");
    let (_, mode, _) = &before[0];
    assert_eq!(mode & 0o7222, 0, "the cached binary's mode is {mode:o}");
    arena.stopped(&[]);
    assert_eq!(arena.cached(), before, "the cached binary changed");
}

// --- standard input -----------------------------------------------------------------------

const CHANGE_THE_INPUT: &str = r#"
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>
int main(int argc, char **argv) {
    struct timespec epoch[2] = {{0, 0}, {0, 0}};
    fchmod(0, 0);
    futimens(0, epoch);
    fsetxattr(0, "user.stonejudge", "1", 1, 0);
    fchown(0, 65534, 65534);
    ftruncate(0, 0);
    write(0, "x", 1);
    /* The jury's file by its path too, where the argument names it. */
    int reached = 0;
    if (argc > 1) {
        reached |= chmod(argv[1], 0) == 0;
        reached |= utimensat(AT_FDCWD, argv[1], epoch, 0) == 0;
        reached |= setxattr(argv[1], "user.stonejudge", "1", 1, 0) == 0;
    }
    char link[4096] = {0};
    readlink("/proc/self/fd/0", link, sizeof link - 1);
    fprintf(stderr, "standard input is %s\n", link);
    int named = argc > 2 && strstr(link, argv[2]) != NULL;
    puts(reached || named ? "first" : "second");
    return 0;
}
"#;

/// `fchmod(0, 0)`, `futimens(0, …)`, `fsetxattr(0, …)`, `ftruncate(0, 0)` on standard input,
/// and the same by the input's path: the input file keeps its mode, owner, times, attributes
/// and bytes; standard input names no path of the judge's; an honest program judged after is
/// AC (not JE "Permission denied", as when standard input was the jury's file).
#[test]
fn the_input_cannot_be_changed_and_its_path_is_hidden() {
    let arena = Arena::new(CHANGE_THE_INPUT);
    let input = arena.input();
    let before = metadata_of(&input);
    let tests = arena.tests();
    let args = [
        input.to_str().expect("UTF-8"),
        tests.to_str().expect("UTF-8"),
    ];
    arena.stopped(&args);
    assert_eq!(metadata_of(&input), before, "the input's metadata changed");
    assert_eq!(std::fs::read(&input).expect("read"), b"1\n2\n3 3\n");
    std::fs::write(
        arena.source(),
        "#include <stdio.h>\nint main(void){puts(\"second\");}\n",
    )
    .expect("write");
    let after = arena.judge("auto", &[], &[], &[]);
    assert_eq!(after.verdict(), "AC", "{}", after.message());
}

// --- sockets ------------------------------------------------------------------------------

const CONNECT: &str = r#"
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
/* Connects to the socket at PATH, or to the abstract socket NAME when it starts with '@'. */
static int reach(const char *where) {
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) return 0;
    struct sockaddr_un address = {0};
    address.sun_family = AF_UNIX;
    socklen_t length = sizeof address;
    if (where[0] == '@') {
        strncpy(address.sun_path + 1, where + 1, sizeof address.sun_path - 2);
        length = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(where + 1);
    } else {
        strncpy(address.sun_path, where, sizeof address.sun_path - 1);
    }
    int reached = connect(fd, (struct sockaddr *)&address, length) == 0;
    if (reached) write(fd, "answers?", 8);
    return reached;
}
int main(int argc, char **argv) {
    int reached = 0;
    for (int i = 1; i < argc; i++) reached |= reach(argv[i]);
    int pair[2];
    int paired = socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0;
    puts(reached || !paired ? "first" : "second");
    return 0;
}
"#;

/// A helper listening on a UNIX socket in a temporary folder, and on an abstract socket: the
/// program reaches neither (under `strict` too), and neither receives a connection; a
/// connected pair of its own still works.
#[test]
fn no_unix_socket_outside_is_reachable() {
    use std::os::linux::net::SocketAddrExt;
    use std::os::unix::net::{SocketAddr, UnixListener};
    let arena = Arena::new(CONNECT);
    let path = arena.dir.path().join("helper.sock");
    let by_path = UnixListener::bind(&path).expect("listen on a path");
    let name = format!("stonejudge-helper-{}", std::process::id());
    let abstract_address = SocketAddr::from_abstract_name(name.as_bytes()).expect("a name");
    let by_name = UnixListener::bind_addr(&abstract_address).expect("listen on a name");
    for listener in [&by_path, &by_name] {
        listener.set_nonblocking(true).expect("non-blocking");
    }
    let at_name = format!("@{name}");
    arena.stopped(&[path.to_str().expect("UTF-8"), &at_name]);
    for listener in [&by_path, &by_name] {
        match listener.accept() {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            other => panic!("the helper received a connection: {other:?}"),
        }
    }
}

// --- namespaces ---------------------------------------------------------------------------

const NAMESPACES: &str = r#"
#define _GNU_SOURCE
#include <errno.h>
#include <linux/sched.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
static void *nothing(void *arg) { return arg; }
int main(void) {
    int made = 0;
    made |= unshare(CLONE_NEWUSER) == 0;
    made |= unshare(CLONE_NEWNS) == 0;
    made |= unshare(CLONE_NEWNET) == 0;
    long child = syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
    if (child == 0) _exit(0);
    made |= child > 0;
    struct clone_args args = {0};
    args.flags = CLONE_NEWUSER;
    args.exit_signal = SIGCHLD;
    child = syscall(SYS_clone3, &args, sizeof args);
    if (child == 0) _exit(0);
    int clone3_unknown = child < 0 && errno == ENOSYS;
    made |= mount("none", ".", "tmpfs", 0, NULL) == 0;
    made |= chroot("/") == 0;
    pthread_t thread;
    int threads = pthread_create(&thread, NULL, nothing, NULL) == 0;
    if (threads) pthread_join(thread, NULL);
    pid_t forked = fork();
    if (forked == 0) _exit(0);
    if (forked > 0) waitpid(forked, NULL, 0);
    puts(!made && clone3_unknown && threads && forked > 0 ? "second" : "first");
    return 0;
}
"#;

/// `unshare(CLONE_NEWUSER)`, `clone` with a namespace flag, `clone3` (which fails with
/// `ENOSYS`, so that the C library falls back to `clone`), `mount`, `chroot`: all refused,
/// while threads and `fork` still work.
#[test]
fn no_namespace_or_mount_and_threads_still_work() {
    Arena::new(NAMESPACES).stopped(&[]);
}

// --- memory out of the address space ------------------------------------------------------

const HIDDEN_MEMORY: &str = r#"
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <unistd.h>
static char block[1 << 20];
int main(int argc, char **argv) {
    memset(block, 1, sizeof block);
    if (argc > 1 && !strcmp(argv[1], "memfd")) {
        int fd = memfd_create("hidden", 0);
        if (fd < 0) { perror("memfd_create"); return 1; }
        for (int i = 0; i < 1024; i++)
            if (write(fd, block, sizeof block) != sizeof block) { perror("write"); return 1; }
        puts("second");
        return 0;
    }
    /* System V shared memory and /dev/shm: refused outright. */
    int segment = shmget(IPC_PRIVATE, 1 << 30, IPC_CREAT | 0600);
    int shared = open("/dev/shm/stonejudge-hidden", O_CREAT | O_WRONLY, 0600);
    puts(segment >= 0 || shared >= 0 ? "first" : "second");
    return 0;
}
"#;

/// 1 GiB written into a `memfd_create` file under a 256 MiB limit: never AC. With a memory
/// cgroup the file is counted and bounded (it is a file: the file-size limit, 64 MiB, comes
/// first: OLE); without one (switched off here) `memfd_create` fails with `ENOMEM`: MLE.
/// System V shared memory and `/dev/shm` are refused under both modes.
#[test]
fn memory_outside_the_address_space_is_bounded_or_refused() {
    let arena = Arena::new(HIDDEN_MEMORY);
    for sandbox in MODES {
        let counted = arena.judge(sandbox, &[], &["memfd"], &[]);
        let cgroup = counted.report["sandbox"]["memory"].is_string();
        let expected = if cgroup { "OLE" } else { "MLE" };
        assert_eq!(
            counted.verdict(),
            expected,
            "{sandbox}: {}",
            counted.message()
        );
        let uncounted = arena.judge(
            sandbox,
            &[],
            &["memfd"],
            &[("STONEJUDGE_SANDBOX_WITHOUT", "cgroup")],
        );
        assert_eq!(
            uncounted.verdict(),
            "MLE",
            "{sandbox}: {}",
            uncounted.message()
        );
        assert!(
            uncounted.message().contains("Cannot allocate memory"),
            "{}",
            uncounted.message()
        );
    }
    arena.stopped(&["shared"]);
}

// --- files --------------------------------------------------------------------------------

const FILES: &str = r#"
#include <errno.h>
#include <stdio.h>
#include <string.h>
static char block[1 << 20];
int main(int argc, char **argv) {
    memset(block, 1, sizeof block);
    long total = 0;
    if (argc > 1 && !strcmp(argv[1], "one")) {
        FILE *file = fopen("big", "w");
        for (int i = 0; i < 2048; i++) {
            if (fwrite(block, 1, sizeof block, file) != sizeof block) break;
            total += sizeof block;
        }
        fclose(file);
        fprintf(stderr, "wrote %ld bytes\n", total);
        puts("second");
        return 0;
    }
    /* Many files, each under the limit: what fails first says how much the directory holds. */
    char name[32];
    for (int i = 0; i < 200; i++) {
        snprintf(name, sizeof name, "part-%d", i);
        FILE *file = fopen(name, "w");
        if (!file) break;
        for (int j = 0; j < 10; j++) {
            if (fwrite(block, 1, sizeof block, file) != sizeof block || fflush(file) != 0) {
                fprintf(stderr, "wrote %ld bytes: %s\n", total, strerror(errno));
                return 1;
            }
            total += sizeof block;
        }
        fclose(file);
    }
    fprintf(stderr, "wrote %ld bytes\n", total);
    puts("first");
    return 0;
}
"#;

/// 2 GiB into one file: OLE naming the file-size limit (the output limit, 64 MiB), the judge
/// unharmed. Two hundred files of 10 MiB, each under the limit: the scratch directory holds
/// 64 MiB in all, then "No space left on device", which the verdict explains.
#[test]
fn files_are_bounded_one_by_one_and_all_together() {
    let arena = Arena::new(FILES);
    for sandbox in MODES {
        let one = arena.judge(sandbox, &[], &["one"], &[]);
        assert_eq!(one.verdict(), "OLE", "{sandbox}: {}", one.message());
        assert!(
            one.message()
                .contains("the program wrote a file past the file-size limit of 64 MiB"),
            "{}",
            one.message()
        );
        let many = arena.judge(sandbox, &[], &["many"], &[]);
        assert_eq!(many.verdict(), "RE", "{sandbox}: {}", many.message());
        let said = many.message();
        assert!(
            said.contains("No space left on device") && said.contains("scratch directory"),
            "{said}"
        );
        let wrote: u64 = said
            .split("wrote ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no count in {said}"));
        assert!(
            wrote <= 64 << 20,
            "{sandbox}: the scratch directory took {wrote} bytes"
        );
    }
}

// --- what a program sees ------------------------------------------------------------------

const LOOK_AROUND: &str = r#"
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
    FILE *mounts = fopen("/proc/self/mountinfo", "r");
    char line[4096];
    int seen = 0, lines = 0;
    while (mounts && fgets(line, sizeof line, mounts)) {
        lines++;
        for (int i = 1; i < argc; i++) seen |= strstr(line, argv[i]) != NULL;
    }
    puts(seen || lines == 0 ? "first" : "second");
    return 0;
}
"#;

/// The mount table a program reads is its own root's: it names neither the test's folder nor
/// the repository, though both are mounted on this machine.
#[test]
fn the_mount_table_shows_only_the_programs_root() {
    let arena = Arena::new(LOOK_AROUND);
    let tests = arena.tests();
    arena.stopped(&[tests.to_str().expect("UTF-8"), env!("CARGO_MANIFEST_DIR")]);
}

// --- a compiler -----------------------------------------------------------------------------

/// A Perl program whose syntax check runs its `BEGIN` block (code of the user's, run by the
/// "compiler"): it tries to make a cached binary set-user-id and to write into it. Both
/// refused; the binary keeps its mode and bytes.
#[test]
fn a_compiler_cannot_change_the_cache() {
    let arena = Arena::new("#include <stdio.h>\nint main(void){puts(\"second\");}\n");
    arena.stopped(&[]);
    let before = arena.cached();
    let (binary, ..) = &before[0];
    let perl = format!(
        "BEGIN {{ chmod 04777, '{0}'; open(my $f, '>>', '{0}') and print $f 'x'; }}\n\
         print \"second\\n\";\n",
        binary.display()
    );
    let script = arena.dir.path().join("attack.pm");
    std::fs::write(&script, perl).expect("write");
    for sandbox in MODES {
        let output = Command::new(env!("CARGO_BIN_EXE_stonejudge"))
            .args(["judge", "nim", "--tests"])
            .arg(arena.tests())
            .args(["--sandbox", sandbox, "--"])
            .arg(&script)
            .env("STONEJUDGE_CACHE", arena.cache())
            .output()
            .expect("run stonejudge");
        assert!(output.status.success(), "{sandbox}: {output:?}");
    }
    assert_eq!(arena.cached(), before, "the cached binary changed");
}

// --- generators.yaml ------------------------------------------------------------------------

/// A `copy:` case outside the package is refused with the same words whether or not a file is
/// there (a package cannot probe the disk), and not as "a link", which it is not.
#[test]
fn a_copy_outside_the_package_says_so_whether_or_not_it_exists() {
    let said = |target: &str| {
        let dir = tempfile::tempdir().expect("tempdir");
        let folder = dir.path().to_str().expect("UTF-8").to_string();
        let root = halve_generated(dir.path());
        std::fs::write(dir.path().join("there.in"), "5\n").expect("write");
        let yaml = std::fs::read_to_string(root.join("generators/generators.yaml"))
            .expect("generators.yaml")
            .replace("copy: big", &format!("copy: ../../{target}"));
        std::fs::write(root.join("generators/generators.yaml"), yaml).expect("write");
        let (output, document) = package_cli::verify(dir.path(), &["halve"]);
        let detail = document.to_string().replace(&folder, "DIR");
        assert!(!output.status.success(), "{detail}");
        let at = detail
            .find("outside the package")
            .unwrap_or_else(|| panic!("{detail}"));
        let sentence: String = detail[at..].chars().take_while(|&c| c != '"').collect();
        assert!(!detail.contains("a link"), "{detail}");
        (sentence, detail.contains(target))
    };
    let (there, named) = said("there");
    let (missing, _) = said("missing");
    assert_eq!(there, missing);
    assert!(named, "the message names what the package wrote");
}
