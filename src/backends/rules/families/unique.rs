//! Uniqueness rules, only with `--assume-unique` (and in `rules:ladder+unique`): sound
//! only for puzzles known to have one solution, so off by default, and every step they
//! make is marked as resting on that assumption (`Step::assumes_unique`, read from the
//! rule table).
//!
//! A **deadly pattern** is a set of open cells whose digits could be swapped in every
//! solution that fills them only with their pattern digits: four cells at the corners of
//! a rectangle holding `a` and `b` (every unit holding a corner holds exactly two,
//! side by side), or a position where every open cell has two candidates and every
//! digit two places in every unit it is missing from (a bivalue universal grave: the
//! other candidate of every cell is a solution too). A puzzle with one solution never
//! reaches one, so:
//!
//! - **unique rectangle**, four open corners all holding `a` and `b`; the corners with
//!   only those two are the floor, the others the roof:
//!   - type 1: three floor corners: the roof loses `a` and `b`;
//!   - type 2: two roof corners in one unit, each with one extra digit `x`, the same:
//!     one of them holds `x`, so cells seeing both lose `x`;
//!   - type 3: two roof corners in one unit: together they act as one cell holding
//!     their extra digits, which with other cells of the unit can make a naked subset;
//!     the rest of the unit loses its digits;
//!   - type 4: two roof corners in one unit where `a` has no other place: one roof holds
//!     `a`, so neither can hold `b`;
//!   - type 5: two diagonal roof corners, or three, all with the one extra digit `x`:
//!     one of them holds `x`, so cells seeing all of them lose `x`;
//!   - type 6: two diagonal floor corners, and `a` confined to the rectangle in both of
//!     its rows (or both of its columns): `a` sits on one diagonal, which cannot be the
//!     roof's (the floor would be `b` twice), so the roof loses `a`;
//! - **avoidable rectangle**, corners placed by the rules rather than given (a given
//!   cannot swap): three placed corners `a`, `b`, `b` (type 1) leave the open fourth
//!   without `a`; two placed corners `a`, `b` on one line and two open ones `{b, x}`,
//!   `{a, x}` opposite (type 2): one open corner holds `x`, so cells seeing both lose it;
//! - **BUG+1**: every open cell has two candidates but one, which has three, and one of
//!   its digits has three places in each of its units: without that digit the position
//!   is a bivalue universal grave, so the cell holds it.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{digits_of, Detail, Step, UniquePattern};

/// Whether four cells (rectangle corners in row-major order: top-left, top-right,
/// bottom-left, bottom-right) can hold a deadly pattern: every unit that holds a
/// corner holds exactly two, on one side of the rectangle, so swapping the two digits
/// keeps every unit's digits. With boxes this is a rectangle across exactly two boxes;
/// a diagonal of X-Sudoku through one corner rules it out.
fn frame(board: &Board, corners: [usize; 4]) -> bool {
    corners.iter().all(|&c| {
        board.cell_units[c].iter().all(|&(u, _)| {
            let inside: Vec<usize> = (0..4)
                .filter(|&j| board.units[u].contains(&corners[j]))
                .collect();
            inside.len() == 2 && adjacent(inside[0], inside[1])
        })
    })
}

/// Every rectangle of the grid, as `[tl, tr, bl, br]`, that passes `worth` (a cheap
/// look at the position) and then [`frame`].
fn rectangles<'a>(
    board: &'a Board,
    worth: impl Fn([usize; 4]) -> bool + 'a,
) -> impl Iterator<Item = [usize; 4]> + 'a {
    let n = board.n;
    let worth = std::rc::Rc::new(worth);
    (0..n).flat_map(move |r1| {
        let worth = worth.clone();
        (r1 + 1..n).flat_map(move |r2| {
            let worth = worth.clone();
            (0..n).flat_map(move |c1| {
                let worth = worth.clone();
                (c1 + 1..n).filter_map(move |c2| {
                    let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    (worth(corners) && frame(board, corners)).then_some(corners)
                })
            })
        })
    })
}

