//! The sinol-make packages of the suite verified by stonejudge and by sinol-make itself
//! (`pip install sinol-make`): both must accept each package, whose `sinol_expected_scores`
//! state every solution's score group by group, so they agree on every score; and both must
//! refuse a package whose expectation is wrong. sinol-make downloads sio2jail and oicompare at
//! start: stand-ins are put in a temporary HOME (sio2jail is not used: `--time-tool time`;
//! the oicompare stand-in compares tokens, as oicompare does). `export --format sinol` of a
//! problem of this archive must pass both too, and an interactive task (`prog/abcsoc.py`)
//! must be scored alike, and a package that commits only its examples too (both make the
//! rest first); `sinol-make gen` and `stonejudge testdata` must write the same tests. Where
//! sinol-make is not installed the trials are reported ignored, with the reason.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use libtest_mimic::{Failed, Trial};

use crate::sinol_fixtures::{self as fixtures, Package};

/// The `sinol-make` command, or why it cannot be run.
pub fn sinol_make() -> Result<&'static Path, &'static str> {
    static FOUND: OnceLock<Option<PathBuf>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let path = std::env::var_os("PATH")?;
            let found = std::env::split_paths(&path)
                .map(|dir| dir.join("sinol-make"))
                .find(|p| p.is_file())?;
            // It checks for its downloads first, even for --version.
            let home = home().ok()?;
            let works = Command::new(&found)
                .arg("--version")
                .env("HOME", home.path())
                .output()
                .is_ok_and(|o| o.status.success());
            works.then_some(found)
        })
        .as_deref()
        .ok_or("sinol-make is not installed (`pip install sinol-make`)")
}

/// A HOME holding the stand-ins for the two binaries sinol-make downloads at start.
fn home() -> Result<tempfile::TempDir, Failed> {
    let home = tempfile::tempdir()?;
    let bin = home.path().join(".local/bin");
    std::fs::create_dir_all(&bin)?;
    let write = |name: &str, text: &str| -> std::io::Result<()> {
        use std::os::unix::fs::PermissionsExt;
        let path = bin.join(name);
        std::fs::write(&path, text)?;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
    };
    write("sio2jail", "#!/bin/sh\necho 'SIO2jail v1.5.3 (stand-in)'\n")?;
    write(
        "oicompare",
        "#!/usr/bin/env python3\nimport sys\nif sys.argv[1:] == ['--version']:\n\
         \x20   print('oicompare version 1.0.2')\n    sys.exit(0)\n\
         same = open(sys.argv[1], 'rb').read().split() == open(sys.argv[2], 'rb').read().split()\n\
         print('' if same else 'WRONG')\nsys.exit(0 if same else 1)\n",
    )?;
    Ok(home)
}

/// The Python sinol-make is told to use, as the suite's programs run it.
fn python() -> &'static str {
    ["/usr/bin/python3", "/bin/python3"]
        .into_iter()
        .find(|p| Path::new(p).is_file())
        .unwrap_or("python3")
}

/// `sinol-make verify` in the package: whether it accepted it, and what it printed.
fn sinol_verify(package: &Package) -> Result<(bool, String), Failed> {
    let home = home()?;
    let output = Command::new(sinol_make()?)
        .args(["verify", "--time-tool", "time", "--no-fsanitize"])
        .args(["--python-interpreter-path", python()])
        .current_dir(package.root())
        .env("HOME", home.path())
        .output()?;
    let said = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    Ok((output.status.success(), said))
}

/// `stonejudge verify` of the package: whether it accepted it, and what it printed.
fn our_verify(package: &Package) -> Result<(bool, String), Failed> {
    let output = assert_cmd::Command::cargo_bin("stonejudge")?
        .arg("verify")
        .arg(package.root())
        .env(
            "STONEJUDGE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("sinol-cache"),
        )
        .output()?;
    let said = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    Ok((output.status.success(), said))
}

