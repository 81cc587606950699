//! Level 6: almost locked sets in the 2-SAT implication graph. An almost locked set
//! (ALS) is `k` open cells of one unit holding `k + 1` digits between them: whatever
//! the solution, at most one of those digits is missing from the set. For each digit
//! `x` of a set, the literal "x is in one of the set's x-cells" (a group node; the
//! candidate itself when one cell holds `x`) joins the 2-SAT instance of [`twosat`]
//! with these clauses, each true in every solution:
//!
//! - a cell of the group holding `x` puts `x` in the group;
//! - of two digits of one set, at least one is in it (at most one is missing);
//! - `x` in a group leaves no `x` in a cell seeing the whole group, nor in another
//!   group every cell of which sees the whole first one (the restricted common digit
//!   of two sets).
//!
//! Forced literals of the extended instance are then exactly what ALS-XZ (singly and
//! doubly linked), ALS-XY-wings and ALS chains find, mixed freely with the strong,
//! weak and look-ahead links of the plain instance: a candidate whose truth implies
//! its falsity is removed, one whose falsity implies its truth is placed. Only the
//! candidates are read off; the search runs one reachability pass over the
//! condensation with one bit a candidate ([`Digraph::forced_literals`]), so the group
//! nodes add to the graph but not to the width of the sets.
//!
//! The fish's clauses ([`fish`]: a victim holding its digit puts it in a fin) join the
//! same instance, their fins as group nodes. Three instances are searched, each holding
//! every implication of the one before: the fish's clauses alone (the rule `finned
//! fish`), with the sets and box-line groups too (the ALS rule), and with the links of
//! the digits' templates as well (template chains). The last is searched first, once a
//! position: where it forces nothing, neither of the others does.
//!
//! Boards of up to 9×9 only: a 16×16 unit has up to 2¹⁶ subsets to try as sets, and
//! one call on a position of a guessing search there outlasts a deadline.

use super::fish::{self, Fish};
use super::templates;
use super::twosat;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::cellset::{
    add, and, cells_in, count, first, holder_sets, is_empty, members, peer_sets, seeing_all,
    subset, unit_sets, Cells, CellsHash, MAX_CELLS,
};
use crate::backends::rules::engine::state::{PositionKey, State};
use crate::backends::rules::engine::step::{
    self, push_new, AlsForced, AlsLink, AlsNode, AlsSet, Contradiction, Detail, FishPattern, Step,
};
use crate::graph::scc::Digraph;
use std::collections::HashMap;
use std::rc::Rc;

/// Whether the groups of a digit where a box crosses a line join the graph too (the
/// grouped nodes of alternating inference chains), not only those of the sets.
const BOX_LINE_GROUPS: bool = true;

/// Largest number of open candidates the rule runs on (as 2-SAT's bound).
const MAX_CANDIDATES: usize = 2500;

/// Every almost locked set of two or more cells in the position, each cell set once
/// (a set inside a box and a line is found in both), in unit order; none on a board of
/// more than 81 cells.
pub fn sets(board: &Board, s: &State) -> Vec<(Cells, u64)> {
    let mut out: Vec<(Cells, u64)> = Vec::new();
    if s.value.len() > MAX_CELLS {
        return out;
    }
    let mut seen: std::collections::HashSet<Cells, CellsHash> = Default::default();
    for unit in &board.units {
        let open: Vec<usize> = unit.iter().copied().filter(|&c| s.value[c] == 0).collect();
        // Depth first over subsets of the open cells in order; a union already wider
        // than the open cells can hold cannot become an ALS.
        let mut stack: Vec<(usize, Cells, u64, u32)> = vec![(0, 0, 0, 0)];
        while let Some((next, cells, union, size)) = stack.pop() {
            if size >= 2 && union.count_ones() == size + 1 && seen.insert(cells) {
                out.push((cells, union));
            }
            for (i, &c) in open.iter().enumerate().skip(next) {
                let grown = union | s.cand[c].0;
                if grown.count_ones() as usize > open.len() - 1 + 1 {
                    continue;
                }
                if grown.count_ones() > size + 2 + (open.len() - i - 1) as u32 {
                    // Even every remaining cell added cannot bring the size up to
                    // one less than the digits.
                    continue;
                }
                let mut with = cells;
                add(&mut with, c);
                stack.push((i + 1, with, grown, size + 1));
            }
        }
    }
    out
}

