//! The system calls a confined program may not make, each group with the reason, and the
//! seccomp filters that refuse them (built with `seccompiler`, once per launch server).
//!
//! The list is a deny list over what isolate, sio2jail, DOMjudge and Docker's default profile
//! refuse: isolate refuses keyrings, vsock sockets and `io_uring`; sio2jail allows a short list
//! of calls and kills on the rest; DOMjudge's runguard has no filter and relies on a chroot, a
//! user of its own and namespaces; Docker refuses what is not namespaced or gives a capability
//! back (module loading, clocks, keyrings, `bpf`, `perf_event_open`, `userfaultfd`, mounts, new
//! namespaces, non-default personalities), and answers `clone3` with `ENOSYS`. A program runs
//! with no capability, so most of these would fail anyway: the filter makes sure of it, and
//! closes what an unprivileged process may still do (a user namespace of its own, where it has
//! every capability; `io_uring`, which makes system calls the filter never sees; memory that
//! outlives it).
//!
//! Refused calls fail with `EPERM`, so that a program says "Operation not permitted" and the
//! verdict can name the sandbox (see [`super::refusal`]); three answer as a runtime expects:
//! `clone3` with `ENOSYS` (its flags are behind a pointer the filter cannot read, and the C
//! library then falls back to `clone`, whose flags it can), and `memfd_create` with `ENOMEM`
//! where no memory cgroup counts what a memory file holds (see [`MemoryFiles`]). Docs:
//! `docs/judging.md` lists the same groups.

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

/// The flags of `unshare` and `clone` that make a namespace.
const NAMESPACE_FLAGS: [libc::c_int; 8] = [
    libc::CLONE_NEWNS,
    libc::CLONE_NEWCGROUP,
    libc::CLONE_NEWUTS,
    libc::CLONE_NEWIPC,
    libc::CLONE_NEWUSER,
    libc::CLONE_NEWPID,
    libc::CLONE_NEWNET,
    libc::CLONE_NEWTIME,
];

/// The personalities a program may ask for (Docker's list): Linux, with the 2.6 version
/// number (`UNAME26`) or the 32-bit marker, and the query that changes nothing. The others
/// (`ADDR_NO_RANDOMIZE`, `READ_IMPLIES_EXEC`, ...) switch off defences of the kernel.
const PERSONALITIES: [u64; 5] = [0, 0x0008, 0x0002_0000, 0x0002_0008, 0xffff_ffff];

/// When a refused call is refused.
#[derive(Debug, Clone, Copy)]
enum When {
    Always,
    /// When its first argument has a namespace flag (of [`NAMESPACE_FLAGS`]).
    NamespaceFlag,
    /// As [`When::NamespaceFlag`], for `clone`, whose flags' lowest byte is the exit signal:
    /// there, the bit of `CLONE_NEWTIME` is part of the signal, not a namespace.
    CloneNamespaceFlag,
    /// When its first argument (an address family) is not `AF_UNIX`.
    NotUnix,
    /// When its first argument is not one of [`PERSONALITIES`].
    OtherPersonality,
}

