//! Our checktestdata engine against the references, script by script: the Python
//! checktestdata that pip installs (`python3 -m checktestdata SCRIPT INPUT`, the one
//! problemtools runs) and DOMjudge's C++ checktestdata where it is built (on `PATH` as
//! `checktestdata`, or `$STONEJUDGE_CHECKTESTDATA`). Each script (every `.ctd` our Kattis export
//! writes, the suite's, and scripts using the rest of the language) runs on valid inputs and on
//! mutations of them (a byte deleted or inserted, a digit changed, a space added, the final
//! newline dropped), and every tool must give the same verdict: accepted, rejected, or a
//! broken script. A missing tool reports its trials as ignored, with the reason.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use libtest_mimic::{Failed, Trial};
use stonejudge::catalog::portable;

/// A verdict, as the exit code says: 0 accepted, 1 rejected, anything else a broken script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Accepted,
    Rejected,
    Broken,
}

fn verdict(code: Option<i32>) -> Verdict {
    match code {
        Some(0) => Verdict::Accepted,
        Some(1) => Verdict::Rejected,
        _ => Verdict::Broken,
    }
}

/// A reference implementation: the command before `SCRIPT INPUT`.
pub struct Reference {
    name: &'static str,
    command: Vec<String>,
}

/// The Python checktestdata, or why it is missing.
pub fn pip() -> Result<&'static Reference, &'static str> {
    static PIP: OnceLock<Option<Reference>> = OnceLock::new();
    PIP.get_or_init(|| {
        let python = crate::problemtools::problemtools()
            .map(|t| t.python.display().to_string())
            .unwrap_or_else(|_| "python3".to_string());
        let found = Command::new(&python)
            .args(["-c", "import checktestdata.pyctd"])
            .output()
            .is_ok_and(|o| o.status.success());
        found.then(|| Reference {
            name: "the Python checktestdata",
            command: vec![python, "-m".into(), "checktestdata".into()],
        })
    })
    .as_ref()
    .ok_or("the Python checktestdata is not installed (`pip install checktestdata`)")
}

/// DOMjudge's C++ checktestdata, or why it is missing.
pub fn domjudge() -> Result<&'static Reference, &'static str> {
    static CPP: OnceLock<Option<Reference>> = OnceLock::new();
    CPP.get_or_init(|| {
        let path = std::env::var_os("STONEJUDGE_CHECKTESTDATA")
            .map(PathBuf::from)
            .or_else(|| crate::problemtools::on_path("checktestdata"))?;
        Some(Reference {
            name: "DOMjudge's checktestdata",
            command: vec![path.display().to_string()],
        })
    })
    .as_ref()
    .ok_or(
        "DOMjudge's checktestdata is not built (put it on PATH or set \
         STONEJUDGE_CHECKTESTDATA; see docs/checktestdata.md)",
    )
}

/// A script and inputs it accepts.
struct Case {
    name: String,
    script: String,
    inputs: Vec<Vec<u8>>,
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Scripts for what the exports do not use: floats and their options, strings, regular
/// expressions, arrays with UNIQUE and INARRAY, WHILE, IF/ELSE, big integers.
const WRITTEN: [(&str, &str, &[&str]); 6] = [
    (
        "floats",
        "INT(1, 5, n) NEWLINE\nREP(n)\n  FLOAT(0, 1000, x) SPACE FLOATP(0, 10, 1, 3, y) SPACE \
         FLOAT(0, 1e6, z, SCIENTIFIC) SPACE FLOAT(1, 2, w, FIXED) NEWLINE\n  \
         ASSERT(x <= 1000 && y * 2 <= 20)\nEND\n",
        &["2\n12.5 3.25 1.5e3 1.75\n0 0.0 9E-2 2\n", "1\n999.999 10.000 1e+6 1.0\n"],
    ),
    (
        "words",
        "INT(1, 4, n) NEWLINE\nREPI(i, n)\n  REGEX(\"[a-z]+\", w[i]) SPACE STRING(\"=\") SPACE \
         INT(-100, 100) NEWLINE\n  ASSERT(STRLEN(w[i]) <= 8)\nEND\nASSERT(UNIQUE(w))\n",
        &["3\nab = 5\nxyz = -17\nq = 0\n", "1\nabcdefgh = 100\n"],
    ),
    (
        "permutation",
        "INT(1, 8, n) NEWLINE\nSET(seen[n] = 0)\nREPI(i, n, SPACE)\n  INT(1, n, p)\n  IF(INARRAY(p, seen))\n    ASSERT(1 == 0)\n  END\n  \
         SET(seen[i] = p)\nEND NEWLINE\n",
        &["4\n2 4 1 3\n", "1\n1\n"],
    ),
    (
        "until-eof",
        "WHILEI(i, !ISEOF)\n  IF(MATCH(\"#\"))\n    STRING(\"#\") NEWLINE\n  ELSE\n    \
         INT(0, 10^30, a) SPACE INT(0, 10^30, b) NEWLINE\n    ASSERT(a + b >= a * 0)\n  END\nEND\n\
         ASSERT(i >= 1 && i % 100 != 99 && 2^70 / 2^69 == 2)\n",
        &["1 2\n#\n123456789012345678901234567890 0\n", "0 0\n"],
    ),
    (
        "grid",
        "INT(1, 4, r) SPACE INT(1, 4, c) NEWLINE\nREPI(i, r)\n  REPI(j, c)\n    \
         REGEX(\"[.#]\", g[i, j])\n  END\n  NEWLINE\nEND\nASSERT(g[0, 0] == \".\" && g[r - 1, c - 1] \
         == \".\")\nSET(k = 0)\nWHILE(k < r * c, SET(k = k))\n  SET(k = k + 1)\nEND\n",
        &["2 3\n.#.\n##.\n", "1 1\n.\n"],
    ),
    (
        "strings",
        "REGEX(\"(ab|a)(c|bcd)[0-9]{2,3}\", s) NEWLINE\nASSERT(s < \"b\" && STRLEN(s) >= 5)\n\
         REGEX(\"[^\\n]*\") NEWLINE\n",
        &["abcd12\nanything at all\n", "ac123\n\n"],
    ),
];

fn cases() -> Vec<Case> {
    let mut cases: Vec<Case> = WRITTEN
        .iter()
        .map(|(name, script, inputs)| Case {
            name: name.to_string(),
            script: script.to_string(),
            inputs: inputs.iter().map(|i| i.as_bytes().to_vec()).collect(),
        })
        .collect();
    cases.push(Case {
        name: "suite-package".to_string(),
        script: "INT(1, 1000)\nNEWLINE\n".to_string(),
        inputs: vec![b"3\n".to_vec()],
    });
    let mut problems: Vec<String> = std::fs::read_dir(repo().join("testdata"))
        .expect("testdata/")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    problems.sort();
    for problem in problems {
        let found = stonejudge::catalog::resolve(&problem, &repo()).expect("in the archive");
        let script = portable::input_validator(&*found.catalog().expect("in-process tools"))
            .expect("a script");
        // The two smallest inputs: the Python tool takes its time on large ones.
        let mut inputs: Vec<Vec<u8>> = std::fs::read_dir(repo().join("testdata").join(&problem))
            .expect("test data")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .map(|p| std::fs::read(p).expect("an input"))
            .collect();
        inputs.sort_by_key(Vec::len);
        inputs.truncate(2);
        cases.push(Case {
            name: format!("export-{problem}"),
            script,
            inputs,
        });
    }
    cases
}

/// A fixed stream of numbers (splitmix64), so that a failure reproduces.
struct Mix(u64);

impl Mix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }
}

