//! The jury's programs of an exported sinol-make package, from the model's: the checker
//! (`prog/<id>chk.<ext>`), the input validator (`prog/<id>inwer.<ext>`) and the interactor
//! (`prog/<id>soc.<ext>`). A program that already speaks sinol-make's protocol is copied as
//! it is; a C or C++ one speaking another is wrapped in a prelude (this folder's `.cpp`
//! files) that calls its `main` and translates what it says, as the Kattis writer wraps a
//! testlib checker; what cannot be translated is refused or left out, with why.
//!
//! sinol-make compiles a program of `prog/` there, with no include path of its own
//! (`helpers/compile.py`): the headers a program includes are copied beside it, from its
//! folder and its [`ProgramFile::include`] folders (a Polygon package's `files/`), and its
//! [`ProgramFile::defines`] become `#define`s at its top (but `FOR_WINDOWS`: the tests are
//! written with LF line ends).

use std::path::{Path, PathBuf};

use super::read;
use crate::archive::export::uniform_output_args;
use crate::model::{
    Checker, CheckerProtocol, InteractorProtocol, PortableChecker, PortableLanguage,
    PortableSource, Problem, ProgramFile, Tool, ValidatorProtocol,
};

/// Wraps a testlib checker into sinol's checker protocol.
const TESTLIB_CHECKER_PRELUDE: &str = include_str!("testlib_checker_prelude.cpp");
/// Wraps a Kattis output validator into sinol's checker protocol.
const KATTIS_CHECKER_PRELUDE: &str = include_str!("kattis_checker_prelude.cpp");
/// Wraps a validator that accepts with another exit status, or needs arguments, into an inwer.
const INWER_PRELUDE: &str = include_str!("inwer_prelude.cpp");
/// sinol-make builds every C and C++ program with `-Werror` and its own warnings; a jury's
/// program written for another format (and testlib.h) was not, and fails to build there on a
/// shadowed name or a float compared with `==`.
const UNWARNED: &str =
    "// Added by stonejudge's export: sinol-make builds with -Werror -Wall -Wextra \
    -Wshadow\n// -Wconversion -Wfloat-equal; this program was written without them.\n\
    #pragma GCC diagnostic ignored \"-Wall\"\n#pragma GCC diagnostic ignored \"-Wextra\"\n\
    #pragma GCC diagnostic ignored \"-Wshadow\"\n#pragma GCC diagnostic ignored \"-Wconversion\"\n\
    #pragma GCC diagnostic ignored \"-Wsign-conversion\"\n\
    #pragma GCC diagnostic ignored \"-Wfloat-equal\"\n";

/// The extensions of the programs sinol-make compiles and runs (`helpers/compile.py`).
pub const RUNNABLE: [&str; 5] = ["c", "cpp", "cc", "py", "rs"];

/// The ending a program of ending `extension` is written with: sinol-make finds a
/// package's programs by `c`, `cpp`, `py`, `java` and `rs` (`get_all_code_files`), so a
/// `.cc` one, which it compiles as C++, is written as `.cpp` (it found no model solution).
pub fn written_extension(extension: &str) -> String {
    match extension {
        "cc" => "cpp".to_string(),
        other => other.to_string(),
    }
}

/// A program as it goes into `prog/`: its source text and the headers beside it.
#[derive(Debug, Clone)]
pub struct JuryProgram {
    /// `chk`, `inwer` or `soc`: the file is `prog/<id><role>.<extension>`.
    pub role: &'static str,
    pub extension: String,
    pub text: String,
    /// Headers by file name, written beside it.
    pub headers: Vec<(String, String)>,
}

/// The jury's programs of the package, and the ones left out with why.
#[derive(Debug, Default)]
pub struct Jury {
    pub programs: Vec<JuryProgram>,
    pub left_out: Vec<(PathBuf, String)>,
}

