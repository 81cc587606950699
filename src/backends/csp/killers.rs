//! Random Killer puzzles for the cage tests, the crate's and the integration tests'
//! (`tests/backends/csp_cages.rs` includes this file by path): a random solution of a
//! board cut into small connected cages whose totals come from it, some givens kept.
//! The module that includes it imports what it names.

use super::{Arc, Cage, Geometry, Puzzle, Rng};

/// A random solution of `geometry`'s units (cages not looked at), by backtracking over
/// the cells in row-major order with values tried from a random one on.
pub fn random_solution(geometry: &Geometry, rng: &mut Rng) -> Vec<u8> {
    fn fill(g: &Geometry, grid: &mut [u8], cell: usize, rng: &mut Rng) -> bool {
        if cell == grid.len() {
            return true;
        }
        let start = rng.below(g.n);
        for k in 0..g.n {
            let v = ((start + k) % g.n + 1) as u8;
            if g.peers[cell].iter().all(|&p| grid[p] != v) {
                grid[cell] = v;
                if fill(g, grid, cell + 1, rng) {
                    return true;
                }
            }
        }
        grid[cell] = 0;
        false
    }
    let mut grid = vec![0u8; geometry.cells()];
    assert!(
        fill(geometry, &mut grid, 0, rng),
        "{} has no solution",
        geometry.describe()
    );
    grid
}

/// `board` with Killer cages cut from a random solution: connected cages of 1 to
/// `max_size` cells (side by side, distinct digits), a cell left out of every cage with
/// probability `loose_percent`, each total from the solution; each cell's solution
/// value kept as a given with probability `keep_percent`.
pub fn random_killer(
    board: &Geometry,
    seed: u64,
    max_size: usize,
    loose_percent: usize,
    keep_percent: usize,
) -> Puzzle {
    let mut rng = Rng(seed | 1);
    let solution = random_solution(board, &mut rng);
    let n = board.n;
    let mut taken = vec![false; n * n];
    let mut cages = Vec::new();
    for start in 0..n * n {
        if taken[start] {
            continue;
        }
        taken[start] = true;
        if rng.below(100) < loose_percent {
            continue;
        }
        let size = 1 + rng.below(max_size);
        let mut cells = vec![start];
        while cells.len() < size {
            // The free cells beside the cage whose digit it does not hold yet.
            let next: Vec<usize> = cells
                .iter()
                .flat_map(|&c| {
                    let (r, col) = (c / n, c % n);
                    [
                        (r > 0).then(|| c - n),
                        (r + 1 < n).then_some(c + n),
                        (col > 0).then(|| c - 1),
                        (col + 1 < n).then_some(c + 1),
                    ]
                })
                .flatten()
                .filter(|&d| !taken[d] && cells.iter().all(|&c| solution[c] != solution[d]))
                .collect();
            if next.is_empty() {
                break;
            }
            let d = next[rng.below(next.len())];
            taken[d] = true;
            cells.push(d);
        }
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        cages.push(Cage { cells, sum });
    }
    let geometry = Arc::new(board.clone().with_cages(cages).unwrap());
    let givens = solution
        .iter()
        .map(|&v| if rng.below(100) < keep_percent { v } else { 0 })
        .collect();
    Puzzle::new(geometry, givens)
}
