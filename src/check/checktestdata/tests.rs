//! Each construct of the language, accepting and rejecting, and the messages' positions.

use super::{Failure, Options, Pos, Script};

fn check(script: &str, input: &str) -> Result<(), Failure> {
    let script = Script::parse(script.as_bytes()).unwrap_or_else(|e| panic!("{script}: {e}"));
    script.check(input.as_bytes(), &Options::default())
}

fn accepts(script: &str, input: &str) {
    if let Err(e) = check(script, input) {
        panic!("{script:?} rejects {input:?}: {e}");
    }
}

/// The input rejection, its position and message.
fn rejects(script: &str, input: &str) -> (Pos, String) {
    match check(script, input) {
        Err(Failure::Input(e)) => (e.pos, e.message),
        other => panic!("{script:?} on {input:?}: {other:?}"),
    }
}

fn script_error(script: &str, input: &str) -> (Pos, String) {
    let parsed = match Script::parse(script.as_bytes()) {
        Err(e) => return (e.pos, e.message),
        Ok(parsed) => parsed,
    };
    match parsed.check(input.as_bytes(), &Options::default()) {
        Err(Failure::Script(e)) => (e.pos, e.message),
        other => panic!("{script:?} on {input:?}: {other:?}"),
    }
}

fn at(line: usize, col: usize) -> Pos {
    Pos { line, col }
}

#[test]
fn space_newline_and_eof_are_strict() {
    accepts("INT(1,9) SPACE INT(1,9) NEWLINE", "1 2\n");
    let (pos, message) = rejects("INT(1,9) NEWLINE INT(1,9) NEWLINE", "1\n2 \n");
    assert_eq!(
        (pos, message.as_str()),
        (at(2, 2), "expected NEWLINE, found space")
    );
    assert_eq!(
        rejects("INT(1,9) SPACE INT(1,9)", "1  2").1,
        "expected an integer, found space"
    );
    assert_eq!(
        rejects("INT(1,9) NEWLINE", "1").1,
        "expected NEWLINE, found end of file"
    );
    assert_eq!(
        rejects("INT(1,9) NEWLINE", "1\n\n"),
        (at(2, 1), "expected end of file, found newline".into())
    );
    assert!(rejects("INT(1,9) NEWLINE", "1\r\n").1.contains("CRLF"));
    accepts("", "");
    rejects("", " ");
}

#[test]
fn whitespace_ok_takes_runs_of_blanks_but_not_newlines() {
    let script = Script::parse(b"INT(1,9) SPACE INT(1,9) NEWLINE").expect("parses");
    let lenient = Options {
        whitespace_ok: true,
        ..Options::default()
    };
    assert!(script.check(b"  1 \t 2  \n ", &lenient).is_ok());
    assert!(script.check(b"1\n2\n", &lenient).is_err());
    assert!(script.check(b"1  2\n", &Options::default()).is_err());
}

#[test]
fn int_reads_any_size_without_leading_zeros_or_minus_zero() {
    accepts("INT(-5, 5) SPACE INT(-5,5) SPACE INT(0,0)", "-5 5 0");
    accepts(
        "INT(10^30, 10^30 + 1, x) ASSERT(x == 1000000000000000000000000000001)",
        "1000000000000000000000000000001",
    );
    assert_eq!(
        rejects("INT(0, 100)", "007").1,
        "integer 007 has a leading zero"
    );
    assert!(rejects("INT(-5, 5)", "-0").1.contains("-0"));
    assert_eq!(
        rejects("INT(1, 10)", "11").1,
        "integer 11 is out of range [1, 10]"
    );
    assert_eq!(
        rejects("INT(1, 10)", "-").1,
        "expected an integer, found '-'"
    );
    assert_eq!(
        rejects("INT(-10^20, 0)", "-100000000000000000001").0,
        at(1, 1)
    );
    accepts("INT(-10^20, 0)", "-100000000000000000000");
    assert_eq!(
        script_error("INT(1.0, 2)", "1").1,
        "INT bounds must be integers, not a float (1.0)"
    );
}