/// A program's source as the writer holds it: its extension, text and headers.
struct Source {
    extension: String,
    text: String,
    headers: Vec<(String, String)>,
}

impl Jury {
    /// The jury of `problem`, or why sinol-make cannot judge it as the problem does
    /// (`(not supported)`), decided before anything is written.
    pub fn of(problem: &Problem) -> Result<Jury, String> {
        let refused = |why: String| Err(format!("{}: {why} (not supported)", problem.name));
        let mut jury = Jury::default();
        if let Some(interactor) = &problem.programs.interactor {
            match (&interactor.program, interactor.protocol) {
                (Tool::Program(file), InteractorProtocol::Sinol) => {
                    let source = Source::of_file(file)?;
                    if !RUNNABLE.contains(&source.extension.as_str()) {
                        return refused(format!(
                            "its interactor {} is in a language sinol-make does not run",
                            file.path.display()
                        ));
                    }
                    jury.programs.push(source.copied("soc"));
                }
                (_, protocol) => {
                    return refused(format!(
                        "its interactor speaks the {protocol:?} protocol, and sinol-make's \
                         interactive tasks talk to an interactor in sio2's"
                    ))
                }
            }
        }
        if let Some(checker) = checker(problem).map_err(|why| format!("{}: {why}", problem.name))? {
            jury.programs.push(checker);
        }
        jury.inwer(problem)?;
        Ok(jury)
    }

    /// The first input validator as inwer, when sinol-make can run it as it runs here; the
    /// others, and one it cannot, are left out with why (sinol-make runs one inwer, and none
    /// is required).
    fn inwer(&mut self, problem: &Problem) -> Result<(), String> {
        let mut written = false;
        for validator in &problem.programs.input_validators {
            let name = match &validator.program {
                Tool::Program(file) => file.path.clone(),
                Tool::BuiltIn { name, .. } => PathBuf::from(name),
            };
            let leave = |why: &str| (name.clone(), why.to_string());
            let accepts = match validator.protocol {
                _ if written => {
                    self.left_out
                        .push(leave("sinol-make runs one inwer, the first validator's"));
                    continue;
                }
                ValidatorProtocol::Inwer => None,
                ValidatorProtocol::ExitZero => Some(0),
                ValidatorProtocol::Kattis => Some(42),
                ValidatorProtocol::Checktestdata | ValidatorProtocol::BuiltIn => {
                    self.left_out.push(leave(
                        "a checktestdata script or a built-in validator: sinol-make runs an \
                         inwer program",
                    ));
                    continue;
                }
            };
            let Tool::Program(file) = &validator.program else {
                self.left_out.push(leave(
                    "a built-in validator: sinol-make runs an inwer program",
                ));
                continue;
            };
            let source = Source::of_file(file)?;
            let Some(accepts) = accepts else {
                self.programs.push(source.copied("inwer"));
                written = true;
                continue;
            };
            let args = match uniform_input_args(problem) {
                Ok(args) => args,
                Err(why) => {
                    self.left_out.push(leave(&why));
                    continue;
                }
            };
            if accepts == 0 && args.is_empty() {
                self.programs.push(source.copied("inwer"));
            } else if ["c", "cpp", "cc"].contains(&source.extension.as_str()) {
                let head = format!(
                    "static const int stonejudge_accepts = {accepts};\n{}",
                    c_strings(&args)
                );
                self.programs
                    .push(source.wrapped("inwer", &head, INWER_PRELUDE));
            } else {
                self.left_out.push(leave(
                    "it accepts with exit 42 or takes arguments, and only a C or C++ validator \
                     is wrapped into an inwer that accepts with exit 0",
                ));
                continue;
            }
            written = true;
        }
        Ok(())
    }
}

