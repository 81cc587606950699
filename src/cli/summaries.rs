//! Printing a comparison and writing the files asked for beside it (`compare`, `merge`).

use super::files::{self, Writes};
use super::out::Out;
use super::terminal::WideFlag;
use super::EXIT_WRONG_ANSWER;
use clap::Args;
use sudoku_arena::harness::{plot, Tally};
use sudoku_arena::harness::{render, Part};

/// The summary files a comparison writes beside its terminal table, the flags of
/// `compare` and `merge` alike.
#[derive(Args, Debug)]
pub struct SummaryFiles {
    /// Also write the summary as CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<String>,

    /// Also write the summary as Markdown.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<String>,

    /// Also draw an SVG: cactus plot, and time against the fraction of cells given.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<String>,

    #[command(flatten)]
    pub terminal: WideFlag,
}

impl SummaryFiles {
    /// Adds the files to the outputs checked before a run (refusing a `--plot` name
    /// that does not end in `.svg`: the plot is SVG only). A run that `resume`s
    /// replaces the summaries it wrote before: they are made from the results file.
    pub fn checked_with(&self, writes: Writes, resume: bool) -> anyhow::Result<Writes> {
        check_suffix(
            "--plot",
            self.plot.as_deref(),
            &[".svg"],
            "the plot is written as SVG",
        )?;
        Ok(writes
            .summary("--csv", self.csv.as_deref(), resume)
            .summary("--markdown", self.markdown.as_deref(), resume)
            .summary("--plot", self.plot.as_deref(), resume))
    }

    /// The outputs to write, the plot titled `title`, the tables after `notes`.
    pub fn outputs<'a>(&'a self, title: &'a str, notes: &'a [String]) -> Outputs<'a> {
        Outputs {
            csv: self.csv.as_deref(),
            markdown: self.markdown.as_deref(),
            svg: self.plot.as_deref(),
            title,
            notes,
            partial: None,
            width: self.terminal.width(),
        }
    }
}

/// Refuses an `--html` name that does not end in `.html` or `.htm`: the page is HTML
/// only, and a browser opens it by that name.
pub fn check_html_name(path: Option<&str>) -> anyhow::Result<()> {
    let what = "the report is written as HTML";
    check_suffix("--html", path, &[".html", ".htm"], what)
}

/// Refuses a `flag` file name that ends in none of `suffixes` (the first is the one
/// offered), saying `why`.
fn check_suffix(
    flag: &str,
    path: Option<&str>,
    suffixes: &[&str],
    why: &str,
) -> anyhow::Result<()> {
    match path {
        Some(p) if !suffixes.iter().any(|s| p.to_ascii_lowercase().ends_with(s)) => {
            anyhow::bail!(
                "{flag} {p}: {why}; give a file name ending in {}",
                suffixes[0]
            )
        }
        _ => Ok(()),
    }
}

/// The files written beside the terminal table.
pub struct Outputs<'a> {
    /// CSV summary.
    pub csv: Option<&'a str>,
    /// Markdown summary.
    pub markdown: Option<&'a str>,
    /// SVG plot.
    pub svg: Option<&'a str>,
    /// What the plot shows (data set, budget).
    pub title: &'a str,
    /// Lines said before the tables, in the terminal and the Markdown (what is missing
    /// from the results, say).
    pub notes: &'a [String],
    /// How far a run that stopped early got, said first in every summary.
    pub partial: Option<&'a str>,
    /// The terminal's width to fit the printed tables in (`None`: whole lines).
    pub width: Option<usize>,
}

/// Prints the comparison of `parts` (one table each) and writes the requested files,
/// the plot drawn from `whole` (every part together); the exit status says whether
/// everything checked out.
pub fn report_all(
    parts: &[Part],
    whole: &Tally,
    outputs: &Outputs,
    threads: usize,
) -> anyhow::Result<i32> {
    let r = render(
        parts,
        outputs.notes,
        outputs.partial,
        threads,
        outputs.width,
    );
    let mut out = Out::new();
    out.write(&r.terminal);
    out.flush();
    if let Some(p) = outputs.csv {
        files::write(p, r.csv)?;
    }
    if let Some(p) = outputs.markdown {
        files::write(p, r.markdown)?;
    }
    if let Some(p) = outputs.svg {
        files::write(p, plot::svg(whole, outputs.title, outputs.partial))?;
    }
    if r.failures.is_empty() {
        Ok(0)
    } else {
        for line in r.failures {
            eprintln!("sudoku-arena: {line}");
        }
        Ok(EXIT_WRONG_ANSWER)
    }
}