#[test]
fn float_options_and_decimals() {
    accepts("FLOAT(0, 1) SPACE FLOAT(-1, 1)", "0.5 -1e-3");
    accepts(
        "FLOAT(0, 1, x, FIXED) ASSERT(x == 1.0/4 && x != 1/4)",
        "0.25",
    );
    rejects("FLOAT(0, 10, x, FIXED)", "1e1");
    accepts("FLOAT(0, 1000, x, SCIENTIFIC)", "1.5E+2");
    assert!(rejects("FLOAT(0, 1000, x, SCIENTIFIC)", "150")
        .1
        .contains("no exponent"));
    assert!(rejects("FLOAT(0, 10)", "01.5").1.contains("leading zero"));
    assert!(rejects("FLOAT(0, 10)", "1.")
        .1
        .contains("no digit after the point"));
    assert!(rejects("FLOAT(-1, 1)", "-0.0").1.contains("sign on zero"));
    assert!(rejects("FLOAT(0, 1)", "1.0000000001")
        .1
        .contains("out of range"));
    accepts("FLOAT(0, 1)", "1.0000000000");
    accepts("FLOATP(0, 10, 2, 3)", "1.25");
    assert!(rejects("FLOATP(0, 10, 2, 3)", "1.2")
        .1
        .contains("1 decimals, not in [2, 3]"));
    accepts("FLOATP(0, 1000, 0, 2, x, SCIENTIFIC)", "1.5e2");
    accepts("FLOATP(0, 1000, 0, 2)", "1e2");
    assert!(rejects("FLOATP(0, 1000, 0, 2)", "15.0e1")
        .1
        .contains("one non-zero digit"));
    // Exact rationals: 0.1 + 0.2 is 0.3, and 1/3 is not a decimal.
    accepts("ASSERT(0.1 + 0.2 == 0.3) ASSERT(1.0/3*3 == 1)", "");
    assert!(script_error("FLOAT(0, 1)", "1e-999999999")
        .1
        .contains("not supported"));
}

#[test]
fn string_and_regex_match_bytes() {
    accepts("STRING(\"ab\\n\") STRING(\"\\101\")", "ab\nA");
    assert_eq!(
        rejects("STRING(\"abc\")", "abd"),
        (at(1, 1), "expected \"abc\", found \"abd\"".into())
    );
    accepts(
        "REGEX(\"[a-z]+\", s) ASSERT(s == \"abc\" && STRLEN(s) == 3) SPACE",
        "abc ",
    );
    accepts("REGEX(\"a|ab\") EOF", "ab");
    assert!(rejects("REGEX(\"[0-9]+\")", "x1")
        .1
        .starts_with("expected a match of /[0-9]+/, found 'x1'"));
    assert!(script_error("REGEX(\"^a\")", "a").1.contains("anchor"));
    assert_eq!(script_error("NEWLINE\n  REGEX(\"(a\")", "\n").0, at(2, 9));
}

#[test]
fn loops_with_separators_and_index_variables() {
    accepts(
        "INT(0,5,n) NEWLINE REP(n, SPACE) INT(1,9) END NEWLINE",
        "3\n1 2 3\n",
    );
    accepts(
        "INT(0,5,n) NEWLINE REP(n, SPACE) INT(1,9) END NEWLINE",
        "0\n\n",
    );
    rejects(
        "INT(0,5,n) NEWLINE REP(n, SPACE) INT(1,9) END NEWLINE",
        "3\n1 2 3 \n",
    );
    accepts(
        "REPI(i, 3) INT(0, 9, a[i]) NEWLINE END ASSERT(i == 3 && a[0] < a[1] && a[1] < a[2])",
        "1\n2\n3\n",
    );
    accepts(
        "WHILEI(i, !ISEOF, SPACE) INT(1, 9) END ASSERT(i == 4)",
        "1 2 3 4",
    );
    accepts(
        "WHILE(MATCH(\"0123456789\")) INT(0, 9) NEWLINE END",
        "1\n2\n",
    );
    accepts("SET(n = 0) WHILEI(i, n < 0) END ASSERT(i == 0)", "");
    assert!(script_error("REP(-1) END", "").1.contains("negative"));
    assert!(script_error("REP(1.5) END", "").1.contains("integer"));
}

#[test]
fn if_else_picks_a_branch() {
    let script =
        "INT(0, 1, t) NEWLINE IF(t == 0) STRING(\"zero\") ELSE STRING(\"one\") END NEWLINE";
    accepts(script, "0\nzero\n");
    accepts(script, "1\none\n");
    rejects(script, "1\nzero\n");
    accepts("IF(ISEOF) END", "");
}

