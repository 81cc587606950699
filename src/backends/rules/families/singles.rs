//! Level 0: naked single (a cell with one candidate) and hidden single (a digit with
//! one place in a unit). Eppstein's "eliminate" and "locate".

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, Step};

/// The first open cell, in row-major order, with one candidate left.
pub fn naked(_board: &Board, s: &State) -> Option<Step> {
    let cell = (0..s.value.len()).find(|&c| s.value[c] == 0 && s.cand[c].len() == 1)?;
    let d = s.cand[cell].first()?;
    let mut step = Step::new(Detail::NakedSingle);
    step.cells.push(cell);
    step.digits.push(d);
    step.placements.push((cell, d));
    Some(step)
}

/// The first unit and digit, in table order, where the digit has one place left and
/// that place is still open.
pub fn hidden(board: &Board, s: &State) -> Option<Step> {
    for u in 0..board.unit_count() {
        for d in 1..=board.n as u8 {
            let p = s.places(d, u);
            if p.count_ones() != 1 {
                continue;
            }
            let cell = board.cell(u, p.trailing_zeros());
            if s.value[cell] == 0 {
                let mut step = Step::new(Detail::HiddenSingle { unit: u });
                step.cells.push(cell);
                step.digits.push(d);
                step.units.push(u);
                step.placements.push((cell, d));
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::position;
    use super::*;

    #[test]
    fn naked_single_fires_on_the_last_digit_of_a_row() {
        let (b, s) = position("123.............", &[]);
        let step = naked(&b, &s).unwrap();
        assert_eq!(step.placements, vec![(3, 4)]);
        let (b, s) = position("12..............", &[]);
        assert_eq!(naked(&b, &s), None);
    }

    #[test]
    fn hidden_single_fires_where_a_digit_has_one_place() {
        // 4x4 with 1 removed from r1c2..r1c4: row 1 has one place for it.
        let (b, s) = position("................", &[(1, 1), (2, 1), (3, 1)]);
        let step = hidden(&b, &s).unwrap();
        assert_eq!(step.placements, vec![(0, 1)]);
        assert_eq!(step.units, vec![0]);
        let (b, s) = position("................", &[(1, 1), (2, 1)]);
        assert_eq!(hidden(&b, &s), None);
    }
}
