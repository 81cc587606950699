//! `cages=bounds`, the sum half: bounds consistency on a linear equality
//! `x_1 + … + x_k = S` over domains of values (a Killer cage's total).
//!
//! Each variable's smallest value must leave room for the others at their largest:
//! `min(x_i) ≥ S − Σ_{j≠i} max(x_j)`, and likewise `max(x_i) ≤ S − Σ_{j≠i} min(x_j)`.
//! Moving one bound can move another's, so the rule is applied until nothing changes
//! (bounds(Z) consistency of the sum). Only bounds move; a value strictly inside a
//! range stays, and distinctness is not this filter's business (the engine runs the
//! configuration's alldifferent level on the cage beside it).

use super::Conflict;
use crate::model::CandSet;

fn lo(d: CandSet) -> i64 {
    i64::from(d.0.trailing_zeros()) + 1
}

fn hi(d: CandSet) -> i64 {
    64 - i64::from(d.0.leading_zeros())
}

/// The values `1..=v` as a bit set, for `v` in `0..=64` (empty below 1).
fn up_to(v: i64) -> u64 {
    match v {
        v if v <= 0 => 0,
        v if v >= 64 => u64::MAX,
        v => (1u64 << v) - 1,
    }
}

/// Makes `x_1 + … + x_k = sum` bounds consistent on `doms`, to the fixpoint. Fails on
/// an empty domain or when the smallest (largest) total already exceeds (misses) the
/// sum. Returns the number of values removed.
pub fn filter(doms: &mut [CandSet], sum: u32) -> Result<u64, Conflict> {
    let sum = i64::from(sum);
    let mut pruned = 0u64;
    loop {
        if doms.iter().any(|d| d.is_empty()) {
            return Err(Conflict);
        }
        let low: i64 = doms.iter().map(|&d| lo(d)).sum();
        let high: i64 = doms.iter().map(|&d| hi(d)).sum();
        if low > sum || high < sum {
            return Err(Conflict);
        }
        let mut changed = false;
        for d in doms.iter_mut() {
            // The bounds of this variable, with the others at their extremes.
            let least = sum - (high - hi(*d));
            let most = sum - (low - lo(*d));
            let keep = up_to(most) & !up_to(least - 1);
            let left = d.0 & keep;
            if left != d.0 {
                pruned += u64::from((d.0 & !left).count_ones());
                d.0 = left;
                changed = true;
            }
        }
        if !changed {
            return Ok(pruned);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::doms;
    use super::*;

    #[test]
    fn a_small_total_cuts_the_upper_bounds() {
        // Two cells adding up to 3 on 1..9: each is at most 3 - 1 = 2.
        let nine: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let mut d = doms(&[nine, nine]);
        filter(&mut d, 3).unwrap();
        assert_eq!(d, doms(&[&[1, 2], &[1, 2]]));
    }

    #[test]
    fn a_large_total_cuts_the_lower_bounds_and_holes_stay() {
        // Three cells of 23 on 1..9: each is at least 23 - 18 = 5. Distinctness is
        // not seen (9 + 9 + 5 is allowed), so 5 and 7 stay.
        let nine: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let mut d = doms(&[nine, nine, nine]);
        filter(&mut d, 23).unwrap();
        let five_up: &[u8] = &[5, 6, 7, 8, 9];
        assert_eq!(d, doms(&[five_up, five_up, five_up]));
        // Only bounds move: x2 = 2 would need x1 = 2, a hole of x1, yet 2 stays.
        let mut d = doms(&[&[1, 3], nine]);
        filter(&mut d, 4).unwrap();
        assert_eq!(d, doms(&[&[1, 3], &[1, 2, 3]]));
    }

    #[test]
    fn bounds_chain_to_the_fixpoint() {
        // x1 = 4 and a total of 6 leave 2 for x2 + x3: both are 1 (distinctness is
        // the alldifferent filter's business, not this one's).
        let five: &[u8] = &[1, 2, 3, 4, 5];
        let mut d = doms(&[&[4], five, five]);
        filter(&mut d, 6).unwrap();
        assert_eq!(d, doms(&[&[4], &[1], &[1]]));
        // x1 + x2 = 5: x2 loses 8 (x1 is at least 1), and only then x1 loses 1
        // (x2 is at most 3): a chain over two passes.
        let mut d = doms(&[&[1, 2, 3], &[2, 3, 8]]);
        filter(&mut d, 5).unwrap();
        assert_eq!(d, doms(&[&[2, 3], &[2, 3]]));
    }

    #[test]
    fn unreachable_totals_fail() {
        assert_eq!(filter(&mut doms(&[&[1, 2], &[1, 2]]), 5), Err(Conflict));
        assert_eq!(filter(&mut doms(&[&[5], &[6]]), 10), Err(Conflict));
        assert_eq!(filter(&mut doms(&[&[], &[1]]), 1), Err(Conflict));
    }
}