#[test]
fn expressions_follow_the_references() {
    accepts(
        "ASSERT(2^3^2 == 64 && -2^2 == -4 && 2 + 3 * 4 == 14 && (2 + 3) * 4 == 20)",
        "",
    );
    accepts(
        "ASSERT(-7 / 2 == -3 && -7 % 2 == -1 && 7 % -2 == 1 && 7.0 / 2 == 3.5)",
        "",
    );
    accepts("ASSERT(2^100 - 2^100 + 1 == 1 && 1 == 1.0)", "");
    accepts("ASSERT(\"abc\" < \"abd\" && \"b\" > \"abc\")", "");
    accepts("ASSERT((!(1 == 2)) && (1 == 1 || 1 == 2))", "");
    accepts("ASSERT(1 == 2 || 1 == 1 || 2 == 3)", "");
    assert!(script_error("ASSERT(1/0 == 0)", "")
        .1
        .contains("division by zero"));
    assert!(script_error("ASSERT(\"a\" < 1)", "")
        .1
        .contains("cannot compare"));
    assert!(script_error("ASSERT(x == 1)", "")
        .1
        .contains("variable x is not set"));
    assert!(script_error("ASSERT(2^(10^10) > 0)", "")
        .1
        .contains("too large"));
    assert!(script_error("SET(a[0.5] = 1)", "")
        .1
        .contains("must be an integer"));
    assert!(script_error("ASSERT(1.5 % 1 == 0)", "")
        .1
        .contains("integers"));
}

#[test]
fn tests_the_references_read_differently_are_refused() {
    assert!(script_error("ASSERT(!ISEOF && 1 == 1)", "")
        .1
        .contains("ambiguous"));
    assert!(script_error("ASSERT(1 == 1 || 1 == 2 && 1 == 2)", "")
        .1
        .contains("ambiguous"));
    assert!(script_error("ASSERT(1 == 1 && !(1 == 2) || 1 == 2)", "")
        .1
        .contains("ambiguous"));
    accepts("ASSERT(1 == 1 && 1 == 1 || 1 == 2)", "");
    accepts("ASSERT((!ISEOF) || 1 == 1)", "");
    assert!(script_error("INT(010, 20)", "").1.contains("leading zero"));
}

#[test]
fn set_unset_arrays_unique_and_inarray() {
    accepts(
        "SET(a[1] = 5, a[2] = 6, b = a[1] + a[2]) ASSERT(b == 11 && UNIQUE(a))",
        "",
    );
    accepts("SET(a[1] = 5, a[2] = 5) ASSERT(!UNIQUE(a))", "");
    accepts(
        "SET(x[1] = 1, y[1] = 2, x[2] = 1, y[2] = 3) ASSERT(UNIQUE(x, y))",
        "",
    );
    accepts(
        "SET(x[1] = 1, y[1] = 2, x[2] = 1, y[2] = 2) ASSERT(!UNIQUE(x, y))",
        "",
    );
    assert!(rejects("SET(x[1] = 1, y[2] = 2) ASSERT(UNIQUE(x, y))", "")
        .1
        .contains("same indices"));
    accepts(
        "SET(m[1, 2] = 3) ASSERT(m[1, 2] == 3 && INARRAY(3, m) && INARRAY(3.0, m))",
        "",
    );
    accepts(
        "SET(a[1] = 3, a[1] = 4) ASSERT((!INARRAY(3, a)) && INARRAY(4, a))",
        "",
    );
    accepts(
        "SET(a[1] = 3) UNSET(a) ASSERT(UNIQUE(a) && !INARRAY(3, a))",
        "",
    );
    assert!(script_error("SET(a[1] = 3) UNSET(a) ASSERT(a[1] == 3)", "")
        .1
        .contains("not set"));
    // A permutation check, the classic use of INARRAY.
    let perm = "INT(1, 9, n) NEWLINE REPI(i, n, SPACE) INT(1, n, p) ASSERT(!INARRAY(p, seen)) \
                SET(seen[i] = p) END NEWLINE";
    accepts(perm, "3\n3 1 2\n");
    assert!(rejects(perm, "3\n3 1 3\n").1.contains("ASSERT"));
    assert_eq!(rejects(perm, "3\n3 1 3\n").0, at(2, 6));
}

#[test]
fn script_errors_point_into_the_script() {
    assert_eq!(script_error("INT(1, 2\nNEWLINE", "").0, at(2, 1));
    assert_eq!(script_error("REP(3)\n INT(1, 2)\n", "").0, at(1, 1));
    assert_eq!(script_error("END", "").1, "END without a block to end");
    assert_eq!(script_error("  FOO", "").0, at(1, 3));
    assert!(script_error("STRING(\"abc", "").1.contains("not closed"));
    assert!(script_error("REP(2, REP(1) END) END", "")
        .1
        .contains("separator"));
    assert!(script_error("INT(1, 2) @", "")
        .1
        .contains("unexpected character '@'"));
    let comment = "# a comment INT(\nINT(1, 2) # another\nNEWLINE";
    accepts(comment, "1\n");
}

#[test]
fn a_while_that_never_ends_stops_at_the_deadline() {
    let script = Script::parse(b"WHILE(1 == 1) END").expect("parses");
    let options = Options {
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_millis(50)),
        ..Options::default()
    };
    assert_eq!(script.check(b"", &options), Err(Failure::TimeLimit));
}
