//! Killer cages, level 1: what a person checks first on a Killer. *Cage combinations*:
//! a cage's open cells take different digits adding up to what its total leaves, so a
//! cell keeps only the digits some such filling from the candidates puts there (a
//! filling is a combination of `model::combinations` matched to the cells); a digit
//! that a unit can place only inside the cage is one the cage must hold. *Cage
//! confinement*: a digit every combination left has is in the cage, in one of the cells
//! that can take it, so any cell seeing all of those loses it (the cage-unit
//! interaction when those cells share a unit).

use super::sums::{self, Fillings};
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{digits_of, ones, push_new, Detail, Step};

/// A cage's open cells, the total they must make, and the digits placed in it.
struct OpenCage {
    open: Vec<usize>,
    total: i64,
    placed: u64,
}

fn open_cage(board: &Board, s: &State, k: usize) -> OpenCage {
    let cage = &board.geometry.cages[k];
    let mut placed = 0u64;
    let mut sum = 0i64;
    let mut open = Vec::new();
    for &c in &cage.cells {
        match s.value[c] {
            0 => open.push(c),
            v => {
                placed |= 1 << (v - 1);
                sum += i64::from(v);
            }
        }
    }
    OpenCage {
        open,
        total: i64::from(cage.sum) - sum,
        placed,
    }
}

/// Digits the cage must hold: each with a unit whose places for it (still open) all
/// lie in the cage's open cells.
fn required(board: &Board, s: &State, open: &[usize], placed: u64) -> Vec<(u8, usize)> {
    let mut units: Vec<usize> = open
        .iter()
        .flat_map(|&c| board.cell_units[c].iter().map(|&(u, _)| u))
        .collect();
    units.sort_unstable();
    units.dedup();
    let mut out: Vec<(u8, usize)> = Vec::new();
    for d in (1..=board.n as u8).filter(|&d| placed >> (d - 1) & 1 == 0) {
        let confining = units.iter().copied().find(|&u| {
            let places = s.places(d, u);
            places != 0
                && ones(places)
                    .map(|i| board.units[u][i])
                    .all(|c| s.value[c] == 0 && open.contains(&c))
        });
        out.extend(confining.map(|u| (d, u)));
    }
    out
}

/// The fillings of a cage's open cells (with the digits `require` bits it must hold).
fn cage_fillings(board: &Board, s: &State, c: &OpenCage, require: u64) -> Fillings {
    sums::fillings(board, s, &c.open, c.total, true, (c.placed, require))
        .expect("a cage's cells all differ")
}

/// The first cage, in the order read, some of whose candidates no filling uses: every
/// candidate of its open cells when none fits (the cage is then a contradiction).
pub fn combos(board: &Board, s: &State) -> Option<Step> {
    for k in 0..board.geometry.cages.len() {
        let c = open_cage(board, s, k);
        if c.open.is_empty() {
            continue;
        }
        let mut f = cage_fillings(board, s, &c, 0);
        let mut unused = f.unused(s, &c.open);
        let mut needed = Vec::new();
        if unused.is_empty() {
            needed = required(board, s, &c.open, c.placed);
            if needed.is_empty() {
                continue;
            }
            let bits = needed.iter().fold(0u64, |m, &(d, _)| m | 1 << (d - 1));
            f = cage_fillings(board, s, &c, bits);
            unused = f.unused(s, &c.open);
            if unused.is_empty() {
                continue;
            }
        }
        let mut step = Step::new(Detail::CageCombinations {
            cage: k,
            combinations: f.combinations.clone(),
            required: needed.clone(),
        });
        step.cells = board.geometry.cages[k].cells.clone();
        step.digits = needed.iter().map(|&(d, _)| d).collect();
        for &(_, u) in &needed {
            push_new(&mut step.units, u);
        }
        step.eliminations = unused;
        return Some(step);
    }
    None
}