/// What the almost locked sets add to a position's 2-SAT instance, the same with the
/// templates' links or without: the sets, the group variables (numbered after the
/// candidates) and the implications they bring.
struct Groups {
    sets: Rc<Vec<(Cells, u64)>>,
    /// Per digit, the open cells holding it.
    holders: Vec<Cells>,
    groups: Vec<(Cells, u8)>,
    arcs: Vec<(u32, u32)>,
    /// The fish whose clauses the arcs hold.
    fish: Rc<Vec<Fish>>,
    /// The arcs the fish give, sorted, each with the first fish giving it.
    fish_arcs: Vec<(u32, u32, usize)>,
}

/// The 2-SAT instance, the almost locked sets and their groups of the last position
/// asked for, kept by the engine that owns them (its `Scratch`): the ALS rule, the
/// death blossom and template chains read the same sets of one stuck position, so
/// they are listed once.
#[derive(Default)]
pub struct Kept {
    /// The 2-SAT instance (the 2-SAT rule reads it alone).
    pub instance: twosat::Kept,
    position: PositionKey,
    sets: Option<Rc<Vec<(Cells, u64)>>>,
    /// The fish of the position.
    fish_found: Option<Rc<Vec<Fish>>>,
    /// The groups of the sets, the box-line crossings and the fish's fins.
    groups: Option<Rc<Groups>>,
    /// The groups of the fish's fins alone.
    fin_groups: Option<Rc<Groups>>,
    /// The step of the search with the templates' links, once made.
    with_templates: Option<Option<Step>>,
    /// The templates' links of each digit, kept across positions.
    templates: templates::Kept,
    /// The fish of each digit, kept across positions.
    fish: fish::Kept,
}

impl Kept {
    /// Forgets what was kept unless `s` is the kept position.
    fn at(&mut self, s: &State) {
        if !self.position.keep(s) {
            self.sets = None;
            self.fish_found = None;
            self.groups = None;
            self.fin_groups = None;
            self.with_templates = None;
        }
    }

    /// The almost locked sets of a position ([`sets`]).
    pub fn sets(&mut self, board: &Board, s: &State) -> Rc<Vec<(Cells, u64)>> {
        self.at(s);
        self.sets
            .get_or_insert_with(|| Rc::new(sets(board, s)))
            .clone()
    }

    /// The fish of a position ([`fish::find`], the ladder's shape).
    fn fish(&mut self, board: &Board, s: &State) -> Rc<Vec<Fish>> {
        self.at(s);
        let kept = &mut self.fish;
        self.fish_found
            .get_or_insert_with(|| {
                let places = (&holder_sets(board, s)[..], &unit_sets(board)[..]);
                Rc::new(fish::find(board, fish::LADDER, places, kept))
            })
            .clone()
    }

    /// The groups and implications an instance adds to the plain one.
    fn groups(
        &mut self,
        board: &Board,
        s: &State,
        plain: &twosat::Instance,
        instance: Instance,
    ) -> Rc<Groups> {
        let fish = self.fish(board, s);
        if instance == Instance::Fish {
            return self
                .fin_groups
                .get_or_insert_with(|| {
                    let no_sets = Rc::new(Vec::new());
                    Rc::new(groups_of(board, s, plain, (no_sets, false), true, fish))
                })
                .clone();
        }
        let sets = self.sets(board, s);
        self.groups
            .get_or_insert_with(|| {
                Rc::new(groups_of(
                    board,
                    s,
                    plain,
                    (sets, BOX_LINE_GROUPS),
                    true,
                    fish,
                ))
            })
            .clone()
    }
}

/// Which instance a search builds: each holds every implication of the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Instance {
    /// The 2-SAT instance with the fish's clauses.
    Fish,
    /// That with the almost locked sets and the box-line groups.
    Als,
    /// That with the links of the digits' templates.
    Templates,
}

/// The extended instance: the plain 2-SAT graph plus one variable per group.
struct Extended {
    /// The plain instance: its variables are the candidates.
    plain: Rc<twosat::Instance>,
    /// The sets and the group variables, numbered after the candidates.
    groups: Rc<Groups>,
    /// The implications the digits' templates add, sorted (empty without them).
    template_arcs: Vec<(u32, u32)>,
    graph: Digraph,
}

