//! Eppstein's nonrepetitive transformation nr(G) ("Nonrepetitive paths and cycles in
//! graphs with application to Sudoku", §2.1 and the flag-labelled form of §3.5).
//!
//! G is an undirected graph whose edges carry a label at each end (a flag label; an
//! edge-labelled graph has the same label at both ends). A walk is nonrepetitive when,
//! at every vertex it passes through, the label it arrives with differs from the label
//! it leaves with. nr(G) replaces each vertex by Lemma 1's gadget, in which the node
//! `in(v, x)` (arrived with `x`) reaches the node `out(v, y)` (about to leave with `y`)
//! exactly when `x ≠ y`, and each edge by two arcs `out(v, x) → in(w, y)`. Walks in
//! nr(G) are then nonrepetitive walks of G and back (Lemma 2): a nonrepetitive closed
//! walk through `v` leaving with `a` and returning with `b ≠ a` exists iff `out(v, a)`
//! and `in(v, b)` share a strongly connected component (Theorem 2.1), and the
//! nonrepetitive walks from `v` with first label `a` are the searches from `out(v, a)`
//! (Theorem 2.2).
//!
//! The gadget here is a prefix and a suffix chain rather than the paper's pairing tree,
//! also O(k) for k labels: with the labels of `v` in order `x_0 < … < x_{k-1}`,
//! `pre_i → out_i, pre_i → pre_{i-1}` and `suf_i → out_i, suf_i → suf_{i+1}`, and
//! `in_i → pre_{i-1}, in_i → suf_{i+1}`: `in_i` reaches every `out_j` with `j ≠ i`
//! and no other.

use super::scc::Digraph;

/// An undirected edge of G with a label at each end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FlagEdge {
    /// One end.
    pub a: u32,
    /// The other end.
    pub b: u32,
    /// The label of the flag at `a`.
    pub label_a: u32,
    /// The label of the flag at `b`.
    pub label_b: u32,
}

/// One edge of G walked in one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hop {
    /// The vertex left.
    pub from: u32,
    /// The vertex reached.
    pub to: u32,
    /// The edge's label at `from`.
    pub from_label: u32,
    /// The edge's label at `to`.
    pub to_label: u32,
}

/// nr(G) with its strongly connected components.
#[derive(Clone, Debug)]
pub struct Nr {
    /// The transformed graph: four nodes per (vertex, label) slot.
    pub graph: Digraph,
    /// Component of each node of `graph`.
    pub comp: Vec<u32>,
    /// `first[v]..first[v + 1]`: the slots of vertex `v` in `labels`.
    first: Vec<u32>,
    /// The distinct labels of each vertex, ascending within the vertex.
    labels: Vec<u32>,
    /// The hop each arc `out → in` stands for (looked up only to draw a walk).
    hops: Vec<(u32, u32, Hop)>,
}

const IN: u32 = 0;
const OUT: u32 = 1;
const PRE: u32 = 2;
const SUF: u32 = 3;

