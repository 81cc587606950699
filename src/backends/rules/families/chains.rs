//! Levels 3 and 4: the rules of Eppstein's bilocation and bivalue graphs (§3.2–3.5),
//! each found through the nonrepetitive transformation nr(G) of `crate::graph::nonrep`
//! rather than by enumerating cycles.
//!
//! - The **bilocation graph** has a vertex per open cell and an edge labelled `d`
//!   between the only two places of `d` in a unit. Along a nonrepetitive walk, "the
//!   first cell is not its edge's digit" forces every later cell to hold the digit it
//!   was entered by.
//! - The **bivalue graph**, in its bipartite form (§3.5): a vertex per two-candidate
//!   cell and per (unit, digit); cell `c` is joined to `(g, d)` for each of its units
//!   `g` and digits `d`, the flag at `c` labelled `d` and the flag at `(g, d)` labelled
//!   `c`. Along a nonrepetitive walk, "the first cell holds its edge's digit" forces
//!   every later cell to hold its other digit.
//!
//! The rules: a nonrepetitive **cycle** (Theorem 2.1, by strongly connected
//! components) confines its cells to their two cycle digits (bilocation) or an
//! edge's digit to its two cells in their unit (bivalue). From each start (a cell and
//! the label it leaves by), the search of Theorem 2.2 gives every cell and digit the
//! start forces; a forced fact that undoes the start is a **repetitive cycle**, two
//! forced facts that clash (or leave a unit without a place for a digit) are
//! **conflicting paths**, and a forced digit equal to the start's own alternative is a
//! **nonrepetitive path** whose ends share a digit, which cells seeing both ends lose.
//! Walks need not be simple: every forced fact is a consequence of the start's
//! assumption, so the rules stay sound.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::{PositionKey, State};
use crate::backends::rules::engine::step::{
    self, push_new, Detail, GraphKind, GraphRule, Link, Step,
};
use crate::graph::nonrep::{FlagEdge, Hop, Nr};
use std::cell::OnceCell;
use std::rc::Rc;

/// A graph of the rules with nr(G) built on it.
pub struct Built {
    /// Which graph.
    pub kind: GraphKind,
    /// The transformation with its components.
    pub nr: Nr,
    cells: usize,
    n: usize,
    /// Every start with the facts it forces, worked out once for the three rules
    /// that read them.
    forced: OnceCell<Vec<Forced>>,
}

impl Built {
    fn unit_vertex(&self, unit: usize, d: u8) -> u32 {
        (self.cells + unit * self.n + d as usize - 1) as u32
    }

    /// The links of a walk, as candidates: bilocation hops as they are; bivalue walks
    /// as cell-to-cell edges through their (unit, digit) vertices.
    pub fn links(&self, hops: &[Hop]) -> Vec<Link> {
        match self.kind {
            GraphKind::Bilocation => hops
                .iter()
                .map(|h| Link {
                    from: (h.from as usize, h.from_label as u8),
                    to: (h.to as usize, h.to_label as u8),
                    strong: true,
                    if_from: false,
                    if_to: true,
                })
                .collect(),
            GraphKind::Bivalue => hops
                .iter()
                .filter(|h| (h.from as usize) < self.cells && (h.to as usize) >= self.cells)
                .map(|h| {
                    let d = ((h.to as usize - self.cells) % self.n + 1) as u8;
                    // The hop leaving (g, d) toward the next cell carries that cell.
                    let next = hops
                        .iter()
                        .find(|k| k.from == h.to && k.to as usize != h.from as usize)
                        .map_or(h.from as usize, |k| k.to as usize);
                    Link {
                        from: (h.from as usize, d),
                        to: (next, d),
                        strong: false,
                        if_from: true,
                        if_to: false,
                    }
                })
                .collect(),
        }
    }
}

/// The two graphs of one position, kept by the engine that owns them (its `Scratch`):
/// the graph rules read the same two graphs of a stuck position, so each is built once
/// per position rather than once per rule.
#[derive(Default)]
pub struct Graphs {
    position: PositionKey,
    built: [Option<Rc<Built>>; 2],
    builds: u64,
}

