//! `sudoku-arena count`: count solutions, up to a limit.

use super::backend_flags::BackendFlags;
use super::input::{stopped_after, InputArgs, NoFile};
use super::out::Out;
use super::watch::SlowHint;
use super::EXIT_WRONG_ANSWER;
use clap::{Args, ValueEnum};
use serde_json::json;
use sudoku_arena::backends::{create, split_spec, BACKENDS};
use sudoku_arena::model::Puzzle;
use sudoku_arena::solver::{verify, Outcome, SolveOptions, Verdict};

/// How the counts are printed.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum CountFormat {
    /// One line per puzzle: where it is (`file:line`, and its name), a tab, the count.
    Text,
    /// One JSON object per puzzle per line: file, line, name, backend, solutions,
    /// whether the count is exact, what stopped it (`null` when exact) and time_ms.
    Json,
}

/// Count the solutions of each puzzle.
///
/// Prints one line per puzzle: where it is (`file:line`, then its name in brackets when
/// it has one), a tab, and the exact count, or `at least K` followed by what stopped the
/// count (--max-solutions, the --timeout, --mem-limit, or the backend). `cut -f2` gives
/// the counts alone. Counting needs a backend that can enumerate solutions (see
/// `sudoku-arena backends`).
///
/// Examples:
///   echo ................ | sudoku-arena count            # the empty 4x4 grid: 288
///   echo ................ | sudoku-arena count --variant x   # 4x4 X-Sudoku: 48
///   sudoku-arena count --max-solutions 100 examples/several.txt
///   sudoku-arena count --format json examples/several.txt > counts.jsonl
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct CountArgs {
    #[command(flatten)]
    backend: BackendFlags,

    /// Stop counting at K solutions.
    #[arg(long, value_name = "K", default_value_t = 1_000_000, value_parser = super::parse_positive)]
    max_solutions: usize,

    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: CountFormat,

    #[command(flatten)]
    input: InputArgs,
}

/// What stopped a count before it was exact: a short key for JSON (`timeout`,
/// `mem-limit`, `max-solutions`, `backend`) and the words the text line gives.
fn stopped_by(outcome: &Outcome, limit: usize, backend: &str) -> Option<(&'static str, String)> {
    let found = outcome.solutions_found;
    if outcome.timed_out {
        Some(("timeout", "the timeout stopped the count".into()))
    } else if outcome.verdict == Verdict::Memout {
        Some(("mem-limit", "--mem-limit stopped the count: memout".into()))
    } else if found as usize >= limit {
        Some(("max-solutions", "--max-solutions stopped the count".into()))
    } else if outcome.failure.is_some() || !outcome.verdict.is_decided() {
        Some(("backend", format!("{backend} could not finish the count")))
    } else {
        None
    }
}

/// One puzzle's count as the format asks.
fn count_line(
    format: CountFormat,
    puzzle: &Puzzle,
    backend: &str,
    outcome: &Outcome,
    stopped: Option<&(&'static str, String)>,
) -> String {
    let found = outcome.solutions_found;
    match format {
        CountFormat::Text => match stopped {
            None => format!("{}\t{found}\n", puzzle.place()),
            Some((_, why)) => format!("{}\tat least {found} ({why})\n", puzzle.place()),
        },
        CountFormat::Json => format!(
            "{}\n",
            json!({
                "file": &*puzzle.origin.file,
                "line": puzzle.origin.line,
                "name": puzzle.label,
                "backend": backend,
                "solutions": found,
                "exact": stopped.is_none(),
                "stopped_by": stopped.map(|(key, _)| key),
                "time_ms": outcome.time_ms,
            })
        ),
    }
}

/// Counts the solutions of every puzzle of the input.
pub fn run(args: &CountArgs) -> anyhow::Result<i32> {
    let spec = args.backend.spec(None)?;
    let (name, _) = split_spec(&spec);
    if let Some(b) = BACKENDS.iter().find(|b| b.name == name && !b.counts) {
        anyhow::bail!(
            "backend '{}' cannot count solutions ({}); count with one that can, such as dlx (see `sudoku-arena backends`)",
            b.name,
            if b.proves_uniqueness { "it does not enumerate them" } else { "it is a stochastic search that looks for one solution and proves nothing" }
        );
    }
    let mut solver = create(&spec)?;
    // Read lazily: each puzzle is counted before the next is read.
    let puzzles = args.input.puzzles(NoFile::Stdin)?;
    let mut out = Out::new();
    let mut status = 0;
    let limit = args.max_solutions;
    let hint = SlowHint::new(args.backend.timeout);
    for (i, puzzle) in puzzles.enumerate() {
        let puzzle = &puzzle.map_err(|e| stopped_after(e, i, "counted above"))?;
        let opts = SolveOptions {
            mem_limit: args.backend.mem_limit.0,
            ..SolveOptions::new(limit, args.backend.timeout.0)
        };
        SlowHint::running(&hint, true);
        let outcome = solver.solve(puzzle, &opts);
        SlowHint::running(&hint, false);
        let place = puzzle.place();
        if let Some(failure) = &outcome.failure {
            eprintln!("sudoku-arena: {} on {place}: {failure}", solver.name());
        }
        if let Err(problem) = verify(puzzle, &outcome) {
            eprintln!(
                "sudoku-arena: WRONG ANSWER from {} on {place}: {problem}",
                solver.name()
            );
            status = EXIT_WRONG_ANSWER;
        }
        let stopped = stopped_by(&outcome, limit, &solver.name());
        out.write(&count_line(
            args.format,
            puzzle,
            &solver.name(),
            &outcome,
            stopped.as_ref(),
        ));
        out.flush();
    }
    Ok(status)
}