/// Both verify `package` and come to `accepted`.
fn agree(package: Package, accepted: bool) -> Result<(), Failed> {
    let (ours, our_words) = our_verify(&package)?;
    let (theirs, their_words) = sinol_verify(&package)?;
    if ours != accepted || theirs != accepted {
        return Err(format!(
            "expected both to {} the package; stonejudge {}, sinol-make {}\n\
             stonejudge:\n{our_words}\nsinol-make:\n{their_words}",
            if accepted { "accept" } else { "refuse" },
            if ours { "accepted" } else { "refused" },
            if theirs { "accepted" } else { "refused" },
        )
        .into());
    }
    Ok(())
}

/// The sum package with abcb1.py promised all of group 2.
fn wrong_expectation() -> Package {
    let package = fixtures::sum();
    let config = std::fs::read_to_string(package.root().join("config.yml")).unwrap_or_default();
    package.write(
        "config.yml",
        &config.replacen(
            "2: {points: 0, status: WA}\n    points: 40",
            "2: {points: 60, status: OK}\n    points: 100",
            1,
        ),
    );
    package
}

/// The interactive package with abcb1.py promised group 3, which it fails.
fn interactive_wrong_expectation() -> Package {
    let package = fixtures::interactive();
    let config = std::fs::read_to_string(package.root().join("config.yml")).unwrap_or_default();
    package.write(
        "config.yml",
        &config.replacen(
            "3: {points: 0, status: WA}\n    points: 55",
            "3: {points: 30, status: OK}\n    points: 85",
            1,
        ),
    );
    package
}

/// `take-1-3-4` of this repository's archive exported as a sinol-make package.
fn exported() -> Package {
    let package = Package {
        dir: tempfile::tempdir().expect("tempdir"),
    };
    export(
        &package,
        &["take-1-3-4", "--root", env!("CARGO_MANIFEST_DIR")],
    );
    package
}

/// A Polygon package of our own (`crate::export_formats::polygon`: a testlib checker and
/// validator, a statement for `olymp.sty`) exported as a sinol-make package: sinol-make
/// builds the wrapped checker and inwer with its warnings as errors, compiles the statement
/// with pdflatex and runs the solution.
fn exported_polygon() -> Package {
    use crate::export_formats::{polygon, SUM};
    let package = Package {
        dir: tempfile::tempdir().expect("tempdir"),
    };
    polygon(&package.dir.path().join("sum"), &[("main", "sum.cpp", SUM)]);
    export(&package, &["./sum"]);
    package
}

/// `stonejudge export PROBLEM… --format sinol --task-id abc --out abc` in the folder of
/// `package`, which must succeed.
fn export(package: &Package, problem: &[&str]) {
    let output = assert_cmd::Command::cargo_bin("stonejudge")
        .expect("binary")
        .arg("export")
        .args(problem)
        .args(["--format", "sinol", "--task-id", "abc", "--out", "abc"])
        .current_dir(package.dir.path())
        .output()
        .expect("run export");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Why a statement cannot be compiled here, if it cannot: sinol-make compiles `doc/*.tex`
/// with pdflatex.
fn pdflatex() -> Result<(), &'static str> {
    let found = Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    match found {
        true => Ok(()),
        false => Err("pdflatex is not installed (sinol-make compiles doc/*.tex with it)"),
    }
}

/// `package` without the tests ingen and the model make (its examples, group 0, kept).
fn uncommitted(package: Package) -> Package {
    for dir in ["in", "out"] {
        for entry in std::fs::read_dir(package.root().join(dir))
            .into_iter()
            .flatten()
        {
            let path = entry.expect("entry").path();
            let example = path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("abc0"));
            if !example {
                std::fs::remove_file(&path).expect("remove");
            }
        }
    }
    package
}

