//! `sudoku-arena compare`: every chosen backend on the same puzzles, cross-checked.

use super::files::{self, Writes};
use super::input::{stopped_after, InputArgs, NoFile, STDIN_NAME};
use super::report::{report_all, Outputs, SummaryFiles};
use super::Budget;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use sudoku_arena::backends::{
    builtin_configs, canonical, default_configs, lookup, set_configs, Runs, Set,
};
use sudoku_arena::harness::feed::{read_ahead, Feed};
use sudoku_arena::harness::machine::RunFacts;
use sudoku_arena::harness::record::{Header, HeaderKind, Shard};
use sudoku_arena::harness::report::{counted, Part};
use sudoku_arena::harness::resume::{drop_partial_last_line, read_earlier};
use sudoku_arena::harness::run::{checks_apart, run_all_with, Done, Plan, Sinks, BATCH_PUZZLES};
use sudoku_arena::harness::tally::Tally;
use sudoku_arena::harness::writer::ResultsWriter;
use sudoku_arena::model::Puzzle;

/// Exit status after Ctrl-C (the shell's convention: 128 + SIGINT).
const EXIT_INTERRUPTED: i32 = 130;

/// Run backends side by side on the same puzzles and compare them honestly.
///
/// Every answer goes through the independent validator and the verdicts of different
/// backends on the same puzzle must agree; a wrong answer or a disagreement is printed
/// loudly, kept in the results and makes the exit status 1. A solve that reaches its
/// deadline is `unknown` (or `solved` if it found a solution) and the run goes on. With
/// no FILE it reads standard input when something is piped in, and otherwise runs on the
/// puzzles embedded in the binary (as --examples does). Puzzles are solved as they are
/// read, a batch at a time, every backend on each puzzle: memory holds a few batches of
/// puzzles and, for the summary, counts and time histograms per backend (quantiles
/// within 0.1 %), the same for a thousand puzzles or a million (whole results go to
/// --out, in input order). Files are read twice: first only checked, so
/// that bad input stops the run with exit status 2 before any solve and nothing is
/// written to --out (this also gives the progress bar its total), then solved. Standard
/// input is read once, as `solve` reads it: bad input there stops the run at that
/// puzzle with exit status 2, after the table of the puzzles before it (their results
/// stay in --out; --csv, --markdown and --plot are not written). An existing --out file
/// (with --force) is replaced at the first result, so a run that writes none leaves it.
///
/// The table gives per backend: puzzles; how many got each verdict (solved: a solution,
/// uniqueness not proven; unique; multiple; none; unknown; memout, stopped at
/// --mem-limit); failed (the backend could
/// not answer); wrong (must be 0); p10 / median / p90 / max time per puzzle (p10 and p90
/// show a spread that a single median over a mixed set hides) (measured around the solve
/// itself); PAR-2, the mean time where a solve without an answer (unknown, memout,
/// failed, wrong) counts twice the --timeout, as SAT competitions score (`-` with no
/// budget); x fastest; the median transport time to a worker process (never part of the
/// solve time); its own effort measure (named); and its mean encoding size (variables /
/// constraints, or rows / columns for dlx).
///
/// `x fastest` is a configuration's median time over the smallest median of the
/// configurations that answered every puzzle (none unknown, memout, failed or wrong), so
/// it is never below 1; `-` for one that did not answer every puzzle, whose median is not
/// over the same work.
///
/// Peak memory: each --out record of a solve in a worker process or an external solver
/// holds `peak_rss_kb`, its resident peak in KiB: a worker's high-water mark (VmHWM)
/// over the solve, reset before it, its program and kept solver included (about 5 MB);
/// an ext: solver's processes, all it started included, sampled from /proc every 1 to
/// 8 ms. A solve in this process has none (its memory is shared with the harness's).
/// Under --mem-limit every built-in configuration solves in a worker.
///
/// Ctrl-C stops starting new solves, prints the summary of what finished and keeps the
/// results written so far (resume with --resume); a second Ctrl-C quits at once.
///
/// Examples:
///   sudoku-arena compare
///   sudoku-arena compare --backends dlx,sat:extended,csp:gac --limit 200 examples/hard.txt
///   sudoku-arena compare --out r.jsonl --markdown r.md --plot r.svg examples/*.txt --by-file
///   sudoku-arena compare --out r.jsonl --resume examples/hard.txt  # continue an interrupted run
///   sudoku-arena compare --shard 2/8 --out r2.jsonl set.txt        # one slice of eight
///   head -20 set.txt | sudoku-arena compare -b dlx,csp
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct CompareArgs {
    #[command(flatten)]
    input: InputArgs,

    /// Comma-separated backend configurations (NAME or NAME:CONFIG, see `sudoku-arena
    /// backends`), or a named set: `default`, `strongest` or `all`.
    ///
    /// `default` is the built-in configurations that decide every embedded puzzle in well under a second; `strongest` for each paradigm's engine of
    /// ours beside the strongest engine of that paradigm on the same model (dlx and fast;
    /// varisat and CaDiCaL on one CNF; microlp, HiGHS and CBC on one 0-1 program; csp
    /// and Gecode); `all` for every built-in one (adds the slow teaching configurations
    /// such as ip:full). A set's configurations that this build or machine cannot run
    /// are skipped, with a line each saying how to get them.
    #[arg(
        long,
        short,
        default_value = "default",
        value_name = "LIST",
        visible_alias = "backend"
    )]
    backends: String,

    /// Time budget per solve in seconds (fractions allowed), or `none`.
    #[arg(long, default_value = "10", value_name = "SECS", value_parser = super::parse_budget, allow_hyphen_values = true)]
    timeout: Budget,

    #[arg(long, value_name = "MB", default_value = "none", value_parser = super::parse_mem_limit, allow_hyphen_values = true, help = super::MEM_LIMIT_HELP, long_help = super::MEM_LIMIT_LONG_HELP)]
    mem_limit: super::MemLimit,

    /// Solve this many puzzles at once (timings stay per solve, but cores are shared).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = super::parse_positive)]
    jobs: usize,

    /// Stop at the first solution instead of proving uniqueness.
    #[arg(long, conflicts_with = "max_solutions")]
    first: bool,

    /// Time each solve R times with the same solver and record the median; the table
    /// then adds 95 % confidence intervals of each median and `x fastest`.
    ///
    /// Round k is every puzzle's k-th timed solve: the intervals come from the spread
    /// of the rounds' medians (Student's t), as hyperfine does over runs. The answer
    /// checked is the first solve's; a repeat whose verdict contradicts it is wrong.
    #[arg(long, value_name = "R", default_value_t = 1, value_parser = super::parse_positive)]
    repeat: usize,

    /// Solve each (backend, puzzle) N times untimed before the timed solves (warm
    /// caches and solver state).
    #[arg(long, value_name = "N", default_value_t = 0)]
    warmup: usize,

    /// Look for up to K solutions (2, the default, proves uniqueness).
    #[arg(long, value_name = "K", default_value_t = 2, value_parser = super::parse_positive)]
    max_solutions: usize,

    /// Stream every result to this JSON-lines file as it finishes; an existing file is
    /// kept unless --force (or --resume, which appends).
    ///
    /// Its first line says what the run is (`"kind":"header"`: its shard, settings and
    /// backends), so that `merge` can check shards and settings.
    #[arg(long, value_name = "FILE")]
    out: Option<String>,

    /// Skip the runs the --out file already holds, and append the rest; the file's runs
    /// must have the same settings (--first, --timeout, --variant) and --shard.
    #[arg(long, requires = "out")]
    resume: bool,

    /// Replace existing output files (--out, --csv, --markdown, --plot). No output may
    /// be an input or another output, even with --force.
    #[arg(long)]
    force: bool,

    /// Run only the K-th of N deterministic slices of the input (puzzle i goes to slice i mod N + 1).
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,

    #[command(flatten)]
    summary: SummaryFiles,

    /// Also give one table per input file (mixing an easy and a hard set hides both).
    #[arg(long)]
    by_file: bool,
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

