//! Killer and Jigsaw puzzles. A Jigsaw board's regions come from the boxes by random
//! swaps of two side-by-side cells of different regions (sizes stay `n`; a swap that
//! cuts a region in two is undone), a board without a completion is drawn again. A
//! Killer's cages cut a random completed grid into connected pieces of 1 to 5 cells
//! with distinct digits, each total taken from the grid. Givens are then added, where
//! two solutions differ, until the checker proves one solution, and removed again
//! where the puzzle stays unique without them; with `no_givens` the cages are drawn
//! again until they alone make the solution unique.

use super::fill::random_completion;
use crate::model::cage::Cage;
use crate::model::puzzle::Grid;
use crate::model::regions::{flood, neighbours};
use crate::model::{Geometry, Puzzle, Variant};
use crate::rng::Rng;
use crate::solver::{SolveOptions, Solver, Verdict};
use std::sync::Arc;
use std::time::Duration;

/// What kind of variant puzzle to make.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VariantKind {
    /// Killer cages.
    pub killer: bool,
    /// Jigsaw regions instead of boxes.
    pub jigsaw: bool,
    /// With `killer`: no givens at all, the cages alone make the solution unique.
    pub no_givens: bool,
}

/// Why a variant puzzle could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// The checker could not settle a puzzle in its time budget, or does not take it.
    #[error("the uniqueness check of {0} did not finish: {1}")]
    Undecided(String, String),
    /// No layout made a unique given-free Killer within the tries allowed.
    #[error("no given-free Killer in {0} cage layouts: the cages alone left several solutions each time")]
    NoLayout(usize),
}

/// Random swaps tried per cell when a Jigsaw board's regions are drawn.
const SWAPS_PER_CELL: usize = 40;

/// Cage layouts tried for a given-free Killer before giving up.
const LAYOUT_TRIES: usize = 200;

/// A random region map of a board of side `n` (which must have a box shape): the
/// boxes, reshaped by swaps of side-by-side cells that keep every region connected.
pub fn random_regions(n: usize, rng: &mut Rng) -> Vec<u8> {
    let (br, bc) = Geometry::default_box(n).unwrap_or((1, n));
    let mut regions: Vec<u8> = (0..n * n)
        .map(|c| ((c / n) / br * (n / bc) + (c % n) / bc) as u8)
        .collect();
    for _ in 0..SWAPS_PER_CELL * n * n {
        let a = rng.below(n * n);
        let near: Vec<usize> = neighbours(a, n).collect();
        let b = near[rng.below(near.len())];
        let (ra, rb) = (regions[a], regions[b]);
        if ra == rb {
            continue;
        }
        // a joins b's region and some cell of b's region next to a's joins a's, so
        // that both keep n cells.
        let candidates: Vec<usize> = (0..n * n)
            .filter(|&c| regions[c] == rb && c != b)
            .filter(|&c| neighbours(c, n).any(|d| regions[d] == ra && d != a))
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let c = candidates[rng.below(candidates.len())];
        regions[a] = rb;
        regions[c] = ra;
        if !connected(&regions, n, ra) || !connected(&regions, n, rb) {
            regions[a] = ra;
            regions[c] = rb;
        }
    }
    regions
}

/// Whether region `g` of `regions` is one connected piece.
fn connected(regions: &[u8], n: usize, g: u8) -> bool {
    let Some(start) = regions.iter().position(|&r| r == g) else {
        return true;
    };
    let reached = flood(n, start, |d| regions[d] == g);
    (0..n * n).all(|c| regions[c] != g || reached[c])
}

/// Random cages over the completed grid `solution` of side `n`: connected pieces of 2
/// to 5 cells (mostly 2 and 3; one cell when no neighbour is free) with distinct
/// digits, covering the grid.
pub fn random_cages(solution: &[u8], n: usize, rng: &mut Rng) -> Vec<Cage> {
    let mut owner = vec![usize::MAX; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut cages: Vec<Cage> = Vec::new();
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        // Sizes 2 to 5, weighted 6:6:3:2; a cell with no free neighbour left stays a
        // cage of one.
        let size = match rng.below(17) {
            0..=5 => 2,
            6..=11 => 3,
            12..=14 => 4,
            _ => 5,
        }
        .min(n);
        let k = cages.len();
        let mut cells = vec![start];
        owner[start] = k;
        while cells.len() < size {
            let grow: Vec<usize> = cells
                .iter()
                .flat_map(|&c| neighbours(c, n))
                .filter(|&d| owner[d] == usize::MAX)
                .filter(|&d| cells.iter().all(|&c| solution[c] != solution[d]))
                .collect();
            if grow.is_empty() {
                break;
            }
            let d = grow[rng.below(grow.len())];
            owner[d] = k;
            cells.push(d);
        }
        cells.sort_unstable();
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        cages.push(Cage { cells, sum });
    }
    cages
}

/// The board of a new puzzle of `kind` with side `n` and `variant`, and a random
/// completion of it.
fn board_and_grid(
    (br, bc): (usize, usize),
    variant: Variant,
    jigsaw: bool,
    rng: &mut Rng,
) -> (Geometry, Grid) {
    let n = br * bc;
    loop {
        let board = if jigsaw {
            Geometry::with_regions(n, &random_regions(n, rng), variant)
        } else {
            Geometry::new(br, bc, variant)
        };
        let Ok(board) = board else { continue };
        // Some region maps have no completion at all: a bounded search tells, and a
        // map it does not complete is drawn again.
        if let Some(grid) = random_completion(&board, &vec![0; n * n], rng, 200 * n * n) {
            return (board, grid);
        }
    }
}

