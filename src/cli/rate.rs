//! `sudoku-arena rate`: how hard each puzzle is for the rule engine, and a summary.

use super::files::{self, Writes};
use super::input::{stopped_after, InputArgs, NoFile};
use super::out::Out;
use super::EXIT_WRONG_ANSWER;
use clap::{Args, ValueEnum};
use sudoku_arena::analysis::{Format, RateSettings, Rater, CSV_HEADER};

/// How the ratings are printed.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum RateFormat {
    /// One line per puzzle, then the summary as `#` lines.
    Text,
    /// One JSON object per puzzle per line, then one `{"summary": ...}` line.
    Json,
}

/// Rate puzzles by the rules a person needs to solve them.
///
/// For each puzzle: where it is (`file:line`, the line where it starts) and its name
/// (a `# name` comment on its line, or the embedded puzzle's label), the verdict, its rating, the hardest rule
/// used, the number of rule steps (with guessing, those of every branch tried),
/// whether guessing was needed, the inferences (trial placements, Chen's Inference)
/// with --allow-guessing, Chen's game complexity, and the time the engine took.
///
/// The rating is the hardest level the `rules` ladder needed to solve the puzzle, 0 to
/// 8: 0 singles; 1 locked candidates, naked/hidden pairs and triples; 2 larger subsets,
/// fish, nishio; 3 bilocation/bivalue cycles, repetitive cycles, nonrepetitive paths; 4
/// conflicting paths; 5 2-SAT; 6 finned fish, almost locked sets and death blossom; 7
/// template chains; 8 the junior exocet. A puzzle the ladder does not solve is unrated and says
/// why: `stuck, unrated` (no rule applies), `no solution, unrated` or `stopped by the
/// deadline, unrated`; its hardest rule is then only the hardest one used before that. Game complexity is the mean
/// over all cells of log base 2 of the number of candidates after the givens are
/// removed from their peers (initialisation and one pass of 1-reduction); a given
/// counts 0.
///
/// The summary counts puzzles per level, the cumulative share solved by each prefix of
/// the ladder (singles only, then with locked candidates, ...), the mean time per
/// puzzle, and with --allow-guessing the mean inferences.
///
/// --check replays every step against the solutions `dlx` finds (up to two) and fails
/// on the first step that removes a true candidate or places a wrong digit; it also
/// checks every solution with the validator and that the verdict agrees with dlx's.
/// It does the same for the ladder run as `explain` runs it (one consequence a step),
/// which must end the same way, at the same grid and level. Any failure is printed
/// and makes the exit status 1.
///
/// Examples:
///   sudoku-arena rate tests/data/magictour_top1465.txt
///   sudoku-arena rate --allow-guessing --format json set.txt > ratings.jsonl
///   sudoku-arena rate --check --csv ratings.csv a.txt b.txt
///   sudoku-arena rate --stuck tests/data/forum_hardest_1106.txt
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArgs,

    /// Time budget per puzzle in seconds (fractions allowed), or `none`: the rules stop
    /// there and the puzzle counts as stopped by the deadline. The same default as every
    /// command.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = super::parse_budget, allow_hyphen_values = true)]
    timeout: super::Budget,

    /// When no rule applies, try digits (Chen's Inference) so that every puzzle is decided.
    #[arg(long)]
    allow_guessing: bool,

    /// With --allow-guessing: stop at the first solution (as Chen counts inferences)
    /// instead of proving it the only one.
    #[arg(long, requires = "allow_guessing")]
    first: bool,

    /// Replay every step against dlx's solutions and validate every answer (slower).
    #[arg(long)]
    check: bool,

    /// Time every rule call and print, per rule: calls, steps made, total and mean time
    /// per call (two clock reads per call, so the times include a little overhead).
    #[arg(long)]
    profile: bool,

    /// Allow the uniqueness rules (unique rectangles of types 1 to 6, avoidable
    /// rectangles, BUG+1; level 1): sound only for puzzles known to have one
    /// solution. Off by default.
    #[arg(long)]
    assume_unique: bool,

    /// Also try the weighted house count, as the ladder's last rule (sound, but slow).
    ///
    /// Whole-number weights on houses prove each candidate it removes false. It solves
    /// every puzzle of magictour top 1465, but at about 30 ms a hard puzzle instead of
    /// 1 ms. Off by default; without it, --stuck shows its step where the ladder stops.
    #[arg(long)]
    weights: bool,

    /// Leave rule RULE out of the ladder (repeatable; a name as the summary prints it,
    /// e.g. --without nishio --without "template chains"), to measure the rest without it.
    #[arg(long, value_name = "RULE", value_parser = rule_index)]
    without: Vec<usize>,

    /// Print only the puzzles the ladder leaves stuck, each with what it lacks.
    ///
    /// Each line: the steps made and the hardest rule, the open cells and candidates left,
    /// the first step beyond singles (or none), and the first deduction past the
    /// ladder's end: a sound family kept out of the ladder (tridagon, aligned pair or
    /// triple exclusion, multi-sector locked set, weighted house count), else, as a
    /// diagnostic only, a forcing chain (a candidate whose
    /// placement leads to a contradiction by singles, or by the rules of levels 0-2).
    /// The summary adds how many got a step beyond singles and what made the next step.
    #[arg(long, conflicts_with = "allow_guessing")]
    stuck: bool,

    /// Print only the summary.
    #[arg(long)]
    summary_only: bool,

    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: RateFormat,

    /// Also write one CSV row per puzzle to this file; an existing file is kept unless
    /// --force.
    #[arg(long, value_name = "FILE")]
    csv: Option<String>,

    /// Replace an existing --csv file (never an input).
    #[arg(long, requires = "csv")]
    force: bool,
}

