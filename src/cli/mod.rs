//! The command line: argument definitions and one module per command.

mod backends_cmd;
mod compare;
mod count;
mod csp_flags;
mod explain;
mod export;
pub mod input;
mod merge;
mod out;
mod rate;
mod solve;

use clap::{Parser, Subcommand};

/// Exit status for bad input or usage.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit status when an answer failed the independent validator (a backend bug).
pub const EXIT_WRONG_ANSWER: i32 = 1;

/// Solve Sudoku with every major constraint-solving paradigm and compare them honestly.
///
/// Every backend reads the same model (cells and units, each unit a permutation), so any
/// side from 4x4 to 64x64, rectangular boxes and X-Sudoku work with all of them. Every
/// answer is checked by an independent validator before it is printed.
///
/// Start with `sudoku-arena compare` (every backend on the embedded puzzles) or
/// `sudoku-arena solve --examples --format grid`.
#[derive(Parser, Debug)]
#[command(name = "sudoku-arena", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Compare(compare::CompareArgs),
    Solve(solve::SolveArgs),
    Count(count::CountArgs),
    Backends(backends_cmd::BackendsArgs),
    Export(export::ExportArgs),
    Merge(merge::MergeArgs),
    Explain(explain::ExplainArgs),
    Rate(rate::RateArgs),
}

/// Runs the command line and returns the exit status.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Compare(args) => compare::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Count(args) => count::run(&args),
        Command::Backends(args) => backends_cmd::run(&args),
        Command::Export(args) => export::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Rate(args) => rate::run(&args),
    };
    match result {
        Ok(status) => status,
        Err(message) => {
            eprintln!("sudoku-arena: {message}");
            EXIT_BAD_INPUT
        }
    }
}

/// Parses `--timeout SECS` (fractions allowed).
fn parse_timeout(text: &str) -> Result<std::time::Duration, String> {
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(secs > 0.0 && secs.is_finite()) {
        return Err(format!(
            "the timeout must be a positive number of seconds, not {text}"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(secs))
}