/// The backend list, resolved: every name once, canonical, with a note for repeats. A
/// named set's configurations that cannot run here are left out with a note each; one
/// named on its own is an error that says how to get it.
pub fn resolve_backends(list: &str) -> anyhow::Result<Vec<String>> {
    let set = |names: Vec<String>| {
        let mut runnable = Vec::new();
        for name in names {
            match lookup(&name).and_then(|(c, _)| c.available()) {
                Ok(()) => runnable.push(name),
                Err(e) => eprintln!("note: skipping {name}: {e}"),
            }
        }
        runnable
    };
    let names: Vec<String> = match list.trim() {
        "all" => set(builtin_configs()),
        "default" => set(default_configs()),
        "strongest" => set(set_configs(Set::Strongest)),
        other => other
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect(),
    };
    if names.is_empty() {
        anyhow::bail!(
            "--backends names no backend that can run here: give NAME[,NAME...], `default`, `strongest` or `all`"
        );
    }
    let mut resolved: Vec<String> = Vec::new();
    for name in &names {
        let c = canonical(name).map_err(|e| anyhow::anyhow!("--backends: {e}"))?;
        if resolved.contains(&c) {
            eprintln!("note: --backends names {c} more than once ('{name}'); it runs once");
        } else {
            resolved.push(c);
        }
    }
    Ok(resolved)
}