/// The place in the ladder of the rule named `name`, or an error listing the names.
fn rule_index(name: &str) -> Result<usize, String> {
    sudoku_arena::analysis::rule_index(name).map_err(|e| e.to_string())
}

impl RateFormat {
    fn format(self) -> Format {
        match self {
            RateFormat::Text => Format::Text,
            RateFormat::Json => Format::Json,
        }
    }
}

/// Rates every puzzle of the input.
pub fn run(args: &RateArgs) -> anyhow::Result<i32> {
    Writes::new(args.force)
        .inputs(&args.input.files)
        .file("--csv", args.csv.as_deref())
        .check()?;
    // Read lazily: each puzzle is rated before the next is read.
    let mut puzzles = args.input.puzzles(NoFile::Stdin)?;
    let mut csv = match &args.csv {
        Some(path) => {
            let mut writer = csv::Writer::from_writer(files::create(path)?);
            writer
                .write_record(CSV_HEADER)
                .map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}"))?;
            Some((path.clone(), writer))
        }
        None => None,
    };
    let mut rater = Rater::new(settings(args))?;
    let format = args.format.format();
    let mut out = Out::new();
    while let Some(puzzle) = puzzles.next() {
        let what = if args.summary_only {
            "rated (no summary was printed)"
        } else {
            "rated above (no summary was printed)"
        };
        let puzzle = &puzzle.map_err(|e| stopped_after(e, rater.summary().puzzles, what))?;
        let rated = rater.rate(puzzle, puzzles.index_in_source());
        let r = &rated.rating;
        if let Some(problem) = &rated.problem {
            eprintln!("sudoku-arena: rate --check: {}: {problem}", r.place());
        }
        if let Some((path, writer)) = csv.as_mut() {
            writer
                .write_record(r.csv_record())
                .map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}"))?;
        }
        if !args.summary_only {
            if let Some(line) = rated.line(format) {
                out.write(&line);
            }
        }
    }
    if let Some((path, writer)) = csv.as_mut() {
        writer
            .flush()
            .map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}"))?;
    }
    out.write(&rater.report(format));
    out.flush();
    Ok(if rater.summary().failures > 0 {
        EXIT_WRONG_ANSWER
    } else {
        0
    })
}

/// The rating run the flags ask for. Set field by field, as a caller outside the
/// library must (the type may grow).
#[allow(clippy::field_reassign_with_default)]
fn settings(args: &RateArgs) -> RateSettings {
    let mut s = RateSettings::default();
    s.timeout = args.timeout.0;
    s.guessing = args.allow_guessing;
    s.first = args.first;
    s.check = args.check;
    s.profile = args.profile;
    s.assume_unique = args.assume_unique;
    s.costly = args.weights;
    s.without = args.without.clone();
    s.diagnose = args.stuck;
    s
}
