//! One pattern a step: a rule whose search proves many things at once (the 2-SAT
//! closure, the ALS and template instances, several exocets) has its step cut to the
//! one consequence with the shortest proof, with only the evidence that proof uses.
//! The ladder applies that one and starts again from the bottom, so what a simpler
//! rule can then do is shown as that rule's step (what `explain` asks for; solving
//! alone keeps the batch).

use super::step::{push_new, AlsForced, AlsSet, Detail, FishPattern, Forced, Stamp, Step};

/// `step` cut to one consequence and its evidence: the forced literal with the
/// shortest chain (a placement before a removal among equals, then the rule's order),
/// one exocet, or one placement of a step that places several. A step with one
/// consequence, or one pattern whose removals all follow from it, is returned whole.
pub fn one_consequence(step: Step) -> Step {
    match step {
        Step {
            rule,
            detail: Detail::TwoSat { mut forced },
            ..
        } if forced.len() > 1 => {
            let pick = shortest(forced.iter().map(|f| (f.chain.len(), f.placed)));
            two_sat(rule, forced.swap_remove(pick))
        }
        Step {
            rule,
            detail:
                Detail::Als {
                    sets,
                    fish,
                    mut forced,
                },
            ..
        } if forced.len() > 1 => {
            let pick = shortest(forced.iter().map(|f| (f.chain.len(), f.placed)));
            als(rule, &sets, &fish, forced.swap_remove(pick))
        }
        Step {
            rule,
            detail: Detail::Exocet { mut patterns },
            ..
        } if patterns.len() > 1 => {
            patterns.truncate(1);
            let p = &patterns[0];
            let mut one = Step::new(Detail::Exocet {
                patterns: Vec::new(),
            });
            for &c in p.base.iter().chain(&p.targets) {
                push_new(&mut one.cells, c);
            }
            for &c in p.mirrors.iter().flat_map(|(_, m)| m) {
                push_new(&mut one.cells, c);
            }
            one.rule = rule;
            one.digits = p.digits.clone();
            one.units = p.cross_lines.clone();
            one.eliminations = p.eliminations.clone();
            one.detail = Detail::Exocet { patterns };
            one
        }
        mut one if one.placements.len() > 1 => {
            // Every placement follows from the pattern: the first is shown, the rest
            // found again after it.
            one.placements.truncate(1);
            one.eliminations.clear();
            one
        }
        whole => whole,
    }
}

/// The index of the shortest proof among `(length, places)`: the shortest, a placement
/// before a removal among equals, then the first; a proof of no link (a chain the search
/// did not give back) last.
fn shortest(proofs: impl Iterator<Item = (usize, bool)>) -> usize {
    proofs
        .enumerate()
        .min_by_key(|&(i, (len, placed))| (len == 0, len, !placed, i))
        .map_or(0, |(i, _)| i)
}

/// The 2-SAT step of one forced literal: its cell and digit, its chain's cells and links.
fn two_sat(rule: Option<Stamp>, f: Forced) -> Step {
    let mut one = Step::new(Detail::TwoSat { forced: Vec::new() });
    one.rule = rule;
    one.cells.push(f.candidate.0);
    one.digits.push(f.candidate.1);
    for l in &f.chain {
        push_new(&mut one.cells, l.from.0);
        push_new(&mut one.cells, l.to.0);
    }
    if f.placed {
        one.placements.push(f.candidate);
    } else {
        one.eliminations.push(f.candidate);
    }
    one.links = f.chain.clone();
    one.detail = Detail::TwoSat { forced: vec![f] };
    one
}

/// The ALS step of one forced literal: the sets and fish its chain uses (numbered
/// again in the order it meets them), their cells and the chain's.
fn als(rule: Option<Stamp>, sets: &[AlsSet], fish: &[FishPattern], mut f: AlsForced) -> Step {
    let (mut set_order, mut fish_order) = (Vec::new(), Vec::new());
    for l in &mut f.chain {
        l.set = l.set.map(|k| renumber(&mut set_order, k));
        l.fish = l.fish.map(|k| renumber(&mut fish_order, k));
    }
    let kept_sets: Vec<_> = set_order.iter().map(|&k| sets[k].clone()).collect();
    let kept_fish: Vec<_> = fish_order.iter().map(|&k| fish[k].clone()).collect();
    let mut one = Step::new(Detail::TwoSat { forced: Vec::new() });
    one.rule = rule;
    one.cells.push(f.candidate.0);
    one.digits.push(f.candidate.1);
    if f.placed {
        one.placements.push(f.candidate);
    } else {
        one.eliminations.push(f.candidate);
    }
    one.add_als_chain(&f.chain);
    for set in &kept_sets {
        for &c in &set.cells {
            push_new(&mut one.cells, c);
        }
    }
    one.detail = Detail::Als {
        sets: kept_sets,
        fish: kept_fish,
        forced: vec![f],
    };
    one
}

