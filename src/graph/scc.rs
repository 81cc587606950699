//! Tarjan's strongly connected components on at most 64 nodes whose successors are
//! bit sets: no allocation, one pass.

/// The component number of each node of a graph on `succ.len() ≤ 64` nodes (entries
/// past the last node are `u32::MAX`). Components are numbered in the order Tarjan's
/// algorithm closes them: a component's successors outside it have smaller numbers.
#[cfg(test)]
pub fn components(succ: &[u64]) -> [u32; 64] {
    let mut comp = [u32::MAX; 64];
    components_into(succ, &mut comp);
    comp
}

/// [`components`] written into `comp` (no copy of the result; the hot path of the
/// `csp` backend's `gac` filter).
pub fn components_into(succ: &[u64], comp: &mut [u32; 64]) {
    let n = succ.len().min(64);
    comp.fill(u32::MAX);
    let mut t = Tarjan {
        succ,
        index: [u32::MAX; 64],
        low: [0; 64],
        comp,
        stack: [0; 64],
        depth: 0,
        on_stack: 0,
        next_index: 0,
        next_comp: 0,
    };
    for x in 0..n {
        if t.index[x] == u32::MAX {
            t.visit(x);
        }
    }
}

struct Tarjan<'a> {
    succ: &'a [u64],
    index: [u32; 64],
    low: [u32; 64],
    comp: &'a mut [u32; 64],
    stack: [u8; 64],
    depth: usize,
    on_stack: u64,
    next_index: u32,
    next_comp: u32,
}

impl Tarjan<'_> {
    fn visit(&mut self, x: usize) {
        self.index[x] = self.next_index;
        self.low[x] = self.next_index;
        self.next_index += 1;
        self.stack[self.depth] = x as u8;
        self.depth += 1;
        self.on_stack |= 1 << x;
        let mut next = self.succ[x];
        while next != 0 {
            let y = next.trailing_zeros() as usize;
            next &= next - 1;
            if self.index[y] == u32::MAX {
                self.visit(y);
                self.low[x] = self.low[x].min(self.low[y]);
            } else if self.on_stack >> y & 1 == 1 {
                self.low[x] = self.low[x].min(self.index[y]);
            }
        }
        if self.low[x] == self.index[x] {
            while self.depth > 0 {
                self.depth -= 1;
                let y = self.stack[self.depth] as usize;
                self.on_stack &= !(1 << y);
                self.comp[y] = self.next_comp;
                if y == x {
                    break;
                }
            }
            self.next_comp += 1;
        }
    }
}

/// The nodes from which `target` can be reached (itself included), by a backward
/// search over bit-set successors.
pub fn reaching(succ: &[u64], target: usize) -> u64 {
    let mut found = 1u64 << target;
    loop {
        let mut grown = found;
        for (x, &s) in succ.iter().enumerate() {
            if s & found != 0 {
                grown |= 1 << x;
            }
        }
        if grown == found {
            return found;
        }
        found = grown;
    }
}

/// The components of a graph ([`Digraph::components`]) with their members: those of
/// component `k` are `order[starts[k]..starts[k + 1]]`, written down as the search
/// closes each component, so the closure needs no sort of its own.
struct Condensation {
    comp: Vec<u32>,
    order: Vec<u32>,
    starts: Vec<u32>,
}

impl Condensation {
    fn count(&self) -> usize {
        self.starts.len() - 1
    }

    fn members(&self, k: usize) -> &[u32] {
        &self.order[self.starts[k] as usize..self.starts[k + 1] as usize]
    }
}

/// `row |= src`, both `W` words long (a width known when compiled), or of any one
/// length when `W` is 0 (or not theirs).
fn or_words<const W: usize>(row: &mut [u64], src: &[u64]) {
    if let (Ok(row), Ok(src)) = (
        <&mut [u64; W]>::try_from(&mut *row),
        <&[u64; W]>::try_from(src),
    ) {
        for i in 0..W {
            row[i] |= src[i];
        }
    } else {
        for (a, b) in row.iter_mut().zip(src) {
            *a |= *b;
        }
    }
}

