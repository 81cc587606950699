//! The shared puzzle model: geometry (cells and units), puzzles (built from cells with
//! [`Puzzle::try_new`], which checks them), candidate sets, parsing (a bounded line
//! reader, header lines that set the box shape and variant), formatting, a solution
//! for searches to try first ([`isomorph`]) and the independent validator every answer
//! goes through.
pub mod candidates;
pub mod fingerprint;
pub mod format;
pub mod geometry;
pub mod header;
pub mod isomorph;
pub mod lines;
pub mod parse;
pub mod puzzle;
pub mod validate;

pub use candidates::CandSet;
pub use geometry::{Geometry, Unit, UnitKind, Variant};
pub use parse::{parse_puzzles, ParseError, ParseOptions, PuzzleReader};
pub use puzzle::{CellsError, Puzzle};
pub use validate::{validate, ValidationError};