impl Extended {
    /// `(cell, digit)` of each candidate variable.
    fn vars(&self) -> &[(usize, u8)] {
        &self.plain.vars
    }

    /// The almost locked sets.
    fn sets(&self) -> &[(Cells, u64)] {
        &self.groups.sets
    }

    fn node(&self, x: u32) -> AlsNode {
        let v = x as usize / 2;
        let holds = x.is_multiple_of(2);
        if v < self.vars().len() {
            let (c, d) = self.vars()[v];
            AlsNode {
                cells: vec![c],
                digit: d,
                holds,
            }
        } else {
            let (cells, d) = self.groups.groups[v - self.vars().len()];
            AlsNode {
                cells: members(&cells),
                digit: d,
                holds,
            }
        }
    }

    /// The cells and digit a node speaks of.
    fn group_of(&self, x: u32) -> (Cells, u8) {
        let v = x as usize / 2;
        if v < self.vars().len() {
            let (c, d) = self.vars()[v];
            (1 << c, d)
        } else {
            self.groups.groups[v - self.vars().len()]
        }
    }

    /// The set behind an implication "x missing from one group → y in another": a set
    /// whose cells holding x are the first group and whose cells holding y the second.
    fn set_behind(&self, a: u32, b: u32) -> Option<usize> {
        if a.is_multiple_of(2) || !b.is_multiple_of(2) {
            return None;
        }
        let (ga, da) = self.group_of(a);
        let (gb, db) = self.group_of(b);
        if da == db {
            return None;
        }
        let holders = &self.groups.holders;
        self.sets().iter().position(|(cells, digits)| {
            digits >> (da - 1) & 1 == 1
                && digits >> (db - 1) & 1 == 1
                && and(cells, &holders[da as usize - 1]) == ga
                && and(cells, &holders[db as usize - 1]) == gb
        })
    }

    /// The fish behind an implication, if a fish gives it.
    fn fish_behind(&self, a: u32, b: u32) -> Option<usize> {
        let arcs = &self.groups.fish_arcs;
        let at = arcs.partition_point(|&(x, y, _)| (x, y) < (a, b));
        arcs.get(at)
            .filter(|&&(x, y, _)| (x, y) == (a, b))
            .map(|&(_, _, k)| k)
    }

    /// The chain of implications from node `a` to node `b`, with the sets and the
    /// fish it used (indices into the position's, in the order the chain meets them).
    fn chain(&self, a: u32, b: u32) -> Option<(Vec<AlsLink>, Vec<usize>, Vec<usize>)> {
        let arcs = self.graph.path(a, b)?;
        let mut used: Vec<usize> = Vec::new();
        let mut fish: Vec<usize> = Vec::new();
        let links = arcs
            .into_iter()
            .map(|(p, x)| {
                let set = self.set_behind(p, x).map(|k| number_in(&mut used, k));
                let by_fish = set
                    .is_none()
                    .then(|| self.fish_behind(p, x))
                    .flatten()
                    .map(|k| number_in(&mut fish, k));
                AlsLink {
                    from: self.node(p),
                    to: self.node(x),
                    template: set.is_none()
                        && by_fish.is_none()
                        && self.template_arcs.binary_search(&(p, x)).is_ok(),
                    set,
                    fish: by_fish,
                }
            })
            .collect();
        Some((links, used, fish))
    }
}

fn extended(board: &Board, s: &State, instance: Instance, kept: &mut Kept) -> Extended {
    let plain = kept.instance.instance(board, s);
    let n = board.n;
    let index = &plain.index;
    let mut template_arcs: Vec<(u32, u32)> = Vec::new();
    if instance == Instance::Templates {
        for l in templates::links(board, s, &mut kept.templates) {
            let (a, b) = (
                index[l.cells.0 * n + l.digit as usize - 1],
                index[l.cells.1 * n + l.digit as usize - 1],
            );
            // Weak: ¬a ∨ ¬b; strong: a ∨ b.
            let (x, y) = if l.strong {
                (2 * a, 2 * b)
            } else {
                (2 * a + 1, 2 * b + 1)
            };
            template_arcs.push((x ^ 1, y));
            template_arcs.push((y ^ 1, x));
        }
    }
    let groups = kept.groups(board, s, &plain, instance);
    let nodes = 2 * (plain.vars.len() + groups.groups.len());
    let graph = plain.graph.extended(nodes, &[&template_arcs, &groups.arcs]);
    template_arcs.sort_unstable();
    Extended {
        plain,
        groups,
        template_arcs,
        graph,
    }
}

