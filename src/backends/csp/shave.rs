//! `gac-shave`: `gac` plus singleton consistency on two-valued cells ("shaving", as
//! Simonis used it): for a cell with domain `{a, b}`, assume `a` and propagate with
//! `gac`; if that fails, `a` is removed (so the cell is `b`), and likewise for `b`.
//! Repeated until a whole pass over the cells removes nothing.
//!
//! Each test is a full propagation on a copy of the domains, so a shaving pass costs
//! as much as a small search; it pays when it spares whole subtrees.

use super::Conflict;
use crate::model::CandSet;

/// What shaving needs of a propagation engine (the engine implements it, so this
/// module does not depend on the engine).
pub trait Propagate {
    /// Propagates the level's alldifferent filters to the fixpoint after `changed` was
    /// narrowed. For a `trial`, what is pruned is not counted: it is not kept.
    fn fixpoint(
        &mut self,
        doms: &mut [CandSet],
        changed: Option<usize>,
        trial: bool,
    ) -> Result<(), Conflict>;

    /// Whether the deadline has passed.
    fn expired(&self) -> bool;

    /// Counts one trial, and whether it removed its value.
    fn count_trial(&mut self, removed: bool);
}

/// Shaves the two-valued cells of `doms` (already at the `gac` fixpoint) until nothing
/// changes; fails when the remaining value of a shaved cell fails too. Stops early,
/// soundly, at the engine's deadline.
pub fn shave(engine: &mut impl Propagate, doms: &mut [CandSet]) -> Result<(), Conflict> {
    let mut trial: Vec<CandSet> = Vec::with_capacity(doms.len());
    loop {
        let mut changed = false;
        for cell in 0..doms.len() {
            if doms[cell].len() != 2 {
                continue;
            }
            if engine.expired() {
                return Ok(());
            }
            for value in doms[cell].iter() {
                trial.clear();
                trial.extend_from_slice(doms);
                trial[cell] = CandSet::single(value);
                let failed = engine.fixpoint(&mut trial, Some(cell), true).is_err();
                engine.count_trial(failed);
                if failed {
                    doms[cell].remove(value);
                    engine.fixpoint(doms, Some(cell), false)?;
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
    use super::super::{root_domains, Propagation};
    use crate::model::{Geometry, Puzzle, Variant};
    use std::sync::Arc;

    #[test]
    fn shaving_solves_what_gac_leaves_open() {
        // A 6x6 puzzle (2x3 boxes) with one solution. At the root, gac leaves 12 cells
        // open, 9 of them two-valued; assuming one value of r1c2 = {4,6} fails after
        // propagation, and so on: shaving reaches the solution without search.
        let g = Arc::new(Geometry::new(2, 3, Variant::Classic).unwrap());
        let givens = "3..1.5.15.4...3.1....2..1..43....5.1";
        let cells = givens
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        let p = Puzzle::new(g, cells);
        let gac = root_domains(&p, Propagation::Gac).unwrap();
        let open: Vec<usize> = (0..36).filter(|&c| gac[c].len() > 1).collect();
        assert_eq!(open.len(), 12);
        assert_eq!(open.iter().filter(|&&c| gac[c].len() == 2).count(), 9);
        let shaved = root_domains(&p, Propagation::GacShave).unwrap();
        let solution: Vec<u8> = shaved.iter().map(|d| d.first().unwrap_or(0)).collect();
        let expected = "364125215346523614641253156432432561";
        assert!(shaved.iter().all(|d| d.len() == 1));
        assert_eq!(
            solution,
            expected.bytes().map(|b| b - b'0').collect::<Vec<u8>>()
        );
        // Shaving only narrows what gac left.
        assert!(shaved.iter().zip(&gac).all(|(s, g)| s.0 & !g.0 == 0));
    }
}