impl Graphs {
    /// Graphs built so far (each kind for each position counts once).
    pub fn builds(&self) -> u64 {
        self.builds
    }

    /// The graph of a kind for a position, built unless it is the position the kept
    /// graphs were built for.
    fn get(&mut self, board: &Board, s: &State, kind: GraphKind) -> Rc<Built> {
        if !self.position.keep(s) {
            self.built = [None, None];
        }
        let slot = match kind {
            GraphKind::Bilocation => 0,
            GraphKind::Bivalue => 1,
        };
        if let Some(g) = &self.built[slot] {
            return g.clone();
        }
        self.builds += 1;
        let g = Rc::new(match kind {
            GraphKind::Bilocation => bilocation(board, s),
            GraphKind::Bivalue => bivalue(board, s),
        });
        self.built[slot] = Some(g.clone());
        g
    }
}

/// The graph of a kind for a position, from the graphs the engine's scratch space keeps.
fn graph(board: &Board, s: &State, kind: GraphKind, graphs: &mut Graphs) -> Rc<Built> {
    graphs.get(board, s, kind)
}

/// The bilocation graph of a position with nr(G) on it.
pub fn bilocation(board: &Board, s: &State) -> Built {
    let cells = board.n * board.n;
    let mut edges = Vec::new();
    for u in 0..board.unit_count() {
        for d in 1..=board.n as u8 {
            let p = s.places(d, u);
            if p.count_ones() != 2 {
                continue;
            }
            let a = board.cell(u, p.trailing_zeros());
            let b = board.cell(u, 63 - p.leading_zeros());
            if s.value[a] != 0 || s.value[b] != 0 {
                continue;
            }
            let (a, b) = (a.min(b) as u32, a.max(b) as u32);
            edges.push(FlagEdge {
                a,
                b,
                label_a: u32::from(d),
                label_b: u32::from(d),
            });
        }
    }
    edges.sort_unstable();
    edges.dedup();
    Built {
        kind: GraphKind::Bilocation,
        nr: Nr::new(cells, &edges),
        cells,
        n: board.n,
        forced: OnceCell::new(),
    }
}

/// The bipartite bivalue graph of a position with nr(G) on it. A (unit, digit)
/// vertex joined to a single cell is left out: no walk passes through it.
pub fn bivalue(board: &Board, s: &State) -> Built {
    let cells = board.n * board.n;
    let n = board.n;
    let units = board.unit_count();
    let mut count = vec![0u32; units * n];
    let bivalued = |c: usize| s.value[c] == 0 && s.cand[c].len() == 2;
    for c in (0..cells).filter(|&c| bivalued(c)) {
        for &(u, _) in &board.cell_units[c] {
            for d in s.cand[c].iter() {
                count[u * n + d as usize - 1] += 1;
            }
        }
    }
    let mut edges = Vec::new();
    for c in (0..cells).filter(|&c| bivalued(c)) {
        for &(u, _) in &board.cell_units[c] {
            for d in s.cand[c].iter() {
                if count[u * n + d as usize - 1] >= 2 {
                    edges.push(FlagEdge {
                        a: c as u32,
                        b: (cells + u * n + d as usize - 1) as u32,
                        label_a: u32::from(d),
                        label_b: c as u32,
                    });
                }
            }
        }
    }
    Built {
        kind: GraphKind::Bivalue,
        nr: Nr::new(cells + units * n, &edges),
        cells,
        n,
        forced: OnceCell::new(),
    }
}

fn graph_step(kind: GraphKind, rule: GraphRule) -> Step {
    Step::new(Detail::Graph { graph: kind, rule })
}

