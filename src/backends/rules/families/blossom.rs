//! Level 6: the death blossom. A stem cell with three or more candidates holds one of
//! them; give each candidate `d` of the stem a petal, an almost locked set (see
//! [`als`](super::als)) not holding the stem whose every `d` sees the stem. Whichever
//! digit the stem holds, its petal loses that digit and, being `k` cells with `k + 1`
//! digits, keeps all the others. A digit `z` in every petal (and, if the stem has `z`,
//! not a petal digit but the stem's own) is then in each case somewhere the cells
//! seeing all of it cannot share: those cells lose `z`. A two-candidate stem is a
//! chain of the ALS rule already.

use super::als;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::cellset::{self, add, and, cells_in, members, Cells};
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{digits_of, push_new, AlsSet, Detail, Link, Step};
use crate::graph::scc::Digraph;

/// Most candidates of a stem (the petals multiply with them).
const MAX_STEM: u32 = 4;

/// The first death blossom that removes something: stems in cell order, then digits
/// (the sets are those `kept` lists for the position).
pub fn find(board: &Board, s: &State, kept: &mut als::Kept) -> Option<Step> {
    if s.value.len() > cellset::MAX_CELLS {
        return None;
    }
    let stems: Vec<usize> = (0..s.value.len())
        .filter(|&c| s.value[c] == 0 && (3..=MAX_STEM).contains(&s.cand[c].len()))
        .collect();
    if stems.is_empty() {
        return None;
    }
    let mut stem_cells: Cells = 0;
    for &stem in &stems {
        add(&mut stem_cells, stem);
    }
    let sets = kept.sets(board, s);
    let peers = cellset::peer_sets(board);
    let holders = cellset::holder_sets(board, s);
    let n = board.n;
    // Per set and digit of it, in order (`at[k]` + the digit's rank in the set): the
    // cells seeing every cell of the set holding the digit.
    let held = |k: usize, d: u8| and(&sets[k].0, &holders[d as usize - 1]);
    let mut at: Vec<usize> = Vec::with_capacity(sets.len() + 1);
    let mut seeing: Vec<Cells> = Vec::new();
    // Petals as (stem cell and digit `c * n + d - 1`, set): the sets whose every cell
    // holding the digit the stem sees (so the stem, holding it too, is not one of
    // them), in set order.
    let mut petal_pairs: Vec<(u32, u32)> = Vec::new();
    for (k, &(_, digits)) in sets.iter().enumerate() {
        at.push(seeing.len());
        for d in digits_of(digits) {
            let sees = cellset::seeing_all(&held(k, d), &holders[d as usize - 1], &peers);
            seeing.push(sees);
            for stem in cells_in(&and(&sees, &stem_cells)) {
                petal_pairs.push(((stem * n + d as usize - 1) as u32, k as u32));
            }
        }
    }
    let seeing_of = |k: usize, d: u8| {
        let below = sets[k].1 & ((1u64 << (d - 1)) - 1);
        seeing[at[k] + below.count_ones() as usize]
    };
    // The petals of key `c * n + d - 1`, in set order: its successors.
    let petals_of = Digraph::new(s.value.len() * n, &petal_pairs);
    for &stem in &stems {
        let stem_digits: Vec<u8> = s.cand[stem].iter().collect();
        let petals: Vec<&[u32]> = stem_digits
            .iter()
            .map(|&d| petals_of.succ(stem * n + d as usize - 1))
            .collect();
        if petals.iter().any(|p| p.is_empty()) {
            continue;
        }
        for z in 1..=n as u8 {
            let mut target = holders[z as usize - 1];
            for (i, &d) in stem_digits.iter().enumerate() {
                if cellset::is_empty(&target) {
                    break;
                }
                if d == z {
                    target = and(&target, &peers[stem]);
                    continue;
                }
                let mut reach: Cells = 0;
                for k in petals[i].iter().map(|&k| k as usize) {
                    if sets[k].1 >> (z - 1) & 1 == 1 {
                        reach |= seeing_of(k, z);
                    }
                }
                target = and(&target, &reach);
            }
            let Some(first) = cellset::first(&target) else {
                continue;
            };
            let chosen: Vec<(usize, u8)> = stem_digits
                .iter()
                .copied()
                .enumerate()
                .filter(|&(_, d)| d != z)
                .collect();
            // One petal per stem digit, the first whose z all sees the first target;
            // the step removes z from every target seeing all of those.
            let mut step = Step::new(Detail::DeathBlossom {
                stem,
                digit: z,
                petals: Vec::new(),
                stem_has_digit: s.cand[stem].contains(z),
            });
            step.cells.push(stem);
            step.digits.push(z);
            let mut common = target;
            let mut petal_sets = Vec::new();
            for &(i, d) in &chosen {
                let k = petals[i]
                    .iter()
                    .map(|&k| k as usize)
                    .find(|&k| {
                        sets[k].1 >> (z - 1) & 1 == 1 && {
                            let seeing = seeing_of(k, z);
                            seeing >> first & 1 == 1
                        }
                    })
                    .expect("a petal reaches the first target");
                common = and(&common, &seeing_of(k, z));
                for c in cells_in(&held(k, d)) {
                    step.links.push(Link {
                        from: (stem, d),
                        to: (c, d),
                        strong: false,
                        if_from: true,
                        if_to: false,
                    });
                }
                let cells = members(&sets[k].0);
                for &c in &cells {
                    push_new(&mut step.cells, c);
                }
                petal_sets.push((
                    d,
                    AlsSet {
                        cells,
                        digits: digits_of(sets[k].1),
                    },
                ));
            }
            step.eliminations = members(&common).into_iter().map(|c| (c, z)).collect();
            if let Detail::DeathBlossom { petals, .. } = &mut step.detail {
                *petals = petal_sets;
            }
            return Some(step);
        }
    }
    None
}