/// A refused system call: its number, its name (as the docs write it), and when it is refused.
type Refusal = (i64, &'static str, When);

/// What every confined program and compiler is refused, with `EPERM`, in groups that share a
/// reason (`docs/judging.md` gives each group's).
const REFUSED: [&[Refusal]; 10] = [
    // new namespaces: in a user namespace of its own a program has every capability, and each
    // kind of namespace is more of the kernel to attack
    &[
        (libc::SYS_unshare, "unshare", When::NamespaceFlag),
        (libc::SYS_clone, "clone", When::CloneNamespaceFlag),
        (libc::SYS_setns, "setns", When::Always),
    ],
    // mounts and roots: they would change what the program sees of the files
    &[
        (libc::SYS_mount, "mount", When::Always),
        (libc::SYS_umount2, "umount2", When::Always),
        (libc::SYS_mount_setattr, "mount_setattr", When::Always),
        (libc::SYS_chroot, "chroot", When::Always),
        (libc::SYS_pivot_root, "pivot_root", When::Always),
        (libc::SYS_move_mount, "move_mount", When::Always),
        (libc::SYS_open_tree, "open_tree", When::Always),
        (libc::SYS_fsopen, "fsopen", When::Always),
        (libc::SYS_fsconfig, "fsconfig", When::Always),
        (libc::SYS_fsmount, "fsmount", When::Always),
        (libc::SYS_fspick, "fspick", When::Always),
    ],
    // other processes: reading or steering one, or taking its descriptors
    &[
        (libc::SYS_ptrace, "ptrace", When::Always),
        (libc::SYS_process_vm_readv, "process_vm_readv", When::Always),
        (
            libc::SYS_process_vm_writev,
            "process_vm_writev",
            When::Always,
        ),
        (libc::SYS_kcmp, "kcmp", When::Always),
        (libc::SYS_pidfd_getfd, "pidfd_getfd", When::Always),
    ],
    // files by handle: they open a file without its path, past the sandbox's rules on paths
    // (the way out of early Docker containers)
    &[
        (
            libc::SYS_name_to_handle_at,
            "name_to_handle_at",
            When::Always,
        ),
        (
            libc::SYS_open_by_handle_at,
            "open_by_handle_at",
            When::Always,
        ),
    ],
    // io_uring: it makes system calls, sockets included, that the filter never sees
    &[
        (libc::SYS_io_uring_setup, "io_uring_setup", When::Always),
        (libc::SYS_io_uring_enter, "io_uring_enter", When::Always),
        (
            libc::SYS_io_uring_register,
            "io_uring_register",
            When::Always,
        ),
    ],
    // sockets: no network, and no UNIX socket to reach a service outside (a container daemon,
    // D-Bus, an SSH agent, a helper with the answers); a connected pair (`socketpair` of
    // `AF_UNIX`) reaches nothing outside and stays allowed
    &[
        (libc::SYS_socket, "socket", When::Always),
        (libc::SYS_socketpair, "socketpair", When::NotUnix),
    ],
    // memory the judge cannot count or that outlives the program: System V shared memory,
    // message queues and semaphores, POSIX message queues, secret memory
    &[
        (libc::SYS_shmget, "shmget", When::Always),
        (libc::SYS_shmat, "shmat", When::Always),
        (libc::SYS_shmctl, "shmctl", When::Always),
        (libc::SYS_msgget, "msgget", When::Always),
        (libc::SYS_msgsnd, "msgsnd", When::Always),
        (libc::SYS_msgrcv, "msgrcv", When::Always),
        (libc::SYS_msgctl, "msgctl", When::Always),
        (libc::SYS_semget, "semget", When::Always),
        (libc::SYS_semop, "semop", When::Always),
        (libc::SYS_semtimedop, "semtimedop", When::Always),
        (libc::SYS_semctl, "semctl", When::Always),
        (libc::SYS_mq_open, "mq_open", When::Always),
        (libc::SYS_memfd_secret, "memfd_secret", When::Always),
    ],
    // kernel objects shared with the whole machine: keyrings (memory that outlives the run,
    // isolate's reason), BPF programs, performance counters, `userfaultfd` (it holds the kernel
    // in a page fault, a tool of exploits), file-system watches
    &[
        (libc::SYS_keyctl, "keyctl", When::Always),
        (libc::SYS_add_key, "add_key", When::Always),
        (libc::SYS_request_key, "request_key", When::Always),
        (libc::SYS_bpf, "bpf", When::Always),
        (libc::SYS_perf_event_open, "perf_event_open", When::Always),
        (libc::SYS_userfaultfd, "userfaultfd", When::Always),
        (libc::SYS_fanotify_init, "fanotify_init", When::Always),
        (libc::SYS_lookup_dcookie, "lookup_dcookie", When::Always),
    ],
    // the machine's state: clocks, modules, kexec, swap, quotas, accounting, the kernel's log,
    // host names, I/O ports, reboot (each needs a capability no program has; refused all the
    // same)
    &[
        (libc::SYS_settimeofday, "settimeofday", When::Always),
        (libc::SYS_clock_settime, "clock_settime", When::Always),
        (libc::SYS_clock_adjtime, "clock_adjtime", When::Always),
        (libc::SYS_adjtimex, "adjtimex", When::Always),
        (libc::SYS_init_module, "init_module", When::Always),
        (libc::SYS_finit_module, "finit_module", When::Always),
        (libc::SYS_delete_module, "delete_module", When::Always),
        (libc::SYS_kexec_load, "kexec_load", When::Always),
        (libc::SYS_kexec_file_load, "kexec_file_load", When::Always),
        (libc::SYS_swapon, "swapon", When::Always),
        (libc::SYS_swapoff, "swapoff", When::Always),
        (libc::SYS_quotactl, "quotactl", When::Always),
        (libc::SYS_quotactl_fd, "quotactl_fd", When::Always),
        (libc::SYS_acct, "acct", When::Always),
        (libc::SYS_syslog, "syslog", When::Always),
        (libc::SYS_sethostname, "sethostname", When::Always),
        (libc::SYS_setdomainname, "setdomainname", When::Always),
        (libc::SYS_iopl, "iopl", When::Always),
        (libc::SYS_ioperm, "ioperm", When::Always),
        (libc::SYS_vhangup, "vhangup", When::Always),
        (libc::SYS_reboot, "reboot", When::Always),
        (libc::SYS_uselib, "uselib", When::Always),
        (libc::SYS_ustat, "ustat", When::Always),
        (libc::SYS_sysfs, "sysfs", When::Always),
    ],
    // personalities other than Linux's own (Docker's list): `ADDR_NO_RANDOMIZE` and kin switch
    // off defences of the kernel
    &[(libc::SYS_personality, "personality", When::OtherPersonality)],
];

/// The calls of [`REFUSED`] the launch server makes itself after its filter is in force, to
/// give each program its private root (see [`super::private_root`]): where it does, they are
/// left out of its filter and refused to each confined program by a second, small filter
/// installed between `fork` and `execve` ([`Filters::program`]).
const SERVER_CALLS: [i64; 4] = [
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_mount_setattr,
    libc::SYS_chroot,
];

/// How `memfd_create` is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MemoryFiles {
    /// A memory cgroup charges what a memory file holds to the program: allowed.
    Counted,
    /// Nothing would count it (it is in no address space): refused with `ENOMEM`, as an
    /// allocation past the limit is, so that the run is judged out of memory.
    Uncounted,
}

