//! `sudoku-arena merge`: one summary from several results files (shards of a large run).

use super::compare::{check_svg_name, report_all, Outputs};
use crate::harness::entry::{Entry, Names};
use crate::harness::record::{for_each_record, Record};
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

/// Merges and reports; each file is read one record at a time, and the summary keeps a
/// small entry per record.
pub fn run(args: &MergeArgs) -> anyhow::Result<i32> {
    check_svg_name(args.plot.as_deref())?;
    let mut entries = Vec::new();
    let mut names = Names::default();
    let mut seen = Seen::default();
    for f in &args.files {
        let truncated = for_each_record(f, |r| -> anyhow::Result<()> {
            seen.add(&r);
            entries.push(Entry::new(&r, &mut names));
            Ok(())
        })
        .map_err(|e| match e.downcast::<crate::error::Error>() {
            Ok(crate::error::Error::Io { source, .. }) => {
                anyhow::anyhow!("{f}: cannot read: {source}")
            }
            Ok(other) => other.into(),
            Err(e) => e,
        })?;
        if let Some(line) = truncated {
            eprintln!("note: {f}:{line}: skipped a truncated last line (an interrupted write)");
        }
    }
    let title = args
        .title
        .clone()
        .unwrap_or_else(|| seen.title(entries.len(), &args.files));
    report_all(
        &entries,
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

/// What the records merged name, for the plot's title: the puzzle files and the time
/// budgets, in first-seen order.
#[derive(Default)]
struct Seen {
    files: Vec<String>,
    budgets: Vec<String>,
}

impl Seen {
    /// Notes what `r` names.
    fn add(&mut self, r: &Record) {
        let file = if r.file.is_empty() {
            r.source.rsplit_once(':').map_or("", |(f, _)| f)
        } else {
            r.file.as_str()
        };
        let name = std::path::Path::new(file)
            .file_name()
            .map_or(file.to_string(), |n| n.to_string_lossy().into_owned());
        if !name.is_empty() && !self.files.contains(&name) {
            self.files.push(name);
        }
        if let Some(s) = &r.settings {
            let b = s.timeout_s.map_or("no time budget".to_string(), |t| {
                format!("{t} s budget per solve")
            });
            if !self.budgets.contains(&b) {
                self.budgets.push(b);
            }
        }
    }

    /// What a merged plot shows: the puzzle files and time budget the records came
    /// from (as they recorded them), else the results files merged.
    fn title(&self, records: usize, results: &[String]) -> String {
        let puzzles = if self.files.is_empty() {
            format!("results merged from {}", results.join(", "))
        } else {
            format!("puzzles of {}", self.files.join(", "))
        };
        let budget = if self.budgets.is_empty() {
            "time budget not recorded".to_string()
        } else {
            self.budgets.join(" / ")
        };
        format!("{records} results, {puzzles}; {budget}")
    }
}
