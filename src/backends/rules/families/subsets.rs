//! Chen's r-reduction (Theorem 10), one implementation for every r: in a unit, `r`
//! open cells whose candidates together are only `r` digits take those digits, so the
//! unit's other cells lose them (a naked subset). Its dual, read in the digit view,
//! is the hidden subset: `r` digits with only `r` places between them keep those
//! cells, which lose every other digit. In a unit with `k` open cells a naked
//! `r`-subset is exactly a hidden `(k − r)`-subset (the complement), so searching both
//! views up to `k / 2` finds every r-reduction for every `r` up to `N − 1`, each under
//! its smaller, human name (pair, triple, quad...).
//!
//! The ladder runs it twice: up to r = 3 at level 1 (Eppstein's "pair" and "triad"),
//! and, behind the unit matching rule that finds larger ones in polynomial time, for
//! every size at level 2 ([`smallest_in_unit`]).

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{digits_of, Detail, Step};

/// The first r-reduction with `2 ≤ r ≤ max` (smallest `r` first, then unit order,
/// naked before hidden) that removes something.
pub fn find(board: &Board, s: &State, max: usize) -> Option<Step> {
    for r in 2..=max {
        for u in 0..board.unit_count() {
            if let Some(step) = in_unit(board, s, u, r, false) {
                return Some(step);
            }
        }
    }
    None
}

/// The ladder's level-1 entry: pairs and triples.
pub fn small(board: &Board, s: &State) -> Option<Step> {
    find(board, s, 3)
}

/// The smallest r-reduction in unit `u` that removes something, any size.
pub fn smallest_in_unit(board: &Board, s: &State, u: usize, by_matching: bool) -> Option<Step> {
    let open = board.units[u].iter().filter(|&&c| s.value[c] == 0).count();
    (1..=open / 2).find_map(|r| in_unit(board, s, u, r, by_matching))
}

/// An r-reduction of exactly size `r` in unit `u`, naked first, then hidden.
fn in_unit(board: &Board, s: &State, u: usize, r: usize, by_matching: bool) -> Option<Step> {
    let cells = &board.units[u];
    let mut open_pos = 0u64;
    let mut placed_digits = 0u64;
    for (i, &c) in cells.iter().enumerate() {
        match s.value[c] {
            0 => open_pos |= 1 << i,
            v => placed_digits |= 1 << (v - 1),
        }
    }
    if (open_pos.count_ones() as usize) <= r {
        return None;
    }
    // Naked: items are open cells (by position), bits are their candidates.
    let naked: Vec<(u32, u64)> = cells
        .iter()
        .enumerate()
        .filter(|(_, &c)| s.value[c] == 0)
        .map(|(i, &c)| (i as u32, s.cand[c].0))
        .collect();
    let others_hold = |chosen: u64, digits: u64| {
        naked
            .iter()
            .any(|&(i, bits)| chosen >> i & 1 == 0 && bits & digits != 0)
    };
    if let Some((chosen, digits)) = choose(&naked, r, &mut |c, d| others_hold(c, d)) {
        let mut step = Step::new(Detail::Subset {
            unit: u,
            hidden: false,
            by_matching,
        });
        step.units.push(u);
        step.digits = digits_of(digits);
        for &(i, bits) in &naked {
            let cell = cells[i as usize];
            if chosen >> i & 1 == 1 {
                step.cells.push(cell);
            } else {
                for d in digits_of(bits & digits) {
                    step.eliminations.push((cell, d));
                }
            }
        }
        return Some(step);
    }
    // Hidden: items are the digits not yet placed here, bits are their open places.
    let hidden: Vec<(u32, u64)> = (0..board.n as u32)
        .filter(|&d| placed_digits >> d & 1 == 0)
        .map(|d| (d, s.places(d as u8 + 1, u) & open_pos))
        .collect();
    let has_more = |digits: u64, places: u64| {
        naked
            .iter()
            .any(|&(i, bits)| places >> i & 1 == 1 && bits & !digits != 0)
    };
    let (ids, places) = choose(&hidden, r, &mut |ids, p| has_more(ids, p))?;
    let digits = ids;
    let mut step = Step::new(Detail::Subset {
        unit: u,
        hidden: true,
        by_matching,
    });
    step.units.push(u);
    step.digits = digits_of(digits);
    for &(i, bits) in &naked {
        if places >> i & 1 == 1 {
            let cell = cells[i as usize];
            step.cells.push(cell);
            for d in digits_of(bits & !digits) {
                step.eliminations.push((cell, d));
            }
        }
    }
    Some(step)
}

