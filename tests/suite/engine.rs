//! The fast Grundy engines against the plain oracle, on long prefixes of many rulesets.

use proptest::prelude::*;
use stonejudge::game::engine::{self, Engine, Grundy, Options};
use stonejudge::game::grundy::plain_table;
use stonejudge::game::{OctalCode, Ruleset};

fn parse(name: &str) -> Ruleset {
    name.parse()
        .unwrap_or_else(|e| panic!("test ruleset {name}: {e}"))
}

/// Every engine, on one to four threads (the plain oracle on one).
fn all_options() -> Vec<Options> {
    let engines = [
        Engine::Auto,
        Engine::Plain,
        Engine::RareCommon,
        Engine::Quadratic,
    ];
    engines
        .into_iter()
        .flat_map(|engine| {
            let threads = if engine == Engine::Plain { 1 } else { 4 };
            (1..=threads).map(move |threads| Options { engine, threads })
        })
        .collect()
}

/// Asserts that every engine computes `oracle` for `rules`, extending in uneven steps (the
/// engines keep state between calls).
fn assert_engines_match(rules: &Ruleset, oracle: &[u32]) {
    for options in all_options() {
        let mut grundy = Grundy::new(rules, &options);
        let mut len = 0;
        while len < oracle.len() {
            len = oracle.len().min(len * 3 / 2 + 7);
            grundy.extend_to(len).expect("memory for a small table");
        }
        let values = grundy.values();
        if let Some(n) = (0..oracle.len()).find(|&n| values[n] != oracle[n]) {
            panic!(
                "{rules:?} with {options:?}: G({n}) = {} but the oracle says {}",
                values[n], oracle[n]
            );
        }
        assert_eq!(values.len(), oracle.len());
    }
}

/// Long enough for the rare/common engine to decide heaps with sets of rests computed ahead
/// by every thread (from 4096 values on), on splitting games of every kind.
#[test]
fn splitting_games_match_the_oracle_with_sets_computed_ahead() {
    for name in [
        "octal:0.77",
        "octal:0.07",
        "octal:0.4",
        "octal:0.165",
        "stripes:3,7,12",
        "stripes:1,2,3,4",
    ] {
        let rules = parse(name);
        assert_engines_match(&rules, &plain_table(&rules, 8192));
    }
}

/// 0.777 to 2^16 on one to four threads: the sets ahead, reclassifications and the capacity
/// growing while threads run, against the plain oracle.
#[test]
fn stripes_1_2_3_to_2_16_on_every_thread_count() {
    let rules = parse("stripes:1,2,3");
    let oracle = plain_table(&rules, 1 << 16);
    for engine in [Engine::Auto, Engine::RareCommon] {
        for threads in 1..=4 {
            let options = Options { engine, threads };
            let mut grundy = Grundy::new(&rules, &options);
            // Uneven steps, as the command extends the table.
            let mut len = 0;
            while len < oracle.len() {
                len = oracle.len().min(len * 2 + 1000);
                grundy.extend_to(len).expect("memory for a small table");
            }
            let values = grundy.values();
            if let Some(n) = (0..oracle.len()).find(|&n| values.get(n) != Some(&oracle[n])) {
                panic!(
                    "{options:?}: G({n}) = {:?} but the oracle says {}",
                    values.get(n),
                    oracle[n]
                );
            }
            assert_eq!(values.len(), oracle.len(), "{options:?}");
        }
    }
}

/// A dense game to 2^16: the quadratic engine on one to three threads (rounds of rests
/// split across them, the sets growing while they run) and `auto` handing over to it on two,
/// against the plain oracle.
#[test]
fn dense_stripes_to_2_16_on_every_thread_count() {
    let rules = parse("stripes:10,20,35");
    let oracle = plain_table(&rules, 1 << 16);
    let options = (1..=3)
        .map(|threads| Options {
            engine: Engine::Quadratic,
            threads,
        })
        .chain([Options {
            engine: Engine::Auto,
            threads: 2,
        }]);
    for options in options {
        let mut grundy = Grundy::new(&rules, &options);
        let mut len = 0;
        while len < oracle.len() {
            len = oracle.len().min(len * 2 + 1000);
            grundy.extend_to(len).expect("memory for a small table");
        }
        assert!(grundy.values() == &oracle[..], "{options:?}");
        assert_eq!(grundy.running(), "quadratic", "{options:?}");
    }
}

#[test]
fn named_games_match_the_oracle() {
    for (name, upto) in [
        ("octal:0.77", 4000),
        ("octal:0.07", 4000),
        ("stripes:1,2,3", 6000),
        ("stripes:1,5,1", 3000),
        ("stripes:3,7,12", 4000),
        ("stripes:4,4,9", 3000),
        ("octal:0.4", 3000),
        ("octal:0.6", 3000),
        ("octal:0.14", 3000),
        ("octal:0.165", 3000),
        ("octal:0.3456", 3000),
        ("octal:0.0000007", 3000),
        ("subtraction:1,3", 3000),
        ("subtraction:2,5,7", 3000),
        ("subtraction:1,2,4", 3000),
        ("bounded:1", 3000),
        ("bounded:7", 3000),
        ("nim", 2000),
    ] {
        let rules = parse(name);
        assert_engines_match(&rules, &plain_table(&rules, upto));
    }
}

