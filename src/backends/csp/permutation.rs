//! `permutation`: the dual view of a permutation constraint (k variables, values
//! `1..=k`, each value used exactly once). Every value needs a place; a value with one
//! place left goes there (PS-1-2's reduction step, the "hidden single"). Used on top of
//! `naive`.

use super::Conflict;
use crate::model::CandSet;

/// Places every value that fits only one variable and fails when a value fits none (or
/// one variable is the only place of two values). The constraint is a permutation of
/// `1..=doms.len()`: as many variables as values, as in every Sudoku unit. One pass;
/// the engine repeats it with the other propagators until nothing changes. Returns
/// the number of values removed. The engine runs [`filter_at`]; this whole-array form
/// is what the tests call.
#[cfg(test)]
pub fn filter(doms: &mut [CandSet]) -> Result<u64, Conflict> {
    let vars: Vec<usize> = (0..doms.len()).collect();
    filter_at(doms, &vars).map(|(pruned, _)| pruned)
}

/// The same filter on the variables `vars` (at most 64) of a larger array, in place: the
/// engine runs it on a unit's cells of the whole board. Returns the number of values
/// removed and, as a bit set over positions in `vars`, the variables it narrowed.
pub fn filter_at(doms: &mut [CandSet], vars: &[usize]) -> Result<(u64, u64), Conflict> {
    if vars.is_empty() {
        return Ok((0, 0));
    }
    let (mut once, mut twice) = (0u64, 0u64);
    for &x in vars {
        let d = doms[x].0;
        twice |= once & d;
        once |= d;
    }
    if once != CandSet::full(vars.len()).0 {
        return Err(Conflict);
    }
    let single = once & !twice;
    if single == 0 {
        return Ok((0, 0));
    }
    let (mut pruned, mut changed) = (0u64, 0u64);
    for (k, &x) in vars.iter().enumerate() {
        let d = doms[x].0;
        let hidden = d & single;
        if hidden != 0 && hidden != d {
            if hidden & (hidden - 1) != 0 {
                return Err(Conflict);
            }
            pruned += u64::from((d & !hidden).count_ones());
            changed |= 1 << k;
            doms[x].0 = hidden;
        }
    }
    Ok((pruned, changed))
}

#[cfg(test)]
mod tests {
    use super::super::tests::doms;
    use super::*;

    #[test]
    fn a_value_with_one_place_goes_there() {
        // Value 3 fits only x3 and 4 only x4; {1,2} for x1, x2 is left alone.
        let mut d = doms(&[&[1, 2], &[1, 2], &[1, 2, 3], &[1, 2, 4]]);
        filter(&mut d).unwrap();
        assert_eq!(d, doms(&[&[1, 2], &[1, 2], &[3], &[4]]));
    }

    #[test]
    fn a_value_without_a_place_or_two_values_for_one_place_fail() {
        // Value 3 fits nowhere.
        assert_eq!(
            filter(&mut doms(&[&[1, 2], &[1, 2], &[1, 2]])),
            Err(Conflict)
        );
        // Values 2 and 3 both fit only x1.
        assert_eq!(filter(&mut doms(&[&[1, 2, 3], &[1], &[1]])), Err(Conflict));
    }

    #[test]
    fn a_hidden_pair_is_beyond_it() {
        // Values 3 and 4 fit only x3 and x4 (a Hall set in the dual); no value has one place.
        let start = doms(&[&[1, 2], &[1, 2], &[1, 2, 3, 4], &[1, 2, 3, 4]]);
        let mut d = start.clone();
        filter(&mut d).unwrap();
        assert_eq!(d, start);
    }
}
