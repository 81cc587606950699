//! `sudoku-arena compare`: every chosen backend on the same puzzles, cross-checked.

use super::input::{read_examples, read_source};
use super::out::Out;
use super::{parse_timeout, EXIT_WRONG_ANSWER};
use crate::backends::{builtin_configs, create};
use crate::harness::record::{read_records, Record};
use crate::harness::run::{run_all, Plan};
use crate::harness::summary::summarize;
use crate::harness::{plot, report};
use crate::model::{ParseOptions, Puzzle, Variant};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::HashSet;
use std::io::Write;
use std::sync::Mutex;

/// Run backends side by side on the same puzzles and compare them honestly.
///
/// Every answer goes through the independent validator and the verdicts of different
/// backends on the same puzzle must agree; a wrong answer or a disagreement is printed
/// loudly, kept in the results and makes the exit status 1. A solve that reaches its
/// deadline is `unknown` and the run goes on. With no FILE it runs on the puzzles
/// embedded in the binary.
///
/// The table gives per backend: puzzles, solved, proven unique, multiple, none,
/// unknown, wrong (must be 0), median / p90 / max wall time per puzzle, the ratio of its
/// median to the fastest backend's median in this run, its own effort measure (named),
/// and its mean encoding size (variables / constraints, or rows / columns for dlx).
///
/// Examples:
///   sudoku-arena compare
///   sudoku-arena compare --backends dlx,sat:extended,csp:gac --limit 200 hard.txt
///   sudoku-arena compare --out r.jsonl --markdown r.md --plot r.svg set.txt
///   sudoku-arena compare --out r.jsonl --resume set.txt      # continue an interrupted run
///   sudoku-arena compare --shard 2/8 --out r2.jsonl set.txt  # one slice of eight
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct CompareArgs {
    /// Puzzle files (see `solve --help` for the formats); `-` reads standard input.
    #[arg(value_name = "FILE")]
    files: Vec<String>,

    /// Comma-separated backend configurations, or `all` for every built-in one.
    #[arg(long, short, default_value = "all", value_name = "LIST")]
    backends: String,

    /// Time budget per solve, in seconds.
    #[arg(long, default_value = "10", value_name = "SECS", value_parser = parse_timeout)]
    timeout: std::time::Duration,

    /// Use only the first N puzzles of each input file (of the embedded set with no file).
    #[arg(long, value_name = "N")]
    limit: Option<usize>,

    /// Solve this many puzzles at once (timings stay per solve, but cores are shared).
    #[arg(long, default_value_t = 1, value_name = "N")]
    jobs: usize,

    /// Stop at the first solution instead of proving uniqueness.
    #[arg(long)]
    first: bool,

    /// Stream every result to this JSON-lines file as it finishes.
    #[arg(long, value_name = "FILE")]
    out: Option<String>,

    /// Skip the runs the --out file already holds, and append the rest.
    #[arg(long, requires = "out")]
    resume: bool,

    /// Run only the K-th of N deterministic slices of the input (puzzle i goes to slice i mod N + 1).
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,

    /// Also write the summary as CSV.
    #[arg(long, value_name = "FILE")]
    csv: Option<String>,

    /// Also write the summary as Markdown.
    #[arg(long, value_name = "FILE")]
    markdown: Option<String>,

    /// Also draw an SVG: cactus plot, and time against the fraction of cells given.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<String>,

    /// Rule variant: `classic` or `x`.
    #[arg(long, default_value = "classic", value_name = "NAME")]
    variant: String,

    /// Box shape as ROWSxCOLS.
    #[arg(long = "box", value_name = "RxC")]
    box_shape: Option<String>,
}

fn parse_shard(text: &str) -> anyhow::Result<(usize, usize)> {
    let bad = || anyhow::anyhow!("--shard '{text}' is not K/N with 1 <= K <= N, such as 2/8");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// An interrupted run may leave half a line at the end of the results file: cut it off
/// so that appended records start on a line of their own.
fn drop_partial_last_line(path: &str) -> anyhow::Result<()> {
    let text = std::fs::read(path).map_err(|e| anyhow::anyhow!("{path}: cannot read: {e}"))?;
    if text.is_empty() || text.ends_with(b"\n") {
        return Ok(());
    }
    let keep = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}"))?;
    file.set_len(keep as u64)
        .map_err(|e| anyhow::anyhow!("{path}: cannot truncate: {e}"))
}