/// The first cage and digit, in order, where a digit every combination left has
/// leaves a cell outside the cage seeing all the cage's cells that can take it.
pub fn confined(board: &Board, s: &State) -> Option<Step> {
    for k in 0..board.geometry.cages.len() {
        let c = open_cage(board, s, k);
        if c.open.len() < 2 {
            continue;
        }
        let f = cage_fillings(board, s, &c, 0);
        if !f.any() {
            continue;
        }
        let common = f.combinations.iter().fold(u64::MAX, |m, &x| m & x) & !c.placed;
        for d in digits_of(common) {
            let holders: Vec<usize> = c
                .open
                .iter()
                .copied()
                .filter(|&x| s.cand[x].contains(d))
                .collect();
            let victims: Vec<(usize, u8)> = (0..s.value.len())
                .filter(|&x| s.value[x] == 0 && s.cand[x].contains(d) && !c.open.contains(&x))
                .filter(|&x| holders.iter().all(|&h| board.sees(h, x)))
                .map(|x| (x, d))
                .collect();
            if victims.is_empty() {
                continue;
            }
            let units: Vec<usize> = (0..board.unit_count())
                .filter(|&u| holders.iter().all(|h| board.units[u].contains(h)))
                .collect();
            let mut step = Step::new(Detail::CageConfinement {
                cage: k,
                digit: d,
                combinations: f.combinations.clone(),
                units: units.clone(),
            });
            step.cells = holders;
            step.digits.push(d);
            step.units = units;
            step.eliminations = victims;
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cage, Geometry, Puzzle, Variant};
    use std::sync::Arc;

    /// An empty 9x9 Killer with the given cages.
    fn killer(cages: Vec<(Vec<usize>, u32)>) -> (Board, State) {
        let cages = cages
            .into_iter()
            .map(|(cells, sum)| Cage { cells, sum })
            .collect();
        let g = Geometry::new(3, 3, Variant::Classic)
            .unwrap()
            .with_cages(cages)
            .unwrap();
        let p = Puzzle::new(Arc::new(g), vec![0; 81]);
        let b = Board::new(&p.geometry);
        let s = State::new(&b, &p);
        (b, s)
    }

    #[test]
    fn a_small_total_keeps_the_small_digits() {
        // A 3-cage of two cells is {1, 2}.
        let (b, s) = killer(vec![(vec![0, 1], 3)]);
        let step = combos(&b, &s).unwrap();
        assert_eq!(step.eliminations.len(), 14);
        assert!(step.eliminations.iter().all(|&(_, d)| d > 2));
        let Detail::CageCombinations { combinations, .. } = &step.detail else {
            panic!("{step:?}")
        };
        assert_eq!(combinations, &vec![0b11]);
    }

    #[test]
    fn a_required_digit_narrows_the_combinations() {
        // A 10-cage r1c1-r1c2; row 1 has its 9 only there: {1, 9}.
        let (b, mut s) = killer(vec![(vec![0, 1], 10)]);
        for c in 2..9 {
            s.eliminate(&b, c, 9);
        }
        // The plain fillings remove 5 (5+5 repeats); then the 9 of row 1 decides.
        let first = combos(&b, &s).unwrap();
        assert_eq!(first.eliminations, vec![(0, 5), (1, 5)]);
        for (c, d) in first.eliminations {
            s.eliminate(&b, c, d);
        }
        let step = combos(&b, &s).unwrap();
        let Detail::CageCombinations { required, .. } = &step.detail else {
            panic!("{step:?}")
        };
        assert_eq!(required, &vec![(9, 0)]);
        let left: Vec<u8> = s.cand[0]
            .iter()
            .filter(|&d| !step.eliminations.contains(&(0, d)))
            .collect();
        assert_eq!(left, vec![1, 9]);
    }

    #[test]
    fn a_digit_every_combination_has_leaves_the_unit() {
        // A 23-cage of three cells in row 1 is {6, 8, 9}: the rest of row 1 and of
        // box 1 lose 6, 8 and 9; the first is 6 from the row.
        let (b, s) = killer(vec![(vec![0, 1, 2], 23)]);
        let step = confined(&b, &s).unwrap();
        let Detail::CageConfinement { digit, units, .. } = step.detail else {
            panic!("{step:?}")
        };
        assert_eq!((digit, units), (6, vec![0, 18]));
        assert_eq!(step.eliminations.len(), 6 + 6);
    }
}
