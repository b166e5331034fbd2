//! A problem's files stay within its folder: the policy for what a Kattis package or a
//! problem folder of ours may point at, and how much of a file the judge reads.
//!
//! Packages and problem folders come from others (an archive's contributors, a package
//! downloaded to be judged), and judging one runs its programs and reads its files with the
//! judge's rights. So a file of the package is refused, naming it and why, when it leads out of
//! the package's root: a symbolic link whose target is outside (`data/secret/1.in ->
//! /etc/passwd`, a submission linked to a file elsewhere), or a path written in a manifest
//! that is absolute or climbs out with `..`. Links that stay inside are followed. A file larger
//! than the judge reads whole is refused before it is read, rather than exhausting memory.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// The most bytes of a configuration file read (`problem.yaml`, `testdata.yaml`,
/// `problem.toml`): a real one is a few KiB.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// The most bytes of a test's input or answer file that a judge reads into memory (the
/// program itself reads its input from the file, however large).
pub const MAX_TEST_BYTES: u64 = 512 << 20;

/// `Err(why)` when `path`, which is meant to be inside `root`, leads out of it once its
/// symbolic links are followed. A path that does not exist is for the caller to report.
pub fn inside(root: &Path, path: &Path) -> Result<(), String> {
    let (Ok(root_real), Ok(real)) = (root.canonicalize(), path.canonicalize()) else {
        return Ok(());
    };
    if real.starts_with(&root_real) {
        return Ok(());
    }
    Err(format!(
        "{}: a link to {}, outside {}: files of a problem must be inside its folder (links out \
         of it are refused, so that judging it reads nothing else of this machine)",
        path.display(),
        real.display(),
        root.display()
    ))
}

/// `Err(why)` when `path`, a file a manifest names as `written` (relative to a folder of the
/// package at `root`), is outside the package: by its `..` or through a link of the package
/// that leads out. The message is the same either way, and whether or not anything is there:
/// only the package's own directories and links are looked at, never what is outside (a
/// package cannot probe the disk through what it is told). A path inside that does not exist
/// is for the caller to report.
pub fn named_inside(root: &Path, path: &Path, written: &str) -> Result<(), String> {
    let outside = || {
        Err(format!(
            "{written:?} is outside the package {}: files of a problem must be inside its \
             folder",
            root.display()
        ))
    };
    let Ok(real_root) = root.canonicalize() else {
        return Ok(());
    };
    let mut walked = real_root.clone();
    // The components still to walk, the next one last.
    let mut rest: Vec<std::ffi::OsString> = match path.strip_prefix(root) {
        Ok(inside) => inside
            .components()
            .rev()
            .map(|c| c.as_os_str().to_owned())
            .collect(),
        Err(_) => return outside(),
    };
    let mut links = 0;
    while let Some(component) = rest.pop() {
        match Path::new(&component).components().next() {
            Some(Component::CurDir) | None => continue,
            Some(Component::ParentDir) => {
                walked.pop();
            }
            Some(Component::Normal(name)) => walked.push(name),
            Some(Component::RootDir | Component::Prefix(_)) => return outside(),
        }
        if !walked.starts_with(&real_root) {
            return outside();
        }
        // Within the package: a link is followed where it leads, by its written target (never
        // by the file system, which would look outside); what is missing ends the walk.
        match std::fs::symlink_metadata(&walked) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                links += 1;
                let Ok(target) = std::fs::read_link(&walked) else {
                    return outside();
                };
                walked.pop();
                if target.is_absolute() {
                    let lexical: PathBuf = lexically_normal(&target);
                    let inside = [&real_root, &root.to_path_buf()]
                        .into_iter()
                        .find_map(|r| lexical.strip_prefix(r).ok().map(Path::to_path_buf));
                    let (Some(inside), true) = (inside, links <= MAX_LINKS) else {
                        return outside();
                    };
                    walked = real_root.clone();
                    rest.extend(inside.components().rev().map(|c| c.as_os_str().to_owned()));
                } else if links <= MAX_LINKS {
                    rest.extend(target.components().rev().map(|c| c.as_os_str().to_owned()));
                } else {
                    return outside();
                }
            }
            Ok(_) => {}
            Err(_) => return Ok(()),
        }
    }
    Ok(())
}

