//! `cages=combos`: domain consistency (GAC) on a whole Killer cage, the conjunction
//! "the cells' values are distinct and add up to the total".
//!
//! The cage's possible digit sets are its combinations (`crate::model::combinations`:
//! every set of `k` distinct digits with the total, listed once when the engine is
//! built). A value stays in a cell only if some combination `C` holding it can be laid
//! on the cage: the cells matched one to one onto the digits of `C`, each cell to a
//! digit of its domain, with the cell on that value. For one `C` that is a permutation
//! constraint (k cells, k digits) on the domains cut down to `C`, and the values that
//! lie in some perfect matching are exactly what Régin's filter keeps (`regin.rs`). The
//! union over the combinations that have a matching is the support of each cell; the
//! rest is removed. No combination with a matching is the failure.
//!
//! Cost per call: one matching and residual-graph analysis (O(k²) on bit rows) per
//! combination that fits the domains; a combination whose every value is already
//! supported is skipped. A 9×9 cage has at most 12 combinations (four or five cells);
//! larger boards can have many more, so the engine uses this filter only on cages with
//! at most [`MAX_COMBINATIONS`] of them and the bounds filter on the rest.

use super::regin::Regin;
use super::Conflict;
use crate::model::CandSet;

/// The most combinations a cage may have for this filter; beyond it the engine
/// propagates the cage by bounds (the filter's cost grows with the count, and listing
/// them all costs memory: a 32-cell cage of a 64×64 board has millions).
pub const MAX_COMBINATIONS: u64 = crate::model::cage::MAX_LISTED_COMBINATIONS;

/// How many sets of `size` distinct digits from `1..=n` add up to `sum`: whether a cage
/// may use this filter.
pub use crate::model::cage::combination_count as count;

/// The filter, with one Régin filter reused for every combination tried.
#[derive(Clone, Debug, Default)]
pub struct Combos {
    regin: Regin,
    cut: Vec<CandSet>,
}

impl Combos {
    /// A filter.
    pub fn new() -> Combos {
        Combos::default()
    }

    /// Keeps in each domain of `doms` (a cage's cells) only the values some
    /// combination of `combinations` (the cage's digit sets, each of `doms.len()`
    /// digits) can give it, the other cells taking the combination's other digits from
    /// their domains. Fails when no combination fits. Returns the number of values
    /// removed.
    pub fn filter(
        &mut self,
        doms: &mut [CandSet],
        combinations: &[CandSet],
    ) -> Result<u64, Conflict> {
        let k = doms.len();
        if k == 0 || k > 64 {
            return Err(Conflict);
        }
        let union = doms.iter().fold(0u64, |acc, d| acc | d.0);
        let mut support = [0u64; 64];
        let support = &mut support[..k];
        for &c in combinations {
            // Every digit of the combination needs a cell, every cell a digit of it.
            if c.0 & !union != 0 || doms.iter().any(|d| d.0 & c.0 == 0) {
                continue;
            }
            // Nothing new to learn when every value it could support already is.
            if doms
                .iter()
                .zip(support.iter())
                .all(|(d, &s)| d.0 & c.0 & !s == 0)
            {
                continue;
            }
            self.cut.clear();
            self.cut.extend(doms.iter().map(|d| CandSet(d.0 & c.0)));
            if self.regin.filter(0, &mut self.cut).is_ok() {
                for (s, d) in support.iter_mut().zip(&self.cut) {
                    *s |= d.0;
                }
            }
        }
        let mut pruned = 0u64;
        for (d, &s) in doms.iter_mut().zip(support.iter()) {
            let left = d.0 & s;
            if left == 0 {
                return Err(Conflict);
            }
            pruned += u64::from((d.0 & !left).count_ones());
            d.0 = left;
        }
        Ok(pruned)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::doms;
    use super::*;
    use crate::model::combinations;

    fn gac(n: usize, sum: u32, d: &mut [CandSet]) -> Result<u64, Conflict> {
        Combos::new().filter(d, &combinations(n, d.len(), sum))
    }

    /// The supported values by brute force: every assignment of the domains, kept
    /// when distinct with the total.
    fn brute(d: &[CandSet], sum: u32) -> Option<Vec<CandSet>> {
        fn walk(d: &[CandSet], at: usize, sum: u32, chosen: &mut Vec<u8>, out: &mut [u64]) {
            if at == d.len() {
                if chosen.iter().map(|&v| u32::from(v)).sum::<u32>() == sum {
                    for (o, &v) in out.iter_mut().zip(chosen.iter()) {
                        *o |= 1 << (v - 1);
                    }
                }
                return;
            }
            for v in d[at].iter() {
                if !chosen.contains(&v) {
                    chosen.push(v);
                    walk(d, at + 1, sum, chosen, out);
                    chosen.pop();
                }
            }
        }
        let mut out = vec![0u64; d.len()];
        walk(d, 0, sum, &mut Vec::new(), &mut out);
        out.iter()
            .all(|&o| o != 0)
            .then(|| out.into_iter().map(CandSet).collect())
    }

    #[test]
    fn a_three_cell_23_is_six_eight_nine() {
        let nine: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let mut d = doms(&[nine, nine, nine]);
        gac(9, 23, &mut d).unwrap();
        let c: &[u8] = &[6, 8, 9];
        assert_eq!(d, doms(&[c, c, c]));
    }

    #[test]
    fn a_combination_needs_a_matching_not_only_its_digits() {
        // Total 6 on three cells is {1,2,3} only. x1 and x2 hold only 1: both cannot
        // have it, so nothing fits, though every digit of {1,2,3} is in some domain.
        assert_eq!(
            gac(9, 6, &mut doms(&[&[1], &[1, 4], &[2, 3]])),
            Err(Conflict)
        );
        // With x2 = {1,2}: x2 = 2, x3 = 3 is forced.
        let mut d = doms(&[&[1], &[1, 2], &[2, 3]]);
        gac(9, 6, &mut d).unwrap();
        assert_eq!(d, doms(&[&[1], &[2], &[3]]));
    }

    #[test]
    fn agrees_with_brute_force_on_random_domains() {
        let mut rng = crate::rng::Rng::new(0x5eed);
        for _ in 0..2000 {
            let n = 4 + rng.below(6);
            let k = 1 + rng.below(4.min(n));
            let d: Vec<CandSet> = (0..k)
                .map(|_| CandSet(rng.next_u64() & CandSet::full(n).0))
                .collect();
            let (low, high) = crate::model::sum_range(n, k);
            let sum = low + rng.below((high - low + 1) as usize) as u32;
            let mut got = d.clone();
            let result = gac(n, sum, &mut got);
            match brute(&d, sum) {
                Some(expected) => {
                    assert!(result.is_ok(), "{d:?} {sum}");
                    assert_eq!(got, expected, "{d:?} {sum}");
                }
                None => assert_eq!(result, Err(Conflict), "{d:?} {sum}"),
            }
        }
    }

    #[test]
    fn the_count_matches_the_list() {
        for n in [4, 6, 9, 12] {
            for size in 1..=n {
                let (low, high) = crate::model::sum_range(n, size);
                for sum in low..=high {
                    let listed = combinations(n, size, sum).len() as u64;
                    assert_eq!(count(n, size, sum), listed, "{n} {size} {sum}");
                }
            }
        }
        // The one 64×64 cage that would not be listed: half the board's digits.
        assert!(count(64, 32, 1040) > MAX_COMBINATIONS);
    }
}
