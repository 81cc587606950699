//! `bounds`: bounds consistency for alldifferent by Hall intervals (Puget 1998).
//!
//! An interval `I = [a, b]` of values is a Hall interval when exactly `|I|` variables
//! have their whole range `[min, max]` inside it: those variables use up every value
//! of `I`, so no other variable may have a bound in `I`. More than `|I|` such variables
//! is a failure. Only bounds move: a value strictly inside another variable's range is
//! left alone (that is the difference with range or domain consistency).
//!
//! This is the simple O(n²) form (n variables): variables sorted once by upper bound,
//! then for every distinct lower bound `a` one sweep counts the variables with
//! `min ≥ a` as the upper bound grows. López-Ortiz et al. (2003) do it in O(n) after
//! sorting; for n ≤ 64 the quadratic sweep costs a few hundred steps.

use super::Conflict;
use crate::model::CandSet;

fn lo(d: CandSet) -> u32 {
    d.0.trailing_zeros() + 1
}

fn hi(d: CandSet) -> u32 {
    64 - d.0.leading_zeros()
}

/// The values `a..=b` as a bit set (`1 ≤ a ≤ b ≤ 64`).
fn span(a: u32, b: u32) -> u64 {
    let upto_b = if b >= 64 { u64::MAX } else { (1u64 << b) - 1 };
    upto_b & !((1u64 << (a - 1)) - 1)
}

/// One pass of Puget's rule: finds every Hall interval of the current bounds and moves
/// the bounds of the other variables out of it. Fails on an empty domain or an interval
/// holding more variables than values. The engine repeats the pass until nothing
/// changes, which is bounds consistency (Puget's Proposition 2). Returns the number of
/// values removed.
pub fn filter(doms: &mut [CandSet]) -> Result<u64, Conflict> {
    let n = doms.len();
    if doms.iter().any(|d| d.is_empty()) {
        return Err(Conflict);
    }
    if n > 64 {
        return Err(Conflict);
    }
    let mut order = [0u8; 64];
    for (k, o) in order.iter_mut().enumerate().take(n) {
        *o = k as u8;
    }
    let order = &mut order[..n];
    order.sort_unstable_by_key(|&i| hi(doms[i as usize]));
    // (lower, upper) bound of each variable, in upper-bound order.
    let mut sorted = [(0u32, 0u32); 64];
    for (k, &i) in order.iter().enumerate() {
        let d = doms[i as usize];
        sorted[k] = (lo(d), hi(d));
    }
    let sorted = &sorted[..n];
    // The distinct lower bounds, as a bit set of values.
    let mins = doms.iter().fold(0u64, |acc, &d| acc | 1 << (lo(d) - 1));
    // Hall intervals found: bit `b - 1` of `halls[a - 1]` for [a, b]. Pruning waits
    // until the sweep is over, so every interval is judged on the same bounds.
    let mut halls = [0u64; 64];
    let mut starts = mins;
    while starts != 0 {
        let a = starts.trailing_zeros() + 1;
        starts &= starts - 1;
        let mut count = 0u32;
        for (k, &(l, b)) in sorted.iter().enumerate() {
            if l < a {
                continue;
            }
            count += 1;
            // Decide at the last variable with this upper bound.
            if sorted.get(k + 1).is_some_and(|&(_, h)| h == b) {
                continue;
            }
            let width = b - a + 1;
            if count > width {
                return Err(Conflict);
            }
            if count == width {
                halls[a as usize - 1] |= 1 << (b - 1);
            }
        }
    }
    let mut pruned = 0u64;
    let mut starts = mins;
    while starts != 0 {
        let a = starts.trailing_zeros() + 1;
        starts &= starts - 1;
        let mut ends = halls[a as usize - 1];
        while ends != 0 {
            let b = ends.trailing_zeros() + 1;
            ends &= ends - 1;
            pruned += push_out(doms, a, b)?;
        }
    }
    Ok(pruned)
}