/// Whether two corners (indices into the corner array) lie on one side.
fn adjacent(i: usize, j: usize) -> bool {
    i + j != 3
}

fn unique_step(pattern: UniquePattern, cells: Vec<usize>, digits: Vec<u8>) -> Step {
    let mut step = Step::new(Detail::Unique { pattern });
    step.cells = cells;
    step.digits = digits;
    step
}

/// Open cells seeing every cell of `of` (none of them) that hold `d`.
fn seeing_all(board: &Board, s: &State, of: &[usize], d: u8) -> Vec<(usize, u8)> {
    board.peers[of[0]]
        .iter()
        .copied()
        .filter(|c| !of.contains(c) && s.value[*c] == 0 && s.cand[*c].contains(d))
        .filter(|&c| of[1..].iter().all(|&o| board.sees(c, o)))
        .map(|c| (c, d))
        .collect()
}

/// The first unique rectangle (types 1 to 6, in that order per rectangle) that removes
/// something.
pub fn rectangle(board: &Board, s: &State) -> Option<Step> {
    // The pattern's pair: the digits of a two-candidate corner, held by all four.
    let pair = |corners: [usize; 4]| {
        if corners.iter().any(|&c| s.value[c] != 0) {
            return None;
        }
        let common = corners.iter().fold(board.full, |m, &c| m & s.cand[c].0);
        corners
            .iter()
            .map(|&c| s.cand[c].0)
            .find(|m| m.count_ones() == 2 && m & common == *m)
    };
    rectangles(board, move |corners| pair(corners).is_some()).find_map(|corners| {
        let pair = pair(corners)?;
        rectangle_on(board, s, corners, pair)
    })
}

fn rectangle_on(board: &Board, s: &State, corners: [usize; 4], pair: u64) -> Option<Step> {
    let digits = digits_of(pair);
    let floor: Vec<usize> = (0..4).filter(|&i| s.cand[corners[i]].0 == pair).collect();
    let roof: Vec<usize> = (0..4).filter(|&i| s.cand[corners[i]].0 != pair).collect();
    let mut cells: Vec<usize> = floor.iter().map(|&i| corners[i]).collect();
    cells.extend(roof.iter().map(|&i| corners[i]));
    let roof_cells: Vec<usize> = roof.iter().map(|&i| corners[i]).collect();
    let extra = |c: usize| s.cand[c].0 & !pair;
    let make = |pattern, elim: Vec<(usize, u8)>| {
        let mut step = unique_step(pattern, cells.clone(), digits.clone());
        step.eliminations = elim;
        Some(step)
    };
    if floor.len() == 3 {
        let r = roof_cells[0];
        return make(
            UniquePattern::Rectangle,
            digits.iter().map(|&d| (r, d)).collect(),
        );
    }
    // One extra digit shared by every roof corner: types 2 and 5.
    let shared = roof_cells.iter().fold(u64::MAX, |m, &c| m & extra(c));
    if shared.count_ones() == 1 && roof_cells.iter().all(|&c| extra(c) == shared) {
        let x = shared.trailing_zeros() as u8 + 1;
        let elim = seeing_all(board, s, &roof_cells, x);
        if !elim.is_empty() {
            let pattern = if roof.len() == 2 && adjacent(roof[0], roof[1]) {
                UniquePattern::RectangleExtra
            } else {
                UniquePattern::RectangleDiagonal
            };
            return make(pattern, elim);
        }
    }
    if floor.len() != 2 {
        return None;
    }
    let (r0, r1) = (roof_cells[0], roof_cells[1]);
    if adjacent(roof[0], roof[1]) {
        // Type 4: a pattern digit with no place in a unit of the roof but the roof.
        for &(u, _) in &board.cell_units[r0] {
            if !board.units[u].contains(&r1) {
                continue;
            }
            for (k, &a) in digits.iter().enumerate() {
                let b = digits[1 - k];
                let only_roof = board.units[u]
                    .iter()
                    .all(|&c| c == r0 || c == r1 || !s.cand[c].contains(a) || s.value[c] == a);
                if only_roof && board.units[u].iter().all(|&c| s.value[c] != a) {
                    let mut step =
                        make(UniquePattern::RectangleStrongLink, vec![(r0, b), (r1, b)])?;
                    step.units = vec![u];
                    step.digits = vec![a, b];
                    return Some(step);
                }
            }
        }
        // Type 3: the roof's extra digits with other cells of a shared unit.
        let extras = extra(r0) | extra(r1);
        for &(u, _) in &board.cell_units[r0] {
            if !board.units[u].contains(&r1) {
                continue;
            }
            if let Some(step) = roof_subset(board, s, u, [r0, r1], extras, &cells, &digits) {
                return Some(step);
            }
        }
        return None;
    }
    // Type 6: diagonal floors; a pattern digit confined to the rectangle in both rows
    // or both columns.
    let n = board.n;
    let rows = [corners[0] / n, corners[3] / n];
    let cols = [corners[0] % n, corners[3] % n];
    for &a in &digits {
        let confined = |lines: [usize; 2], row: bool| {
            lines.iter().all(|&l| {
                (0..n).all(|k| {
                    let c = if row { l * n + k } else { k * n + l };
                    corners.contains(&c) || (s.value[c] == 0 && !s.cand[c].contains(a))
                })
            })
        };
        if confined(rows, true) || confined(cols, false) {
            return make(
                UniquePattern::RectangleDiagonalFloor,
                vec![(r0, a), (r1, a)],
            );
        }
    }
    None
}

