//! Level 6: the death blossom. A stem cell with three or more candidates holds one of
//! them; give each candidate `d` of the stem a petal, an almost locked set (see
//! [`als`](super::als)) not holding the stem whose every `d` sees the stem. Whichever
//! digit the stem holds, its petal loses that digit and, being `k` cells with `k + 1`
//! digits, keeps all the others. A digit `z` in every petal (and, if the stem has `z`,
//! not a petal digit but the stem's own) is then in each case somewhere the cells
//! seeing all of it cannot share: those cells lose `z`. A two-candidate stem is a
//! chain of the ALS rule already.

use super::als::{self, add, and, cells_in, members, Cells};
use super::board::Board;
use super::state::State;
use super::step::{digits_of, AlsSet, Detail, Link, Step};

/// Most candidates of a stem (the petals multiply with them).
const MAX_STEM: u32 = 4;

/// The first death blossom that removes something: stems in cell order, then digits
/// (the sets are those `kept` lists for the position).
pub fn find(board: &Board, s: &State, kept: &mut als::Kept) -> Option<Step> {
    if s.value.len() > als::MAX_CELLS {
        return None;
    }
    let stems: Vec<usize> = (0..s.value.len())
        .filter(|&c| s.value[c] == 0 && (3..=MAX_STEM).contains(&s.cand[c].len()))
        .collect();
    if stems.is_empty() {
        return None;
    }
    let mut stem_cells: Cells = [0; 4];
    for &stem in &stems {
        add(&mut stem_cells, stem);
    }
    let sets = kept.sets(board, s);
    let peers = als::peer_sets(board);
    let holders = als::holder_sets(board, s);
    let n = board.n;
    // Per set and digit (`k * n + d - 1`): the cells holding it, and the cells seeing
    // all of those (the digits a set lacks stay empty: no rule reads them).
    let mut per_digit: Vec<(Cells, Cells)> = vec![([0; 4], [0; 4]); sets.len() * n];
    // Per stem cell and digit (`c * n + d - 1`): its petals, the sets whose every
    // cell holding the digit the stem sees (so the stem, holding it too, is not one of
    // them), in set order.
    let mut petals_of: Vec<Vec<usize>> = vec![Vec::new(); s.value.len() * n];
    for (k, &(cells, digits)) in sets.iter().enumerate() {
        for d in digits_of(digits) {
            let held = and(&cells, &holders[d as usize - 1]);
            let mut seeing = holders[d as usize - 1];
            for c in cells_in(&held) {
                seeing = and(&seeing, &peers[c]);
            }
            per_digit[k * n + d as usize - 1] = (held, seeing);
            for stem in cells_in(&and(&seeing, &stem_cells)) {
                petals_of[stem * n + d as usize - 1].push(k);
            }
        }
    }
    for &stem in &stems {
        let stem_digits: Vec<u8> = s.cand[stem].iter().collect();
        let petals: Vec<&[usize]> = stem_digits
            .iter()
            .map(|&d| petals_of[stem * n + d as usize - 1].as_slice())
            .collect();
        if petals.iter().any(|p| p.is_empty()) {
            continue;
        }
        for z in 1..=n as u8 {
            let mut target = holders[z as usize - 1];
            for (i, &d) in stem_digits.iter().enumerate() {
                if als::is_empty(&target) {
                    break;
                }
                if d == z {
                    target = and(&target, &peers[stem]);
                    continue;
                }
                let mut reach: Cells = [0; 4];
                for &k in petals[i] {
                    if sets[k].1 >> (z - 1) & 1 == 1 {
                        let seeing = per_digit[k * n + z as usize - 1].1;
                        for w in 0..4 {
                            reach[w] |= seeing[w];
                        }
                    }
                }
                target = and(&target, &reach);
            }
            let Some(first) = als::first(&target) else {
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
                let k = *petals[i]
                    .iter()
                    .find(|&&k| {
                        sets[k].1 >> (z - 1) & 1 == 1 && {
                            let seeing = per_digit[k * n + z as usize - 1].1;
                            seeing[first / 64] >> (first % 64) & 1 == 1
                        }
                    })
                    .expect("a petal reaches the first target");
                common = and(&common, &per_digit[k * n + z as usize - 1].1);
                for c in cells_in(&per_digit[k * n + d as usize - 1].0) {
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
                    if !step.cells.contains(&c) {
                        step.cells.push(c);
                    }
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
