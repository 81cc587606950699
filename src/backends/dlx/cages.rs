//! How a Killer cage enters the exact-cover matrix. Two statements, both exact cover
//! with primary columns only, each cage taking one:
//!
//! - **Placements** (the usual one): a row per way to fill the whole cage at once, each
//!   ordering of a digit set of the cage's size and total over its cells that the
//!   candidates allow, covering every cell's usual columns and the cage's own column.
//! - **Sets** (for a cage with more placements than [`PLACEMENT_CAP`]): the cells keep
//!   their usual rows, each also covering the cage's column for its value (`cage#v`);
//!   one row per digit set covers the cage's column and `cage#v` for every value *not*
//!   in the set. Every `cage#v` is then covered once, by the set's row or by the one
//!   cell of the cage holding `v`: the cells hold exactly the set.
//!
//! The sizes measured on Killers and the choice of the cap: `encodings/exact-cover.md`.

use crate::model::{combinations, Cage, CandSet};

/// The most placement rows a cage is stated with; a cage with more is stated by its
/// digit sets. A 9x9 cage of five cells has at most 1,440 placements with no givens
/// (twelve sets of 25, 120 orders each), six cells at most 5,760 (eight sets, 720
/// orders each), so every cage of up to six cells is stated by placements; seven cells
/// reach 20,160 and a whole 45 of nine cells 362,880.
pub const PLACEMENT_CAP: usize = 6_000;

/// How one cage is stated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Statement {
    /// Rows that fill the cage at once: the values of its cells, in the cage's order.
    Placements(Vec<Vec<u8>>),
    /// Rows that choose its digit set; the cells keep their own rows.
    Sets(Vec<CandSet>),
}

/// The statement of `cage` given the cells' `candidates` (a given's own value alone):
/// its placements if there are at most `cap`, else its digit sets that hold every value
/// a cell of the cage is bound to (a given).
pub fn state(n: usize, cage: &Cage, candidates: &[CandSet], cap: usize) -> Statement {
    let sets = combinations(n, cage.cells.len(), cage.sum);
    let cands: Vec<CandSet> = cage.cells.iter().map(|&c| candidates[c]).collect();
    let mut out = Vec::new();
    let mut values = Vec::with_capacity(cands.len());
    for &set in &sets {
        if !place(&cands, set, &mut values, &mut out, cap) {
            let bound = cands
                .iter()
                .filter(|c| c.len() == 1)
                .fold(CandSet::EMPTY, |a, &c| a | c);
            return Statement::Sets(
                sets.into_iter()
                    .filter(|s| s.0 & bound.0 == bound.0)
                    .collect(),
            );
        }
    }
    Statement::Placements(out)
}

/// Adds to `out` every completion of `values` (the first cells' values) that gives each
/// further cell a value of `set` its candidates allow, none twice; false once `out`
/// would pass `cap`.
fn place(
    cands: &[CandSet],
    set: CandSet,
    values: &mut Vec<u8>,
    out: &mut Vec<Vec<u8>>,
    cap: usize,
) -> bool {
    let Some(&here) = cands.get(values.len()) else {
        if out.len() >= cap {
            return false;
        }
        out.push(values.clone());
        return true;
    };
    let used = values.iter().fold(CandSet::EMPTY, |mut a, &v| {
        a.insert(v);
        a
    });
    for v in CandSet(here.0 & set.0 & !used.0).iter() {
        values.push(v);
        let fits = place(cands, set, values, out, cap);
        values.pop();
        if !fits {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cage(cells: usize, sum: u32) -> Cage {
        Cage {
            cells: (0..cells).collect(),
            sum,
        }
    }

    #[test]
    fn placements_are_the_orders_of_the_sets_the_candidates_allow() {
        let full = vec![CandSet::full(9); 9];
        // 4 in two cells: 1 + 3, either way round.
        assert_eq!(
            state(9, &cage(2, 4), &full, 100),
            Statement::Placements(vec![vec![1, 3], vec![3, 1]])
        );
        // 25 in five cells: twelve sets, 120 orders each.
        let Statement::Placements(p) = state(9, &cage(5, 25), &full, PLACEMENT_CAP) else {
            panic!("a five-cell cage passed the cap");
        };
        assert_eq!(p.len(), 1_440);
        // The most placements of a cage of six and of seven cells, over every total.
        let most = |cells: usize| {
            let (low, high) = crate::model::sum_range(9, cells);
            (low..=high)
                .map(|sum| match state(9, &cage(cells, sum), &full, usize::MAX) {
                    Statement::Placements(p) => p.len(),
                    Statement::Sets(_) => unreachable!("no cap"),
                })
                .max()
                .unwrap()
        };
        assert_eq!((most(6), most(7)), (5_760, 20_160));
        assert!(most(6) <= PLACEMENT_CAP && most(7) > PLACEMENT_CAP);
        // A given 3 in the first cell leaves one order of 1 + 3.
        let mut given = full.clone();
        given[0] = CandSet::single(3);
        assert_eq!(
            state(9, &cage(2, 4), &given, 100),
            Statement::Placements(vec![vec![3, 1]])
        );
    }

    #[test]
    fn past_the_cap_a_cage_is_stated_by_the_sets_holding_its_givens() {
        let mut cands = vec![CandSet::full(9); 9];
        assert_eq!(
            state(9, &cage(9, 45), &cands, PLACEMENT_CAP),
            Statement::Sets(vec![CandSet::full(9)])
        );
        // 20 in four cells: 12 sets; a given 9 keeps the 5 that hold it.
        cands[2] = CandSet::single(9);
        let Statement::Sets(sets) = state(9, &cage(4, 20), &cands, 10) else {
            panic!("below the cap");
        };
        assert_eq!(sets.len(), 5);
        assert!(sets.iter().all(|s| s.contains(9)));
    }
}