/// Runs the comparison.
pub fn run(args: &CompareArgs) -> anyhow::Result<i32> {
    let backends: Vec<String> = if args.backends == "all" {
        builtin_configs()
    } else {
        args.backends
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    };
    for b in &backends {
        create(b).map_err(|e| anyhow::anyhow!("--backends: {e}"))?;
    }
    let opts = ParseOptions {
        box_shape: args
            .box_shape
            .as_deref()
            .map(super::input::parse_box)
            .transpose()?,
        variant: Variant::from_name(&args.variant)?,
    };
    let limit = args.limit.unwrap_or(usize::MAX);
    let mut puzzles: Vec<Puzzle> = Vec::new();
    if args.files.is_empty() {
        puzzles = read_examples(&opts);
        puzzles.truncate(limit);
    }
    for f in &args.files {
        puzzles.extend(read_source(Some(f), &opts)?.into_iter().take(limit));
    }
    let mut indexed: Vec<(usize, Puzzle)> = puzzles.into_iter().enumerate().collect();
    if let Some(shard) = &args.shard {
        let (k, n) = parse_shard(shard)?;
        indexed.retain(|(i, _)| i % n == k - 1);
    }

    let mut previous: Vec<Record> = Vec::new();
    if args.resume {
        let path = args.out.as_deref().unwrap_or_default();
        if std::path::Path::new(path).exists() {
            previous = read_records(path)?;
            drop_partial_last_line(path)?;
        }
    }
    let done: HashSet<(String, String)> = previous.iter().map(Record::key).collect();
    let file = match &args.out {
        Some(path) => {
            let mut o = std::fs::OpenOptions::new();
            o.create(true);
            if args.resume {
                o.append(true);
            } else {
                o.write(true).truncate(true);
            }
            Some(
                o.open(path)
                    .map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}"))?,
            )
        }
        None => None,
    };
    let plan = Plan {
        backends: backends.clone(),
        timeout: args.timeout,
        max_solutions: if args.first { 1 } else { 2 },
        jobs: args.jobs.max(1),
    };
    let total = (indexed.len() * backends.len()) as u64;
    let remaining = total
        - indexed
            .iter()
            .map(|(_, p)| {
                backends
                    .iter()
                    .filter(|b| {
                        done.contains(&(
                            (*b).clone(),
                            crate::model::format::to_line(&p.geometry, &p.cells),
                        ))
                    })
                    .count() as u64
            })
            .sum::<u64>();
    eprintln!(
        "comparing {} backend configuration(s) on {} puzzle(s): {} solve(s) to run on {} thread(s), {:.1} s budget each{}",
        backends.len(),
        indexed.len(),
        remaining,
        plan.jobs,
        args.timeout.as_secs_f64(),
        if done.is_empty() { String::new() } else { format!(" ({} already in {})", done.len(), args.out.as_deref().unwrap_or_default()) }
    );
    let bar = ProgressBar::new(remaining);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} solves, {elapsed} elapsed, ~{eta} left  {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let sink = Mutex::new((file, Vec::<Record>::new(), None::<String>));
    run_all(&plan, &indexed, &done, |record| {
        let mut guard = sink.lock().unwrap_or_else(|e| e.into_inner());
        let (file, records, error) = &mut *guard;
        if let Some(problem) = &record.wrong {
            bar.println(format!(
                "WRONG ANSWER: {} on {}: {problem}",
                record.backend, record.source
            ));
        }
        if let Some(f) = file {
            let line = serde_json::to_string(&record).unwrap_or_default();
            if let Err(e) = writeln!(f, "{line}").and_then(|_| f.flush()) {
                error.get_or_insert(format!("cannot write results: {e}"));
            }
        }
        records.push(record);
        bar.inc(1);
    })?;
    bar.finish_and_clear();
    let (_, mut records, error) = sink.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = error {
        anyhow::bail!(e);
    }
    records.sort_by(|a, b| (a.puzzle_index, &a.backend).cmp(&(b.puzzle_index, &b.backend)));
    previous.extend(records);
    report_all(
        &previous,
        args.csv.as_deref(),
        args.markdown.as_deref(),
        args.plot.as_deref(),
        plan.jobs,
    )
}

/// Prints the summary of `records` and writes the requested files; the exit status says
/// whether everything checked out.
pub fn report_all(
    records: &[Record],
    csv: Option<&str>,
    markdown: Option<&str>,
    svg: Option<&str>,
    threads: usize,
) -> anyhow::Result<i32> {
    let summary = summarize(records);
    let mut out = Out::new();
    out.write(&report::terminal(&summary));
    if threads > 0 {
        out.write(&format!(
            "(solves ran on {threads} thread(s); times are wall-clock per solve)\n"
        ));
    }
    out.flush();
    let write = |path: &str, text: String| {
        std::fs::write(path, text).map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}"))
    };
    if let Some(p) = csv {
        write(p, report::csv(&summary))?;
    }
    if let Some(p) = markdown {
        write(p, report::markdown(&summary))?;
    }
    if let Some(p) = svg {
        plot::write_svg(records, p)?;
    }
    if summary.clean() {
        Ok(0)
    } else {
        for line in report::terminal(&summary)
            .lines()
            .filter(|l| l.starts_with("WRONG") || l.starts_with("DISAGREEMENT"))
        {
            eprintln!("sudoku-arena: {line}");
        }
        Ok(EXIT_WRONG_ANSWER)
    }
}
