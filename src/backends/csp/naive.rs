//! `naive`: alldifferent as its binary decomposition `x_i ≠ x_j`, made arc consistent,
//! which amounts to forward checking: once a variable is fixed, its value leaves the
//! domains of the others (PS-1-2's first two steps; Norvig's "eliminate").

use super::Conflict;
use crate::model::CandSet;

/// Removes every fixed variable's value from the other variables, repeated until no new
/// variable becomes fixed. Fails on an empty domain or on two variables fixed to the
/// same value. This is exactly arc consistency on the `x_i ≠ x_j` constraints.
/// Returns the number of values removed.
pub fn filter(doms: &mut [CandSet]) -> Result<u64, Conflict> {
    let mut done = 0u64;
    let mut pruned = 0u64;
    loop {
        let mut fixed = 0u64;
        for d in doms.iter() {
            let bits = d.0;
            if bits == 0 || (bits & (bits - 1) == 0 && fixed & bits != 0) {
                return Err(Conflict);
            }
            if bits & (bits - 1) == 0 {
                fixed |= bits;
            }
        }
        if fixed == done {
            return Ok(pruned);
        }
        for d in doms.iter_mut() {
            let bits = d.0;
            let gone = bits & fixed;
            if gone != 0 && bits & (bits - 1) != 0 {
                d.0 = bits & !fixed;
                pruned += u64::from(gone.count_ones());
            }
        }
        done = fixed;
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::doms;
    use super::*;

    #[test]
    fn a_fixed_value_leaves_the_others_and_chains() {
        // x1 = 1 removes 1 from x2, which becomes 2 and removes 2 from x3.
        let mut d = doms(&[&[1], &[1, 2], &[1, 2, 3], &[1, 2, 3, 4]]);
        filter(&mut d).unwrap();
        assert_eq!(d, doms(&[&[1], &[2], &[3], &[4]]));
    }

    #[test]
    fn a_hall_pair_is_invisible_to_forward_checking() {
        // {1,2},{1,2} force 1 and 2 out of x3, but no variable is fixed: no pruning.
        let mut d = doms(&[&[1, 2], &[1, 2], &[1, 2, 3]]);
        filter(&mut d).unwrap();
        assert_eq!(d, doms(&[&[1, 2], &[1, 2], &[1, 2, 3]]));
    }

    #[test]
    fn two_variables_fixed_alike_or_a_wipe_out_fail() {
        assert_eq!(filter(&mut doms(&[&[2], &[2], &[1, 2]])), Err(Conflict));
        assert_eq!(filter(&mut doms(&[&[1], &[1, 2], &[2]])), Err(Conflict));
        assert_eq!(filter(&mut doms(&[&[], &[1]])), Err(Conflict));
    }
}
