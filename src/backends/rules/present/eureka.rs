//! Chains in Eureka notation, the one solvers and forums read: a candidate `(9)r2c1`,
//! a grouped node `(9)r2c13` (the digit in one of the cells), an almost locked set
//! `(5=7)r2c257` (without 5 the set holds 7), strong links `=` (if the left is false
//! the right is true) and weak links `-` (if the left is true the right is false).
//! Two marks of the project's own: a hidden pair `(58)r2c89` (the two cells hold the two
//! digits), and a link of a digit's templates `-T-`, `=T=` (no valid placement of the
//! digit has both candidates; every one has one of them).
//!
//! The engine's chains are implications between literals, `r2c9=9 → r2c1≠9`; an
//! implication from a true literal to a false one is a weak link, from false to true a
//! strong one. The others come from a one-step look-ahead or a set and are written
//! through the node that carries them, read from the position before the step: "a 9
//! in r5c1 leaves row 4 one 9" is `(9)r5c1-(9)r4c23=(9)r4c8`, the weak link into the
//! places r5c1 sees and the strong link of the unit out of them.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{
    ones, push_new, AlsLink, Detail, GraphKind, GraphRule, Link, Step,
};
use crate::model::format::digit_text;

/// A node of a chain: the digit (or, for an almost locked set, the digit that leaves
/// it and the one it then holds; for a hidden pair, its two digits) and the cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The digit, and the set's exit digit or the pair's second.
    pub digits: (u8, Option<u8>),
    /// Whether `digits` are a hidden pair's, written `(45)` rather than `(4=5)`.
    pub pair: bool,
    /// The cells (none for a fish).
    pub cells: Vec<usize>,
    /// A pattern the chain passes through, written `[fish 1]` instead of digits and
    /// cells.
    pub label: Option<String>,
}

/// A chain as the notation states it: its nodes and the links between them, for the
/// text and the pictures alike.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    /// The nodes, in order.
    pub nodes: Vec<Node>,
    /// `strong[i]` joins node `i` and `i + 1`: strong (`=`) or weak (`-`).
    pub strong: Vec<bool>,
    /// `template[i]`: that link comes from the digit's templates (written `-T-`, `=T=`).
    pub template: Vec<bool>,
}

impl Chain {
    fn start(&mut self, node: Node) {
        if self.nodes.is_empty() {
            self.nodes.push(node);
        }
    }

    fn link(&mut self, strong: bool, node: Node) {
        self.strong.push(strong);
        self.template.push(false);
        self.nodes.push(node);
    }

    /// The chain proving `candidate` placed (or removed) in Eureka notation, with its
    /// conclusion (`=> r6c7=4`, `=> r6c7<>4`) when it starts or ends in a set: the
    /// candidate's cell is then not a node of its own.
    pub fn claim(&self, board: &Board, (cell, digit): (usize, u8), placed: bool) -> String {
        let in_set = |node: Option<&Node>| node.is_some_and(|n| n.digits.1.is_some() && !n.pair);
        let text = self.text(board);
        if in_set(self.nodes.first()) || in_set(self.nodes.last()) {
            let so = if placed { "=" } else { "<>" };
            format!(
                "{text} => {}{so}{}",
                board.cell_name(cell),
                digit_text(board.n, digit)
            )
        } else {
            text
        }
    }

    /// The chain in Eureka notation: `(9)r2c9-(9)r2c1=(9)r4c1-...`.
    pub fn text(&self, board: &Board) -> String {
        let mut out = String::new();
        for (i, node) in self.nodes.iter().enumerate() {
            if i > 0 {
                let link = if self.strong[i - 1] { '=' } else { '-' };
                out.push(link);
                if self.template[i - 1] {
                    out.push('T');
                    out.push(link);
                }
            }
            if let Some(label) = &node.label {
                out.push('[');
                out.push_str(label);
                out.push(']');
                continue;
            }
            out.push('(');
            out.push_str(&digit_text(board.n, node.digits.0));
            if let Some(exit) = node.digits.1 {
                let exit = digit_text(board.n, exit);
                if !node.pair {
                    out.push('=');
                } else if exit.len() > 1 {
                    // Digits written as numbers (sides past 35) need a separator.
                    out.push(',');
                }
                out.push_str(&exit);
            }
            out.push(')');
            out.push_str(&cell_group(board, &node.cells));
        }
        out
    }
}