/// The first `r` items (in order) whose bits together number exactly `r` and that
/// `accept` takes: returns the chosen item ids and the union of their bits. Depth
/// first, cutting a branch as soon as its union exceeds `r`.
fn choose(
    items: &[(u32, u64)],
    r: usize,
    accept: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<(u64, u64)> {
    fn rec(
        items: &[(u32, u64)],
        start: usize,
        left: usize,
        ids: u64,
        union: u64,
        r: usize,
        accept: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Option<(u64, u64)> {
        if left == 0 {
            return (union.count_ones() as usize == r && accept(ids, union))
                .then_some((ids, union));
        }
        for i in start..items.len() {
            if items.len() - i < left {
                break;
            }
            let grown = union | items[i].1;
            if grown.count_ones() as usize > r {
                continue;
            }
            let found = rec(
                items,
                i + 1,
                left - 1,
                ids | 1 << items[i].0,
                grown,
                r,
                accept,
            );
            if found.is_some() {
                return found;
            }
        }
        None
    }
    rec(items, 0, r, 0, 0, r, accept)
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::{position, row_candidates};
    use super::*;

    #[test]
    fn a_naked_pair_clears_its_digits_from_the_row() {
        // Row 1 of an empty 9x9: r1c1 and r1c2 hold only {1,2}.
        let (b, s) = row_candidates(&[&[1, 2], &[1, 2]]);
        let step = find(&b, &s, 3).unwrap();
        assert_eq!(
            step.detail,
            Detail::Subset {
                unit: 0,
                hidden: false,
                by_matching: false
            }
        );
        assert_eq!(step.cells, vec![0, 1]);
        assert_eq!(step.digits, vec![1, 2]);
        assert_eq!(step.eliminations.len(), 7 * 2);
    }

    #[test]
    fn a_hidden_pair_keeps_only_its_digits() {
        // Digits 8 and 9 can go in row 1 only at r1c1 and r1c2 (removed elsewhere in the row),
        // and nowhere is a naked pair: those two cells keep every digit.
        let elim: Vec<(usize, u8)> = (2..9).flat_map(|c| [(c, 8), (c, 9)]).collect();
        let (b, s) = position(&".".repeat(81), &elim);
        let step = find(&b, &s, 3).unwrap();
        assert_eq!(
            step.detail,
            Detail::Subset {
                unit: 0,
                hidden: true,
                by_matching: false
            }
        );
        assert_eq!(step.cells, vec![0, 1]);
        assert_eq!(step.digits, vec![8, 9]);
        assert_eq!(step.eliminations.len(), 2 * 7);
    }

    #[test]
    fn no_subset_in_an_open_grid_or_a_lone_pair() {
        let (b, s) = position(&".".repeat(81), &[]);
        assert_eq!(find(&b, &s, 8), None);
        // One cell with {1,2} is not a pair.
        let (b, s) = row_candidates(&[&[1, 2]]);
        assert_eq!(find(&b, &s, 4), None);
    }

    #[test]
    fn every_size_is_found_under_its_smaller_name() {
        // Five cells of row 1 share five digits: a naked 5-subset, i.e. the other four
        // cells form a hidden quad of the other four digits.
        let five: &[u8] = &[1, 2, 3, 4, 5];
        let (b, s) = row_candidates(&[five, five, five, five, five]);
        assert_eq!(find(&b, &s, 3), None);
        let step = smallest_in_unit(&b, &s, 0, true).unwrap();
        assert_eq!(
            step.detail,
            Detail::Subset {
                unit: 0,
                hidden: true,
                by_matching: true
            }
        );
        assert_eq!(step.digits, vec![6, 7, 8, 9]);
        assert_eq!(step.cells, vec![5, 6, 7, 8]);
        assert_eq!(step.eliminations.len(), 4 * 5);
    }
}
