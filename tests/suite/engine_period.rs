//! Periods proven while computing (the incremental Guy–Smith check) against the batch check
//! on finished tables, on real games.

use proptest::prelude::*;
use stonejudge::game::engine::{self, Engine, Grundy, Options};
use stonejudge::game::grundy::plain_table;
use stonejudge::game::{proven_period, OctalCode, Period, PeriodWatch, Ruleset};

fn parse(name: &str) -> Ruleset {
    name.parse()
        .unwrap_or_else(|e| panic!("test ruleset {name}: {e}"))
}

/// The period a watch reports while a table of `rules` grows value by value, and the length
/// at which it first does.
fn watched(rules: &Ruleset, limit: usize) -> Option<(usize, Period)> {
    let t = rules.max_removal()?;
    let values = plain_table(rules, limit - 1);
    let mut watch = PeriodWatch::new(t);
    (1..=limit).find_map(|len| watch.observe(&values[..len]).map(|p| (len, p)))
}

#[test]
fn kayles_and_dawsons_kayles_are_proven_early() {
    for (name, expected, needed) in [
        ("octal:0.77", (71, 12), 2 * 71 + 2 * 12 + 2),
        ("stripes:2,1", (71, 12), 2 * 71 + 2 * 12 + 2),
        ("octal:0.07", (53, 34), 2 * 53 + 2 * 34 + 2),
        ("stripes:2,2,2", (53, 34), 2 * 53 + 2 * 34 + 2),
    ] {
        let rules = parse(name);
        let (values, period) = engine::proven(&rules, 100_000).expect(name);
        assert_eq!((period.preperiod, period.period), expected, "{name}");
        assert_eq!(period.values_needed(2), Some(needed as u64), "{name}");
        // Stopped early: at most one doubling past what the theorem needs.
        assert!(
            values.len() >= needed && values.len() <= 2 * needed.max(256),
            "{name}"
        );
        let (at, watched) = watched(&rules, 1000).expect(name);
        assert_eq!(watched, period, "{name}");
        assert!(
            at >= needed && at <= needed + needed / 16 + 1,
            "{name}: seen at {at}"
        );
        // The period holds far beyond where it was proven.
        let long = plain_table(&rules, 3000);
        for n in period.preperiod as usize..long.len() {
            assert_eq!(
                long[n],
                long[period.reduce(n as u64) as usize],
                "{name} G({n})"
            );
        }
    }
}

#[test]
fn stripes_1_2_3_is_never_proven() {
    let rules = parse("stripes:1,2,3");
    assert_eq!(engine::proven(&rules, 30_000), None);
    assert_eq!(watched(&rules, 5000), None);
    assert_eq!(
        engine::proven(&Ruleset::Nim, 1000),
        None,
        "Nim has no largest move"
    );
}

#[test]
fn subtraction_and_bounded_games_are_proven() {
    // Closed forms: {1,3} wins iff the heap is odd; bounded:4 is n mod 5.
    for (name, expected) in [
        ("subtraction:1,3", Some((0, 2))),
        ("bounded:4", Some((0, 5))),
        ("subtraction:2,5,7", None),
    ] {
        let rules = parse(name);
        let (_, proven) = engine::proven(&rules, 10_000).expect(name);
        if let Some(expected) = expected {
            assert_eq!((proven.preperiod, proven.period), expected, "{name}");
        }
        let t = rules.max_removal().unwrap();
        assert_eq!(
            Some(proven),
            proven_period(&plain_table(&rules, 3000), t),
            "{name}"
        );
    }
}

#[test]
fn the_engines_table_proves_what_the_oracle_proves() {
    for name in [
        "octal:0.4",
        "octal:0.6",
        "octal:0.14",
        "octal:0.165",
        "stripes:1,5,1",
    ] {
        let rules = parse(name);
        let t = rules.max_removal().unwrap();
        let oracle = proven_period(&plain_table(&rules, 4000), t);
        let fast = Options {
            engine: Engine::Auto,
            threads: 1,
        };
        let mut grundy = Grundy::new(&rules, &fast);
        grundy.extend_to(4001).expect("memory");
        assert_eq!(proven_period(grundy.values(), t), oracle, "{name}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// The first period the watch reports is the batch check's answer on any longer table.
    #[test]
    fn watch_agrees_with_the_batch_check(
        digits in proptest::collection::vec(0u8..8, 1..4),
        last in 1u8..8,
    ) {
        let mut digits = digits;
        digits.push(last);
        let rules = Ruleset::Octal(OctalCode::from_digits(
            digits.into_iter().enumerate().map(|(i, d)| (i as u64 + 1, d)),
        ));
        let t = rules.max_removal().unwrap();
        let values = plain_table(&rules, 1500);
        let batch = proven_period(&values, t);
        let mut watch = PeriodWatch::new(t);
        let seen = (1..=values.len()).find_map(|len| watch.observe(&values[..len]));
        let settled = watch.settle(&values);
        prop_assert_eq!(seen.or(settled), batch);
    }
}