/// Level 3: the nonrepetitive cycle rule on the bilocation graph (Lemma 6). A cell on
/// a nonrepetitive cycle, entered by `b` and left by `a`, holds `a` or `b`.
pub fn bilocation_cycle(board: &Board, s: &State, graphs: &mut Graphs) -> Option<Step> {
    let g = graph(board, s, GraphKind::Bilocation, graphs);
    for c in 0..g.cells {
        if g.nr.labels(c as u32).len() < 2 {
            continue;
        }
        for (a, b) in g.nr.closed_pairs(c as u32) {
            let (a, b) = (a as u8, b as u8);
            let others: Vec<(usize, u8)> = s.cand[c]
                .iter()
                .filter(|&d| d != a && d != b)
                .map(|d| (c, d))
                .collect();
            if others.is_empty() {
                continue;
            }
            let nodes = (
                g.nr.out_node(c as u32, a.into()),
                g.nr.in_node(c as u32, b.into()),
            );
            let (Some(o), Some(i)) = nodes else { continue };
            let hops = g.nr.walk(o, i)?;
            let mut step = graph_step(GraphKind::Bilocation, GraphRule::Cycle);
            step.links = g.links(&hops);
            step.cells = cycle_cells(&step.links);
            step.digits = vec![a.min(b), a.max(b)];
            step.eliminations = others;
            return Some(step);
        }
    }
    None
}

fn cycle_cells(links: &[Link]) -> Vec<usize> {
    let mut cells = Vec::new();
    for l in links {
        for c in [l.from.0, l.to.0] {
            push_new(&mut cells, c);
        }
    }
    cells
}

/// Level 3: the nonrepetitive cycle rule on the bivalue graph. Two cells `c1`, `c2`
/// joined through `(g, d)` on a nonrepetitive cycle hold `d` between them, so the rest
/// of `g` loses `d`.
pub fn bivalue_cycle(board: &Board, s: &State, graphs: &mut Graphs) -> Option<Step> {
    let g = graph(board, s, GraphKind::Bivalue, graphs);
    for u in 0..board.unit_count() {
        for d in 1..=board.n as u8 {
            let v = g.unit_vertex(u, d);
            if g.nr.labels(v).len() < 2 {
                continue;
            }
            for (a, b) in g.nr.closed_pairs(v) {
                let (ca, cb) = (a as usize, b as usize);
                let elim: Vec<(usize, u8)> = board.units[u]
                    .iter()
                    .filter(|&&c| c != ca && c != cb && s.value[c] == 0 && s.cand[c].contains(d))
                    .map(|&c| (c, d))
                    .collect();
                if elim.is_empty() {
                    continue;
                }
                let (Some(o), Some(i)) = (g.nr.out_node(v, a), g.nr.in_node(v, b)) else {
                    continue;
                };
                let hops = g.nr.walk(o, i)?;
                let mut step = graph_step(GraphKind::Bivalue, GraphRule::Cycle);
                step.links = g.links(&hops);
                step.cells = cycle_cells(&step.links);
                step.digits = vec![d];
                step.units = vec![u];
                step.eliminations = elim;
                return Some(step);
            }
        }
    }
    None
}

/// What one start forces: its assumption, the facts "cell holds digit" every
/// nonrepetitive walk from it derives, and the search tree to draw them from.
struct Forced {
    /// The start cell.
    cell: usize,
    /// The label the walks leave it by.
    label: u8,
    /// `(cell, digit, in-node)`: the walk reaching `in-node` forces `cell = digit`.
    facts: Vec<(usize, u8, u32)>,
    start: u32,
}

impl Forced {
    /// The digit the start holds if its assumption is false: bilocation "c is not
    /// `label`" fails when c holds `label`; bivalue "c holds `label`" fails when c holds
    /// its other digit.
    fn alternative(&self, kind: GraphKind, s: &State) -> u8 {
        match kind {
            GraphKind::Bilocation => self.label,
            GraphKind::Bivalue => other(s, self.cell, self.label),
        }
    }
}

fn other(s: &State, c: usize, d: u8) -> u8 {
    s.cand[c].iter().find(|&e| e != d).unwrap_or(d)
}

