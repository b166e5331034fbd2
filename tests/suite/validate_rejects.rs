//! `stonejudge validate` is strict: each way an input can break the format is rejected with
//! exit 1 and `file:line:col:` pointing at the first offending byte.

use assert_cmd::Command;

/// One malformed variant of a valid input, with where the validator must point.
struct Case {
    what: &'static str,
    input: Vec<u8>,
    line: usize,
    /// The columns accepted: usually one; for an extra number, both the space before it (the
    /// first byte where the line departs from the format) and the number itself.
    cols: Vec<usize>,
}

fn case(what: &'static str, input: impl Into<Vec<u8>>, line: usize, col: usize) -> Case {
    Case {
        what,
        input: input.into(),
        line,
        cols: vec![col],
    }
}

/// A line with one number too many, whose extra number starts at `col`.
fn extra_number(what: &'static str, input: &str, line: usize, col: usize) -> Case {
    Case {
        cols: vec![col - 1, col],
        ..case(what, input, line, col)
    }
}

/// Runs `validate` on `valid` (must pass) and on every case (each must fail where it says).
fn assert_validator(problem: &str, valid: &str, cases: &[Case]) {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = dir.path().join("good.in");
    std::fs::write(&good, valid).expect("write");
    Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["validate", problem])
        .arg(&good)
        .assert()
        .success()
        .stderr("");
    for (i, case) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.in"));
        std::fs::write(&path, &case.input).expect("write");
        let out = Command::cargo_bin("stonejudge")
            .expect("binary")
            .args(["validate", problem])
            .arg(&good)
            .arg(&path)
            .assert()
            .code(1);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        let expected: Vec<String> = case
            .cols
            .iter()
            .map(|col| format!("{}:{}:{col}: ", path.display(), case.line))
            .collect();
        assert!(
            expected.iter().any(|e| stderr.starts_with(e)),
            "{problem}, {}: expected {expected:?}..., got {stderr:?}",
            case.what
        );
        assert_eq!(stderr.lines().count(), 1, "only the bad file is named");
    }
}

/// The rejections every format shares, made from a valid input whose first line holds at
/// least two numbers.
fn common_cases(valid: &str) -> Vec<Case> {
    let lines: Vec<&str> = valid.lines().collect();
    let n = lines.len();
    let first = lines[0];
    let last = lines[n - 1];
    let gap = first.find(' ').expect("first line has two numbers");
    let with_first = |replacement: String| format!("{replacement}{}", &valid[first.len()..]);
    vec![
        case("empty file", "", 1, 1),
        case(
            "missing final newline",
            &valid[..valid.len() - 1],
            n,
            last.len() + 1,
        ),
        case("extra blank line", format!("{valid}\n"), n + 1, 1),
        case(
            "trailing space",
            with_first(format!("{first} ")),
            1,
            first.len() + 1,
        ),
        case("CRLF", valid.replace('\n', "\r\n"), 1, first.len() + 1),
        case(
            "double space",
            with_first(format!("{}  {}", &first[..gap], &first[gap + 1..])),
            1,
            gap + 2,
        ),
        case(
            "non-number",
            with_first(format!("{} x{}", &first[..gap], &first[gap + 1..])),
            1,
            gap + 2,
        ),
        case(
            "leading zero",
            with_first(format!("{} 0{}", &first[..gap], &first[gap + 1..])),
            1,
            gap + 2,
        ),
        case(
            "sign",
            with_first(format!("{} +{}", &first[..gap], &first[gap + 1..])),
            1,
            gap + 2,
        ),
        case("tab", with_first(first.replacen(' ', "\t", 1)), 1, gap + 1),
    ]
}

#[test]
fn stripes_validator() {
    let valid = "1 5 1\n3\n1\n5\n6\n";
    let mut cases = common_cases(valid);
    cases.extend([
        case("too few lines", "1 5 1\n3\n1\n5\n", 5, 1),
        case("too many lines", "1 5 1\n3\n1\n5\n6\n7\n", 6, 1),
        extra_number("too many numbers", "1 5 1 2\n3\n1\n5\n6\n", 1, 7),
        case("too few numbers", "1 5\n3\n1\n5\n6\n", 1, 4),
        case("stripe too long", "1 1001 1\n3\n1\n5\n6\n", 1, 3),
        case("stripe zero", "0 5 1\n3\n1\n5\n6\n", 1, 1),
        case("no boards", "1 5 1\n0\n", 2, 1),
        case("board too long", "1 5 1\n3\n1\n1001\n6\n", 4, 1),
        case("board zero", "1 5 1\n3\n1\n0\n6\n", 4, 1),
        case(
            "huge number",
            "1 5 1\n3\n1\n99999999999999999999\n6\n",
            4,
            1,
        ),
    ]);
    assert_validator("stripes", valid, &cases);
}

#[test]
fn nim_validator() {
    let valid = "2\n3\n3 3 1\n1\n5\n";
    // The common cases need two numbers on the first line: apply them to the heaps line by
    // shifting the input (a heaps line is as strict as any other).
    let mut cases = vec![
        case("empty file", "", 1, 1),
        case("missing final newline", "2\n3\n3 3 1\n1\n5", 5, 2),
        case("extra blank line", "2\n3\n3 3 1\n1\n5\n\n", 6, 1),
        case("trailing space", "2\n3\n3 3 1 \n1\n5\n", 3, 6),
        case("CRLF", "2\r\n3\r\n3 3 1\r\n1\r\n5\r\n", 1, 2),
        case("double space", "2\n3\n3  3 1\n1\n5\n", 3, 3),
        case("non-number", "2\n3\n3 a 1\n1\n5\n", 3, 3),
        case("leading zero", "2\n3\n3 03 1\n1\n5\n", 3, 3),
        case("too few heaps", "2\n3\n3 3\n1\n5\n", 3, 4),
        extra_number("too many heaps", "2\n3\n3 3 1 1\n1\n5\n", 3, 7),
        case("too few cases", "2\n3\n3 3 1\n", 4, 1),
        case("too many lines", "2\n3\n3 3 1\n1\n5\n7\n", 6, 1),
        case("no cases", "0\n", 1, 1),
        case("no heaps", "1\n0\n\n", 2, 1),
        case("heap of 2^63", "1\n1\n9223372036854775808\n", 3, 1),
    ];
    // The largest heap is fine.
    Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["validate", "nim"])
        .write_stdin("1\n2\n9223372036854775807 0\n")
        .assert()
        .success();
    cases.push(case("heap sign", "2\n3\n3 -3 1\n1\n5\n", 3, 3));
    assert_validator("nim", valid, &cases);
}

#[test]
fn wythoff_validator() {
    let valid = "2 1\n8 4\n4 7\n";
    let mut cases = common_cases(valid);
    let too_many: String = "1 2\n".repeat(100_001);
    cases.extend([
        case("one number", "2 1\n8\n4 7\n", 2, 2),
        extra_number("three numbers", "2 1\n8 4 1\n4 7\n", 2, 5),
        case("above 10^18", "2 1\n1000000000000000001 4\n", 2, 1),
        case("more than 10^5 lines", too_many, 100_001, 1),
    ]);
    assert_validator("wythoff", valid, &cases);
}

#[test]
fn validate_reads_standard_input_when_no_file_is_given() {
    let out = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["validate", "wythoff"])
        .write_stdin("2 1\n8 4 \n")
        .assert()
        .code(1);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(stderr.starts_with("<stdin>:2:4: "), "{stderr}");
}