/// Long enough for every path: the rare/common engine handing over to the quadratic one
/// (from 16384 values, when the sparse work stops paying), the quadratic engine splitting each
/// heap across threads (once a heap has 8192 pairs to scan) and its cache of rests.
#[test]
fn fast_growing_stripes_hand_over_and_split_heaps_across_threads() {
    let rules = parse("stripes:10,20,35");
    let oracle = plain_table(&rules, 24_000);
    assert_engines_match(&rules, &oracle);
    let mut auto = Grundy::new(
        &rules,
        &Options {
            engine: Engine::Auto,
            threads: 2,
        },
    );
    auto.extend_to(oracle.len()).expect("memory");
    let handed_over = auto
        .stats()
        .fallback_at
        .expect("must hand over to quadratic");
    assert!((16_384..24_000).contains(&handed_over), "{handed_over}");
    assert_eq!(auto.running(), "quadratic");
}

/// 0.777 stays with the rare/common engine: few rare positions, several reclassifications.
#[test]
fn stripes_1_2_3_stays_sparse_on_a_long_prefix() {
    let rules = parse("stripes:1,2,3");
    let oracle = plain_table(&rules, 20_000);
    let mut auto = Grundy::new(&rules, &Options::default());
    auto.extend_to(oracle.len()).expect("memory");
    assert_eq!(auto.values(), &oracle[..]);
    let stats = auto.stats();
    assert_eq!(stats.fallback_at, None);
    assert_eq!(auto.running(), "rare-common");
    assert!(stats.reclassifications > 0);
    assert!(stats.rare_positions < 1000, "{stats:?}");
    let plain_pairs: u64 = (0..oracle.len() as u64)
        .map(|n| {
            (1..=3u64)
                .filter(|&j| n >= j + 2)
                .map(|j| (n - j) / 2)
                .sum::<u64>()
        })
        .sum();
    assert!(
        stats.split_pairs * 3 < plain_pairs,
        "{stats:?} vs {plain_pairs}"
    );
}

#[test]
fn library_entry_points_agree() {
    let rules = parse("octal:0.07");
    assert_eq!(engine::table(&rules, 500), plain_table(&rules, 500));
    let options = Options {
        engine: Engine::Quadratic,
        threads: 3,
    };
    assert_eq!(
        engine::table_with(&rules, 500, &options),
        plain_table(&rules, 500)
    );
    assert_eq!(engine::table(&Ruleset::Nim, 0), [0]);
}

#[test]
fn sizes_beyond_the_limit_are_refused() {
    let mut grundy = Grundy::new(&Ruleset::Nim, &Options::default());
    let error = grundy.extend_to(engine::MAX_VALUES + 1).unwrap_err();
    assert!(error.to_string().contains("at most"), "{error}");
    assert!(grundy.values().is_empty());
}

#[test]
fn engine_names_round_trip() {
    for name in Engine::NAMES {
        let engine: Engine = name.parse().expect("listed name");
        assert_eq!(engine.to_string(), name);
    }
    assert!("fast"
        .parse::<Engine>()
        .unwrap_err()
        .contains("rare-common"));
}

/// An octal code of 1 to 7 digits (the last non-zero), with at least one split digit half the
/// time.
fn octal_codes() -> impl Strategy<Value = OctalCode> {
    (
        proptest::collection::vec(0u8..8, 0..6),
        1u8..8,
        any::<bool>(),
    )
        .prop_map(|(mut digits, last, force_split)| {
            digits.push(last);
            if force_split {
                let at = digits.len() / 2;
                digits[at] |= 4;
            }
            OctalCode::from_digits(
                digits
                    .into_iter()
                    .enumerate()
                    .map(|(i, d)| (i as u64 + 1, d)),
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_octal_codes_match_the_oracle(code in octal_codes()) {
        let rules = Ruleset::Octal(code);
        assert_engines_match(&rules, &plain_table(&rules, 2500));
    }

    #[test]
    fn random_stripes_match_the_oracle(a in 1u64..13, b in 1u64..13, c in 1u64..40) {
        let rules = Ruleset::Octal(OctalCode::stripes(&[a, b, c]));
        assert_engines_match(&rules, &plain_table(&rules, 3000));
    }

    #[test]
    fn random_subtraction_sets_match_the_oracle(set in proptest::collection::btree_set(1u64..30, 1..6)) {
        let rules = Ruleset::Subtraction { set: set.into_iter().collect() };
        assert_engines_match(&rules, &plain_table(&rules, 3000));
    }

    #[test]
    fn bounded_nim_matches_the_oracle(m in 1u64..50) {
        let rules = Ruleset::Bounded { m };
        assert_engines_match(&rules, &plain_table(&rules, 1500));
    }
}