/// Checks every output file by the rules of [`files`], before any solve: a bad path is
/// reported at once, not after an hour of solving, and a refused run writes nothing.
fn check_outputs(args: &CompareArgs) -> anyhow::Result<()> {
    let writes = Writes::new(args.force).inputs(&args.input.files).results(
        "--out",
        args.out.as_deref(),
        args.resume,
    );
    args.summary.checked_with(writes)?.check()
}

/// What a first reading of an input that can be read twice found, before any solve.
struct Survey {
    /// The puzzles this run takes (this shard's).
    puzzles: usize,
    /// The solves left to run on them.
    solves: u64,
    /// The files they come from, in order.
    files: Vec<String>,
}

/// The check of every puzzle of an input read a first time, parsing only (memory
/// bounded by one puzzle), so that bad input stops the run with nothing written and the
/// progress bar knows its total: before any solve, or a step at a time beside the
/// solving (see [`check_beside`]).
struct InputCheck<'a> {
    feed: Feed<anyhow::Error>,
    plan: &'a Plan,
    done: &'a Done,
    solves: u64,
}

impl<'a> InputCheck<'a> {
    fn new(
        stream: impl Iterator<Item = anyhow::Result<Puzzle>> + 'static,
        shard: Option<(usize, usize)>,
        plan: &'a Plan,
        done: &'a Done,
    ) -> InputCheck<'a> {
        InputCheck {
            feed: Feed::new(stream, shard),
            plan,
            done,
            solves: 0,
        }
    }

    /// Checks up to `count` more puzzles: `None` while some remain, else what the whole
    /// input holds, or its first bad puzzle.
    fn step(&mut self, count: usize) -> Option<anyhow::Result<Survey>> {
        for _ in 0..count {
            let Some((index, puzzle)) = self.feed.next() else {
                return Some(match self.feed.error.take() {
                    Some(e) => Err(e),
                    None => Ok(Survey {
                        puzzles: self.feed.taken,
                        solves: self.solves,
                        files: std::mem::take(&mut self.feed.files),
                    }),
                });
            };
            // Without an earlier run every configuration runs every puzzle.
            self.solves += if self.done.is_empty() {
                self.plan.backends.len()
            } else {
                self.done.to_run(self.plan, index, &puzzle).len()
            } as u64;
        }
        None
    }

    /// Checks the whole input.
    fn run(mut self) -> anyhow::Result<Survey> {
        loop {
            if let Some(done) = self.step(usize::MAX) {
                return done;
            }
        }
    }
}

/// Puzzles checked a step, beside the solving: the reading thread then looks again
/// for answers to check (a step is some tens of microseconds).
const CHECK_STEP: usize = 32;

/// The check beside the solving and what came of it.
struct Beside<'a> {
    check: InputCheck<'a>,
    outcome: Option<anyhow::Result<Survey>>,
    /// Set when the check refuses the input: no new solve starts.
    stop: &'a AtomicBool,
    /// Told what the input holds once the check passes.
    passed: &'a dyn Fn(&Survey),
}

