//! The `stonejudge` command: parse the command line, run one command, map the outcome to the
//! exit code (0 success, 1 the thing examined is wrong, 2 usage or environment error; `check`
//! speaks the checker protocols instead).

mod cli;
#[macro_use]
mod commands;

use std::process::ExitCode;

use cli::{Cli, Command};

fn main() -> ExitCode {
    stonejudge::run::launch::serve_if_requested();
    if let Err(error) = stonejudge::run::signals::install() {
        errln!("warning: cannot handle SIGINT, SIGTERM and SIGHUP: {error}");
    }
    let cli = Cli::parse_args();
    let outcome = match cli.command {
        Command::List => commands::inspect::list(),
        Command::Solve(args) => commands::inspect::solve(&args),
        Command::Brute(args) => commands::inspect::brute(&args),
        Command::Grundy(args) => commands::grundy::run(&args),
        Command::Gen(args) => commands::inspect::generate(&args),
        Command::Validate(args) => commands::inspect::validate(&args),
        Command::Check(args) => commands::check::run(&args),
        Command::Checktestdata(args) => commands::checktestdata::run(&args),
        Command::Testdata(args) => commands::testdata::run(&args),
        Command::Stress(args) => commands::stress::run(&args),
        Command::Verify(args) => commands::verify::run(&args),
        Command::Export(args) => commands::export::run(&args),
        Command::Describe(args) => commands::describe::run(&args),
        Command::Judge(args) => commands::judge::run(&args),
        Command::Interact(args) => commands::interact::run(&args),
        Command::New(args) => commands::new::run(&args),
    };
    // A signal is ending stonejudge: what the command returned is made of runs it cut short.
    if let Some(status) = stonejudge::run::signals::ending_status() {
        stonejudge::run::signals::end_now(status);
    }
    match outcome {
        Ok(outcome) => outcome.exit_code(),
        // Nobody reads what is left to say (`stonejudge … | head -1`): end quietly.
        Err(error) if commands::console::closed(&error) => {
            ExitCode::from(stonejudge::run::signals::CLOSED_OUTPUT_STATUS as u8)
        }
        Err(error) => {
            errln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
