//! `export <PROBLEM> --format kattis|sinol --out DIR`: write a problem as another system's package
//! (see `stonejudge::archive::export`).

use super::CommandOutcome;
use crate::cli::ExportArgs;
use stonejudge::archive::export;
use stonejudge::readers;
use stonejudge::run::Cache;

pub fn run(args: &ExportArgs) -> anyhow::Result<CommandOutcome> {
    let problem = readers::resolve(&args.problem, &args.archive.root)?;
    // What reading the package found (a key it does not know, scoring the model cannot say
    // group by group): the export is written from the model, so it is said first.
    for warning in problem.model().iter().flat_map(|model| &model.warnings) {
        errln!("warning: {warning}");
    }
    let (runner, _) = super::runner(&args.sandbox, &args.jury)?;
    let cache = Cache::default_location()?;
    let options = export::ExportOptions {
        jobs: args.jobs.count(),
        task_id: args.task_id.as_deref(),
        time_limit: args.time_limit,
    };
    let exported = export::export(&problem, (&runner, &cache), args.format, &args.out, options)
        .map_err(anyhow::Error::msg)?;
    let note = match args.format {
        export::ExportFormat::Kattis => export::kattis::short_name_note(&args.out),
        export::ExportFormat::Sinol => None,
    };
    if let Some(note) = note {
        errln!("export: note: {note}");
    }
    for note in &exported.notes {
        errln!("export: note: {note}");
    }
    for (path, why) in &exported.left_out {
        errln!("export: left out {}: {why}", path.display());
    }
    outln!(
        "{}: {} files written to {}",
        problem.name(),
        exported.files.len(),
        args.out.display()
    );
    Ok(CommandOutcome::Success)
}
