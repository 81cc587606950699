//! `sudoku-arena merge`: one summary from several results files (shards of a large run).

use super::compare::report_all;
use crate::harness::record::read_records;
use clap::Args;

/// Build the comparison from several JSON-lines results files.
///
/// For runs split with `compare --shard K/N` across machines or a job array; when a
/// (backend, puzzle) pair appears in several files, the last one read counts.
///
/// Example:
///   sudoku-arena merge results-*.jsonl --markdown summary.md --plot summary.svg
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct MergeArgs {
    /// Results files written by `compare --out`.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// Also write the summary as CSV.
    #[arg(long, value_name = "FILE")]
    csv: Option<String>,

    /// Also write the summary as Markdown.
    #[arg(long, value_name = "FILE")]
    markdown: Option<String>,

    /// Also draw an SVG plot.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<String>,
}

/// Merges and reports.
pub fn run(args: &MergeArgs) -> anyhow::Result<i32> {
    let mut records = Vec::new();
    for f in &args.files {
        records.extend(read_records(f)?);
    }
    report_all(
        &records,
        args.csv.as_deref(),
        args.markdown.as_deref(),
        args.plot.as_deref(),
        0,
    )
}
