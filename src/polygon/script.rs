//! How a Polygon package's tests are made, as a list of typed steps: each test a file of the
//! package (a manual test) or the output of a generator run with its arguments, with the test
//! number(s) each step writes.
//!
//! Three texts say it, and each is read here into the same [`ScriptStep`]s:
//!
//! - the `<tests>` of `problem.xml` ([`from_tests`]): a manual test, or a generated one with
//!   its `cmd` (`gen 10 3`), and `from-file` when one run of the generator writes several
//!   tests (the run is then one step writing all of them);
//! - Polygon's script language ([`from_script`]), one line a step: `gen 10 > 3`,
//!   `gen 10 > $` (the first number no test has yet), `gen > {4-10,12}` (the generator
//!   writes the files `4` … `10` and `12` in its working folder); manual tests keep their
//!   numbers, and a line the template language makes (`<#list …>`) is refused;
//! - the package's `doall.sh` ([`from_doall`]), whose lines call
//!   `scripts/gen-input-via-stdout.sh "files/gen 10" "tests/03" 3`,
//!   `gen-input-via-file.sh "CMD" "tests/03" FILE` or
//!   `gen-input-via-files.sh "CMD" "tests/04:tests/05" "4:5"`.
//!
//! Nothing here runs a program: making the tests is the machinery's.

use std::collections::BTreeSet;
use std::path::Path;

use super::problem::{Method, TestXml};

/// One step of making the tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScriptStep {
    /// Test `test` is a file of the package, as it is.
    Manual { test: usize, at: String },
    /// A generator run: `generator` (an executable of the package, by its name without
    /// extension) with `args`, writing `writes`.
    Generate {
        generator: String,
        args: Vec<String>,
        writes: Writes,
        at: String,
    },
}

/// What a generator run writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Writes {
    /// Test `test` is what it prints.
    Stdout { test: usize },
    /// It writes files in its working folder; each test is copied from one (`4` for test 4 of
    /// `> {4-10}`, found as `4`, `04` or `004` as Polygon's scripts look for it).
    Files(Vec<(usize, String)>),
}

impl ScriptStep {
    /// The test numbers it writes.
    pub fn tests(&self) -> Vec<usize> {
        match self {
            ScriptStep::Manual { test, .. } => vec![*test],
            ScriptStep::Generate { writes, .. } => match writes {
                Writes::Stdout { test } => vec![*test],
                Writes::Files(files) => files.iter().map(|(test, _)| *test).collect(),
            },
        }
    }
}

/// The generator and arguments of a command line (`gen 10 3`, `wine files/gen.exe 10 3`):
/// the generator is named by its file's stem.
fn command(line: &str, at: &str) -> Result<(String, Vec<String>), String> {
    let words =
        shlex::split(line).ok_or_else(|| format!("{at}: {line:?}: a quote is not closed"))?;
    let mut words = words.into_iter().skip_while(|w| w == "wine");
    let program = words
        .next()
        .ok_or_else(|| format!("{at}: an empty command names no generator"))?;
    let generator = (Path::new(&program).file_stem())
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or(program);
    Ok((generator, words.collect()))
}

/// The steps of a testset's `<tests>`: a generated test with `from-file` shares its step with
/// the tests before it that have the same `cmd` and a `from-file` too (one run writes them).
pub fn from_tests(tests: &[TestXml]) -> Result<Vec<ScriptStep>, String> {
    let mut steps: Vec<ScriptStep> = Vec::new();
    for test in tests {
        let (cmd, method) = (test.cmd.as_deref(), test.method);
        let (Method::Generated, Some(cmd)) = (method, cmd) else {
            steps.push(ScriptStep::Manual {
                test: test.index,
                at: test.at.clone(),
            });
            continue;
        };
        let (generator, args) = command(cmd, &test.at)?;
        if let Some(file) = &test.from_file {
            if let Some(ScriptStep::Generate {
                generator: last,
                args: last_args,
                writes: Writes::Files(files),
                ..
            }) = steps.last_mut()
            {
                if *last == generator && *last_args == args {
                    files.push((test.index, file.clone()));
                    continue;
                }
            }
        }
        steps.push(ScriptStep::Generate {
            generator,
            args,
            writes: match &test.from_file {
                Some(file) => Writes::Files(vec![(test.index, file.clone())]),
                None => Writes::Stdout { test: test.index },
            },
            at: test.at.clone(),
        });
    }
    Ok(steps)
}