impl Nr {
    /// nr(G) for a graph on `vertices` vertices (an edge given twice gives its arcs
    /// twice, which changes no reachability).
    pub fn new(vertices: usize, edges: &[FlagEdge]) -> Nr {
        let mut at: Vec<(u32, u32)> = Vec::with_capacity(edges.len() * 2);
        for e in edges {
            at.push((e.a, e.label_a));
            at.push((e.b, e.label_b));
        }
        at.sort_unstable();
        at.dedup();
        let mut first = vec![0u32; vertices + 1];
        for &(v, _) in &at {
            first[v as usize + 1] += 1;
        }
        for v in 0..vertices {
            first[v + 1] += first[v];
        }
        let labels: Vec<u32> = at.iter().map(|&(_, l)| l).collect();
        let mut arcs: Vec<(u32, u32)> = Vec::with_capacity(labels.len() * 6 + edges.len() * 2);
        for v in 0..vertices {
            let (lo, hi) = (first[v], first[v + 1]);
            for s in lo..hi {
                let node = |s: u32, kind: u32| 4 * s + kind;
                arcs.push((node(s, PRE), node(s, OUT)));
                arcs.push((node(s, SUF), node(s, OUT)));
                if s > lo {
                    arcs.push((node(s, PRE), node(s - 1, PRE)));
                    arcs.push((node(s, IN), node(s - 1, PRE)));
                }
                if s + 1 < hi {
                    arcs.push((node(s, SUF), node(s + 1, SUF)));
                    arcs.push((node(s, IN), node(s + 1, SUF)));
                }
            }
        }
        let mut nr = Nr {
            graph: Digraph::default(),
            comp: Vec::new(),
            first,
            labels,
            hops: Vec::with_capacity(edges.len() * 2),
        };
        for e in edges {
            for hop in [
                Hop {
                    from: e.a,
                    to: e.b,
                    from_label: e.label_a,
                    to_label: e.label_b,
                },
                Hop {
                    from: e.b,
                    to: e.a,
                    from_label: e.label_b,
                    to_label: e.label_a,
                },
            ] {
                let (Some(o), Some(i)) = (
                    nr.out_node(hop.from, hop.from_label),
                    nr.in_node(hop.to, hop.to_label),
                ) else {
                    continue;
                };
                nr.hops.push((o, i, hop));
                arcs.push((o, i));
            }
        }
        nr.graph = Digraph::new(nr.labels.len() * 4, &arcs);
        nr.comp = nr.graph.components().0;
        nr
    }

    fn slot(&self, v: u32, label: u32) -> Option<u32> {
        let v = v as usize;
        if v + 1 >= self.first.len() {
            return None;
        }
        let (lo, hi) = (self.first[v] as usize, self.first[v + 1] as usize);
        self.labels[lo..hi]
            .binary_search(&label)
            .ok()
            .map(|i| (lo + i) as u32)
    }

    /// The node "arrived at `v` with `label`", if `v` has an edge with that label.
    pub fn in_node(&self, v: u32, label: u32) -> Option<u32> {
        self.slot(v, label).map(|s| 4 * s + IN)
    }

    /// The node "leaving `v` with `label`", if `v` has an edge with that label.
    pub fn out_node(&self, v: u32, label: u32) -> Option<u32> {
        self.slot(v, label).map(|s| 4 * s + OUT)
    }

    /// The distinct labels on the edges at `v`, ascending.
    pub fn labels(&self, v: u32) -> &[u32] {
        let v = v as usize;
        if v + 1 >= self.first.len() {
            return &[];
        }
        &self.labels[self.first[v] as usize..self.first[v + 1] as usize]
    }

    /// The vertex and label of an `in` or `out` node.
    #[cfg(test)]
    fn node_vertex_label(&self, node: u32) -> (u32, u32) {
        let s = node / 4;
        let v = self.first.partition_point(|&f| f <= s) - 1;
        (v as u32, self.labels[s as usize])
    }

