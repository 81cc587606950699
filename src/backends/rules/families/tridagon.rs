//! Impossible patterns: the tridagon. Four boxes at the corners of a rectangle of
//! boxes (two bands by two stacks), three open cells in each, one in each of the box's
//! rows and columns, whose candidates lie within three digits `{a, b, c}` except in a
//! few *guardian* cells. Whether `a`, `b` and `c` can fill the twelve cells at all
//! (each cell from its own candidates among them, no digit twice in a row, column or
//! box) is decided by trying every filling ([`fillable`], a backtracking search over
//! twelve cells). When none exists, the twelve cells cannot all hold `a`, `b` or `c` in
//! the solution, so some guardian holds one of its other digits: a candidate that
//! sees every such guardian candidate (one guardian: its own `a`, `b` and `c`) is
//! removed.
//!
//! Classic 9×9 boards only (X-Sudoku too: its diagonals are left out of the filling
//! check, which can only make it find more fillings, so the rule stays sound).

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{digits_of, Detail, Step};

/// Most guardian cells a pattern may have.
const MAX_GUARDIANS: u32 = 2;

/// The six ways to pick one cell per row and column of a 3×3 box: `PERMS[p][r]` is
/// the box column of the cell in box row `r`.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Whether two cells of a 9×9 board share a row, column or box.
fn sees(a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
    ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
}

/// Whether `cells` can each take a digit from their `domains` (bit sets over any
/// digits) with no two cells that share a row, column or box of a 9×9 board taking
/// the same one: every filling is tried, depth first.
pub fn fillable(cells: &[usize], domains: &[u64]) -> bool {
    let mut chosen = vec![0u64; cells.len()];
    fill(cells, domains, &mut chosen, 0)
}

fn fill(cells: &[usize], domains: &[u64], chosen: &mut [u64], k: usize) -> bool {
    if k == cells.len() {
        return true;
    }
    let taken = (0..k)
        .filter(|&j| sees(cells[j], cells[k]))
        .fold(0u64, |m, j| m | chosen[j]);
    let mut free = domains[k] & !taken;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        chosen[k] = bit;
        if fill(cells, domains, chosen, k + 1) {
            return true;
        }
        free &= !bit;
    }
    false
}

/// One box's three cells of a pattern: the cells, and how many are guardians.
#[derive(Clone, Copy)]
struct Pick {
    cells: [usize; 3],
    guardians: u32,
}

