//! `sudoku-arena solve`: solve puzzles with one backend and say what is known of each.

use super::backend_flags::{AcoFlags, BackendFlags};
use super::certify::CertifyFlags;
use super::input::{stopped_after, InputArgs, NoFile};
use super::out::Out;
use super::watch::SlowHint;
use super::EXIT_WRONG_ANSWER;
use clap::{Args, ValueEnum};
use serde_json::json;
use sudoku_arena::backends::create;
use sudoku_arena::harness::Record;
use sudoku_arena::harness::{counted, record_of, Plan};
use sudoku_arena::model::Puzzle;
use sudoku_arena::model::{to_grid, to_line};
use sudoku_arena::solver::{matches_expected, verify, Outcome, SolveOptions};

/// How answers are printed.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum SolveFormat {
    /// One line per puzzle: the verdict, then each solution kept in compact form, tab
    /// separated (`-` when there is none).
    Line,
    /// A comment line with the verdict and time, then each solution kept as a printed grid.
    Grid,
    /// One JSON object per puzzle per line (index, backend, verdict, solutions, stats...):
    /// the record `compare --out` writes, and more, so that `merge` reads the lines.
    Json,
}

/// Solve puzzles and say whether each solution is unique.
///
/// By default the backend looks for two solutions, so every answer says what is known:
///   unique    exactly one solution, proven
///   multiple  two or more solutions (each one found is printed, up to --max-solutions)
///   none      no solution, proven
///   solved    a solution, but uniqueness not proven: not asked (--first), or the
///             --timeout stopped the proof (JSON says "timed_out": true)
///   unknown   no solution found and nothing proven: the --timeout stopped the search,
///             or the backend failed (said on standard error)
///   memout    the solve passed --mem-limit and was stopped: not an answer (solutions
///             found before are printed and checked)
/// Every solution is checked by the independent validator; a wrong one is reported and
/// the exit status is 1. When the input gives solutions (a CSV solutions column), each
/// answer is compared with the given one and a difference is reported the same way.
/// The input is read as a stream, one puzzle at a time, each answered before the next
/// is read. Bad input stops with exit status 2 and a message naming file, line and
/// cell; the answers printed before it stay, and the message says the run stopped there.
///
/// Examples:
///   sudoku-arena solve --examples --format grid
///   sudoku-arena solve examples/hard.txt --timeout 2 --format json > results.jsonl
///   sudoku-arena solve -b csp --propagation gac examples/hard.txt
///   echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | sudoku-arena solve
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct SolveArgs {
    #[command(flatten)]
    backend: BackendFlags,

    #[command(flatten)]
    aco: AcoFlags,

    /// Stop at the first solution (do not prove uniqueness).
    #[arg(long, conflicts_with = "max_solutions")]
    first: bool,

    /// Look for up to K solutions (2 proves uniqueness); every one found is printed.
    #[arg(long, value_name = "K", default_value_t = 2, value_parser = super::parse_positive)]
    max_solutions: usize,

    /// Output format.
    #[arg(long, value_enum, default_value = "line")]
    format: SolveFormat,

    #[command(flatten)]
    certify: CertifyFlags,

    /// Replace the certificates an earlier run left in the --certify directory.
    #[arg(long, requires = "certify")]
    force: bool,

    #[command(flatten)]
    input: InputArgs,
}