fn candidate(cell: usize, digit: u8) -> Node {
    group(digit, vec![cell])
}

/// Cells as Eureka writes a group: `r2c1`, `r2c135` (one row), `r13c2` (one column),
/// else row by row joined by `,`; with more than nine columns, every cell in full.
pub fn cell_group(board: &Board, cells: &[usize]) -> String {
    let n = board.n;
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() == 1 || n > 9 {
        return sorted
            .iter()
            .map(|&c| board.cell_name(c))
            .collect::<Vec<_>>()
            .join(",");
    }
    let (row, col) = (|c: usize| c / n + 1, |c: usize| c % n + 1);
    let joined = |xs: Vec<usize>| xs.iter().map(|x| x.to_string()).collect::<String>();
    if sorted.iter().all(|&c| c % n == sorted[0] % n) {
        return format!(
            "r{}c{}",
            joined(sorted.iter().map(|&c| row(c)).collect()),
            col(sorted[0])
        );
    }
    let mut parts = Vec::new();
    let mut rest = sorted.as_slice();
    while let Some(&first) = rest.first() {
        let same = rest.iter().take_while(|&&c| row(c) == row(first)).count();
        parts.push(format!(
            "r{}c{}",
            row(first),
            joined(rest[..same].iter().map(|&c| col(c)).collect())
        ));
        rest = &rest[same..];
    }
    parts.join(",")
}

/// Units as HoDoKu and Eureka write a fish's: `r346`, `c467`, `b19` when all are of one
/// kind (rows, columns or boxes) on a board of at most nine; else their names.
pub fn unit_group(board: &Board, units: &[usize]) -> String {
    use crate::model::UnitKind;
    let of = |u: usize| &board.geometry.units[u];
    let letter = match units.first().map(|&u| of(u).kind) {
        Some(UnitKind::Row) => "r",
        Some(UnitKind::Column) => "c",
        Some(UnitKind::Box) => "b",
        _ => "",
    };
    if board.n > 9 || letter.is_empty() || units.iter().any(|&u| of(u).kind != of(units[0]).kind) {
        return units
            .iter()
            .map(|&u| board.unit_name(u))
            .collect::<Vec<_>>()
            .join(", ");
    }
    let mut numbers: Vec<usize> = units.iter().map(|&u| of(u).index + 1).collect();
    numbers.sort_unstable();
    let joined: String = numbers.iter().map(|x| x.to_string()).collect();
    format!("{letter}{joined}")
}

/// Digits as a set, `{3579}` (on boards of more than nine, `{3, 5, 11}`).
pub fn digit_set(board: &Board, digits: &[u8]) -> String {
    let sep = if board.n > 9 { ", " } else { "" };
    let texts: Vec<String> = digits.iter().map(|&d| digit_text(board.n, d)).collect();
    format!("{{{}}}", texts.join(sep))
}

/// The places of `digit` in the unit of `to` that `from` sees, when they are all its
/// places there but `to`: the group a one-step look-ahead from `from` to `to` passes.
fn seen_places(board: &Board, s: &State, from: usize, to: usize, digit: u8) -> Option<Vec<usize>> {
    board.cell_units[to].iter().find_map(|&(u, i)| {
        if board.units[u].contains(&from) {
            return None;
        }
        let others = s.places(digit, u) & !(1u64 << i);
        (others != 0 && others & !board.sight(from, u) == 0)
            .then(|| ones(others).map(|p| board.cell(u, p as u32)).collect())
    })
}

/// Every place of `digit` in a unit `cell` is not in, when `cell` sees them all: a
/// digit in `cell` would leave that unit none.
fn emptied_places(board: &Board, s: &State, cell: usize, digit: u8) -> Option<Vec<usize>> {
    (0..board.unit_count()).find_map(|u| {
        let places = s.places(digit, u);
        (places != 0
            && !board.units[u].contains(&cell)
            && places & !board.sight(cell, u) == 0
            && !board.units[u].iter().any(|&x| s.value[x] == digit))
        .then(|| ones(places).map(|p| board.cell(u, p as u32)).collect())
    })
}