/// Every start of a graph with the facts it forces, in cell and label order (`s` is
/// the position the graph was built from).
fn starts<'a>(g: &'a Built, s: &State) -> &'a [Forced] {
    g.forced.get_or_init(|| {
        let (mut seen, mut parent) = (Vec::new(), Vec::new());
        let mut out = Vec::new();
        for c in 0..g.cells {
            for &x in g.nr.labels(c as u32) {
                let Some(start) = g.nr.out_node(c as u32, x) else {
                    continue;
                };
                g.nr.graph.reach(start as usize, &mut seen, &mut parent);
                let mut facts = Vec::new();
                if g.kind == GraphKind::Bivalue {
                    facts.push((c, x as u8, start));
                }
                for w in 0..g.cells {
                    for &z in g.nr.labels(w as u32) {
                        let Some(i) = g.nr.in_node(w as u32, z) else {
                            continue;
                        };
                        if seen[i as usize] {
                            let digit = match g.kind {
                                GraphKind::Bilocation => z as u8,
                                GraphKind::Bivalue => other(s, w, z as u8),
                            };
                            facts.push((w, digit, i));
                        }
                    }
                }
                out.push(Forced {
                    cell: c,
                    label: x as u8,
                    facts,
                    start,
                });
            }
        }
        out
    })
}

impl Forced {
    fn links_to(&self, g: &Built, node: u32) -> Vec<Link> {
        // The same search `starts` made, run again: only a step's walks need parents.
        let (mut seen, mut parent) = (Vec::new(), Vec::new());
        g.nr.graph
            .reach(self.start as usize, &mut seen, &mut parent);
        g.nr.walk_back(&parent, self.start, node)
            .map(|h| g.links(&h))
            .unwrap_or_default()
    }

    /// The step that undoes the start: bilocation places its label, bivalue removes it.
    fn undo(&self, g: &Built, rule: GraphRule) -> Step {
        let mut step = graph_step(g.kind, rule);
        step.cells.push(self.cell);
        step.digits.push(self.label);
        match g.kind {
            GraphKind::Bilocation => step.placements.push((self.cell, self.label)),
            GraphKind::Bivalue => step.eliminations.push((self.cell, self.label)),
        }
        step
    }
}

/// Level 3: the repetitive cycle rule (Lemma 7 and its bivalue form): a walk from a
/// start that comes back to it with the label it left by undoes the start's
/// assumption. Bilocation graph first, then bivalue.
pub fn repetitive(board: &Board, s: &State, graphs: &mut Graphs) -> Option<Step> {
    for g in [
        graph(board, s, GraphKind::Bilocation, graphs),
        graph(board, s, GraphKind::Bivalue, graphs),
    ] {
        for f in starts(&g, s) {
            let Some(i) = g.nr.in_node(f.cell as u32, f.label.into()) else {
                continue;
            };
            if f.facts.iter().any(|&(_, _, node)| node == i) {
                let mut step = f.undo(&g, GraphRule::RepetitiveCycle);
                step.links = f.links_to(&g, i);
                add_walk_cells(&mut step);
                return Some(step);
            }
        }
    }
    None
}

/// Level 3: the nonrepetitive path rule: either the start holds its alternative digit
/// `p` or the end of a walk holds `p` (what the walk forces); cells seeing both lose
/// `p`.
pub fn path(board: &Board, s: &State, graphs: &mut Graphs) -> Option<Step> {
    for g in [
        graph(board, s, GraphKind::Bilocation, graphs),
        graph(board, s, GraphKind::Bivalue, graphs),
    ] {
        for f in starts(&g, s) {
            let p = f.alternative(g.kind, s);
            for &(w, q, node) in &f.facts {
                if q != p || w == f.cell {
                    continue;
                }
                let elim: Vec<(usize, u8)> = board.peers[f.cell]
                    .iter()
                    .filter(|&&x| x != w && s.value[x] == 0 && s.cand[x].contains(p))
                    .filter(|&&x| board.sees(x, w))
                    .map(|&x| (x, p))
                    .collect();
                if elim.is_empty() {
                    continue;
                }
                let mut step = graph_step(g.kind, GraphRule::Path);
                step.cells = vec![f.cell, w];
                step.digits = vec![p];
                step.links = f.links_to(&g, node);
                add_walk_cells(&mut step);
                step.eliminations = elim;
                return Some(step);
            }
        }
    }
    None
}

