//! The file system a confined program sees, where its launch server has a mount namespace of
//! its own: a private root, a small in-memory file system holding read-only binds of the
//! system's directories, a few devices, the program's own files and what the judge gives it to
//! read; read-write binds of what the judge gives it to write; and its scratch directory, an
//! in-memory file system of its own as large as the run's file limit. Each program changes
//! its root to it (`chroot`) before `execve`.
//!
//! Why: Landlock decides which files a program may open, but not which it may `fchmod`,
//! `futimens` or `fsetxattr` (nor connect to as a socket): a program could change the mode,
//! times and extended attributes of every file its user owns that it can name, its own cached
//! binary through `/proc/self/exe` included. On a read-only mount none of these is possible,
//! whoever owns the file. And a program sees nothing else: not the machine's other files, and
//! in `/proc/self/mountinfo` only the mounts of its root. The scratch directory's size bounds
//! what its files take, on the disk and in memory (where a memory cgroup counts them, they
//! count as the program's memory).
//!
//! A root is made for a request's files and kept for the next requests with the same files, so
//! a judge's runs of one program on many tests make one root. The last [`KEPT`] roots are
//! kept, each on a mount point of its own, so that a judge alternating between a program and
//! an output validator (whose files change with each test) keeps the program's root and makes
//! only the validator's again; an older root goes in one unmount of its whole tree, which the
//! namespace's reaper makes in its own time (each unmount waits for the kernel's
//! read-copy-update grace period, a fraction of a millisecond, several on a busy machine). All roots live in a holder covering the server's scratch
//! directory, in the server's namespace only, beside the scratch directory's own file system,
//! which every root binds at that directory's path. What is bound at a path is also bound at
//! the path its links lead to, so that a program that finds its installation through its own
//! resolved path finds it.

use std::collections::BTreeMap;
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use super::sandbox::{DEVICES, SYSTEM_DIRS};

/// The name of the scratch directory's file system in the holder.
pub(crate) const SCRATCH_IN_HOLDER: &str = "scratch";

/// How many roots a server keeps (see the module's doc).
const KEPT: usize = 2;

/// The options of the holder and of each root's own file system: they hold only empty
/// directories and files that are mount points.
const ROOT_OPTIONS: &str = "mode=0755,size=1m,nr_inodes=16384";

/// Links a program's `/dev` holds besides the devices.
const DEVICE_LINKS: [(&str, &str); 4] = [
    ("fd", "/proc/self/fd"),
    ("stdin", "/proc/self/fd/0"),
    ("stdout", "/proc/self/fd/1"),
    ("stderr", "/proc/self/fd/2"),
];

/// The most files the scratch directory holds (its file system's inodes): far more than a
/// compiler's temporary files, and a bound on what empty files take.
const SCRATCH_INODES: u32 = 4096;

/// `struct mount_attr` of `mount_setattr(2)` (not in the `libc` crate).
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

const MOUNT_ATTR_RDONLY: u64 = 0x1;
const MOUNT_ATTR_NOSUID: u64 = 0x2;

/// The private roots of one server, made in its mount namespace.
#[derive(Debug)]
pub(crate) struct PrivateRoot {
    /// The holder of the roots and the scratch directory's file system: the server's scratch
    /// directory, which it covers.
    holder: PathBuf,
    /// The scratch directory, as programs see it.
    scratch: PathBuf,
    /// The owner of the scratch directory (user and group).
    owner: (u32, u32),
    /// The size of the scratch directory's file system.
    scratch_bytes: u64,
    /// The roots kept, the one in use last.
    roots: Vec<Root>,
    /// The number of roots made so far (each gets a mount point of its own).
    made: u64,
    /// Roots no longer kept, for the server to have unmounted (see [`PrivateRoot::retired`]).
    retired: Vec<PathBuf>,
}

/// One root, on its mount point in the holder.
#[derive(Debug)]
struct Root {
    dir: PathBuf,
    /// The files it was made for.
    files: Vec<Wanted>,
    /// `chroot` and `chdir` arguments for its programs.
    entry: (CString, CString),
}

/// A path a request binds: the path, whether it is writable, and the file it is (device and
/// inode: a file replaced at the same path is bound again).
type Wanted = (PathBuf, bool, u64, u64);

