//! Polygon packages as they are: a folder holding `problem.xml` (Polygon's export, the
//! format of Codeforces rounds and many olympiads), read whole, without running anything
//! (docs/polygon.md).
//!
//! - [`problem`]: `problem.xml` into typed values, each with its `problem.xml:line:col`;
//! - [`xml`]: the elements as the reader walks them, unknown ones warned about at their place;
//! - [`script`]: how the tests are made, as typed steps (from `problem.xml`'s tests, from
//!   Polygon's script language, from `doall.sh`);
//! - [`statements`]: language names and `problem-properties.json`.
//!
//! [`Polygon::load`] checks what can be checked without running a program: every file
//! `problem.xml` names is inside the package and there (a Windows binary excepted: it is
//! noted and left for its source), a C or C++ jury program has `testlib.h` to include, a
//! manual test's input is committed, and every group a test or a dependency names exists.
//!
//! Layering: layer 5, beside `crate::package` and `crate::sinol`; it reads files and knows no
//! model: `crate::readers::polygon` translates it.

pub mod problem;
pub mod script;
pub mod statements;
pub mod xml;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use problem::{Method, ProblemXml, SourceFile, TestXml, Testset};
use script::ScriptStep;
use statements::Properties;
use xml::{Element, Notes};

pub use crate::formats::detect::PROBLEM_XML;

/// The most bytes of `problem.xml` read: a package with thousands of tests lists each one,
/// so it may pass the bound of other configuration files.
const MAX_PROBLEM_XML_BYTES: u64 = 16 << 20;

/// The folder of a package's resources, where its `testlib.h` is: a C or C++ program of the
/// package is compiled with it on the include path, as Polygon compiles them.
pub const RESOURCES: &str = "files";

/// A Polygon package, read.
#[derive(Debug, Clone)]
pub struct Polygon {
    pub root: PathBuf,
    pub xml: ProblemXml,
    /// The statements' `problem-properties.json`, by Polygon's language name.
    pub properties: Vec<(String, Properties)>,
    /// How the judged tests are made, from `problem.xml`.
    pub steps: Vec<ScriptStep>,
    /// How `doall.sh` makes them, when the package has one (a standard or full package does).
    pub doall: Option<Vec<ScriptStep>>,
    /// What is there and left: Windows binaries (`.exe`) and `.bat` scripts.
    pub ignored: Vec<PathBuf>,
    /// Unknown elements and attributes, each at its place.
    pub warnings: Vec<String>,
    /// What the package asks for that stonejudge does not do, each at its place.
    pub unsupported: Vec<String>,
}

impl Polygon {
    /// The package in the folder `root`; an error names the file, and its line and column
    /// where there is one.
    pub fn load(root: &Path) -> Result<Polygon, String> {
        let file = root.join(PROBLEM_XML);
        crate::within::inside(root, &file)?;
        let text = crate::within::read_text_bounded(&file, MAX_PROBLEM_XML_BYTES)?;
        let document = roxmltree::Document::parse(&text).map_err(|e| {
            let pos = e.pos();
            // roxmltree ends its message with the place, which goes first here.
            let said = e.to_string();
            let why = said.trim_end_matches(&format!(" at {}:{}", pos.row, pos.col));
            format!("{}:{}:{}: {why}", file.display(), pos.row, pos.col)
        })?;
        let mut notes = Notes::default();
        let xml = ProblemXml::read(Element::root(&document, &file), &mut notes)?;
        let tests = xml.judged().ok_or_else(|| {
            format!(
                "{}: <judging> has no <testset name=\"tests\">",
                xml.judging.at
            )
        })?;
        for other in (xml.judging.testsets.iter()).filter(|t| !std::ptr::eq(*t, tests)) {
            notes.warnings.push(format!(
                "{}: testset {}: not read (submissions are judged on the testset tests)",
                other.at,
                other.name.as_deref().unwrap_or("without a name")
            ));
        }
        let properties = properties(root, &xml)?;
        let polygon = Polygon {
            root: root.to_owned(),
            steps: script::from_tests(&tests.tests)?,
            doall: match root.join("doall.sh") {
                path if path.is_file() => {
                    let text = crate::within::read_text_bounded(&path, MAX_PROBLEM_XML_BYTES)?;
                    Some(script::from_doall(&text, &path.display().to_string())?)
                }
                _ => None,
            },
            ignored: ignored(root, &xml),
            properties,
            xml,
            warnings: notes.warnings,
            unsupported: notes.unsupported,
        };
        polygon.check_files()?;
        polygon.check_tests()?;
        Ok(polygon)
    }

    /// The testset submissions are judged on (`load` made sure it is there).
    pub fn tests(&self) -> &Testset {
        self.xml
            .judged()
            .expect("Polygon::load checked the testset tests")
    }

    /// The problem's name: `short-name`, else the folder's name.
    pub fn name(&self) -> String {
        match &self.xml.short_name {
            Some(name) if !name.is_empty() => name.clone(),
            _ => (std::path::absolute(&self.root).ok())
                .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                .unwrap_or_default(),
        }
    }

