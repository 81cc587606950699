//! `sudoku-arena merge`: one summary from several results files (shards of a large run),
//! saying what is missing from them and refusing to mix runs with other settings.

use super::files::Writes;
use super::summaries::{report_all, SummaryFiles};
use super::EXIT_PARTIAL;
use clap::Args;
use sudoku_arena::error::Error;
use sudoku_arena::harness::Merge;

/// Build the comparison from several JSON-lines results files.
///
/// For runs split with `compare --shard K/N` across machines or a job array. Each file
/// written by `compare --out` starts with a header line naming its shard, settings and
/// backends, so merge says which shards of K/N are missing (a shard that had no puzzle
/// is still known), warns of a backend not run on every shard and of an empty file,
/// and refuses results run with other settings (--timeout, --first/--max-solutions,
/// --variant) unless --by-settings keeps them apart, one table each. `x fastest`
/// compares medians over the puzzles every backend ran. When a (backend, puzzle) pair
/// appears more than once (a file given twice), the first one read counts and a
/// warning says how many repeats were left out. Lines of `solve --format json` are
/// results too (one backend, no shard).
///
/// A merge that covers only part of its runs says `partial` above the table, naming
/// each file cut off or holding fewer solves than its header planned and each shard
/// missing. Exit status: 0 when the results are whole and every answer checked out; 1
/// for a wrong answer or a disagreement; 3 for partial results (no wrong answer); 2
/// for a file that cannot be read or a line that is not a result (file:line named).
///
/// The files are read twice, one line at a time: first for their headers, settings and
/// shards, then to tally the results. Memory holds the tables' histograms and a few
/// bits per result, not the results: merging shards of millions of puzzles takes about
/// what one shard's run takes.
///
/// Example:
///   sudoku-arena merge results-*.jsonl --markdown summary.md --plot summary.svg
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct MergeArgs {
    /// Results files written by `compare --out` (or `solve --format json`), plain or
    /// gzip-compressed.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    #[command(flatten)]
    summary: SummaryFiles,

    /// Replace existing --csv, --markdown and --plot files (never an input).
    #[arg(long)]
    force: bool,

    /// Also give one table per input file of the original runs.
    #[arg(long)]
    by_file: bool,

    /// Results run with other settings get a table each (their backends named `NAME
    /// [K]`, K the group) instead of being refused.
    #[arg(long)]
    by_settings: bool,

    /// The plot's title, instead of the data set and budget the records name.
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
}

/// Merges and reports: the harness's merge reads and checks the files (its warnings
/// printed as they come), then the tables and files are written.
pub fn run(args: &MergeArgs) -> anyhow::Result<i32> {
    let writes = Writes::new(args.force).inputs(&args.files);
    args.summary.checked_with(writes, false)?.check()?;
    let merged = Merge::new(&args.files)
        .by_file(args.by_file)
        .by_settings(args.by_settings)
        .run(&mut |line| eprintln!("{line}"))
        .map_err(worded)?;
    let title = match &args.title {
        Some(t) => t.clone(),
        None => merged.title().to_string(),
    };
    let mut outputs = args.summary.outputs(&title, merged.notes());
    outputs.partial = merged.partial();
    let status = report_all(&merged.parts(), merged.whole(), &outputs, 0)?;
    Ok(partial_status(status, merged.partial()))
}

/// The exit status of a merge or report whose answers gave `status`: a partial one
/// (`partial` says how far its runs got) is said on standard error and exits with
/// [`EXIT_PARTIAL`] when no answer was wrong.
pub fn partial_status(status: i32, partial: Option<&str>) -> i32 {
    match partial {
        Some(p) if status == 0 => {
            eprintln!("sudoku-arena: the tables are {p}");
            EXIT_PARTIAL
        }
        _ => status,
    }
}

/// The merge's refusal in the command line's words: a file that cannot be read says so.
fn worded(e: Error) -> anyhow::Error {
    match e {
        Error::Io { path, source } => anyhow::anyhow!("{path}: cannot read: {source}"),
        other => other.into(),
    }
}