/// The filters of one launch server.
pub(crate) struct Filters {
    /// For the server itself, so for everything it starts: [`REFUSED`] (less
    /// [`SERVER_CALLS`] where it keeps them), then `clone3`, then `memfd_create`.
    pub server: Vec<BpfProgram>,
    /// For each confined program, where the server keeps [`SERVER_CALLS`].
    pub program: Option<BpfProgram>,
}

/// The filters of a server that keeps [`SERVER_CALLS`] for itself or not, answering
/// `memfd_create` as `memory_files` says; or why there can be none.
pub(crate) fn filters(keeps_mounts: bool, memory_files: MemoryFiles) -> Result<Filters, String> {
    // SAFETY: prctl(PR_GET_SECCOMP) only reads this thread's mode.
    if unsafe { libc::prctl(libc::PR_GET_SECCOMP) } < 0 {
        return Err(format!(
            "not offered by this kernel ({})",
            std::io::Error::last_os_error()
        ));
    }
    refuse_x32()?;
    let kept = |call: &i64| keeps_mounts && SERVER_CALLS.contains(call);
    let mut rules = BTreeMap::new();
    for group in REFUSED {
        for (call, _, when) in group {
            if !kept(call) {
                rules.insert(*call, rules_for(*when)?);
            }
        }
    }
    let mut server = vec![filter(rules, libc::EPERM)?];
    server.push(filter(
        BTreeMap::from([(libc::SYS_clone3, Vec::new())]),
        libc::ENOSYS,
    )?);
    if memory_files == MemoryFiles::Uncounted {
        server.push(filter(
            BTreeMap::from([(libc::SYS_memfd_create, Vec::new())]),
            libc::ENOMEM,
        )?);
    }
    let program = match keeps_mounts {
        true => Some(filter(
            SERVER_CALLS
                .iter()
                .map(|&call| (call, Vec::new()))
                .collect(),
            libc::EPERM,
        )?),
        false => None,
    };
    Ok(Filters { server, program })
}

