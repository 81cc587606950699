//! The shared puzzle model: geometry (cells, units and Killer cages), puzzles (built from cells with
//! [`Puzzle::try_new`], which checks them), candidate sets, parsing (a bounded line
//! reader, header lines that set the box shape and variant), formatting, a solution
//! for searches to try first (`isomorph`) and the independent validator every answer
//! goes through.
pub(crate) mod block_text;
pub(crate) mod cage;
pub(crate) mod candidates;
pub(crate) mod csv_text;
internal! {
    mod fingerprint;
}
pub(crate) mod format;
pub(crate) mod geometry;
pub(crate) mod header;
pub(crate) mod isomorph;
pub(crate) mod lines;
pub(crate) mod parse;
pub(crate) mod puzzle;
pub(crate) mod regions;
pub(crate) mod validate;

pub use block_text::to_block;
pub use cage::{combinations, sum_range, Cage};
pub use candidates::CandSet;
pub use format::{to_grid, to_line, value_of_symbol, write_line};
pub use geometry::{Geometry, GeometryError, Unit, UnitKind, Variant, MAX_SIDE, MIN_SIDE};
pub use header::{box_shape, header_line};
pub use parse::{parse_puzzles, ParseError, ParseOptions, PuzzleReader};
pub use puzzle::{CellsError, Grid, Origin, Puzzle};
pub use validate::{validate, ValidationError};