impl PrivateRoot {
    /// Makes the holder in the directory `scratch` (the server's, which it covers), and in it
    /// the programs' scratch directory, owned by `owner`.
    pub fn make(scratch: &Path, owner: (u32, u32)) -> Result<PrivateRoot, String> {
        let holder = scratch.to_path_buf();
        mount(
            Some("stonejudge-roots"),
            &holder,
            Some("tmpfs"),
            NOSUID,
            Some(ROOT_OPTIONS),
        )?;
        let private = PrivateRoot {
            holder,
            scratch: scratch.to_path_buf(),
            owner,
            scratch_bytes: 1 << 20,
            roots: Vec::new(),
            made: 0,
            retired: Vec::new(),
        };
        let scratch_here = private.scratch_inside();
        make_dir(&scratch_here)?;
        mount(
            Some("stonejudge-scratch"),
            &scratch_here,
            Some("tmpfs"),
            NOSUID | libc::MS_NODEV,
            Some(&private.scratch_options()),
        )?;
        Ok(private)
    }

    /// The scratch directory, as the server sees it.
    pub fn scratch_inside(&self) -> PathBuf {
        self.holder.join(SCRATCH_IN_HOLDER)
    }

    /// The root in use's directory and the scratch directory's path in it, for `chroot` and
    /// `chdir` (`None` before the first request).
    pub fn entry(&self) -> Option<&(CString, CString)> {
        self.roots.last().map(|root| &root.entry)
    }

    fn scratch_options(&self) -> String {
        format!(
            "mode=0700,uid={},gid={},size={},nr_inodes={SCRATCH_INODES}",
            self.owner.0, self.owner.1, self.scratch_bytes
        )
    }

    /// Readies a root for a request: the scratch directory holds `file_bytes` (it is empty
    /// between runs), `reads` are bound read-only and `writes` read-write, at their paths and
    /// at the paths their links lead to. A kept root made for the same files is used again;
    /// otherwise a new one is made, and the oldest kept goes.
    pub fn prepare(
        &mut self,
        reads: &[PathBuf],
        writes: &[PathBuf],
        file_bytes: u64,
    ) -> Result<(), String> {
        let file_bytes = file_bytes.max(4096);
        if file_bytes != self.scratch_bytes {
            self.scratch_bytes = file_bytes;
            let options = self.scratch_options();
            mount(
                None::<&str>,
                &self.scratch_inside(),
                None,
                libc::MS_REMOUNT | NOSUID | libc::MS_NODEV,
                Some(&options),
            )?;
        }
        let files = wanted(reads, writes);
        if let Some(at) = self.roots.iter().position(|root| root.files == files) {
            let root = self.roots.remove(at);
            self.roots.push(root);
            return Ok(());
        }
        if self.roots.len() >= KEPT {
            self.retired.push(self.roots.remove(0).dir);
        }
        self.made += 1;
        let dir = self.holder.join(self.made.to_string());
        make_dir(&dir)?;
        let root = Root {
            entry: (c_path(&dir)?, c_path(&self.scratch)?),
            dir,
            files,
        };
        if let Err(why) = self.fill(&root) {
            unmount(&root.dir);
            drop(std::fs::remove_dir(&root.dir));
            return Err(why);
        }
        self.roots.push(root);
        Ok(())
    }

    /// The roots no longer kept: each to be unmounted in one go (its whole tree), away from
    /// the server's way (each unmount waits for the kernel's grace period). Nothing runs in a
    /// retired root any more: the judge sweeps every run's processes before sending the next
    /// request.
    pub fn retired(&mut self) -> Vec<PathBuf> {
        std::mem::take(&mut self.retired)
    }

    /// Mounts a new root's file system on its directory and fills it: the system's
    /// directories, the scratch directory, its files; then makes it read-only but for the
    /// scratch directory and the files it may write.
    fn fill(&self, root: &Root) -> Result<(), String> {
        mount(
            Some("stonejudge-root"),
            &root.dir,
            Some("tmpfs"),
            NOSUID,
            Some(ROOT_OPTIONS),
        )?;
        for system in SYSTEM_DIRS {
            add_system(&root.dir, Path::new(system))?;
        }
        let scratch = inside(&root.dir, &self.scratch);
        make_parents(&scratch)?;
        make_dir(&scratch)?;
        mount(
            Some(&self.scratch_inside()),
            &scratch,
            None,
            libc::MS_BIND,
            None,
        )?;
        let mut writable = vec![scratch];
        let mut bound: Vec<&Path> = Vec::new();
        for (path, writes, ..) in &root.files {
            // A directory holding the scratch directory holds the roots themselves: never
            // bound into one. What a system directory holds is there already, read-only.
            let under_a_bind = bound.iter().any(|outer| path.starts_with(outer));
            if self.scratch.starts_with(path)
                || path.starts_with(&self.scratch)
                || (!writes && (under_a_bind || is_system(path)))
            {
                continue;
            }
            let at = inside(&root.dir, path);
            // Beneath a bind, or in a system directory, the mount point is the file itself.
            if !under_a_bind && !is_system(path) {
                make_parents(&at)?;
                match std::fs::metadata(path).map(|m| m.is_dir()) {
                    Ok(true) => make_dir(&at)?,
                    Ok(false) => make_file(&at)?,
                    Err(_) => continue,
                }
            }
            mount(Some(path), &at, None, libc::MS_BIND | libc::MS_REC, None)?;
            bound.push(path);
            if *writes {
                writable.push(at);
            }
        }
        set_attributes(&root.dir, true, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID, 0)?;
        writable
            .iter()
            .try_for_each(|at| set_attributes(at, true, 0, MOUNT_ATTR_RDONLY))
    }
}

