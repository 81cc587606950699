//! `sudoku-arena report`: one self-contained HTML page of results files, the page a
//! benchmark user opens (`compare --html` writes the same at the end of a run).

use super::files::{self, Writes};
use super::summaries::check_html_name;
use super::EXIT_WRONG_ANSWER;
use clap::Args;
use sudoku_arena::harness::{counted, Report, Reported};

/// Make one HTML page of results files: the tables, the plots and the puzzles.
///
/// Reads results files as `merge` does (written by `compare --out`, plain or
/// gzip-compressed: one run, the shards of one run, or runs with other settings, whose
/// configurations are then named `NAME [K]`), with merge's checks and warnings, and
/// writes one HTML file that holds its data, script and styles: it opens from disk,
/// offline, in any browser. The page holds the runs' headers (version, commit,
/// machine, cores, jobs, settings, inputs) and whether the results are whole or
/// partial (solves done of those planned, shards missing); the summary tables, the
/// very figures `compare` prints, sortable, per puzzle file and grid size when there
/// are several; the cactus plot; a scatter plot of any two configurations (log-log,
/// the diagonal and the 2x and 10x lines, puzzles without an answer in a band beyond
/// the axis, points coloured by file, a puzzle named on hover); and the puzzles, 50 a
/// page, filtered to disagreements, wrong answers, puzzles without an answer, or the
/// slowest of a configuration. The view chosen is kept in the address
/// (`page.html#x=dlx&y=fast&show=slowest&of=fast`), to link or reload.
///
/// Points are drawn on a canvas and the table shows one page at a time, so the page
/// of a million solves stays light to open. Exit status 1 when the results hold a
/// wrong answer or a disagreement (the page shows them), 3 when they cover only part
/// of their runs (the page says partial), 2 for unreadable input.
///
/// Examples:
///   sudoku-arena report results.jsonl --html report.html
///   sudoku-arena report shard-*.jsonl.gz --html report.html
///   sudoku-arena report timeout-10s.jsonl timeout-1s.jsonl --html both.html
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct ReportArgs {
    /// Results files written by `compare --out` (or `solve --format json`), plain or
    /// gzip-compressed.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// The HTML file to write.
    #[arg(long, short = 'o', value_name = "FILE.html", required = true)]
    html: String,

    /// Replace an existing --html file (never an input).
    #[arg(long)]
    force: bool,

    /// The page's title, instead of the data set and budget the records name.
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
}

/// Reads the files, writes the page, and says what it holds.
pub fn run(args: &ReportArgs) -> anyhow::Result<i32> {
    check_html_name(Some(&args.html))?;
    Writes::new(args.force)
        .inputs(&args.files)
        .file("--html", Some(&args.html))
        .check()?;
    let reported = Report::new(&args.files)
        .title(args.title.clone())
        .run(&mut |line| eprintln!("{line}"))?;
    write_page(&reported, &args.html)?;
    let clean = reported
        .merged
        .parts()
        .iter()
        .all(|p| p.tally.summary().clean());
    if clean {
        Ok(super::merge::partial_status(0, reported.merged.partial()))
    } else {
        eprintln!(
            "sudoku-arena: the results hold wrong answers or disagreements: the page lists them"
        );
        Ok(EXIT_WRONG_ANSWER)
    }
}

/// Writes the page of `reported` to `path` and says so on standard error.
pub fn write_page(reported: &Reported, path: &str) -> anyhow::Result<()> {
    files::write(path, &reported.html)?;
    let whole = reported.merged.whole();
    let partial = reported
        .merged
        .partial()
        .map_or(String::new(), |p| format!("; {p}"));
    let bytes = reported.html.len() as f64;
    let size = match bytes < 1e6 {
        true => format!("{:.0} kB", bytes / 1e3),
        false => format!("{:.1} MB", bytes / 1e6),
    };
    eprintln!(
        "sudoku-arena: wrote {path}: {}, {}, {size}{partial}",
        counted(reported.puzzles, "puzzle"),
        counted(whole.order().len(), "configuration"),
    );
    Ok(())
}
