//! Confinement, the judge's side: the `--sandbox` mode, the kernel features it uses, and the
//! protections a launch server reports in force (see [`super::confine`] for how they are
//! made).

use serde::Serialize;

use super::cgroup::Version;

/// How programs are confined: `--sandbox auto|strict|off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Sandbox {
    /// Every protection the kernel offers; what is missing is said once, on standard error.
    #[default]
    Auto,
    /// Every protection, or no run at all (exit 2).
    Strict,
    /// None: programs run as the judge's other children do (the judge still kills their
    /// process group, and their limits hold).
    Off,
}

impl Sandbox {
    pub const NAMES: [&'static str; 3] = ["auto", "strict", "off"];
}

impl std::str::FromStr for Sandbox {
    type Err = String;
    fn from_str(text: &str) -> Result<Sandbox, String> {
        match text {
            "auto" => Ok(Sandbox::Auto),
            "strict" => Ok(Sandbox::Strict),
            "off" => Ok(Sandbox::Off),
            _ => Err(format!("expected auto, strict or off, found {text:?}")),
        }
    }
}

/// The most processes (threads included) in one launch server's PID namespace, where the
/// kernel can cap it (per-namespace `pid_max`, Linux 6.14): a fork storm stops there, for
/// root too.
pub(crate) const PID_CAP: u32 = 64;

/// `RLIMIT_NPROC` of a confined program: in its own user namespace, the tasks (threads
/// included) of that namespace. Enough for a JVM's threads; few enough that a fork storm stops
/// at once and does not starve the judge. Root ignores it.
pub(crate) const NPROC: u64 = 64;

/// Directories every program may read and execute from.
pub(crate) const SYSTEM_DIRS: [&str; 12] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/proc",
    "/sys", "/dev",
];

/// Devices every program may also write.
pub(crate) const DEVICES: [&str; 5] = [
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// A kernel feature confinement uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Feature {
    /// Unprivileged user namespaces, and network and PID namespaces in them.
    Namespaces,
    /// The Landlock LSM.
    Landlock,
    /// seccomp filters.
    Seccomp,
}

impl Feature {
    pub const ALL: [Feature; 3] = [Feature::Namespaces, Feature::Landlock, Feature::Seccomp];

    /// Names features to treat as missing, comma-separated (`namespaces,landlock,seccomp`,
    /// and [`MEMORY_CGROUP`] for the memory cgroups the judge makes itself): how a kernel
    /// without them is simulated, in tests and by users who want to see what `auto` does
    /// there.
    pub const WITHOUT_VAR: &'static str = "STONEJUDGE_SANDBOX_WITHOUT";

    pub fn name(self) -> &'static str {
        match self {
            Feature::Namespaces => "namespaces",
            Feature::Landlock => "landlock",
            Feature::Seccomp => "seccomp",
        }
    }

    pub fn parse(name: &str) -> Option<Feature> {
        Feature::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether [`Feature::WITHOUT_VAR`] switches this feature off.
    pub fn simulated_missing(self) -> bool {
        switched_off(self.name())
    }
}

/// The name of memory accounting by cgroup (see [`super::cgroup`]) in
/// [`Feature::WITHOUT_VAR`]: not a feature a launch server sets up, since the judge makes
/// the cgroups and reads them.
pub(crate) const MEMORY_CGROUP: &str = "cgroup";

/// Whether [`Feature::WITHOUT_VAR`] names `name`.
pub(crate) fn switched_off(name: &str) -> bool {
    std::env::var(Feature::WITHOUT_VAR)
        .is_ok_and(|list| list.split(',').any(|item| item.trim() == name))
}

/// How the report names the socket rule of the seccomp filter.
const NO_SOCKETS: &str = "seccomp: no sockets but connected pairs";

/// Bits of the protections a server has in force, as it reports them to the judge.
pub(crate) struct Protection;