    /// Theorem 2.1 at one vertex: the pairs `(a, b)`, `a ≠ b`, such that some
    /// nonrepetitive closed walk leaves `v` with `a` and comes back with `b`.
    pub fn closed_pairs(&self, v: u32) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for &a in self.labels(v) {
            for &b in self.labels(v) {
                if a != b {
                    let (o, i) = (self.out_node(v, a), self.in_node(v, b));
                    if let (Some(o), Some(i)) = (o, i) {
                        if self.comp[o as usize] == self.comp[i as usize] {
                            out.push((a, b));
                        }
                    }
                }
            }
        }
        out
    }

    /// A nonrepetitive walk from `from` to `to` (nodes of nr(G)) as the hops of G it
    /// takes, by a breadth-first search; `None` if `to` is not reached.
    pub fn walk(&self, from: u32, to: u32) -> Option<Vec<Hop>> {
        let (mut seen, mut parent) = (Vec::new(), Vec::new());
        self.graph.reach(from as usize, &mut seen, &mut parent);
        self.walk_back(&parent, from, to)
    }

    /// The hops of the search-tree path to `to` recorded in `parent` (from
    /// [`Digraph::reach`] started at `from`).
    pub fn walk_back(&self, parent: &[u32], from: u32, to: u32) -> Option<Vec<Hop>> {
        if to != from && parent[to as usize] == u32::MAX {
            return None;
        }
        let mut hops = Vec::new();
        let mut x = to;
        while x != from {
            let p = parent[x as usize];
            if let Some(&(_, _, h)) = self.hops.iter().find(|&&(a, b, _)| (a, b) == (p, x)) {
                hops.push(h);
            }
            x = p;
        }
        hops.reverse();
        Some(hops)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(a: u32, b: u32, l: u32) -> FlagEdge {
        FlagEdge {
            a,
            b,
            label_a: l,
            label_b: l,
        }
    }

    #[test]
    fn the_gadget_passes_exactly_the_other_labels() {
        // A star: centre 0 with leaves 1..=5, edge to leaf i labelled i.
        let edges: Vec<FlagEdge> = (1..=5).map(|i| edge(0, i, i)).collect();
        let nr = Nr::new(6, &edges);
        let (mut seen, mut parent) = (Vec::new(), Vec::new());
        for x in 1..=5 {
            nr.graph
                .reach(nr.in_node(0, x).unwrap() as usize, &mut seen, &mut parent);
            for y in 1..=5 {
                assert_eq!(seen[nr.out_node(0, y).unwrap() as usize], x != y, "{x} {y}");
                // Arriving at leaf y from the centre is possible iff y != x.
                assert_eq!(seen[nr.in_node(y, y).unwrap() as usize], x != y);
            }
        }
    }

    #[test]
    fn a_triangle_is_a_nonrepetitive_cycle_only_with_three_labels() {
        let nr = Nr::new(3, &[edge(0, 1, 1), edge(1, 2, 2), edge(2, 0, 3)]);
        assert_eq!(nr.closed_pairs(0), vec![(1, 3), (3, 1)]);
        let walk = nr
            .walk(nr.out_node(0, 1).unwrap(), nr.in_node(0, 3).unwrap())
            .unwrap();
        assert_eq!(walk.iter().map(|h| h.to).collect::<Vec<_>>(), vec![1, 2, 0]);
        // Labels 1, 2, 1: the cycle arrives at vertex 0 with 1 and leaves with 1, so
        // it is not a nonrepetitive cycle through 0 (nor through 1 or 2).
        let nr = Nr::new(3, &[edge(0, 1, 1), edge(1, 2, 2), edge(2, 0, 1)]);
        assert!(nr.closed_pairs(0).is_empty());
        assert!(nr.closed_pairs(1).is_empty());
        // But the repetitive cycle is a walk from out(0, 1) back to in(0, 1).
        assert!(nr
            .walk(nr.out_node(0, 1).unwrap(), nr.in_node(0, 1).unwrap())
            .is_some());
    }

    #[test]
    fn an_edge_is_not_walked_back_on_itself() {
        let nr = Nr::new(2, &[edge(0, 1, 4)]);
        assert!(nr
            .walk(nr.out_node(0, 4).unwrap(), nr.in_node(0, 4).unwrap())
            .is_none());
        // Two parallel edges with different labels make a cycle of length 2.
        let nr = Nr::new(2, &[edge(0, 1, 4), edge(0, 1, 7)]);
        assert_eq!(nr.closed_pairs(0), vec![(4, 7), (7, 4)]);
    }

    #[test]
    fn flag_labels_are_read_at_each_end() {
        // Path 0 -(1|5)- 1 -(5|2)- 2: at vertex 1 both flags are 5, repetitive.
        let e1 = FlagEdge {
            a: 0,
            b: 1,
            label_a: 1,
            label_b: 5,
        };
        let e2 = FlagEdge {
            a: 1,
            b: 2,
            label_a: 5,
            label_b: 2,
        };
        let nr = Nr::new(3, &[e1, e2]);
        assert!(nr
            .walk(nr.out_node(0, 1).unwrap(), nr.in_node(2, 2).unwrap())
            .is_none());
        let e2 = FlagEdge { label_a: 6, ..e2 };
        let nr = Nr::new(3, &[e1, e2]);
        let w = nr
            .walk(nr.out_node(0, 1).unwrap(), nr.in_node(2, 2).unwrap())
            .unwrap();
        assert_eq!(w.len(), 2);
        assert_eq!(nr.node_vertex_label(nr.in_node(2, 2).unwrap()), (2, 2));
    }
}
