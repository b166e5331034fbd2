//! Confinement, the judge's side: the `--sandbox` mode, the kernel features it uses, and the
//! protections a launch server reports in force (see [`super::confine`] for how they are
//! made).

use serde::Serialize;

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

    /// Names features to treat as missing, comma-separated (`namespaces,landlock,seccomp`):
    /// how a kernel without them is simulated, in tests and by users who want to see what
    /// `auto` does there.
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
        std::env::var(Self::WITHOUT_VAR)
            .is_ok_and(|list| list.split(',').any(|name| name.trim() == self.name()))
    }
}

/// Bits of the protections a server has in force, as it reports them to the judge.
pub(crate) struct Protection;

impl Protection {
    pub const NETWORK_NAMESPACE: u32 = 1;
    pub const NETWORK_SECCOMP: u32 = 1 << 1;
    pub const FILES: u32 = 1 << 2;
    pub const PID_NAMESPACE: u32 = 1 << 3;
    pub const PID_CAP: u32 = 1 << 4;
    pub const NPROC: u32 = 1 << 5;
    pub const PRIVILEGES: u32 = 1 << 6;
}

/// The protections in force for the programs of a runner, as the JSON reports record them:
/// for each, how it is provided, or `None` when it is not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Protections {
    pub mode: Sandbox,
    /// No network: a network namespace, or seccomp refusing sockets.
    pub network: Option<String>,
    /// Only the system's directories, the program's own files and its scratch directory.
    pub files: Option<String>,
    /// Processes contained: the program's descendants die with it, and none can signal or
    /// see anything outside.
    pub processes: Option<String>,
    /// A cap on the number of processes (a fork storm stops).
    pub process_limit: Option<String>,
    /// No new privileges, no capabilities, no ptrace.
    pub privileges: Option<String>,
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
            network: say(has(Protection::NETWORK_NAMESPACE), "network namespace").or_else(|| {
                say(
                    has(Protection::NETWORK_SECCOMP),
                    "seccomp: no sockets but AF_UNIX",
                )
            }),
            files: say(has(Protection::FILES), "landlock"),
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
                "no_new_privs, no capabilities, seccomp: no ptrace",
            ),
            missing,
        }
    }

    /// The protections that are not in force, by name.
    pub fn absent(&self) -> Vec<&'static str> {
        [
            ("network", &self.network),
            ("files", &self.files),
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
        if self.mode == Sandbox::Off || absent.is_empty() {
            return None;
        }
        let mut text = format!("sandbox: not confined in {}", absent.join(", "));
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
            | Protection::FILES
            | Protection::PID_NAMESPACE
            | Protection::PID_CAP
            | Protection::PRIVILEGES;
        assert_eq!(
            Protections::from_bits(Sandbox::Auto, all, vec![]).shortfall(),
            None
        );
        let some = Protections::from_bits(
            Sandbox::Auto,
            Protection::NETWORK_SECCOMP | Protection::FILES | Protection::PRIVILEGES,
            vec!["namespaces: switched off".into()],
        );
        assert_eq!(some.absent(), ["processes", "process limit"]);
        let text = some.shortfall().unwrap();
        assert!(text.contains("processes, process limit") && text.contains("switched off"));
        assert_eq!(Protections::off().shortfall(), None);
        assert_eq!("strict".parse::<Sandbox>(), Ok(Sandbox::Strict));
        assert!("on".parse::<Sandbox>().is_err());
    }
}
