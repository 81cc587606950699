//! The report a benchmark user opens: one self-contained HTML file (data, script and
//! styles inside it, nothing fetched) with the run's header and whether it is whole, the
//! summary tables (sortable, the very cells the terminal prints), a cactus plot, a
//! scatter plot of any two configurations, and the puzzles behind them, filtered and
//! paged. Points are drawn on a canvas and the puzzle table shows a page at a time, so a
//! million solves make a page of a few thousand nodes.
//!
//! [`Report`] reads results files as `merge` does (the merge's checks and tables are
//! the page's) and a third time for a row per puzzle.

mod collect;
mod markup;

use crate::error::Result;
use crate::harness::merge::{Merge, Merged};
use collect::Collected;

/// The report of results files (written by `compare --out`, plain or gzipped; one
/// run, the shards of one run, or runs of other settings, each kept apart as
/// `NAME [K]`), made by [`Report::run`].
#[derive(Clone, Debug)]
pub struct Report {
    files: Vec<String>,
    title: Option<String>,
    kept: bool,
    partial: Option<String>,
}

/// What [`Report::run`] gives: the page, and the merge it shows.
#[derive(Debug)]
pub struct Reported {
    /// The HTML document.
    pub html: String,
    /// The merge of the files: its tables, notes, and whether the runs were whole.
    pub merged: Merged,
    /// Puzzles on the page.
    pub puzzles: usize,
}

impl Report {
    /// The report of `files`, in the order given.
    pub fn new<S: AsRef<str>>(files: impl IntoIterator<Item = S>) -> Report {
        Report {
            files: files.into_iter().map(|f| f.as_ref().to_string()).collect(),
            title: None,
            kept: true,
            partial: None,
        }
    }

    /// Heads the page with `title` instead of what the records say they are.
    pub fn title(mut self, title: Option<String>) -> Report {
        self.title = title;
        self
    }

    /// Says how far the run got when it is known better than the files say (a
    /// comparison stopped on standard input, whose header cannot say what it planned):
    /// the page's status then says `partial` with these words.
    pub fn partial(mut self, partial: Option<String>) -> Report {
        self.partial = partial;
        self
    }

    /// Says the results files are not kept (a run's temporary file): the page names
    /// none of them.
    pub fn unkept(mut self) -> Report {
        self.kept = false;
        self
    }

    /// Reads the files (the merge's warnings handed to `say` as they are known, as
    /// [`Merge::run`] does) and makes the page. Refuses what the merge refuses.
    pub fn run(&self, say: &mut dyn FnMut(String)) -> Result<Reported> {
        let merged = Merge::new(&self.files)
            .by_file(true)
            .by_settings(true)
            .run(say)?;
        let mut collected = Collected::read(&self.files, &merged)?;
        if !self.kept {
            for (name, _) in &mut collected.runs {
                *name = "not kept (a run without --out)".to_string();
            }
        }
        let title = self.title.as_deref().unwrap_or(merged.title());
        let partial = self.partial.as_deref().or(merged.partial());
        let html = markup::page(&merged, &collected, title, partial);
        Ok(Reported {
            html,
            puzzles: collected.puzzles.len(),
            merged,
        })
    }
}
