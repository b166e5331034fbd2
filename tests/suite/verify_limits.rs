//! `verify`'s submission runs under each case's limits as `judge` resolves them from the model
//! (`stonejudge::judging::CaseLimits`), through the real binary: a sinol-make memory limit
//! that is no whole MiB is run exactly (a solution just under it passes, one just over it is
//! out of memory), a test's own limit where the contest type allows none is applied with
//! judge's warning (an error under `--strict`), and a Kattis package's runs get its
//! `problem.yaml` limits (and its input validators, run beside the pool, say what they said).

use serde_json::Value;

use super::package_cli::{stonejudge, text, verify};
use super::package_fixtures::write;
use super::sinol_cli::detail;
use super::sinol_fixtures::{self as fixtures, expectation, slow_on_group_2};

/// A C solution of the sum that first makes its resident anonymous memory (what a memory
/// cgroup charges it, unlike the shared pages of libc) reach `kib` KiB, as `/proc/self/status`
/// says (where it cannot read that, it allocates `kib` KiB and touches them), 64 KiB at a
/// time: a failed allocation is an exit 3.
fn resident(kib: u64) -> String {
    format!(
        r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static long rss_kib(void) {{
    FILE* f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "RssAnon:", 8)) kib = atol(line + 8);
    fclose(f);
    return kib;
}}
int main(void) {{
    long a, b, grown = 0;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    for (;;) {{
        long now = rss_kib();
        if (now < 0 ? grown >= {kib} : now >= {kib}) break;
        char* p = malloc(64 * 1024);
        if (!p) return 3;
        memset(p, 1, 64 * 1024);
        grown += 64;
    }}
    printf("%ld\n", a + b);
    return 0;
}}
"#
    )
}

/// `verify --json abc` of `package` with `args`: the exit code, the report and what it printed.
fn verify_sinol(package: &fixtures::Package, args: &[&str]) -> (Option<i32>, Value, String) {
    let mut all = vec!["abc"];
    all.extend(args);
    let (output, document) = verify(package.dir.path(), &all);
    let said = text(&output.stdout) + &text(&output.stderr);
    (output.status.code(), document, said)
}

/// 40000 KiB (39.06 MiB, which a limit held in whole MiB rounded up to 40 MiB = 40960 KiB):
/// a solution resident in 30000 KiB gets every point, one that grows to 40400 KiB (under the
/// rounded limit, over the exact one) is out of memory on every test. Python keeps 256 MiB.
/// (A time limit of 10 s, not 2: the kernel's reclaim before it kills a program at its memory
/// limit is charged as the program's CPU time, which made that run TL now and then.)
#[test]
fn a_sinol_memory_limit_that_is_no_whole_mib_is_run_exactly() {
    let config = format!(
        "title: Sum\nsinol_task_id: abc\ntime_limit: 10000\nmemory_limit: 40000\n\
         override_limits:\n  py:\n    memory_limit: 262144\n\
         scores:\n  1: 40\n  2: 60\nsinol_expected_scores:\n{}{}{}",
        expectation("abc.py", &[(0, "OK"), (40, "OK"), (60, "OK")], 100),
        expectation("abc2.c", &[(0, "OK"), (40, "OK"), (60, "OK")], 100),
        expectation("abcb1.c", &[(0, "ML"), (0, "ML"), (0, "ML")], 0),
    );
    let package = fixtures::package(
        &config,
        &[
            ("abc2.c", &resident(30_000)),
            ("abcb1.c", &resident(40_400)),
        ],
    );
    let (code, document, said) = verify_sinol(&package, &[]);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        detail(&document, "prog/abcb1.c", "score").contains("ML"),
        "{document}"
    );
    // describe says the exact amount too.
    let output = stonejudge(package.dir.path())
        .args(["describe", "./abc"])
        .output()
        .expect("run describe");
    let described = text(&output.stdout);
    assert!(described.contains("memory 40000 KiB"), "{described}");
}