/// Moves the bounds of every variable not inside the Hall interval `[a, b]` out of it;
/// returns the number of values removed.
fn push_out(doms: &mut [CandSet], a: u32, b: u32) -> Result<u64, Conflict> {
    let mut pruned = 0u64;
    for d in doms.iter_mut() {
        let before = d.0;
        let (l, h) = (lo(*d), hi(*d));
        if a <= l && h <= b {
            continue; // one of the interval's own variables
        }
        if (a..=b).contains(&l) {
            d.0 &= !span(1, b); // raise the lower bound past b
        }
        if (a..=b).contains(&hi(*d)) {
            d.0 &= !span(a, 64); // lower the upper bound below a
        }
        if d.is_empty() {
            return Err(Conflict);
        }
        pruned += u64::from((before & !d.0).count_ones());
    }
    Ok(pruned)
}

#[cfg(test)]
mod tests {
    use super::super::tests::doms;
    use super::*;

    fn fixpoint(d: &mut [CandSet]) -> Result<(), Conflict> {
        while filter(d)? > 0 {}
        Ok(())
    }

    #[test]
    fn example_3_of_the_paper() {
        // D1 = {1,2}, D2 = {1,2}, D3 = {2,3}: [1,2] is a Hall interval, 2 leaves D3.
        let mut d = doms(&[&[1, 2], &[1, 2], &[2, 3]]);
        fixpoint(&mut d).unwrap();
        assert_eq!(d, doms(&[&[1, 2], &[1, 2], &[3]]));
    }

    #[test]
    fn only_bounds_move_holes_stay() {
        // [1,2] is a Hall interval: x3 = {1,3,5} and x4 = {2,3,4,5} have their lower
        // bounds pushed past 2; the hole at 4 in x3 stays, and no interval of [3,5] is
        // a Hall interval (two variables for three values).
        let mut d = doms(&[&[1, 2], &[1, 2], &[1, 3, 5], &[2, 3, 4, 5]]);
        fixpoint(&mut d).unwrap();
        assert_eq!(d, doms(&[&[1, 2], &[1, 2], &[3, 5], &[3, 4, 5]]));
    }

    #[test]
    fn a_value_strictly_inside_a_range_is_not_bounds_business() {
        // [3,4] is a Hall interval for x1, x2; x3 = {1,3,6} has 3 strictly inside its
        // range [1,6]: bounds consistency keeps it (gac would remove it).
        let start = doms(&[&[3, 4], &[3, 4], &[1, 3, 6]]);
        let mut d = start.clone();
        fixpoint(&mut d).unwrap();
        assert_eq!(d, start);
    }

    #[test]
    fn a_hall_set_with_a_hole_is_invisible() {
        // x1, x2 in {1,3}: a Hall set, but its interval [1,3] holds three values, so
        // bounds reasoning sees nothing; x3 = {1,2,3} keeps its bounds.
        let start = doms(&[&[1, 3], &[1, 3], &[1, 2, 3]]);
        let mut d = start.clone();
        fixpoint(&mut d).unwrap();
        assert_eq!(d, start);
    }

    #[test]
    fn too_many_variables_in_an_interval_fail() {
        let mut d = doms(&[&[1, 2], &[1, 2], &[2, 1], &[1, 4]]);
        assert_eq!(fixpoint(&mut d), Err(Conflict));
        assert_eq!(filter(&mut doms(&[&[], &[1]])), Err(Conflict));
    }

    #[test]
    fn chained_hall_intervals_reach_the_fixpoint() {
        // [1,1] is a Hall interval (x1 = 1): x2 = {1,2} becomes {2}; then [2,2] for x2
        // pushes x3 = {2,3} to {3}; then x4 = {1,...,4} ends at {4}.
        let mut d = doms(&[&[1], &[1, 2], &[2, 3], &[1, 2, 3, 4]]);
        fixpoint(&mut d).unwrap();
        assert_eq!(d, doms(&[&[1], &[2], &[3], &[4]]));
    }
}