/// Level 4: the conflicting paths rule (Lemma 8 and its bivalue form): the facts a
/// start forces clash (one cell, two digits; one digit, two cells of a unit) or leave
/// a digit no place in a unit; so the start's assumption is false.
pub fn conflict(board: &Board, s: &State, graphs: &mut Graphs) -> Option<Step> {
    let n = board.n;
    let cells = n * n;
    let mut holder = vec![usize::MAX; board.unit_count() * n];
    let mut value = vec![0u8; cells];
    let words = board.words();
    let mut killed = vec![0u64; n * words];
    // Per digit, the open cells holding it, as bits.
    let mut holders = vec![0u64; n * words];
    for c in (0..cells).filter(|&c| s.value[c] == 0) {
        for d in s.cand[c].iter() {
            holders[(d as usize - 1) * words + c / 64] |= 1 << (c % 64);
        }
    }
    for g in [
        graph(board, s, GraphKind::Bilocation, graphs),
        graph(board, s, GraphKind::Bivalue, graphs),
    ] {
        for f in starts(&g, s) {
            holder.fill(usize::MAX);
            value.fill(0);
            let mut clash = None;
            let mut node_of = vec![u32::MAX; cells];
            for &(w, q, node) in &f.facts {
                if value[w] != 0 && value[w] != q {
                    clash = Some((node_of[w], node));
                    break;
                }
                value[w] = q;
                node_of[w] = node;
                for &(u, _) in &board.cell_units[w] {
                    let h = &mut holder[u * n + q as usize - 1];
                    if *h != usize::MAX && *h != w {
                        clash = Some((node_of[*h], node));
                        break;
                    }
                    *h = w;
                }
                if clash.is_some() {
                    break;
                }
            }
            if let Some((a, b)) = clash {
                let mut step = f.undo(&g, GraphRule::Conflict);
                step.links = f.links_to(&g, a);
                step.links.extend(f.links_to(&g, b));
                add_walk_cells(&mut step);
                return Some(step);
            }
            // A unit left without a place for a digit: per digit, the cells the
            // facts take it from, as bits.
            killed.fill(0);
            let kill = |killed: &mut [u64], c: usize, d: u8| {
                killed[(d as usize - 1) * words + c / 64] |= 1 << (c % 64);
            };
            if g.kind == GraphKind::Bilocation {
                kill(&mut killed, f.cell, f.label);
            }
            for &(w, q, _) in &f.facts {
                for e in s.cand[w].iter().filter(|&e| e != q) {
                    kill(&mut killed, w, e);
                }
                let row = &mut killed[(q as usize - 1) * words..q as usize * words];
                for (k, p) in row.iter_mut().zip(board.peer_row(w)) {
                    *k |= p;
                }
            }
            for u in 0..board.unit_count() {
                for d in 1..=n as u8 {
                    if holder[u * n + d as usize - 1] != usize::MAX {
                        continue;
                    }
                    // Open places only: a placed digit keeps its cell in `places`.
                    let p = s.places(d, u);
                    if p == 0 || s.value[board.cell(u, p.trailing_zeros())] == d {
                        continue;
                    }
                    let dk = (d as usize - 1) * words;
                    let all_killed = board
                        .unit_row(u)
                        .iter()
                        .zip(&holders[dk..dk + words])
                        .zip(&killed[dk..dk + words])
                        .all(|((&unit, &held), &k)| unit & held & !k == 0);
                    if all_killed {
                        let places: Vec<usize> = step::positions_of(p)
                            .into_iter()
                            .map(|i| board.cell(u, i))
                            .collect();
                        let mut step = f.undo(&g, GraphRule::EmptyUnit);
                        step.units.push(u);
                        step.digits.push(d);
                        // The walks to the facts that take the unit's places.
                        for &c in &places {
                            let by = f.facts.iter().find(|&&(w, q, _)| {
                                (w == c && q != d) || (q == d && board.sees(w, c))
                            });
                            if let Some(&(_, _, node)) = by {
                                step.links.extend(f.links_to(&g, node));
                            }
                        }
                        add_walk_cells(&mut step);
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// The cells of a step's walks after the ones it names first (the start, and for a
/// path its end), so pictures and `cells` show everything the step reasons with.
fn add_walk_cells(step: &mut Step) {
    for c in cycle_cells(&step.links) {
        push_new(&mut step.cells, c);
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::position;
    use super::*;

    /// Keeps exactly the listed candidates in the listed cells of an empty 9x9 grid.
    fn cands(spec: &[(usize, &[u8])], extra: &[(usize, u8)]) -> (Board, State) {
        let mut elim: Vec<(usize, u8)> = spec
            .iter()
            .flat_map(|&(c, keep)| {
                (1..=9u8)
                    .filter(move |d| !keep.contains(d))
                    .map(move |d| (c, d))
            })
            .collect();
        elim.extend_from_slice(extra);
        position(&".".repeat(81), &elim)
    }

    /// Digit `d` kept in `unit` (row r: r; column c: 9 + c) only at the two positions.
    fn only_two(d: u8, cells: &[usize], keep: [usize; 2]) -> Vec<(usize, u8)> {
        cells
            .iter()
            .filter(|c| !keep.contains(c))
            .map(|&c| (c, d))
            .collect()
    }

    fn row(r: usize) -> Vec<usize> {
        (0..9).map(|c| r * 9 + c).collect()
    }

    fn col(c: usize) -> Vec<usize> {
        (0..9).map(|r| r * 9 + c).collect()
    }

    /// A bilocation rectangle r1c1 -1- r1c5 -2- r5c5 -3- r5c1 -4- r1c1 (rows 1, 5 and
    /// columns 1, 5), with labels all different: a nonrepetitive cycle.
    fn rectangle(labels: [u8; 4]) -> (Board, State) {
        let (a, b, c, d) = (0, 4, 40, 36);
        let mut elim = only_two(labels[0], &row(0), [a, b]);
        elim.extend(only_two(labels[1], &col(4), [b, c]));
        elim.extend(only_two(labels[2], &row(4), [c, d]));
        elim.extend(only_two(labels[3], &col(0), [d, a]));
        position(&".".repeat(81), &elim)
    }

    #[test]
    fn a_bilocation_cycle_confines_its_cells() {
        let (b, s) = rectangle([1, 2, 3, 4]);
        let step = bilocation_cycle(&b, &s, &mut Graphs::default()).unwrap();
        // r1c1 enters by 4 and leaves by 1: it keeps 1 and 4 only.
        assert_eq!(step.digits, vec![1, 4]);
        assert_eq!(
            step.eliminations,
            [2, 3, 5, 6, 7, 8, 9]
                .iter()
                .map(|&d| (0, d))
                .collect::<Vec<_>>()
        );
        assert_eq!(step.links.len(), 4);
        assert!(step.links.iter().all(|l| l.strong));
        let mut cells = step.cells.clone();
        cells.sort_unstable();
        assert_eq!(cells, vec![0, 4, 36, 40]);
    }

    #[test]
    fn no_bilocation_cycle_when_a_label_repeats_or_the_ring_is_open() {
        // Labels 1, 2, 3, 1: r1c1 enters and leaves by 1, so no nonrepetitive cycle
        // passes through it (the rule finds nothing there).
        let (b, s) = rectangle([1, 2, 3, 1]);
        assert_eq!(
            bilocation_cycle(&b, &s, &mut Graphs::default()).map(|st| st.cells.contains(&0)),
            None
        );
        // An open ring: drop the fourth edge.
        let (a, bb, c) = (0, 4, 40);
        let mut elim = only_two(1, &row(0), [a, bb]);
        elim.extend(only_two(2, &col(4), [bb, c]));
        let (b, s) = position(&".".repeat(81), &elim);
        assert_eq!(bilocation_cycle(&b, &s, &mut Graphs::default()), None);
    }

    #[test]
    fn a_repetitive_bilocation_cycle_places_the_repeated_digit() {
        // 1, 2, 3, 1: r1c1 enters by 1 and leaves by 1, so it holds 1.
        let (b, s) = rectangle([1, 2, 3, 1]);
        let step = repetitive(&b, &s, &mut Graphs::default()).unwrap();
        assert_eq!(step.placements, vec![(0, 1)]);
        assert_eq!(step.links.len(), 4);
        // Two repeats (1, 1, 2, 2) decide nothing.
        let (b, s) = rectangle([1, 1, 2, 2]);
        assert_eq!(repetitive(&b, &s, &mut Graphs::default()), None);
    }

    #[test]
    fn a_bivalue_cycle_keeps_its_digit_to_its_two_cells() {
        // r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {4,1}: a bivalue cycle (XY-cycle).
        let (b, s) = cands(
            &[(0, &[1, 2]), (4, &[2, 3]), (40, &[3, 4]), (36, &[4, 1])],
            &[],
        );
        let step = bivalue_cycle(&b, &s, &mut Graphs::default()).unwrap();
        let d = step.digits[0];
        assert!((1..=4).contains(&d));
        assert!(!step.eliminations.is_empty());
        assert!(step
            .eliminations
            .iter()
            .all(|&(c, e)| e == d && ![0, 4, 36, 40].contains(&c)));
        assert_eq!(step.links.len(), 4);
        assert!(step.links.iter().all(|l| !l.strong));
        // Break the ring (r5c1 {4,5}): no cycle.
        let (b, s) = cands(
            &[(0, &[1, 2]), (4, &[2, 3]), (40, &[3, 4]), (36, &[4, 5])],
            &[],
        );
        assert_eq!(bivalue_cycle(&b, &s, &mut Graphs::default()), None);
    }

    #[test]
    fn a_bivalue_path_with_equal_ends_removes_the_digit_between_them() {
        // XY-chain r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,1}: r1c1 or r5c5 holds 1, so
        // r5c1, which sees both (column 1, row 5), loses 1.
        let (b, s) = cands(&[(0, &[1, 2]), (4, &[2, 3]), (40, &[3, 1])], &[]);
        let step = path(&b, &s, &mut Graphs::default()).unwrap();
        assert_eq!(step.digits, vec![1]);
        assert_eq!(step.eliminations, vec![(36, 1)]);
        assert_eq!(step.links.len(), 2);
        // Ends with different other digits: nothing.
        let (b, s) = cands(&[(0, &[1, 2]), (4, &[2, 3]), (40, &[3, 5])], &[]);
        assert_eq!(path(&b, &s, &mut Graphs::default()), None);
    }

    #[test]
    fn conflicting_bilocation_paths_place_the_start() {
        // If r1c1 is not 1: r1c5 = 1 (row 1), so r5c5 = 2 (column 5); and r9c1 = 1
        // (column 1), so r5c1 = 2 (column 1). Two 2s in row 5: r1c1 holds 1.
        let mut elim = only_two(1, &row(0), [0, 4]);
        elim.extend(only_two(2, &col(4), [4, 40]));
        elim.extend(only_two(1, &col(0), [0, 72]));
        elim.extend(only_two(2, &col(0), [72, 36]));
        let (b, s) = position(&".".repeat(81), &elim);
        let step = conflict(&b, &s, &mut Graphs::default()).unwrap();
        assert_eq!(step.placements, vec![(0, 1)]);
        assert_eq!(step.links.len(), 4);
        // Without the second path's last edge there is no clash.
        let mut elim = only_two(1, &row(0), [0, 4]);
        elim.extend(only_two(2, &col(4), [4, 40]));
        elim.extend(only_two(1, &col(0), [0, 72]));
        let (b, s) = position(&".".repeat(81), &elim);
        assert_eq!(conflict(&b, &s, &mut Graphs::default()), None);
    }

    #[test]
    fn a_repetitive_bivalue_cycle_removes_the_repeated_digit() {
        // r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,1}, r5c1 {1,2}: r1c1 = 2 forces r1c5 = 3,
        // r5c5 = 1, r5c1 = 2, and then r1c1 is not 2. So r1c1 loses 2.
        let spec: [(usize, &[u8]); 4] = [(0, &[1, 2]), (4, &[2, 3]), (40, &[3, 1]), (36, &[1, 2])];
        let (b, s) = cands(&spec, &[]);
        let step = repetitive(&b, &s, &mut Graphs::default()).unwrap();
        assert_eq!(
            step.detail,
            Detail::Graph {
                graph: GraphKind::Bivalue,
                rule: GraphRule::RepetitiveCycle
            }
        );
        assert_eq!(step.eliminations, vec![(0, 2)]);
        assert_eq!(step.links.len(), 4);
        // With r5c1 {4,5} the ring is open: nothing comes back.
        let spec: [(usize, &[u8]); 4] = [(0, &[1, 2]), (4, &[2, 3]), (40, &[3, 1]), (36, &[4, 5])];
        let (b, s) = cands(&spec, &[]);
        assert_eq!(repetitive(&b, &s, &mut Graphs::default()), None);
    }

    #[test]
    fn a_bilocation_path_with_equal_ends_removes_the_digit_between_them() {
        // r1c1 is not 1 → r1c5 = 1 (row 1) → r5c5 = 2 (column 5) → r6c6 = 1 (box 5):
        // r1c1 or r6c6 holds 1, so r6c1, seeing both, loses it (r1c6 has no 1 left).
        let box5 = [30, 31, 32, 39, 40, 41, 48, 49, 50];
        let mut elim = only_two(1, &row(0), [0, 4]);
        elim.extend(only_two(2, &col(4), [4, 40]));
        elim.extend(only_two(1, &box5, [40, 50]));
        let (b, s) = position(&".".repeat(81), &elim);
        let step = path(&b, &s, &mut Graphs::default()).unwrap();
        assert_eq!(step.eliminations, vec![(45, 1)]);
        assert_eq!(&step.cells[..2], &[0, 50]);
        assert_eq!(step.links.len(), 3);
        assert!(step.links.iter().all(|l| l.strong));
        // Without the last edge the walk ends with 2: no end shares r1c1's digit.
        let mut elim = only_two(1, &row(0), [0, 4]);
        elim.extend(only_two(2, &col(4), [4, 40]));
        let (b, s) = position(&".".repeat(81), &elim);
        assert_eq!(path(&b, &s, &mut Graphs::default()), None);
    }

    #[test]
    fn paths_that_leave_a_unit_without_a_digit_place_the_start() {
        // If r1c1 is not 1: r1c5 = 1 (row 1) and r4c1 = 1 (column 1). Box 5 has 1 only
        // at r4c4 (seen by r4c1) and r6c5 (seen by r1c5): no place left. So r1c1 = 1.
        let box5 = [30, 31, 32, 39, 40, 41, 48, 49, 50];
        let mut elim = only_two(1, &row(0), [0, 4]);
        elim.extend(only_two(1, &col(0), [0, 27]));
        elim.extend(only_two(1, &box5, [30, 49]));
        let (b, s) = position(&".".repeat(81), &elim);
        let step = conflict(&b, &s, &mut Graphs::default()).unwrap();
        assert_eq!(
            step.detail,
            Detail::Graph {
                graph: GraphKind::Bilocation,
                rule: GraphRule::EmptyUnit
            }
        );
        assert_eq!(step.placements, vec![(0, 1)]);
        assert_eq!(step.units, vec![b.unit_count() - 9 + 4]);
        assert_eq!(step.links.len(), 2);
        // Box 5 with a third place for 1 (r5c6) keeps one: nothing.
        let mut elim = only_two(1, &row(0), [0, 4]);
        elim.extend(only_two(1, &col(0), [0, 27]));
        elim.extend(
            box5.iter()
                .filter(|c| ![30, 49, 41].contains(*c))
                .map(|&c| (c, 1)),
        );
        let (b, s) = position(&".".repeat(81), &elim);
        assert_eq!(conflict(&b, &s, &mut Graphs::default()), None);
    }
}