/// Solves every puzzle of the input.
pub fn run(args: &SolveArgs) -> anyhow::Result<i32> {
    let mut solver = create(&args.backend.spec(Some(&args.aco))?)?;
    let certifier = args.certify.certifier(args.force, &args.input.files)?;
    // Read lazily: each puzzle is answered before the next is read.
    let puzzles = args.input.puzzles(NoFile::Stdin)?;
    let max = if args.first { 1 } else { args.max_solutions };
    let mut out = Out::new();
    let mut status = 0;
    let hint = SlowHint::new(args.backend.timeout);
    // What every JSON line records of the run, as `compare` does.
    let mut plan = Plan::new(&[&solver.name()]);
    plan.timeout = args.backend.timeout.0;
    plan.mem_limit = args.backend.mem_limit.0;
    plan.max_solutions = max;
    plan.variant = args.input.variant_label();
    for (i, puzzle) in puzzles.enumerate() {
        let puzzle = &puzzle.map_err(|e| stopped_after(e, i, "answered above"))?;
        let mut opts = SolveOptions::new(max, args.backend.timeout.0);
        opts.keep_solutions = max;
        opts.mem_limit = args.backend.mem_limit.0;
        // JSON lines carry the CPU time; the other formats do not show it.
        opts.cpu_time = matches!(args.format, SolveFormat::Json);
        SlowHint::running(&hint, true);
        let outcome = solver.solve(puzzle, &opts);
        SlowHint::running(&hint, false);
        let name = solver.name();
        let place = format!("puzzle {} ({})", i + 1, puzzle.display_name());
        if let Some(failure) = &outcome.failure {
            eprintln!("sudoku-arena: {name} on {place}: {failure}");
        }
        if let Some(conflict) = puzzle.conflict() {
            eprintln!("sudoku-arena: {place} has no solution: {conflict}");
        }
        let check = verify(puzzle, &outcome);
        if let Err(problem) = &check {
            eprintln!("sudoku-arena: WRONG ANSWER from {name} on {place}: {problem}");
            status = EXIT_WRONG_ANSWER;
        }
        let matches = matches_expected(puzzle, &outcome);
        if matches == Some(false) {
            eprintln!(
                "sudoku-arena: DIFFERS from the solution given in the input: {name} on {place}"
            );
            status = EXIT_WRONG_ANSWER;
        }
        let text = match args.format {
            SolveFormat::Json => json_line(
                &record_of(&outcome, solver.effort_name(), &name, puzzle, i, &plan),
                puzzle,
                &outcome,
                check.is_ok(),
                matches,
            ),
            SolveFormat::Line => render(false, i + 1, puzzle, &name, &outcome),
            SolveFormat::Grid => render(true, i + 1, puzzle, &name, &outcome),
        };
        out.write(&text);
        out.flush();
        if let Some(certifier) = &certifier {
            let deadline = args
                .backend
                .timeout
                .0
                .map(|t| std::time::Instant::now() + t);
            match certifier.certify(puzzle, &outcome, deadline) {
                Ok(entry) if entry.verdict_wrong => {
                    eprintln!("sudoku-arena: {place}: {}", entry.note.unwrap_or_default());
                    status = EXIT_WRONG_ANSWER;
                }
                Ok(_) => {}
                Err(e) => {
                    // The manifest of what was written so far, then the error.
                    let _ = certifier.finish();
                    anyhow::bail!("--certify: {e} (stopped at {place}; the manifest lists the certificates written before)");
                }
            }
        }
    }
    if let Some(certifier) = &certifier {
        let manifest = certifier.finish()?;
        let made = manifest.entries.iter().filter(|e| e.note.is_none()).count();
        eprintln!(
            "sudoku-arena solve: wrote {} of {} to {} (check them: sudoku-arena verify-certificate {})",
            counted(made, "certificate"),
            counted(manifest.entries.len(), "answer"),
            args.certify.certify.as_deref().unwrap_or_default(),
            args.certify.certify.as_deref().unwrap_or_default(),
        );
    }
    Ok(status)
}

/// One JSON line: the record `compare --out` writes (so that `merge` reads it), with
/// `index` (from 1), every solution kept, the grid the rules reached, and the checks.
fn json_line(
    record: &Record,
    puzzle: &Puzzle,
    outcome: &Outcome,
    valid: bool,
    matches: Option<bool>,
) -> String {
    let g = &puzzle.geometry;
    let mut value = serde_json::to_value(record).unwrap_or_default();
    if let Some(map) = value.as_object_mut() {
        let solutions: Vec<String> = outcome.solutions.iter().map(|s| to_line(g, s)).collect();
        map.insert("index".into(), json!(record.puzzle_index + 1));
        map.insert("solutions".into(), json!(solutions));
        map.insert(
            "partial".into(),
            json!(outcome.partial.as_ref().map(|p| to_line(g, p))),
        );
        map.insert("valid".into(), json!(valid));
        map.insert("matches_given_solution".into(), json!(matches));
    }
    format!("{value}\n")
}

/// The answer as a line (`grid` false) or a printed grid.
fn render(grid: bool, index: usize, puzzle: &Puzzle, backend: &str, outcome: &Outcome) -> String {
    let g = &puzzle.geometry;
    let time_ms = outcome.time_ms;
    let lines: Vec<String> = outcome.solutions.iter().map(|s| to_line(g, s)).collect();
    match grid {
        false => {
            let solutions = if lines.is_empty() {
                "-".to_string()
            } else {
                lines.join("\t")
            };
            format!("{}\t{solutions}\n", outcome.verdict.name())
        }
        true => {
            let mut text = format!(
                "# puzzle {index} ({}), {}: {}{} in {} ({backend})\n",
                puzzle.display_name(),
                g.describe(),
                outcome.verdict.name(),
                if outcome.timed_out {
                    " (the timeout stopped it)"
                } else {
                    ""
                },
                sudoku_arena::harness::fmt_time(time_ms, outcome.clocks.time_resolution_ms),
            );
            if let Some(p) = &outcome.partial {
                text.push_str("# stuck: the grid the rules reached\n");
                text.push_str(&to_grid(g, p));
            }
            for (k, s) in outcome.solutions.iter().enumerate() {
                if outcome.solutions.len() > 1 {
                    text.push_str(&format!("# solution {}\n", k + 1));
                }
                text.push_str(&to_grid(g, s));
            }
            text.push('\n');
            text
        }
    }
}
