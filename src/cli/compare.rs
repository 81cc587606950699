//! `sudoku-arena compare`: every chosen backend on the same puzzles, cross-checked.

use super::certify::CompareCertificates;
use super::files::Writes;
use super::input::{stopped_after, InputArgs, NoFile, STDIN_NAME};
use super::summaries::{check_html_name, report_all, Outputs, SummaryFiles};
use super::Budget;
use super::EXIT_WRONG_ANSWER;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use sudoku_arena::backends::exit_killing_workers;
use sudoku_arena::backends::{
    builtin_configs, canonical, default_configs, lookup, set_configs, Set,
};
use sudoku_arena::harness::Plan;
use sudoku_arena::harness::Report;
use sudoku_arena::harness::Shard;
use sudoku_arena::harness::Tally;
use sudoku_arena::harness::{counted, Part};
use sudoku_arena::harness::{Compared, Comparison, Start, Watch};
use sudoku_arena::model::Puzzle;
use sudoku_arena::solver::Outcome;

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
/// With `--repeat` it is the mean over the rounds of each round's ratio, the figure whose
/// confidence interval the repeat section gives.
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

    /// Also write the run's HTML report (tables, plots, puzzles).
    ///
    /// The page `report` makes from the results file: tables, cactus and scatter plots,
    /// and the puzzles, in one file that opens offline. Without --out the results go to
    /// a temporary file with no name, which the system frees however the run ends.
    #[arg(long, value_name = "FILE.html")]
    html: Option<String>,

    /// Certify the answers of the sat configurations into DIR, one folder each.
    ///
    /// Each answer of a configuration that writes proofs (sat:ENCODING with varisat,
    /// sat:ENCODING+cadical with the cadical program) gets a certificate in
    /// DIR/CONFIGURATION (`certs/sat-naive`), in that configuration's encoding; at the end
    /// every folder is checked and a table says what the certificates cost: proof sizes,
    /// time to prove and to check. See `solve --help` for what a certificate holds.
    #[arg(long, value_name = "DIR")]
    certify: Option<String>,

    /// Replace existing output files (--out, --csv, --markdown, --plot, --html, --certify). No output may
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
    check_html_name(args.html.as_deref())?;
    let writes = Writes::new(args.force).inputs(&args.input.files).results(
        "--out",
        args.out.as_deref(),
        args.resume,
    );
    args.summary
        .checked_with(writes, args.resume)?
        .summary("--html", args.html.as_deref(), args.resume)
        .check()
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

/// The plan the flags ask for, on `backends`.
fn plan(args: &CompareArgs, backends: Vec<String>) -> Plan {
    let mut plan = Plan::new(&[]);
    plan.backends = backends;
    plan.timeout = args.timeout.0;
    plan.mem_limit = args.mem_limit.0;
    plan.max_solutions = if args.first { 1 } else { args.max_solutions };
    plan.jobs = args.jobs;
    plan.variant = args.input.variant_label();
    plan.by_file = args.by_file;
    plan.repeat = args.repeat;
    plan.warmup = args.warmup;
    plan
}

/// The comparison the flags ask for.
fn comparison(args: &CompareArgs, backends: Vec<String>) -> anyhow::Result<Comparison> {
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    let mut comparison = Comparison::new(plan(args, backends), args.input.input(NO_FILE)?);
    if let Some((index, count)) = shard {
        comparison = comparison.shard(Shard { index, count });
    }
    if let Some(out) = &args.out {
        comparison = comparison.results_file(out, args.resume);
    }
    Ok(comparison)
}

/// Where the results go when --html asks for a page and --out names no file: a file
/// with no name in the temporary directory, which the system frees however the process
/// ends (a signal, a kill), reached through the path of its descriptor.
struct Unnamed {
    _file: std::fs::File,
    path: String,
}

/// The [`Unnamed`] results file of a run with --html and no --out; none otherwise.
fn results_for_the_page(args: &CompareArgs) -> anyhow::Result<Option<Unnamed>> {
    use std::os::fd::AsRawFd;
    if args.html.is_none() || args.out.is_some() {
        return Ok(None);
    }
    let file = tempfile::tempfile()
        .map_err(|e| anyhow::anyhow!("--html: cannot make a temporary results file: {e}"))?;
    let path = format!("/proc/self/fd/{}", file.as_raw_fd());
    Ok(Some(Unnamed { _file: file, path }))
}