/// The new number of old index `k`: its place in `order`, added at the end when new.
fn renumber(order: &mut Vec<usize>, k: usize) -> usize {
    match order.iter().position(|&x| x == k) {
        Some(i) => i,
        None => {
            order.push(k);
            order.len() - 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backends::rules::engine::step::{AlsLink, AlsNode, Exocet, Link};

    fn link(from: (usize, u8), to: (usize, u8)) -> Link {
        Link {
            from,
            to,
            strong: false,
            if_from: true,
            if_to: false,
        }
    }

    fn forced(cell: usize, placed: bool, len: usize) -> Forced {
        Forced {
            candidate: (cell, 1),
            placed,
            chain: (0..len).map(|k| link((cell, 1), (k, 2))).collect(),
        }
    }

    #[test]
    fn the_shortest_chain_is_kept_with_its_own_evidence_alone() {
        // Lengths 3, 0 (no chain given back), 1 and 1: the first of length 1 that
        // places, not the empty one.
        let mut batch = Step::new(Detail::TwoSat {
            forced: vec![
                forced(10, false, 3),
                forced(11, false, 0),
                forced(12, false, 1),
                forced(13, true, 1),
            ],
        });
        batch.eliminations = vec![(10, 1), (11, 1), (12, 1)];
        batch.placements = vec![(13, 1)];
        let one = one_consequence(batch);
        assert_eq!(
            (one.placements.clone(), one.eliminations.clone()),
            (vec![(13, 1)], vec![])
        );
        let Detail::TwoSat { forced } = &one.detail else {
            panic!("{one:?}")
        };
        assert_eq!(forced.len(), 1);
        assert_eq!(one.links, forced[0].chain);
        assert_eq!(one.cells, vec![13, 0]);
    }

    #[test]
    fn an_als_chain_keeps_the_sets_it_passes_numbered_as_it_meets_them() {
        let set = |cells: Vec<usize>| AlsSet {
            cells,
            digits: vec![1, 2, 3],
        };
        let node = |cell: usize, holds: bool| AlsNode {
            cells: vec![cell],
            digit: 1,
            holds,
        };
        let step_link = |set: Option<usize>| AlsLink {
            from: node(5, true),
            to: node(6, false),
            set,
            template: false,
            fish: None,
        };
        let long = AlsForced {
            candidate: (5, 1),
            placed: false,
            chain: vec![step_link(Some(0)), step_link(Some(1)), step_link(None)],
        };
        let short = AlsForced {
            candidate: (7, 1),
            placed: false,
            chain: vec![step_link(Some(2)), step_link(Some(0))],
        };
        let mut batch = Step::new(Detail::Als {
            sets: vec![set(vec![1, 2]), set(vec![3, 4]), set(vec![8, 9])],
            fish: Vec::new(),
            forced: vec![long, short],
        });
        batch.eliminations = vec![(5, 1), (7, 1)];
        let one = one_consequence(batch);
        assert_eq!(one.eliminations, vec![(7, 1)]);
        let Detail::Als { sets, forced, .. } = &one.detail else {
            panic!("{one:?}")
        };
        // Set 2 first, then set 0; the second set is gone.
        assert_eq!(sets[0].cells, vec![8, 9]);
        assert_eq!(sets[1].cells, vec![1, 2]);
        assert_eq!(sets.len(), 2);
        let numbers: Vec<_> = forced[0].chain.iter().map(|l| l.set).collect();
        assert_eq!(numbers, vec![Some(0), Some(1)]);
        for c in [7, 5, 6, 8, 9, 1, 2] {
            assert!(one.cells.contains(&c), "{c} in {:?}", one.cells);
        }
        assert!(!one.cells.contains(&3));
    }

    #[test]
    fn one_exocet_of_several_with_its_own_removals() {
        let exocet = |base: Vec<usize>, removed: Vec<(usize, u8)>| Exocet {
            base,
            digits: vec![1, 2],
            targets: vec![20, 30],
            companions: Vec::new(),
            cross_lines: vec![9],
            outside: Vec::new(),
            covers: Vec::new(),
            mirrors: Vec::new(),
            eliminations: removed,
        };
        let mut batch = Step::new(Detail::Exocet {
            patterns: vec![
                exocet(vec![0, 1], vec![(20, 5)]),
                exocet(vec![3, 4], vec![(30, 6)]),
            ],
        });
        batch.eliminations = vec![(20, 5), (30, 6)];
        let one = one_consequence(batch);
        assert_eq!(one.eliminations, vec![(20, 5)]);
        assert_eq!(one.cells, vec![0, 1, 20, 30]);
        let Detail::Exocet { patterns } = &one.detail else {
            panic!("{one:?}")
        };
        assert_eq!(patterns.len(), 1);
    }
}