/// Type 3 in unit `u`: the two roof corners act as one cell holding `extras`; `k`
/// other open cells of the unit whose candidates, with `extras`, are `k + 1` digits
/// make a naked subset with it, and the rest of the unit loses those digits.
fn roof_subset(
    board: &Board,
    s: &State,
    u: usize,
    roof: [usize; 2],
    extras: u64,
    cells: &[usize],
    digits: &[u8],
) -> Option<Step> {
    let others: Vec<usize> = board.units[u]
        .iter()
        .copied()
        .filter(|&c| s.value[c] == 0 && !roof.contains(&c))
        .collect();
    for k in 1..=others.len().saturating_sub(1).min(3) {
        let mut pick = Vec::new();
        let Some(bits) = naked_with(s, &others, k, 0, extras, &mut pick) else {
            continue;
        };
        let elim: Vec<(usize, u8)> = others
            .iter()
            .copied()
            .filter(|c| !pick.contains(c))
            .flat_map(|c| {
                digits_of(s.cand[c].0 & bits)
                    .into_iter()
                    .map(move |d| (c, d))
            })
            .collect();
        let mut all = cells.to_vec();
        all.extend(&pick);
        let mut step = unique_step(UniquePattern::RectangleSubset, all, digits.to_vec());
        step.units = vec![u];
        step.eliminations = elim;
        return Some(step);
    }
    None
}

/// Chooses `k` cells of `others` (from index `from` on) into `pick` so that their
/// candidates with `bits` are exactly `k + 1` digits, and some other cell holds one of
/// them; returns those digits.
fn naked_with(
    s: &State,
    others: &[usize],
    k: usize,
    from: usize,
    bits: u64,
    pick: &mut Vec<usize>,
) -> Option<u64> {
    if bits.count_ones() as usize > k + 1 {
        return None;
    }
    if pick.len() == k {
        let removes = others
            .iter()
            .any(|c| !pick.contains(c) && s.cand[*c].0 & bits != 0);
        return (bits.count_ones() as usize == k + 1 && removes).then_some(bits);
    }
    for i in from..others.len() {
        pick.push(others[i]);
        if let Some(found) = naked_with(s, others, k, i + 1, bits | s.cand[others[i]].0, pick) {
            return Some(found);
        }
        pick.pop();
    }
    None
}

