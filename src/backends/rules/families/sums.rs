//! What open cells with a known total can hold: a Killer cage's cells, or the innies
//! and outies the 45 rule adds up. A *filling* gives each cell one of its candidates,
//! the digits add up to the total, and two cells that must differ (a shared unit or
//! cage) get different digits; a cell keeps the digits some filling puts there. Shared
//! by the cage families ([`super::cages`], [`super::innies`]).
//!
//! When every two cells differ, the fillings are read per combination of digits
//! (`model::combinations`): a combination fits when its digits can be matched to the
//! cells, each to a cell holding it, and a cell keeps a digit when the rest of the
//! combination can be matched to the other cells (Kuhn's augmenting paths, cells
//! against digits). Otherwise a depth-first search looks for one filling through each
//! candidate, for groups of up to [`MAX_LOOSE`] cells.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::model::combinations;

/// Most cells of a group whose cells need not all differ that [`fillings`] searches
/// (a search per candidate, each up to `n^k` fillings).
pub const MAX_LOOSE: usize = 6;

/// What the fillings of a group of cells allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fillings {
    /// Per cell (in the group's order), the digits some filling puts there, as bits
    /// (bit `d - 1` for digit `d`); all empty when no filling exists.
    pub support: Vec<u64>,
    /// When every two cells differ: the digit sets some filling uses, in the order of
    /// `model::combinations`; empty otherwise.
    pub combinations: Vec<u64>,
}

impl Fillings {
    /// Whether some filling exists.
    pub fn any(&self) -> bool {
        self.support.iter().all(|&s| s != 0)
    }

    /// The candidates of `cells` (the group's) no filling uses, as `(cell, digit)`.
    pub fn unused(&self, s: &State, cells: &[usize]) -> Vec<(usize, u8)> {
        cells
            .iter()
            .zip(&self.support)
            .flat_map(|(&c, &keep)| {
                s.cand[c]
                    .iter()
                    .filter(move |&d| keep >> (d - 1) & 1 == 0)
                    .map(move |d| (c, d))
            })
            .collect()
    }
}

/// Whether every two of `cells` must hold different digits (a shared unit or cage).
pub fn all_differ(board: &Board, cells: &[usize]) -> bool {
    cells
        .iter()
        .enumerate()
        .all(|(i, &a)| cells[i + 1..].iter().all(|&b| board.differ(a, b)))
}

/// The fillings of the open `cells` adding up to `total`. When every two cells differ
/// (`distinct`), each combination must avoid the digits of `avoid` and hold those of
/// `require` (bits); else `avoid` and `require` are ignored. `None` when the cells need
/// not all differ and are more than [`MAX_LOOSE`] (not searched).
pub fn fillings(
    board: &Board,
    s: &State,
    cells: &[usize],
    total: i64,
    distinct: bool,
    (avoid, require): (u64, u64),
) -> Option<Fillings> {
    let cand: Vec<u64> = cells.iter().map(|&c| s.cand[c].0).collect();
    let k = cells.len();
    let none = Fillings {
        support: vec![0; k],
        combinations: Vec::new(),
    };
    if k == 0 || total < 0 {
        return Some(none);
    }
    if distinct {
        return Some(by_combinations(board.n, &cand, total, avoid, require));
    }
    if k > MAX_LOOSE {
        return None;
    }
    let differ: Vec<Vec<bool>> = cells
        .iter()
        .map(|&a| cells.iter().map(|&b| board.differ(a, b)).collect())
        .collect();
    Some(by_search(&cand, &differ, total))
}

/// Fillings of cells that all differ, one combination at a time.
fn by_combinations(n: usize, cand: &[u64], total: i64, avoid: u64, require: u64) -> Fillings {
    let k = cand.len();
    let union = cand.iter().fold(0, |m, &c| m | c);
    let mut support = vec![0u64; k];
    let mut kept = Vec::new();
    let Ok(total) = u32::try_from(total) else {
        return Fillings {
            support,
            combinations: kept,
        };
    };
    for combo in combinations(n, k, total) {
        let digits = combo.0;
        if digits & !union != 0 || digits & avoid != 0 || require & !digits != 0 {
            continue;
        }
        if !perfect(cand, digits, None) {
            continue;
        }
        kept.push(digits);
        for (i, &c) in cand.iter().enumerate() {
            let mut open = c & digits & !support[i];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open &= open - 1;
                if perfect(cand, digits & !bit, Some(i)) {
                    support[i] |= bit;
                }
            }
        }
    }
    Fillings {
        support,
        combinations: kept,
    }
}

/// Whether the cells (but `skip`) can each take a different digit of `digits`, every
/// digit used: as many cells as digits, matched by augmenting paths.
fn perfect(cand: &[u64], digits: u64, skip: Option<usize>) -> bool {
    let mut owner = [usize::MAX; 64];
    for i in (0..cand.len()).filter(|&i| Some(i) != skip) {
        let mut seen = 0u64;
        if !augment(i, cand, digits, &mut owner, &mut seen) {
            return false;
        }
    }
    true
}