/// The cell that makes a naked pair with `w` once `w` loses its third digit `z`: two
/// candidates, both `w`'s, neither `z`, in a unit with `w` and `o`, one of them `digit`.
fn pair_partner(
    board: &Board,
    s: &State,
    (w, z): (usize, u8),
    o: usize,
    digit: u8,
) -> Option<usize> {
    if s.cand[w].len() != 3 || !s.cand[w].contains(z) {
        return None;
    }
    board.peers[w].iter().copied().find(|&c| {
        c != o
            && !s.cand[c].contains(z)
            && s.value[c] == 0
            && s.cand[c].len() == 2
            && s.cand[c].contains(digit)
            && s.cand[w].0 & s.cand[c].0 == s.cand[c].0
            && board.cell_units[c]
                .iter()
                .any(|&(u, _)| board.units[u].contains(&w) && board.units[u].contains(&o))
    })
}

/// Writes one implication between candidates onto the chain; `None` when it is of a
/// kind the notation cannot carry (a hidden-pair look-ahead).
fn implication(w: &mut Chain, board: &Board, s: &State, l: &Link) -> Option<()> {
    let (from, to) = (l.from, l.to);
    w.start(candidate(from.0, from.1));
    match (l.if_from, l.if_to) {
        (true, false) if from == to => {
            // A digit here leaves a unit no place for it.
            let cells = emptied_places(board, s, from.0, from.1)?;
            w.link(false, group(from.1, cells));
        }
        (true, false) => w.link(false, candidate(to.0, to.1)),
        (false, true) => w.link(true, candidate(to.0, to.1)),
        (true, true) if from.1 == to.1 => {
            let cells = seen_places(board, s, from.0, to.0, to.1)?;
            w.link(false, group(to.1, cells));
            w.link(true, candidate(to.0, to.1));
        }
        (false, false) if from.1 == to.1 => {
            // Read backwards, a digit in `to` would leave one place in a unit, `from`:
            // without it there, the unit's other places hold it, and `to` sees them.
            let cells = seen_places(board, s, to.0, from.0, from.1)?;
            w.link(true, group(from.1, cells));
            w.link(false, candidate(to.0, to.1));
        }
        (true, true) if pair_partner(board, s, to, from.0, from.1).is_none() => {
            // a = e leaves y only `to`'s place in a unit where, with x, it would
            // make a hidden pair of a's: that pair cannot be, so y goes to `to`.
            let (x, cells) = pair_unless(board, s, from.0, to.0, to.1)?;
            w.link(false, hidden_pair((x, to.1), cells));
            w.link(true, candidate(to.0, to.1));
        }
        (false, false) if pair_partner(board, s, from, to.0, to.1).is_none() => {
            // Without y in `from`, y and x make a hidden pair of `to`'s: it holds
            // one of them, not `to`'s digit.
            let (x, cells) = pair_unless(board, s, to.0, from.0, from.1)?;
            w.link(true, hidden_pair((x, from.1), cells));
            w.link(false, candidate(to.0, to.1));
        }
        (true, true) => {
            // o = e leaves w and its two-digit partner a naked pair short of e: w
            // holds its third digit.
            let c = pair_partner(board, s, to, from.0, from.1)?;
            w.link(false, set(from.1, to.1, vec![c, to.0]));
        }
        (false, false) => {
            // w not z makes w and its partner a naked pair, holding e: o is not e.
            let c = pair_partner(board, s, from, to.0, to.1)?;
            let last = w.nodes.last_mut()?;
            if last.cells != [from.0] || last.digits != (from.1, None) {
                return None;
            }
            *last = set(from.1, to.1, vec![c, from.0]);
            w.link(false, candidate(to.0, to.1));
        }
    }
    Some(())
}

fn group(digit: u8, cells: Vec<usize>) -> Node {
    Node {
        digits: (digit, None),
        pair: false,
        cells,
        label: None,
    }
}

fn set(entry: u8, exit: u8, cells: Vec<usize>) -> Node {
    Node {
        digits: (entry, Some(exit)),
        pair: false,
        cells,
        label: None,
    }
}

fn hidden_pair((x, y): (u8, u8), cells: Vec<usize>) -> Node {
    Node {
        digits: (x.min(y), Some(x.max(y))),
        pair: true,
        cells,
        label: None,
    }
}