/// The checker of `problem` as sinol's `chk`, `None` for the comparison of tokens, or why
/// sinol-make cannot judge its answers as it does.
fn checker(problem: &Problem) -> Result<Option<JuryProgram>, String> {
    // The tests' own arguments (a group's `output_validator_args`) go to the default
    // comparison after its flags, as to a checker program after the problem's.
    let args = uniform_output_args(problem).map_err(|why| {
        format!("{why}, and sinol-make's checker gets the same three files on every test (not supported)")
    })?;
    let compare = |flags: &[String]| match [flags, &args].concat() {
        // Kattis' default comparison is case-sensitive and ignores the amount of white space:
        // sinol-make's comparison of tokens does the same.
        flags if flags.iter().all(|flag| flag == "case_sensitive") => Ok(None),
        flags => Err(format!(
            "its answers are compared with the flags {flags:?}, and sinol-make compares tokens \
             exactly (not supported)"
        )),
    };
    let (source, protocol) = match &problem.programs.checker {
        Checker::Default { flags } => return compare(flags),
        Checker::BuiltIn { portable, .. } => match portable {
            PortableChecker::Compare { flags } => return compare(flags),
            PortableChecker::Program(portable) => {
                (Source::of_portable(portable)?, CheckerProtocol::Kattis)
            }
            PortableChecker::Missing(why) => return Err(format!("{why} (not supported)")),
        },
        Checker::Program { program, protocol } => {
            let source = match program {
                Tool::Program(file) => Source::of_file(file)?,
                Tool::BuiltIn {
                    portable: Some(portable),
                    ..
                } => Source::of_portable(portable)?,
                Tool::BuiltIn { name, .. } => {
                    return Err(format!(
                        "its checker is {name}, built into stonejudge, with no source a \
                         package can hold (not supported)"
                    ))
                }
            };
            (source, *protocol)
        }
    };
    let args = [problem.programs.checker_args.as_slice(), &args].concat();
    let c_family = ["c", "cpp", "cc"].contains(&source.extension.as_str());
    match protocol {
        CheckerProtocol::Sinol
            if args.is_empty() && RUNNABLE.contains(&source.extension.as_str()) =>
        {
            Ok(Some(source.copied("chk")))
        }
        CheckerProtocol::Testlib if args.is_empty() && c_family => {
            Ok(Some(source.wrapped("chk", "", TESTLIB_CHECKER_PRELUDE)))
        }
        CheckerProtocol::Kattis if args.is_empty() && c_family => {
            Ok(Some(source.wrapped("chk", "", KATTIS_CHECKER_PRELUDE)))
        }
        protocol => Err(format!(
            "its checker speaks the {protocol:?} protocol in .{}{}: only a C or C++ testlib \
             checker or Kattis output validator is wrapped into sinol's protocol, and a sinol \
             checker copied (not supported)",
            source.extension,
            match args.is_empty() {
                true => String::new(),
                false => format!(", with the arguments {args:?}"),
            }
        )),
    }
}

/// The arguments the input validator gets on every case, or why they differ from case to
/// case.
fn uniform_input_args(problem: &Problem) -> Result<Vec<String>, String> {
    let mut seen: Vec<&[String]> = Vec::new();
    for case in problem.judged_cases() {
        let (args, by_name) = match &case.own_args {
            Some(own) => (&own.input_validator_args, &own.input_validator_args_by_name),
            None => match problem.groups.iter().find(|group| group.name == case.group) {
                Some(group) => (
                    &group.input_validator_args,
                    &group.input_validator_args_by_name,
                ),
                None => continue,
            },
        };
        if !by_name.is_empty() {
            return Err("it gets arguments by its name, which an inwer does not".to_string());
        }
        if !seen.contains(&args.as_slice()) {
            seen.push(args);
        }
    }
    match seen.as_slice() {
        [] => Ok(Vec::new()),
        [args] => Ok(args.to_vec()),
        _ => Err(
            "it gets other arguments on other tests, and sinol-make's inwer gets only the \
             test's name"
                .to_string(),
        ),
    }
}

