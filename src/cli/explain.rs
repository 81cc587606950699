//! `sudoku-arena explain`: the steps the rule engine takes on one puzzle, with reasons.

use super::files::{self, Writes};
use super::input::{InputArgs, NoFile};
use super::out::Out;
use crate::analysis::stuck;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::{Finish, Options, RULES};
use crate::backends::rules::present::{page, svg as picture, text as render};
use crate::backends::rules::{verdict, RulesSolver};
use crate::harness::report::counted;
use crate::model::format::to_line;
use clap::{Args, ValueEnum};
use serde_json::json;

/// How the steps are printed.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ExplainFormat {
    /// One numbered line per step: level, name, what changed, and why.
    Text,
    /// One JSON object with every step as data.
    Json,
}

/// Explain how a puzzle is solved, step by step, as a person would.
///
/// The `rules` engine tries its ladder of rules in order (see `encodings/rules.md`),
/// applies the first that makes progress and starts again from the top. Each step
/// prints its level, the name people know it by (hidden single, naked pair, X-wing...),
/// what it placed or removed, and a one-line reason. Cells are named r3c5 (row 3,
/// column 5). If the rules get stuck, the grid reached is printed with `.` for open
/// cells; with --allow-guessing the engine then tries digits (Chen's Inference) and
/// the steps continue along the branch that found the solution, each guess saying
/// which digits of its cell led to a contradiction before it. A puzzle with no
/// solution ends with what proves it: the cell left with no candidate, or the unit
/// left with no place for a digit.
///
/// Levels: 0 singles; 1 locked candidates, naked/hidden pairs and triples; 2 larger
/// subsets (unit matching), fish (digit matching) and nishio; 3 bilocation and
/// bivalue graph rules (cycles, repetitive cycles, nonrepetitive paths); 4
/// conflicting paths; 5 2-SAT; 6 finned fish (and chains through them), almost locked
/// sets (ALS-XZ, ALS-XY-wing, ALS chains) and death blossom; 7 template chains (the same chains with links from the digits'
/// valid placements, marked (T)); 8 the junior exocet (and, with --weights, the
/// weighted house count). With --assume-unique,
/// uniqueness rules (level 1) too. Where the ladder gets stuck (without
/// --allow-guessing), the first step of a sound family kept out of it (tridagon,
/// aligned exclusion, multi-sector locked set, weighted house count) is shown after
/// the grid reached, as the deduction that comes next; it is not applied.
///
/// Examples:
///   sudoku-arena explain examples/rules.txt
///   sudoku-arena explain --index 7 --format json puzzles.txt
///   sudoku-arena explain --index 2 --svg steps/ --html steps.html examples/rules.txt
///   sudoku-arena explain --allow-guessing examples/hard.txt
///   echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | sudoku-arena explain
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct ExplainArgs {
    /// Which puzzle of the input to explain, from 1.
    #[arg(long, value_name = "K", default_value_t = 1)]
    index: usize,

    /// Time budget per puzzle in seconds (fractions allowed), or `none`: the rules stop
    /// there and the steps made so far are shown. The same default as every
    /// command.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = super::parse_budget, allow_hyphen_values = true)]
    timeout: super::Budget,

    /// When no rule applies, try digits (Chen's Inference) instead of stopping.
    #[arg(long)]
    allow_guessing: bool,

    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: ExplainFormat,

    /// Also write one SVG picture per non-trivial step (not singles) into DIR:
    /// the candidates before the step, the graph a graph rule read, its cycle or
    /// paths, and what it removes (red) or places (green). Files step-NNN.svg.
    #[arg(long, value_name = "DIR")]
    svg: Option<String>,

    /// Also write one self-contained HTML page (no network) that steps through the
    /// solution: every step's picture, text and level, with next/previous buttons
    /// and the arrow keys.
    #[arg(long, value_name = "FILE")]
    html: Option<String>,

    /// Replace the step-NNN.svg files already in the --svg directory (those of an
    /// earlier run are removed) and an existing --html file; never an input.
    #[arg(long)]
    force: bool,

    /// Allow the uniqueness rules (unique rectangles of types 1 to 6, avoidable
    /// rectangles, BUG+1): sound only for puzzles known to have one solution; every
    /// step they make says so.
    #[arg(long)]
    assume_unique: bool,

    /// Also try the weighted house count, as the ladder's last rule (sound, but slow).
    ///
    /// Whole-number weights on houses prove each candidate it removes false. It solves
    /// every puzzle of magictour top 1465, but at about 30 ms a hard puzzle instead of
    /// 1 ms. Off by default; without it, its step is shown where the ladder stops.
    #[arg(long)]
    weights: bool,

    #[command(flatten)]
    input: InputArgs,
}

