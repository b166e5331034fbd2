//! Program-backed problems: a problem folder whose `problem.toml` has a `[programs]` table
//! (see [`crate::formats::manifest`]) is generated, validated, solved and checked by programs
//! in the folder, in the conventions of testlib and the ICPC package format:
//!
//! - the **generator** gets `-KEY=VALUE` for each parameter of the plan, then `-seed=N`, and
//!   prints one input; a generator that fails, prints nothing, or prints different bytes when
//!   run twice on the same arguments is an error of the problem;
//! - the **validator** reads an input on standard input and exits 0 if it is valid; any other
//!   exit code means invalid, with its standard error as the reason;
//! - the **reference** (and the optional **brute** force) read an input and print the answer;
//! - the optional **checker** speaks testlib's protocol ([`checker`]); without one, outputs
//!   are compared as the Kattis default validator does, with `checker_flags`;
//! - the optional **interactor** makes the problem interactive: every program plays against
//!   it ([`crate::judge::interactive`], the Kattis or the testlib protocol), the reference
//!   too, whose game gives each answer file ([`ProgramTools::solve`]).
//!
//! Every program is prepared once, when first needed (sources compiled through the cache, so
//! that judging, which needs only the checker, pays for nothing else), and run through
//! [`crate::run`] under the jury's limits ([`crate::run::jury`]: one that reaches them is the
//! problem's fault, naming it); that each named file exists is checked at once. Whatever goes wrong with them is the problem's
//! fault, reported as a string naming the program, never as a contestant's verdict.

pub mod checker;
pub mod shrink;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use crate::formats::manifest::{ProgramPath, ProgramsSection};
use crate::judge::interactive::{self, Interactor, Protocol};
use crate::judge::{Checker, Judging};
use crate::run::jury::beyond_limits;
use crate::run::{Cache, Limits, Program, Run, Runner, Stdin};
use crate::text::show;
pub use checker::ProgramChecker;

/// CPU time the brute force program gets on one input in `stonejudge brute` (past it, the
/// input is too large for it).
pub const BRUTE_TIME: Duration = Duration::from_secs(10);

/// The programs of a program-backed problem, prepared to run.
pub struct ProgramTools<'a> {
    runner: &'a Runner,
    generator: Lazy<'a>,
    validator: Lazy<'a>,
    reference: Lazy<'a>,
    brute: Option<Lazy<'a>>,
    checker: ProgramChecker<'a>,
    interactor: Option<Interactor>,
}

/// A program prepared when first needed.
struct Lazy<'a> {
    role: &'static str,
    path: ProgramPath,
    manifest: PathBuf,
    runner: &'a Runner,
    cache: &'a Cache,
    prepared: OnceLock<Result<Tool, String>>,
}