/// Where `path` of a program's root is, for the server, in the root at `dir`.
fn inside(dir: &Path, path: &Path) -> PathBuf {
    dir.join(path.strip_prefix("/").unwrap_or(path))
}

/// A directory of the system's in the root at `dir`: a link is made again as a link, `/dev`
/// holds only the devices every program may use, anything else is bound (with what is mounted
/// beneath it, but for `/sys`).
fn add_system(dir: &Path, system: &Path) -> Result<(), String> {
    let Ok(metadata) = std::fs::symlink_metadata(system) else {
        return Ok(());
    };
    let at = inside(dir, system);
    if metadata.file_type().is_symlink() {
        let target = std::fs::read_link(system)
            .map_err(|e| format!("cannot read the link {}: {e}", system.display()))?;
        return std::os::unix::fs::symlink(&target, &at)
            .map_err(|e| format!("cannot make the link {}: {e}", at.display()));
    }
    make_dir(&at)?;
    if system == Path::new("/sys") {
        // Without the cgroup file systems mounted beneath it: a dozen mounts each root would
        // copy and each unmount would wait for. A runtime that looks for its cgroup's limits
        // there finds none and takes the machine's (its memory limit is told otherwise).
        // In a user namespace of our own (the judge not root) the kernel refuses to bind a
        // mount without the mounts it inherited beneath it (they would uncover what they
        // hide): there they come too.
        return mount(Some(system), &at, None, libc::MS_BIND, None)
            .or_else(|_| mount(Some(system), &at, None, libc::MS_BIND | libc::MS_REC, None));
    }
    if system != Path::new("/dev") {
        return mount(Some(system), &at, None, libc::MS_BIND | libc::MS_REC, None);
    }
    mount(
        Some("stonejudge-dev"),
        &at,
        Some("tmpfs"),
        NOSUID,
        Some("mode=0755,size=64k"),
    )?;
    for device in DEVICES {
        let device = Path::new(device);
        let point = inside(dir, device);
        if std::fs::metadata(device).is_ok() {
            make_file(&point)?;
            mount(Some(device), &point, None, libc::MS_BIND, None)?;
        }
    }
    for (name, target) in DEVICE_LINKS {
        let link = at.join(name);
        std::os::unix::fs::symlink(target, &link)
            .map_err(|e| format!("cannot make the link {}: {e}", link.display()))?;
    }
    Ok(())
}

/// The binds a request needs: each path of `reads` and `writes` (made absolute) and where its
/// links lead, writable where `writes` names it, with the file it is now; sorted by path, so
/// that a directory comes before what is beneath it. Paths that do not exist are left out:
/// the program finds them missing, as it would anywhere.
fn wanted(reads: &[PathBuf], writes: &[PathBuf]) -> Vec<Wanted> {
    // A path given twice is bound once, writable if either says so.
    let mut wanted: BTreeMap<PathBuf, (bool, u64, u64)> = BTreeMap::new();
    let given = (reads.iter().map(|p| (p, false))).chain(writes.iter().map(|p| (p, true)));
    for (path, writable) in given {
        let Ok(absolute) = std::path::absolute(path) else {
            continue;
        };
        let Ok(metadata) = std::fs::metadata(&absolute) else {
            continue;
        };
        let resolved = std::fs::canonicalize(&absolute).unwrap_or_else(|_| absolute.clone());
        let hops = links_between(&absolute);
        for at in [absolute, resolved].into_iter().chain(hops) {
            let file = (false, metadata.dev(), metadata.ino());
            wanted.entry(at).or_insert(file).0 |= writable;
        }
    }
    (wanted.into_iter())
        .map(|(path, (writable, dev, ino))| (path, writable, dev, ino))
        .collect()
}

/// The links a chain of symbolic links from `path` passes through on its way to the file it
/// ends at (`a.py` → `../b.py` → `../c/a.py`: `b.py`), each named by its real folder: inside
/// the root, the kernel follows each of them again, so each must be there. At most 40 hops,
/// the kernel's own bound.
fn links_between(path: &Path) -> Vec<PathBuf> {
    let mut hops = Vec::new();
    let mut at = path.to_owned();
    for _ in 0..40 {
        let (Ok(target), Some(folder)) = (std::fs::read_link(&at), at.parent()) else {
            break;
        };
        let next = folder.join(target);
        let (Some(name), Some(next_folder)) = (next.file_name(), next.parent()) else {
            break;
        };
        let Ok(real_folder) = std::fs::canonicalize(next_folder) else {
            break;
        };
        at = real_folder.join(name);
        if std::fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink()) {
            hops.push(at.clone());
        }
    }
    hops
}

