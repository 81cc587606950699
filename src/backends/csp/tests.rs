//! The engine's own tests across its propagators: the first half of the ordering theorem
//! of `docs/csp.md` (stronger propagation never leaves larger domains at the root), on
//! plain boards and on Killers at either cage strength; the exact root domains of each
//! cage strength on hand-made cages; and the domains the propagators' tests start from. The second half (under a fixed
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

// Random Killers, shared with the integration tests by path.
#[path = "killers.rs"]
mod killers;

use super::{root_domains_with, CageStrength};
use crate::model::{Cage, Geometry, Puzzle, Variant};
use crate::test_support::Rng;
use killers::random_killer;
use std::sync::Arc;

/// An empty 9x9 board with `cages`.
fn killer_9x9(cages: &[(&[usize], u32)]) -> Puzzle {
    let cages = cages
        .iter()
        .map(|&(cells, sum)| Cage {
            cells: cells.to_vec(),
            sum,
        })
        .collect();
    let g = Geometry::new(3, 3, Variant::Classic)
        .unwrap()
        .with_cages(cages)
        .unwrap();
    Puzzle::new(Arc::new(g), vec![0; 81])
}

/// The root domains of `cells` under every level at `strength`, the same at every level.
fn cage_domains(p: &Puzzle, strength: CageStrength, cells: &[usize]) -> Vec<CandSet> {
    let mut seen: Option<Vec<CandSet>> = None;
    for &(name, level) in PROPAGATIONS {
        let d = root_domains_with(p, level, strength).unwrap();
        let these: Vec<CandSet> = cells.iter().map(|&c| d[c]).collect();
        if let Some(before) = &seen {
            assert_eq!(&these, before, "{name} {strength:?}");
        }
        seen = Some(these);
    }
    seen.unwrap_or_default()
}

#[test]
fn a_two_cell_cage_of_3_is_one_and_two_at_either_strength() {
    let p = killer_9x9(&[(&[0, 1], 3)]);
    for strength in [CageStrength::Bounds, CageStrength::Combos] {
        assert_eq!(
            cage_domains(&p, strength, &[0, 1]),
            doms(&[&[1, 2], &[1, 2]]),
            "{strength:?}"
        );
    }
}

#[test]
fn a_three_cell_cage_of_23_is_six_eight_nine_only_with_combos() {
    // 23 = 6 + 8 + 9 only. Bounds on the total see each cell at least 23 - 9 - 9 = 5,
    // and no alldifferent level sees more in three cells over five values.
    let p = killer_9x9(&[(&[0, 1, 2], 23)]);
    let c: &[u8] = &[6, 8, 9];
    assert_eq!(
        cage_domains(&p, CageStrength::Combos, &[0, 1, 2]),
        doms(&[c, c, c])
    );
    let b: &[u8] = &[5, 6, 7, 8, 9];
    assert_eq!(
        cage_domains(&p, CageStrength::Bounds, &[0, 1, 2]),
        doms(&[b, b, b])
    );
}

#[test]
fn under_cages_bounds_the_level_propagates_the_cages_distinctness() {
    // A 9-cell cage (total 45) in an L: r1c1..r1c8 and r2c1. With 9 given at r1c9,
    // the 9 of the cage has one place left, r2c1 (not a peer of r1c9). Forward checking
    // and the total's bounds do not see it; the cage's permutation (a cage of n cells),
    // its Hall interval [1,8] (bounds) and its matching (gac) do.
    let cells: Vec<usize> = (0..8).chain([9]).collect();
    let g = Geometry::new(3, 3, Variant::Classic)
        .unwrap()
        .with_cages(vec![Cage { cells, sum: 45 }])
        .unwrap();
    let mut givens = vec![0u8; 81];
    givens[8] = 9;
    let p = Puzzle::new(Arc::new(g), givens);
    for &(name, level) in PROPAGATIONS {
        let d = root_domains_with(&p, level, CageStrength::Bounds).unwrap();
        let expected = match level {
            Propagation::Naive => CandSet::full(9),
            _ => CandSet::single(9),
        };
        assert_eq!(d[9], expected, "{name}");
        let d = root_domains_with(&p, level, CageStrength::Combos).unwrap();
        assert_eq!(d[9], CandSet::single(9), "{name} combos");
    }
}

/// Whether the root fixpoint `stronger` lies inside `weaker`, cell by cell (a
/// conflict lies inside everything; nothing but a conflict lies inside one).
fn inside(
    stronger: &Result<Vec<CandSet>, super::Conflict>,
    weaker: &Result<Vec<CandSet>, super::Conflict>,
) -> bool {
    match (stronger, weaker) {
        (Err(_), _) => true,
        (Ok(_), Err(_)) => false,
        (Ok(s), Ok(w)) => s.iter().zip(w).all(|(s, w)| s.0 & !w.0 == 0),
    }
}

#[test]
fn combos_never_leave_more_than_bounds_at_the_root() {
    // Theorem: `combos` is domain consistency on the cage, which implies the total's
    // bounds consistency and every alldifferent level on the cage's cells, so its
    // fixpoint lies inside the `bounds` one, cell by cell; a conflict found by
    // `bounds` is found by `combos` too. And at either strength the levels stay
    // ordered as on plain boards (each level's filters on a cage are implied by the
    // next level's).
    let boards = [
        Geometry::new(2, 2, Variant::Classic).unwrap(),
        Geometry::new(2, 3, Variant::Classic).unwrap(),
        Geometry::new(3, 3, Variant::Classic).unwrap(),
    ];
    let mut strict = 0;
    let mut rng = Rng(0xca9e);
    for round in 0..60 {
        let board = &boards[round % boards.len()];
        let p = random_killer(board, rng.next(), 4, 10, rng.below(30));
        for strength in [CageStrength::Bounds, CageStrength::Combos] {
            let fix: Vec<_> = PROPAGATIONS
                .iter()
                .map(|&(_, level)| root_domains_with(&p, level, strength))
                .collect();
            for w in 0..fix.len() - 1 {
                assert!(inside(&fix[w + 1], &fix[w]), "{strength:?} level {w}");
            }
        }
        for &(name, level) in PROPAGATIONS {
            let bounds = root_domains_with(&p, level, CageStrength::Bounds);
            let combos = root_domains_with(&p, level, CageStrength::Combos);
            assert!(inside(&combos, &bounds), "{name} {:?}", p.cells);
            strict += usize::from(bounds != combos);
        }
    }
    assert!(strict > 0);
}