/// Kuhn's step: finds a digit for cell `i`, moving other cells to other digits.
fn augment(i: usize, cand: &[u64], digits: u64, owner: &mut [usize; 64], seen: &mut u64) -> bool {
    let mut options = cand[i] & digits;
    while options != 0 {
        let b = options.trailing_zeros() as usize;
        options &= options - 1;
        if *seen >> b & 1 == 1 {
            continue;
        }
        *seen |= 1 << b;
        if owner[b] == usize::MAX || augment(owner[b], cand, digits, owner, seen) {
            owner[b] = i;
            return true;
        }
    }
    false
}

/// Fillings of cells some of which may repeat a digit: for each candidate no filling
/// found so far uses, a search for one through it.
fn by_search(cand: &[u64], differ: &[Vec<bool>], total: i64) -> Fillings {
    let k = cand.len();
    let mut support = vec![0u64; k];
    for i in 0..k {
        let mut open = cand[i];
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open &= open - 1;
            if support[i] & bit != 0 {
                continue;
            }
            let mut fixed = cand.to_vec();
            fixed[i] = bit;
            let mut values = vec![0u8; k];
            if search(0, &fixed, differ, total, &mut values) {
                for (j, &v) in values.iter().enumerate() {
                    support[j] |= 1 << (v - 1);
                }
            }
        }
    }
    Fillings {
        support,
        combinations: Vec::new(),
    }
}

/// Depth-first: gives cells `at..` digits adding up to `left`, each different from the
/// digits of the cells before it that it must differ from.
fn search(at: usize, cand: &[u64], differ: &[Vec<bool>], left: i64, values: &mut [u8]) -> bool {
    if at == cand.len() {
        return left == 0;
    }
    // The least and most the cells after this one can add.
    let low: i64 = cand[at + 1..]
        .iter()
        .map(|&c| i64::from(c.trailing_zeros()) + 1)
        .sum();
    let high: i64 = cand[at + 1..]
        .iter()
        .map(|&c| 64 - i64::from(c.leading_zeros()))
        .sum();
    let mut options = cand[at];
    while options != 0 {
        let d = options.trailing_zeros() as u8 + 1;
        options &= options - 1;
        let rest = left - i64::from(d);
        if rest < low || rest > high {
            continue;
        }
        if (0..at).any(|j| differ[at][j] && values[j] == d) {
            continue;
        }
        values[at] = d;
        if search(at + 1, cand, differ, rest, values) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::position;
    use super::*;

    /// Every filling by brute force: per cell the digits used.
    fn brute(cand: &[u64], differ: &[Vec<bool>], total: i64) -> Vec<u64> {
        let k = cand.len();
        let mut support = vec![0u64; k];
        let mut values = vec![0u8; k];
        fn walk(
            at: usize,
            cand: &[u64],
            differ: &[Vec<bool>],
            total: i64,
            values: &mut [u8],
            support: &mut [u64],
        ) {
            if at == cand.len() {
                let sum: i64 = values.iter().map(|&v| i64::from(v)).sum();
                if sum == total {
                    for (j, &v) in values.iter().enumerate() {
                        support[j] |= 1 << (v - 1);
                    }
                }
                return;
            }
            for d in 1..=64u8 {
                if cand[at] >> (d - 1) & 1 == 1 && (0..at).all(|j| !differ[at][j] || values[j] != d)
                {
                    values[at] = d;
                    walk(at + 1, cand, differ, total, values, support);
                }
            }
        }
        walk(0, cand, differ, total, &mut values, &mut support);
        support
    }

    #[test]
    fn fillings_agree_with_brute_force_on_random_groups() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..400 {
            let k = (next() % 4 + 1) as usize;
            let cand: Vec<u64> = (0..k)
                .map(|_| (next() & 0x1ff) | 1 << (next() % 9))
                .collect();
            let total = (next() % 30 + 1) as i64;
            let distinct = next() % 2 == 0;
            let differ: Vec<Vec<bool>> = (0..k)
                .map(|i| (0..k).map(|j| i != j && distinct).collect())
                .collect();
            let want = brute(&cand, &differ, total);
            let got = if distinct {
                by_combinations(9, &cand, total, 0, 0).support
            } else {
                by_search(&cand, &differ, total).support
            };
            assert_eq!(got, want, "cand {cand:?} total {total} distinct {distinct}");
        }
    }

    #[test]
    fn a_matching_keeps_only_what_a_filling_uses() {
        // r1c1, r1c2 hold only 1 and 2; r1c3 holds 1, 2, 9: a 12 of three cells is
        // {1, 2, 9} with the 9 in r1c3.
        let keep = |c: usize, ds: &[u8]| -> Vec<(usize, u8)> {
            (1..=9u8)
                .filter(|d| !ds.contains(d))
                .map(|d| (c, d))
                .collect()
        };
        let elim = [keep(0, &[1, 2]), keep(1, &[1, 2]), keep(2, &[1, 2, 9])].concat();
        let (b, s) = position(&".".repeat(81), &elim);
        let f = fillings(&b, &s, &[0, 1, 2], 12, true, (0, 0)).unwrap();
        assert_eq!(f.support, vec![0b11, 0b11, 1 << 8]);
        assert_eq!(f.combinations, vec![0b1_0000_0011]);
        assert_eq!(f.unused(&s, &[0, 1, 2]), vec![(2, 1), (2, 2)]);
        // A total no combination of their candidates makes: nothing.
        assert!(!fillings(&b, &s, &[0, 1, 2], 20, true, (0, 0))
            .unwrap()
            .any());
    }
}