/// Whether `path` is beneath a system directory, which every program sees already.
fn is_system(path: &Path) -> bool {
    SYSTEM_DIRS.iter().any(|system| path.starts_with(system))
}

/// Mount flags every mount of the root has.
const NOSUID: libc::c_ulong = libc::MS_NOSUID;

fn mount(
    source: Option<impl AsRef<Path>>,
    target: &Path,
    fstype: Option<&str>,
    flags: libc::c_ulong,
    data: Option<&str>,
) -> Result<(), String> {
    let source = source.map(|s| c_path(s.as_ref())).transpose()?;
    let target_c = c_path(target)?;
    let fstype = fstype.map(|t| CString::new(t).expect("no NUL"));
    let data = data.map(|d| CString::new(d).expect("no NUL"));
    let pointer = |c: &Option<CString>| c.as_ref().map_or(std::ptr::null(), |c| c.as_ptr());
    // SAFETY: every pointer is null or a NUL-terminated string alive for the call.
    let rc = unsafe {
        libc::mount(
            pointer(&source),
            target_c.as_ptr(),
            pointer(&fstype),
            flags,
            pointer(&data).cast(),
        )
    };
    if rc != 0 {
        return Err(format!(
            "cannot mount {}: {}",
            target.display(),
            std::io::Error::last_os_error()
        ));
    }
    Ok(())
}

/// `mount_setattr`: sets and clears mount attributes of the mount at `target` (and of every
/// mount beneath it, when `recursive`).
fn set_attributes(target: &Path, recursive: bool, set: u64, clear: u64) -> Result<(), String> {
    let target_c = c_path(target)?;
    let attributes = MountAttr {
        attr_set: set,
        attr_clr: clear,
        propagation: 0,
        userns_fd: 0,
    };
    let flags = if recursive { libc::AT_RECURSIVE } else { 0 };
    // SAFETY: a path and a struct alive for the call, with its size.
    let rc = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            target_c.as_ptr(),
            flags as libc::c_uint,
            &attributes as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    if rc != 0 {
        return Err(format!(
            "cannot make {} {}: {}",
            target.display(),
            if set & MOUNT_ATTR_RDONLY != 0 {
                "read-only"
            } else {
                "writable"
            },
            std::io::Error::last_os_error()
        ));
    }
    Ok(())
}

fn unmount(target: &Path) {
    if let Ok(target) = c_path(target) {
        // SAFETY: a NUL-terminated path alive for the call.
        unsafe { libc::umount2(target.as_ptr(), libc::MNT_DETACH) };
    }
}

/// Makes the missing directories above `path`.
fn make_parents(path: &Path) -> Result<(), String> {
    match path.parent() {
        Some(parent) if !parent.exists() => std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot make {}: {e}", parent.display())),
        _ => Ok(()),
    }
}

fn make_dir(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .mode(0o755)
        .create(path)
        .map_err(|e| format!("cannot make {}: {e}", path.display()))
}

fn make_file(path: &Path) -> Result<(), String> {
    std::fs::File::create(path)
        .map(drop)
        .map_err(|e| format!("cannot make {}: {e}", path.display()))
}

fn c_path(path: &Path) -> Result<CString, String> {
    CString::new(path.as_os_str().as_bytes()).map_err(|_| format!("NUL byte in {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_binds_each_path_once_writable_if_any_says_so_parents_first() {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("data");
        std::fs::create_dir(&data).expect("mkdir");
        std::fs::write(data.join("1.in"), "1\n").expect("write");
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&data, &link).expect("link");
        let reads = [data.join("1.in"), data.clone(), link.clone()];
        let writes = [data.clone(), dir.path().join("missing")];
        let found = wanted(&reads, &writes);
        let real = std::fs::canonicalize(&data).expect("resolves");
        let paths: Vec<(&Path, bool)> = found.iter().map(|w| (w.0.as_path(), w.1)).collect();
        let mut expected = vec![
            (data.as_path(), true),
            (link.as_path(), false),
            (real.as_path(), true),
        ];
        let in_data = data.join("1.in");
        let in_real = real.join("1.in");
        expected.push((in_data.as_path(), false));
        if real != data {
            expected.push((in_real.as_path(), false));
        }
        expected.sort();
        expected.dedup();
        assert_eq!(paths, expected);
    }
}