/// The `.in` and `.out` files of `in/` and `out/` under `root`, with their bytes (sinol-make's
/// own `.md5sums` left out).
fn tests_of(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for dir in ["in", "out"] {
        for entry in std::fs::read_dir(root.join(dir)).into_iter().flatten() {
            let path = entry.expect("entry").path();
            let name = format!(
                "{dir}/{}",
                path.file_name().unwrap_or_default().to_string_lossy()
            );
            if name.ends_with(".in") || name.ends_with(".out") {
                files.push((name, std::fs::read(&path).expect("read")));
            }
        }
    }
    files.sort();
    files
}

/// `sinol-make gen` on one copy of a package that commits only its examples (ingen in C++
/// including a header of `prog/`), `stonejudge testdata` on another: the same files, byte
/// for byte.
fn gen_and_testdata_write_the_same() -> Result<(), Failed> {
    let (theirs, ours) = (fixtures::generated(), fixtures::generated());
    let home = home()?;
    let output = Command::new(sinol_make()?)
        .args(["gen", "--python-interpreter-path", python()])
        .current_dir(theirs.root())
        .env("HOME", home.path())
        .output()?;
    if !output.status.success() {
        return Err(format!(
            "sinol-make gen: {}",
            String::from_utf8_lossy(&output.stdout)
        )
        .into());
    }
    let output = assert_cmd::Command::cargo_bin("stonejudge")?
        .args(["testdata", "./abc"])
        .current_dir(ours.dir.path())
        .env(
            "STONEJUDGE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("sinol-cache"),
        )
        .output()?;
    if !output.status.success() {
        return Err(format!(
            "stonejudge testdata: {}",
            String::from_utf8_lossy(&output.stderr)
        )
        .into());
    }
    let (made_by_gen, made_by_us) = (tests_of(&theirs.root()), tests_of(&ours.root()));
    if made_by_gen.len() != 6 || made_by_gen != made_by_us {
        return Err(format!(
            "sinol-make gen wrote {made_by_gen:?}\nstonejudge testdata wrote {made_by_us:?}"
        )
        .into());
    }
    Ok(())
}

/// A fixture: its name, how it is made, and whether it is to be accepted.
type Case = (&'static str, fn() -> Package, bool);

pub fn trials() -> Vec<Trial> {
    let cases: [Case; 12] = [
        (
            "uncommitted_tests",
            || uncommitted(fixtures::generated()),
            true,
        ),
        ("uncommitted_sum", || uncommitted(fixtures::sum()), true),
        ("sum", fixtures::sum, true),
        ("subtask_dependencies", fixtures::dependencies, true),
        ("checker_partial_points", fixtures::checker, true),
        ("per_group_limits", fixtures::limits, true),
        ("icpc", fixtures::icpc, true),
        ("icpc_checker_partial_points", fixtures::icpc_checker, true),
        ("wrong_expectation_refused", wrong_expectation, false),
        ("export_of_take_1_3_4", exported, true),
        ("interactive", fixtures::interactive, true),
        (
            "interactive_wrong_expectation_refused",
            interactive_wrong_expectation,
            false,
        ),
    ];
    let ignored = sinol_make().is_err();
    let gen = Trial::test("sinol::gen_and_testdata_write_the_same", || {
        sinol_make()?;
        gen_and_testdata_write_the_same()
    })
    .with_ignored_flag(ignored);
    let polygon = Trial::test(
        "sinol::agrees_with_sinol_make::export_of_a_polygon_package",
        || {
            sinol_make()?;
            pdflatex()?;
            agree(exported_polygon(), true)
        },
    )
    .with_ignored_flag(ignored || pdflatex().is_err());
    cases
        .into_iter()
        .map(|(name, make, accepted)| {
            Trial::test(
                format!("sinol::agrees_with_sinol_make::{name}"),
                move || {
                    sinol_make()?;
                    agree(make(), accepted)
                },
            )
            .with_ignored_flag(ignored)
        })
        .chain([gen, polygon])
        .collect()
}
