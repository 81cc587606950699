//! The comparison harness: run backends side by side, check every answer, and report.
//!
//! A [`Comparison`] owns a run: it reads the [`crate::input::Input`] (checked first when
//! it can be read twice), takes its shard, goes on with an earlier results file, runs
//! every configuration of its [`Plan`] on each puzzle on solving threads, checks each
//! answer with the independent validator and cross-checks the answers to a puzzle as
//! they come, into a constant-memory [`Tally`] (per configuration: counts and HDR
//! histograms of times), writes the results file in input order, and stops when its
//! stop flag is set. [`Merge`] folds the results files of shards back into one tally;
//! [`render`] makes the tables (terminal, Markdown, CSV) of a tally, [`plot::svg`] its
//! picture, and [`Report`] the HTML page of results files.
//!
//! A comparison from code, the table `compare` prints:
//!
//! ```
//! use sudoku_arena::harness::{render, Comparison, Part, Plan, Unwatched};
//! use sudoku_arena::input::Input;
//! use sudoku_arena::model::{parse_puzzles, ParseOptions};
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! 52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
//! let puzzles = parse_puzzles(text, "inline", &ParseOptions::default())?;
//! let plan = Plan::new(&["dlx", "fast", "csp:gac"]);
//! let compared = Comparison::new(plan, Input::given(puzzles)).run(&Unwatched)?;
//! let summary = compared.tally.summary();
//! assert!(summary.clean()); // no wrong answer, no disagreement
//! assert!(summary.backends.iter().all(|b| b.unique == 2));
//! let part = Part { heading: String::new(), tally: &compared.tally };
//! let table = render(&[part], &[], compared.partial().as_deref(), 1, None);
//! print!("{}", table.terminal);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
mod comparison;
pub(crate) mod entry;
pub(crate) mod feed;
mod json;
pub(crate) mod machine;
pub(crate) mod merge;
mod page;
pub mod plot;
pub(crate) mod queue;
pub(crate) mod record;
pub(crate) mod report;
pub(crate) mod resume;
pub(crate) mod run;
pub(crate) mod summary;
pub(crate) mod tally;
pub(crate) mod times;
pub(crate) mod writer;

pub use crate::words::{counted, wrap};
pub use comparison::{Compared, Comparison, Start, Survey, Unwatched, Watch};
pub use machine::RunFacts;
pub use merge::{Merge, Merged};
pub use page::{Report, Reported};
pub use record::{
    for_each_line, for_each_record, parse_records, read_records, Header, HeaderKind, Line, Record,
    RunSettings, Shard,
};
pub use report::{fmt_time, is_summary, render, Part, Rendered};
pub use run::{record_of, Plan};
pub use summary::{BackendSummary, Disagreement, Rounds, Summary, WrongAnswer};
pub use tally::{summarize, Tally};