/// The first avoidable rectangle (type 1, then type 2) that removes something: corners
/// the rules placed, never a given.
pub fn avoidable(board: &Board, s: &State) -> Option<Step> {
    let worth = |corners: [usize; 4]| {
        let placed = corners.iter().filter(|&&c| s.value[c] != 0).count();
        corners.iter().all(|&c| !s.given[c]) && (2..=3).contains(&placed)
    };
    rectangles(board, worth).find_map(|corners| {
        let placed: Vec<usize> = (0..4).filter(|&i| s.value[corners[i]] != 0).collect();
        match placed.len() {
            3 => avoidable_three(s, corners, &placed),
            2 if adjacent(placed[0], placed[1]) => avoidable_two(board, s, corners, &placed),
            _ => None,
        }
    })
}

fn avoidable_three(s: &State, corners: [usize; 4], placed: &[usize]) -> Option<Step> {
    let open = (0..4).find(|i| !placed.contains(i))?;
    let diagonal = 3 - open;
    let a = s.value[corners[diagonal]];
    let b = s.value[corners[placed.iter().copied().find(|&i| i != diagonal)?]];
    let sides_b = placed
        .iter()
        .all(|&i| i == diagonal || s.value[corners[i]] == b);
    if a == b || !sides_b || !s.cand[corners[open]].contains(a) {
        return None;
    }
    let mut cells: Vec<usize> = placed.iter().map(|&i| corners[i]).collect();
    cells.push(corners[open]);
    let mut step = unique_step(
        UniquePattern::AvoidableRectangle,
        cells,
        vec![a.min(b), a.max(b)],
    );
    step.eliminations = vec![(corners[open], a)];
    Some(step)
}

fn avoidable_two(board: &Board, s: &State, corners: [usize; 4], placed: &[usize]) -> Option<Step> {
    let (p, q) = (placed[0], placed[1]);
    let (a, b) = (s.value[corners[p]], s.value[corners[q]]);
    if a == b {
        return None;
    }
    // The open corner opposite p across the side away from it holds {b, x}: it is the
    // one diagonal to q, which shares a side with p.
    let (op, oq) = (3 - q, 3 - p);
    let (cp, cq) = (corners[op], corners[oq]);
    if s.value[cp] != 0 || s.value[cq] != 0 {
        return None;
    }
    let (mp, mq) = (s.cand[cp].0, s.cand[cq].0);
    let bit = |d: u8| 1u64 << (d - 1);
    // cp lies on p's side (same line as p), so swapping needs it to hold b; cq needs a.
    if mp.count_ones() != 2 || mq.count_ones() != 2 || mp & bit(b) == 0 || mq & bit(a) == 0 {
        return None;
    }
    let (xp, xq) = (mp & !bit(b), mq & !bit(a));
    if xp != xq {
        return None;
    }
    let x = xp.trailing_zeros() as u8 + 1;
    let elim = seeing_all(board, s, &[cp, cq], x);
    if elim.is_empty() {
        return None;
    }
    let mut step = unique_step(
        UniquePattern::AvoidableRectangleExtra,
        vec![corners[p], corners[q], cp, cq],
        vec![a.min(b), a.max(b)],
    );
    step.eliminations = elim;
    Some(step)
}

