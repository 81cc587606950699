//! Maximum bipartite matching (Kuhn's augmenting paths) and the edges that lie in some
//! maximum matching (Berge; Régin 1994, Proposition 1), for at most 64 nodes a side.
//!
//! With a matching `M` that covers every left node, an edge `(x, v)` lies in some
//! maximum matching iff it is in `M`, or lies on an alternating cycle (`x` and
//! `M⁻¹(v)` in one strongly connected component of the residual graph), or on an
//! alternating path from a free right node. The residual graph is kept on the left
//! nodes only: `x → y` when `y` is joined to `M(x)`.
//!
//! Callers: the `csp` backend's `gac` filter (alldifferent, cells against values) and
//! the `rules` backend's matching rules (a unit's cells against digits; a digit's rows
//! against columns).

use super::{scc, Rows};

/// Marks a node without a partner.
pub const FREE: u8 = u8::MAX;

/// A matching, stored both ways.
#[derive(Clone, Debug)]
pub struct Matching {
    /// The right node matched to each left node, or [`FREE`].
    pub left: Vec<u8>,
    /// The left node matched to each right node, or [`FREE`].
    pub right: [u8; 64],
}

impl Matching {
    /// The empty matching on `n` left nodes.
    pub fn empty(n: usize) -> Matching {
        Matching {
            left: vec![FREE; n],
            right: [FREE; 64],
        }
    }

    /// A matching started from `kept` (one entry per left node, as a previous call
    /// left it), keeping only the edges still present in `rows`; a `kept` of another
    /// length starts empty. Repairing a kept matching is cheaper than starting again.
    pub fn repaired<R: Rows + ?Sized>(mut kept: Vec<u8>, rows: &R) -> Matching {
        let n = rows.count();
        if kept.len() != n {
            kept.clear();
            kept.resize(n, FREE);
        }
        let mut m = Matching {
            left: kept,
            right: [FREE; 64],
        };
        for x in 0..n {
            let v = m.left[x];
            if v != FREE && rows.row(x) >> v & 1 == 1 && m.right[v as usize] == FREE {
                m.right[v as usize] = x as u8;
            } else {
                m.left[x] = FREE;
            }
        }
        m
    }

    /// Extends the matching until it covers every left node; `false` when no matching
    /// does (Hall's condition fails). Counts the augmenting-path searches started.
    pub fn cover<R: Rows + ?Sized>(&mut self, rows: &R, augmentations: &mut u64) -> bool {
        let n = rows.count();
        if n > 64 {
            return false;
        }
        let mut matched: u64 = self
            .left
            .iter()
            .filter(|&&v| v != FREE)
            .fold(0, |acc, &v| acc | 1 << v);
        for x in 0..n {
            if self.left[x] != FREE {
                continue;
            }
            // A free right node next to x is a path of length one.
            let free = rows.row(x) & !matched;
            if free != 0 {
                let v = free.trailing_zeros() as usize;
                self.left[x] = v as u8;
                self.right[v] = x as u8;
                matched |= 1 << v;
            } else {
                *augmentations += 1;
                // The path ends at a right node that was free: it is matched now.
                // (Marking `M(x)` instead, as this code once did, left that end
                // looking free, and a later node could be matched to it twice.)
                match self.augment(rows, x, &mut 0) {
                    Some(end) => matched |= 1 << end,
                    None => return false,
                }
            }
        }
        true
    }

    /// Looks for an alternating path from the free left node `x` to a free right node
    /// and flips it; `seen` holds the right nodes already tried. Returns the free
    /// right node the path ended at.
    fn augment<R: Rows + ?Sized>(&mut self, rows: &R, x: usize, seen: &mut u64) -> Option<usize> {
        let mut cand = rows.row(x) & !*seen;
        while cand != 0 {
            let v = cand.trailing_zeros() as usize;
            cand &= cand - 1;
            *seen |= 1 << v;
            let y = self.right[v];
            let end = if y == FREE {
                Some(v)
            } else {
                self.augment(rows, y as usize, seen)
            };
            if end.is_some() {
                self.left[x] = v as u8;
                self.right[v] = x as u8;
                return end;
            }
        }
        None
    }
}

/// The residual graph of a matching that covers every left node, with what Berge's
/// theorem needs: its components and the left nodes reached from free right nodes.
#[derive(Clone, Debug)]
pub struct Residual {
    /// Number of left nodes.
    pub n: usize,
    /// `succ[x]` has bit `y` when left node `y` is joined to `M(x)`.
    pub succ: [u64; 64],
    /// The strongly connected component of each left node.
    pub comp: [u32; 64],
    /// Left nodes reached by an alternating path from a free right node.
    pub reached: u64,
    /// Right nodes joined to some left node but matched to none.
    pub free_right: u64,
}

impl Residual {
    /// Builds the residual graph of `m` (which must cover every left node of `rows`).
    pub fn new<R: Rows + ?Sized>(rows: &R, m: &Matching) -> Residual {
        let mut res = Residual::default();
        res.rebuild(rows, m);
        res
    }