/// The group variables and their implications of a position (the candidates are the
/// variables of `plain`): those of the sets, of the box-line crossings when asked
/// for, and of the fish's fins, with the fish's clauses.
fn groups_of(
    board: &Board,
    s: &State,
    plain: &twosat::Instance,
    (sets, box_lines): (Rc<Vec<(Cells, u64)>>, bool),
    isolate_unseen: bool,
    fish: Rc<Vec<Fish>>,
) -> Groups {
    let n = board.n;
    let index = &plain.index;
    let cells = n * n;
    let mut arcs: Vec<(u32, u32)> = Vec::new();
    let peers = peer_sets(board);
    let holders = holder_sets(board, s);
    let unit_sets = unit_sets(board);
    let base = plain.vars.len() as u32;
    let mut groups: Vec<(Cells, u8)> = Vec::new();
    // Groups by cells and digit, as one number: boards of up to 81 cells leave the
    // bits from 120 up for the digit.
    let group_key = |cells: &Cells, d: u8| -> u128 { cells | u128::from(d) << 120 };
    let mut group_index: HashMap<u128, u32, CellsHash> = HashMap::with_capacity_and_hasher(
        8 * sets.len() + 4 * board.crossings.len(),
        CellsHash::default(),
    );
    arcs.reserve(8 * plain.graph.targets.len());
    let clause = |arcs: &mut Vec<(u32, u32)>, a: u32, b: u32| {
        arcs.push((a ^ 1, b));
        arcs.push((b ^ 1, a));
    };
    // The cells holding a group's digit that see all of it, per group: a group no
    // such cell sees whole (all the places of its digit in a unit, no other unit
    // holding them all and another place) has no implication out of "the digit is in
    // it", so none into "it is not": no path between two other nodes can pass through
    // either, and the group takes no arcs.
    let mut seen_by: Vec<Cells> = Vec::new();
    let sight = |group: &Cells, d: u8| seeing_all(group, &holders[d as usize - 1], &peers);
    let mut literals: Vec<u32> = Vec::new();
    for &(set, digits) in sets.iter() {
        literals.clear();
        for d in step::ones(digits).map(|i| i as u8 + 1) {
            let group = and(&set, &holders[d as usize - 1]);
            let lit = if count(&group) == 1 {
                2 * index[first(&group).unwrap_or(0) * n + d as usize - 1]
            } else {
                let next = base + groups.len() as u32;
                let g = *group_index.entry(group_key(&group, d)).or_insert_with(|| {
                    groups.push((group, d));
                    seen_by.push(sight(&group, d));
                    next
                });
                if isolate_unseen && is_empty(&seen_by[(g - base) as usize]) {
                    continue;
                }
                2 * g
            };
            literals.push(lit);
        }
        for (i, &a) in literals.iter().enumerate() {
            for &b in &literals[i + 1..] {
                clause(&mut arcs, a, b);
            }
        }
    }
    if box_lines {
        for crossing in &board.crossings {
            let mut shared: Cells = 0;
            for i in step::positions_of(crossing.inner_mask) {
                add(&mut shared, board.cell(crossing.inner, i));
            }
            for d in 1..=n as u8 {
                let group = and(&shared, &holders[d as usize - 1]);
                if count(&group) >= 2 {
                    let next = base + groups.len() as u32;
                    group_index.entry(group_key(&group, d)).or_insert_with(|| {
                        groups.push((group, d));
                        seen_by.push(sight(&group, d));
                        next
                    });
                }
            }
        }
    }
    for f in fish.iter().filter(|f| count(&f.fins) >= 2) {
        let next = base + groups.len() as u32;
        group_index
            .entry(group_key(&f.fins, f.digit))
            .or_insert_with(|| {
                groups.push((f.fins, f.digit));
                seen_by.push(sight(&f.fins, f.digit));
                next
            });
    }
    let dead = |lit: u32| {
        isolate_unseen && lit >= 2 * base && is_empty(&seen_by[(lit / 2 - base) as usize])
    };
    // Strong links: a unit whose places for the digit are one group and one cell, or
    // two groups, has it in one of them.
    let literal_of = |cells: &Cells, d: u8| -> Option<u32> {
        match count(cells) {
            0 => None,
            1 => first(cells).map(|c| 2 * index[c * n + d as usize - 1]),
            _ => group_index.get(&group_key(cells, d)).map(|&g| 2 * g),
        }
    };
    for (g, &(group, d)) in groups.iter().enumerate() {
        let lit = 2 * (base + g as u32);
        let Some(head) = first(&group) else {
            continue;
        };
        if dead(lit) {
            continue;
        }
        for &(u, _) in &board.cell_units[head] {
            let places = and(&unit_sets[u], &holders[d as usize - 1]);
            if !subset(&group, &places) {
                continue;
            }
            let rest = places & !group;
            if is_empty(&rest) {
                if board.units[u].iter().all(|&c| s.value[c] != d) {
                    clause(&mut arcs, lit, lit);
                }
            } else if let Some(other) = literal_of(&rest, d).filter(|&o| !dead(o)) {
                clause(&mut arcs, lit, other);
            }
        }
    }
    // Each group: its cells imply it; it empties every cell and group seeing it all.
    // A group inside the cells seeing another has its first cell there: groups are
    // looked up by digit and first cell.
    // The groups of key `(d - 1) * cells + first cell`, in group order: the successors
    // of the key in a graph from keys to groups.
    let keyed: Vec<(u32, u32)> = groups
        .iter()
        .enumerate()
        .map(|(g, &(group, d))| {
            let key = (d as usize - 1) * cells + first(&group).unwrap_or(0);
            (key as u32, g as u32)
        })
        .collect();
    let by_first = Digraph::new(n * cells, &keyed);
    let mut others: Vec<u32> = Vec::new();
    for (g, &(group, d)) in groups.iter().enumerate() {
        let lit = 2 * (base + g as u32);
        if dead(lit) {
            continue;
        }
        let common = seen_by[g];
        for c in cells_in(&group) {
            clause(&mut arcs, 2 * index[c * n + d as usize - 1] + 1, lit);
        }
        others.clear();
        for o in cells_in(&common) {
            clause(&mut arcs, lit + 1, 2 * index[o * n + d as usize - 1] + 1);
            let k = (d as usize - 1) * cells + o;
            others.extend(
                by_first
                    .succ(k)
                    .iter()
                    .filter(|&&h| h as usize > g && subset(&groups[h as usize].0, &common))
                    .map(|&h| 2 * (base + h)),
            );
        }
        others.sort_unstable();
        for &other in &others {
            clause(&mut arcs, lit + 1, other + 1);
        }
    }
    // Each fish: a victim implies a fin (with no fins, the victim's negation). A
    // fish whose fins no cell sees whole gives nothing: nothing leads from "no fin"
    // on.
    let mut fish_arcs: Vec<(u32, u32, usize)> = Vec::new();
    for (k, f) in fish.iter().enumerate() {
        let d = f.digit;
        // No fins: the victim is false. Fins: they are a literal (their group was
        // added above), unless no cell sees them all.
        let fin = match literal_of(&f.fins, d) {
            None if f.fins != 0 => continue,
            Some(lit) if dead(lit) => continue,
            lit => lit,
        };
        for v in cells_in(&f.victims) {
            let lit = 2 * index[v * n + d as usize - 1];
            let to = fin.unwrap_or(lit + 1);
            fish_arcs.push((lit, to, k));
            fish_arcs.push((to ^ 1, lit + 1, k));
        }
    }
    fish_arcs.sort_unstable();
    fish_arcs.dedup_by_key(|&mut (a, b, _)| (a, b));
    arcs.extend(fish_arcs.iter().map(|&(a, b, _)| (a, b)));
    Groups {
        sets,
        holders,
        groups,
        arcs,
        fish,
        fish_arcs,
    }
}