impl Protection {
    pub const NETWORK_NAMESPACE: u32 = 1;
    /// The seccomp filter refuses `socket` (see [`super::syscalls`]).
    pub const SOCKETS: u32 = 1 << 1;
    pub const FILES: u32 = 1 << 2;
    pub const PID_NAMESPACE: u32 = 1 << 3;
    pub const PID_CAP: u32 = 1 << 4;
    pub const NPROC: u32 = 1 << 5;
    pub const PRIVILEGES: u32 = 1 << 6;
    pub const MEMORY_CGROUP_V1: u32 = 1 << 7;
    pub const MEMORY_CGROUP_V2: u32 = 1 << 8;
    /// A private root of read-only mounts (see [`super::private_root`]).
    pub const FILE_SYSTEM: u32 = 1 << 9;
    /// Programs run as a user and group of their own (see [`super::identity`]).
    pub const IDENTITY: u32 = 1 << 10;
}

/// The protections in force for the programs of a runner, as the JSON reports record them:
/// for each, how it is provided, or `None` when it is not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Protections {
    pub mode: Sandbox,
    /// No network and no UNIX socket outside: seccomp refusing sockets (a pair of connected
    /// ones excepted), in a network namespace where there is one.
    pub network: Option<String>,
    /// Reads only the system's directories, the program's own files and what the judge gives
    /// it, and writes only its scratch directory (Landlock).
    pub files: Option<String>,
    /// Sees only those, in a private root where nothing but the scratch directory is
    /// writable: so it changes nothing else (no content, mode, owner, time or extended
    /// attribute of any file, its own binary and the jury's files included), and sees neither
    /// the machine's other files nor its mounts.
    pub file_system: Option<String>,
    /// Runs as a user of its own that owns no file (where the judge runs as root; otherwise
    /// as the judge's user, which the private root keeps from changing anything).
    pub identity: Option<String>,
    /// Processes contained: the program's descendants die with it, and none can signal or
    /// see anything outside.
    pub processes: Option<String>,
    /// A cap on the number of processes (a fork storm stops).
    pub process_limit: Option<String>,
    /// No new privileges, no capabilities, no ptrace.
    pub privileges: Option<String>,
    /// Memory limited and measured by a cgroup, so that MLE means the limit was hit; without
    /// it, by `RLIMIT_AS` and the run's signs (see `run::outcome`). Not a confinement:
    /// `strict` runs without it (see [`Protections::absent`]).
    pub memory: Option<String>,
    /// Why what is missing is missing, one line per feature.
    pub missing: Vec<String>,
}

impl Protections {
    /// Nothing in force: `--sandbox off`.
    pub fn off() -> Protections {
        Protections::from_bits(Sandbox::Off, 0, Vec::new())
    }

    pub(crate) fn from_bits(mode: Sandbox, bits: u32, missing: Vec<String>) -> Protections {
        let has = |bit: u32| bits & bit != 0;
        let say = |condition: bool, text: &str| condition.then(|| text.to_string());
        Protections {
            mode,
            network: match (has(Protection::SOCKETS), has(Protection::NETWORK_NAMESPACE)) {
                (true, true) => Some(format!("network namespace; {NO_SOCKETS}")),
                (true, false) => Some(NO_SOCKETS.to_string()),
                (false, _) => None,
            },
            files: say(has(Protection::FILES), "landlock"),
            file_system: say(
                has(Protection::FILE_SYSTEM),
                "private root of read-only mounts, the scratch directory alone writable",
            ),
            identity: say(
                has(Protection::IDENTITY),
                &format!(
                    "uid and gid {} + the launch server's pid, owning no file",
                    super::identity::FIRST_ID
                ),
            ),
            processes: say(
                has(Protection::PID_NAMESPACE),
                "pid namespace, swept after each run",
            ),
            process_limit: say(
                has(Protection::PID_CAP),
                &format!("pid namespace of at most {} processes", PID_CAP),
            )
            .or_else(|| {
                say(
                    has(Protection::NPROC),
                    &format!("RLIMIT_NPROC {} in a user namespace", NPROC),
                )
            }),
            privileges: say(
                has(Protection::PRIVILEGES),
                match has(Protection::IDENTITY) {
                    true => {
                        "no_new_privs; no capability but CAP_DAC_READ_SEARCH, to read what \
                             it may read (its user owns nothing); seccomp: no namespaces, \
                             mounts, ptrace, keys, BPF, io_uring and more"
                    }
                    false => {
                        "no_new_privs; no capabilities; seccomp: no namespaces, mounts, \
                              ptrace, keys, BPF, io_uring and more"
                    }
                },
            ),
            memory: say(has(Protection::MEMORY_CGROUP_V1), Version::V1.describe())
                .or_else(|| say(has(Protection::MEMORY_CGROUP_V2), Version::V2.describe())),
            missing,
        }
    }