/// The most links followed in one path, as the kernel's limit (a loop ends there).
const MAX_LINKS: usize = 40;

/// `path` with `.` and `..` resolved by its words alone.
fn lexically_normal(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                normal.pop();
            }
            Component::CurDir => {}
            other => normal.push(other),
        }
    }
    normal
}

/// `Err(why)` when a path written in a manifest, relative to its folder, is absolute or
/// climbs out with `..`.
pub fn relative_inside(written: &str) -> Result<(), String> {
    let path = Path::new(written);
    let leaves = path.components().any(|c| {
        matches!(
            c,
            Component::ParentDir | Component::RootDir | Component::Prefix(_)
        )
    });
    if leaves {
        return Err(format!(
            "{written:?} leaves the problem folder (an absolute path or `..`): files of a \
             problem must be inside its folder"
        ));
    }
    Ok(())
}

/// The bytes of `path`, refused with its size when it has more than `max` (before anything is
/// read: a sparse file of many GiB costs nothing to refuse).
pub fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot)?;
    let size = file.metadata().map_err(cannot)?.len();
    if size > max {
        return Err(too_large(path, size, max));
    }
    let mut bytes = Vec::with_capacity(size as usize);
    // A file that grows while it is read is cut at one byte past the bound, and refused.
    file.take(max + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > max {
        return Err(too_large(path, bytes.len() as u64, max));
    }
    Ok(bytes)
}

/// What a report shows of a file a program wrote (a validator's `judgemessage.txt`): its
/// first bytes, and how many more it holds, which were never read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Head {
    pub bytes: Vec<u8>,
    /// Bytes of the file after `bytes`.
    pub more: u64,
}

/// The first `max` bytes of the file `path`, which a program wrote into a directory of the
/// judge's, and the count of the rest: a file of 3 GiB costs `max` bytes of memory and one
/// read. An empty head when there is no such file; an error when it is not a plain file (see
/// [`open_written`]).
pub fn read_head(path: &Path, max: usize) -> Result<Head, String> {
    let Some((file, size)) = open_written(path)? else {
        return Ok(Head::default());
    };
    let mut bytes = Vec::with_capacity(max.min(size as usize));
    file.take(max as u64)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let more = size.saturating_sub(bytes.len() as u64);
    Ok(Head { bytes, more })
}