impl Beside<'_> {
    /// One step of the check; whether more remain.
    fn step(&mut self) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let Some(outcome) = self.check.step(CHECK_STEP) else {
            return true;
        };
        match &outcome {
            Ok(survey) => (self.passed)(survey),
            Err(_) => self.stop.store(true, Ordering::SeqCst),
        }
        self.outcome = Some(outcome);
        false
    }
}

/// Whether the check of every puzzle ([`InputCheck`]) runs beside the solving instead
/// of before it: when the run writes nothing until it ends (no results file) and every
/// configuration solves in this process in milliseconds (not slow, no worker, no
/// external program, no memory limit). The reading thread then checks a step at a time
/// while it waits for answers (so it runs only where the reading thread checks the
/// answers: [`checks_apart`]; no third busy thread takes time from the solving). A bad
/// puzzle still stops the run with nothing written and exit status 2, once the solves
/// under way end; the solving no longer waits for a whole reading of the input first
/// (half a microsecond a puzzle).
fn check_beside(writes_results: bool, mem_limit: Option<u64>, backends: &[String]) -> bool {
    !writes_results
        && mem_limit.is_none()
        && backends
            .iter()
            .all(|b| lookup(b).is_ok_and(|(c, _)| matches!(c.runs, Runs::InProcess) && !c.slow))
}

/// Checks every puzzle of the regular files among the inputs when standard input is
/// one of them too (it cannot be read twice, so the run streams): a bad file still stops
/// the run before any solve, as when only files are named.
fn check_files(args: &CompareArgs) -> anyhow::Result<()> {
    let files =
        args.input.files.iter().filter(|f| {
            f.as_str() != "-" && std::fs::metadata(f.as_str()).is_ok_and(|m| m.is_file())
        });
    for file in files {
        let mut one = args.input.clone();
        one.files = vec![file.clone()];
        for puzzle in one.puzzles_again(NO_FILE)? {
            puzzle?;
        }
    }
    Ok(())
}

/// Where `compare` reads when no file is named.
const NO_FILE: NoFile = NoFile::PipedElseExamples;

/// The warning for more solves at once (`--jobs`) than the machine has cores: they then
/// wait for each other, and their wall times count the waiting.
fn jobs_warning(jobs: usize, cores: usize) -> Option<String> {
    (jobs > cores).then(|| {
        format!(
            "warning: --jobs {jobs} runs more solves at once than the {cores} core(s) here: they wait for each other and their wall times count the waiting (cpu_ms in --out does not)"
        )
    })
}

