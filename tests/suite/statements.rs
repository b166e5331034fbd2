//! Statements in any language, on a problem made by `stonejudge new`: a Polish statement with
//! the samples marker and a problem in two languages verify and export (each language's
//! statement holding the plan's samples where it says), and each kind of broken statement is
//! an error naming its file, line and column.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::programs_archive::stonejudge;

const PROBLEM: &str = "demo";

/// The scaffold's sample and the reference's answer to it.
const SAMPLE_INPUT: &str = "3\n1\n4\n6\n";
const SAMPLE_OUTPUT: &str = "first\nsecond\nfirst\n";

/// A statement in Polish, as a POI setter writes it: its own headings, Unicode, math, and the
/// marker where the samples go, with text after it.
const POLISH: &str = "# Kamienie\n\n\
    Gracze na zmianę zabierają ze stosu 1, 2 lub 3 kamienie; przegrywa ten, kto nie może \
    wykonać ruchu.\n\n\
    ## Wejście\n\nW pierwszym wierszu liczba gier $T$, w kolejnych po jednej liczbie \\(n\\).\n\n\
    ## Wyjście\n\nDla każdej gry `first` lub `second`.\n\n\
    ## Ograniczenia\n\n- 1 ≤ T ≤ 1000\n- 0 ≤ n ≤ 10¹⁸, czyli $0 \\le n \\le 10^{18}$\n\n\
    ## Przykład\n\n<!-- samples -->\n\nWyjaśnienie: przy 4 kamieniach drugi gracz wygrywa.\n";

/// A new program-backed problem in a scratch archive, its statements edited by `edit` (given
/// the problem folder), its test data written.
fn problem(edit: impl FnOnce(&Path)) -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("temp dir");
    let (code, out, err) = stonejudge(root.path(), &["new", PROBLEM]);
    assert_eq!(code, Some(0), "{out}{err}");
    edit(&dir(root.path()));
    let (code, out, err) = stonejudge(root.path(), &["testdata", PROBLEM]);
    assert_eq!(code, Some(0), "{out}{err}");
    root
}

fn dir(root: &Path) -> PathBuf {
    root.join("problems").join(PROBLEM)
}

fn write(path: &Path, text: impl AsRef<[u8]>) {
    std::fs::write(path, text).expect("write");
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `verify` of the problem item alone (the first of the sorted items, so part 1 of many):
/// its exit code and the statement check's outcome and detail.
fn verify_statement(root: &Path) -> (Option<i32>, bool, String) {
    let (code, out, err) = stonejudge(
        root,
        &["verify", "--partition", "1/9", "--json", "report.json"],
    );
    let report: Value = serde_json::from_str(&read(&root.join("report.json")))
        .unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let items = report["items"].as_array().expect("items");
    assert_eq!(items.len(), 1, "{report}");
    assert_eq!(items[0]["id"], PROBLEM, "{report}");
    let check = (items[0]["checks"].as_array().expect("checks").iter())
        .find(|c| c["name"] == "statement")
        .unwrap_or_else(|| panic!("no statement check: {report}"));
    (
        code,
        check["ok"].as_bool().expect("ok"),
        check["detail"].as_str().expect("detail").to_string(),
    )
}

/// Exports the problem for Kattis; returns the package's folder.
fn export(root: &Path) -> PathBuf {
    let (code, out, err) = stonejudge(
        root,
        &[
            "export",
            PROBLEM,
            "--format",
            "kattis",
            "--out",
            "export/demo",
        ],
    );
    assert_eq!(code, Some(0), "{out}{err}");
    root.join("export/demo")
}

/// The sample as the exported LaTeX shows it: input and output verbatim, no words around.
fn sample_tex() -> String {
    format!(
        "\\begin{{verbatim}}\n{SAMPLE_INPUT}\\end{{verbatim}}\n\n\
         \\begin{{verbatim}}\n{SAMPLE_OUTPUT}\\end{{verbatim}}\n"
    )
}

#[test]
fn a_polish_statement_verifies_and_exports_with_its_samples_at_the_marker() {
    let root = problem(|dir| {
        std::fs::remove_file(dir.join("statement.md")).expect("remove");
        write(&dir.join("statement.pl.md"), POLISH);
    });
    let (code, ok, detail) = verify_statement(root.path());
    assert!(ok, "{detail}");
    assert_eq!(detail, "pl (samples inserted at line 20)");
    assert_eq!(code, Some(0), "{detail}");

    let package = export(root.path());
    let statements = package.join("problem_statement");
    let names: Vec<String> = (std::fs::read_dir(&statements).expect("statements"))
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["problem.pl.tex"]);
    let tex = read(&statements.join("problem.pl.tex"));
    assert!(tex.starts_with("\\problemname{Kamienie}\n"), "{tex}");
    assert!(tex.contains("\\section*{Wejście}"), "{tex}");
    assert!(tex.contains("0 ≤ n ≤ 10¹⁸"), "{tex}");
    // The samples where the marker was, before the text that follows it; no heading word of
    // the export's own, in any language.
    let at_marker = format!("\\section*{{Przykład}}\n\n{}\nWyjaśnienie", sample_tex());
    assert!(tex.contains(&at_marker), "{tex}");
    assert!(!tex.contains("samples") && !tex.contains("Sample"), "{tex}");
    assert_eq!(read(&package.join("data/sample/01.in")), SAMPLE_INPUT);
}