/// `stonejudge_args`, the arguments a prelude gives the program, as a C array ending in 0.
fn c_strings(args: &[String]) -> String {
    let quoted: Vec<String> = (args.iter())
        .map(|arg| format!("{:?}", arg))
        .chain(std::iter::once("0".to_string()))
        .collect();
    format!(
        "static const char* const stonejudge_args[] = {{{}}};\n",
        quoted.join(", ")
    )
}

impl Source {
    /// A program file of the problem: a single source (a folder program is refused), its
    /// defines on top, and the headers of its folder and include folders.
    fn of_file(file: &ProgramFile) -> Result<Source, String> {
        // A folder program of one source (a Kattis validator's folder) is that source.
        let sources: Vec<PathBuf> = match file.path.is_dir() {
            true => (std::fs::read_dir(&file.path).into_iter().flatten())
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| {
                    path.extension()
                        .is_some_and(|e| RUNNABLE.contains(&e.to_string_lossy().as_ref()))
                })
                .collect(),
            false => vec![file.path.clone()],
        };
        let [path] = sources.as_slice() else {
            return Err(format!(
                "{}: a program of several files; sinol-make compiles one source (not supported)",
                file.path.display()
            ));
        };
        let extension = (path.extension().and_then(|e| e.to_str()))
            .unwrap_or_default()
            .to_string();
        let mut text = String::new();
        // The tests are written with LF line ends: a Windows build (`FOR_WINDOWS`, testlib
        // reading CR LF) would read them wrongly.
        for define in file.defines.iter().filter(|d| *d != "FOR_WINDOWS") {
            let (name, value) = define.split_once('=').unwrap_or((define, ""));
            text.push_str(&format!("#define {name} {value}\n"));
        }
        text.push_str(&read(path)?);
        let mut headers: Vec<(String, String)> = Vec::new();
        let folders = std::iter::once(path.parent().unwrap_or(Path::new(".")))
            .chain(file.include.iter().map(PathBuf::as_path));
        for folder in folders {
            for header in headers_in(folder) {
                let name = header
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                if !headers.iter().any(|(seen, _)| *seen == name) {
                    headers.push((name, read(&header)?));
                }
            }
        }
        // Beside it, a header included as <name> from an include folder is "name".
        for (name, _) in &headers {
            text = text.replace(
                &format!("#include <{name}>"),
                &format!("#include \"{name}\""),
            );
        }
        Ok(Source {
            extension,
            text,
            headers,
        })
    }

    /// A built-in program's portable C++ source, its headers beside it.
    fn of_portable(portable: &PortableSource) -> Result<Source, String> {
        match (portable.language, portable.files.split_first()) {
            (PortableLanguage::Cpp, Some(((_, text), headers))) => Ok(Source {
                extension: "cpp".to_string(),
                text: text.clone(),
                headers: headers.to_vec(),
            }),
            _ => Err("a built-in program with no C++ source (not supported)".to_string()),
        }
    }

    /// As it is, in the role `role`.
    fn copied(self, role: &'static str) -> JuryProgram {
        JuryProgram {
            role,
            extension: self.extension,
            text: self.text,
            headers: self.headers,
        }
    }

    /// Behind `prelude` (what it reads, `head`, written before it), with sinol-make's
    /// warnings kept from failing its build ([`UNWARNED`]).
    fn wrapped(self, role: &'static str, head: &str, prelude: &str) -> JuryProgram {
        JuryProgram {
            role,
            extension: self.extension,
            text: format!("{UNWARNED}{head}{prelude}{}", self.text),
            headers: self.headers,
        }
    }
}

/// The C and C++ headers directly in `folder`, sorted.
fn headers_in(folder: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = (std::fs::read_dir(folder).into_iter().flatten())
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.is_file()
                && path.extension().is_some_and(|e| {
                    ["h", "hpp", "hh", "hxx"].contains(&e.to_string_lossy().as_ref())
                })
        })
        .collect();
    found.sort();
    found
}
