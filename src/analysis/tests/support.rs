//! What the tests of the rule engine share: the test data of `tests/data/`, a seeded
//! generator of small random puzzles, a brute-force counter independent of every
//! backend (the rules checked from coordinates, not from the model's unit list), and
//! `dlx`'s solution as the reference a step is checked against.

use crate::backends::create;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::step::Step;
use crate::model::{parse_puzzles, Geometry, ParseOptions, Puzzle, Variant};
use crate::solver::SolveOptions;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Counts solutions up to `limit` by plain backtracking over cells, checking the rules
/// from coordinates (not from the model's unit list).
pub(super) fn brute_force_count(puzzle: &Puzzle, limit: usize) -> usize {
    let g = &puzzle.geometry;
    let mut grid = puzzle.cells.clone();
    let mut count = 0;
    count_from(
        g.n,
        g.box_rows,
        g.box_cols,
        g.variant == Variant::X,
        &mut grid,
        0,
        limit,
        &mut count,
    );
    count
}

fn allowed(n: usize, br: usize, bc: usize, x: bool, grid: &[u8], cell: usize, v: u8) -> bool {
    let (r, c) = (cell / n, cell % n);
    for k in 0..n {
        if (k != c && grid[r * n + k] == v) || (k != r && grid[k * n + c] == v) {
            return false;
        }
        let (r0, c0) = (r / br * br, c / bc * bc);
        let (rr, cc) = (r0 + k / bc, c0 + k % bc);
        if (rr, cc) != (r, c) && grid[rr * n + cc] == v {
            return false;
        }
        if x && r == c && k != r && grid[k * n + k] == v {
            return false;
        }
        if x && r + c == n - 1 && k != r && grid[k * n + (n - 1 - k)] == v {
            return false;
        }
    }
    true
}

#[allow(clippy::too_many_arguments)]
fn count_from(
    n: usize,
    br: usize,
    bc: usize,
    x: bool,
    grid: &mut Vec<u8>,
    from: usize,
    limit: usize,
    count: &mut usize,
) {
    if *count >= limit {
        return;
    }
    let Some(cell) = (from..n * n).find(|&i| grid[i] == 0) else {
        // Givens may clash among themselves: check the full grid before counting it.
        if (0..n * n).all(|i| allowed(n, br, bc, x, grid, i, grid[i])) {
            *count += 1;
        }
        return;
    };
    for v in 1..=n as u8 {
        if allowed(n, br, bc, x, grid, cell, v) {
            grid[cell] = v;
            count_from(n, br, bc, x, grid, cell + 1, limit, count);
            grid[cell] = 0;
        }
    }
}

/// A tiny deterministic generator (xorshift64*), so failures replay from a seed.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545F4914F6CDD1D)
    }
    pub(super) fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }
}

/// A random small puzzle: a random full grid with cells blanked at random, and, when
/// `corrupt`, one given changed so that the puzzle is often unsolvable. Covers puzzles
/// with one, several and no solutions.
pub(super) fn random_puzzle(
    box_rows: usize,
    box_cols: usize,
    variant: Variant,
    seed: u64,
    keep_percent: usize,
    corrupt: bool,
) -> Puzzle {
    let geometry = Arc::new(Geometry::new(box_rows, box_cols, variant).unwrap());
    let n = geometry.n;
    let mut rng = Rng(seed | 1);
    let mut grid = vec![0u8; n * n];
    random_fill(&geometry, &mut grid, 0, &mut rng);
    for v in grid.iter_mut() {
        if rng.below(100) >= keep_percent {
            *v = 0;
        }
    }
    if corrupt {
        let givens: Vec<usize> = (0..n * n).filter(|&i| grid[i] != 0).collect();
        if !givens.is_empty() {
            let cell = givens[rng.below(givens.len())];
            grid[cell] = (grid[cell] as usize % n + 1) as u8;
        }
    }
    Puzzle::new(geometry, grid)
}

fn random_fill(g: &Geometry, grid: &mut Vec<u8>, cell: usize, rng: &mut Rng) -> bool {
    if cell == grid.len() {
        return true;
    }
    let n = g.n;
    let start = rng.below(n);
    for k in 0..n {
        let v = ((start + k) % n + 1) as u8;
        if g.peers[cell].iter().all(|&p| grid[p] != v) {
            grid[cell] = v;
            if random_fill(g, grid, cell + 1, rng) {
                return true;
            }
        }
    }
    grid[cell] = 0;
    false
}

/// The folder of the test data, `tests/data/` (its SOURCES.md names where each file came
/// from).
pub(super) fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The first `count` puzzles of a 9x9 set in `tests/data/` (all of them with
/// `usize::MAX`); a count the file does not hold is refused, so that no test checks
/// fewer puzzles than it says.
pub(super) fn data_puzzles(file: &str, count: usize) -> Vec<Puzzle> {
    let puzzles = puzzles_in(&data_dir(), file, count);
    if count != usize::MAX {
        assert_eq!(
            puzzles.len(),
            count,
            "tests/data/{file} holds fewer puzzles"
        );
    }
    puzzles
}

/// At most the first `count` puzzles of `file` in `dir`.
pub(super) fn puzzles_in(dir: &Path, file: &str, count: usize) -> Vec<Puzzle> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let text: String = text.lines().take(count).collect::<Vec<_>>().join("\n");
    parse_puzzles(&text, &path.display().to_string(), &ParseOptions::default()).unwrap()
}

/// A puzzle from one of the matrix files in `tests/data/large/`.
pub(super) fn data_matrix(file: &str) -> Puzzle {
    let path = data_dir().join("large").join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_puzzles(&text, &path.display().to_string(), &ParseOptions::default())
        .unwrap()
        .remove(0)
}

/// Parses a literal puzzle for a test.
pub(super) fn puzzle(text: &str, variant: Variant) -> Puzzle {
    parse_puzzles(
        text,
        "test",
        &ParseOptions {
            box_shape: None,
            variant: Some(variant),
        },
    )
    .unwrap()
    .remove(0)
}

/// The first solution `dlx` finds for a puzzle that has one.
pub(super) fn dlx_solution(p: &Puzzle) -> Vec<u8> {
    create("dlx")
        .unwrap()
        .solve(p, &SolveOptions::new(1, None))
        .solutions
        .remove(0)
}

/// Asserts that a rule's step changes something and only what `solution` allows: no
/// candidate it removes is the solution's digit, every digit it places is (`context`
/// names the puzzle in a failure).
pub(super) fn assert_step_agrees(board: &Board, step: &Step, solution: &[u8], context: &str) {
    assert!(
        !step.eliminations.is_empty() || !step.placements.is_empty(),
        "{context}: the step changes nothing"
    );
    for &(c, d) in &step.eliminations {
        assert_ne!(
            solution[c],
            d,
            "{context}: removes {d} from {}",
            board.cell_name(c)
        );
    }
    for &(c, d) in &step.placements {
        assert_eq!(
            solution[c],
            d,
            "{context}: places {d} in {}",
            board.cell_name(c)
        );
    }
}
