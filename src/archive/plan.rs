//! A manifest's test plan, expanded into numbered tests and built into input and answer text.
//!
//! Test numbers start at 1: first the samples in manifest order, then each group's tests in
//! order; test `i` (0-based) of a group is generated with seed `group.seed + i` and the group's
//! parameters. Every input is validated before its answer is computed by the reference solver,
//! so nothing invalid can reach `testdata/`.

use super::manifest::{Group, Manifest, ManifestError, Position, Sample, SAMPLE_GROUP};
use super::reach::ReachReport;
use crate::catalog::DynProblem;
use crate::gen::Params;
use crate::parallel;
use crate::problem::Reach;

/// One test of a plan, before it is built.
#[derive(Debug, Clone, Copy)]
pub struct PlannedTest<'m> {
    /// 1-based position in the plan.
    pub number: usize,
    pub source: Source<'m>,
}

/// Where a planned test's input comes from.
#[derive(Debug, Clone, Copy)]
pub enum Source<'m> {
    /// A sample of the manifest, written verbatim.
    Sample(&'m Sample),
    /// A generated input.
    Generated { group: &'m Group, seed: u64 },
}

impl PlannedTest<'_> {
    /// The name of the test's group (`sample` for the samples).
    pub fn group(&self) -> &str {
        match self.source {
            Source::Sample(_) => SAMPLE_GROUP,
            Source::Generated { group, .. } => &group.name,
        }
    }

    /// Where the test is defined in `problem.toml`.
    fn at(&self) -> Position {
        match self.source {
            Source::Sample(sample) => sample.at,
            Source::Generated { group, .. } => group.at,
        }
    }

    /// `test 1 (a sample)` or `test 7 (group "max", seed 17)`, for messages.
    fn describe(&self) -> String {
        match self.source {
            Source::Sample(_) => format!("test {} (a sample)", self.number),
            Source::Generated { group, seed } => {
                format!("test {} (group {:?}, seed {seed})", self.number, group.name)
            }
        }
    }
}

impl Manifest {
    /// Every test of the plan, in order.
    pub fn tests(&self) -> Vec<PlannedTest<'_>> {
        let samples = self.samples.iter().map(Source::Sample);
        let generated = self.groups.iter().flat_map(|group| {
            (0..group.count).map(move |i| Source::Generated {
                group,
                seed: group.seed_of(i),
            })
        });
        samples
            .chain(generated)
            .enumerate()
            .map(|(i, source)| PlannedTest {
                number: i + 1,
                source,
            })
            .collect()
    }
}

/// The file stem of test `number` in a plan of `total` tests: zero-padded to at least two
/// digits, so that the files sort in plan order (`01`, `02`, …, `10`).
pub fn stem(number: usize, total: usize) -> String {
    let width = total.to_string().len().max(2);
    format!("{number:0width$}")
}

/// One built test: its files' contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltTest {
    /// File stem: `NN` of `NN.in` / `NN.ans`.
    pub stem: String,
    /// The test's group name.
    pub group: String,
    pub input: String,
    pub answer: String,
}

/// A whole plan built in memory.
#[derive(Debug, Clone)]
pub struct Built {
    pub tests: Vec<BuiltTest>,
    /// The constraint bounds the tests reach.
    pub reach: ReachReport,
}

/// Generates, validates and solves every test of `manifest`'s plan for `problem`, `jobs` tests
/// at a time. The result depends only on the manifest, never on the number of threads.
///
/// Fails, naming the place in `problem.toml`, on the first (lowest-numbered) test whose
/// generator rejects its parameters or whose input is invalid, and on two tests with identical
/// inputs (a plan mistake: a deterministic mode with `count > 1`, or overlapping seeds).
pub fn build(
    problem: &dyn DynProblem,
    manifest: &Manifest,
    jobs: usize,
) -> Result<Built, ManifestError> {
    let planned = manifest.tests();
    let total = planned.len();
    let mut tests = Vec::with_capacity(total);
    let mut reach = ReachReport::default();
    for result in parallel::map(&planned, jobs, |test| {
        build_one(problem, manifest, test, total)
    }) {
        let (built, test_reach) = result?;
        reach.add(&test_reach);
        tests.push(built);
    }
    let mut seen = std::collections::HashMap::new();
    for (i, test) in tests.iter().enumerate() {
        if let Some(first) = seen.insert(&test.input, i) {
            return Err(manifest.error_at(
                planned[i].at(),
                format!(
                    "{} has the same input as {}; give the group other seeds or parameters",
                    planned[i].describe(),
                    planned[first].describe()
                ),
            ));
        }
    }
    Ok(Built { tests, reach })
}

fn build_one(
    problem: &dyn DynProblem,
    manifest: &Manifest,
    test: &PlannedTest<'_>,
    total: usize,
) -> Result<(BuiltTest, Vec<Reach>), ManifestError> {
    let fail = |message: String| manifest.error_at(test.at(), message);
    let input = match test.source {
        Source::Sample(sample) => sample.input.clone(),
        Source::Generated { group, seed } => {
            let pairs: Vec<(&str, &str)> = group
                .params
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            // A generator that panics is a bug in the generator, but the setter still needs
            // to know which test triggers it.
            let generated = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                problem.generate(seed, &Params::from_pairs(&pairs))
            }))
            .map_err(|panic| {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                fail(format!(
                    "{}: the generator panicked: {message}",
                    test.describe()
                ))
            })?;
            generated.map_err(|e| fail(format!("{}: {e}", test.describe())))?
        }
    };
    let invalid = |e: crate::problem::ParseError| {
        fail(format!(
            "{}: the input is invalid: {e}\n(the validator rejects what the {} produced)",
            test.describe(),
            match test.source {
                Source::Sample(_) => "sample",
                Source::Generated { .. } => "generator",
            }
        ))
    };
    problem.validate(input.as_bytes()).map_err(invalid)?;
    let answer = problem.solve(input.as_bytes()).map_err(invalid)?;
    let reach = problem.reach(input.as_bytes()).map_err(invalid)?;
    Ok((
        BuiltTest {
            stem: stem(test.number, total),
            group: test.group().to_string(),
            input,
            answer,
        },
        reach,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_are_zero_padded_to_the_plan_size() {
        assert_eq!(stem(1, 9), "01");
        assert_eq!(stem(10, 99), "10");
        assert_eq!(stem(7, 120), "007");
        assert_eq!(stem(120, 120), "120");
    }
}
