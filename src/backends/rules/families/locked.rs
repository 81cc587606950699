//! Level 1: locked candidates (Eppstein's "align"). When a digit's places in one unit
//! all lie where it crosses another, the other unit loses the digit elsewhere: a box
//! confined to a line is "pointing", a line confined to a box is "claiming". Works
//! for every pair of units sharing two or more cells, so X-Sudoku's diagonals too.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{positions_of, Detail, Step};

/// The first crossing and digit, boxes first, that removes something.
pub fn find(board: &Board, s: &State) -> Option<Step> {
    for x in &board.crossings {
        for d in 1..=board.n as u8 {
            let inner = s.places(d, x.inner);
            if inner == 0 || inner & !x.inner_mask != 0 {
                continue;
            }
            let outside = s.places(d, x.outer) & !x.outer_mask;
            if outside == 0 {
                continue;
            }
            let mut step = Step::new(Detail::Locked {
                digit: d,
                inner: x.inner,
                outer: x.outer,
            });
            step.cells = positions_of(inner)
                .into_iter()
                .map(|i| board.cell(x.inner, i))
                .collect();
            step.digits.push(d);
            step.units = vec![x.inner, x.outer];
            step.eliminations = positions_of(outside)
                .into_iter()
                .map(|i| (board.cell(x.outer, i), d))
                .collect();
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::position;
    use super::*;

    #[test]
    fn pointing_removes_the_digit_along_the_line() {
        // 9x9, digit 5 in box 1 only in row 1 (r1c1..r1c3): r1c4..r1c9 lose it.
        let elim: Vec<(usize, u8)> = [9, 10, 11, 18, 19, 20].iter().map(|&c| (c, 5)).collect();
        let (b, s) = position(&".".repeat(81), &elim);
        let step = find(&b, &s).unwrap();
        assert_eq!(step.cells, vec![0, 1, 2]);
        assert_eq!(step.units, vec![18, 0]);
        assert_eq!(
            step.eliminations,
            (3..9).map(|c| (c, 5)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn nothing_fires_when_no_digit_is_confined() {
        let (b, s) = position(&".".repeat(81), &[(9, 5), (10, 5), (11, 5), (18, 5)]);
        assert_eq!(find(&b, &s), None);
    }

    #[test]
    fn claiming_when_the_box_has_nothing_to_point_with() {
        // Digit 5 in row 1 only in r1c1..r1c3 (box 1): the rest of box 1 loses it.
        let elim: Vec<(usize, u8)> = (3..9).map(|c| (c, 5)).collect();
        let (b, s) = position(&".".repeat(81), &elim);
        let step = find(&b, &s).unwrap();
        assert_eq!(step.units, vec![0, 18]);
        assert_eq!(step.eliminations.len(), 6);
        assert!(step.eliminations.contains(&(9, 5)) && step.eliminations.contains(&(20, 5)));
    }
}
