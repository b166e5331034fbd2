//! `new NAME`: a new problem folder from a template (see `stonejudge::archive::scaffold`),
//! and what to run next.

use super::Outcome;
use crate::cli::NewArgs;
use stonejudge::archive::scaffold;

pub fn run(args: &NewArgs) -> anyhow::Result<Outcome> {
    let template = scaffold::programs(&args.name);
    let dir =
        scaffold::write(&args.archive.root, &args.name, &template).map_err(anyhow::Error::msg)?;
    println!("{}: {} files written", dir.display(), template.files.len());
    for (path, _) in &template.files {
        println!("  {}", path.display());
    }
    let root = match args.archive.root.as_os_str() == "." {
        true => String::new(),
        false => format!(
            " --root {}",
            super::shell_word(&args.archive.root.display().to_string())
        ),
    };
    println!(
        "next: stonejudge testdata{root} {name} && stonejudge verify{root}",
        name = args.name
    );
    Ok(Outcome::Success)
}