/// The lines said under the `comparing` line: too many jobs, and with the default set,
/// the configurations `--backends all` would add.
fn notes(args: &CompareArgs, backends: &[String]) -> Vec<String> {
    let mut notes = Vec::new();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    notes.extend(jobs_warning(args.jobs, cores));
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
    notes
}

/// Sets Ctrl-C to stop the run: the first lets the solves under way finish, a second
/// quits at once.
fn stop_on_ctrl_c(stop: Arc<AtomicBool>) {
    let _ = ctrlc::set_handler(move || {
        if stop.swap(true, Ordering::SeqCst) {
            exit_killing_workers(EXIT_INTERRUPTED);
        }
        eprintln!("\ninterrupted: finishing the solves under way (Ctrl-C again to quit now)");
    });
}

/// Runs the comparison.
pub fn run(args: &CompareArgs) -> anyhow::Result<i32> {
    let backends = resolve_backends(&args.backends)?;
    check_outputs(args)?;
    let mut comparison = comparison(args, backends)?;
    let page_results = results_for_the_page(args)?;
    if let Some(unnamed) = &page_results {
        comparison = comparison.results_file(&unnamed.path, false);
    }
    let certificates = CompareCertificates::new(
        args.certify.as_deref(),
        &comparison.plan().backends,
        args.force,
        &args.input.files,
        args.timeout.0,
    )?;
    let shown = Shown::new(
        args,
        &comparison,
        notes(args, &comparison.plan().backends),
        certificates,
    );
    let compared = comparison.run(&shown);
    // Cleared whatever the end: an unfinished bar left on the terminal would stay there.
    shown.bar.finish_and_clear();
    let compared = compared?;
    say_how_it_ended(&compared, args);
    let title = plot_title(args, compared.survey.puzzles, &compared.survey.files);
    let partial = compared.partial().map(|p| match args.out {
        Some(_) => format!("{p}; `--resume` goes on"),
        None => p,
    });
    let mut outputs = args.summary.outputs(&title, &[]);
    outputs.partial = partial.as_deref();
    if let Some(e) = compared.stopped_by {
        let tally = &compared.tally;
        return Err(stopped_early(
            e,
            compared.read,
            compared.ran,
            tally,
            &mut outputs,
            args,
        ));
    }
    let mut status = report_all(
        &whole(&compared.tally),
        &compared.tally,
        &outputs,
        args.jobs,
    )?;
    if let Some(certificates) = &shown.certificates {
        let (table, held) = certificates.finish()?;
        print!("\n{table}");
        if !held {
            status = status.max(EXIT_WRONG_ANSWER);
        }
    }
    let page_source = match (&args.out, &page_results) {
        (Some(out), _) => Some(Report::new([out])),
        (None, temp) => temp.as_ref().map(|t| Report::new([&t.path]).unkept()),
    };
    if let (Some(html), Some(report)) = (&args.html, page_source) {
        // A results file this run wrote nothing to holds no result, or an earlier run's.
        if compared.ran == 0 && compared.already == 0 {
            eprintln!("sudoku-arena: --html {html} not written: the run has no result");
        } else {
            let reported = report
                .title(Some(title.clone()))
                .partial(partial.clone())
                .run(&mut |line| eprintln!("{line}"))?;
            super::report::write_page(&reported, html)?;
        }
    }
    Ok(if compared.interrupted {
        EXIT_INTERRUPTED
    } else {
        status
    })
}

/// The run as the terminal shows it: the `comparing` line and its notes when the
/// solving starts, a progress bar, and problems above the bar.
struct Shown {
    bar: ProgressBar,
    /// The run's stop flag, which Ctrl-C sets once the solving starts.
    stop: Arc<AtomicBool>,
    notes: Vec<String>,
    backends: usize,
    jobs: usize,
    budget: String,
    out: Option<String>,
    /// The certificates `--certify` asks for.
    certificates: Option<CompareCertificates>,
}

