//! `sudoku-arena rate`: how hard each puzzle is for the rule engine, and a summary.

use super::files::{self, Writes};
use super::input::{stopped_after, InputArgs, NoFile};
use super::out::Out;
use super::EXIT_WRONG_ANSWER;
use crate::backends::create;
use crate::backends::rules::engine::{Finish, Options, MAX_LEVEL, RULES};
use crate::backends::rules::rate::game_complexity;
use crate::backends::rules::{soundness, verdict, RulesSolver};
use crate::harness::report::counted;
use crate::model::{validate, Puzzle};
use crate::solver::{ms, SolveOptions};
use clap::{Args, ValueEnum};
use serde_json::json;
use std::io::Write;
use std::time::Instant;

/// How the ratings are printed.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RateFormat {
    /// One line per puzzle, then the summary as `#` lines.
    Text,
    /// One JSON object per puzzle per line, then one `{"summary": ...}` line.
    Json,
}

/// Rate puzzles by the rules a person needs to solve them.
///
/// For each puzzle: where it is (`file:index`) and its name (a `# name` comment on its
/// line, or the embedded puzzle's label), the verdict, its rating, the hardest rule
/// used, the number of rule steps (with guessing, those of every branch tried),
/// whether guessing was needed, the inferences (trial placements, Chen's Inference)
/// with --allow-guessing, Chen's game complexity, and the time the engine took.
///
/// The rating is the hardest level the `rules` ladder needed to solve the puzzle (0
/// singles; 1 locked candidates, naked/hidden pairs and triples; 2 larger subsets,
/// fish, nishio; 3 bilocation/bivalue cycles, repetitive cycles, nonrepetitive paths; 4
/// conflicting paths; 5 2-SAT). A puzzle the ladder does not solve is unrated and says
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
/// Any failure is printed and makes the exit status 1.
///
/// Examples:
///   sudoku-arena rate tests/data/magictour_top1465.txt
///   sudoku-arena rate --allow-guessing --format json set.txt > ratings.jsonl
///   sudoku-arena rate --check --csv ratings.csv a.txt b.txt
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

    /// Allow the uniqueness rules (unique rectangle and its type 2, level 1): sound
    /// only for puzzles known to have one solution. Off by default.
    #[arg(long)]
    assume_unique: bool,

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

/// One puzzle's rating.
struct Rating {
    file: String,
    index: usize,
    name: Option<String>,
    ladder: &'static str,
    verdict: &'static str,
    level: Option<u8>,
    hardest: Option<usize>,
    steps: u64,
    guessing_needed: bool,
    inferences: u64,
    complexity: f64,
    time_ms: f64,
}

impl Rating {
    /// The level as printed in CSV: empty when the ladder did not solve the puzzle.
    fn level_text(&self) -> String {
        self.level.map_or(String::new(), |l| l.to_string())
    }

    /// The rating in words: `level 2`, or why there is none (`stuck, unrated`).
    fn rating_text(&self) -> String {
        match self.level {
            Some(l) => format!("level {l}"),
            None => format!("{}, unrated", self.ladder),
        }
    }

    /// The hardest rule's name as printed in CSV: `none` when no rule fired.
    fn hardest_name(&self) -> &'static str {
        self.hardest.map_or("none", |h| RULES[h].name)
    }

    /// The hardest rule in words, with its level when the puzzle is unrated (so that
    /// it reads as a rule used, not as the puzzle's level).
    fn hardest_text(&self) -> String {
        match (self.hardest, self.level) {
            (None, _) => "hardest rule used: none".into(),
            (Some(h), Some(_)) => format!("hardest rule used: {}", RULES[h].name),
            (Some(h), None) => format!(
                "hardest rule used: {} (level {})",
                RULES[h].name, RULES[h].level
            ),
        }
    }
}

/// How the ladder ended, in words.
fn ladder_words(run: &crate::backends::rules::engine::Run) -> &'static str {
    match run.finish {
        Finish::Solved => "solved",
        Finish::Stuck => "stuck",
        Finish::Contradiction => "no solution",
        Finish::TimedOut => "stopped by the deadline",
    }
}

/// A CSV field, quoted.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

