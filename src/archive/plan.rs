//! A manifest's test plan, expanded into numbered tests and built into input and answer text.
//!
//! Test numbers start at 1: first the samples in manifest order, then each group's tests in
//! order; test `i` (0-based) of a group is generated with seed `group.seed + i` and the group's
//! parameters, or is the group's `i`-th hand-written file. Every input is validated before its
//! answer is computed by the reference solver, so nothing invalid can reach `testdata/`. (The
//! `[[invalid]]` inputs are no tests: they are cases of the model, which the validation step
//! every format shares holds to the validator, in `verify` and `testdata`.)

use std::path::Path;

use super::manifest::{Group, Manifest, ManifestError, Position, Sample, SAMPLE_GROUP};
use super::reach::ReachReport;
use crate::catalog::{ToolError, Tools};
pub use crate::formats::tests_dir::stem;
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
    /// A hand-written test of a group of files.
    File { group: &'m Group, path: &'m Path },
}

impl PlannedTest<'_> {
    /// The name of the test's group (`sample` for the samples).
    pub fn group(&self) -> &str {
        match self.source {
            Source::Sample(_) => SAMPLE_GROUP,
            Source::Generated { group, .. } | Source::File { group, .. } => &group.name,
        }
    }

    /// Whether the test is in a group marked small (the brute force must check it).
    pub fn small(&self) -> bool {
        match self.source {
            Source::Sample(_) => false,
            Source::Generated { group, .. } | Source::File { group, .. } => group.small,
        }
    }

    /// Where the test is defined in `problem.toml`.
    fn at(&self) -> Position {
        match self.source {
            Source::Sample(sample) => sample.at,
            Source::Generated { group, .. } | Source::File { group, .. } => group.at,
        }
    }

    /// `test 1 (a sample)` or `test 7 (group "max", seed 17)`, for messages.
    fn describe(&self) -> String {
        match self.source {
            Source::Sample(_) => format!("test {} (a sample)", self.number),
            Source::Generated { group, seed } => {
                format!("test {} (group {:?}, seed {seed})", self.number, group.name)
            }
            Source::File { group, path } => format!(
                "test {} (group {:?}, file {})",
                self.number,
                group.name,
                path.display()
            ),
        }
    }
}

impl Manifest {
    /// Every test of the plan, in order.
    pub fn tests(&self) -> Vec<PlannedTest<'_>> {
        let samples = self.samples.iter().map(Source::Sample);
        let generated = self.groups.iter().flat_map(|group| {
            let files = group
                .files
                .iter()
                .map(move |path| Source::File { group, path });
            let generated = (0..group.count)
                .filter(|_| group.files.is_empty())
                .map(move |i| Source::Generated {
                    group,
                    seed: group.seed_of(i),
                });
            files.chain(generated)
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

/// Generates, validates and solves every test of `manifest`'s plan with `tools`, `jobs` tests
/// at a time. The result depends only on the manifest, never on the number of threads.
///
/// Fails, naming the place in `problem.toml`, on the first (lowest-numbered) test whose
/// generator rejects its parameters or fails, whose input is invalid or whose answer cannot
/// be computed; and on two tests with identical inputs (a plan mistake: a deterministic mode
/// with `count > 1`, or overlapping seeds).
pub fn build(tools: &Tools<'_>, manifest: &Manifest, jobs: usize) -> Result<Built, ManifestError> {
    unreached_names(tools, manifest)?;
    let planned = manifest.tests();
    let total = planned.len();
    let mut tests = Vec::with_capacity(total);
    let mut reach = ReachReport::default();
    for result in parallel::map(&planned, jobs, |test| {
        build_one(tools, manifest, test, total)
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

/// Every `[unreached]` entry of `manifest` names a quantity the problem constrains (checked
/// here, as only the tools know the constraints).
fn unreached_names(tools: &Tools<'_>, manifest: &Manifest) -> Result<(), ManifestError> {
    let Some(entry) = manifest.unreached.first() else {
        return Ok(());
    };
    let Some(constraints) = tools.constraints() else {
        return Err(manifest.error_at(
            entry.at,
            format!(
                "[unreached] {:?}: this problem declares no constraints, so it has no bound to \
                 leave unreached",
                entry.bound
            ),
        ));
    };
    let names: Vec<&str> = constraints.iter().map(|c| c.name()).collect();
    match (manifest.unreached.iter()).find(|entry| !names.contains(&entry.quantity.as_str())) {
        None => Ok(()),
        Some(entry) => Err(manifest.error_at(
            entry.at,
            format!(
                "[unreached] {:?}: the problem constrains no quantity {:?} (it constrains {})",
                entry.bound,
                entry.quantity,
                names.join(", ")
            ),
        )),
    }
}

fn build_one(
    tools: &Tools<'_>,
    manifest: &Manifest,
    test: &PlannedTest<'_>,
    total: usize,
) -> Result<(BuiltTest, Vec<Reach>), ManifestError> {
    let fail = |message: String| manifest.error_at(test.at(), message);
    let input = match test.source {
        Source::Sample(sample) => sample.input.clone(),
        Source::Generated { group, seed } => tools
            .generate(seed, &group.params)
            .map_err(|e| fail(format!("{}: {e}", test.describe())))?,
        Source::File { path, .. } => std::fs::read_to_string(path).map_err(|e| {
            fail(format!(
                "{}: cannot read {}: {e}",
                test.describe(),
                path.display()
            ))
        })?,
    };
    let what = match test.source {
        Source::Sample(_) => "sample",
        Source::Generated { .. } => "generator",
        Source::File { .. } => "file",
    };
    let invalid = |e: ToolError| match e {
        ToolError::Broken(why) => fail(format!("{}: {why}", test.describe())),
        invalid => fail(format!(
            "{}: the input is invalid: {invalid}\n(the validator rejects what the {what} produced)",
            test.describe(),
        )),
    };
    tools.validate(input.as_bytes()).map_err(invalid)?;
    let answer = tools.solve(input.as_bytes()).map_err(invalid)?;
    let reach = tools.reach(input.as_bytes()).map_err(invalid)?;
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
