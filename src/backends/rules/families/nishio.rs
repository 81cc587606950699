//! Level 2: exact single-digit deduction ("Nishio"), by the method of Eppstein's
//! "Solving single-digit Sudoku subproblems": a valid placement of a digit (one cell
//! in every row, column and box) is a path through a layered graph whose layer `k`
//! holds the sets of rows used by the first `k` columns, kept only when every band
//! (a horizontal strip of boxes) has been used once per stack of columns so far. A
//! cell is kept iff some source-to-sink path uses it: one forward pass finds the
//! reachable row sets, one backward pass those that still reach the sink, and an
//! edge between two such sets marks its cell as used.
//!
//! The paper treats square boxes; the same layering works for any box shape (a band
//! has `box_rows` rows, a stack `box_cols` columns, and the band count equals
//! `box_cols`). X-Sudoku's diagonals are not tracked, which keeps the rule sound but
//! weaker there. Runs up to side [`MAX_SIDE`] (see `docs/rules.md`).

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Contradiction, Detail, Step};
use std::time::Instant;

/// Largest side the rule runs on: at 16 a layer has at most C(16, 8) = 12,870 row sets;
/// at 25 the graph has millions of vertices per digit, too slow to rerun at every stuck point.
pub const MAX_SIDE: usize = 16;

/// A layer of more row sets than this has the clock read after it is built: layers of a
/// 9×9 board (at most C(9, 4) = 126 sets) never do, those of a 16×16 (up to 12,870;
/// one call on an empty 16×16 can outlast a deadline, `rate --profile` shows) do.
const CLOCK_LAYER: usize = 256;

/// The deadline passed before the layered graph was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expired;

/// For each column, the rows a digit can take there: its cells used by some valid
/// placement, and the number of valid placements (saturating); `Ok(None)` if there is
/// none; `Err(Expired)` if `deadline` passed first (looked at after each large layer).
pub fn used_cells(
    board: &Board,
    allowed: &[u64],
    deadline: Option<Instant>,
) -> Result<Option<(Vec<u64>, u64)>, Expired> {
    let expired =
        |layer: usize| layer > CLOCK_LAYER && deadline.is_some_and(|d| Instant::now() >= d);
    let g = &board.geometry;
    let (n, br, bc) = (g.n, g.box_rows, g.box_cols);
    let bands = n / br;
    let band_rows: Vec<u64> = (0..bands)
        .map(|b| (0..br).fold(0u64, |m, i| m | 1 << (b * br + i)))
        .collect();
    let band_of: Vec<usize> = (0..n).map(|r| r / br).collect();
    let moves = |k: usize, m: u64| {
        let stack = (k / bc) as u32;
        let mut rows = allowed[k] & !m;
        let mut out = 0u64;
        while rows != 0 {
            let r = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            if (m & band_rows[band_of[r]]).count_ones() == stack {
                out |= 1 << r;
            }
        }
        out
    };
    let mut layers: Vec<Vec<u64>> = vec![vec![0]];
    for k in 0..n {
        let mut next = Vec::new();
        for &m in &layers[k] {
            let mut rows = moves(k, m);
            while rows != 0 {
                let r = rows.trailing_zeros();
                rows &= rows - 1;
                next.push(m | 1 << r);
            }
        }
        if next.is_empty() {
            return Ok(None);
        }
        next.sort_unstable();
        next.dedup();
        if expired(next.len()) {
            return Err(Expired);
        }
        layers.push(next);
    }
    // Backward: paths to the sink from each row set, counted.
    let mut used = vec![0u64; n];
    let mut paths: Vec<u64> = vec![1; layers[n].len()];
    for k in (0..n).rev() {
        let mut here = vec![0u64; layers[k].len()];
        for (i, &m) in layers[k].iter().enumerate() {
            let mut rows = moves(k, m);
            while rows != 0 {
                let r = rows.trailing_zeros();
                rows &= rows - 1;
                if let Ok(j) = layers[k + 1].binary_search(&(m | 1 << r)) {
                    if paths[j] > 0 {
                        used[k] |= 1 << r;
                        here[i] = here[i].saturating_add(paths[j]);
                    }
                }
            }
        }
        if expired(here.len()) {
            return Err(Expired);
        }
        paths = here;
    }
    let total = paths[0];
    Ok((total > 0).then_some((used, total)))
}

/// For each column, the rows where digit `d` is placed or a candidate: what the layered
/// graph of the digit is built from.
pub fn allowed_columns(board: &Board, s: &State, d: u8) -> Vec<u64> {
    (0..board.n).map(|k| s.places(d, board.column(k))).collect()
}

/// Whether digit `d` has a valid placement in position `s` with the digit in every
/// cell of `forced` and in none of `barred` (cells given as indices).
#[cfg(test)]
pub fn placeable(board: &Board, s: &State, d: u8, forced: &[usize], barred: &[usize]) -> bool {
    let n = board.n;
    let mut allowed = allowed_columns(board, s, d);
    for &c in forced {
        allowed[c % n] &= 1 << (c / n);
    }
    for &c in barred {
        allowed[c % n] &= !(1 << (c / n));
    }
    matches!(used_cells(board, &allowed, None), Ok(Some(_)))
}