/// The steps of a script in Polygon's script language, `file` naming it in messages;
/// `manual` are the numbers of the manual tests, which `$` skips.
pub fn from_script(
    text: &str,
    file: &str,
    manual: &BTreeSet<usize>,
) -> Result<Vec<ScriptStep>, String> {
    // Explicit numbers first: `$` stands for the first number no test has, whatever the
    // order of the lines.
    let mut parsed = Vec::new();
    let mut taken: BTreeSet<usize> = manual.clone();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{file}:{}:1", i + 1);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with("<#") || line.contains("${") {
            return Err(format!(
                "{at}: {line:?}: a line of the template language: only plain lines \
                 (gen ARGS > N, > $, > {{A-B,C}}) are read"
            ));
        }
        let (cmd, target) = line
            .rsplit_once('>')
            .ok_or_else(|| format!("{at}: {line:?}: expected GENERATOR ARGS > TARGET"))?;
        let (generator, args) = command(cmd, &at)?;
        let target = target.trim();
        let numbers = match target {
            "$" => None,
            _ => Some(numbers(target, &at)?),
        };
        for &n in numbers.iter().flatten() {
            if !taken.insert(n) {
                return Err(format!("{at}: test {n} is written twice"));
            }
        }
        parsed.push((generator, args, target.starts_with('{'), numbers, at));
    }
    let mut next = 1;
    let mut steps = Vec::new();
    for test in manual {
        steps.push((
            *test,
            ScriptStep::Manual {
                test: *test,
                at: format!("{file}: manual test {test}"),
            },
        ));
    }
    for (generator, args, several, numbers, at) in parsed {
        let numbers = match numbers {
            Some(numbers) => numbers,
            None => {
                while taken.contains(&next) {
                    next += 1;
                }
                taken.insert(next);
                vec![next]
            }
        };
        let writes = match several {
            true => Writes::Files(numbers.iter().map(|&n| (n, n.to_string())).collect()),
            false => Writes::Stdout { test: numbers[0] },
        };
        steps.push((
            numbers[0],
            ScriptStep::Generate {
                generator,
                args,
                writes,
                at,
            },
        ));
    }
    steps.sort_by_key(|(first, _)| *first);
    Ok(steps.into_iter().map(|(_, step)| step).collect())
}

/// `3`, or `{4-10,12,15}`: the test numbers a script line writes.
fn numbers(target: &str, at: &str) -> Result<Vec<usize>, String> {
    let bad = || format!("{at}: {target:?}: expected a test number, $ or {{A-B,C,…}}");
    let number = |text: &str| match text.trim().parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(bad()),
    };
    let Some(inner) = target.strip_prefix('{').and_then(|t| t.strip_suffix('}')) else {
        return Ok(vec![number(target)?]);
    };
    let mut found = Vec::new();
    for part in inner.split(',') {
        match part.split_once('-') {
            Some((low, high)) => {
                let (low, high) = (number(low)?, number(high)?);
                if low > high {
                    return Err(bad());
                }
                found.extend(low..=high);
            }
            None => found.push(number(part)?),
        }
    }
    Ok(found)
}

/// The steps of a package's `doall.sh`, `file` naming it in messages: each call of a
/// `gen-input-via-*.sh` script is a generator run; other lines (answers, validation,
/// `echo`, `mkdir`) make no input.
pub fn from_doall(text: &str, file: &str) -> Result<Vec<ScriptStep>, String> {
    let mut steps = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{file}:{}:1", i + 1);
        let Some(words) = shlex::split(line.trim()) else {
            return Err(format!("{at}: a quote is not closed"));
        };
        let Some(script) = words.first() else {
            continue;
        };
        let kind = Path::new(script).file_name().map(|n| n.to_string_lossy());
        let writes = match (kind.as_deref(), words.get(1..)) {
            (Some("gen-input-via-stdout.sh"), Some([cmd, _path, test, ..])) => (
                cmd,
                Writes::Stdout {
                    test: index(test, &at)?,
                },
            ),
            (Some("gen-input-via-file.sh"), Some([cmd, path, from, ..])) => {
                let test = test_of_path(path, &at)?;
                (cmd, Writes::Files(vec![(test, from.clone())]))
            }
            (Some("gen-input-via-files.sh"), Some([cmd, paths, tests, ..])) => {
                let paths: Vec<&str> = paths.split(':').collect();
                let tests: Vec<&str> = tests.split(':').collect();
                if paths.len() != tests.len() {
                    return Err(format!(
                        "{at}: {} paths and {} test numbers",
                        paths.len(),
                        tests.len()
                    ));
                }
                let files = (tests.iter())
                    .map(|test| Ok((index(test, &at)?, test.to_string())))
                    .collect::<Result<Vec<_>, String>>()?;
                (cmd, Writes::Files(files))
            }
            (Some(name), _) if name.starts_with("gen-input-via-") => {
                return Err(format!(
                    "{at}: {name}: expected a command, a path and a test"
                ))
            }
            _ => continue,
        };
        let (cmd, writes) = writes;
        let (generator, args) = command(cmd, &at)?;
        steps.push(ScriptStep::Generate {
            generator,
            args,
            writes,
            at,
        });
    }
    Ok(steps)
}

/// A test number (`3`).
fn index(text: &str, at: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("{at}: {text:?}: expected a test number")),
    }
}