    /// [`Residual::new`] in place, so that a caller in a hot loop reuses one buffer.
    pub fn rebuild<R: Rows + ?Sized>(&mut self, rows: &R, m: &Matching) {
        let n = rows.count();
        self.n = n;
        let succ = &mut self.succ;
        succ[..n].fill(0);
        let mut all_right = 0u64;
        let mut matched = 0u64;
        for y in 0..n {
            let row = rows.row(y);
            all_right |= row;
            matched |= 1u64 << m.left[y];
            let mut others = row & !(1u64 << m.left[y]);
            while others != 0 {
                let v = others.trailing_zeros() as usize;
                others &= others - 1;
                let x = m.right[v];
                if x != FREE {
                    succ[x as usize] |= 1 << y;
                }
            }
        }
        let free_right = all_right & !matched;
        let mut reached: u64 = 0;
        let mut frontier: u64 = 0;
        for y in 0..n {
            if rows.row(y) & free_right != 0 {
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
        scc::components_into(&succ[..n], &mut self.comp);
        self.reached = reached;
        self.free_right = free_right;
    }

    /// The right nodes of left node `y` whose edges lie in some maximum matching.
    pub fn supported(&self, m: &Matching, y: usize, row: u64) -> u64 {
        let mut keep = 1u64 << m.left[y] | (row & self.free_right);
        let mut rest = row & !keep;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let x = m.right[v] as usize;
            if self.comp[x] == self.comp[y] || self.reached >> x & 1 == 1 {
                keep |= 1 << v;
            }
        }
        keep
    }

    /// When every right node is matched (a perfect matching): the Hall set that rules
    /// out the edge from some left node outside it to `M(y)`: the left nodes that can
    /// reach `y`. They are joined only to their own matched right nodes, as many as
    /// they are, so those right nodes are theirs alone.
    pub fn hall_set(&self, y: usize) -> u64 {
        scc::reaching(&self.succ[..self.n], y)
    }
}

impl Default for Residual {
    fn default() -> Residual {
        Residual {
            n: 0,
            succ: [0; 64],
            comp: [u32::MAX; 64],
            reached: 0,
            free_right: 0,
        }
    }
}

/// Every edge of `rows` that lies in no perfect matching, as a mask per left node, for
/// a graph with as many right nodes in use as left nodes; `None` when there is no
/// perfect matching at all. Builds a fresh matching (callers that repeat on a slowly
/// changing graph keep theirs, as `csp`'s filter does).
pub fn unmatchable<R: Rows + ?Sized>(rows: &R) -> Option<(Matching, Residual, Vec<u64>)> {
    let n = rows.count();
    let mut m = Matching::empty(n);
    if !m.cover(rows, &mut 0) {
        return None;
    }
    let res = Residual::new(rows, &m);
    let dead = (0..n)
        .map(|y| rows.row(y) & !res.supported(&m, y, rows.row(y)))
        .collect();
    Some((m, res, dead))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_pair_is_found_with_its_hall_set() {
        // Left 0,1 joined to right {0,1}; left 2,3 joined to all of {0,1,2,3}.
        let rows: [u64; 4] = [0b0011, 0b0011, 0b1111, 0b1111];
        let (m, res, dead) = unmatchable(&rows[..]).unwrap();
        assert_eq!(dead, vec![0, 0, 0b0011, 0b0011]);
        // The edge 2 -> M(0) is ruled out by the Hall set {0, 1}.
        let y = m.right[m.left[0] as usize] as usize;
        assert_eq!(res.hall_set(y), 0b0011);
    }

    #[test]
    fn no_perfect_matching_is_none() {
        let rows: [u64; 3] = [0b01, 0b01, 0b111];
        assert!(unmatchable(&rows[..]).is_none());
    }

    #[test]
    fn a_kept_matching_loses_edges_that_left_the_graph() {
        let rows: [u64; 2] = [0b01, 0b11];
        let mut m = Matching::repaired(vec![1, 0], &rows[..]);
        assert_eq!(m.left, vec![FREE, 0]);
        let mut aug = 0;
        assert!(m.cover(&rows[..], &mut aug));
        assert_eq!((m.left.clone(), aug), (vec![0, 1], 1));
        let rows: [u64; 2] = [0b01, 0b01];
        let mut m = Matching::repaired(vec![0, 1], &rows[..]);
        assert!(!m.cover(&rows[..], &mut aug));
    }

    #[test]
    fn an_augmenting_path_marks_the_node_it_ends_at() {
        // Found by the rules' Hall-theorem test: after an augmentation the matched set
        // must include the path's free end, or a later node takes it a second time.
        let rows: [u64; 6] = [264, 452, 276, 24, 132, 412];
        let (m, _, dead) = unmatchable(&rows[..]).unwrap();
        let mut used = 0u64;
        for &v in &m.left {
            assert_eq!(
                used >> v & 1,
                0,
                "right node {v} matched twice: {:?}",
                m.left
            );
            used |= 1 << v;
        }
        // Digit 7 (bit 6) fits only left node 1, which therefore loses bits 2, 7, 8.
        assert_eq!(dead, vec![0, 452 & !64, 0, 0, 0, 0]);
    }
}
