//! The shared puzzle model: geometry (cells and units), puzzles, candidate sets,
//! parsing, formatting and the independent validator every answer goes through.
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
pub use puzzle::Puzzle;
pub use validate::{validate, ValidationError};