#[derive(Default)]
struct Summary {
    puzzles: usize,
    per_level: Vec<usize>,
    per_rule: Vec<usize>,
    stuck: usize,
    timed_out: usize,
    contradicted: usize,
    decided: usize,
    inferences: u64,
    time_ms: f64,
    complexity: f64,
    failures: usize,
    calls: Vec<u64>,
    fired: Vec<u64>,
    nanos: Vec<u64>,
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
            let mut file = files::create(path)?;
            writeln!(file, "file,index,verdict,level,ladder,hardest_rule,steps,guessing_needed,inferences,game_complexity,time_ms,name")
                .map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}"))?;
            Some((path.clone(), file))
        }
        None => None,
    };
    let mut solver = RulesSolver::new(args.allow_guessing);
    let mut dlx = create("dlx")?;
    let mut out = Out::new();
    let mut sum = Summary {
        per_level: vec![0; MAX_LEVEL as usize + 1],
        per_rule: vec![0; RULES.len()],
        calls: vec![0; RULES.len()],
        fired: vec![0; RULES.len()],
        nanos: vec![0; RULES.len()],
        ..Summary::default()
    };
    let engine_opts = Options {
        guessing: args.allow_guessing,
        record: args.check,
        max_solutions: if args.first { 1 } else { 2 },
        profile: args.profile,
        assume_unique: args.assume_unique,
        ..Options::default()
    };
    while let Some(puzzle) = puzzles.next() {
        let what = if args.summary_only {
            "rated (no summary was printed)"
        } else {
            "rated above (no summary was printed)"
        };
        let puzzle = &puzzle.map_err(|e| stopped_after(e, sum.puzzles, what))?;
        let (file, i) = (&puzzle.origin.file, puzzles.index_in_source() - 1);
        let start = Instant::now();
        let deadline = args.timeout.0.map(|t| start + t);
        let opts = Options {
            deadline,
            ..engine_opts.clone()
        };
        let run = solver.run(puzzle, &opts);
        let time_ms = ms(start.elapsed());
        let v = verdict(&run, args.allow_guessing);
        let board = solver.board(&puzzle.geometry);
        let r = Rating {
            file: file.clone(),
            index: i + 1,
            name: puzzle.label.clone(),
            ladder: ladder_words(&run),
            verdict: v.name(),
            level: (run.finish == Finish::Solved).then(|| run.hardest_level().unwrap_or(0)),
            hardest: run.hardest_rule,
            steps: run.stats.steps,
            guessing_needed: run.finish == Finish::Stuck,
            inferences: run.stats.inferences,
            complexity: game_complexity(board, puzzle),
            time_ms,
        };
        if args.check {
            if let Err(problem) = check(board, puzzle, &run, v, dlx.as_mut(), deadline) {
                eprintln!(
                    "sudoku-arena: rate --check: {file} puzzle {}: {problem}",
                    i + 1
                );
                sum.failures += 1;
            }
        }
        for i in 0..RULES.len() {
            sum.calls[i] += run.stats.calls[i];
            sum.fired[i] += run.stats.fired[i];
            sum.nanos[i] += run.stats.nanos[i];
        }
        sum.puzzles += 1;
        sum.time_ms += time_ms;
        sum.complexity += r.complexity;
        sum.inferences += r.inferences;
        match run.finish {
            _ if run.timed_out => sum.timed_out += 1,
            Finish::Solved => {
                sum.per_level[r.level.unwrap_or(0) as usize] += 1;
                sum.per_rule[r.hardest.unwrap_or(0)] += 1;
            }
            Finish::Contradiction => sum.contradicted += 1,
            Finish::TimedOut | Finish::Stuck => sum.stuck += 1,
        }
        if v != crate::solver::Verdict::Unknown {
            sum.decided += 1;
        }
        if let Some((path, f)) = csv.as_mut() {
            writeln!(
                f,
                "{},{},{},{},{},{},{},{},{},{:.4},{:.4},{}",
                quoted(&r.file),
                r.index,
                r.verdict,
                r.level_text(),
                r.ladder,
                r.hardest_name(),
                r.steps,
                r.guessing_needed,
                r.inferences,
                r.complexity,
                r.time_ms,
                r.name.as_deref().map_or(String::new(), quoted)
            )
            .map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}"))?;
        }
        if !args.summary_only {
            out.write(&line(args.format, &r));
        }
    }
    out.write(&summary(args, &sum));
    out.flush();
    Ok(if sum.failures > 0 {
        EXIT_WRONG_ANSWER
    } else {
        0
    })
}

/// Soundness and agreement with dlx for one run. The check shares the rating's
/// deadline: a reference stopped by it checks only the solutions it found, and its
/// `solved` or `unknown` disagrees with nothing.
fn check(
    board: &crate::backends::rules::board::Board,
    puzzle: &Puzzle,
    run: &crate::backends::rules::engine::Run,
    v: crate::solver::Verdict,
    dlx: &mut dyn crate::solver::Solver,
    deadline: Option<Instant>,
) -> Result<(), String> {
    let options = SolveOptions {
        deadline,
        ..SolveOptions::new(2, None)
    };
    let reference = dlx.solve(puzzle, &options);
    for s in &reference.solutions {
        soundness::check(board, &run.steps, s)?;
    }
    for s in &run.solutions {
        validate(puzzle, s).map_err(|e| format!("invalid solution: {e}"))?;
    }
    if !v.agrees_with(reference.verdict) {
        return Err(format!(
            "verdict {} disagrees with dlx's {}",
            v.name(),
            reference.verdict.name()
        ));
    }
    Ok(())
}

