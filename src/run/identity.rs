//! Who a confined program is. Where the judge runs as root (as CI machines and containers run
//! it), a program running as root would own every file of the judge's, and the owner of a file
//! changes its mode, times and extended attributes whatever else the sandbox says (Landlock
//! rules opening files, not `fchmod`). So, as isolate gives each box a user of its own, the
//! programs of each launch server run as a user and group of their own, [`FIRST_ID`] plus the
//! server's pid (one id per live server, in a range no distribution or systemd assigns), which
//! own no file but the scratch directory and what the judge gives them to write. Where the
//! judge is not root, programs run as the judge's user (nothing else is possible without
//! privileges): the private root of read-only mounts ([`super::private_root`]) is then what
//! keeps them from changing the judge's files.
//!
//! A user that owns nothing could not read the program's own files where they are private
//! (a source under `/root`, a toolchain in a home directory): the program keeps one capability,
//! `CAP_DAC_READ_SEARCH` (read any file and search any directory, without writing or owning
//! anything), so that what it reads is what Landlock and the private root let it read, as for a
//! program running as root before. The launch server keeps it inheritable, and each program
//! raises it as an ambient capability, which survives `execve` of a file without privileges of
//! its own.

use std::path::{Path, PathBuf};

/// The first uid and gid of confined programs: programs of the launch server with pid `p` run
/// as `FIRST_ID + p` (pids are below 2^22, so the ids stay below systemd's "foreign" range at
/// 0x7FFE0000, in the range 0x70000000–0x7FFDFFFF that nothing assigns).
pub(crate) const FIRST_ID: u32 = 0x7800_0000;

/// The capability a program keeps (see the module's doc): `CAP_DAC_READ_SEARCH`, number 2
/// (not in the `libc` crate).
const READ_ANY: u32 = 2;

/// The uid and gid of the programs of the launch server with pid `server`.
pub(crate) fn of_server(server: libc::pid_t) -> u32 {
    FIRST_ID + server as u32
}

/// Readies the launch server (running as root) to start programs as another user: no
/// supplementary groups (root's would follow a program that changes only its uid and gid), and
/// [`READ_ANY`] inheritable, which a program can then raise as an ambient capability even once
/// the server has emptied its bounding set.
pub(crate) fn ready_server() -> Result<(), String> {
    // SAFETY: setgroups with an empty list reads no memory.
    if unsafe { libc::setgroups(0, std::ptr::null()) } != 0 {
        return Err(format!(
            "cannot drop the supplementary groups: {}",
            std::io::Error::last_os_error()
        ));
    }
    let mut data = capabilities_now().map_err(|e| format!("cannot read the capabilities: {e}"))?;
    data[0].inheritable |= 1 << READ_ANY;
    set_capabilities(&data).map_err(|e| format!("cannot keep CAP_DAC_READ_SEARCH: {e}"))
}

/// In a confined program, between `fork` and `execve`: becomes `id` (uid and gid), with no
/// capability but [`READ_ANY`], ambient so that it survives `execve`. Returns the `errno` of
/// the first step that failed.
///
/// # Safety
/// Only in a freshly forked child of the (single-threaded) server, which [`ready_server`]
/// readied.
pub(crate) unsafe fn become_program(id: u32) -> Result<(), i32> {
    let check = |rc: libc::c_long| if rc == 0 { Ok(()) } else { Err(errno()) };
    // Keep the permitted capabilities across the change of user, to keep READ_ANY from them.
    check(libc::prctl(libc::PR_SET_KEEPCAPS, 1, 0, 0, 0) as libc::c_long)?;
    check(libc::setresgid(id, id, id) as libc::c_long)?;
    check(libc::setresuid(id, id, id) as libc::c_long)?;
    let only = CapabilityData {
        effective: 1 << READ_ANY,
        permitted: 1 << READ_ANY,
        inheritable: 1 << READ_ANY,
    };
    set_capabilities(&[only, CapabilityData::NONE]).map_err(|e| e.raw_os_error().unwrap_or(0))?;
    check(libc::prctl(
        libc::PR_CAP_AMBIENT,
        libc::PR_CAP_AMBIENT_RAISE as libc::c_ulong,
        READ_ANY as libc::c_ulong,
        0,
        0,
    ) as libc::c_long)
}

/// In a confined program that keeps the judge's user: no capability at all.
///
/// # Safety
/// Only in a freshly forked child of the (single-threaded) server.
pub(crate) unsafe fn drop_capabilities() -> Result<(), i32> {
    set_capabilities(&[CapabilityData::NONE; 2]).map_err(|e| e.raw_os_error().unwrap_or(0))
}

/// Gives `paths` (files, or directories with what is in them) to the user and group `id`,
/// links themselves and not what they point at: what the judge lets a program write (its
/// scratch directory, a validator's feedback directory) must be the program's to write.
pub(crate) fn give(paths: &[PathBuf], id: u32) -> Result<(), String> {
    paths.iter().try_for_each(|path| chown_tree(path, id, id))
}

/// Takes `paths` back for the judge's own user and group after a run, so that nothing a run
/// wrote stays owned by an id that a later server (with the same pid) gets again.
pub(crate) fn take_back(paths: &[PathBuf]) -> Result<(), String> {
    // SAFETY: geteuid and getegid cannot fail.
    let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    paths.iter().try_for_each(|path| chown_tree(path, uid, gid))
}

fn chown_tree(path: &Path, uid: u32, gid: u32) -> Result<(), String> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(());
    }
    for entry in walkdir::WalkDir::new(path).follow_links(false) {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        std::os::unix::fs::lchown(entry.path(), Some(uid), Some(gid))
            .map_err(|e| format!("cannot give {} to uid {uid}: {e}", entry.path().display()))?;
    }
    Ok(())
}

/// One 32-bit word of each capability set (`capget`/`capset`, version 3: two words each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
struct CapabilityData {
    effective: u32,
    permitted: u32,
    inheritable: u32,
}

impl CapabilityData {
    const NONE: CapabilityData = CapabilityData {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    };
}

/// `_LINUX_CAPABILITY_VERSION_3`, and this process (pid 0).
const HEADER: [u32; 2] = [0x2008_0522, 0];

fn capabilities_now() -> std::io::Result<[CapabilityData; 2]> {
    let mut data = [CapabilityData::NONE; 2];
    // SAFETY: capget fills the two words of each set we pass.
    let rc = unsafe { libc::syscall(libc::SYS_capget, HEADER.as_ptr(), data.as_mut_ptr()) };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(data)
}

fn set_capabilities(data: &[CapabilityData; 2]) -> std::io::Result<()> {
    // SAFETY: capset reads the header and the two words of each set we pass.
    let rc = unsafe { libc::syscall(libc::SYS_capset, HEADER.as_ptr(), data.as_ptr()) };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_live_server_gets_an_id_of_its_own_in_the_unassigned_range() {
        let pid_max = 1 << 22;
        assert_eq!(of_server(1), FIRST_ID + 1);
        assert!(of_server(pid_max) < 0x7FFE_0000);
        assert_ne!(of_server(100), of_server(101));
    }
}
