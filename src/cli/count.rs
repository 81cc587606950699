//! `sudoku-arena count`: count solutions, up to a limit.

use super::csp_flags::CspFlags;
use super::input::InputArgs;
use super::out::Out;
use super::{parse_timeout, EXIT_WRONG_ANSWER};
use crate::backends::create;
use crate::solver::{verify, SolveOptions, Verdict};
use clap::Args;

/// Count the solutions of each puzzle.
///
/// Prints one line per puzzle: the exact count, or `at least K` followed by what stopped
/// the count (the `--limit`, or the `--timeout`). Counting needs a backend that can
/// enumerate solutions (see `sudoku-arena backends`).
///
/// Examples:
///   echo ................ | sudoku-arena count            # the empty 4x4 grid: 288
///   echo ................ | sudoku-arena count --variant x   # 4x4 X-Sudoku: 48
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct CountArgs {
    /// The backend (NAME or NAME:CONFIG); dlx when not given.
    #[arg(long, short, value_name = "NAME")]
    backend: Option<String>,

    #[command(flatten)]
    csp: CspFlags,

    /// Stop counting at K solutions.
    #[arg(long, value_name = "K", default_value_t = 1_000_000)]
    limit: usize,

    /// Time budget per puzzle in seconds.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    timeout: Option<std::time::Duration>,

    #[command(flatten)]
    input: InputArgs,
}

/// Counts the solutions of every puzzle of the input.
pub fn run(args: &CountArgs) -> anyhow::Result<i32> {
    let mut solver = create(&args.csp.backend(args.backend.as_deref())?)?;
    let puzzles = args.input.read_puzzles()?;
    let mut out = Out::new();
    let mut status = 0;
    let limit = args.limit.max(1);
    for (i, puzzle) in puzzles.iter().enumerate() {
        let opts = SolveOptions::new(limit, args.timeout);
        let outcome = solver.solve(puzzle, &opts);
        if let Some(failure) = &outcome.failure {
            eprintln!(
                "sudoku-arena: {} on puzzle {}: {failure}",
                solver.name(),
                i + 1
            );
        }
        if let Err(problem) = verify(puzzle, &outcome) {
            eprintln!(
                "sudoku-arena: WRONG ANSWER from {} on puzzle {}: {problem}",
                solver.name(),
                i + 1
            );
            status = EXIT_WRONG_ANSWER;
        }
        let found = outcome.solutions_found;
        let line = if outcome.timed_out {
            format!("at least {found} (the timeout stopped the count)")
        } else if outcome.verdict == Verdict::Unknown {
            format!(
                "at least {found} ({} could not finish the count)",
                solver.name()
            )
        } else if found as usize >= limit {
            format!("at least {found} (the --limit stopped the count)")
        } else {
            found.to_string()
        };
        out.write(&format!("{line}\n"));
        out.flush();
    }
    Ok(status)
}