/// The place of `k` in `list`, put at its end if it is not there yet: the sets and the
/// fish of a chain or a step, numbered in the order they are met.
fn number_in(list: &mut Vec<usize>, k: usize) -> usize {
    list.iter().position(|&u| u == k).unwrap_or_else(|| {
        list.push(k);
        list.len() - 1
    })
}

/// The step of a contradiction: node `a` implies its negation `b` and back; the chain
/// shown is the first direction's.
fn contradiction_step(ext: &Extended, a: u32, b: u32) -> Step {
    let (chain, _, _) = ext.chain(a, b).unwrap_or_default();
    let mut st = Step::new(Detail::Contradiction {
        what: Contradiction::Als,
    });
    let target = ext.node(a);
    st.cells.extend(target.cells.iter().copied());
    st.digits.push(target.digit);
    st.add_als_chain(&chain);
    st
}

/// The step fixing every literal of `forced` (a candidate literal, whether it is
/// placed, and the nodes of its negation and of itself): each with its chain, the sets
/// numbered once for the whole step in the order the chains meet them.
fn forced_step(ext: &Extended, forced: &[(u32, bool, u32, u32)]) -> Step {
    let mut order: Vec<usize> = Vec::new();
    let mut fish_order: Vec<usize> = Vec::new();
    let mut all = Vec::with_capacity(forced.len());
    let mut st = Step::new(Detail::Contradiction {
        what: Contradiction::Als,
    });
    for &(v, placed, from, to) in forced {
        let (mut chain, used, fish_used) = ext.chain(from, to).unwrap_or_default();
        for l in &mut chain {
            l.set = l.set.map(|k| number_in(&mut order, used[k]));
            l.fish = l.fish.map(|k| number_in(&mut fish_order, fish_used[k]));
        }
        let (c, d) = ext.vars()[v as usize];
        if st.digits.is_empty() {
            st.cells.push(c);
            st.digits.push(d);
        }
        if placed {
            st.placements.push((c, d));
        } else {
            st.eliminations.push((c, d));
        }
        st.add_als_chain(&chain);
        all.push(AlsForced {
            candidate: (c, d),
            placed,
            chain,
        });
    }
    let sets: Vec<AlsSet> = order
        .iter()
        .map(|&k| AlsSet {
            cells: members(&ext.sets()[k].0),
            digits: step::digits_of(ext.sets()[k].1),
        })
        .collect();
    for set in &sets {
        for &c in &set.cells {
            push_new(&mut st.cells, c);
        }
    }
    let fish: Vec<FishPattern> = fish_order
        .iter()
        .map(|&k| {
            let f = &ext.groups.fish[k];
            let units = |bits: u64| step::ones128(u128::from(bits)).collect();
            FishPattern {
                digit: f.digit,
                bases: units(f.bases),
                covers: units(f.covers),
                fins: members(&f.fins),
            }
        })
        .collect();
    st.detail = Detail::Als {
        sets,
        fish,
        forced: all,
    };
    st
}