impl Shown {
    fn new(
        args: &CompareArgs,
        comparison: &Comparison,
        notes: Vec<String>,
        certificates: Option<CompareCertificates>,
    ) -> Shown {
        let plan = comparison.plan();
        let budget = match args.timeout.0 {
            Some(t) => format!("{:.1} s budget each", t.as_secs_f64()),
            None => "no time budget".to_string(),
        };
        Shown {
            bar: progress_bar(None),
            stop: comparison.stop_flag(),
            notes,
            backends: plan.backends.len(),
            jobs: plan.jobs,
            budget,
            out: args.out.clone(),
            certificates,
        }
    }

    /// What the run is about to do, as one line.
    fn comparing(&self, start: &Start) -> String {
        let (budget, configurations) = (
            &self.budget,
            counted(self.backends, "backend configuration"),
        );
        let already = match start.already {
            0 => String::new(),
            n => format!(
                " ({n} already in {})",
                self.out.as_deref().unwrap_or_default()
            ),
        };
        match start.survey {
            Some(s) => format!(
                "comparing {configurations} on {}: {} to run on {}, {budget}{already}",
                counted(s.puzzles, "puzzle"),
                counted(s.solves, "solve"),
                counted(self.jobs, "thread"),
            ),
            None => format!(
                "comparing {configurations} on the puzzles as they are read (standard input is read once), on {}, {budget}{already}",
                counted(self.jobs, "thread"),
            ),
        }
    }
}

impl Watch for Shown {
    // Until the solving starts, Ctrl-C ends the process as it always does.
    fn solving(&self) {
        stop_on_ctrl_c(self.stop.clone());
    }

    fn starting(&self, start: &Start) {
        if let Some(s) = start.survey {
            self.bar.set_length(s.solves);
            self.bar.set_style(bar_style(true));
        }
        self.bar.suspend(|| {
            eprintln!("{}", self.comparing(start));
            for note in &self.notes {
                eprintln!("{note}");
            }
        });
    }

    fn solved(&self, solves: u64) {
        self.bar.inc(solves);
    }

    // Above the bar when it is drawn; on standard error as it is otherwise (a hidden
    // bar's `println` prints nothing, and a log or a pipe would lose why a solve failed).
    fn problem(&self, line: String) {
        self.bar.suspend(|| eprintln!("{line}"));
    }

    fn answered(&self, puzzle: &Puzzle, backend: &str, outcome: &Outcome) {
        let problem = self
            .certificates
            .as_ref()
            .and_then(|c| c.answered(puzzle, backend, outcome));
        if let Some(line) = problem {
            self.problem(line);
        }
    }
}

/// Says on standard error how the run ended when that is not plain from the table: it
/// was interrupted, or it read an input once and counted as it went.
fn say_how_it_ended(compared: &Compared, args: &CompareArgs) {
    let kept = args
        .out
        .as_deref()
        .map(|o| format!(" (kept in {o}; add --resume to go on)"))
        .unwrap_or_default();
    let ran = compared.ran;
    // A resumed run's summary covers the earlier results too.
    let covers = match compared.already {
        0 => "those".to_string(),
        n => format!("those and the {n} the results file held before"),
    };
    match (compared.checked_first, compared.interrupted) {
        (true, true) => eprintln!(
            "interrupted after {ran} of {}; the summary below covers {covers}{kept}",
            counted(compared.survey.solves, "solve"),
        ),
        (false, true) => eprintln!(
            "interrupted after {}; the summary below covers {covers}{kept}",
            counted(ran, "solve")
        ),
        (false, false) if compared.stopped_by.is_none() => {
            let already = match compared.already {
                0 => String::new(),
                n => format!(
                    " ({n} already in {})",
                    args.out.as_deref().unwrap_or_default()
                ),
            };
            eprintln!(
                "{} run on {} read{already}",
                counted(ran, "solve"),
                counted(compared.survey.puzzles, "puzzle"),
            )
        }
        _ => {}
    }
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
    error: sudoku_arena::Error,
    read: usize,
    ran: u64,
    tally: &Tally,
    outputs: &mut Outputs,
    args: &CompareArgs,
) -> anyhow::Error {
    let not_written: Vec<&str> = [
        outputs.csv.take(),
        outputs.markdown.take(),
        outputs.svg.take(),
        args.html.as_deref(),
    ]
    .into_iter()
    .flatten()
    .collect();
    if ran == 0 {
        // Nothing was solved: no table (and the comparison made no results file for
        // nothing).
        return error.into();
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
    stopped_after(error, read, &what)
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
