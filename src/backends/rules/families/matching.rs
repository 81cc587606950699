//! Level 2: Eppstein's two matching rules (§3.1), through the shared bipartite
//! matching and SCC code of [`crate::graph::matching`] (the same code as the `csp`
//! backend's `gac` filter).
//!
//! - Per unit ("subproblem"): open cells against the digits not yet placed; a
//!   candidate in no perfect matching is removed. By Hall's theorem each such removal
//!   is an r-reduction, so the step is reported as the smallest naked or hidden subset
//!   of the unit that removes something ([`subsets::smallest_in_unit`]).
//! - Per digit: rows against columns, joined where the digit can go; an edge in no
//!   perfect matching is removed. The Hall set behind it is a fish: `k` rows that hold
//!   the digit only in `k` columns (X-wing, swordfish, jellyfish...). Boxes and
//!   diagonals are ignored here, which only weakens the rule (it stays sound).

use super::subsets;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{positions_of, Contradiction, Detail, Step};
use crate::graph::matching::unmatchable;

/// The first unit whose cell-digit matching rules out a candidate.
pub fn unit(board: &Board, s: &State) -> Option<Step> {
    let mut rows: Vec<u64> = Vec::with_capacity(board.n);
    for u in 0..board.unit_count() {
        rows.clear();
        rows.extend(
            board.units[u]
                .iter()
                .filter(|&&c| s.value[c] == 0)
                .map(|&c| s.cand[c].0),
        );
        if rows.len() < 2 {
            continue;
        }
        let Some((_, _, dead)) = unmatchable(&rows[..]) else {
            let mut step = Step::new(Detail::Contradiction {
                what: Contradiction::UnitMatching,
            });
            step.units.push(u);
            step.cells = board.units[u]
                .iter()
                .copied()
                .filter(|&c| s.value[c] == 0)
                .collect();
            return Some(step);
        };
        if dead.iter().any(|&d| d != 0) {
            // Hall's theorem: some subset of the unit explains the removals.
            if let Some(step) = subsets::smallest_in_unit(board, s, u, true) {
                return Some(step);
            }
            debug_assert!(false, "a matching removal without an r-reduction");
        }
    }
    None
}

/// The first digit whose row-column matching rules out a cell.
pub fn digit(board: &Board, s: &State) -> Option<Step> {
    let n = board.n;
    let mut rows = vec![0u64; n];
    for d in 1..=n as u8 {
        let mut placed_rows = 0u64;
        let mut placed_cols = 0u64;
        for (r, row) in rows.iter_mut().enumerate() {
            *row = s.places(d, board.row(r));
            let c = row.trailing_zeros() as usize;
            if row.count_ones() == 1 && s.value[r * n + c] == d {
                placed_rows |= 1 << r;
                placed_cols |= 1 << c;
            }
        }
        if placed_rows == board.full {
            continue;
        }
        let Some((m, res, dead)) = unmatchable(&rows[..]) else {
            let mut step = Step::new(Detail::Contradiction {
                what: Contradiction::DigitMatching,
            });
            step.digits.push(d);
            return Some(step);
        };
        let Some(x) = dead.iter().position(|&b| b != 0) else {
            continue;
        };
        let v = dead[x].trailing_zeros() as usize;
        let y = m.right[v] as usize;
        let hall_rows = res.hall_set(y);
        let hall_cols = positions_of(hall_rows)
            .into_iter()
            .fold(0u64, |acc, r| acc | 1 << m.left[r as usize]);
        // Every other row loses the digit in the Hall set's columns.
        let mut step = Step::new(Detail::Fish {
            digit: d,
            lines: Vec::new(),
            crosses: Vec::new(),
        });
        for r in positions_of(board.full & !hall_rows) {
            for c in positions_of(rows[r as usize] & hall_cols) {
                step.eliminations.push((r as usize * n + c as usize, d));
            }
        }
        // Say it the shorter way round: the complement (columns outside, confined
        // to the rows outside) is the same fish seen down the columns.
        let other_rows = board.full & !hall_rows & !placed_rows;
        let other_cols = board.full & !hall_cols & !placed_cols;
        let (lines, crosses) = if other_rows.count_ones() < hall_rows.count_ones() {
            (
                positions_of(other_cols)
                    .into_iter()
                    .map(|c| board.column(c as usize))
                    .collect::<Vec<_>>(),
                positions_of(other_rows)
                    .into_iter()
                    .map(|r| board.row(r as usize))
                    .collect::<Vec<_>>(),
            )
        } else {
            (
                positions_of(hall_rows)
                    .into_iter()
                    .map(|r| board.row(r as usize))
                    .collect(),
                positions_of(hall_cols)
                    .into_iter()
                    .map(|c| board.column(c as usize))
                    .collect(),
            )
        };
        for &line in &lines {
            for p in positions_of(s.places(d, line)) {
                step.cells.push(board.cell(line, p));
            }
        }
        step.cells.sort_unstable();
        step.digits.push(d);
        step.units = lines.iter().chain(&crosses).copied().collect();
        step.detail = Detail::Fish {
            digit: d,
            lines,
            crosses,
        };
        return Some(step);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::{position, row_candidates, x_wing};
    use super::*;

    #[test]
    fn an_x_wing_in_rows_clears_its_columns() {
        // Digit 4 in rows 1 and 5 only in columns 2 and 8 (removed elsewhere in those rows).
        let (b, s) = x_wing();
        let step = digit(&b, &s).unwrap();
        let Detail::Fish {
            digit,
            lines,
            crosses,
        } = &step.detail
        else {
            panic!()
        };
        assert_eq!(
            (*digit, lines.clone(), crosses.clone()),
            (4, vec![0, 4], vec![10, 16])
        );
        assert_eq!(step.eliminations.len(), 7 * 2);
        assert!(step.eliminations.contains(&(9 + 1, 4)) && !step.eliminations.contains(&(1, 4)));
    }

    #[test]
    fn no_fish_in_an_open_grid() {
        let (b, s) = position(&".".repeat(81), &[(0, 4), (10, 4)]);
        assert_eq!(digit(&b, &s), None);
    }

    #[test]
    fn unit_matching_reports_a_large_subset_and_stays_quiet_otherwise() {
        let five: &[u8] = &[1, 2, 3, 4, 5];
        let (b, s) = row_candidates(&[five, five, five, five, five]);
        let rule = super::super::super::engine::rule_index("unit matching").unwrap();
        let step =
            super::super::super::engine::find(rule, &b, &s, &mut Default::default()).unwrap();
        assert_eq!(step.rule_name(), "unit matching");
        assert_eq!(step.level(), Some(2));
        assert_eq!(step.eliminations.len(), 20);
        let (b, s) = position(&".".repeat(81), &[]);
        assert_eq!(unit(&b, &s), None);
    }

    #[test]
    fn a_unit_without_a_matching_is_a_contradiction() {
        let (b, s) = row_candidates(&[&[1, 2], &[1, 2], &[1, 2]]);
        assert!(unit(&b, &s).unwrap().is_contradiction());
    }
}