/// A directed graph of any size in compressed form: the successors of node `x` are
/// `targets[offsets[x]..offsets[x + 1]]`. Built from an edge list by [`Digraph::new`].
#[derive(Clone, Debug, Default)]
pub struct Digraph {
    /// Where each node's successors start in `targets`; one entry more than nodes.
    pub offsets: Vec<u32>,
    /// The successors, grouped by node.
    pub targets: Vec<u32>,
}

impl Digraph {
    /// The graph on `nodes` nodes with the given arcs `(from, to)`.
    pub fn new(nodes: usize, arcs: &[(u32, u32)]) -> Digraph {
        let mut offsets = vec![0u32; nodes + 1];
        for &(a, _) in arcs {
            offsets[a as usize + 1] += 1;
        }
        for i in 0..nodes {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; arcs.len()];
        for &(a, b) in arcs {
            targets[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
        }
        Digraph { offsets, targets }
    }

    /// This graph with more nodes (numbered after its own, none of them with an arc
    /// yet) and the arcs of each of `more` added: each node's successors are its own
    /// first, then those of `more` in order.
    pub fn extended(&self, nodes: usize, more: &[&[(u32, u32)]]) -> Digraph {
        let own = self.nodes();
        let mut offsets = vec![0u32; nodes.max(own) + 1];
        for x in 0..own {
            offsets[x + 1] = self.offsets[x + 1] - self.offsets[x];
        }
        for arcs in more {
            for &(a, _) in arcs.iter() {
                offsets[a as usize + 1] += 1;
            }
        }
        for i in 0..offsets.len() - 1 {
            offsets[i + 1] += offsets[i];
        }
        let total = offsets[offsets.len() - 1] as usize;
        let mut targets = vec![0u32; total];
        let mut fill: Vec<u32> = offsets[..offsets.len() - 1].to_vec();
        for (x, at) in fill.iter_mut().enumerate().take(own) {
            let succ = self.succ(x);
            let from = *at as usize;
            targets[from..from + succ.len()].copy_from_slice(succ);
            *at += succ.len() as u32;
        }
        for arcs in more {
            for &(a, b) in arcs.iter() {
                targets[fill[a as usize] as usize] = b;
                fill[a as usize] += 1;
            }
        }
        Digraph { offsets, targets }
    }

    /// Number of nodes.
    pub fn nodes(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// The successors of node `x`.
    pub fn succ(&self, x: usize) -> &[u32] {
        &self.targets[self.offsets[x] as usize..self.offsets[x + 1] as usize]
    }

    /// Tarjan's strongly connected components, without recursion: the component
    /// number of each node, numbered in the order they close (a component's
    /// successors outside it have smaller numbers), and the number of components.
    ///
    /// Pearce's form of the algorithm ("A space-efficient algorithm for finding
    /// strongly connected components", 2016): one number a node, its visit index while
    /// open and its component once closed, components numbered down from the top so
    /// that a closed node never looks lower than an open one; no low links, no
    /// on-stack marks.
    pub fn components(&self) -> (Vec<u32>, u32) {
        let c = self.condense();
        let count = c.count() as u32;
        (c.comp, count)
    }

    /// [`Digraph::components`] with each component's members, in component order.
    fn condense(&self) -> Condensation {
        let n = self.nodes();
        let mut order: Vec<u32> = Vec::with_capacity(n);
        let mut starts: Vec<u32> = Vec::with_capacity(n + 1);
        starts.push(0);
        if n == 0 {
            return Condensation {
                comp: Vec::new(),
                order,
                starts,
            };
        }
        // rindex 0: unseen; then the visit index; then the component, counted down
        // from n - 1 (wrapping past 0 only once the last component is closed).
        let mut rindex = vec![0u32; n];
        let mut root = vec![false; n];
        let mut stack: Vec<u32> = Vec::new();
        // Depth-first frames: node and the next successor to look at.
        let mut frames: Vec<(u32, u32)> = Vec::new();
        let mut index = 1u32;
        let mut c = n as u32 - 1;
        for r in 0..n {
            if rindex[r] != 0 {
                continue;
            }
            rindex[r] = index;
            index += 1;
            root[r] = true;
            frames.push((r as u32, self.offsets[r]));
            'visit: while let Some(&(v, at)) = frames.last() {
                let v = v as usize;
                // The node's successors from `at` on, while they lead nowhere new.
                let end = self.offsets[v + 1] as usize;
                let mut low = rindex[v];
                for (i, &w) in self.targets[at as usize..end].iter().enumerate() {
                    let w = w as usize;
                    if rindex[w] == 0 {
                        rindex[v] = low;
                        if let Some(top) = frames.last_mut() {
                            top.1 = at + i as u32 + 1;
                        }
                        rindex[w] = index;
                        index += 1;
                        root[w] = true;
                        frames.push((w as u32, self.offsets[w]));
                        continue 'visit;
                    }
                    if rindex[w] < low {
                        low = rindex[w];
                        root[v] = false;
                    }
                }
                rindex[v] = low;
                frames.pop();
                if root[v] {
                    index -= 1;
                    while let Some(&w) = stack.last() {
                        if rindex[v] > rindex[w as usize] {
                            break;
                        }
                        stack.pop();
                        rindex[w as usize] = c;
                        order.push(w);
                        index -= 1;
                    }
                    rindex[v] = c;
                    order.push(v as u32);
                    starts.push(order.len() as u32);
                    c = c.wrapping_sub(1);
                } else {
                    stack.push(v as u32);
                }
                if let Some(&(p, _)) = frames.last() {
                    let p = p as usize;
                    if rindex[v] < rindex[p] {
                        rindex[p] = rindex[v];
                        root[p] = false;
                    }
                }
            }
        }
        let top = n as u32 - 1;
        for k in &mut rindex {
            *k = top - *k;
        }
        Condensation {
            comp: rindex,
            order,
            starts,
        }
    }

    /// Reachability over the condensation as bit sets of `words` words: for each
    /// component of `cond`, the union of the bits `seed` sets for every node it
    /// reaches, its own included. Components close successors first, so one pass in
    /// number order fills them.
    fn closure(
        &self,
        cond: &Condensation,
        words: usize,
        seed: impl Fn(usize, &mut [u64]),
    ) -> Vec<u64> {
        let mut reach = vec![0u64; cond.count() * words];
        // Rows of up to eight words are merged as arrays of a width known when
        // compiled: a tight loop without a bound check a word.
        match words {
            1 => self.fill_rows::<1>(cond, &mut reach, words, &seed),
            2 => self.fill_rows::<2>(cond, &mut reach, words, &seed),
            3 => self.fill_rows::<3>(cond, &mut reach, words, &seed),
            4 => self.fill_rows::<4>(cond, &mut reach, words, &seed),
            8 => self.fill_rows::<8>(cond, &mut reach, words, &seed),
            _ => self.fill_rows::<0>(cond, &mut reach, words, &seed),
        }
        reach
    }

    /// The rows of [`Digraph::closure`], each `words` words; `W` is `words` when known
    /// when compiled, else 0.
    fn fill_rows<const W: usize>(
        &self,
        cond: &Condensation,
        reach: &mut [u64],
        words: usize,
        seed: &impl Fn(usize, &mut [u64]),
    ) {
        let count = cond.count();
        // The component last merged into each, so many arcs into one component merge
        // it once.
        let mut merged_into = vec![u32::MAX; count];
        for k in 0..count {
            // Successor components have smaller numbers: their rows lie before row k.
            let (done, rest) = reach.split_at_mut(k * words);
            let row = &mut rest[..words];
            for &x in cond.members(k) {
                seed(x as usize, row);
                for &y in self.succ(x as usize) {
                    let j = cond.comp[y as usize] as usize;
                    if j != k && merged_into[j] != k as u32 {
                        merged_into[j] = k as u32;
                        or_words::<W>(row, &done[j * words..(j + 1) * words]);
                    }
                }
            }
        }
    }

    /// The literals forced in every solution of the 2-SAT instance this graph is the
    /// implication graph of (node `2v` is variable `v` true, `2v + 1` false; every arc
    /// comes with its contrapositive), for variables `0..vars`: each as its variable and
    /// value, in variable order. `Err(v)` names the first variable (of all the graph's)
    /// whose two literals imply each other: the instance has no solution.
    ///
    /// A forced literal is true in every solution, so in the one the components give
    /// (a literal is true when its component closes before its negation's); each
    /// variable then needs one question, whether the literal false there reaches the
    /// true one, and the closure carries one bit a variable.
    pub fn forced_literals(&self, vars: usize) -> Result<Vec<(u32, bool)>, u32> {
        let cond = self.condense();
        let comp = &cond.comp;
        if let Some(v) = (0..self.nodes() / 2).find(|&v| comp[2 * v] == comp[2 * v + 1]) {
            return Err(v as u32);
        }
        let vars = vars.min(self.nodes() / 2);
        let holds = |v: usize| comp[2 * v] < comp[2 * v + 1];
        let words = vars.div_ceil(64);
        let reach = self.closure(&cond, words, |x, row| {
            let v = x / 2;
            if v < vars && holds(v) == (x % 2 == 0) {
                row[v / 64] |= 1 << (v % 64);
            }
        });
        Ok((0..vars)
            .filter(|&v| {
                let other = if holds(v) { 2 * v + 1 } else { 2 * v };
                reach[comp[other] as usize * words + v / 64] >> (v % 64) & 1 == 1
            })
            .map(|v| (v as u32, holds(v)))
            .collect())
    }

    /// The nodes reachable from `start` (itself included), with the arc each was
    /// first reached by as its parent (`u32::MAX` for `start` and unreached nodes).
    pub fn reach(&self, start: usize, seen: &mut Vec<bool>, parent: &mut Vec<u32>) {
        self.search(start, None, seen, parent);
    }

    /// Breadth first from `start`, stopping once `stop` is reached: the parents found
    /// up to then are those the whole search finds.
    fn search(
        &self,
        start: usize,
        stop: Option<usize>,
        seen: &mut Vec<bool>,
        parent: &mut Vec<u32>,
    ) {
        let n = self.nodes();
        seen.clear();
        seen.resize(n, false);
        parent.clear();
        parent.resize(n, u32::MAX);
        let mut queue = vec![start as u32];
        seen[start] = true;
        let mut head = 0;
        while head < queue.len() && !stop.is_some_and(|b| seen[b]) {
            let x = queue[head] as usize;
            head += 1;
            for &y in self.succ(x) {
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    parent[y as usize] = x as u32;
                    queue.push(y);
                }
            }
        }
    }

