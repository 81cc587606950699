//! Aligned pair and triple exclusion. Two or three open cells of one unit take
//! different digits; a combination of their values is also impossible when it takes
//! two digits from an almost locked set (`k` cells with `k + 1` digits, a two-digit
//! cell among them) whose every cell sees both cells taking them: the set would keep
//! `k - 1` digits for `k` cells. A candidate of one of the cells that lies in no
//! possible combination is removed.
//!
//! Per pair of cells, the combinations left are a table (for each digit of the first,
//! the digits of the second it allows); a triple's combinations are those its three
//! pairs all allow, so the triple rule is the pair rule's tables joined, which
//! removes more than each pair alone.
//!
//! Boards of up to 9×9 only, as the almost locked sets of [`als`].

use super::als;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::cellset::{self, and, members, subset, Cells};
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{digits_of, AlsSet, Detail, Step};

/// The almost locked sets of a position (two-digit cells included) and the peers of
/// every cell, as cell sets.
struct Sets {
    sets: Vec<(Cells, u64)>,
    peers: Vec<Cells>,
}

impl Sets {
    fn new(board: &Board, s: &State) -> Sets {
        let mut sets = als::sets(board, s);
        for c in (0..s.value.len()).filter(|&c| s.value[c] == 0 && s.cand[c].len() == 2) {
            sets.push((1 << c, s.cand[c].0));
        }
        Sets {
            sets,
            peers: cellset::peer_sets(board),
        }
    }

    /// The combinations two cells of one unit allow: for each digit `v` of `x` (index
    /// `v - 1`), the digits of `y` that go with it; and the sets seen by both.
    fn table(&self, s: &State, x: usize, y: usize) -> ([u64; 9], Vec<usize>) {
        let common = and(&self.peers[x], &self.peers[y]);
        let seen: Vec<usize> = (0..self.sets.len())
            .filter(|&k| subset(&self.sets[k].0, &common))
            .collect();
        let mut allowed = [0u64; 9];
        for v in s.cand[x].iter() {
            let bit = 1u64 << (v - 1);
            let forbidden = seen
                .iter()
                .map(|&k| self.sets[k].1)
                .filter(|d| d & bit != 0)
                .fold(bit, |m, d| m | d);
            allowed[v as usize - 1] = s.cand[y].0 & !forbidden;
        }
        (allowed, seen)
    }

    /// The sets among `seen` that forbid a combination with a removed candidate:
    /// those holding its digit and a digit of another of the cells.
    fn used(
        &self,
        s: &State,
        seen: &[usize],
        cells: &[usize],
        removed: &[(usize, u8)],
    ) -> Vec<AlsSet> {
        let mut out: Vec<AlsSet> = Vec::new();
        for &k in seen {
            let (set, digits) = self.sets[k];
            let useful = removed.iter().any(|&(c, d)| {
                digits >> (d - 1) & 1 == 1
                    && cells
                        .iter()
                        .any(|&o| o != c && s.cand[o].0 & digits & !(1 << (d - 1)) != 0)
            });
            let named = AlsSet {
                cells: members(&set),
                digits: digits_of(digits),
            };
            if useful && !out.contains(&named) {
                out.push(named);
            }
        }
        out
    }
}

fn step(
    cells: Vec<usize>,
    sets: Vec<AlsSet>,
    units: Vec<usize>,
    removed: Vec<(usize, u8)>,
) -> Step {
    let mut step = Step::new(Detail::AlignedExclusion { sets });
    step.cells = cells;
    step.units = units;
    step.eliminations = removed;
    step
}

/// The first aligned pair exclusion that removes something: units in order, then
/// pairs of their open cells.
pub fn pair(board: &Board, s: &State) -> Option<Step> {
    if s.value.len() > cellset::MAX_CELLS || board.n > 9 {
        return None;
    }
    let sets = Sets::new(board, s);
    for (u, unit) in board.units.iter().enumerate() {
        let open: Vec<usize> = unit.iter().copied().filter(|&c| s.value[c] == 0).collect();
        for (i, &x) in open.iter().enumerate() {
            for &y in &open[i + 1..] {
                let (allowed, seen) = sets.table(s, x, y);
                let either = allowed.iter().fold(0, |m, a| m | a);
                let mut removed: Vec<(usize, u8)> = s.cand[x]
                    .iter()
                    .filter(|&v| allowed[v as usize - 1] == 0)
                    .map(|v| (x, v))
                    .collect();
                removed.extend(
                    s.cand[y]
                        .iter()
                        .filter(|&v| either >> (v - 1) & 1 == 0)
                        .map(|v| (y, v)),
                );
                if !removed.is_empty() {
                    let used = sets.used(s, &seen, &[x, y], &removed);
                    return Some(step(vec![x, y], used, vec![u], removed));
                }
            }
        }
    }
    None
}

