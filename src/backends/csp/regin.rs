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
//!
//! The matching of each unit is kept between calls and repaired (edges whose value
//! left the domain are dropped, then free variables are augmented along alternating
//! paths), so after a small change only a few augmenting paths are searched.

use super::Conflict;
use crate::model::CandSet;

const NONE: u8 = u8::MAX;

/// Régin's filter, with the last matching of every constraint kept for the next call.
#[derive(Clone, Debug, Default)]
pub struct Regin {
    /// For each constraint, the value (bit index) matched to each of its variables.
    matchings: Vec<Vec<u8>>,
    /// Augmenting-path searches started (repairs of the kept matchings), for statistics.
    pub augmentations: u64,
}

/// The working state of one call: the matching both ways.
struct Matching {
    var_val: Vec<u8>,
    val_var: [u8; 64],
}

impl Matching {
    /// Looks for an alternating path from the free variable `x` to a free value and
    /// flips it (Kuhn's augmenting path); `seen` holds the values already tried.
    fn augment(&mut self, doms: &[CandSet], x: usize, seen: &mut u64) -> bool {
        let mut cand = doms[x].0 & !*seen;
        while cand != 0 {
            let v = cand.trailing_zeros() as usize;
            cand &= cand - 1;
            *seen |= 1 << v;
            let y = self.val_var[v];
            if y == NONE || self.augment(doms, y as usize, seen) {
                self.var_val[x] = v as u8;
                self.val_var[v] = x as u8;
                return true;
            }
        }
        false
    }
}

/// Tarjan's strongly connected components on at most 64 nodes with bit-set successors.
struct Tarjan<'a> {
    succ: &'a [u64],
    index: [u32; 64],
    low: [u32; 64],
    comp: [u32; 64],
    stack: [u8; 64],
    depth: usize,
    on_stack: u64,
    next_index: u32,
    next_comp: u32,
}

impl<'a> Tarjan<'a> {
    /// The component of each node (at most 64 nodes).
    fn components(succ: &'a [u64]) -> [u32; 64] {
        let n = succ.len().min(64);
        let mut t = Tarjan {
            succ,
            index: [u32::MAX; 64],
            low: [0; 64],
            comp: [u32::MAX; 64],
            stack: [0; 64],
            depth: 0,
            on_stack: 0,
            next_index: 0,
            next_comp: 0,
        };
        for x in 0..n {
            if t.index[x] == u32::MAX {
                t.visit(x);
            }
        }
        t.comp
    }

    fn visit(&mut self, x: usize) {
        self.index[x] = self.next_index;
        self.low[x] = self.next_index;
        self.next_index += 1;
        self.stack[self.depth] = x as u8;
        self.depth += 1;
        self.on_stack |= 1 << x;
        let mut next = self.succ[x];
        while next != 0 {
            let y = next.trailing_zeros() as usize;
            next &= next - 1;
            if self.index[y] == u32::MAX {
                self.visit(y);
                self.low[x] = self.low[x].min(self.low[y]);
            } else if self.on_stack >> y & 1 == 1 {
                self.low[x] = self.low[x].min(self.index[y]);
            }
        }
        if self.low[x] == self.index[x] {
            while self.depth > 0 {
                self.depth -= 1;
                let y = self.stack[self.depth] as usize;
                self.on_stack &= !(1 << y);
                self.comp[y] = self.next_comp;
                if y == x {
                    break;
                }
            }
            self.next_comp += 1;
        }
    }
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
    pub fn filter(&mut self, constraint: usize, doms: &mut [CandSet]) -> Result<u64, Conflict> {
        let n = doms.len();
        if n > 64 {
            return Err(Conflict);
        }
        if self.matchings.len() <= constraint {
            self.matchings.resize(constraint + 1, Vec::new());
        }
        let kept = &mut self.matchings[constraint];
        if kept.len() != n {
            *kept = vec![NONE; n];
        }
        let mut m = Matching {
            var_val: std::mem::take(kept),
            val_var: [NONE; 64],
        };
        // Keep the old edges that are still in the domains.
        for (x, d) in doms.iter().enumerate() {
            let v = m.var_val[x];
            if v != NONE && d.0 >> v & 1 == 1 && m.val_var[v as usize] == NONE {
                m.val_var[v as usize] = x as u8;
            } else {
                m.var_val[x] = NONE;
            }
        }
        let result = self.complete_and_prune(&mut m, doms);
        self.matchings[constraint] = m.var_val;
        result
    }

    fn complete_and_prune(
        &mut self,
        m: &mut Matching,
        doms: &mut [CandSet],
    ) -> Result<u64, Conflict> {
        let n = doms.len();
        let mut matched: u64 = m
            .var_val
            .iter()
            .filter(|&&v| v != NONE)
            .fold(0, |acc, &v| acc | 1 << v);
        for x in 0..n {
            if m.var_val[x] != NONE {
                continue;
            }
            // A free value in the domain is a path of length one.
            let free = doms[x].0 & !matched;
            if free != 0 {
                let v = free.trailing_zeros() as usize;
                m.var_val[x] = v as u8;
                m.val_var[v] = x as u8;
            } else {
                self.augmentations += 1;
                if !m.augment(doms, x, &mut 0) {
                    return Err(Conflict);
                }
            }
            matched |= 1 << m.var_val[x];
        }
        // Residual graph on variables: x → y when y may take M(x).
        let mut succ = [0u64; 64];
        let mut all_values = 0u64;
        for (y, d) in doms.iter().enumerate() {
            all_values |= d.0;
            let mut others = d.0 & !(1u64 << m.var_val[y]);
            while others != 0 {
                let v = others.trailing_zeros() as usize;
                others &= others - 1;
                let x = m.val_var[v];
                if x != NONE {
                    succ[x as usize] |= 1 << y;
                }
            }
        }
        // Variables reached by an alternating path from a free value.
        let free_values = all_values & !matched;
        let mut reached: u64 = 0;
        let mut frontier: u64 = 0;
        for (y, d) in doms.iter().enumerate() {
            if d.0 & free_values != 0 {
                frontier |= 1 << y;
            }
        }
        while frontier != 0 {
            reached |= frontier;
            let mut next = 0u64;
            let mut f = frontier;
            while f != 0 {
                let x = f.trailing_zeros() as usize;
                f &= f - 1;
                next |= succ[x];
            }
            frontier = next & !reached;
        }
        let comp = Tarjan::components(&succ[..n]);
        let mut pruned = 0u64;
        for y in 0..n {
            let mut keep = 1u64 << m.var_val[y] | (doms[y].0 & free_values);
            let mut rest = doms[y].0 & !keep;
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let x = m.val_var[v] as usize;
                if comp[x] == comp[y] || reached >> x & 1 == 1 {
                    keep |= 1 << v;
                }
            }
            pruned += u64::from((doms[y].0 & !keep).count_ones());
            doms[y].0 &= keep;
        }
        Ok(pruned)
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
