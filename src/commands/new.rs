//! `new NAME`: a new problem folder, and what to run next. Without `--game` it is the
//! program-backed template, or with `--interactive` the interactive one (see
//! `stonejudge::archive::scaffold`); with `--game RULESET …` it is
//! a declared game problem, `problem.toml` and `statement.md` made from the declaration. Either
//! way the folder is written whole or not at all.

use anyhow::Context;

use super::CommandOutcome;
use crate::cli::NewArgs;
use stonejudge::archive::manifest::MANIFEST_FILE;
use stonejudge::archive::scaffold::{self, Scaffold};
use stonejudge::archive::statement::{SAMPLES_MARKER, STATEMENT_FILE};
use stonejudge::catalog;
use stonejudge::declared::statement::{manifest, sample_params, statement};
use stonejudge::declared::{Shape, Spec, SpecError};
use stonejudge::gen::Params;
use stonejudge::problem::Constraint;

pub fn run(args: &NewArgs) -> anyhow::Result<CommandOutcome> {
    let template = match &args.game {
        None if args.interactive => scaffold::interactive(&args.name),
        None => scaffold::programs(&args.name),
        Some(ruleset) => {
            scaffold::check_name(&args.name).map_err(anyhow::Error::msg)?;
            declared(args, ruleset)?
        }
    };
    let dir =
        scaffold::write(&args.archive.root, &args.name, &template).map_err(anyhow::Error::msg)?;
    outln!("{}: {} files written", dir.display(), template.files.len());
    for (path, _) in &template.files {
        outln!("  {}", path.display());
    }
    let root = match args.archive.root.as_os_str() == "." {
        true => String::new(),
        false => format!(
            " --root {}",
            super::shell_word(&args.archive.root.display().to_string())
        ),
    };
    outln!(
        "next: stonejudge testdata{root} {name} && stonejudge verify{root}",
        name = args.name
    );
    Ok(CommandOutcome::Success)
}

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

/// A refused declaration, blamed on the flag to change.
fn blame(e: SpecError) -> anyhow::Error {
    anyhow::anyhow!("{}: {e}", flag_of(e.field))
}

/// The files of the declared game problem the flags describe: its manifest, and a statement
/// skeleton; its one sample is made by the declared problem's own generator.
fn declared(args: &NewArgs, ruleset: &str) -> anyhow::Result<Scaffold> {
    let int = |v: u64| toml::Value::Integer(i64::try_from(v).unwrap_or(i64::MAX));
    let text = |v: &str| toml::Value::String(v.to_string());
    let mut entries = vec![
        ("ruleset".to_string(), text(ruleset)),
        ("play".to_string(), text(&args.play)),
        ("format".to_string(), text(&args.format)),
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
    let problem = (catalog::declare(&args.name, &title, spec.clone()).map_err(blame)?).problem();

    let pairs = sample_params(&spec);
    let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let input = problem
        .generate(1, &Params::from_pairs(&pairs))
        .context("the sample's generator parameters")?;
    let lines: Vec<String> = (problem.constraints().iter())
        .map(Constraint::statement_line)
        .collect();
    let statement = format!("{}{SAMPLES_MARKER}\n", statement(&title, &spec, &lines));
    Ok(Scaffold {
        files: vec![
            (MANIFEST_FILE.into(), manifest(&title, &spec, &input)),
            (STATEMENT_FILE.into(), statement),
        ],
    })
}