/// The digits the rule last found every cell of used, each with those cells, kept by
/// the engine that owns it (its `Scratch`, one per run, so one board): on one board
/// the search depends on a digit's cells alone, so a digit whose cells did not change
/// since is not searched again.
#[derive(Default)]
pub struct Kept {
    /// Per digit (index `d - 1`), the rows of each column where it had nothing to
    /// remove; empty for none.
    quiet: Vec<Vec<u64>>,
}

/// The first digit with a cell that no valid placement uses; nothing once `deadline`
/// has passed (one call on an empty 16×16 board can outlast it). Digits `kept`
/// holds with the same cells are skipped.
pub fn find(board: &Board, s: &State, kept: &mut Kept, deadline: Option<Instant>) -> Option<Step> {
    let n = board.n;
    if n > MAX_SIDE {
        return None;
    }
    kept.quiet.resize_with(n, Vec::new);
    for d in 1..=n as u8 {
        let allowed = allowed_columns(board, s, d);
        if (0..n).all(|k| allowed[k].count_ones() == 1) || kept.quiet[d as usize - 1] == allowed {
            continue;
        }
        let Some((used, placements)) = used_cells(board, &allowed, deadline).ok()? else {
            let mut step = Step::new(Detail::Contradiction {
                what: Contradiction::NoPlacement,
            });
            step.digits.push(d);
            return Some(step);
        };
        let mut step = Step::new(Detail::Nishio {
            digit: d,
            placements,
        });
        for k in 0..n {
            let mut gone = allowed[k] & !used[k];
            while gone != 0 {
                let r = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                step.eliminations.push((r * n + k, d));
            }
        }
        if !step.eliminations.is_empty() {
            step.eliminations.sort_unstable();
            step.cells = step.eliminations.iter().map(|&(c, _)| c).collect();
            step.digits.push(d);
            return Some(step);
        }
        kept.quiet[d as usize - 1] = allowed;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::{nishio_position, position, puzzle_lines, settled};
    use super::*;

    #[test]
    fn the_4x4_and_9x9_counts_of_valid_placements() {
        // With every cell allowed: 4x4 has 2!^2 * 2!^2 = 16... counted: (b!)^(2b) for
        // square boxes of side b: 4x4 -> 16, 9x9 -> 46,656.
        let (b, _) = position(&".".repeat(16), &[]);
        assert_eq!(used_cells(&b, &[0b1111; 4], None).unwrap().unwrap().1, 16);
        let (b, _) = position(&".".repeat(81), &[]);
        let (used, count) = used_cells(&b, &[0x1ff; 9], None).unwrap().unwrap();
        assert_eq!(count, 46_656);
        assert!(used.iter().all(|&u| u == 0x1ff));
    }

    #[test]
    fn a_cell_outside_every_placement_is_removed() {
        let (b, s) = nishio_position();
        let step = find(&b, &s, &mut Kept::default(), None).unwrap();
        assert_eq!(step.eliminations, vec![(1, 1)]);
        assert_eq!(
            step.detail,
            Detail::Nishio {
                digit: 1,
                placements: 1
            }
        );
    }

    #[test]
    fn digits_kept_as_searched_in_vain_change_no_step() {
        // The positions the ladder reaches up to nishio, the graph rules, 2-SAT and
        // the ALS rule on magictour puzzles, one cache across all: each step must be
        // the step of a fresh search, and the cache must have skipped some digit.
        let lines = include_str!("../../../../tests/data/magictour_top1465.txt");
        let rules = ["nishio", "bilocation cycle", "2-SAT", "almost locked sets"];
        let mut kept = Kept::default();
        let (mut steps, mut skipped) = (0, 0);
        for line in puzzle_lines(lines, 30) {
            for rule in rules {
                let (b, s) = settled(line, rule);
                let fresh = find(&b, &s, &mut Kept::default(), None);
                skipped += (1..=9u8)
                    .filter(|&d| {
                        kept.quiet.get(d as usize - 1) == Some(&allowed_columns(&b, &s, d))
                    })
                    .count();
                steps += usize::from(fresh.is_some());
                assert_eq!(find(&b, &s, &mut kept, None), fresh, "{line} {rule}");
            }
        }
        assert!(steps >= 5 && skipped > 50, "{steps} {skipped}");
    }

    #[test]
    fn nothing_when_every_allowed_cell_is_in_some_placement() {
        let (b, s) = position(&".".repeat(16), &[(1, 1), (2, 1)]);
        assert_eq!(find(&b, &s, &mut Kept::default(), None), None);
    }

    #[test]
    fn a_passed_deadline_stops_the_layered_graph_of_a_large_board() {
        // An empty 16x16: its middle layers hold thousands of row sets, so the clock is
        // read, and a deadline already passed ends the work.
        let (b, s) = position(&".".repeat(256), &[]);
        let past = Some(Instant::now());
        assert_eq!(used_cells(&b, &[0xffff; 16], past), Err(Expired));
        assert_eq!(find(&b, &s, &mut Kept::default(), past), None);
        // A 9x9 is never stopped midway: its layers are too small to read the clock.
        let (b, _) = position(&".".repeat(81), &[]);
        assert!(used_cells(&b, &[0x1ff; 9], past).unwrap().is_some());
    }
}