/// Runs the comparison.
pub fn run(args: &CompareArgs) -> anyhow::Result<i32> {
    let backends = resolve_backends(&args.backends)?;
    check_outputs(args)?;
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    let slice = shard.map_or(Shard { index: 1, count: 1 }, |(k, n)| Shard {
        index: k,
        count: n,
    });
    let plan = Plan {
        backends: backends.clone(),
        timeout: args.timeout.0,
        mem_limit: args.mem_limit.0,
        max_solutions: if args.first { 1 } else { args.max_solutions },
        jobs: args.jobs,
        variant: args.input.variant_label(),
        by_file: args.by_file,
        // An input read twice is there to read; one read once may be typed or piped
        // slowly, and each puzzle is answered as it comes.
        batch: if args.input.rereadable(NO_FILE) {
            BATCH_PUZZLES
        } else {
            1
        },
        repeat: args.repeat,
        warmup: args.warmup,
    };
    let out_exists = args
        .out
        .as_deref()
        .is_some_and(|p| std::path::Path::new(p).exists());
    // The answers of an earlier run go on in the same tally.
    let mut tally = plan.tally();
    let (done, headed) = match (args.resume && out_exists, args.out.as_deref()) {
        (true, Some(path)) => read_earlier(path, &plan, slice, &mut tally)?,
        _ => (Done::default(), false),
    };
    let already = done.len();
    // Files are read twice: once to check every puzzle (before any solve, or beside the
    // solving), then to solve them as they are read again. Standard input is read once,
    // solved as it comes.
    let stop = Arc::new(AtomicBool::new(false));
    let rereadable = args.input.rereadable(NO_FILE);
    let beside = rereadable
        && checks_apart(&plan)
        && check_beside(args.out.is_some(), args.mem_limit.0, &backends);
    let mut survey = None;
    let mut to_check = None;
    if beside {
        to_check = Some(InputCheck::new(
            args.input.puzzles(NO_FILE)?,
            shard,
            &plan,
            &done,
        ));
    } else if rereadable {
        let check = InputCheck::new(args.input.puzzles(NO_FILE)?, shard, &plan, &done);
        survey = Some(check.run()?);
    } else {
        check_files(args)?;
    }
    let mut feed = match rereadable {
        true => Feed::new(args.input.puzzles_again(NO_FILE)?, shard),
        false => Feed::new(
            read_ahead(args.input.puzzles(NO_FILE)?, stop.clone()).map_err(|e| {
                anyhow::anyhow!("cannot start the thread that reads the input: {e}")
            })?,
            shard,
        ),
    };
    if args.resume && out_exists {
        drop_partial_last_line(args.out.as_deref().unwrap_or_default())?;
    }
    // The file starts (or, resumed, goes on) with a header, written with the first
    // result, or at the end of a run that had none: a run stopped before any result
    // leaves the file as it was.
    let header = Header {
        kind: HeaderKind::Header,
        shard: slice,
        settings: plan.settings(),
        backends: plan.backends.clone(),
        inputs: args.input.files.clone(),
        facts: RunFacts::here(plan.jobs),
    };
    let writer = match &args.out {
        Some(path) => {
            let mut o = std::fs::OpenOptions::new();
            o.create(true);
            // Without --resume an existing file is replaced at the first result, not
            // here: a run that writes none (bad standard input at its first puzzle, an
            // early Ctrl-C) leaves it as it was.
            if args.resume {
                o.append(true);
            } else {
                o.write(true);
            }
            let file = files::open(path, &o)?;
            let header = serde_json::to_string(&header).ok();
            Some(ResultsWriter::new(path, file, header, !args.resume))
        }
        None => None,
    };
    let budget = match args.timeout.0 {
        Some(t) => format!("{:.1} s budget each", t.as_secs_f64()),
        None => "no time budget".to_string(),
    };
    let already_note = if already == 0 {
        String::new()
    } else {
        format!(
            " ({already} already in {})",
            args.out.as_deref().unwrap_or_default()
        )
    };
    let comparing = |survey: Option<&Survey>| {
        match survey {
        Some(s) => format!(
            "comparing {} on {}: {} to run on {}, {budget}{already_note}",
            counted(backends.len(), "backend configuration"),
            counted(s.puzzles, "puzzle"),
            counted(s.solves, "solve"),
            counted(plan.jobs, "thread"),
        ),
        None => format!(
            "comparing {} on the puzzles as they are read (standard input is read once), on {}, {budget}{already_note}",
            counted(backends.len(), "backend configuration"),
            counted(plan.jobs, "thread"),
        ),
    }
    };
    let mut notes = Vec::new();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    notes.extend(jobs_warning(plan.jobs, cores));
    if args.backends.trim() == "default" {
        let more: Vec<String> = builtin_configs()
            .into_iter()
            .filter(|c| !backends.contains(c))
            .filter(|c| lookup(c).and_then(|(c, _)| c.available()).is_ok())
            .collect();
        if !more.is_empty() {
            notes.push(format!(
                "(also available with --backends all: {})",
                more.join(", ")
            ));
        }
    }
    // Checked beside the solving, the input is announced once the check passes.
    if !beside {
        eprintln!("{}", comparing(survey.as_ref()));
        for note in &notes {
            eprintln!("{note}");
        }
    }
    {
        let stop = stop.clone();
        // A second Ctrl-C quits at once; the first lets running solves finish.
        let _ = ctrlc::set_handler(move || {
            if stop.swap(true, Ordering::SeqCst) {
                sudoku_arena::process::exit_killing_children(EXIT_INTERRUPTED);
            }
            eprintln!("\ninterrupted: finishing the solves under way (Ctrl-C again to quit now)");
        });
    }
    let bar = progress_bar(survey.as_ref().map(|s| s.solves));
    let ran = AtomicU64::new(0);
    let progress = |n: u64| {
        ran.fetch_add(n, Ordering::Relaxed);
        bar.inc(n);
    };
    // Above the bar when it is drawn; on standard error as it is otherwise (a hidden
    // bar's `println` prints nothing, and a log or a pipe would lose why a solve failed).
    let problem = |line: String| bar.suspend(|| eprintln!("{line}"));
    let sinks = Sinks {
        results: writer.as_ref(),
        progress: &progress,
        problem: &problem,
    };
    let passed = |s: &Survey| {
        bar.set_length(s.solves);
        bar.set_style(bar_style(true));
        bar.suspend(|| {
            eprintln!("{}", comparing(Some(s)));
            for note in &notes {
                eprintln!("{note}");
            }
        });
    };
    let mut beside = to_check.map(|check| Beside {
        check,
        outcome: None,
        stop: &stop,
        passed: &passed,
    });
    let mut idle = || beside.as_mut().is_some_and(Beside::step);
    let new = run_all_with(&plan, &mut feed, &done, &stop, &sinks, &mut idle);
    // What the check had not reached when the solving ended (not after an interrupt).
    if !stop.load(Ordering::SeqCst) {
        while idle() {}
    }
    bar.finish_and_clear();
    // A bad puzzle found beside the solving refuses the run as it does before it.
    if let Some(outcome) = beside.and_then(|b| b.outcome) {
        survey = Some(outcome?);
    }
    let new = new?;
    tally.absorb(&new);
    let ran = ran.into_inner();
    let interrupted = stop.load(Ordering::SeqCst);
    // A run that ended with no result still says it ran (an empty shard), unless it
    // was stopped, or a resumed file says so already.
    if let Some(w) = &writer {
        w.finish(ran == 0 && !interrupted && feed.error.is_none() && !(args.resume && headed))?;
    }
    let kept = args
        .out
        .as_deref()
        .map(|o| format!(" (kept in {o}; add --resume to go on)"))
        .unwrap_or_default();
    match (&survey, interrupted) {
        (Some(s), true) => eprintln!(
            "interrupted after {ran} of {}; the summary below covers those{kept}",
            counted(s.solves, "solve"),
        ),
        (None, true) => {
            eprintln!(
                "interrupted after {}; the summary below covers those{kept}",
                counted(ran, "solve")
            )
        }
        (None, false) if feed.error.is_none() => eprintln!(
            "{} run on {} read{already_note}",
            counted(ran, "solve"),
            counted(feed.taken, "puzzle"),
        ),
        _ => {}
    }
    let (count, files) = match &survey {
        Some(s) => (s.puzzles, &s.files),
        None => (feed.taken, &feed.files),
    };
    let title = plot_title(args, count, files);
    let mut outputs = args.summary.outputs(&title, &[]);
    if let Some(e) = feed.error.take() {
        return Err(stopped_early(e, &feed, ran, &tally, &mut outputs, args));
    }
    let status = report_all(&whole(&tally), &tally, &outputs, plan.jobs)?;
    Ok(if interrupted {
        EXIT_INTERRUPTED
    } else {
        status
    })
}

