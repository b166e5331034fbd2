//! How a compiled program enters the compile cache: the judge copies what the compiler made
//! into a file (or a directory of classes) of its own, and renames that into place. So a
//! cached binary is written only by the judge's own process: never a file a confined compiler
//! made and could still reach (a link to elsewhere, a hard link to another file, a file whose
//! owner is the compiler's user), and never with a set-user-id or set-group-id bit or write
//! permission, so no program's user can change it (a program that opens `/proc/self/exe` to
//! `fchmod` it is refused, whoever it runs as). A half-copied program is never used: the copy
//! is made under a name of its own beside the target and renamed once complete.

use std::fs::{File, OpenOptions};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The mode of a cached executable: readable and executable by all, writable by none.
const PROGRAM_MODE: u32 = 0o555;
/// The mode of a file in a cached directory (a JVM class) that was not executable; one that
/// was (a scripted program's `run`, what its `build` made) gets [`PROGRAM_MODE`].
const DATA_MODE: u32 = 0o444;
/// The mode of a cached directory: its owner may still remove it (a cache is cleaned with
/// `rm -r`), which needs write permission on it.
const DIRECTORY_MODE: u32 = 0o755;

/// Copies `made` (a regular file, or a directory of directories and regular files) to
/// `target`, as described in the module's doc. A directory another process stored first is
/// kept (it was built from the same key).
pub(crate) fn store(made: &Path, target: &Path) -> Result<(), String> {
    let staging = staging_beside(target);
    let copied = copy(made, &staging, PROGRAM_MODE);
    let stored = copied.and_then(|()| {
        std::fs::rename(&staging, target).or_else(|e| match target.is_dir() {
            true => Ok(()),
            false => Err(format!("cannot store {}: {e}", target.display())),
        })
    });
    if staging.exists() {
        drop(remove(&staging));
    }
    stored
}

/// A name beside `target` that no other copy (in any process) uses.
fn staging_beside(target: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    target.with_file_name(format!(".{name}.{}-{n}", std::process::id()))
}

/// Copies the file or directory `from` to the new path `to`, files with `mode`; anything
/// else (a link, a device, a socket) is refused.
fn copy(from: &Path, to: &Path, mode: u32) -> Result<(), String> {
    let kind = std::fs::symlink_metadata(from)
        .map_err(|e| format!("cannot read {}: {e}", from.display()))?
        .file_type();
    if kind.is_file() {
        return copy_file(from, to, mode);
    }
    if !kind.is_dir() {
        return Err(format!(
            "{}: the compiler made neither a file nor a directory (a link or a special file): \
             not stored",
            from.display()
        ));
    }
    std::fs::DirBuilder::new()
        .mode(DIRECTORY_MODE)
        .create(to)
        .map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    let entries =
        std::fs::read_dir(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", from.display()))?;
        let executable = entry
            .metadata()
            .is_ok_and(|m| m.permissions().mode() & 0o111 != 0);
        let mode = if executable { PROGRAM_MODE } else { DATA_MODE };
        copy(&entry.path(), &to.join(entry.file_name()), mode)?;
    }
    set_mode(to, DIRECTORY_MODE)
}

fn copy_file(from: &Path, to: &Path, mode: u32) -> Result<(), String> {
    let failed = |what: &str, path: &Path, e: std::io::Error| {
        format!("cannot {what} {}: {e}", path.display())
    };
    let mut source = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(from)
        .map_err(|e| failed("read", from, e))?;
    let mut copy: File = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(mode)
        .open(to)
        .map_err(|e| failed("create", to, e))?;
    std::io::copy(&mut source, &mut copy).map_err(|e| failed("write", to, e))?;
    // The mode asked at creation went through the umask: set it exactly.
    set_mode(to, mode)
}

fn set_mode(path: &Path, mode: u32) -> Result<(), String> {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .map_err(|e| format!("cannot set the mode of {}: {e}", path.display()))
}

fn remove(path: &Path) -> std::io::Result<()> {
    match path.is_dir() {
        true => std::fs::remove_dir_all(path),
        false => std::fs::remove_file(path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::MetadataExt;

    #[test]
    fn a_stored_program_is_a_copy_without_write_or_set_id_bits() {
        let dir = tempfile::tempdir().expect("tempdir");
        let made = dir.path().join("program");
        std::fs::write(&made, b"\x7fELF...").expect("write");
        std::fs::set_permissions(&made, std::fs::Permissions::from_mode(0o6777)).expect("mode");
        let target = dir.path().join("cached");
        store(&made, &target).expect("stored");
        let stored = std::fs::metadata(&target).expect("stored");
        assert_eq!(stored.mode() & 0o7777, PROGRAM_MODE);
        assert_ne!(stored.ino(), std::fs::metadata(&made).expect("made").ino());
        assert_eq!(std::fs::read(&target).expect("read"), b"\x7fELF...");
        let left: Vec<_> = std::fs::read_dir(dir.path()).expect("list").collect();
        assert_eq!(left.len(), 2, "no staging copy is left: {left:?}");
    }

    #[test]
    fn a_link_is_not_stored_and_a_directory_is_copied_whole() {
        let dir = tempfile::tempdir().expect("tempdir");
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("/etc/passwd", &link).expect("link");
        let refused = store(&link, &dir.path().join("cached")).unwrap_err();
        assert!(
            refused.contains("neither a file nor a directory"),
            "{refused}"
        );
        assert!(!dir.path().join("cached").exists());

        let classes = dir.path().join("classes");
        std::fs::create_dir_all(classes.join("pkg")).expect("mkdir");
        std::fs::write(classes.join("pkg/Main.class"), b"cafebabe").expect("write");
        let target = dir.path().join("stored");
        store(&classes, &target).expect("stored");
        let class = target.join("pkg/Main.class");
        assert_eq!(std::fs::read(&class).expect("read"), b"cafebabe");
        let mode = std::fs::metadata(&class).expect("class").mode() & 0o7777;
        assert_eq!(mode, DATA_MODE);
        let inner_link = classes.join("pkg/escape");
        std::os::unix::fs::symlink("/etc/shadow", &inner_link).expect("link");
        let again = dir.path().join("again");
        assert!(store(&classes, &again).is_err());
        assert!(!again.exists(), "a refused copy leaves nothing");
    }
}
