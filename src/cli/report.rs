//! Printing a comparison and writing the files asked for beside it (`compare`, `merge`).

use super::files;
use super::out::Out;
use super::EXIT_WRONG_ANSWER;
use sudoku_arena::harness::report::{render, Part};
use sudoku_arena::harness::{plot, tally::Tally};

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
    let r = render(parts, outputs.notes, threads);
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
        files::write(p, plot::svg(whole, p, outputs.title)?)?;
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
