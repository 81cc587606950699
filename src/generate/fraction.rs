//! Fixed-fraction instances, as in the ant-colony papers' phase-transition experiments:
//! a random completed grid with a fraction of its cells kept, chosen uniformly. Such a
//! puzzle always has a solution (the grid it came from) but need not have only one.

use super::full::random_full_grid;
use super::Generated;
use crate::model::{Geometry, Puzzle};
use crate::rng::Rng;
use std::sync::Arc;

/// The number of cells kept for `fraction` of `cells`: `ceil(fraction * cells)`, as in the
/// ant-colony paper's instances (16x16 at 45% keeps 116 of 256), so generated and shared
/// instances of one fraction have the same number of givens. A product a rounding error
/// above a whole number (0.35 * 400) counts as that number.
pub fn kept_cells(fraction: f64, cells: usize) -> usize {
    ((fraction * cells as f64 - 1e-9).ceil().max(0.0) as usize).min(cells)
}

/// The name of instance `index` with side `n` and `fraction` kept, in the shared data's
/// scheme (`inst16x16_45_0`): the percentage, with decimals only when it has them.
fn instance_name(n: usize, fraction: f64, index: usize) -> String {
    let pct = fraction * 100.0;
    let pct = if (pct - pct.round()).abs() < 1e-9 {
        format!("{}", pct.round() as u64)
    } else {
        format!("{}", (pct * 1e6).round() / 1e6)
    };
    format!("inst{n}x{n}_{pct}_{index}")
}

/// Instance `index` of a run seeded with `seed`: a random completed grid of `geometry`
/// and exactly [`kept_cells`] of its cells, chosen uniformly, the rest blank.
pub fn fixed_fraction(
    geometry: &Arc<Geometry>,
    fraction: f64,
    seed: u64,
    index: usize,
) -> Generated {
    let mut rng = Rng::for_puzzle(seed, index as u64);
    let solution = random_full_grid(geometry, &mut rng);
    let mut order: Vec<usize> = (0..geometry.cells()).collect();
    rng.shuffle(&mut order);
    let mut cells = vec![0; geometry.cells()];
    for &cell in &order[..kept_cells(fraction, geometry.cells())] {
        cells[cell] = solution[cell];
    }
    let mut puzzle = Puzzle::new(geometry.clone(), cells);
    puzzle.label = Some(instance_name(geometry.n, fraction, index));
    Generated {
        puzzle,
        solution,
        tries: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Variant;

    #[test]
    fn names_follow_the_shared_scheme() {
        assert_eq!(instance_name(16, 0.45, 0), "inst16x16_45_0");
        assert_eq!(instance_name(25, 0.0, 3), "inst25x25_0_3");
        assert_eq!(instance_name(9, 1.0, 1), "inst9x9_100_1");
        assert_eq!(instance_name(9, 0.425, 2), "inst9x9_42.5_2");
    }

    #[test]
    fn keeps_exactly_the_rounded_up_count() {
        let g = Arc::new(Geometry::new(2, 3, Variant::Classic).unwrap());
        for (f, k) in [(0.0, 0), (0.45, 17), (0.5, 18), (1.0, 36)] {
            let got = fixed_fraction(&g, f, 9, 0);
            assert_eq!(got.puzzle.given_count(), k);
            assert_eq!(kept_cells(f, 36), k);
        }
    }
}