fn line(format: RateFormat, r: &Rating) -> String {
    match format {
        RateFormat::Text => format!(
            "{}:{}{}\t{}\t{}\t{}\t{}\t{}\t{}\tcomplexity {:.4}\t{:.3} ms\n",
            r.file,
            r.index,
            r.name
                .as_deref()
                .map_or(String::new(), |n| format!(" ({n})")),
            r.verdict,
            r.rating_text(),
            r.hardest_text(),
            counted(r.steps, "step"),
            if r.guessing_needed {
                "guessing needed"
            } else {
                "no guessing"
            },
            counted(r.inferences, "inference"),
            r.complexity,
            r.time_ms
        ),
        RateFormat::Json => format!(
            "{}\n",
            json!({
                "file": r.file,
                "index": r.index,
                "name": r.name,
                "verdict": r.verdict,
                "level": r.level,
                "ladder": r.ladder,
                "hardest_rule": r.hardest.map(|h| RULES[h].name),
                "steps": r.steps,
                "guessing_needed": r.guessing_needed,
                "inferences": r.inferences,
                "game_complexity": r.complexity,
                "time_ms": r.time_ms,
            })
        ),
    }
}

fn pct(k: usize, n: usize) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * k as f64 / n as f64
    }
}

fn summary(args: &RateArgs, s: &Summary) -> String {
    let n = s.puzzles;
    let solved: usize = s.per_level.iter().sum();
    match args.format {
        RateFormat::Json => {
            let mut prefix = Vec::new();
            let mut acc = 0;
            for (i, rule) in RULES.iter().enumerate() {
                acc += s.per_rule[i];
                prefix.push(json!({"up_to": rule.name, "level": rule.level, "solved": acc}));
            }
            format!(
                "{}\n",
                json!({"summary": {
                    "puzzles": n,
                    "per_level": s.per_level,
                    "solved_without_guessing": solved,
                    "stuck": s.stuck,
                    "timed_out": s.timed_out,
                    "contradicted": s.contradicted,
                    "decided": s.decided,
                    "ladder": prefix,
                    "mean_time_ms": s.time_ms / n.max(1) as f64,
                    "mean_inferences": s.inferences as f64 / n.max(1) as f64,
                    "mean_game_complexity": s.complexity / n.max(1) as f64,
                    "check_failures": args.check.then_some(s.failures),
                }})
            )
        }
        RateFormat::Text => {
            let mut t = format!("# {}\n", counted(n, "puzzle"));
            let mut acc = 0;
            for (level, &k) in s.per_level.iter().enumerate() {
                acc += k;
                t.push_str(&format!(
                    "# level {level}: {k} ({:.1}%), solved up to level {level}: {acc} ({:.1}%)\n",
                    pct(k, n),
                    pct(acc, n)
                ));
            }
            t.push_str(&format!(
                "# not solved without guessing: {} ({:.1}%){}\n",
                s.stuck,
                pct(s.stuck, n),
                if s.contradicted > 0 {
                    format!("; proven to have no solution: {}", s.contradicted)
                } else {
                    String::new()
                }
            ));
            if s.timed_out > 0 {
                t.push_str(&format!("# stopped by --timeout: {}\n", s.timed_out));
            }
            let mut acc = 0;
            let ladder: Vec<String> = RULES
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    acc += s.per_rule[i];
                    format!("{} {} ({:.1}%)", r.name, acc, pct(acc, n))
                })
                .collect();
            t.push_str(&format!(
                "# solved by the ladder up to: {}\n",
                ladder.join(", ")
            ));
            t.push_str(&format!(
                "# mean time per puzzle {:.4} ms; mean game complexity {:.4}\n",
                s.time_ms / n.max(1) as f64,
                s.complexity / n.max(1) as f64
            ));
            if args.allow_guessing {
                t.push_str(&format!(
                    "# with guessing: {} of {n} decided, {} inferences, {:.3} per puzzle\n",
                    s.decided,
                    s.inferences,
                    s.inferences as f64 / n.max(1) as f64
                ));
            }
            if args.profile {
                for (i, rule) in RULES.iter().enumerate() {
                    t.push_str(&format!(
                        "# profile {:<18} calls {:>9} steps {:>9} total {:>9.3} ms mean {:>8.0} ns/call\n",
                        rule.name,
                        s.calls[i],
                        s.fired[i],
                        s.nanos[i] as f64 / 1e6,
                        s.nanos[i] as f64 / s.calls[i].max(1) as f64
                    ));
                }
            }
            if args.check {
                t.push_str(&format!(
                    "# check against dlx: {} in {}\n",
                    counted(s.failures, "failure"),
                    counted(n, "puzzle")
                ));
            }
            t
        }
    }
}
