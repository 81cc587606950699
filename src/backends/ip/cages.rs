//! What a Killer cage and the givens inside it decide before the 0-1 model is built:
//! the values a blank cell of the cage can still hold. A value stays only if some digit
//! set of the cage's size and total ([`crate::model::combinations`]) holds every given
//! of the cage and can still be spread over its blank cells: each blank cell keeps a
//! value of the set (less the givens) and every such value is kept by some blank cell.

use crate::model::cage::listable;
use crate::model::{combinations, CandSet, Puzzle};

/// Narrows `candidates` (one set per cell, as [`Puzzle::candidates`] gives them) by the
/// cages of `puzzle`: a blank cell of a cage keeps only the values some fitting digit
/// set of the cage leaves it. Givens twice in a cage leave its blank cells no value,
/// which the model's rows then read as infeasible.
pub fn narrow(puzzle: &Puzzle, candidates: &mut [CandSet]) {
    let g = &puzzle.geometry;
    for cage in &g.cages {
        let mut given = CandSet::EMPTY;
        let mut repeated = false;
        for &c in &cage.cells {
            let v = puzzle.cells[c];
            if v != 0 {
                repeated |= given.contains(v);
                given.insert(v);
            }
        }
        let blanks: Vec<usize> = cage
            .cells
            .iter()
            .copied()
            .filter(|&c| puzzle.cells[c] == 0)
            .collect();
        let mut kept = vec![CandSet::EMPTY; blanks.len()];
        if !listable(g.n, cage) {
            // Too many digit sets to list: the cage's rows alone state it.
            continue;
        }
        if !repeated {
            for set in combinations(g.n, cage.cells.len(), cage.sum) {
                if set.0 & given.0 != given.0 {
                    continue;
                }
                let rest = CandSet(set.0 & !given.0);
                let each: Vec<CandSet> = blanks
                    .iter()
                    .map(|&c| CandSet(candidates[c].0 & rest.0))
                    .collect();
                let reached = each.iter().fold(CandSet::EMPTY, |a, &s| a | s);
                if each.iter().all(|s| !s.is_empty()) && reached == rest {
                    for (k, s) in kept.iter_mut().zip(&each) {
                        *k = *k | *s;
                    }
                }
            }
        }
        for (&c, k) in blanks.iter().zip(kept) {
            candidates[c] = k;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::narrow;
    use crate::model::{Cage, CandSet, Geometry, Puzzle, Variant};
    use std::sync::Arc;

    fn killer(cages: Vec<Cage>, cells: Vec<u8>) -> Puzzle {
        let g = Geometry::new(3, 3, Variant::Classic)
            .unwrap()
            .with_cages(cages)
            .unwrap();
        Puzzle::new(Arc::new(g), cells)
    }

    fn set(values: &[u8]) -> CandSet {
        values.iter().fold(CandSet::EMPTY, |mut s, &v| {
            s.insert(v);
            s
        })
    }

    #[test]
    fn a_cage_keeps_the_values_of_its_digit_sets() {
        // 3 in two cells is 1 + 2; 17 is 8 + 9.
        let cages = vec![
            Cage {
                cells: vec![0, 1],
                sum: 3,
            },
            Cage {
                cells: vec![9, 18],
                sum: 17,
            },
        ];
        let p = killer(cages, vec![0; 81]);
        let mut c = p.candidates();
        narrow(&p, &mut c);
        assert_eq!((c[0], c[1]), (set(&[1, 2]), set(&[1, 2])));
        assert_eq!((c[9], c[18]), (set(&[8, 9]), set(&[8, 9])));
        assert_eq!(c[2], CandSet::full(9));
    }

    #[test]
    fn givens_in_and_around_a_cage_choose_its_sets() {
        // 10 in three cells: {1,2,7} {1,3,6} {1,4,5} {2,3,5}. With r1c1 = 1 given the
        // other two take {2,7}, {3,6} or {4,5}; 6 given in r2c2, in the box of both,
        // leaves {3,6} no cell for its 6.
        let cages = vec![Cage {
            cells: vec![0, 1, 2],
            sum: 10,
        }];
        let mut cells = vec![0; 81];
        cells[0] = 1;
        cells[10] = 6;
        let p = killer(cages, cells);
        let mut c = p.candidates();
        narrow(&p, &mut c);
        assert_eq!(c[1], set(&[2, 4, 5, 7]));
        assert_eq!(c[2], set(&[2, 4, 5, 7]));
        assert_eq!(c[0], CandSet::single(1));
    }

    #[test]
    fn a_given_twice_in_a_cage_leaves_its_blanks_nothing() {
        let cages = vec![Cage {
            cells: vec![0, 10, 20],
            sum: 12,
        }];
        let mut cells = vec![0; 81];
        cells[0] = 4;
        cells[10] = 4;
        let p = killer(cages, cells);
        let mut c = p.candidates();
        narrow(&p, &mut c);
        assert!(c[20].is_empty());
    }
}
