//! What the rule engine tells about puzzles, with other backends as references: the
//! explanation of one puzzle step by step ([`Explanation`]: text, JSON, SVG pictures,
//! an HTML page), ratings of many with their summary ([`Rater`]), what the ladder
//! lacks where it gets stuck ([`Diagnosis`]) and the replay of recorded steps against
//! known solutions (the check of `rate --check`, against `dlx`).
//!
//! This room sits above the backends: it reads the rule engine's steps and positions,
//! and reaches every other backend (`dlx`, as a reference) through the registry
//! ([`crate::backends::create`]), so no backend calls back up to it.
//!
//! ```
//! use sudoku_arena::analysis::{ExplainOptions, Explanation, Format, RateSettings, Rater};
//! use sudoku_arena::model::{parse_puzzles, ParseOptions};
//!
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle = parse_puzzles(text, "example", &ParseOptions::default())?.remove(0);
//!
//! let explanation = Explanation::new(&puzzle, 1, &ExplainOptions::default());
//! assert!(explanation.text().contains("# solved by rules alone"));
//!
//! let mut settings = RateSettings::default();
//! settings.check = true;
//! let mut rater = Rater::new(settings)?;
//! let rated = rater.rate(&puzzle, 1);
//! assert_eq!(rated.rating.level, Some(0));
//! assert!(rated.problem.is_none());
//! print!("{}{}", rated.line(Format::Text).unwrap_or_default(), rater.report(Format::Text));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod explain;
mod rate;
mod rating;
pub(crate) mod soundness;
pub(crate) mod stuck;
#[cfg(test)]
mod tests;

pub use explain::{is_step_picture, ExplainOptions, Explanation, Picture};
pub use rate::{rule_index, RateSettings, Rated, Rater};
pub use rating::{Rating, RatingSummary, CSV_HEADER};
pub use stuck::{Diagnosis, Next};

/// How a report is printed: lines of text, or JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// Text lines, with `#` lines for what is not data of one puzzle.
    Text,
    /// JSON objects, one on a line.
    Json,
}