/// The first tridagon that removes something: digit triples in ascending order, then
/// rectangles of boxes, then the cells of each box.
pub fn find(board: &Board, s: &State) -> Option<Step> {
    let g = &board.geometry;
    if g.n != 9 || g.box_rows != 3 || g.box_cols != 3 {
        return None;
    }
    let open = |c: usize| s.value[c] == 0;
    for a in 1..=7u8 {
        for b in a + 1..=8 {
            for c in b + 1..=9 {
                let t = (1u64 << (a - 1)) | (1 << (b - 1)) | (1 << (c - 1));
                // Per box, the picks whose cells are open, hold one of the three
                // digits, and have few enough guardians.
                let picks: Vec<Vec<Pick>> = (0..9)
                    .map(|bx| {
                        let (r0, c0) = (bx / 3 * 3, bx % 3 * 3);
                        PERMS
                            .iter()
                            .filter_map(|p| {
                                let cells = [0, 1, 2].map(|r| (r0 + r) * 9 + c0 + p[r]);
                                let usable = cells.iter().all(|&x| open(x) && s.cand[x].0 & t != 0);
                                let guardians =
                                    cells.iter().filter(|&&x| s.cand[x].0 & !t != 0).count() as u32;
                                (usable && guardians <= MAX_GUARDIANS)
                                    .then_some(Pick { cells, guardians })
                            })
                            .collect()
                    })
                    .collect();
                if let Some(step) = rectangles(board, s, t, &picks) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Every rectangle of boxes with one pick per corner box, for the digits `t`.
fn rectangles(board: &Board, s: &State, t: u64, picks: &[Vec<Pick>]) -> Option<Step> {
    for (b1, b2) in [(0, 1), (0, 2), (1, 2)] {
        for (s1, s2) in [(0, 1), (0, 2), (1, 2)] {
            let boxes = [b1 * 3 + s1, b1 * 3 + s2, b2 * 3 + s1, b2 * 3 + s2];
            if boxes.iter().any(|&bx| picks[bx].is_empty()) {
                continue;
            }
            for p0 in &picks[boxes[0]] {
                for p1 in &picks[boxes[1]] {
                    let g01 = p0.guardians + p1.guardians;
                    if g01 > MAX_GUARDIANS {
                        continue;
                    }
                    for p2 in &picks[boxes[2]] {
                        if g01 + p2.guardians > MAX_GUARDIANS {
                            continue;
                        }
                        for p3 in &picks[boxes[3]] {
                            let guardians = g01 + p2.guardians + p3.guardians;
                            if guardians == 0 || guardians > MAX_GUARDIANS {
                                continue;
                            }
                            let cells: Vec<usize> =
                                [p0, p1, p2, p3].iter().flat_map(|p| p.cells).collect();
                            if let Some(step) = pattern(board, s, t, &cells, &boxes) {
                                return Some(step);
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// The step of one candidate pattern, if no filling exists and the guardians' other
/// digits remove something.
fn pattern(board: &Board, s: &State, t: u64, cells: &[usize], boxes: &[usize]) -> Option<Step> {
    let domains: Vec<u64> = cells.iter().map(|&x| s.cand[x].0 & t).collect();
    if fillable(cells, &domains) {
        return None;
    }
    let guardians: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&x| s.cand[x].0 & !t != 0)
        .collect();
    // One of these candidates is true.
    let outside: Vec<(usize, u8)> = guardians
        .iter()
        .flat_map(|&x| digits_of(s.cand[x].0 & !t).into_iter().map(move |d| (x, d)))
        .collect();
    let excludes = |(x, d): (usize, u8), (y, e): (usize, u8)| {
        if x == y {
            d != e
        } else {
            d == e && board.sees(x, y)
        }
    };
    let eliminations: Vec<(usize, u8)> = (0..81)
        .filter(|&x| s.value[x] == 0)
        .flat_map(|x| s.cand[x].iter().map(move |d| (x, d)))
        .filter(|&lit| outside.iter().all(|&o| excludes(lit, o)))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(Detail::Tridagon { guardians });
    step.cells = cells.to_vec();
    step.digits = digits_of(t);
    step.units = boxes.iter().map(|&bx| 18 + bx).collect();
    step.eliminations = eliminations;
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::position;
    use super::*;

    /// The twelve cells of boxes 1, 2, 4, 5 picked by permutations `p` (indices into
    /// [`PERMS`]), box by box.
    fn cells_of(p: [usize; 4]) -> Vec<usize> {
        let boxes = [0usize, 1, 3, 4];
        boxes
            .iter()
            .zip(p)
            .flat_map(|(&bx, k)| {
                let (r0, c0) = (bx / 3 * 3, bx % 3 * 3);
                (0..3).map(move |r| (r0 + r) * 9 + c0 + PERMS[k][r])
            })
            .collect()
    }

    #[test]
    fn the_main_diagonal_in_every_box_can_be_filled_and_a_tridagon_cannot() {
        let all = vec![0b111u64; 12];
        // The same cells in every box: a, b, c down the diagonals of a valid band.
        assert!(fillable(&cells_of([0, 0, 0, 0]), &all));
        // Three boxes on the diagonal, the fourth on an odd permutation of it: the
        // parity of the four permutations forbids every filling.
        assert!(!fillable(&cells_of([0, 0, 0, 1]), &all));
        // Checked by hand for one filling: 1 2 3 / 2 3 1 on the top band's diagonals.
        let cells = cells_of([0, 0, 0, 0]);
        let one = [1u64, 2, 4, 2, 4, 1, 2, 4, 1, 4, 1, 2];
        assert!(fillable(&cells, &one));
        // Forcing r1c1 and r1c4 (one row) to the same digit leaves no filling.
        let mut same = all.clone();
        same[0] = 1;
        same[3] = 1;
        assert!(!fillable(&cells, &same));
    }

    #[test]
    fn a_pattern_with_one_guardian_takes_the_three_digits_from_it() {
        // Boxes 1, 2, 4, 5 keep only 1, 2, 3 on the twelve cells of an impossible
        // pattern, but r5c5 also holds 4, 5.
        let cells = cells_of([0, 0, 0, 1]);
        let guardian = cells[11];
        let mut elim = Vec::new();
        for &x in &cells {
            for d in 4..=9u8 {
                if x != guardian || d > 5 {
                    elim.push((x, d));
                }
            }
        }
        let (b, s) = position(&".".repeat(81), &elim);
        let step = find(&b, &s).expect("a tridagon");
        let Detail::Tridagon { guardians } = &step.detail else {
            panic!("not a tridagon: {step:?}");
        };
        assert_eq!(guardians, &vec![guardian]);
        assert_eq!(step.digits, vec![1, 2, 3]);
        assert_eq!(
            step.eliminations,
            vec![(guardian, 1), (guardian, 2), (guardian, 3)]
        );
        // The same cells on a pattern that can be filled: nothing.
        let cells = cells_of([0, 0, 0, 0]);
        let mut elim = Vec::new();
        for &x in &cells {
            for d in 4..=9u8 {
                if x != cells[11] || d > 5 {
                    elim.push((x, d));
                }
            }
        }
        let (b, s) = position(&".".repeat(81), &elim);
        assert!(find(&b, &s).is_none());
    }
}