/// Whether `puzzle` has one solution by `checker`: `Ok(None)` when it has, `Ok(Some)`
/// with a second solution when it has several.
fn second_solution(
    checker: &mut dyn Solver,
    puzzle: &Puzzle,
    timeout: Option<Duration>,
) -> Result<Option<Grid>, VariantError> {
    let out = checker.solve(puzzle, &SolveOptions::new(2, timeout));
    match out.verdict {
        Verdict::Unique => Ok(None),
        Verdict::Multiple => Ok(out
            .solutions
            .into_iter()
            .nth(1)
            .or_else(|| Some(Vec::new()))),
        v => Err(VariantError::Undecided(
            checker.name(),
            out.failure
                .map_or_else(|| format!("verdict {}", v.name()), |f| f.to_string()),
        )),
    }
}

/// One unique puzzle of `kind` on a board with boxes of `boxes` (rows, columns; a
/// Jigsaw's regions start from them) and `variant`: its puzzle and its solution.
/// `checker` proves uniqueness.
pub fn variant_puzzle(
    boxes: (usize, usize),
    variant: Variant,
    kind: VariantKind,
    rng: &mut Rng,
    checker: &mut dyn Solver,
    timeout: Option<Duration>,
) -> Result<(Puzzle, Grid), VariantError> {
    let tries = if kind.killer && kind.no_givens {
        LAYOUT_TRIES
    } else {
        1
    };
    for _ in 0..tries {
        let n = boxes.0 * boxes.1;
        let (board, solution) = board_and_grid(boxes, variant, kind.jigsaw, rng);
        let board = if kind.killer {
            board
                .with_cages(random_cages(&solution, n, rng))
                .expect("cages cut from a completed grid are well formed")
        } else {
            board
        };
        let geometry = Arc::new(board);
        if kind.killer && kind.no_givens {
            let empty = Puzzle::new(geometry.clone(), vec![0; n * n]);
            if second_solution(checker, &empty, timeout)?.is_none() {
                return Ok((empty, solution));
            }
            continue;
        }
        let cells = if kind.killer {
            vec![0; n * n]
        } else {
            // A Jigsaw starts from every cell given and empties them below.
            solution.clone()
        };
        let puzzle = fewest_givens(geometry, cells, &solution, rng, checker, timeout)?;
        return Ok((puzzle, solution));
    }
    Err(VariantError::NoLayout(tries))
}

/// The puzzle of `geometry` from `cells`: givens of `solution` added where a second
/// solution differs until the solution is the only one, then each given, in random
/// order, removed when the puzzle stays unique without it.
fn fewest_givens(
    geometry: Arc<Geometry>,
    mut cells: Grid,
    solution: &[u8],
    rng: &mut Rng,
    checker: &mut dyn Solver,
    timeout: Option<Duration>,
) -> Result<Puzzle, VariantError> {
    loop {
        let puzzle = Puzzle::new(geometry.clone(), cells.clone());
        let Some(other) = second_solution(checker, &puzzle, timeout)? else {
            break;
        };
        let differ: Vec<usize> = (0..cells.len())
            .filter(|&c| other.get(c).is_none_or(|&v| v != solution[c]) && cells[c] == 0)
            .collect();
        let open: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] == 0).collect();
        let pool = if differ.is_empty() { &open } else { &differ };
        let c = pool[rng.below(pool.len())];
        cells[c] = solution[c];
    }
    let mut givens: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
    rng.shuffle(&mut givens);
    for c in givens {
        cells[c] = 0;
        let puzzle = Puzzle::new(geometry.clone(), cells.clone());
        if second_solution(checker, &puzzle, timeout)?.is_some() {
            cells[c] = solution[c];
        }
    }
    Ok(Puzzle::new(geometry, cells))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::regions::check_regions;

    #[test]
    fn random_regions_are_partitions_into_connected_regions() {
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            for n in [4, 6, 9] {
                let regions = random_regions(n, &mut rng);
                assert_eq!(check_regions(n, &regions), Ok(()), "n {n} seed {seed}");
            }
        }
        // The swaps move cells: a 9x9 map is not the boxes any more.
        let mut rng = Rng::new(3);
        let boxes: Vec<u8> = (0..81)
            .map(|c| ((c / 9) / 3 * 3 + (c % 9) / 3) as u8)
            .collect();
        assert_ne!(random_regions(9, &mut rng), boxes);
    }

    #[test]
    fn random_cages_cover_the_grid_with_distinct_digits_and_the_grid_totals() {
        let g = Geometry::new(3, 3, Variant::Classic).unwrap();
        let solution: Grid = (0..81).map(|c| g.pattern_value(c)).collect();
        for seed in 0..20 {
            let cages = random_cages(&solution, 9, &mut Rng::new(seed));
            let board = g.clone().with_cages(cages).expect("well formed");
            assert!(board.is_solution(&solution));
            assert!(board.cage_of.iter().all(Option::is_some));
        }
    }
}