/// Every candidate forced by the extended instance, as one step (or the
/// contradiction when the instance has no solution).
///
/// The instance with the templates' links holds every implication of this one, so
/// when that one forces nothing neither does this: that search (which template chains
/// make anyway when this one finds nothing) runs first, and this one only when it
/// finds something. On a position where both find nothing, one search is made, not two.
pub fn find(board: &Board, s: &State, kept: &mut Kept) -> Option<Step> {
    find_with_templates(board, s, kept)?;
    find_in(board, s, Instance::Als, kept)
}

/// The same search on the 2-SAT instance with the fish's clauses alone (no sets, no
/// box-line groups): finned fish, and the chains their links join. The instance with
/// the templates' links holds it too, so that search runs first here as well.
pub fn find_fish(board: &Board, s: &State, kept: &mut Kept) -> Option<Step> {
    find_with_templates(board, s, kept)?;
    find_in(board, s, Instance::Fish, kept)
}

/// The same search with the links of single-digit templates added to the instance
/// ([`templates::links`]), made once per position.
pub fn find_with_templates(board: &Board, s: &State, kept: &mut Kept) -> Option<Step> {
    kept.at(s);
    if let Some(step) = &kept.with_templates {
        return step.clone();
    }
    let step = find_in(board, s, Instance::Templates, kept);
    kept.with_templates = Some(step.clone());
    step
}