impl<'a> Lazy<'a> {
    /// Checks that the program's file exists; it is prepared by [`Lazy::get`].
    fn new(
        role: &'static str,
        path: &ProgramPath,
        manifest: &Path,
        runner: &'a Runner,
        cache: &'a Cache,
    ) -> Result<Lazy<'a>, String> {
        if !path.path.exists() {
            return Err(format!(
                "{}:{}:{}: {role} {}: {} does not exist",
                manifest.display(),
                path.at.line,
                path.at.col,
                path.written,
                path.path.display()
            ));
        }
        Ok(Lazy {
            role,
            path: path.clone(),
            manifest: manifest.to_owned(),
            runner,
            cache,
            prepared: OnceLock::new(),
        })
    }

    fn get(&self) -> Result<&Tool, String> {
        self.prepared
            .get_or_init(|| {
                Tool::prepare(
                    self.role,
                    &self.path,
                    &self.manifest,
                    self.runner,
                    self.cache,
                )
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// One prepared program and how messages name it (`generator gen.py`).
pub struct Tool {
    pub(crate) program: Program,
    pub(crate) shown: String,
}

impl Tool {
    /// Prepares the program at `path`; an error names `problem.toml`'s line and the file.
    fn prepare(
        role: &str,
        path: &ProgramPath,
        manifest: &Path,
        runner: &Runner,
        cache: &Cache,
    ) -> Result<Tool, String> {
        let shown = format!("{role} {}", path.written);
        Program::prepare(&path.path, &[], runner, cache)
            .map(|program| Tool { program, shown })
            .map_err(|e| {
                format!(
                    "{}:{}:{}: {role} {}: {e}",
                    manifest.display(),
                    path.at.line,
                    path.at.col,
                    path.written
                )
            })
    }
}

impl<'a> ProgramTools<'a> {
    /// The programs of `programs` (read from the manifest at `manifest`): each file must
    /// exist; the checker is prepared at once (whatever judges needs it), the others when
    /// first used.
    pub fn prepare(
        programs: &ProgramsSection,
        manifest: &Path,
        runner: &'a Runner,
        cache: &'a Cache,
    ) -> Result<ProgramTools<'a>, String> {
        let lazy =
            |role: &'static str, path: &ProgramPath| Lazy::new(role, path, manifest, runner, cache);
        let generator = lazy("generator", &programs.generator)?;
        let validator = lazy("validator", &programs.validator)?;
        let reference = lazy("reference", &programs.reference)?;
        let brute = (programs.brute.as_ref())
            .map(|path| lazy("brute", path))
            .transpose()?;
        let checker = match &programs.checker {
            Some(path) => {
                lazy("checker", path)?;
                ProgramChecker::Testlib {
                    tool: Tool::prepare("checker", path, manifest, runner, cache)?,
                    runner,
                }
            }
            None => ProgramChecker::Default(programs.checker_flags),
        };
        // Like the checker, prepared at once: every judgement needs it.
        let interactor = match &programs.interactor {
            Some(interactor) => {
                lazy("interactor", &interactor.path)?;
                let tool = Tool::prepare("interactor", &interactor.path, manifest, runner, cache)?;
                Some(Interactor {
                    program: tool.program,
                    flags: Vec::new(),
                    limits: runner.jury().of_message(None),
                    protocol: interactor.protocol,
                })
            }
            None => None,
        };
        Ok(ProgramTools {
            runner,
            generator,
            validator,
            reference,
            brute,
            checker,
            interactor,
        })
    }

    /// The input the generator prints for `params` and `seed`. With `twice`, the generator
    /// runs a second time and must print the same bytes.
    pub fn generate(
        &self,
        seed: u64,
        params: &[(String, String)],
        twice: bool,
    ) -> Result<String, String> {
        let generator = self.generator.get()?;
        let mut invocation = generator.program.invocation.clone();
        let mut shown_args = Vec::new();
        for (key, value) in params {
            shown_args.push(format!("-{key}={value}"));
        }
        shown_args.push(format!("-seed={seed}"));
        invocation = invocation.args(shown_args.iter().cloned());
        let call = format!("{} {}", generator.shown, shown_args.join(" "));
        let once = || -> Result<String, String> {
            let run = self.run(generator, &invocation, Stdin::Empty, self.data_limits())?;
            if let Some(why) = failure(generator, &run) {
                return Err(format!("{call}: {why}"));
            }
            if run.stdout.is_empty() {
                return Err(format!("{call}: printed nothing"));
            }
            String::from_utf8(run.stdout)
                .map_err(|_| format!("{call}: printed bytes that are not UTF-8"))
        };
        let input = once()?;
        if twice {
            let again = once()?;
            if again != input {
                return Err(format!(
                    "{call}: not deterministic: a second run printed other bytes ({} and {} bytes; \
                     seed every random choice from -seed)",
                    input.len(),
                    again.len()
                ));
            }
        }
        Ok(input)
    }

    /// `Ok(Ok)` if the validator accepts `input`, `Ok(Err(why))` if it rejects it (exit code
    /// not 0), `Err` if it cannot judge (it crashed on a signal or ran out of time).
    pub fn validate(&self, input: &[u8]) -> Result<Result<(), String>, String> {
        let validator = self.validator.get()?;
        let limits = self.runner.jury().of_message(None);
        let invocation = &validator.program.invocation;
        let run = self.run(validator, invocation, Stdin::Bytes(input), limits)?;
        if let Some(why) = beyond_limits(&format!("the {}", validator.shown), &run) {
            return Err(why);
        }
        if matches!(run.exit, crate::run::Exit::Signal(_)) {
            return Err(format!(
                "{}: {}",
                validator.shown,
                failure(validator, &run).unwrap_or_default()
            ));
        }
        if run.exit.success() {
            return Ok(Ok(()));
        }
        let why = String::from_utf8_lossy(&run.stderr);
        let why = why.trim();
        Ok(Err(format!(
            "rejected by the {} ({}){}",
            validator.shown,
            run.exit,
            if why.is_empty() {
                String::new()
            } else {
                format!(": {}", show::truncated(why.as_bytes(), 300))
            }
        )))
    }

    /// The reference's answer to `input`. In an interactive problem the reference plays
    /// against the interactor (given an empty answer file: there is none yet), which must
    /// accept it; the answer is what the reference wrote (Kattis protocol), or what the
    /// interactor wrote to its OUTPUT file (testlib's, as Polygon makes answer files).
    pub fn solve(&self, input: &[u8]) -> Result<String, String> {
        let reference = self.reference.get()?;
        let Some(interactor) = &self.interactor else {
            return self.answer(reference, input);
        };
        let limits = self.data_limits();
        let invocation = &reference.program.invocation;
        let test = (input, &b""[..]);
        let played =
            interactive::play_test(self.runner, invocation, &limits, interactor, test, true);
        if !played.judged.accepted() {
            return Err(format!(
                "the {} against the interactor {}: {} ({})",
                reference.shown,
                interactor.program.given.display(),
                played.judged.verdict,
                first_line(&played.judged.message)
            ));
        }
        let answer = match interactor.protocol {
            Protocol::Kattis => {
                let said = played.run.map(|run| run.stdout).unwrap_or_default();
                if said.len() as u64 >= crate::run::TWO_WAY_OUTPUT_KEPT {
                    return Err(format!(
                        "the {} wrote {} bytes or more to the interactor, more than an answer \
                         file keeps (the testlib protocol makes answers of the interactor's \
                         OUTPUT instead)",
                        reference.shown,
                        crate::run::TWO_WAY_OUTPUT_KEPT
                    ));
                }
                said
            }
            Protocol::Testlib => played.interactor_output,
        };
        String::from_utf8(answer)
            .map_err(|_| format!("the answer of the {}'s game is not UTF-8", reference.shown))
    }

    /// How a program is judged: against the interactor of an interactive problem, else its
    /// output by the checker.
    pub fn judging(&self) -> Judging<'_> {
        match &self.interactor {
            Some(interactor) => Judging::Interactor(interactor),
            None => Judging::Output(&self.checker),
        }
    }

    /// Whether the problem is interactive (it has an interactor).
    pub fn is_interactive(&self) -> bool {
        self.interactor.is_some()
    }

    /// The brute force program's answer to `input` within `budget` of CPU time (`Ok(None)` if
    /// it ran out of time: the input is too large for it), if the problem has one.
    pub fn brute(&self, input: &[u8], budget: Duration) -> Option<Result<Option<String>, String>> {
        let brute = self.brute.as_ref()?;
        Some(brute.get().and_then(|tool| {
            let invocation = &tool.program.invocation;
            let run = self.run(
                tool,
                invocation,
                Stdin::Bytes(input),
                Limits::for_tools(budget),
            )?;
            if run.time_limit_hit() {
                return Ok(None);
            }
            output(tool, run).map(Some)
        }))
    }

    /// Whether the problem has a brute force program.
    pub fn has_brute(&self) -> bool {
        self.brute.is_some()
    }

    /// What judges an output: the checker program, or the default token comparison.
    pub fn checker(&self) -> &dyn Checker {
        &self.checker
    }

    /// The reference solution, prepared.
    pub fn reference(&self) -> Result<&Program, String> {
        self.reference.get().map(|tool| &tool.program)
    }

    /// The output of `tool` on `input`, which must end well.
    fn answer(&self, tool: &Tool, input: &[u8]) -> Result<String, String> {
        let limits = self.data_limits();
        let run = self.run(tool, &tool.program.invocation, Stdin::Bytes(input), limits)?;
        output(tool, run)
    }

    /// The limits of a program whose output is test data (the generator, the reference).
    fn data_limits(&self) -> Limits {
        self.runner.jury().of_data()
    }

    /// A run of `tool` under `limits`.
    fn run(
        &self,
        tool: &Tool,
        invocation: &crate::run::Invocation,
        stdin: Stdin<'_>,
        limits: Limits,
    ) -> Result<Run, String> {
        self.runner
            .run(invocation, stdin, &limits)
            .map_err(|e| format!("cannot run the {}: {e}", tool.shown))
    }
}

/// The output of a run of `tool`, which must have ended well.
fn output(tool: &Tool, run: Run) -> Result<String, String> {
    if let Some(why) = failure(tool, &run) {
        return Err(format!("{}: {why}", tool.shown));
    }
    String::from_utf8(run.stdout)
        .map_err(|_| format!("{}: printed bytes that are not UTF-8", tool.shown))
}

/// The first line of a message.
fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

/// Why a run of `tool` failed, if it did: beyond its limits (it hung, flooded its output or
/// ran out of memory), or its own ending (a crash, an exit code other than 0).
fn failure(tool: &Tool, run: &Run) -> Option<String> {
    if let Some(why) = beyond_limits(&format!("the {}", tool.shown), run) {
        return Some(why);
    }
    run.verdict_with_stderr()
        .map(|(verdict, why)| format!("failed ({verdict}): {why}"))
}