    /// The arcs of a shortest path from `a` to `b`, in order (none when `a` is `b`);
    /// `None` when `b` cannot be reached from `a`.
    pub fn path(&self, a: u32, b: u32) -> Option<Vec<(u32, u32)>> {
        let (mut seen, mut parent) = (Vec::new(), Vec::new());
        self.search(a as usize, Some(b as usize), &mut seen, &mut parent);
        if !seen[b as usize] {
            return None;
        }
        let mut arcs = Vec::new();
        let mut x = b;
        while x != a {
            let p = parent[x as usize];
            arcs.push((p, x));
            x = p;
        }
        arcs.reverse();
        Some(arcs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_cycles_joined_by_one_edge() {
        // 0 <-> 1 -> 2 <-> 3, and 4 alone.
        let succ = [0b10, 0b101, 0b1000, 0b100, 0];
        let comp = components(&succ);
        assert_eq!(comp[0], comp[1]);
        assert_eq!(comp[2], comp[3]);
        assert_ne!(comp[1], comp[2]);
        assert_ne!(comp[4], comp[0]);
        // {2,3} is closed first: a component's successors have smaller numbers.
        assert!(comp[2] < comp[0]);
        assert_eq!(comp[5], u32::MAX);
    }

    #[test]
    fn reaching_walks_edges_backwards() {
        let succ = [0b10, 0b101, 0b1000, 0b100, 0];
        assert_eq!(reaching(&succ, 2), 0b1111);
        assert_eq!(reaching(&succ, 0), 0b11);
        assert_eq!(reaching(&succ, 4), 0b10000);
    }
    #[test]
    fn digraph_components_match_the_small_version() {
        // The same graph as above, as an arc list, and a long chain closing on itself.
        let arcs = [(0, 1), (1, 0), (1, 2), (2, 3), (3, 2)];
        let g = Digraph::new(5, &arcs);
        let (comp, count) = g.components();
        assert_eq!(count, 3);
        assert_eq!(comp[0], comp[1]);
        assert_eq!(comp[2], comp[3]);
        assert!(comp[2] < comp[0]);
        assert_ne!(comp[4], comp[0]);
        let n = 1000u32;
        let ring: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let (comp, count) = Digraph::new(n as usize, &ring).components();
        assert_eq!(count, 1);
        assert!(comp.iter().all(|&c| c == 0));
        let chain: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        assert_eq!(Digraph::new(n as usize, &chain).components().1, n);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn forced_literals_are_the_literals_their_negation_reaches(
            vars in 1usize..600,
            clauses in proptest::collection::vec((0u32..1200, 0u32..1200), 0..1200),
            asked in 0usize..600,
        ) {
            // Up to 600 variables: rows of one to ten words, fixed widths and the
            // width-free merge.
            let clauses: Vec<(u32, u32)> = clauses
                .into_iter()
                .map(|(a, b)| (a % (2 * vars as u32), b % (2 * vars as u32)))
                .collect();
            let g = implications(vars, &clauses);
            let asked = asked.min(vars);
            let (mut seen, mut parent) = (Vec::new(), Vec::new());
            let mut reaches = |a: u32, b: u32| {
                g.reach(a as usize, &mut seen, &mut parent);
                seen[b as usize]
            };
            let contradiction = (0..vars as u32).find(|&v| reaches(2 * v, 2 * v + 1) && reaches(2 * v + 1, 2 * v));
            let expected = match contradiction {
                Some(v) => Err(v),
                None => Ok((0..asked as u32)
                    .filter_map(|v| {
                        if reaches(2 * v + 1, 2 * v) {
                            Some((v, true))
                        } else if reaches(2 * v, 2 * v + 1) {
                            Some((v, false))
                        } else {
                            None
                        }
                    })
                    .collect()),
            };
            proptest::prop_assert_eq!(g.forced_literals(asked), expected);
        }
    }

    proptest::proptest! {
        #[test]
        fn components_are_the_classes_of_mutual_reach_in_closing_order(
            nodes in 1usize..40,
            arcs in proptest::collection::vec((0u32..40, 0u32..40), 0..120),
        ) {
            let arcs: Vec<(u32, u32)> = arcs
                .into_iter()
                .map(|(a, b)| (a % nodes as u32, b % nodes as u32))
                .collect();
            let g = Digraph::new(nodes, &arcs);
            let (comp, count) = g.components();
            // Reach by brute force: x reaches y.
            let (mut seen, mut parent) = (Vec::new(), Vec::new());
            let reach: Vec<Vec<bool>> = (0..nodes)
                .map(|x| {
                    g.reach(x, &mut seen, &mut parent);
                    seen.clone()
                })
                .collect();
            for x in 0..nodes {
                proptest::prop_assert!(comp[x] < count);
                for y in 0..nodes {
                    let mutual = reach[x][y] && reach[y][x];
                    proptest::prop_assert_eq!(comp[x] == comp[y], mutual);
                    if reach[x][y] && !mutual {
                        proptest::prop_assert!(comp[y] < comp[x]);
                    }
                }
            }
            let mut used = comp.clone();
            used.sort_unstable();
            used.dedup();
            proptest::prop_assert_eq!(used.len() as u32, count);
            // The members listed per component are exactly the nodes numbered so.
            let cond = g.condense();
            proptest::prop_assert_eq!(cond.count() as u32, count);
            for k in 0..count as usize {
                let mut listed = cond.members(k).to_vec();
                listed.sort_unstable();
                let numbered: Vec<u32> =
                    (0..nodes as u32).filter(|&x| comp[x as usize] == k as u32).collect();
                proptest::prop_assert_eq!(listed, numbered);
            }
        }
    }

    #[test]
    fn closure_unites_the_seeds_of_every_node_reached() {
        // 0 <-> 1 -> 2 -> 3, 4 alone; node x seeds bit x.
        let g = Digraph::new(5, &[(0, 1), (1, 0), (1, 2), (2, 3)]);
        let cond = g.condense();
        let reach = g.closure(&cond, 1, |x, row| row[0] |= 1 << x);
        let of = |x: usize| reach[cond.comp[x] as usize];
        assert_eq!(of(0), 0b1111);
        assert_eq!(of(1), 0b1111);
        assert_eq!(of(2), 0b1100);
        assert_eq!(of(3), 0b1000);
        assert_eq!(of(4), 0b10000);
    }

    #[test]
    fn an_extended_graph_is_the_graph_of_all_its_arcs_in_order() {
        let own = [(0, 1), (2, 0), (0, 2)];
        let (more, still_more) = ([(1, 3), (0, 4)], [(4, 0), (0, 3)]);
        let g = Digraph::new(3, &own).extended(5, &[&more, &still_more]);
        let all: Vec<(u32, u32)> = own
            .iter()
            .chain(&more)
            .chain(&still_more)
            .copied()
            .collect();
        let whole = Digraph::new(5, &all);
        assert_eq!(g.offsets, whole.offsets);
        assert_eq!(g.targets, whole.targets);
        assert_eq!(g.succ(0), &[1, 2, 4, 3]);
        assert_eq!(g.nodes(), 5);
    }

    /// The implication graph of 2-SAT clauses over literals `2v` (true), `2v + 1`.
    fn implications(vars: usize, clauses: &[(u32, u32)]) -> Digraph {
        let arcs: Vec<(u32, u32)> = clauses
            .iter()
            .flat_map(|&(a, b)| [(a ^ 1, b), (b ^ 1, a)])
            .collect();
        Digraph::new(2 * vars, &arcs)
    }

    #[test]
    fn forced_literals_are_those_true_in_every_solution() {
        // (x0 ∨ x1) (x0 ∨ ¬x1): x0 is forced; (¬x2 ∨ ¬x3) (x3 ∨ ¬x2): x2 is forced
        // false; x1 and x3 are free; x4 (no clause) too.
        let g = implications(5, &[(0, 2), (0, 3), (5, 7), (6, 5)]);
        assert_eq!(g.forced_literals(5), Ok(vec![(0, true), (2, false)]));
        // Only the variables asked for are read.
        assert_eq!(g.forced_literals(1), Ok(vec![(0, true)]));
        // (x0) (¬x0 ∨ x1) (¬x1 ∨ ¬x0): no solution, and x0 is the first variable named.
        let g = implications(2, &[(0, 0), (1, 2), (3, 1)]);
        assert_eq!(g.forced_literals(2), Err(0));
    }

    #[test]
    fn digraph_reach_keeps_parents() {
        let g = Digraph::new(5, &[(0, 1), (1, 2), (2, 0), (3, 4)]);
        let (mut seen, mut parent) = (Vec::new(), Vec::new());
        g.reach(0, &mut seen, &mut parent);
        assert_eq!(seen, vec![true, true, true, false, false]);
        assert_eq!(&parent[..3], &[u32::MAX, 0, 1]);
    }

    #[test]
    fn a_path_is_the_arcs_from_start_to_end_in_order() {
        let g = Digraph::new(5, &[(0, 1), (1, 2), (2, 0), (3, 4)]);
        assert_eq!(g.path(0, 2), Some(vec![(0, 1), (1, 2)]));
        assert_eq!(g.path(1, 1), Some(vec![]));
        assert_eq!(g.path(0, 4), None);
    }
}
