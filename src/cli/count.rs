//! `sudoku-arena count`: count solutions, up to a limit.

use super::backend_flags::BackendFlags;
use super::input::{stopped_after, InputArgs, NoFile};
use super::out::Out;
use super::watch::SlowHint;
use super::EXIT_WRONG_ANSWER;
use clap::Args;
use sudoku_arena::backends::{create, split_spec, BACKENDS};
use sudoku_arena::solver::{verify, SolveOptions, Verdict};

/// Count the solutions of each puzzle.
///
/// Prints one line per puzzle: the exact count, or `at least K` followed by what stopped
/// the count (--max-solutions, the --timeout, --mem-limit, or the backend). Counting needs a backend
/// that can enumerate solutions (see `sudoku-arena backends`).
///
/// Examples:
///   echo ................ | sudoku-arena count            # the empty 4x4 grid: 288
///   echo ................ | sudoku-arena count --variant x   # 4x4 X-Sudoku: 48
///   sudoku-arena count --max-solutions 100 examples/several.txt
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct CountArgs {
    #[command(flatten)]
    backend: BackendFlags,

    /// Stop counting at K solutions.
    #[arg(long, value_name = "K", default_value_t = 1_000_000, value_parser = super::parse_positive)]
    max_solutions: usize,

    #[command(flatten)]
    input: InputArgs,
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
        } else if outcome.verdict == Verdict::Memout {
            format!("at least {found} (--mem-limit stopped the count: memout)")
        } else if found as usize >= limit {
            format!("at least {found} (--max-solutions stopped the count)")
        } else if outcome.failure.is_some() || !outcome.verdict.is_decided() {
            format!(
                "at least {found} ({} could not finish the count)",
                solver.name()
            )
        } else {
            found.to_string()
        };
        out.write(&format!("{line}\n"));
        out.flush();
    }
    Ok(status)
}