/// The one part of a comparison's report: the whole tally.
fn whole(tally: &Tally) -> [Part<'_>; 1] {
    [Part {
        heading: String::new(),
        tally,
    }]
}

/// Bad input met while solving (standard input, read once): the table of what was
/// compared before it is printed, but no file that would pass it off as the whole
/// input, and the error says where the run stopped.
fn stopped_early(
    error: anyhow::Error,
    feed: &Feed<anyhow::Error>,
    ran: u64,
    tally: &Tally,
    outputs: &mut Outputs,
    args: &CompareArgs,
) -> anyhow::Error {
    let not_written: Vec<&str> = [
        outputs.csv.take(),
        outputs.markdown.take(),
        outputs.svg.take(),
    ]
    .into_iter()
    .flatten()
    .collect();
    if ran == 0 {
        // Nothing was solved: no table, and no results file made for nothing (one that
        // was there is left as it was: it is replaced only at the first result).
        if let Some(out) = args.out.as_deref().filter(|_| !args.resume) {
            if std::fs::metadata(out).is_ok_and(|m| m.len() == 0) {
                let _ = std::fs::remove_file(out);
            }
        }
        return error;
    }
    if let Err(e) = report_all(&whole(tally), tally, outputs, args.jobs) {
        eprintln!("sudoku-arena: {e}");
    }
    let mut what = "compared in the table above".to_string();
    if let Some(out) = &args.out {
        what.push_str(&format!(" and their results kept in {out}"));
    }
    if !not_written.is_empty() {
        what.push_str(&format!(
            "; {} not written (the input was not all read)",
            not_written.join(", ")
        ));
    }
    stopped_after(error, feed.read, &what)
}

