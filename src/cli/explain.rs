//! `sudoku-arena explain`: the steps the rule engine takes on one puzzle, with reasons.

use super::files::{self, Writes};
use super::input::{InputArgs, NoFile};
use super::out::Out;
use clap::{Args, ValueEnum};
use sudoku_arena::analysis::{is_step_picture, ExplainOptions, Explanation};
use sudoku_arena::harness::counted;
use sudoku_arena::model::Puzzle;

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
/// The `rules` engine tries its ladder of rules in order (see `docs/rules.md`),
/// applies the first that makes progress and starts again from the top. A step is
/// one pattern: where a rule proves many things at once (2-SAT, almost locked sets,
/// template chains) the one with the shortest chain is shown and applied, and the
/// ladder looks again from the bottom. Each step prints its level, the name people
/// know it by (hidden single, naked pair, X-wing, ALS-XZ...), what it placed or
/// removed, and a one-line reason; a chain is written in Eureka notation,
/// (9)r2c9-(9)r2c1=(9)r4c1..., then in words (the text's second line says how to
/// read it). Cells are named r3c5 (row 3, column 5). If the rules get stuck, the
/// grid reached is printed with `.` for open cells; with --allow-guessing the
/// engine then tries digits (Chen's Inference) and the steps continue along the
/// branch that found the solution, each guess saying which digits of its cell led
/// to a contradiction before it. A puzzle with no solution ends with what proves
/// it: the cell left with no candidate, or the unit left with no place for a digit.
/// When the rules solve or refute the puzzle with no guess and no uniqueness rule, the
/// last lines say the steps are a proof (JSON `proof`): each follows from the position
/// before it. For a proof a program checks, see `solve --certify`.
///
/// Levels: 0 singles; 1 locked candidates, naked/hidden pairs and triples; 2 larger
/// subsets (unit matching), fish (digit matching) and nishio; 3 bilocation and
/// bivalue graph rules (cycles, repetitive cycles, nonrepetitive paths); 4
/// conflicting paths; 5 2-SAT; 6 finned fish (and chains through them), almost
/// locked sets (ALS-XZ, ALS-XY-wing, ALS chains) and death blossom; 7 template
/// chains (the same chains with links from the digits' valid placements, marked -T-
/// and =T=); 8 the junior exocet (and, with --weights, the weighted house count).
/// On a Killer, the cage rules: level 1 cage combinations, the 45 rule placing one
/// innie, outie or rest of a split cage ("the 45 rule on rows 1–2: ... so the innie
/// r3c4 is 7") and cage confinement; level 2 the 45 rule's virtual cages (several
/// innies or outies with a known total); every picture outlines the cages with their
/// totals. With --assume-unique, uniqueness rules (level 1) too, on plain boards
/// (boxes, no cages). Where the ladder gets
/// stuck (without --allow-guessing), the first step of a sound family kept out of
/// it (tridagon, aligned exclusion, multi-sector locked set, weighted house count)
/// is shown after the grid reached, as the deduction that comes next; it is not
/// applied.
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

    /// Also write one SVG picture per non-trivial step (not singles) into DIR.
    ///
    /// Each shows the candidates before the step, the cells, links and sets of its one
    /// pattern (a fish's lines, an ALS-XZ's two sets, a chain's strong and weak links),
    /// and what it removes (red) or places (green). Files step-NNN.svg.
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
    let puzzle = nth_puzzle(args)?;
    let explanation = Explanation::new(&puzzle, args.index, &options(args));
    let mut out = Out::new();
    out.write(&match args.format {
        ExplainFormat::Text => explanation.text(),
        ExplainFormat::Json => format!("{}\n", explanation.json()),
    });
    out.flush();
    if let Some(dir) = &args.svg {
        write_pictures(dir, &explanation)?;
    }
    if let Some(file) = &args.html {
        files::write(file, explanation.html()).map_err(|e| anyhow::anyhow!("--html {e}"))?;
        eprintln!(
            "sudoku-arena explain: wrote {} to {file}",
            counted(explanation.page_steps(), "step")
        );
    }
    Ok(0)
}

/// What the flags ask of the explanation. Set field by field, as a caller outside the
/// library must (the type may grow).
#[allow(clippy::field_reassign_with_default)]
fn options(args: &ExplainArgs) -> ExplainOptions {
    let mut options = ExplainOptions::default();
    options.guessing = args.allow_guessing;
    options.assume_unique = args.assume_unique;
    options.weights = args.weights;
    options.timeout = args.timeout.0;
    options
}

/// The puzzle `--index` names, read lazily, only as far as it.
fn nth_puzzle(args: &ExplainArgs) -> anyhow::Result<Puzzle> {
    let mut puzzles = args.input.puzzles(NoFile::Stdin)?;
    let mut count = 0;
    loop {
        match puzzles.next() {
            Some(p) => {
                count += 1;
                if count == args.index {
                    return Ok(p?);
                }
                p?;
            }
            None => anyhow::bail!(
                "--index {}: the input has {}",
                args.index,
                counted(count, "puzzle")
            ),
        }
    }
}

/// Writes the explanation's pictures into `dir`, after removing the pictures of an
/// earlier run (only with --force, checked before), so that the directory holds this
/// explanation alone.
fn write_pictures(dir: &str, explanation: &Explanation) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("--svg {dir}: {e}"))?;
    for old in std::fs::read_dir(dir)
        .map_err(|e| anyhow::anyhow!("--svg {dir}: {e}"))?
        .filter_map(Result::ok)
        .filter(|e| is_step_picture(&e.file_name().to_string_lossy()))
    {
        std::fs::remove_file(old.path())
            .map_err(|e| anyhow::anyhow!("--svg {}: {e}", old.path().display()))?;
    }
    let pictures = explanation.pictures();
    for picture in &pictures {
        let path = std::path::Path::new(dir).join(&picture.file_name);
        std::fs::write(&path, &picture.svg)
            .map_err(|e| anyhow::anyhow!("--svg {}: {e}", path.display()))?;
    }
    eprintln!(
        "sudoku-arena explain: wrote {} to {dir}",
        counted(pictures.len(), "SVG picture")
    );
    Ok(())
}