/// Explains one puzzle of the input.
pub fn run(args: &ExplainArgs) -> anyhow::Result<i32> {
    if args.index == 0 {
        anyhow::bail!("--index 0: puzzles are numbered from 1");
    }
    Writes::new(args.force)
        .inputs(&args.input.files)
        .dir(
            "--svg",
            args.svg.as_deref(),
            "step-NNN.svg",
            is_step_picture,
        )
        .file("--html", args.html.as_deref())
        .check()?;
    // Read lazily, only as far as the puzzle asked for.
    let mut puzzles = args.input.puzzles(NoFile::Stdin)?;
    let mut count = 0;
    let puzzle = loop {
        match puzzles.next() {
            Some(p) => {
                count += 1;
                if count == args.index {
                    break p?;
                }
                p?;
            }
            None => anyhow::bail!(
                "--index {}: the input has {}",
                args.index,
                counted(count, "puzzle")
            ),
        }
    };
    drop(puzzles);
    let puzzle = &puzzle;
    let mut solver = RulesSolver::new(args.allow_guessing);
    let opts = Options {
        guessing: args.allow_guessing,
        assume_unique: args.assume_unique,
        costly: args.weights,
        record: true,
        deadline: args
            .timeout
            .0
            .and_then(|t| std::time::Instant::now().checked_add(t)),
        ..Options::default()
    };
    let run = solver.run(puzzle, &opts);
    let board = solver.board(&puzzle.geometry);
    // Where the ladder stops, the next deduction a sound family past its end makes.
    let reached = (run.finish == Finish::Stuck && !args.allow_guessing)
        .then(|| stuck::reached(board, puzzle, &run.steps));
    let past = reached
        .as_ref()
        .and_then(|s| stuck::past_the_ladder(board, s, opts.deadline, args.weights));
    let g = &puzzle.geometry;
    let verdict = verdict(&run, args.allow_guessing);
    let no_solution = render::no_solution(board, &run);
    let hardest = run
        .hardest_rule
        .map(|i| format!("level {} ({})", RULES[i].level, RULES[i].name));
    let mut out = Out::new();
    match args.format {
        ExplainFormat::Text => {
            out.write(&format!(
                "# puzzle {} ({}), {}: {}\n",
                args.index,
                puzzle.display_name(),
                g.describe(),
                to_line(g, &puzzle.cells)
            ));
            if let Some(conflict) = puzzle.conflict() {
                out.write(&format!("# the givens break a rule: {conflict}\n"));
            }
            let root_steps = run
                .steps
                .iter()
                .position(|s| s.is_guess())
                .unwrap_or(run.steps.len());
            let write_steps = |out: &mut Out, from: usize, to: usize| {
                for (i, step) in run.steps.iter().enumerate().take(to).skip(from) {
                    let level = render::level_label(step);
                    out.write(&format!(
                        "{:>4}. [{level}] {}: {}. {}\n",
                        i + 1,
                        render::name(board, step),
                        render::change(board, step),
                        render::reason(board, step)
                    ));
                }
            };
            write_steps(&mut out, 0, root_steps);
            let ending = match run.finish {
                Finish::Solved => format!(
                    "solved by rules alone, hardest {}",
                    hardest.unwrap_or_else(|| "none (all given)".into())
                ),
                Finish::Contradiction => match &no_solution {
                    Some(why) => format!("no solution: {why}"),
                    None => "no solution: the rules found a contradiction".into(),
                },
                Finish::TimedOut => "stopped by the deadline".into(),
                Finish::Stuck => format!(
                    "stuck: no rule applies with {} open cells; reached {}",
                    run.partial.iter().filter(|&&v| v == 0).count(),
                    to_line(g, &run.partial),
                ),
            };
            out.write(&format!("# {ending}\n"));
            if let Some(step) = &past {
                out.write(&format!(
                    "# past the ladder's end (not applied): {}: {}. {}\n",
                    render::name(board, step),
                    render::change(board, step),
                    render::reason(board, step)
                ));
            }
            if run.finish == Finish::Stuck && !args.allow_guessing {
                out.write(
                    "# (--allow-guessing goes on from here by trying digits, Chen's Inference)\n",
                );
            }
            if args.allow_guessing && run.finish == Finish::Stuck {
                if root_steps < run.steps.len() {
                    out.write("# the branch of guesses that found the first solution:\n");
                }
                write_steps(&mut out, root_steps, run.steps.len());
                out.write(&format!(
                    "# with guessing: {} after {}\n",
                    verdict.name(),
                    counted(run.stats.inferences, "inference")
                ));
            }
            if let Some(s) = run.solutions.first() {
                out.write(&format!("# solution {}\n", to_line(g, s)));
            }
        }
        ExplainFormat::Json => {
            let steps: Vec<_> = run
                .steps
                .iter()
                .enumerate()
                .map(|(i, s)| render::json(board, i + 1, s))
                .collect();
            let value = json!({
                "index": args.index,
                "source": puzzle.display_name(),
                "size": g.n,
                "puzzle": to_line(g, &puzzle.cells),
                "verdict": verdict.name(),
                "conflict": puzzle.conflict(),
                "hardest_level": run.hardest_level(),
                "guessing_needed": run.finish == Finish::Stuck,
                "inferences": run.stats.inferences,
                "partial": (run.finish == Finish::Stuck).then(|| to_line(g, &run.partial)),
                "no_solution": no_solution,
                "solution": run.solutions.first().map(|s| to_line(g, s)),
                "steps": steps,
                "past_the_ladder": past.as_ref().map(|s| render::json(board, run.steps.len() + 1, s)),
            });
            out.write(&format!("{value}\n"));
        }
    }
    out.flush();
    if args.svg.is_some() || args.html.is_some() {
        let start = State::new(board, puzzle);
        let mut states = picture::states_before(board, &start, &run.steps);
        let mut steps = run.steps.clone();
        // The step past the ladder's end, drawn last in the position reached.
        if let (Some(step), Some(s)) = (&past, &reached) {
            states.push(s.clone());
            steps.push(step.clone());
        }
        if let Some(dir) = &args.svg {
            std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("--svg {dir}: {e}"))?;
            // The pictures of an earlier run go (only with --force, checked above), so
            // that the directory holds this explanation alone.
            for old in std::fs::read_dir(dir)
                .map_err(|e| anyhow::anyhow!("--svg {dir}: {e}"))?
                .filter_map(Result::ok)
                .filter(|e| is_step_picture(&e.file_name().to_string_lossy()))
            {
                std::fs::remove_file(old.path())
                    .map_err(|e| anyhow::anyhow!("--svg {}: {e}", old.path().display()))?;
            }
            let mut written = 0;
            for (i, step) in steps.iter().enumerate() {
                if !picture::is_nontrivial(step) {
                    continue;
                }
                let path = std::path::Path::new(dir).join(format!("step-{:03}.svg", i + 1));
                std::fs::write(&path, picture::svg(board, &states[i], i + 1, step))
                    .map_err(|e| anyhow::anyhow!("--svg {}: {e}", path.display()))?;
                written += 1;
            }
            eprintln!(
                "sudoku-arena explain: wrote {} to {dir}",
                counted(written, "SVG picture")
            );
        }
        if let Some(file) = &args.html {
            let title = format!(
                "sudoku-arena explain: puzzle {} ({}), {}",
                args.index,
                puzzle.display_name(),
                g.describe()
            );
            let ending = match run.finish {
                Finish::Solved => "Solved by rules alone.".to_string(),
                Finish::Contradiction => format!(
                    "No solution: {}.",
                    no_solution
                        .as_deref()
                        .unwrap_or("the rules found a contradiction")
                ),
                Finish::TimedOut => "Stopped by the deadline.".into(),
                Finish::Stuck if args.allow_guessing => format!(
                    "The rules stuck; guessing gave: {} after {}.",
                    verdict.name(),
                    counted(run.stats.inferences, "inference")
                ),
                Finish::Stuck => match &past {
                    Some(step) => format!(
                        "Stuck: no rule of the ladder applies; the last picture is the deduction a sound family past its end makes next ({}), not applied (try --allow-guessing).",
                        render::name(board, step)
                    ),
                    None => "Stuck: no rule applies (try --allow-guessing).".into(),
                },
            };
            files::write(file, page::html(board, &title, &states, &steps, &ending))
                .map_err(|e| anyhow::anyhow!("--html {e}"))?;
            eprintln!(
                "sudoku-arena explain: wrote {} to {file}",
                counted(steps.len(), "step")
            );
        }
    }
    Ok(0)
}

/// Whether `name` is one of the pictures `--svg` writes: `step-` digits `.svg`.
fn is_step_picture(name: &str) -> bool {
    name.strip_prefix("step-")
        .and_then(|n| n.strip_suffix(".svg"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}