    /// The input file of test `test` of the judged testset.
    pub fn input(&self, test: &TestXml) -> Result<PathBuf, String> {
        let pattern = (self.tests().input_pattern.as_deref()).ok_or_else(|| {
            format!(
                "{}: the testset tests has no <input-path-pattern>",
                self.tests().at
            )
        })?;
        self.numbered(pattern, test)
    }

    /// The answer file of test `test`, when the testset names one.
    pub fn answer(&self, test: &TestXml) -> Result<Option<PathBuf>, String> {
        (self.tests().answer_pattern.as_deref())
            .map(|pattern| self.numbered(pattern, test))
            .transpose()
    }

    /// `pattern` (`tests/%02d`) for `test`, under the package's root.
    fn numbered(&self, pattern: &str, test: &TestXml) -> Result<PathBuf, String> {
        let path = fill(pattern, test.index)
            .ok_or_else(|| format!("{}: {pattern:?}: expected a path with one %d", test.at))?;
        crate::within::relative_inside(&path).map_err(|why| format!("{}: {why}", test.at))?;
        Ok(self.root.join(path))
    }

    /// The resources' folder, `files/`, when the package has it.
    pub fn include_dir(&self) -> Option<PathBuf> {
        Some(self.root.join(RESOURCES)).filter(|dir| dir.is_dir())
    }

    /// Every program and resource `problem.xml` names, and where it names it.
    fn named_files(&self) -> impl Iterator<Item = &SourceFile> {
        let xml = &self.xml;
        (xml.resources.iter())
            .chain(&xml.executables)
            .chain(xml.checker.iter().map(|c| &c.source))
            .chain(&xml.interactor)
            .chain(xml.validators.iter().map(|v| &v.source))
            .chain(xml.solutions.iter().map(|s| &s.source))
    }

    /// Every file named is inside the package and there; the jury's C and C++ programs have
    /// `testlib.h`.
    fn check_files(&self) -> Result<(), String> {
        for file in self.named_files() {
            let written = file.path.to_string_lossy();
            crate::within::relative_inside(&written)
                .map_err(|why| format!("{}: {why}", file.at))?;
            let path = self.root.join(&file.path);
            if !path.is_file() {
                return Err(format!(
                    "{}: {} is not in the package",
                    file.at,
                    file.path.display()
                ));
            }
            crate::within::inside(&self.root, &path)?;
        }
        let jury = (self.xml.checker.iter().map(|c| &c.source))
            .chain(&self.xml.interactor)
            .chain(self.xml.validators.iter().map(|v| &v.source));
        let testlib =
            (self.named_files()).any(|f| f.path.file_name().is_some_and(|n| n == "testlib.h"));
        for program in jury {
            if is_c_family(program) && !testlib && !beside(&self.root, program, "testlib.h") {
                return Err(format!(
                    "{}: {} is a testlib program, and the package has no testlib.h (Polygon \
                     lists it as a resource, files/testlib.h)",
                    program.at,
                    program.path.display()
                ));
            }
        }
        Ok(())
    }

    /// Every group a test, a dependency or an extra tag names exists; a manual test's input
    /// is committed.
    fn check_tests(&self) -> Result<(), String> {
        let tests = self.tests();
        let groups: BTreeSet<&str> = tests.groups.iter().map(|g| g.name.as_str()).collect();
        let unknown = |at: &str, group: &str, what: &str| {
            format!("{at}: {what} group {group}, which the testset tests does not have")
        };
        if !tests.groups.is_empty() {
            for test in &tests.tests {
                if let Some(group) = test.group.as_deref().filter(|g| !groups.contains(g)) {
                    return Err(unknown(
                        &test.at,
                        group,
                        &format!("test {} is in", test.index),
                    ));
                }
            }
        }
        for group in &tests.groups {
            if let Some(missing) =
                (group.dependencies.iter()).find(|d| !groups.contains(d.as_str()))
            {
                return Err(unknown(
                    &group.at,
                    missing,
                    &format!("group {} depends on", group.name),
                ));
            }
        }
        for extra in self.xml.solutions.iter().flat_map(|s| &s.extra) {
            if !groups.contains(extra.group.as_str()) {
                return Err(unknown(&extra.at, &extra.group, "an extra tag names"));
            }
        }
        for test in (tests.tests.iter()).filter(|t| t.method == Method::Manual) {
            let input = self.input(test)?;
            if !input.is_file() {
                return Err(format!(
                    "{}: test {} is manual, and its input {} is not in the package",
                    test.at,
                    test.index,
                    input.display()
                ));
            }
            crate::within::inside(&self.root, &input)?;
        }
        Ok(())
    }
}

/// Whether `program` is C or C++ (by Polygon's type, else its extension).
fn is_c_family(program: &SourceFile) -> bool {
    match &program.kind {
        Some(kind) => kind.starts_with("cpp.") || kind.starts_with("c."),
        None => (program.path.extension())
            .is_some_and(|e| ["c", "cc", "cpp", "cxx"].iter().any(|x| e == *x)),
    }
}