    /// The protections that are not in force, by name: what `strict` requires. Memory
    /// accounting is not among them: without a cgroup the memory limit still holds (as
    /// `RLIMIT_AS`), nothing a program does reaches further, and only the verdict of a program
    /// that gives up on its own when an allocation fails is judged from signs of the run; while
    /// a memory cgroup needs root or a delegated cgroup, which the machines `strict` is for
    /// (CI runners, a contributor's laptop) often do not give.
    pub fn absent(&self) -> Vec<&'static str> {
        [
            ("network", &self.network),
            ("files", &self.files),
            ("file system", &self.file_system),
            ("processes", &self.processes),
            ("process limit", &self.process_limit),
            ("privileges", &self.privileges),
        ]
        .into_iter()
        .filter(|(_, how)| how.is_none())
        .map(|(name, _)| name)
        .collect()
    }

    /// One paragraph for standard error: which protections are missing and why, or `None`
    /// when nothing is (or nothing was asked for).
    pub fn shortfall(&self) -> Option<String> {
        let absent = self.absent();
        if self.mode == Sandbox::Off || (absent.is_empty() && self.memory.is_some()) {
            return None;
        }
        let mut lines = Vec::new();
        if !absent.is_empty() {
            lines.push(format!("sandbox: not confined in {}", absent.join(", ")));
        }
        if self.memory.is_none() {
            lines.push(
                "sandbox: no memory cgroup: memory is limited as address space, and MLE is \
                 judged from the run"
                    .to_string(),
            );
        }
        let mut text = lines.join("\n");
        for why in &self.missing {
            text.push_str(&format!("\n  {why}"));
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everything_or_the_shortfall() {
        let all = Protection::NETWORK_NAMESPACE
            | Protection::SOCKETS
            | Protection::FILES
            | Protection::FILE_SYSTEM
            | Protection::PID_NAMESPACE
            | Protection::PID_CAP
            | Protection::PRIVILEGES
            | Protection::MEMORY_CGROUP_V1;
        assert_eq!(
            Protections::from_bits(Sandbox::Auto, all, vec![]).shortfall(),
            None
        );
        let some = Protections::from_bits(
            Sandbox::Auto,
            Protection::SOCKETS | Protection::FILES | Protection::PRIVILEGES,
            vec!["namespaces: switched off".into()],
        );
        assert_eq!(some.absent(), ["file system", "processes", "process limit"]);
        // A network namespace without the socket rule leaves UNIX sockets outside reachable.
        let no_filter =
            Protections::from_bits(Sandbox::Auto, Protection::NETWORK_NAMESPACE, vec![]);
        assert!(no_filter.absent().contains(&"network"));
        let text = some.shortfall().unwrap();
        assert!(text.contains("system, processes, process limit") && text.contains("switched off"));
        assert!(text.contains("no memory cgroup"), "{text}");
        // Memory accounting alone missing: said, but strict would still run.
        let no_cgroup = Protections::from_bits(
            Sandbox::Strict,
            all & !Protection::MEMORY_CGROUP_V1,
            vec!["cgroup: switched off".into()],
        );
        assert!(no_cgroup.absent().is_empty());
        let text = no_cgroup.shortfall().unwrap();
        assert!(!text.contains("not confined") && text.contains("no memory cgroup"));
        assert_eq!(Protections::off().shortfall(), None);
        assert_eq!("strict".parse::<Sandbox>(), Ok(Sandbox::Strict));
        assert!("on".parse::<Sandbox>().is_err());
    }
}