/// The bytes of the file `path`, which a program wrote into a directory of the judge's
/// (a validator's `score.txt`): `None` when there is none, an error naming the file and its
/// size when it holds more than `max` bytes (nothing is read then), or when it is not a
/// plain file (see [`open_written`]).
pub fn read_written(path: &Path, max: u64) -> Result<Option<Vec<u8>>, String> {
    let Some((file, size)) = open_written(path)? else {
        return Ok(None);
    };
    if size > max {
        return Err(too_large(path, size, max));
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > max {
        return Err(too_large(path, bytes.len() as u64, max));
    }
    Ok(Some(bytes))
}

/// The file `path` that a program wrote, open for reading, with its size; `None` when there
/// is none. Only a plain file is opened: a symbolic link (which would have the judge read,
/// with its own rights, a file the program was not let read) or a named pipe (whose opening
/// would wait for a writer that never comes) is refused, naming what it is.
pub fn open_written(path: &Path) -> Result<Option<(std::fs::File, u64)>, String> {
    use std::os::unix::fs::OpenOptionsExt;
    let opened = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path);
    let file = match opened {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => {
            return Err(format!(
                "{}: a symbolic link, not a file: not read",
                path.display()
            ))
        }
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let metadata = (file.metadata()).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if !metadata.is_file() {
        return Err(format!("{}: not a plain file: not read", path.display()));
    }
    Ok(Some((file, metadata.len())))
}

/// [`read_bounded`] of a UTF-8 text file.
pub fn read_text_bounded(path: &Path, max: u64) -> Result<String, String> {
    let bytes = read_bounded(path, max)?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{}: not UTF-8 text (byte {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

fn too_large(path: &Path, size: u64, max: u64) -> String {
    format!(
        "{}: {size} bytes ({}), more than the {} stonejudge reads of such a file",
        path.display(),
        crate::text::show::size(size),
        crate::text::show::size(max)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_paths_must_stay_relative_and_below() {
        assert!(relative_inside("gen.py").is_ok());
        assert!(relative_inside("tools/gen.py").is_ok());
        assert!(relative_inside("../other/gen.py").is_err());
        assert!(relative_inside("tools/../../gen.py").is_err());
        assert!(relative_inside("/usr/bin/python3").is_err());
    }

    #[test]
    fn links_out_of_the_root_are_refused_and_links_within_are_not() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("package");
        std::fs::create_dir(&root).unwrap();
        std::fs::write(root.join("a.in"), "1\n").unwrap();
        std::fs::write(dir.path().join("secret"), "x\n").unwrap();
        std::os::unix::fs::symlink(root.join("a.in"), root.join("b.in")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret"), root.join("c.in")).unwrap();
        assert!(inside(&root, &root.join("a.in")).is_ok());
        assert!(inside(&root, &root.join("b.in")).is_ok());
        let why = inside(&root, &root.join("c.in")).unwrap_err();
        assert!(why.contains("c.in") && why.contains("outside"), "{why}");
    }

    #[test]
    fn a_written_file_s_head_is_read_and_the_rest_only_counted() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("judgemessage.txt");
        assert_eq!(read_head(&path, 8), Ok(Head::default()));
        let file = std::fs::File::create(&path).unwrap();
        std::io::Write::write_all(&mut &file, b"wrong answer on line 3\n").unwrap();
        file.set_len(3 << 30).unwrap();
        let head = read_head(&path, 5).unwrap();
        assert_eq!(
            (head.bytes.as_slice(), head.more),
            (&b"wrong"[..], (3 << 30) - 5)
        );
        let why = read_written(&path, 100).unwrap_err();
        assert!(
            why.contains("3221225472 bytes (3 GiB), more than the 100 bytes"),
            "{why}"
        );
    }

    #[test]
    fn a_written_link_or_pipe_is_refused_and_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("score.txt");
        std::os::unix::fs::symlink("/etc/hostname", &link).unwrap();
        let why = read_written(&link, 100).unwrap_err();
        assert!(why.contains("a symbolic link"), "{why}");
        let fifo = dir.path().join("judgemessage.txt");
        let path = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: mkfifo with a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
        let why = read_head(&fifo, 100).unwrap_err();
        assert!(why.contains("not a plain file"), "{why}");
    }

    #[test]
    fn a_path_outside_says_so_whether_or_not_a_file_is_there() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("package");
        std::fs::create_dir_all(root.join("generators")).unwrap();
        std::fs::write(dir.path().join("there.in"), "x\n").unwrap();
        std::os::unix::fs::symlink(dir.path(), root.join("generators/out")).unwrap();
        std::os::unix::fs::symlink(root.join("data"), root.join("generators/in")).unwrap();
        std::os::unix::fs::symlink("../data", root.join("generators/relative")).unwrap();
        std::os::unix::fs::symlink("loop", root.join("generators/loop")).unwrap();
        let said = |written: &str| {
            let path = root.join("generators").join(written);
            named_inside(&root, &path, written).map_err(|e| e.replace(written, "PATH"))
        };
        let there = said("../../there.in").unwrap_err();
        assert!(there.contains("outside the package"), "{there}");
        assert_eq!(said("../../missing.in").unwrap_err(), there);
        assert_eq!(said("out/there.in").unwrap_err(), there);
        assert_eq!(said("out/missing.in").unwrap_err(), there);
        assert!(said("big.in").is_ok() && said("../data/x.in").is_ok());
        assert!(
            said("in/x.in").is_ok(),
            "a link inside the package is followed"
        );
        assert!(said("relative/x.in").is_ok());
        assert_eq!(said("loop/x.in").unwrap_err(), there);
    }

    #[test]
    fn a_huge_sparse_file_is_refused_without_being_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.in");
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(4 << 30).unwrap();
        let why = read_bounded(&path, MAX_TEST_BYTES).unwrap_err();
        assert!(why.contains("4294967296 bytes (4 GiB)"), "{why}");
    }
}
