//! No input makes a problem panic: random bytes, random tokens, and mutations of valid inputs
//! (byte flips, insertions, deletions, duplicated or dropped lines) go through `validate`,
//! `solve`, `check`, `shrink` and `reach` of every problem in the catalog.
//!
//! `STONEJUDGE_FUZZ_PROBLEMS=stripes,nim` restricts the run to the named problems (to fuzz a
//! branch where some problems are still placeholders); by default every problem is fuzzed.

use proptest::collection::vec;
use proptest::prelude::*;
use stonejudge::catalog::{DynProblem, CATALOG};
use stonejudge::gen::Params;
use stonejudge::verdict::Verdict;

fn problems() -> Vec<&'static dyn DynProblem> {
    match std::env::var("STONEJUDGE_FUZZ_PROBLEMS") {
        Ok(names) => {
            let names: Vec<&str> = names.split(',').map(str::trim).collect();
            for name in &names {
                assert!(
                    CATALOG.iter().any(|p| p.name() == *name),
                    "STONEJUDGE_FUZZ_PROBLEMS names an unknown problem {name:?}"
                );
            }
            CATALOG
                .iter()
                .copied()
                .filter(|p| names.contains(&p.name()))
                .collect()
        }
        Err(_) => CATALOG.to_vec(),
    }
}

/// One edit of a byte string; positions are taken modulo its length.
#[derive(Debug, Clone)]
enum Mutation {
    FlipBit { at: usize, bit: u8 },
    Insert { at: usize, byte: u8 },
    Replace { at: usize, byte: u8 },
    Delete { at: usize },
    DuplicateLine { line: usize },
    DropLine { line: usize },
}

/// Bytes that matter to the formats, and any byte at all.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        Just(b' '),
        Just(b'\n'),
        Just(b'\r'),
        Just(b'\t'),
        Just(b'-'),
        Just(b'+'),
        Just(b'.'),
        b'0'..=b'9',
        any::<u8>(),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0..8u8).prop_map(|(at, bit)| Mutation::FlipBit { at, bit }),
        (any::<usize>(), interesting_byte()).prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        (any::<usize>(), interesting_byte()).prop_map(|(at, byte)| Mutation::Replace { at, byte }),
        any::<usize>().prop_map(|at| Mutation::Delete { at }),
        any::<usize>().prop_map(|line| Mutation::DuplicateLine { line }),
        any::<usize>().prop_map(|line| Mutation::DropLine { line }),
    ]
}

fn apply(bytes: &mut Vec<u8>, mutation: &Mutation) {
    let len = bytes.len();
    match *mutation {
        Mutation::FlipBit { at, bit } if len > 0 => bytes[at % len] ^= 1 << bit,
        Mutation::Insert { at, byte } => bytes.insert(at % (len + 1), byte),
        Mutation::Replace { at, byte } if len > 0 => bytes[at % len] = byte,
        Mutation::Delete { at } if len > 0 => {
            bytes.remove(at % len);
        }
        Mutation::DuplicateLine { line } | Mutation::DropLine { line } => {
            let mut lines: Vec<Vec<u8>> = bytes
                .split_inclusive(|&b| b == b'\n')
                .map(<[u8]>::to_vec)
                .collect();
            if lines.is_empty() {
                return;
            }
            let at = line % lines.len();
            if matches!(mutation, Mutation::DuplicateLine { .. }) {
                lines.insert(at, lines[at].clone());
            } else {
                lines.remove(at);
            }
            *bytes = lines.concat();
        }
        _ => {}
    }
}

/// Runs everything that reads `input` or `output`; only a panic can fail. A valid input's
/// reference answer must also be accepted when judged against itself.
fn exercise(problem: &dyn DynProblem, input: &[u8], output: &[u8]) {
    let _ = problem.validate(input);
    let _ = problem.reach(input);
    let _ = problem.shrink(input);
    let _ = problem.check(input, output, output);
    if let Ok(answer) = problem.solve(input) {
        let own = problem
            .check(input, answer.as_bytes(), answer.as_bytes())
            .unwrap_or_else(|e| panic!("{}: judge failure on its own answer: {e}", problem.name()));
        assert_eq!(
            own.verdict,
            Verdict::AC,
            "{}: {}",
            problem.name(),
            own.message
        );
        let _ = problem.check(input, answer.as_bytes(), output);
    }
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_bytes_never_panic(
        input in vec(any::<u8>(), 0..200),
        output in vec(any::<u8>(), 0..64),
    ) {
        for problem in problems() {
            exercise(problem, &input, &output);
        }
    }

    #[test]
    fn random_tokens_never_panic(
        input in "[0-9 \n\r.-]{0,120}",
        output in "[0-9a-zA-Z \n]{0,40}",
    ) {
        for problem in problems() {
            exercise(problem, input.as_bytes(), output.as_bytes());
        }
    }

    #[test]
    fn mutated_inputs_and_answers_never_panic(
        seed in 0u64..1000,
        input_edits in vec(mutation(), 1..5),
        output_edits in vec(mutation(), 0..4),
    ) {
        for problem in problems() {
            let valid = problem
                .generate(seed, &Params::default())
                .unwrap_or_else(|e| panic!("{}: the default generator fails: {e}", problem.name()));
            let answer = problem.solve(valid.as_bytes()).expect("a generated input is valid");
            let mut output = answer.clone().into_bytes();
            output_edits.iter().for_each(|m| apply(&mut output, m));
            exercise(problem, valid.as_bytes(), &output);
            let mut input = valid.into_bytes();
            input_edits.iter().for_each(|m| apply(&mut input, m));
            exercise(problem, &input, answer.as_bytes());
        }
    }
}