/// Contest type `oi` allows no limit of a single test: verify, as judge, applies `2a: 4000`
/// (so the solution spending 1.5 s there keeps its points) and says so; `--strict` refuses.
#[test]
fn a_sinol_test_s_own_limit_where_the_contest_type_allows_none_is_applied_and_said() {
    let config = format!(
        "title: Sum\nsinol_task_id: abc\nsinol_contest_type: oi\ntime_limit: 1000\n\
         memory_limit: 262144\ntime_limits:\n  2a: 4000\nscores:\n  1: 40\n  2: 60\n\
         sinol_expected_scores:\n{}{}",
        expectation("abc.py", &[(0, "OK"), (40, "OK"), (60, "OK")], 100),
        expectation("abcs1.py", &[(0, "OK"), (40, "OK"), (60, "OK")], 100),
    );
    let package = fixtures::package(&config, &[("abcs1.py", &slow_on_group_2(1.5))]);
    let (code, _, said) = verify_sinol(&package, &[]);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("warning: ")
            && said.contains("abc2a: a limit for a single test is not allowed in contest type oi"),
        "{said}"
    );
    let output = stonejudge(package.dir.path())
        .args(["verify", "abc", "--strict"])
        .output()
        .expect("run verify");
    let said = text(&output.stdout) + &text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(
        said.contains("not allowed in contest type oi (--strict)"),
        "{said}"
    );
}

/// A 2023-07 package of the sum with `limits: {time_limit: 4, memory: 48}`: every run of its
/// submissions gets those (`runs` of `--json`), a submission resident in 16 MiB is accepted,
/// one growing to 96 MiB runs out of memory (a run-time error in Kattis' terms), and the
/// input validator, run beside the submissions' pool, accepts both inputs. (The kernel
/// reclaims the cgroup's pages before it kills a program at its memory limit, which a cold
/// or loaded machine charges as up to seconds of the program's CPU time: a limit of 1 s
/// made that run TLE now and then.)
#[test]
fn a_kattis_package_s_runs_get_its_limits() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("sum");
    write(
        &root,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2023-07-draft\nname: Sum\n\
                 uuid: 5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d\ntype: pass-fail\n\
                 limits:\n  time_limit: 4\n  memory: 48\n",
            ),
            ("statement/problem.en.md", "# Sum\n\nPrint $a + b$.\n"),
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "3\n"),
            ("data/secret/1.in", "20 22\n"),
            ("data/secret/1.ans", "42\n"),
            (
                "input_validators/validate.py",
                "import sys\na, b = map(int, sys.stdin.read().split())\n\
                 sys.exit(42 if 0 < a < 100 and 0 < b < 100 else 43)\n",
            ),
            ("submissions/accepted/small.c", &resident(16 << 10)),
            ("submissions/run_time_error/large.c", &resident(96 << 10)),
        ],
    );
    let (output, document) = verify(dir.path(), &["sum"]);
    let said = text(&output.stdout) + &text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{said}");
    let items = document["items"].as_array().expect("items");
    let item = |suffix: &str| {
        (items.iter())
            .find(|i| i["id"].as_str().is_some_and(|id| id.ends_with(suffix)))
            .unwrap_or_else(|| panic!("no item {suffix} in {document}"))
    };
    for suffix in ["accepted/small.c", "run_time_error/large.c"] {
        let runs = &item(suffix)["runs"];
        assert_eq!(runs["time_limit_s"].as_f64(), Some(4.0), "{runs}");
        assert_eq!(runs["memory_limit_mib"].as_u64(), Some(48), "{runs}");
    }
    let large = &item("run_time_error/large.c")["runs"]["tests"];
    assert_eq!(large[0]["verdict"], "MLE", "{large}");
    let validated = (item("sum")["checks"].as_array().expect("checks").iter())
        .find(|c| c["name"] == "input validators")
        .unwrap_or_else(|| panic!("no input validators check in {document}"));
    assert_eq!(validated["ok"], true, "{validated}");
    assert_eq!(
        validated["detail"], "2 inputs accepted by 1 validators",
        "{validated}"
    );
}
