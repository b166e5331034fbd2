//! `stonejudge grundy` through the real binary: every engine prints what the plain engine
//! prints, and `--period` prints values, the proven period and its certificate.

use assert_cmd::Command;

/// Runs `stonejudge grundy ARGS...`, expecting success; returns standard output.
fn grundy(args: &[&str]) -> String {
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .arg("grundy")
        .args(args)
        .output()
        .expect("runs");
    assert!(
        output.status.success(),
        "grundy {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("ASCII output")
}

/// Runs `stonejudge grundy ARGS...`, expecting a usage error; returns standard error.
fn grundy_fails(args: &[&str]) -> String {
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .arg("grundy")
        .args(args)
        .output()
        .expect("runs");
    assert_eq!(
        output.status.code(),
        Some(2),
        "grundy {args:?} must fail with 2"
    );
    String::from_utf8(output.stderr).expect("text")
}

fn values(line: &str) -> Vec<u32> {
    line.split(' ')
        .map(|v| v.parse().unwrap_or_else(|_| panic!("value {v:?}")))
        .collect()
}

#[test]
fn every_engine_prints_what_the_plain_engine_prints() {
    for (ruleset, upto) in [
        ("stripes:1,2,3", "3000"),
        ("stripes:10,20,35", "2500"),
        ("octal:0.07", "2000"),
        ("octal:0.165", "2000"),
        ("subtraction:2,5,7", "2000"),
        ("bounded:6", "500"),
        ("nim", "300"),
    ] {
        for period in [&[][..], &["--period"][..]] {
            let plain = grundy(&[&[ruleset, "--upto", upto, "--engine", "plain"], period].concat());
            for engine in ["auto", "rare-common", "quadratic"] {
                for threads in ["1", "2"] {
                    let args = [
                        &[
                            ruleset, "--upto", upto, "--engine", engine, "--jobs", threads,
                        ][..],
                        period,
                    ]
                    .concat();
                    assert_eq!(grundy(&args), plain, "{args:?}");
                }
            }
        }
    }
}

/// `-j` like every command, and the former `--threads`, past the values where the
/// rare/common engine starts computing ahead on threads.
#[test]
fn jobs_and_the_former_threads_flag_print_the_same() {
    let one = grundy(&["stripes:1,2,3", "--upto", "20000", "-j", "1"]);
    assert_eq!(
        grundy(&["stripes:1,2,3", "--upto", "20000", "-j", "3"]),
        one
    );
    assert_eq!(
        grundy(&["stripes:1,2,3", "--upto", "20000", "--threads", "2"]),
        one
    );
    assert_eq!(grundy(&["stripes:1,2,3", "--upto", "20000"]), one);
}

#[test]
fn plain_output_is_one_line_of_values_from_g0() {
    let out = grundy(&["octal:0.07", "--upto", "7"]);
    assert_eq!(out, "0 0 1 1 2 0 3 1\n");
}

#[test]
fn period_prints_the_certificate_and_the_values_it_determines() {
    let out = grundy(&["octal:0.07", "--upto", "100000", "--period"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "values, period, certificate");
    assert_eq!(lines[1], "proven: preperiod=53 period=34");
    assert_eq!(
        lines[2],
        "checked G(n+34)=G(n) for 53 <= n < 2*53+34+2 = 142"
    );
    let all = values(lines[0]);
    assert_eq!(all.len(), 100_001);
    // The values past the proof follow the period, and the start is the plain table.
    let plain = grundy(&["octal:0.07", "--upto", "3000", "--engine", "plain"]);
    assert_eq!(all[..3001], values(plain.trim_end())[..]);
    assert!((53..all.len() - 34).all(|n| all[n + 34] == all[n]));

    let kayles = grundy(&["stripes:1,2", "--upto", "400", "--period"]);
    let tail: Vec<&str> = kayles.lines().skip(1).collect();
    assert_eq!(
        tail,
        [
            "proven: preperiod=71 period=12",
            "checked G(n+12)=G(n) for 71 <= n < 2*71+12+2 = 156"
        ]
    );
}

#[test]
fn unproven_periods_are_said_so() {
    let out = grundy(&["stripes:1,2,3", "--upto", "5000", "--period"]);
    assert_eq!(out.lines().nth(1), Some("not proven up to 5000"));
    assert_eq!(values(out.lines().next().unwrap_or("")).len(), 5001);
    let nim = grundy(&["nim", "--upto", "10", "--period"]);
    assert_eq!(nim, "0 1 2 3 4 5 6 7 8 9 10\nnot proven up to 10\n");
    // Too few values for the theorem, although Dawson's Kayles is periodic.
    let short = grundy(&["octal:0.07", "--upto", "140", "--period"]);
    assert_eq!(short.lines().nth(1), Some("not proven up to 140"));
}

#[test]
fn bad_flags_are_usage_errors_naming_the_flag() {
    assert!(grundy_fails(&["nim", "--upto", "5", "--engine", "fast"]).contains("--engine"));
    assert!(grundy_fails(&["nim", "--upto", "5", "--threads", "0"]).contains("--threads"));
    assert!(grundy_fails(&["nim", "--upto", "5", "-j", "0"]).contains("--jobs"));
    assert!(grundy_fails(&["nim", "--upto", "5", "-j", "2", "--threads", "2"]).contains("--jobs"));
    assert!(grundy_fails(&["nim", "--upto", "99999999999"]).contains("--upto"));
    assert!(grundy_fails(&["stripes:0,1", "--upto", "5"]).contains("RULESET"));
}

/// `--verbose` says on standard error which engine `auto` chose (and where it handed over),
/// without changing standard output.
#[test]
fn verbose_names_the_engine_auto_chose() {
    let run = |args: &[&str]| {
        let output = Command::cargo_bin("stonejudge")
            .expect("binary")
            .arg("grundy")
            .args(args)
            .output()
            .expect("runs");
        assert!(output.status.success(), "grundy {args:?}");
        (
            String::from_utf8(output.stdout).expect("ASCII output"),
            String::from_utf8(output.stderr).expect("text"),
        )
    };
    let (quiet, nothing) = run(&["stripes:10,20,35", "--upto", "20000", "-j", "2"]);
    assert_eq!(nothing, "");
    let (out, said) = run(&[
        "stripes:10,20,35",
        "--upto",
        "20000",
        "-j",
        "2",
        "--verbose",
    ]);
    assert_eq!(out, quiet, "--verbose must not change the values");
    assert!(
        said.starts_with("grundy: 20001 values by quadratic (asked for auto) on 2 thread(s)")
            && said.contains(", handed over from rare-common at "),
        "{said}"
    );
    let (_, said) = run(&["stripes:1,2,3", "--upto", "20000", "-v", "-j", "1"]);
    assert!(
        said.starts_with("grundy: 20001 values by rare-common (asked for auto) on 1 thread(s)")
            && said.contains("rare positions")
            && !said.contains("handed over"),
        "{said}"
    );
}