/// The first aligned triple exclusion that removes something: units in order, then
/// triples of their open cells.
pub fn triple(board: &Board, s: &State) -> Option<Step> {
    if s.value.len() > cellset::MAX_CELLS || board.n > 9 {
        return None;
    }
    let sets = Sets::new(board, s);
    for (u, unit) in board.units.iter().enumerate() {
        let open: Vec<usize> = unit.iter().copied().filter(|&c| s.value[c] == 0).collect();
        let k = open.len();
        // Every pair's table once: tables[i * k + j] for i < j.
        let mut tables = vec![([0u64; 9], Vec::new()); k * k];
        for i in 0..k {
            for j in i + 1..k {
                tables[i * k + j] = sets.table(s, open[i], open[j]);
            }
        }
        for i in 0..k {
            for j in i + 1..k {
                for l in j + 1..k {
                    let (x, y, z) = (open[i], open[j], open[l]);
                    let (xy, xz, yz) = (
                        &tables[i * k + j].0,
                        &tables[i * k + l].0,
                        &tables[j * k + l].0,
                    );
                    // The digits of each cell in some combination all three pairs allow.
                    let mut support = [0u64; 3];
                    for v in s.cand[x].iter() {
                        let mut ys = xy[v as usize - 1];
                        while ys != 0 {
                            let w = ys.trailing_zeros() as usize;
                            ys &= ys - 1;
                            let zs = xz[v as usize - 1] & yz[w];
                            if zs != 0 {
                                support[0] |= 1 << (v - 1);
                                support[1] |= 1 << w;
                                support[2] |= zs;
                            }
                        }
                    }
                    let cells = [x, y, z];
                    let removed: Vec<(usize, u8)> = cells
                        .iter()
                        .zip(support)
                        .flat_map(|(&c, sup)| {
                            digits_of(s.cand[c].0 & !sup)
                                .into_iter()
                                .map(move |v| (c, v))
                        })
                        .collect();
                    if !removed.is_empty() {
                        let mut seen: Vec<usize> = Vec::new();
                        for t in [i * k + j, i * k + l, j * k + l] {
                            for &q in &tables[t].1 {
                                if !seen.contains(&q) {
                                    seen.push(q);
                                }
                            }
                        }
                        let used = sets.used(s, &seen, &cells, &removed);
                        return Some(step(cells.to_vec(), used, vec![u], removed));
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::row_candidates;
    use super::*;

    #[test]
    fn a_digit_every_partner_of_which_empties_a_two_digit_cell_goes() {
        // Row 1: r1c1 {2, 4}, r1c2 {2, 3}, r1c3 {2, 3}. With r1c1=2, r1c2 must be 3,
        // and 2, 3 both leave r1c3, which sees both: r1c1 loses 2. r1c1=4 goes with
        // either digit of r1c2, so r1c2 keeps both.
        let (b, s) = row_candidates(&[&[2, 4], &[2, 3], &[2, 3]]);
        let st = pair(&b, &s).expect("an exclusion");
        assert_eq!(st.cells, vec![0, 1]);
        assert_eq!(st.eliminations, vec![(0, 2)]);
        let Detail::AlignedExclusion { sets } = &st.detail else {
            panic!("not an exclusion: {st:?}");
        };
        assert!(sets.contains(&AlsSet {
            cells: vec![2],
            digits: vec![2, 3]
        }));
        // The triple of the three cells joins the same tables: the same removal.
        let st = triple(&b, &s).expect("an exclusion");
        assert_eq!(st.cells, vec![0, 1, 2]);
        assert_eq!(st.eliminations, vec![(0, 2)]);
    }

    #[test]
    fn cells_whose_every_combination_survives_lose_nothing() {
        // Three cells of a naked triple: every value of each goes with a filling of
        // the other two, so the exclusions take the triple's digits from the rest of
        // the row (as the naked triple does) and nothing from its cells.
        let (b, s) = row_candidates(&[&[1, 2], &[1, 3], &[2, 3]]);
        for st in [pair(&b, &s), triple(&b, &s)] {
            let st = st.expect("an exclusion in the rest of the row");
            assert!(st
                .eliminations
                .iter()
                .all(|&(c, d)| (3..9).contains(&c) && d <= 3));
        }
        let (b, s) = row_candidates(&[&[1, 2, 3], &[4, 5, 6]]);
        let sets = Sets::new(&b, &s);
        let (allowed, _) = sets.table(&s, 0, 1);
        assert_eq!(allowed[0], 0b111000);
        assert_eq!(allowed[2], 0b111000);
    }
}