/// BUG+1: the one open cell with three candidates holds the digit with three places in
/// each of its units, when every other unit and digit has two places or none.
pub fn bug(board: &Board, s: &State) -> Option<Step> {
    let mut triple = None;
    for c in (0..s.value.len()).filter(|&c| s.value[c] == 0) {
        match s.cand[c].len() {
            2 => {}
            3 if triple.is_none() => triple = Some(c),
            _ => return None,
        }
    }
    let t = triple?;
    let mut odd = None;
    for u in 0..board.unit_count() {
        let holds_t = board.units[u].contains(&t);
        for d in 1..=board.n as u8 {
            if board.units[u].iter().any(|&c| s.value[c] == d) {
                continue;
            }
            match s.places(d, u).count_ones() {
                2 => {}
                3 if holds_t && s.cand[t].contains(d) && odd.is_none_or(|o| o == d) => {
                    odd = Some(d)
                }
                _ => return None,
            }
        }
    }
    let d = odd?;
    // Every unit of the cell must have had three places for the digit.
    let units: Vec<usize> = board.cell_units[t].iter().map(|&(u, _)| u).collect();
    if units.iter().any(|&u| s.places(d, u).count_ones() != 3) {
        return None;
    }
    let mut step = unique_step(UniquePattern::Bug, vec![t], vec![d]);
    step.units = units;
    step.placements = vec![(t, d)];
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::position;
    use super::*;

    fn keep(spec: &[(usize, &[u8])]) -> (Board, State) {
        let elim: Vec<(usize, u8)> = spec
            .iter()
            .flat_map(|&(c, k)| {
                (1..=9u8)
                    .filter(move |d| !k.contains(d))
                    .map(move |d| (c, d))
            })
            .collect();
        position(&".".repeat(81), &elim)
    }

    #[test]
    fn type_1_takes_the_pair_from_the_fourth_corner() {
        // r1c1, r1c4, r2c1 hold {1,2}; r2c4 holds {1,2,5}; boxes 1 and 2.
        let (b, s) = keep(&[(0, &[1, 2]), (3, &[1, 2]), (9, &[1, 2]), (12, &[1, 2, 5])]);
        let rule = super::super::super::engine::rule_index("unique rectangle").unwrap();
        let step =
            super::super::super::engine::find(rule, &b, &s, &mut Default::default()).unwrap();
        assert!(step.assumes_unique());
        assert_eq!(step.eliminations, vec![(12, 1), (12, 2)]);
    }

    #[test]
    fn type_2_takes_the_extra_digit_from_cells_seeing_both_roofs() {
        let (b, s) = keep(&[
            (0, &[1, 2]),
            (3, &[1, 2]),
            (9, &[1, 2, 7]),
            (12, &[1, 2, 7]),
        ]);
        let step = rectangle(&b, &s).unwrap();
        assert_eq!(
            step.detail,
            Detail::Unique {
                pattern: UniquePattern::RectangleExtra
            }
        );
        // Row 2 outside the rectangle loses 7.
        assert!(step
            .eliminations
            .iter()
            .all(|&(c, d)| d == 7 && (9..18).contains(&c)));
        assert_eq!(step.eliminations.len(), 7);
    }

    #[test]
    fn no_rectangle_across_four_boxes_or_with_two_extras() {
        // Rows 1 and 4: four boxes.
        let (b, s) = keep(&[(0, &[1, 2]), (3, &[1, 2]), (27, &[1, 2]), (30, &[1, 2, 5])]);
        assert_eq!(rectangle(&b, &s), None);
        // Different extra digits in the roofs, and not three floors.
        let (b, s) = keep(&[
            (0, &[1, 2]),
            (3, &[1, 2]),
            (9, &[1, 2, 5]),
            (12, &[1, 2, 6]),
        ]);
        assert_eq!(rectangle(&b, &s), None);
    }

    fn pattern(step: &Step) -> UniquePattern {
        match step.detail {
            Detail::Unique { pattern } => pattern,
            _ => panic!("not a uniqueness step: {step:?}"),
        }
    }

    fn remove_from(cells: impl Iterator<Item = usize>, d: u8) -> Vec<(usize, u8)> {
        cells.map(|c| (c, d)).collect()
    }

    #[test]
    fn type_3_makes_a_naked_pair_of_the_roof_and_another_cell() {
        // Roof r2c1 {1,2,3}, r2c4 {1,2,4}; r2c7 {3,4}: row 2 loses 3 and 4 elsewhere.
        let (b, s) = keep(&[
            (0, &[1, 2]),
            (3, &[1, 2]),
            (9, &[1, 2, 3]),
            (12, &[1, 2, 4]),
            (15, &[3, 4]),
        ]);
        let step = rectangle(&b, &s).unwrap();
        assert_eq!(pattern(&step), UniquePattern::RectangleSubset);
        assert_eq!(step.cells[4..], [15]);
        let mut expected: Vec<(usize, u8)> = [10, 11, 13, 14, 16, 17]
            .iter()
            .flat_map(|&c| [(c, 3), (c, 4)])
            .collect();
        let mut got = step.eliminations.clone();
        expected.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, expected);
    }

    #[test]
    fn type_4_takes_the_other_digit_from_a_roof_that_holds_the_first() {
        // 1 goes only in r2c1 or r2c4 in row 2: one of them is 1, neither can be 2.
        let mut spec = remove_from((10..18).filter(|&c| c != 12), 1);
        spec.extend([(9, 3), (12, 3)]);
        let (b, mut s) = keep(&[
            (0, &[1, 2]),
            (3, &[1, 2]),
            (9, &[1, 2, 5]),
            (12, &[1, 2, 6]),
        ]);
        for &(c, d) in &spec {
            s.eliminate(&b, c, d);
        }
        let step = rectangle(&b, &s).unwrap();
        assert_eq!(pattern(&step), UniquePattern::RectangleStrongLink);
        assert_eq!(step.eliminations, vec![(9, 2), (12, 2)]);
    }

    #[test]
    fn type_5_takes_the_extra_digit_from_cells_seeing_both_diagonal_roofs() {
        let (b, s) = keep(&[
            (0, &[1, 2]),
            (3, &[1, 2, 7]),
            (9, &[1, 2, 7]),
            (12, &[1, 2]),
        ]);
        let step = rectangle(&b, &s).unwrap();
        assert_eq!(pattern(&step), UniquePattern::RectangleDiagonal);
        // r1c2, r1c3 (row 1 and box 1) and r2c5, r2c6 (row 2 and box 2).
        let mut got = step.eliminations.clone();
        got.sort_unstable();
        assert_eq!(got, vec![(1, 7), (2, 7), (13, 7), (14, 7)]);
    }

    #[test]
    fn type_6_takes_a_digit_locked_to_the_rectangle_from_the_roof() {
        // Floors r1c1 and r2c4, roofs r1c4 and r2c1; 1 only in columns 1 and 4 of rows
        // 1 and 2.
        let (b, mut s) = keep(&[
            (0, &[1, 2]),
            (3, &[1, 2, 7]),
            (9, &[1, 2, 8]),
            (12, &[1, 2]),
        ]);
        for c in (0..18).filter(|&c| c % 9 != 0 && c % 9 != 3) {
            s.eliminate(&b, c, 1);
        }
        let step = rectangle(&b, &s).unwrap();
        assert_eq!(pattern(&step), UniquePattern::RectangleDiagonalFloor);
        assert_eq!(step.eliminations, vec![(3, 1), (9, 1)]);
    }

    #[test]
    fn avoidable_rectangles_need_placed_corners_that_are_not_givens() {
        let (b, mut s) = position(&".".repeat(81), &[]);
        // Type 1: r1c1 = 1, r1c4 = 2, r2c1 = 2 placed: r2c4 cannot take 1.
        s.place(&b, 0, 1);
        s.place(&b, 3, 2);
        s.place(&b, 9, 2);
        let step = avoidable(&b, &s).unwrap();
        assert_eq!(pattern(&step), UniquePattern::AvoidableRectangle);
        assert_eq!(step.eliminations, vec![(12, 1)]);
        // The same cells as givens make no deadly pattern.
        let mut line = ".".repeat(81);
        line.replace_range(0..1, "1");
        line.replace_range(3..4, "2");
        line.replace_range(9..10, "2");
        let (b, s) = position(&line, &[]);
        assert_eq!(avoidable(&b, &s), None);
        // Type 2: r1c1 = 1 and r1c4 = 2 placed, r2c1 {2, 9} and r2c4 {1, 9}: one of
        // them holds 9, so the rest of row 2 loses it.
        let (b, mut s) = position(&".".repeat(81), &[]);
        s.place(&b, 0, 1);
        s.place(&b, 3, 2);
        for d in (3..=8).chain([1]) {
            s.eliminate(&b, 9, d);
        }
        for d in (3..=8).chain([2]) {
            s.eliminate(&b, 12, d);
        }
        let step = avoidable(&b, &s).unwrap();
        assert_eq!(pattern(&step), UniquePattern::AvoidableRectangleExtra);
        assert!(step
            .eliminations
            .iter()
            .all(|&(c, d)| d == 9 && (9..18).contains(&c)));
        assert_eq!(step.eliminations.len(), 7);
    }
}