/// The test number of a test's path (`tests/03`).
fn test_of_path(path: &str, at: &str) -> Result<usize, String> {
    let name = Path::new(path).file_name().map(|n| n.to_string_lossy());
    index(name.as_deref().unwrap_or(path), at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn generated(index: usize, cmd: &str, from_file: Option<&str>) -> TestXml {
        TestXml {
            index,
            method: Method::Generated,
            cmd: Some(cmd.to_string()),
            from_file: from_file.map(str::to_string),
            sample: false,
            group: None,
            points: None,
            description: None,
            verdict: None,
            at: format!("problem.xml:{index}:1"),
        }
    }

    fn run(generator: &str, args: &[&str], writes: Writes, at: &str) -> ScriptStep {
        ScriptStep::Generate {
            generator: generator.to_string(),
            args: args.iter().map(|a| a.to_string()).collect(),
            writes,
            at: at.to_string(),
        }
    }

    #[test]
    fn tests_of_problem_xml_are_steps_and_one_run_writes_its_files() {
        let manual = TestXml {
            method: Method::Manual,
            cmd: None,
            ..generated(1, "", None)
        };
        let tests = [
            manual,
            generated(2, "gen --n=5 \"a b\"", None),
            generated(3, "multi 7", Some("3")),
            generated(4, "multi 7", Some("4")),
        ];
        let steps = from_tests(&tests).expect("steps");
        assert_eq!(steps.len(), 3);
        assert_eq!(steps[0].tests(), [1]);
        assert_eq!(
            steps[1],
            run(
                "gen",
                &["--n=5", "a b"],
                Writes::Stdout { test: 2 },
                "problem.xml:2:1"
            )
        );
        assert_eq!(steps[2].tests(), [3, 4]);
        let open = [generated(1, "gen \"5", None)];
        assert_eq!(
            from_tests(&open).unwrap_err(),
            "problem.xml:1:1: \"gen \\\"5\": a quote is not closed"
        );
    }

    #[test]
    fn the_script_language_numbers_dollars_after_every_explicit_number() {
        let script = "gen 1 > $\ngen 2 > $\n\ngen 3 > 3\nmulti 9 > {5-6,8}\ngen 4 > $\n";
        let manual = BTreeSet::from([1]);
        let steps = from_script(script, "script", &manual).expect("steps");
        let numbered: Vec<Vec<usize>> = steps.iter().map(ScriptStep::tests).collect();
        assert_eq!(
            numbered,
            [vec![1], vec![2], vec![3], vec![4], vec![5, 6, 8], vec![7]]
        );
        assert_eq!(
            steps[4],
            run(
                "multi",
                &["9"],
                Writes::Files(vec![(5, "5".into()), (6, "6".into()), (8, "8".into())]),
                "script:5:1"
            )
        );
        let twice = from_script("gen > 2\ngen > {1-2}\n", "script", &BTreeSet::new());
        assert_eq!(twice.unwrap_err(), "script:2:1: test 2 is written twice");
        let template = from_script("<#list 1..3 as i>\n", "script", &BTreeSet::new());
        assert!(template.unwrap_err().contains("template language"));
        let range = from_script("gen > {5-3}\n", "script", &BTreeSet::new());
        assert_eq!(
            range.unwrap_err(),
            "script:1:1: \"{5-3}\": expected a test number, $ or {A-B,C,…}"
        );
    }

    #[test]
    fn doall_sh_calls_are_generator_runs() {
        let doall = "#!/usr/bin/env bash\nmkdir -p tests\n\
            scripts/gen-input-via-stdout.sh \"wine files/gen.exe 1 200\" \"tests/02\" 2\n\
            scripts/gen-input-via-files.sh \"files/multi 5\" \"tests/04:tests/05\" \"4:5\"\n\
            scripts/gen-input-via-file.sh \"files/one 3\" \"tests/07\" \"out.txt\"\n\
            scripts/gen-answer.sh tests/02 tests/02.a \"tests\" \"\"\n";
        let steps = from_doall(doall, "doall.sh").expect("steps");
        assert_eq!(
            steps,
            [
                run(
                    "gen",
                    &["1", "200"],
                    Writes::Stdout { test: 2 },
                    "doall.sh:3:1"
                ),
                run(
                    "multi",
                    &["5"],
                    Writes::Files(vec![(4, "4".into()), (5, "5".into())]),
                    "doall.sh:4:1"
                ),
                run(
                    "one",
                    &["3"],
                    Writes::Files(vec![(7, "out.txt".into())]),
                    "doall.sh:5:1"
                ),
            ]
        );
        let short = from_doall("scripts/gen-input-via-stdout.sh \"gen\"\n", "doall.sh");
        assert_eq!(
            short.unwrap_err(),
            "doall.sh:1:1: gen-input-via-stdout.sh: expected a command, a path and a test"
        );
    }
}