/// The hidden pair `a` makes with another cell of a unit it shares with `c` unless `c`
/// holds `y`: a digit `x` with only those two places there, and `y` with those and
/// `c`. Gives `x` and the pair's cells.
fn pair_unless(board: &Board, s: &State, a: usize, c: usize, y: u8) -> Option<(u8, Vec<usize>)> {
    board.cell_units[a].iter().find_map(|&(u, i)| {
        let j = board.units[u].iter().position(|&x| x == c)?;
        let py = s.places(y, u);
        let px = py & !(1u64 << j);
        if py >> j & 1 == 0 || px.count_ones() != 2 || px >> i & 1 == 0 {
            return None;
        }
        let x = (1..=board.n as u8).find(|&x| x != y && s.places(x, u) == px)?;
        Some((x, ones(px).map(|p| board.cell(u, p as u32)).collect()))
    })
}

/// The paths of a graph rule (each a run of links where one starts at the literal the
/// last ended at, or at another digit of its cell) in Eureka notation, `; ` between
/// paths; `None` when a link is of a kind the notation cannot carry.
fn paths(board: &Board, s: &State, links: &[Link]) -> Option<Vec<Chain>> {
    let mut out: Vec<Chain> = Vec::new();
    let mut w = Chain::default();
    let mut last: Option<((usize, u8), bool)> = None;
    for l in links {
        match last {
            Some(end) if end == (l.from, l.if_from) => {}
            // The same cell, another digit: true there makes the digit false (weak);
            // false there, in a two-digit cell, makes it true (strong).
            Some(((c, d), holds))
                if c == l.from.0
                    && d != l.from.1
                    && holds != l.if_from
                    && (holds || s.cand[c].len() == 2) =>
            {
                w.link(!holds, candidate(l.from.0, l.from.1));
            }
            Some(_) => {
                out.push(std::mem::take(&mut w));
            }
            None => {}
        }
        implication(&mut w, board, s, l)?;
        last = Some((l.to, l.if_to));
    }
    if !w.nodes.is_empty() {
        out.push(w);
    }
    (!out.is_empty()).then_some(out)
}

/// A 2-SAT chain (implications from one literal to the next) in Eureka notation, read
/// on the position `s` before the step; `None` when a link is of a kind the notation
/// cannot carry (the chain is then given in words only).
fn implications(board: &Board, s: &State, links: &[Link]) -> Option<Chain> {
    let mut w = Chain::default();
    for l in links {
        implication(&mut w, board, s, l)?;
    }
    (!w.nodes.is_empty()).then_some(w)
}

/// An ALS chain in Eureka notation, read on the position `s` before the step: a link a
/// set gives is the set as a node, `(5=7)` and its cells (`sets`, the step's sets'
/// cells, indexed as the chain's links); a fish's link passes through the fish, written
/// `[fish 1]` between the victim and its fins.
fn als(board: &Board, s: &State, chain: &[AlsLink], sets: &[Vec<usize>]) -> Option<Chain> {
    let mut w = Chain::default();
    for l in chain {
        let (from, to) = (&l.from, &l.to);
        if let Some(k) = l.set {
            w.start(group(from.digit, from.cells.clone()));
            if from.holds || !to.holds {
                return None;
            }
            // The set without `from`'s digit holds `to`'s: it replaces the node it is
            // entered by.
            let last = w.nodes.last_mut()?;
            *last = set(from.digit, to.digit, sets.get(k)?.clone());
            continue;
        }
        if let Some(k) = l.fish {
            w.start(group(from.digit, from.cells.clone()));
            let fish = Node {
                digits: (from.digit, None),
                pair: false,
                cells: Vec::new(),
                label: Some(format!("fish {}", k + 1)),
            };
            match (from.holds, to.holds) {
                // A victim holding the digit puts it in a fin.
                (true, true) => {
                    w.link(false, fish);
                    w.link(true, group(to.digit, to.cells.clone()));
                }
                // No fin holding it leaves the victim without it.
                (false, false) => {
                    w.link(true, fish);
                    w.link(false, group(to.digit, to.cells.clone()));
                }
                _ => return None,
            }
            continue;
        }
        match (from.cells.as_slice(), to.cells.as_slice()) {
            (&[_], &[b]) if l.template => {
                // No valid placement of the digit has both (weak), or every one has
                // one of them (strong).
                w.start(group(from.digit, from.cells.clone()));
                match (from.holds, to.holds) {
                    (true, false) => w.link(false, candidate(b, to.digit)),
                    (false, true) => w.link(true, candidate(b, to.digit)),
                    _ => return None,
                }
                if let Some(t) = w.template.last_mut() {
                    *t = true;
                }
            }
            (&[a], &[b]) => {
                let link = Link {
                    from: (a, from.digit),
                    to: (b, to.digit),
                    strong: !from.holds && to.holds,
                    if_from: from.holds,
                    if_to: to.holds,
                };
                implication(&mut w, board, s, &link)?;
            }
            _ => {
                // A box-line group and a candidate: the group stands for the digit in
                // one of its cells.
                w.start(group(from.digit, from.cells.clone()));
                match (from.holds, to.holds) {
                    (true, false) => w.link(false, group(to.digit, to.cells.clone())),
                    (false, true) => w.link(true, group(to.digit, to.cells.clone())),
                    _ => return None,
                }
            }
        }
    }
    (!w.nodes.is_empty()).then_some(w)
}

