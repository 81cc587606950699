//! A random completed grid of any board: the randomized search where it is fast, the
//! swap chain where it is not.

use super::fill::search_grid;
use super::swaps::swapped_grid;
use crate::model::puzzle::Grid;
use crate::model::{Geometry, Variant};
use crate::rng::Rng;

/// Largest side filled by the randomized search alone; above it, classic boards come from
/// [`swapped_grid`] (the search took seconds at 25x25 and minutes at 36x36).
pub const SEARCH_MAX_SIDE: usize = 16;

/// A random completed grid of `geometry` (any side, box shape and variant), drawn from
/// `rng`: every unit holds each value once. Sides up to [`SEARCH_MAX_SIDE`] and X-Sudoku
/// come from the randomized search, larger classic boards from [`swapped_grid`].
pub fn random_full_grid(geometry: &Geometry, rng: &mut Rng) -> Grid {
    if geometry.n > SEARCH_MAX_SIDE && geometry.variant == Variant::Classic {
        swapped_grid(geometry, rng)
    } else {
        search_grid(geometry, rng)
    }
}