/// Whether the file `name` is beside `program` in the package at `root`.
fn beside(root: &Path, program: &SourceFile, name: &str) -> bool {
    (root.join(&program.path).parent()).is_some_and(|dir| dir.join(name).is_file())
}

/// `pattern` with its one `%d` (`%02d`, `%3d`) replaced by `n`; `None` for another pattern.
pub fn fill(pattern: &str, n: usize) -> Option<String> {
    let start = pattern.find('%')?;
    let rest = &pattern[start + 1..];
    let end = rest.find('d')?;
    let spec = &rest[..end];
    let text = match spec.strip_prefix('0') {
        Some(width) if !width.is_empty() => format!("{n:0width$}", width = width.parse().ok()?),
        _ if spec.is_empty() => n.to_string(),
        _ => format!("{n:width$}", width = spec.parse().ok()?),
    };
    let after = &rest[end + 1..];
    if after.contains('%') {
        return None;
    }
    Some(format!("{}{text}{after}", &pattern[..start]))
}

/// Each statement language's `problem-properties.json`, read whole.
fn properties(root: &Path, xml: &ProblemXml) -> Result<Vec<(String, Properties)>, String> {
    let languages: BTreeSet<&str> = (xml.names.iter().map(|n| n.language.as_str()))
        .chain(xml.statements.iter().map(|s| s.language.as_str()))
        .collect();
    let mut found = Vec::new();
    for language in languages {
        let path = statements::properties_path(root, language);
        if let Some(read) = statements::read_properties(&path)? {
            found.push((language.to_string(), read));
        }
    }
    Ok(found)
}

/// The Windows binaries `problem.xml` names that are there, and the `.bat` scripts of the
/// package's root and `scripts/`: noted, and left.
fn ignored(root: &Path, xml: &ProblemXml) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = (xml.binaries.iter())
        .filter(|binary| root.join(binary).is_file())
        .cloned()
        .collect();
    for dir in [PathBuf::new(), PathBuf::from("scripts")] {
        let Ok(entries) = std::fs::read_dir(root.join(&dir)) else {
            continue;
        };
        let mut scripts: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|entry| dir.join(entry.file_name()))
            .filter(|path| path.extension().is_some_and(|e| e == "bat"))
            .collect();
        scripts.sort();
        found.extend(scripts);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_package_keeps_its_steps_and_notes_its_windows_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        let write = |path: &str, text: &str| {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        };
        write("files/testlib.h", "// testlib.h\n");
        write("files/gen.cpp", "int main() {}\n");
        write("files/gen.exe", "MZ");
        write("files/check.cpp", "int main() {}\n");
        write("tests/01", "1\n");
        write("doall.bat", "rem\n");
        write("scripts/gen-answer.bat", "rem\n");
        write(
            "doall.sh",
            "scripts/gen-input-via-stdout.sh \"files/gen 5\" \"tests/02\" 2\n",
        );
        write(
            PROBLEM_XML,
            r#"<problem short-name="p">
  <judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>1048576</memory-limit>
    <input-path-pattern>tests/%02d</input-path-pattern>
    <tests><test method="manual"/><test method="generated" cmd="gen 5"/></tests>
  </testset><testset name="pretests"/></judging>
  <files><resources><file path="files/testlib.h"/></resources>
    <executables><executable><source path="files/gen.cpp"/><binary path="files/gen.exe" type="exe.win32"/></executable></executables></files>
  <assets><checker type="testlib"><source path="files/check.cpp"/></checker></assets>
</problem>"#,
        );
        let polygon = Polygon::load(root).expect("loads");
        assert_eq!(polygon.name(), "p");
        let ignored: Vec<&str> = polygon.ignored.iter().filter_map(|p| p.to_str()).collect();
        assert_eq!(
            ignored,
            ["files/gen.exe", "doall.bat", "scripts/gen-answer.bat"]
        );
        let tests: Vec<Vec<usize>> = polygon.steps.iter().map(ScriptStep::tests).collect();
        assert_eq!(tests, [vec![1], vec![2]]);
        assert_eq!(polygon.doall.as_ref().map(Vec::len), Some(1));
        assert_eq!(polygon.include_dir(), Some(root.join(RESOURCES)));
        assert_eq!(polygon.warnings.len(), 1, "{:?}", polygon.warnings);
        assert!(polygon.warnings[0].contains("testset pretests: not read"));
    }

    #[test]
    fn path_patterns_are_filled_as_printf_fills_them() {
        assert_eq!(fill("tests/%02d", 7).as_deref(), Some("tests/07"));
        assert_eq!(fill("tests/%02d.a", 123).as_deref(), Some("tests/123.a"));
        assert_eq!(fill("t/%d.in", 5).as_deref(), Some("t/5.in"));
        assert_eq!(fill("t/%3d", 5).as_deref(), Some("t/  5"));
        assert_eq!(fill("tests/01", 5), None);
        assert_eq!(fill("t/%02d/%02d", 5), None);
    }
}