#[test]
fn a_problem_in_two_languages_verifies_and_exports_both() {
    let root = problem(|dir| {
        // `new` writes the marker, not the samples by hand.
        let english = read(&dir.join("statement.md"));
        assert!(english.contains("\n<!-- samples -->\n"), "{english}");
        assert!(!english.contains("```"), "{english}");
        // statement.md becomes the Polish one, as problem.toml now says; English moves aside.
        std::fs::rename(dir.join("statement.md"), dir.join("statement.en.md")).expect("move");
        write(&dir.join("statement.md"), POLISH);
        let manifest = read(&dir.join("problem.toml"));
        write(
            &dir.join("problem.toml"),
            format!("{manifest}\n[statement]\nlanguage = \"pl\"\n"),
        );
    });
    let (code, ok, detail) = verify_statement(root.path());
    assert!(ok, "{detail}");
    assert_eq!(
        detail,
        "en (samples inserted at line 22); pl (samples inserted at line 20)"
    );
    assert_eq!(code, Some(0), "{detail}");

    let package = export(root.path());
    let polish = read(&package.join("problem_statement/problem.pl.tex"));
    let english = read(&package.join("problem_statement/problem.en.tex"));
    assert!(polish.starts_with("\\problemname{Kamienie}\n"), "{polish}");
    assert!(
        english.starts_with("\\problemname{demo: take 1, 2 or 3 stones}\n"),
        "{english}"
    );
    assert!(english.contains("\\section*{Constraints}"), "{english}");
    for tex in [&polish, &english] {
        assert_eq!(tex.matches(&sample_tex()).count(), 1, "{tex}");
    }
    assert!(english.ends_with(&format!("\\section*{{Samples}}\n\n{}", sample_tex())));
}

#[test]
fn broken_statements_are_errors_at_their_file_line_and_col() {
    let root = problem(|dir| {
        // Samples shown by hand whose input drifted from problem.toml.
        let drifted = "# Demo\n\n## Samples\n\n### Sample 1\n\n```\n3\n1\n4\n7\n```\n\n```\n\
                       first\nsecond\nfirst\n```\n";
        write(&dir.join("statement.md"), drifted);
        // ... or whose output is wrong.
        let wrong = drifted.replace("7\n", "6\n").replace("second", "first");
        write(&dir.join("statement.it.md"), wrong);
        // A byte that is not UTF-8 in the middle of a word.
        let mut latin2 = b"# Kamienie\n\nGracze na zmian".to_vec();
        latin2.extend([0xea, b'\n']);
        write(&dir.join("statement.pl.md"), latin2);
        // A code block never closed, and a formula never closed.
        write(
            &dir.join("statement.de.md"),
            "# Steine\n\n## Beispiel\n\n```\n3\n",
        );
        // Samples by hand and the marker: they would be shown twice.
        write(
            &dir.join("statement.es.md"),
            format!("<!-- samples -->\n\n{drifted}"),
        );
        write(
            &dir.join("statement.fr.md"),
            "# Pierres\n\nOn a $n \\le 10^{18} pierres.\n\n<!-- samples -->\n",
        );
    });
    let (code, ok, detail) = verify_statement(root.path());
    assert!(!ok && code == Some(1), "{detail}");
    // In the order of the languages (statement.md is English), each at its file:line:col.
    let at =
        |file: &str, place: &str, what: &str| format!("./problems/demo/{file}:{place}: {what}");
    let expected = [
        at(
            "statement.de.md",
            "5:1",
            "this code block (```) is never closed",
        ),
        at(
            "statement.md",
            "7:1",
            "sample 1: the input shown is not problem.toml's (at problem.toml:",
        ),
        at(
            "statement.es.md",
            "7:1",
            "sample 1 is written by hand, but the samples are inserted at the marker \
             (./problems/demo/statement.es.md:1:1): remove one or the other",
        ),
        at(
            "statement.fr.md",
            "3:6",
            "$ opens a formula that is not closed before the end of its paragraph \
             (a dollar sign is \\$)",
        ),
        at(
            "statement.it.md",
            "14:1",
            "sample 1: the output shown is WA: token 2",
        ),
        at(
            "statement.pl.md",
            "3:16",
            "not UTF-8: byte 0xea does not belong to a UTF-8 character",
        ),
    ];
    let mut from = 0;
    for want in &expected {
        let found = detail[from..].find(want.as_str());
        let found = found.unwrap_or_else(|| panic!("{detail}\nexpected next: {want}"));
        from += found + want.len();
    }
}

#[test]
fn statement_files_and_languages_are_checked_by_name() {
    let root = problem(|_| {});
    let dir = dir(root.path());
    write(&dir.join("statement.polish.md"), POLISH);
    let (_, ok, detail) = verify_statement(root.path());
    assert!(!ok, "{detail}");
    assert_eq!(
        detail,
        "./problems/demo/statement.polish.md: \"polish\" is not a language code: expected two \
         lowercase letters (ISO 639-1), optionally with a region, as in \"pl\" or \"pt-BR\""
    );
    std::fs::rename(dir.join("statement.polish.md"), dir.join("statement.en.md")).expect("mv");
    let (_, ok, detail) = verify_statement(root.path());
    assert!(
        !ok && detail.contains("are both the en statement"),
        "{detail}"
    );
    // A language problem.toml declares is checked where it is written.
    let manifest = read(&dir.join("problem.toml"));
    write(
        &dir.join("problem.toml"),
        format!("{manifest}\n[statement]\nlanguage = \"PL\"\n"),
    );
    let (code, out, err) = stonejudge(root.path(), &["testdata", PROBLEM, "--check"]);
    assert_eq!(code, Some(2), "{out}{err}");
    let lines = manifest.lines().count();
    assert!(
        err.contains(&format!(
            "problem.toml:{}:12: \"PL\" is not a language code",
            lines + 3
        )),
        "{err}"
    );
}
