//! `new NAME --game RULESET …`: scaffold a declared game problem, `problems/NAME/problem.toml`
//! and `statement.md`, both ready for `testdata` and `verify`. The folder is written whole
//! (staged, then renamed) or not at all.

use anyhow::{bail, Context};

use super::Outcome;
use crate::cli::NewArgs;
use stonejudge::archive::manifest::MANIFEST_FILE;
use stonejudge::archive::statement::STATEMENT_FILE;
use stonejudge::catalog;
use stonejudge::declared::statement::{manifest, sample_params, statement};
use stonejudge::declared::{Shape, Spec, SpecError};
use stonejudge::gen::Params;
use stonejudge::problem::Constraint;

/// The flag that sets each `[game]` field.
fn flag_of(field: &str) -> &str {
    match field {
        "ruleset" => "--game",
        "play" => "--play",
        "format" => "--format",
        "max_heap" => "--max-heap",
        "max_heaps" => "--max-heaps",
        "max_cases" => "--max-cases",
        "max_total" => "--max-total",
        other => other,
    }
}

fn blame(e: SpecError) -> anyhow::Error {
    anyhow::anyhow!("{}: {e}", flag_of(e.field))
}

pub fn run(args: &NewArgs) -> anyhow::Result<Outcome> {
    let Some(ruleset) = &args.game else {
        bail!("--game RULESET is required: `new` scaffolds declared game problems");
    };
    let valid_name = !args.name.is_empty()
        && (args.name.bytes()).all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !valid_name {
        bail!(
            "NAME {:?}: use lowercase letters, digits and '-'",
            args.name
        );
    }
    let int = |v: u64| toml::Value::Integer(i64::try_from(v).unwrap_or(i64::MAX));
    let mut entries = vec![
        ("ruleset".to_string(), toml::Value::String(ruleset.clone())),
        ("play".to_string(), toml::Value::String(args.play.clone())),
        (
            "format".to_string(),
            toml::Value::String(args.format.clone()),
        ),
        ("max_heap".to_string(), int(args.max_heap)),
        ("max_heaps".to_string(), int(args.max_heaps)),
    ];
    if args.format != Shape::Boards.name() {
        entries.push(("max_cases".to_string(), int(args.max_cases)));
        if let Some(total) = args.max_total {
            entries.push(("max_total".to_string(), int(total)));
        }
    }
    let spec = Spec::parse(&entries).map_err(blame)?;
    let title = (args.title.clone()).unwrap_or_else(|| format!("Stones: {ruleset}"));
    let problem = catalog::declare(&args.name, &title, spec.clone()).map_err(blame)?;

    let pairs = sample_params(&spec);
    let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let input = problem
        .generate(1, &Params::from_pairs(&pairs))
        .context("the sample's generator parameters")?;
    let output = problem
        .solve(input.as_bytes())
        .context("the sample's answer")?;
    let lines: Vec<String> = (problem.constraints().iter())
        .map(Constraint::statement_line)
        .collect();

    let problems = args.archive.root.join("problems");
    let dir = problems.join(&args.name);
    if dir.exists() {
        bail!("{} exists already; choose another NAME", dir.display());
    }
    let staging = problems.join(format!(".{}.new-{}", args.name, std::process::id()));
    let written = std::fs::create_dir_all(&staging)
        .and_then(|()| std::fs::write(staging.join(MANIFEST_FILE), manifest(&title, &spec, &input)))
        .and_then(|()| {
            let text = statement(&title, &spec, &lines, &[(input, output)]);
            std::fs::write(staging.join(STATEMENT_FILE), text)
        })
        .and_then(|()| std::fs::rename(&staging, &dir));
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(e).with_context(|| format!("cannot create {}", dir.display()));
    }
    println!(
        "{}: written; next: `stonejudge testdata {}` then `stonejudge verify`",
        dir.display(),
        args.name
    );
    Ok(Outcome::Success)
}
