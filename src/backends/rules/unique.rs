//! Uniqueness rules, only with `--assume-unique`: sound only for puzzles known to have
//! one solution, so off by default, and every step they make is marked as resting on
//! that assumption (`Step::assumes_unique`, read from the rule table).
//!
//! A unique rectangle is four open cells on two rows, two columns and exactly two
//! boxes, all holding the digits `a` and `b`. If all four held only `a` and `b`, the
//! two ways of filling them would both complete the puzzle (the "deadly pattern"); a
//! puzzle with one solution cannot reach it. So:
//! - **type 1**: three corners hold only `{a, b}`: the fourth loses `a` and `b`;
//! - **type 2** (the five-cell relative): two corners hold only `{a, b}` and the other
//!   two only `{a, b, x}`: one of those two holds `x`, so cells seeing both lose `x`.
//!
//! Rectangles are read on the rows and columns of the model (any box shape); boxes
//! are counted through the cells' units.

use super::board::Board;
use super::state::State;
use super::step::{Detail, Step, UniquePattern};
use crate::model::UnitKind;

fn box_of(board: &Board, c: usize) -> Option<usize> {
    board.cell_units[c]
        .iter()
        .map(|&(u, _)| u)
        .find(|&u| board.geometry.units[u].kind == UnitKind::Box)
}

/// The first unique rectangle (type 1, then type 2) that removes something.
pub fn find(board: &Board, s: &State) -> Option<Step> {
    let n = board.n;
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if corners.iter().any(|&c| s.value[c] != 0) {
                        continue;
                    }
                    let mut boxes: Vec<Option<usize>> =
                        corners.iter().map(|&c| box_of(board, c)).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 {
                        continue;
                    }
                    if let Some(step) = rectangle(board, s, corners) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

fn rectangle(board: &Board, s: &State, corners: [usize; 4]) -> Option<Step> {
    let common = corners.iter().fold(board.full, |m, &c| m & s.cand[c].0);
    if common.count_ones() < 2 {
        return None;
    }
    let pair_bits: Vec<u64> = corners
        .iter()
        .map(|&c| s.cand[c].0)
        .filter(|m| m.count_ones() == 2)
        .collect();
    // The pair: a two-candidate corner's digits (all corners hold them).
    let pair = *pair_bits.first()?;
    if pair & common != pair {
        return None;
    }
    let digits = super::step::digits_of(pair);
    let floors: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&c| s.cand[c].0 == pair)
        .collect();
    let roofs: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&c| s.cand[c].0 != pair)
        .collect();
    let mut cells = floors.clone();
    cells.extend(&roofs);
    if floors.len() == 3 {
        let roof = roofs[0];
        let mut step = Step::new(Detail::Unique {
            pattern: UniquePattern::Rectangle,
        });
        step.cells = cells;
        step.digits = digits.clone();
        step.eliminations = digits.iter().map(|&d| (roof, d)).collect();
        return Some(step);
    }
    if floors.len() == 2 {
        let extra = s.cand[roofs[0]].0 & !pair;
        if extra.count_ones() == 1 && s.cand[roofs[1]].0 & !pair == extra {
            let x = extra.trailing_zeros() as u8 + 1;
            let elim: Vec<(usize, u8)> = board.peers[roofs[0]]
                .iter()
                .copied()
                .filter(|&c| c != roofs[1] && s.value[c] == 0 && s.cand[c].contains(x))
                .filter(|&c| board.sees(c, roofs[1]))
                .map(|c| (c, x))
                .collect();
            if !elim.is_empty() {
                let mut step = Step::new(Detail::Unique {
                    pattern: UniquePattern::RectangleExtra,
                });
                step.cells = cells;
                step.digits = digits;
                step.eliminations = elim;
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testutil::position;
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
        let rule = super::super::engine::rule_index("unique rectangle").unwrap();
        let step = super::super::engine::find(rule, &b, &s, &mut Default::default()).unwrap();
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
        let step = find(&b, &s).unwrap();
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
        assert_eq!(find(&b, &s), None);
        // Different extra digits in the roofs, and not three floors.
        let (b, s) = keep(&[
            (0, &[1, 2]),
            (3, &[1, 2]),
            (9, &[1, 2, 5]),
            (12, &[1, 2, 6]),
        ]);
        assert_eq!(find(&b, &s), None);
    }
}
