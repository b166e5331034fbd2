//! Finding Kattis problemtools (`verifyproblem`, and the Python that has its `checktestdata`)
//! without installing anything: `$STONEJUDGE_VERIFYPROBLEM`, else `verifyproblem` on `PATH`.
//! `.ci/run` installs it with pip; elsewhere `pip install problemtools` does.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libtest_mimic::{Failed, Trial};

/// Kattis problemtools: `verifyproblem` and a Python that has `checktestdata`.
pub struct Problemtools {
    pub verifyproblem: PathBuf,
    pub python: PathBuf,
}

impl Problemtools {
    /// What `verifyproblem PACKAGE -p submissions` printed, standard output then error.
    pub fn submissions_log(&self, package: &std::path::Path) -> String {
        let output = std::process::Command::new(&self.verifyproblem)
            .arg(package)
            .args(["-p", "submissions"])
            .output()
            .expect("run verifyproblem");
        String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr)
    }
}

/// problemtools if it is installed, else why not (printed once, as the reason for skipping).
pub fn problemtools() -> Result<&'static Problemtools, &'static str> {
    static TOOLS: OnceLock<Result<Problemtools, &'static str>> = OnceLock::new();
    TOOLS
        .get_or_init(|| {
            let verifyproblem = std::env::var_os("STONEJUDGE_VERIFYPROBLEM")
                .map(PathBuf::from)
                .or_else(|| on_path("verifyproblem"))
                .ok_or(
                    "Kattis problemtools is not installed (`pip install problemtools`, \
                     or set STONEJUDGE_VERIFYPROBLEM to its verifyproblem)",
                )?;
            let python = sibling_python(&verifyproblem);
            Ok(Problemtools {
                verifyproblem,
                python,
            })
        })
        .as_ref()
        .map_err(|reason| *reason)
}

/// A test that runs with problemtools, and is reported as ignored (the reason printed by
/// [`crate::main`]) where problemtools is missing.
pub fn needs_problemtools(name: &str, test: fn(&Problemtools)) -> Trial {
    let ignored = problemtools().is_err();
    Trial::test(name, move || match problemtools() {
        Ok(tools) => {
            test(tools);
            Ok(())
        }
        Err(reason) => Err(Failed::from(reason)),
    })
    .with_ignored_flag(ignored)
}

/// The `python3` next to an installed script (a venv's), else the one on `PATH`.
fn sibling_python(script: &Path) -> PathBuf {
    script
        .parent()
        .map(|dir| dir.join("python3"))
        .filter(|p| p.exists())
        .unwrap_or_else(|| PathBuf::from("python3"))
}

pub fn on_path(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}
