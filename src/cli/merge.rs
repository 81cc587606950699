//! `sudoku-arena merge`: one summary from several results files (shards of a large run).

use super::compare::{check_svg_name, report_all, Outputs};
use crate::harness::record::parse_records_noting_truncation;
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

    /// Also give one table per input file of the original runs.
    #[arg(long)]
    by_file: bool,

    /// The plot's title, instead of the data set and budget the records name.
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
}

/// Merges and reports.
pub fn run(args: &MergeArgs) -> anyhow::Result<i32> {
    check_svg_name(args.plot.as_deref())?;
    let mut records = Vec::new();
    for f in &args.files {
        let text =
            std::fs::read_to_string(f).map_err(|e| anyhow::anyhow!("{f}: cannot read: {e}"))?;
        let (read, truncated) = parse_records_noting_truncation(&text, f)?;
        if let Some(line) = truncated {
            eprintln!("note: {f}:{line}: skipped a truncated last line (an interrupted write)");
        }
        records.extend(read);
    }
    let title = args
        .title
        .clone()
        .unwrap_or_else(|| merged_title(&records, &args.files));
    report_all(
        &records,
        &Outputs {
            csv: args.csv.as_deref(),
            markdown: args.markdown.as_deref(),
            svg: args.plot.as_deref(),
            title: &title,
            by_file: args.by_file,
        },
        0,
    )
}

/// What a merged plot shows: the puzzle files and time budget the records came from
/// (as they recorded them), else the results files merged.
fn merged_title(records: &[crate::harness::record::Record], results: &[String]) -> String {
    let mut files: Vec<String> = Vec::new();
    let mut budgets: Vec<String> = Vec::new();
    for r in records {
        let file = if r.file.is_empty() {
            r.source.rsplit_once(':').map_or("", |(f, _)| f).to_string()
        } else {
            r.file.clone()
        };
        let name = std::path::Path::new(&file)
            .file_name()
            .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
        if !name.is_empty() && !files.contains(&name) {
            files.push(name);
        }
        if let Some(s) = &r.settings {
            let b = s.timeout_s.map_or("no time budget".to_string(), |t| {
                format!("{t} s budget per solve")
            });
            if !budgets.contains(&b) {
                budgets.push(b);
            }
        }
    }
    let puzzles = if files.is_empty() {
        format!("results merged from {}", results.join(", "))
    } else {
        format!("puzzles of {}", files.join(", "))
    };
    let budget = if budgets.is_empty() {
        "time budget not recorded".to_string()
    } else {
        budgets.join(" / ")
    };
    format!("{} results, {puzzles}; {budget}", records.len())
}