fn find_in(board: &Board, s: &State, instance: Instance, kept: &mut Kept) -> Option<Step> {
    if s.value.len() > MAX_CELLS {
        return None;
    }
    let open: usize = (0..s.value.len())
        .filter(|&c| s.value[c] == 0)
        .map(|c| s.cand[c].len() as usize)
        .sum();
    if open == 0 || open > MAX_CANDIDATES {
        return None;
    }
    let ext = extended(board, s, instance, kept);
    let forced: Vec<(u32, bool, u32, u32)> = match ext.graph.forced_literals(ext.vars().len()) {
        Err(v) => return Some(contradiction_step(&ext, 2 * v, 2 * v + 1)),
        Ok(list) => list
            .into_iter()
            .map(|(v, placed)| {
                let (p, q) = (2 * v, 2 * v + 1);
                if placed {
                    (v, true, q, p)
                } else {
                    (v, false, p, q)
                }
            })
            .collect(),
    };
    (!forced.is_empty()).then(|| forced_step(&ext, &forced))
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::{puzzle_lines, settled};
    use super::*;

    /// The ALS instance of a position (without the templates' links), its groups
    /// that no cell sees whole given no arcs or not, and its candidate count.
    fn graph_of(b: &Board, s: &State, isolate_unseen: bool) -> (Digraph, usize) {
        let plain = twosat::instance(b, s);
        let sets = Rc::new(sets(b, s));
        let groups = groups_of(b, s, &plain, (sets, true), isolate_unseen, Rc::default());
        let nodes = 2 * (plain.vars.len() + groups.groups.len());
        (
            plain.graph.extended(nodes, &[&groups.arcs]),
            plain.vars.len(),
        )
    }

    #[test]
    fn groups_no_cell_sees_whole_change_no_forced_literal_nor_its_chain() {
        // Where the rules below the ALS rule are stuck, on magictour and forum-hardest
        // puzzles: the instance whose unseen groups have no arcs forces the same
        // literals, by the same shortest chains, as the one where they keep them.
        let magictour = include_str!("../../../../tests/data/magictour_top1465.txt");
        let forum = include_str!("../../../../tests/data/forum_hardest_1106.txt");
        let lines = puzzle_lines(magictour, 40).chain(puzzle_lines(forum, 20));
        let (mut pruned, mut forcing) = (0, 0);
        for line in lines {
            let (b, s) = settled(line, "almost locked sets");
            if s.value.iter().all(|&v| v != 0) {
                continue;
            }
            let (whole, vars) = graph_of(&b, &s, false);
            let (isolated, _) = graph_of(&b, &s, true);
            assert_eq!(whole.nodes(), isolated.nodes());
            pruned += usize::from(isolated.targets.len() < whole.targets.len());
            let forced = whole.forced_literals(vars);
            assert_eq!(isolated.forced_literals(vars), forced, "{line}");
            for (v, placed) in forced.unwrap_or_default() {
                forcing += 1;
                let (p, q) = (2 * v, 2 * v + 1);
                let (from, to) = if placed { (q, p) } else { (p, q) };
                assert_eq!(isolated.path(from, to), whole.path(from, to), "{line}");
            }
        }
        assert!(pruned > 20 && forcing > 0, "{pruned} {forcing}");
    }

    #[test]
    fn the_search_with_templates_first_finds_what_the_searches_alone_find() {
        // Where 2-SAT and the rules before it, the fish rule, or the ALS rule and death
        // blossom too, are stuck on magictour puzzles: the steps of `find_fish` and
        // `find` (which try the instance with the templates' links first) must be the
        // steps of the plain searches, whether those find something or not.
        let lines = include_str!("../../../../tests/data/magictour_top1465.txt");
        let mut kept = Kept::default();
        let (mut alone, mut only_with_templates, mut neither) = (0, 0, 0);
        let puzzles = puzzle_lines(lines, 60);
        let rules = ["finned fish", "almost locked sets", "template chains"];
        for (line, rule) in puzzles.flat_map(|l| rules.map(|r| (l, r))) {
            let (b, s) = settled(line, rule);
            let fish = find_in(&b, &s, Instance::Fish, &mut Kept::default());
            let plain = find_in(&b, &s, Instance::Als, &mut Kept::default());
            let with = find_in(&b, &s, Instance::Templates, &mut Kept::default());
            // One `Kept` for every position: what it keeps must not outlive its own.
            assert_eq!(find_fish(&b, &s, &mut kept), fish, "{line}");
            assert_eq!(find(&b, &s, &mut kept), plain, "{line}");
            assert_eq!(find_with_templates(&b, &s, &mut kept), with, "{line}");
            match (&plain, &with) {
                (Some(_), _) => alone += 1,
                (None, Some(_)) => only_with_templates += 1,
                (None, None) => neither += 1,
            }
        }
        assert!(
            alone > 0 && only_with_templates > 0 && neither > 0,
            "{alone} {only_with_templates} {neither}"
        );
    }
}
