//! Test helpers the crate's tests share with the integration tests (whose
//! `tests/common/mod.rs` includes this file by path): an independent brute-force
//! counter (the rules checked from coordinates, not from the model's unit list), a
//! seeded generator of small random puzzles, the boards and the definition of the
//! one-line form, the test data of `tests/data/`, and the solution `dlx` finds. The
//! module that includes it imports what it names.

use super::{
    create, parse_puzzles, Arc, Geometry, ParseOptions, Path, PathBuf, Puzzle, SolveOptions,
    Variant,
};

/// Counts solutions up to `limit` by plain backtracking over cells, checking the rules
/// from coordinates (not from the model's unit list).
pub fn brute_force_count(puzzle: &Puzzle, limit: usize) -> usize {
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
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545F4914F6CDD1D)
    }
    pub fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }
}

/// A random small puzzle: a random full grid with cells blanked at random, and, when
/// `corrupt`, one given changed so that the puzzle is often unsolvable. Covers puzzles
/// with one, several and no solutions.
pub fn random_puzzle(
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

/// Board `i` (taken modulo 7) of those the one-line form's properties run on, every
/// side the form writes differently (2x2 to 8x8 boxes), in the X variant when `x`.
pub fn line_form_board(i: usize, x: bool) -> Arc<Geometry> {
    let (r, c) = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (6, 6), (8, 8)][i % 7];
    let variant = if x { Variant::X } else { Variant::Classic };
    Arc::new(Geometry::new(r, c, variant).unwrap())
}

/// The one-line form by its definition: a symbol per cell up to side 35, else numbers
/// separated by spaces.
pub fn line_by_definition(g: &Geometry, cells: &[u8]) -> String {
    const SYMBOLS: &str = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if g.n <= 35 {
        cells
            .iter()
            .map(|&v| SYMBOLS.chars().nth(v as usize).unwrap())
            .collect()
    } else {
        cells
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The folder of the test data, `tests/data/` (its SOURCES.md names where each file came
/// from).
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The first `count` puzzles of a 9x9 set in `tests/data/` (all of them with
/// `usize::MAX`); a count the file does not hold is refused, so that no test checks
/// fewer puzzles than it says.
pub fn data_puzzles(file: &str, count: usize) -> Vec<Puzzle> {
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

/// The first `count` puzzles of the forum's hardest set, then the first `count` of the
/// 17-clue set: hard and sparse 9x9 puzzles together, the sample every `csp` level is
/// run on.
pub fn hardest_and_sparsest(count: usize) -> Vec<Puzzle> {
    let mut puzzles = data_puzzles("forum_hardest_1106.txt", count);
    puzzles.extend(data_puzzles("17_clue.txt", count));
    puzzles
}

/// At most the first `count` puzzles of `file` in `dir`.
pub fn puzzles_in(dir: &Path, file: &str, count: usize) -> Vec<Puzzle> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let text: String = text.lines().take(count).collect::<Vec<_>>().join("\n");
    parse_puzzles(&text, &path.display().to_string(), &ParseOptions::default()).unwrap()
}

/// A puzzle from one of the matrix files in `tests/data/large/`.
pub fn data_matrix(file: &str) -> Puzzle {
    let path = data_dir().join("large").join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_puzzles(&text, &path.display().to_string(), &ParseOptions::default())
        .unwrap()
        .remove(0)
}

/// Parses a literal puzzle for a test.
pub fn puzzle(text: &str, variant: Variant) -> Puzzle {
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
pub fn dlx_solution(p: &Puzzle) -> Vec<u8> {
    create("dlx")
        .unwrap()
        .solve(p, &SolveOptions::new(1, None))
        .solutions
        .remove(0)
}

/// A 9x9 puzzle with no value left for r1c9: row 1 holds 1 to 8 and r5c9 holds 9. No two
/// givens repeat a digit (such a puzzle is answered `none` before any backend is asked),
/// so a backend must find it out itself; the `ip` backend's presolve does.
pub fn no_value_left_puzzle() -> Puzzle {
    let geometry = Geometry::new(3, 3, Variant::Classic).unwrap();
    let mut cells = vec![0; 81];
    for (c, cell) in cells.iter_mut().take(8).enumerate() {
        *cell = c as u8 + 1;
    }
    cells[4 * 9 + 8] = 9;
    Puzzle::new(Arc::new(geometry), cells)
}

/// A 9x9 puzzle with no solution that the `ip` backend's presolve passes: row 1 is 12345
/// then four blanks, and columns 8 and 9 hold 6, 7, 8 lower down, so r1c8 and r1c9 can
/// only be 9; yet every cell and every (unit, value) keeps a place. Its LP relaxation
/// proves it infeasible.
pub fn infeasible_past_presolve() -> Puzzle {
    let rows = [
        "12345....",
        ".........",
        ".........",
        ".......6.",
        ".......7.",
        ".......8.",
        "........6",
        "........7",
        "........8",
    ];
    puzzle(&rows.concat(), Variant::Classic)
}

/// The empty classic grid on boxes of `box_rows` x `box_cols` cells.
pub fn empty_puzzle(box_rows: usize, box_cols: usize) -> Puzzle {
    let geometry = Arc::new(Geometry::new(box_rows, box_cols, Variant::Classic).unwrap());
    let cells = vec![0; geometry.cells()];
    Puzzle::new(geometry, cells)
}