/// The rules under which a call of [`REFUSED`] is refused (none: always).
fn rules_for(when: When) -> Result<Vec<SeccompRule>, String> {
    let condition = |length, op, value: u64| {
        SeccompCondition::new(0, length, op, value).map_err(|e| e.to_string())
    };
    let rule =
        |conditions: Vec<SeccompCondition>| SeccompRule::new(conditions).map_err(|e| e.to_string());
    match when {
        When::Always => Ok(Vec::new()),
        // One rule per flag: any of them refuses the call.
        When::NamespaceFlag | When::CloneNamespaceFlag => NAMESPACE_FLAGS
            .iter()
            .filter(|&&flag| {
                !matches!(when, When::CloneNamespaceFlag) || flag != libc::CLONE_NEWTIME
            })
            .map(|&flag| {
                let bit = flag as u64;
                rule(vec![condition(
                    SeccompCmpArgLen::Dword,
                    SeccompCmpOp::MaskedEq(bit),
                    bit,
                )?])
            })
            .collect(),
        When::NotUnix => Ok(vec![rule(vec![condition(
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::Ne,
            libc::AF_UNIX as u64,
        )?])?]),
        When::OtherPersonality => Ok(vec![rule(
            PERSONALITIES
                .iter()
                .map(|&allowed| condition(SeccompCmpArgLen::Dword, SeccompCmpOp::Ne, allowed))
                .collect::<Result<_, _>>()?,
        )?]),
    }
}

/// A filter that fails the calls of `rules` with `errno` and allows everything else.
fn filter(rules: BTreeMap<i64, Vec<SeccompRule>>, errno: i32) -> Result<BpfProgram, String> {
    let arch = TargetArch::try_from(std::env::consts::ARCH).map_err(|e| e.to_string())?;
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(errno as u32),
        arch,
    )
    .map_err(|e| e.to_string())?;
    BpfProgram::try_from(filter).map_err(|e| e.to_string())
}

/// `Err` where the kernel runs x86's x32 system calls: they come with the architecture of the
/// filter (so they are not killed as a foreign architecture's are) and numbers of their own,
/// so a filter by number would not see them. Most kernels are built without them, or switch
/// them off at boot.
fn refuse_x32() -> Result<(), String> {
    if std::env::consts::ARCH != "x86_64" {
        return Ok(());
    }
    const X32_BIT: libc::c_long = 0x4000_0000;
    // SAFETY: getpid through the x32 entry takes no argument and changes nothing.
    let answer = unsafe { libc::syscall(X32_BIT | libc::SYS_getpid) };
    if answer < 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ENOSYS) {
        return Ok(());
    }
    Err("this kernel runs x32 system calls, which a filter by number cannot see".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_call_is_refused_once_and_the_docs_name_it() {
        let mut seen = std::collections::HashSet::new();
        let docs = include_str!("../../docs/judging.md");
        for group in REFUSED {
            for (_, name, _) in group {
                assert!(seen.insert(name), "{name} is listed twice");
                assert!(
                    docs.contains(&format!("`{name}`")),
                    "docs/judging.md does not list `{name}`"
                );
            }
        }
        assert!(docs.contains("`clone3`") && docs.contains("`memfd_create`"));
        for call in SERVER_CALLS {
            assert!(
                REFUSED
                    .iter()
                    .any(|group| group.iter().any(|c| c.0 == call)),
                "a server call is refused to programs"
            );
        }
    }

    #[test]
    fn the_filters_build() {
        let kept = filters(true, MemoryFiles::Uncounted).expect("filters");
        assert_eq!(kept.server.len(), 3);
        assert!(kept.program.is_some());
        let plain = filters(false, MemoryFiles::Counted).expect("filters");
        assert_eq!(plain.server.len(), 2);
        assert!(plain.program.is_none());
    }
}
