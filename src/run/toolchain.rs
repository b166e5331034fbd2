//! The toolchain behind a compiler's name: the executable to run, the directories a confined
//! compile must be able to read besides the system's, and an identity that changes whenever
//! the compiler does (part of the compile cache's key). Found once per process and tool, by
//! asking the tool itself (unconfined, with nothing of a user's in the question): a tool
//! found in `PATH` may be a shim (rustup's `rustc`, pyenv's `python3`) that lives in a user's
//! home and needs more of it than the compiler it starts, so the confined compile runs the
//! real compiler and reads only its installation.

use std::collections::HashMap;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use super::language::PYTHON_WHERE;
use super::program::PrepareError;
use super::{Invocation, Limits, Runner, Stdin};

/// How long a question to a tool may take (a rustup shim may first sync its settings).
const QUESTION_TIME: Duration = Duration::from_secs(20);

/// How to find a tool's installation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Probe {
    /// The executable's own installation: the directory above its `bin/`, where it is in one
    /// (`/opt/gcc-13/bin/g++`), else the file alone.
    Installation,
    /// `TOOL --print sysroot` names the installation (rustc), and `SYSROOT/bin/TOOL` is the
    /// compiler itself, behind any shim.
    Sysroot,
    /// The interpreter names its executable and its installation's prefixes (Python's
    /// `sys.executable`, `sys.base_prefix` and `sys.prefix`: [`PYTHON_WHERE`]).
    Interpreter,
}

/// What a confined compile of one tool needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ResolvedTool {
    /// The compiler to run.
    pub executable: PathBuf,
    /// What it reads besides the system's directories (its installation, outside them).
    pub reads: Vec<PathBuf>,
    /// Bytes that change when the compiler changes: its resolved path, size and modification
    /// time, and what `--version` says.
    pub identity: Vec<u8>,
}

/// The toolchains found so far in this process, by tool path and probe.
static FOUND: Mutex<Option<HashMap<(PathBuf, Probe), ResolvedTool>>> = Mutex::new(None);

impl ResolvedTool {
    /// The toolchain of the tool at `tool` (as found in `PATH`), asked once per process.
    pub fn of(runner: &Runner, tool: &Path, probe: Probe) -> Result<ResolvedTool, PrepareError> {
        let key = (tool.to_owned(), probe);
        if let Some(found) = FOUND
            .lock()
            .ok()
            .and_then(|f| f.as_ref()?.get(&key).cloned())
        {
            return Ok(found);
        }
        let toolchain = ResolvedTool::ask(runner, tool, probe)?;
        if let Ok(mut found) = FOUND.lock() {
            found
                .get_or_insert_with(HashMap::new)
                .insert(key, toolchain.clone());
        }
        Ok(toolchain)
    }

    fn ask(runner: &Runner, tool: &Path, probe: Probe) -> Result<ResolvedTool, PrepareError> {
        let (executable, reads) = match probe {
            Probe::Installation => (tool.to_owned(), installation(tool).into_iter().collect()),
            Probe::Sysroot => {
                let said = ask(runner, tool, &["--print", "sysroot"])?;
                let sysroot = PathBuf::from(said.trim());
                let behind_shim = tool.file_name().map(|name| sysroot.join("bin").join(name));
                let executable = behind_shim
                    .filter(|real| real.is_file())
                    .unwrap_or_else(|| tool.to_owned());
                (executable, vec![sysroot])
            }
            Probe::Interpreter => {
                let said = ask(runner, tool, &["-c", PYTHON_WHERE])?;
                let mut lines = said.lines().map(PathBuf::from).filter(|p| p.is_absolute());
                let executable = lines.next().unwrap_or_else(|| tool.to_owned());
                let mut reads: Vec<PathBuf> = lines.collect();
                reads.dedup();
                (executable, reads)
            }
        };
        let mut identity = Vec::new();
        let resolved = std::fs::canonicalize(&executable).unwrap_or_else(|_| executable.clone());
        identity.extend_from_slice(resolved.as_os_str().as_encoded_bytes());
        if let Ok(metadata) = std::fs::metadata(&resolved) {
            let stamp = format!(
                "\0{} {} {}\0",
                metadata.len(),
                metadata.mtime(),
                metadata.mtime_nsec()
            );
            identity.extend_from_slice(stamp.as_bytes());
        }
        // Not every tool answers `--version` (dash, the POSIX shell, refuses the option): its
        // file's size and time above are then its identity.
        if let Ok(version) = ask(runner, &executable, &["--version"]) {
            identity.extend_from_slice(version.as_bytes());
        }
        Ok(ResolvedTool {
            executable,
            reads: reads.into_iter().filter(|dir| !is_system(dir)).collect(),
            identity,
        })
    }
}

/// What `tool ARGS` prints on standard output, or a judge error saying why it could not be
/// asked.
fn ask(runner: &Runner, tool: &Path, args: &[&str]) -> Result<String, PrepareError> {
    let invocation = Invocation::new(tool).args(args).trusted().compiler();
    let shown = || format!("{} {}", tool.display(), args.join(" "));
    let run = runner
        .run(&invocation, Stdin::Empty, &Limits::for_tools(QUESTION_TIME))
        .map_err(|e| PrepareError::judge(format!("cannot run {}: {e}", shown())))?;
    if !run.exit.success() || run.time_limit_hit() {
        return Err(PrepareError::judge(format!(
            "{} failed ({}): {}",
            shown(),
            run.exit,
            String::from_utf8_lossy(&run.stderr).trim()
        )));
    }
    Ok(String::from_utf8_lossy(&run.stdout).into_owned())
}

/// The installation of the executable `tool` when it is outside the system's directories: the
/// directory above the `bin/` it resolves into, or the resolved file alone.
pub(crate) fn installation(tool: &Path) -> Option<PathBuf> {
    let resolved = std::fs::canonicalize(tool).ok()?;
    let parent = resolved.parent()?;
    let root = match parent.file_name() {
        Some(name) if name == "bin" => parent.parent()?.to_owned(),
        _ => resolved.clone(),
    };
    Some(root)
}

/// Whether every confined program already reads `dir` (see `sandbox::SYSTEM_DIRS`).
fn is_system(dir: &Path) -> bool {
    super::sandbox::SYSTEM_DIRS
        .iter()
        .any(|system| dir.starts_with(system))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_installation_is_the_directory_above_bin() {
        let dir = tempfile::tempdir().expect("tempdir");
        let bin = dir.path().join("gcc-13/bin");
        std::fs::create_dir_all(&bin).expect("mkdir");
        std::fs::write(bin.join("g++"), "").expect("write");
        let root = std::fs::canonicalize(dir.path().join("gcc-13")).expect("resolves");
        assert_eq!(installation(&bin.join("g++")), Some(root.clone()));
        std::fs::write(dir.path().join("wrapper"), "").expect("write");
        let wrapper = std::fs::canonicalize(dir.path().join("wrapper")).expect("resolves");
        assert_eq!(installation(&dir.path().join("wrapper")), Some(wrapper));
        assert!(is_system(Path::new("/usr/lib/gcc")) && !is_system(&root));
    }
}
