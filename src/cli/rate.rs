//! `sudoku-arena rate`: how hard each puzzle is for the rule engine, and a summary.

use super::files::{self, Writes};
use super::input::{stopped_after, InputArgs, NoFile};
use super::out::Out;
use super::EXIT_WRONG_ANSWER;
use crate::analysis::rate::{RateSettings, Rater, Rating, RatingSummary, CSV_HEADER};
use crate::analysis::stuck::Diagnosis;
use crate::backends::rules::engine::RULES;
use crate::harness::report::counted;
use clap::{Args, ValueEnum};
use serde_json::json;

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
/// For each puzzle: where it is (`file:index`) and its name (a `# name` comment on its
/// line, or the embedded puzzle's label), the verdict, its rating, the hardest rule
/// used, the number of rule steps (with guessing, those of every branch tried),
/// whether guessing was needed, the inferences (trial placements, Chen's Inference)
/// with --allow-guessing, Chen's game complexity, and the time the engine took.
///
/// The rating is the hardest level the `rules` ladder needed to solve the puzzle (0
/// singles; 1 locked candidates, naked/hidden pairs and triples; 2 larger subsets,
/// fish, nishio; 3 bilocation/bivalue cycles, repetitive cycles, nonrepetitive paths; 4
/// conflicting paths; 5 2-SAT; 6 finned fish, almost locked sets and death blossom; 7
/// template chains). A puzzle the ladder does not solve is unrated and says
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

/// The index in the ladder of the rule named `name`, or an error listing the names.
fn rule_index(name: &str) -> Result<usize, String> {
    crate::backends::rules::engine::rule_index(name).ok_or_else(|| {
        let names: Vec<&str> = crate::backends::rules::engine::RULES
            .iter()
            .map(|r| r.name)
            .collect();
        format!(
            "no rule is named {name:?}; the rules are: {}",
            names.join(", ")
        )
    })
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
    let mut rater = Rater::new(RateSettings {
        timeout: args.timeout.0,
        guessing: args.allow_guessing,
        first: args.first,
        check: args.check,
        profile: args.profile,
        assume_unique: args.assume_unique,
        costly: args.weights,
        without: args.without.clone(),

        diagnose: args.stuck,
    })?;
    let mut tally = Tally::default();
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
            eprintln!(
                "sudoku-arena: rate --check: {} puzzle {}: {problem}",
                r.file, r.index
            );
        }
        if let Some((path, writer)) = csv.as_mut() {
            writer
                .write_record(r.csv_record())
                .map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}"))?;
        }
        if args.stuck {
            if let Some(d) = &rated.diagnosis {
                tally.add(d);
                if !args.summary_only {
                    out.write(&stuck_line(args.format, r, d));
                }
            }
        } else if !args.summary_only {
            out.write(&line(args.format, r));
        }
    }
    if let Some((path, writer)) = csv.as_mut() {
        writer
            .flush()
            .map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}"))?;
    }
    let sum = rater.summary();
    out.write(&summary(args, sum));
    if args.stuck {
        out.write(&tally.text(args.format));
    }
    out.flush();
    Ok(if sum.failures > 0 {
        EXIT_WRONG_ANSWER
    } else {
        0
    })
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
        RateFormat::Json => format!("{}\n", r.to_json()),
    }
}

/// What the stuck puzzles of a run lack, counted.
#[derive(Default)]
struct Tally {
    stuck: usize,
    beyond_singles: usize,
    /// Puzzles with a sound step beyond singles in the ladder or, stuck at their
    /// singles, by a sound family past its end.
    shown: usize,
    /// The family of each next step found, with its count, in order of first sight.
    next: Vec<(String, usize)>,
    none: usize,
}

impl Tally {
    fn add(&mut self, d: &Diagnosis) {
        self.stuck += 1;
        self.beyond_singles += usize::from(d.beyond_singles.is_some());
        self.shown +=
            usize::from(d.beyond_singles.is_some() || d.next.as_ref().is_some_and(|n| n.sound));
        match &d.next {
            Some(next) => match self.next.iter_mut().find(|(f, _)| *f == next.family) {
                Some((_, k)) => *k += 1,
                None => self.next.push((next.family.clone(), 1)),
            },
            None => self.none += 1,
        }
    }

    fn text(&self, format: RateFormat) -> String {
        match format {
            RateFormat::Json => format!(
                "{}\n",
                json!({"stuck": {
                    "puzzles": self.stuck,
                    "beyond_singles": self.beyond_singles,
                    "beyond_singles_with_families_past_the_ladder": self.shown,
                    "next": self.next.iter().map(|(f, k)| json!({"family": f, "puzzles": k})).collect::<Vec<_>>(),
                    "no_next_step": self.none,
                }})
            ),
            RateFormat::Text => {
                let mut next: Vec<String> =
                    self.next.iter().map(|(f, k)| format!("{f} {k}")).collect();
                next.push(format!("none found {}", self.none));
                format!(
                    "# stuck: {}; with a step beyond singles: {} (with the sound families past the ladder's end: {}); next step past the ladder: {}\n",
                    self.stuck,
                    self.beyond_singles,
                    self.shown,
                    next.join(", ")
                )
            }
        }
    }
}

/// A stuck puzzle's line: where the ladder stopped and what it lacks.
fn stuck_line(format: RateFormat, r: &Rating, d: &Diagnosis) -> String {
    let beyond = match &d.beyond_singles {
        Some((k, name)) => format!("first step beyond singles: step {k}, {name}"),
        None => "first step beyond singles: none".into(),
    };
    let next = match &d.next {
        Some(n) => format!("next: {}: {}", n.family, n.change),
        None => "next: none found".into(),
    };
    match format {
        RateFormat::Text => format!(
            "{}:{}\tstuck after {}, {}\t{} open, {} candidates\t{beyond}\t{next}\n",
            r.file,
            r.index,
            counted(r.steps, "step"),
            r.hardest_text(),
            counted(d.open, "cell"),
            d.candidates
        ),
        RateFormat::Json => {
            let mut v = r.to_json();
            v["diagnosis"] = json!({
                "open_cells": d.open,
                "candidates": d.candidates,
                "beyond_singles": d.beyond_singles.as_ref().map(|(k, name)| json!({"step": k, "name": name})),
                "next": d.next.as_ref().map(|n| json!({"family": n.family, "change": n.change})),
            });
            format!("{v}\n")
        }
    }
}

fn pct(k: usize, n: usize) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * k as f64 / n as f64
    }
}

/// The summary in the chosen format.
fn summary(args: &RateArgs, s: &RatingSummary) -> String {
    let n = s.puzzles;
    match args.format {
        RateFormat::Json => format!("{}\n", json!({"summary": s.to_json(args.check)})),
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
            let ladder: Vec<String> = RULES
                .iter()
                .zip(s.solved_up_to())
                .map(|(r, acc)| format!("{} {} ({:.1}%)", r.name, acc, pct(acc, n)))
                .collect();
            t.push_str(&format!(
                "# solved by the ladder up to: {}\n",
                ladder.join(", ")
            ));
            t.push_str(&format!(
                "# mean time per puzzle {:.4} ms; mean game complexity {:.4}\n",
                s.mean(s.time_ms),
                s.mean(s.complexity)
            ));
            if args.allow_guessing {
                t.push_str(&format!(
                    "# with guessing: {} of {n} decided, {} inferences, {:.3} per puzzle\n",
                    s.decided,
                    s.inferences,
                    s.mean(s.inferences as f64)
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