/// A bivalue path written from the digit its two ends share (`(5)r8c5=(1)r8c5-...`):
/// the strong link inside each two-candidate end cell, from that digit to the one the
/// path leaves or enters by, so the chain reads as the alternating inference it is.
fn bivalue_ends(mut chain: Chain, s: &State, digit: u8) -> Chain {
    let end_of = |node: Option<&Node>| {
        node.and_then(|n| match (n.cells.as_slice(), n.digits, &n.label) {
            (&[c], (d, None), None) if d != digit && s.cand[c].len() == 2 => Some(c),
            _ => None,
        })
    };
    if let Some(c) = end_of(chain.nodes.first()) {
        chain.nodes.insert(0, candidate(c, digit));
        chain.strong.insert(0, true);
        chain.template.insert(0, false);
    }
    if let Some(c) = end_of(chain.nodes.last()) {
        chain.link(true, candidate(c, digit));
    }
    chain
}

/// A bivalue cycle closed: the strong link inside the two-candidate cell it starts and
/// ends in, back to its first node (`...-(8)r9c5=(9)r9c5`), a continuous loop.
fn closed(mut chain: Chain, s: &State) -> Chain {
    if let (Some(first), Some(last)) = (chain.nodes.first(), chain.nodes.last()) {
        if first.cells.len() == 1
            && first.cells == last.cells
            && first.digits.0 != last.digits.0
            && s.cand[first.cells[0]].len() == 2
            && !chain.strong.last().copied().unwrap_or(true)
        {
            let back = first.clone();
            chain.link(true, back);
        }
    }
    chain
}

/// The chains of a step in Eureka notation, read on the position before it: a 2-SAT or
/// ALS step's one chain, a graph rule's cycle or paths (a bivalue path from its ends'
/// digit, a bivalue cycle closed); `None` for other steps and for a chain the notation
/// cannot carry. The one source of a step's chains for its text, picture and cells.
pub fn of_step(board: &Board, before: &State, step: &Step) -> Option<Vec<Chain>> {
    match &step.detail {
        Detail::TwoSat { forced } if forced.len() == 1 => {
            implications(board, before, &forced[0].chain).map(|c| vec![c])
        }
        Detail::Als { sets, forced, .. } if forced.len() == 1 => {
            let cells: Vec<Vec<usize>> = sets.iter().map(|set| set.cells.clone()).collect();
            als(board, before, &forced[0].chain, &cells).map(|c| vec![c])
        }
        Detail::Graph { graph, rule } => {
            let chains = paths(board, before, &step.links)?;
            // A bivalue path from its ends' digit, a bivalue cycle closed.
            Some(match (graph, rule, step.digits.first()) {
                (GraphKind::Bivalue, GraphRule::Path, Some(&d)) => chains
                    .into_iter()
                    .map(|c| bivalue_ends(c, before, d))
                    .collect(),
                (GraphKind::Bivalue, GraphRule::Cycle, _) => {
                    chains.into_iter().map(|c| closed(c, before)).collect()
                }
                _ => chains,
            })
        }
        _ => None,
    }
}

/// Adds the cells a step's chain names (grouped nodes, sets, hidden pairs) to the cells it
/// reasons with, after those it has: what its picture marks and its JSON lists.
pub fn add_named_cells(board: &Board, before: &State, step: &mut Step) {
    for chain in of_step(board, before, step).unwrap_or_default() {
        for node in &chain.nodes {
            for &c in &node.cells {
                push_new(&mut step.cells, c);
            }
        }
    }
}
