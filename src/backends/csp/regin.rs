//! `gac`: generalized arc consistency for alldifferent by Régin's algorithm (1994).
//!
//! The value graph joins each variable to the values of its domain. The constraint has
//! a solution iff a matching covers every variable, and a value `v` of `x` belongs to
//! some solution iff the edge `(x, v)` belongs to some maximum matching (Proposition 1
//! of the paper). With one maximum matching `M` at hand, that is the case iff `(x, v)`
//! is in `M`, or lies on an alternating cycle (its ends in one strongly connected
//! component of the residual graph), or on an alternating path from a free value
//! (Berge). Every other edge is removed.
//!
//! The residual graph is kept on the variables only: `x → y` when `y` can take the
//! value matched to `x` (go from `x` along its matching edge to `M(x)`, then back along
//! a free edge to `y`). With at most 64 variables, adjacency rows are 64-bit sets.
//! Matching, residual graph and SCC live in `crate::graph`, shared with the `rules`
//! backend's matching rules.
//!
//! The matching of each unit is kept between calls and repaired (edges whose value
//! left the domain are dropped, then free variables are augmented along alternating
//! paths), so after a small change only a few augmenting paths are searched.

use super::Conflict;
use crate::graph::matching::{Matching, Residual};
use crate::model::CandSet;

/// Régin's filter, with the last matching of every constraint kept for the next call.
#[derive(Clone, Debug, Default)]
pub struct Regin {
    /// For each constraint, the value (bit index) matched to each of its variables.
    matchings: Vec<Vec<u8>>,
    /// Augmenting-path searches started (repairs of the kept matchings), for statistics.
    pub augmentations: u64,
    /// The residual graph, one buffer reused by every call.
    residual: Residual,
}

impl Regin {
    /// A filter with no matching kept yet.
    pub fn new() -> Regin {
        Regin::default()
    }

    /// Makes `alldifferent(doms)` generalized arc consistent. `constraint` names the
    /// constraint whose matching is kept (any number; a call with another number of
    /// variables than the last one for it starts afresh). Fails when no matching
    /// covers every variable. At most 64 variables over values `1..=64`. Returns the
    /// number of values removed.
    ///
    /// The matching and the residual-graph analysis are the shared ones of
    /// `crate::graph::matching`; this filter only keeps matchings between calls and
    /// writes the result back into the domains.
    pub fn filter(&mut self, constraint: usize, doms: &mut [CandSet]) -> Result<u64, Conflict> {
        let n = doms.len();
        if n > 64 {
            return Err(Conflict);
        }
        if self.matchings.len() <= constraint {
            self.matchings.resize(constraint + 1, Vec::new());
        }
        let kept = std::mem::take(&mut self.matchings[constraint]);
        let mut m = Matching::repaired(kept, doms);
        let covered = m.cover(doms, &mut self.augmentations);
        let result = if covered {
            let res = &mut self.residual;
            res.rebuild(doms, &m);
            let mut pruned = 0u64;
            for (y, d) in doms.iter_mut().enumerate() {
                let keep = res.supported(&m, y, d.0);
                pruned += u64::from((d.0 & !keep).count_ones());
                d.0 &= keep;
            }
            Ok(pruned)
        } else {
            Err(Conflict)
        };
        self.matchings[constraint] = m.left;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::doms;
    use super::*;

    fn gac(d: &mut [CandSet]) -> Result<u64, Conflict> {
        Regin::new().filter(0, d)
    }

    #[test]
    fn a_hall_set_with_a_hole_is_seen() {
        // x1, x2 in {1,3}: values 1 and 3 are theirs, so x3 = {1,2,3} becomes {2}.
        // Bounds reasoning misses it (the interval [1,3] has three values).
        let mut d = doms(&[&[1, 3], &[1, 3], &[1, 2, 3]]);
        gac(&mut d).unwrap();
        assert_eq!(d, doms(&[&[1, 3], &[1, 3], &[2]]));
    }

    #[test]
    fn example_3_and_a_value_strictly_inside_a_range() {
        let mut d = doms(&[&[1, 2], &[1, 2], &[2, 3]]);
        gac(&mut d).unwrap();
        assert_eq!(d, doms(&[&[1, 2], &[1, 2], &[3]]));
        // Where bounds consistency keeps 3 inside [1,6], gac removes it.
        let mut d = doms(&[&[3, 4], &[3, 4], &[1, 3, 6]]);
        gac(&mut d).unwrap();
        assert_eq!(d, doms(&[&[3, 4], &[3, 4], &[1, 6]]));
    }

    #[test]
    fn a_hidden_pair_in_a_permutation() {
        // Values 3 and 4 fit only x3 and x4: they lose 1 and 2.
        let mut d = doms(&[&[1, 2], &[1, 2], &[1, 2, 3, 4], &[1, 2, 3, 4]]);
        gac(&mut d).unwrap();
        assert_eq!(d, doms(&[&[1, 2], &[1, 2], &[3, 4], &[3, 4]]));
    }

    #[test]
    fn free_values_keep_their_alternating_paths() {
        // Two variables, three values: every edge is in some maximum matching, except
        // that x1 = {1} takes 1 from x2.
        let mut d = doms(&[&[1], &[1, 2, 3]]);
        gac(&mut d).unwrap();
        assert_eq!(d, doms(&[&[1], &[2, 3]]));
        // x1, x2 in {1,2} form a Hall set; x3 keeps 3 and 4 (4 is free in a matching).
        let mut d = doms(&[&[1, 2], &[1, 2], &[1, 2, 3, 4]]);
        gac(&mut d).unwrap();
        assert_eq!(d, doms(&[&[1, 2], &[1, 2], &[3, 4]]));
    }

    #[test]
    fn no_covering_matching_fails() {
        assert_eq!(gac(&mut doms(&[&[1, 2], &[1, 2], &[1, 2]])), Err(Conflict));
        assert_eq!(gac(&mut doms(&[&[1], &[]])), Err(Conflict));
    }

    #[test]
    fn the_kept_matching_is_repaired_after_domains_change() {
        let mut r = Regin::new();
        let mut d = doms(&[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]]);
        r.filter(7, &mut d).unwrap();
        assert_eq!(d, doms(&[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]]));
        // Remove whatever x1 was matched to, and more: the repair must still succeed.
        let mut d = doms(&[&[3], &[2, 3], &[1, 2, 3]]);
        r.filter(7, &mut d).unwrap();
        assert_eq!(d, doms(&[&[3], &[2], &[1]]));
        let mut d = doms(&[&[1, 2], &[1, 2], &[1, 2]]);
        assert_eq!(r.filter(7, &mut d), Err(Conflict));
    }
}
