//! `gac-shave`: `gac` plus singleton consistency on two-valued cells ("shaving", as
//! Simonis used it): for a cell with domain `{a, b}`, assume `a` and propagate with
//! `gac`; if that fails, `a` is removed (so the cell is `b`), and likewise for `b`.
//! Repeated until a whole pass over the cells removes nothing.
//!
//! Each test is a full propagation on a copy of the domains, so a shaving pass costs
//! as much as a small search; it pays when it spares whole subtrees.

use super::engine::{Engine, Kind};
use super::Conflict;
use crate::model::CandSet;
use std::time::Instant;

/// Shaves the two-valued cells of `doms` (already at the `gac` fixpoint) until nothing
/// changes; fails when the remaining value of a shaved cell fails too. Stops early,
/// soundly, at the engine's deadline.
pub fn shave(engine: &mut Engine, doms: &mut [CandSet]) -> Result<(), Conflict> {
    let mut trial: Vec<CandSet> = Vec::with_capacity(doms.len());
    loop {
        let mut changed = false;
        for cell in 0..doms.len() {
            if doms[cell].len() != 2 {
                continue;
            }
            if engine.deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(());
            }
            for value in doms[cell].iter() {
                trial.clear();
                trial.extend_from_slice(doms);
                trial[cell] = CandSet::single(value);
                // What a test prunes is not kept, so it is not counted either.
                let pruned = engine.counters.pruned;
                let outcome = engine.fixpoint(&mut trial, Some(cell));
                engine.counters.pruned = pruned;
                engine.counters.shave_trials += 1;
                if outcome.is_err() {
                    doms[cell].remove(value);
                    engine.counters.pruned[Kind::Shave as usize] += 1;
                    engine.fixpoint(doms, Some(cell))?;
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::doms;
    use super::super::Propagation;
    use super::*;

    #[test]
    fn a_value_whose_assumption_fails_is_shaved() {
        // Two rows of a 2x... toy: variables 0..4 with units {0,1},{2,3},{0,2},{1,3}
        // (a 2x2 Latin square). Domains: x0 = {1,2} and the rest full: gac sees nothing,
        // and both values of x0 are fine, so nothing is shaved.
        let units = vec![vec![0, 1], vec![2, 3], vec![0, 2], vec![1, 3]];
        let mut e = Engine::from_units(4, units.clone(), Propagation::GacShave);
        let mut d = doms(&[&[1, 2], &[1, 2], &[1, 2], &[1, 2]]);
        e.propagate(&mut d, None).unwrap();
        assert_eq!(d, doms(&[&[1, 2], &[1, 2], &[1, 2], &[1, 2]]));
        // A 3x3 Latin square where x0 = 1 fails only after a second step: gac alone
        // keeps 1 in x0, shaving removes it.
        let units3 = vec![
            vec![0, 1, 2],
            vec![3, 4, 5],
            vec![6, 7, 8],
            vec![0, 3, 6],
            vec![1, 4, 7],
            vec![2, 5, 8],
        ];
        let start = doms(&[
            &[1, 2],
            &[1, 2, 3],
            &[1, 2, 3],
            &[2, 3],
            &[1, 2, 3],
            &[1, 3],
            &[1, 2, 3],
            &[1, 2, 3],
            &[1, 2, 3],
        ]);
        let mut gac = Engine::from_units(9, units3.clone(), Propagation::Gac);
        let mut g = start.clone();
        gac.propagate(&mut g, None).unwrap();
        let mut shaver = Engine::from_units(9, units3, Propagation::GacShave);
        let mut s = start.clone();
        shaver.propagate(&mut s, None).unwrap();
        // Shaving is at least as strong and never loses a solution.
        assert!(s.iter().zip(&g).all(|(a, b)| a.0 & !b.0 == 0));
        assert!(shaver.counters.shave_trials > 0);
    }
}