/// `input` and its mutations.
fn mutations(input: &[u8], mix: &mut Mix) -> Vec<Vec<u8>> {
    let mut out = vec![input.to_vec()];
    if input.last() == Some(&b'\n') {
        out.push(input[..input.len() - 1].to_vec());
    }
    for _ in 0..3 {
        let mut deleted = input.to_vec();
        if !deleted.is_empty() {
            deleted.remove(mix.below(deleted.len()));
            out.push(deleted);
        }
        let mut inserted = input.to_vec();
        let byte = b"0 \n-9.e"[mix.below(7)];
        inserted.insert(mix.below(input.len() + 1), byte);
        out.push(inserted);
        let mut spaced = input.to_vec();
        spaced.insert(mix.below(input.len() + 1), b' ');
        out.push(spaced);
        let digits: Vec<usize> = (0..input.len())
            .filter(|&i| input[i].is_ascii_digit())
            .collect();
        if !digits.is_empty() {
            let mut changed = input.to_vec();
            changed[digits[mix.below(digits.len())]] = b'0' + mix.below(10) as u8;
            out.push(changed);
        }
    }
    out
}

fn run(command: &[String], script: &Path, input: &Path) -> (Verdict, String) {
    let output = Command::new(&command[0])
        .args(&command[1..])
        .arg(script)
        .arg(input)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", command[0]));
    let said = String::from_utf8_lossy(&output.stderr);
    (
        verdict(output.status.code()),
        said.lines().take(3).collect::<Vec<_>>().join(" | "),
    )
}

fn ours() -> Vec<String> {
    let binary = assert_cmd::cargo::cargo_bin("stonejudge");
    vec![binary.display().to_string(), "checktestdata".to_string()]
}

/// Every input and mutation of `case`: our verdict equals the reference's.
fn agree(case: &Case, reference: &Reference) -> Result<(), Failed> {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = dir.path().join(format!("{}.ctd", case.name));
    std::fs::write(&script, &case.script).expect("write the script");
    let input = dir.path().join("input");
    let mut mix = Mix(case.name.len() as u64 * 7919);
    let mut compared = 0;
    for (k, valid) in case.inputs.iter().enumerate() {
        for (m, bytes) in mutations(valid, &mut mix).into_iter().enumerate() {
            std::fs::write(&input, &bytes).expect("write the input");
            let (mine, why) = run(&ours(), &script, &input);
            if m == 0 && mine != Verdict::Accepted {
                return Err(format!("{}: we reject valid input {k}: {why}", case.name).into());
            }
            let (theirs, their_why) = run(&reference.command, &script, &input);
            if mine != theirs {
                return Err(format!(
                    "{}: input {k}, mutation {m} {:?}: we say {mine:?} ({why}), {} says \
                     {theirs:?} ({their_why})",
                    case.name,
                    String::from_utf8_lossy(&bytes),
                    reference.name
                )
                .into());
            }
            compared += 1;
        }
    }
    println!(
        "{}: {compared} inputs, same verdicts as {}",
        case.name, reference.name
    );
    Ok(())
}

pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for case in cases() {
        let case = std::sync::Arc::new(case);
        for (kind, find) in [
            (
                "pip",
                pip as fn() -> Result<&'static Reference, &'static str>,
            ),
            ("domjudge", domjudge),
        ] {
            let case = case.clone();
            let ignored = find().is_err();
            let name = format!("checktestdata::agrees_with_{kind}::{}", case.name);
            trials.push(
                Trial::test(name, move || match find() {
                    Ok(reference) => agree(&case, reference),
                    Err(reason) => Err(reason.into()),
                })
                .with_ignored_flag(ignored),
            );
        }
    }
    trials
}
