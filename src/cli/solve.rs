//! `sudoku-arena solve`: solve puzzles with one backend and say what is known of each.

use super::csp_flags::CspFlags;
use super::input::InputArgs;
use super::out::Out;
use super::{parse_timeout, EXIT_WRONG_ANSWER};
use crate::backends::create;
use crate::model::format::{to_grid, to_line};
use crate::model::Puzzle;
use crate::solver::{verify, Outcome, SolveOptions};
use clap::{Args, ValueEnum};
use serde_json::json;

/// How answers are printed.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SolveFormat {
    /// One line per puzzle: the verdict, a tab, the solution in compact form (or `-`).
    Line,
    /// The printed grid, with a comment line saying the verdict and time.
    Grid,
    /// One JSON object per puzzle per line (index, backend, verdict, solution, stats...).
    Json,
}

/// Solve puzzles and say whether each solution is unique.
///
/// By default the backend looks for two solutions, so every answer says whether it is
/// `unique`, `multiple` or `none`; `unknown` means the deadline stopped it. With
/// `--first` it stops at the first solution and says `solved`. Every solution is checked
/// by the independent validator; a wrong one is reported and the exit status is 1.
/// Bad input stops with exit status 2 and a message naming file, line and cell.
///
/// Examples:
///   sudoku-arena solve --examples --format grid
///   sudoku-arena solve puzzles.txt --timeout 2 --format json > results.jsonl
///   echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | sudoku-arena solve
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct SolveArgs {
    /// The backend (and configuration, as NAME:CONFIG); `sudoku-arena backends` lists them; dlx when not given.
    #[arg(long, short, value_name = "NAME")]
    backend: Option<String>,

    #[command(flatten)]
    csp: CspFlags,

    /// Stop at the first solution (do not prove uniqueness).
    #[arg(long, conflicts_with = "max_solutions")]
    first: bool,

    /// Look for up to K solutions (2 proves uniqueness).
    #[arg(long, value_name = "K", default_value_t = 2)]
    max_solutions: usize,

    /// Time budget per puzzle in seconds; when it runs out the verdict is `unknown`.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    timeout: Option<std::time::Duration>,

    /// Output format.
    #[arg(long, value_enum, default_value = "line")]
    format: SolveFormat,

    #[command(flatten)]
    input: InputArgs,
}

/// Solves every puzzle of the input.
pub fn run(args: &SolveArgs) -> anyhow::Result<i32> {
    let mut solver = create(&args.csp.backend(args.backend.as_deref())?)?;
    let puzzles = args.input.read_puzzles()?;
    let max = if args.first {
        1
    } else {
        args.max_solutions.max(1)
    };
    let mut out = Out::new();
    let mut status = 0;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let opts = SolveOptions::new(max, args.timeout);
        let outcome = solver.solve(puzzle, &opts);
        let check = verify(puzzle, &outcome);
        if let Some(failure) = &outcome.failure {
            eprintln!(
                "sudoku-arena: {} on puzzle {} ({}): {failure}",
                solver.name(),
                i + 1,
                puzzle.display_name()
            );
        }
        if let Err(problem) = &check {
            eprintln!(
                "sudoku-arena: WRONG ANSWER from {} on puzzle {} ({}): {problem}",
                solver.name(),
                i + 1,
                puzzle.display_name()
            );
            status = EXIT_WRONG_ANSWER;
        }
        out.write(&render(
            args.format,
            i + 1,
            puzzle,
            &solver.name(),
            &outcome,
            check.is_ok(),
        ));
        out.flush();
    }
    Ok(status)
}

fn render(
    format: SolveFormat,
    index: usize,
    puzzle: &Puzzle,
    backend: &str,
    outcome: &Outcome,
    valid: bool,
) -> String {
    let time_ms = outcome.time_ms;
    let g = &puzzle.geometry;
    let first = outcome.solutions.first();
    match format {
        SolveFormat::Line => {
            let solution = first.map(|s| to_line(g, s)).unwrap_or_else(|| "-".into());
            format!("{}\t{solution}\n", outcome.verdict.name())
        }
        SolveFormat::Grid => {
            let mut text = format!(
                "# puzzle {index} ({}), {}: {} in {time_ms:.2} ms ({backend})\n",
                puzzle.display_name(),
                g.describe(),
                outcome.verdict.name()
            );
            if let Some(s) = first {
                text.push_str(&to_grid(g, s));
            }
            text.push('\n');
            text
        }
        SolveFormat::Json => {
            let value = json!({
                "index": index,
                "source": puzzle.display_name(),
                "backend": backend,
                "size": g.n,
                "verdict": outcome.verdict.name(),
                "solution": first.map(|s| to_line(g, s)),
                "solutions_found": outcome.solutions_found,
                "timed_out": outcome.timed_out,
                "valid": valid,
                "time_ms": time_ms,
                "transport_ms": outcome.transport_ms,
                "failure": outcome.failure.as_ref().map(ToString::to_string),
                "stats": outcome.stats,
            });
            format!("{value}\n")
        }
    }
}
