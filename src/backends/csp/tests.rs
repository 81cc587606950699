//! The engine's own tests across its propagators: the first half of the ordering theorem
//! of `docs/csp.md` (stronger propagation never leaves larger domains at the root), and
//! the domains the propagators' tests start from. The second half (under a fixed
//! branching order, never more nodes) and the backend's other tests go through the
//! registry in `tests/backends/csp.rs`.

use super::{root_domains, Propagation, PROPAGATIONS};
use crate::model::CandSet;
use crate::test_support::{data_puzzles, hardest_and_sparsest};

/// Domains from lists of values, for hand-made propagator tests.
pub fn doms(lists: &[&[u8]]) -> Vec<CandSet> {
    lists
        .iter()
        .map(|l| {
            l.iter().fold(CandSet::EMPTY, |mut s, &v| {
                s.insert(v);
                s
            })
        })
        .collect()
}

#[test]
fn stronger_levels_never_leave_larger_root_domains() {
    // Theorem: each level's propagators are implied by the next level's consistency,
    // so the fixpoints are ordered by inclusion, cell by cell:
    // gac-shave ⊆ gac ⊆ bounds ⊆ permutation ⊆ naive. Hence also: a puzzle solved
    // without search at one level is solved without search at every stronger one.
    for p in hardest_and_sparsest(30) {
        let fix: Vec<_> = PROPAGATIONS
            .iter()
            .map(|&(_, level)| root_domains(&p, level).unwrap())
            .collect();
        for w in 0..fix.len() - 1 {
            let (weaker, stronger) = (&fix[w], &fix[w + 1]);
            for (s, wk) in stronger.iter().zip(weaker) {
                assert_eq!(s.0 & !wk.0, 0, "{} level {w}", p.display_name());
            }
        }
        let solved: Vec<bool> = fix.iter().map(|d| d.iter().all(|c| c.len() == 1)).collect();
        for w in 0..solved.len() - 1 {
            assert!(!solved[w] || solved[w + 1], "{}", p.display_name());
        }
    }
    // The inclusions are strict somewhere: each level prunes what the one below cannot.
    let p = &data_puzzles("17_clue.txt", 1)[0];
    let open = |level| {
        root_domains(p, level)
            .unwrap()
            .iter()
            .map(|d| d.len() as usize)
            .sum::<usize>()
    };
    assert!(open(Propagation::Permutation) < open(Propagation::Naive));
}