/// The progress bar: with the total when it is known, else a count.
fn progress_bar(total: Option<u64>) -> ProgressBar {
    let bar = match total {
        Some(n) => ProgressBar::new(n),
        None => ProgressBar::no_length(),
    };
    bar.set_style(bar_style(total.is_some()));
    bar
}

/// The progress bar's look: a bar towards the total when it is known, else a count.
fn bar_style(total_known: bool) -> ProgressStyle {
    let template = if total_known {
        "{bar:40} {pos}/{len} solves, {elapsed} elapsed, ~{eta} left  {msg}"
    } else {
        "{spinner} {pos} solves, {elapsed} elapsed (reading as it solves)  {msg}"
    };
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// What the plot says it shows: the data set and the time budget.
fn plot_title(args: &CompareArgs, puzzles: usize, files: &[String]) -> String {
    let names: Vec<String> = files
        .iter()
        .map(|f| {
            if *f == STDIN_NAME {
                f.to_string()
            } else {
                std::path::Path::new(f)
                    .file_name()
                    .map_or(f.to_string(), |n| n.to_string_lossy().into_owned())
            }
        })
        .collect();
    let budget = match args.timeout.0 {
        Some(t) => format!("{} s budget per solve", t.as_secs_f64()),
        None => "no time budget".to_string(),
    };
    let question = match (args.first, args.max_solutions) {
        (true, _) | (_, 1) => "first solution".to_string(),
        (_, 2) => "uniqueness proven".to_string(),
        (_, k) => format!("up to {k} solutions"),
    };
    format!(
        "{} of {}; {budget}; {question}",
        counted(puzzles, "puzzle"),
        names.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_check_goes_a_step_at_a_time_and_ends_with_the_survey_or_the_bad_puzzle() {
        let text =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
        let good =
            sudoku_arena::model::parse_puzzles(&text.repeat(5), "p.txt", &Default::default())
                .unwrap();
        let plan = Plan::new(&["fast", "dlx"]);
        let done = Done::default();
        let mut check = InputCheck::new(good.clone().into_iter().map(Ok), None, &plan, &done);
        assert!(check.step(2).is_none());
        assert!(check.step(2).is_none());
        let survey = check.step(2).unwrap().unwrap();
        assert_eq!((survey.puzzles, survey.solves), (5, 10));
        assert_eq!(survey.files, ["p.txt"]);
        let with_bad = good
            .into_iter()
            .map(Ok)
            .take(3)
            .chain([Err(anyhow::anyhow!("p.txt:4: bad"))]);
        let mut check = InputCheck::new(with_bad, Some((1, 2)), &plan, &done);
        assert!(check.step(1).is_none());
        let refused = check.step(10).unwrap();
        assert_eq!(refused.err().unwrap().to_string(), "p.txt:4: bad");
    }

    #[test]
    fn the_input_is_checked_beside_the_solving_only_when_nothing_is_written_and_all_is_quick() {
        let quick = names(&["fast", "dlx", "csp:gac"]);
        assert!(check_beside(false, None, &quick));
        assert!(!check_beside(true, None, &quick), "a results file");
        assert!(
            !check_beside(false, Some(1 << 30), &quick),
            "a memory limit"
        );
        for other in ["ext:minisat", "ip", "ip:full"] {
            let mut with = quick.clone();
            with.push(other.to_string());
            assert!(!check_beside(false, None, &with), "{other}");
        }
    }
}
