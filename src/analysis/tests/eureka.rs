//! Every chain `explain` writes in Eureka notation, read back from the text alone and
//! checked link by link on the position before its step, as a reader with a pencil
//! would: a weak link `-` between two nodes that cannot both be true, a strong link
//! `=` between two nodes one of which must be, each set a real almost locked set, each
//! fish a real fish with the victim and fins the link names, and the chain starting and
//! ending where it proves the step's change. On the first puzzles of
//! `tests/data/magictour_top1465.txt` and on `tests/data/chain_boards.txt` (X-Sudoku,
//! 16x16, 6x6; sources in `tests/data/SOURCES.md`), explained one consequence a step.

use super::support::*;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, FishPattern, GraphRule, Step};
use crate::backends::rules::families::nishio::placeable;
use crate::backends::rules::present::{svg as picture, text as render};
use crate::backends::rules::RulesSolver;
use crate::model::format::value_of_symbol;

/// A node as the text writes it.
#[derive(Clone, Debug, PartialEq)]
enum Node {
    /// `(d)cells`: the digit in one of the cells.
    Group(u8, Vec<usize>),
    /// `(a=b)cells`: an almost locked set entered by `a`, left by `b`.
    Set(u8, u8, Vec<usize>),
    /// `(xy)cells`: two cells holding the two digits between them (a hidden pair).
    Pair(u8, u8, Vec<usize>),
    /// `[fish k]`: fish `k` (from 1) of those the step names beside the chain.
    Fish(usize),
}

/// Reads the cells of a node, `r2c135,r4c6`, from the front of `text` on a board of side
/// `n` (above nine, every cell in full: `r10c12,r10c13`); gives the rest.
fn cells(text: &str, n: usize) -> (Vec<usize>, &str) {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(after_r) = rest.strip_prefix('r') {
        let rows: String = after_r.chars().take_while(char::is_ascii_digit).collect();
        let after_rows = &after_r[rows.len()..];
        let after_c = after_rows
            .strip_prefix('c')
            .expect("a column after the rows");
        let cols: String = after_c.chars().take_while(char::is_ascii_digit).collect();
        if n > 9 {
            let (r, c): (usize, usize) = (rows.parse().unwrap(), cols.parse().unwrap());
            out.push((r - 1) * n + c - 1);
        } else {
            for r in rows.bytes() {
                for c in cols.bytes() {
                    out.push(usize::from(r - b'1') * n + usize::from(c - b'1'));
                }
            }
        }
        rest = &after_c[cols.len()..];
        match rest.strip_prefix(',') {
            Some(next) if next.starts_with('r') => rest = next,
            _ => break,
        }
    }
    (out, rest)
}

/// A link as the text writes it: strong (`=`) or weak (`-`), and whether the digit's
/// templates give it (`=T=`, `-T-`).
type Written = (bool, bool);

/// Reads a chain from the front of `text` on a board of side `n`: its nodes and links.
fn chain(text: &str, n: usize) -> (Vec<Node>, Vec<Written>) {
    let (mut nodes, mut links) = (Vec::new(), Vec::new());
    let mut rest = text;
    loop {
        if let Some(after) = rest.strip_prefix("[fish ") {
            let end = after.find(']').unwrap();
            nodes.push(Node::Fish(after[..end].parse().unwrap()));
            rest = &after[end + 1..];
        } else {
            let inner_end = rest.find(')').unwrap();
            let inner: Vec<char> = rest[1..inner_end].chars().collect();
            let (cs, after) = cells(&rest[inner_end + 1..], n);
            let d = |c: char| value_of_symbol(c).unwrap_or_else(|| panic!("{c} in {text}"));
            nodes.push(match inner.as_slice() {
                [a] => Node::Group(d(*a), cs),
                [a, '=', b] => Node::Set(d(*a), d(*b), cs),
                [a, b] => Node::Pair(d(*a), d(*b), cs),
                _ => panic!("a node I cannot read in {text}"),
            });
            rest = after;
        }
        let strong = match rest.chars().next() {
            Some('=') => true,
            Some('-') => false,
            _ => return (nodes, links),
        };
        rest = &rest[1..];
        let template = rest.starts_with('T');
        if template {
            rest = &rest[2..];
        }
        links.push((strong, template));
    }
}

/// The cells of `cells` that hold `d` as a candidate.
fn holding(s: &State, cells: &[usize], d: u8) -> Vec<usize> {
    cells
        .iter()
        .copied()
        .filter(|&c| s.value[c] == 0 && s.cand[c].contains(d))
        .collect()
}

/// The digit a node stands for when it is true (`on`) or false, and the cells it is in
/// then; a hidden pair has none (its links are checked on their own).
fn face(s: &State, node: &Node, on: bool) -> Option<(u8, Vec<usize>)> {
    match node {
        Node::Group(d, cs) => Some((*d, cs.clone())),
        Node::Set(a, b, cs) => {
            let d = if on { *b } else { *a };
            Some((d, holding(s, cs, d)))
        }
        Node::Pair(..) | Node::Fish(_) => None,
    }
}

/// A unit holding every cell of `cells`, if any.
fn common_unit(board: &Board, cells: &[usize]) -> Option<usize> {
    (0..board.unit_count()).find(|&u| cells.iter().all(|c| board.units[u].contains(c)))
}

/// Whether a set node is an almost locked set: its cells in one unit, open, holding one
/// digit more than cells, its two digits among them.
fn real_set(board: &Board, s: &State, node: &Node) -> bool {
    let Node::Set(a, b, cs) = node else {
        return true;
    };
    let union = cs.iter().fold(0u64, |m, &c| m | s.cand[c].0);
    common_unit(board, cs).is_some()
        && cs.iter().all(|&c| s.value[c] == 0)
        && union.count_ones() as usize == cs.len() + 1
        && union >> (a - 1) & 1 == 1
        && union >> (b - 1) & 1 == 1
        && a != b
}

/// Whether `(y)c`, `(xy)ab` are a hidden pair's link: a unit where `x` has only the
/// places `a`, `b` and `y` only those and `c`.
fn pair_link(board: &Board, s: &State, pair: &Node, other: &Node) -> bool {
    let (Node::Pair(p, q, ab), Node::Group(y, c)) = (pair, other) else {
        return false;
    };
    let x = if y == p { *q } else { *p };
    let places = |d: u8, u: usize| holding(s, &board.units[u], d);
    let mut with_c = ab.clone();
    with_c.extend(c);
    with_c.sort_unstable();
    (y == p || y == q)
        && c.len() == 1
        && common_unit(board, &with_c).is_some_and(|u| {
            places(x, u) == {
                let mut v = ab.clone();
                v.sort_unstable();
                v
            } && places(*y, u).iter().all(|z| with_c.contains(z))
        })
}

/// Checks the link from `x` (true when `on`) to `y`, strong or weak; gives whether `y`
/// is true after it (a set is true on its way out).
fn link(board: &Board, s: &State, x: &Node, on: bool, strong: bool, y: &Node) -> bool {
    assert_eq!(on, !strong, "{x:?} {y:?}: links alternate");
    assert!(
        !matches!(x, Node::Fish(_)) && !matches!(y, Node::Fish(_)),
        "a fish's links are read with the fish"
    );
    assert!(
        !(strong && matches!(y, Node::Set(..))),
        "{x:?} = {y:?}: a set is entered by a weak link"
    );
    // A hidden pair's links: true, its cells hold only its digits (weak to another
    // digit of one of them); it is true unless its second digit takes the unit's
    // third place (strong to that place).
    let pair_weak = |pair: &Node, other: (u8, Vec<usize>)| {
        let Node::Pair(p, q, ab) = pair else {
            unreachable!()
        };
        let (e, c) = other;
        assert!(c.len() == 1 && ab.contains(&c[0]) && e != *p && e != *q);
    };
    if matches!(x, Node::Pair(..)) {
        if strong {
            assert!(pair_link(board, s, x, y), "{x:?} = {y:?}");
        } else {
            pair_weak(x, face(s, y, false).unwrap());
        }
        return strong || matches!(y, Node::Set(..));
    }
    if matches!(y, Node::Pair(..)) {
        if strong {
            assert!(pair_link(board, s, y, x), "{x:?} = {y:?}");
        } else {
            pair_weak(y, face(s, x, true).unwrap());
        }
        return strong;
    }
    assert!(real_set(board, s, y), "{y:?} is not an almost locked set");
    let (dx, cx) = face(s, x, on).unwrap();
    // A set entered by a weak link loses its entry digit and is true of its exit.
    let (dy, cy) = face(s, y, strong).unwrap();
    assert!(!cx.is_empty() && !cy.is_empty(), "{x:?} {y:?}");
    if strong {
        // One of the two holds: they are every place of the digit in a unit, or the
        // two candidates of one cell.
        if dx == dy {
            let both: Vec<usize> = cx.iter().chain(&cy).copied().collect();
            assert!(
                (0..board.unit_count()).any(|u| {
                    let places = holding(s, &board.units[u], dx);
                    !places.is_empty() && places.iter().all(|c| both.contains(c))
                }),
                "{x:?} = {y:?} is not a strong link"
            );
        } else {
            assert!(cx == cy && cx.len() == 1 && s.cand[cx[0]].len() == 2);
        }
    } else {
        // Not both: every cell of one sees every cell of the other (the same digit),
        // or they are one cell.
        let ok = cy.iter().all(|&c| {
            if dx == dy {
                cx.iter().all(|&o| board.sees(o, c))
            } else {
                cx == [c]
            }
        });
        assert!(
            ok,
            "{x:?} - {y:?} is not a weak link ({dx} {cx:?}, {dy} {cy:?})"
        );
    }
    strong || matches!(y, Node::Set(..))
}

/// Checks a link of a digit's templates by the templates themselves: no valid placement
/// of the digit has both candidates (weak), or every one has one of them (strong).
fn template_link(board: &Board, s: &State, x: &Node, on: bool, strong: bool, y: &Node) -> bool {
    assert_eq!(on, !strong, "{x:?} {y:?}: links alternate");
    let (Some((d, a)), Some((e, b))) = (face(s, x, on), face(s, y, strong)) else {
        panic!("a template link between {x:?} and {y:?}")
    };
    assert!(d == e && a.len() == 1 && b.len() == 1, "{x:?} {y:?}");
    let both = [a[0], b[0]];
    if strong {
        assert!(!placeable(board, s, d, &[], &both), "{x:?} =T= {y:?}");
    } else {
        assert!(!placeable(board, s, d, &both, &[]), "{x:?} -T- {y:?}");
    }
    strong || matches!(y, Node::Set(..))
}

/// Checks the two links through fish `fish` between `x` and `y`: from a victim holding
/// the digit to its fins holding it (`-[fish]=`), or from no fin holding it to the victim
/// not (`=[fish]-`). The fish is checked too: as many bases as covers, every place of the
/// digit in a base inside a cover or a fin, each fin a base place no cover holds, and
/// the victim a cover place outside the bases or a base place in two covers.
fn fish_link(board: &Board, s: &State, fish: &FishPattern, x: &Node, strong: bool, y: &Node) {
    // Written `-[fish]=` the first node is the victim (true), `=[fish]-` the fins (false);
    // a victim may be a set's only holder of the digit.
    let (victim, fins) = if strong {
        (face(s, y, false), face(s, x, false))
    } else {
        (face(s, x, true), face(s, y, true))
    };
    let (Some((d, victim)), Some((e, fins))) = (victim, fins) else {
        panic!("a fish between {x:?} and {y:?}")
    };
    let (d, e) = (&d, &e);
    let (mut fins, mut named) = (fins.clone(), fish.fins.clone());
    fins.sort_unstable();
    named.sort_unstable();
    assert!(d == e && *d == fish.digit && victim.len() == 1 && fins == named);
    let count =
        |us: &[usize], c: usize| us.iter().filter(|&&u| board.units[u].contains(&c)).count();
    assert_eq!(fish.bases.len(), fish.covers.len());
    for &b in &fish.bases {
        for c in holding(s, &board.units[b], *d) {
            assert!(count(&fish.covers, c) > 0 || fins.contains(&c), "{fish:?}");
        }
    }
    for &c in &fins {
        assert!(
            count(&fish.covers, c) == 0 && count(&fish.bases, c) > 0,
            "{fish:?}"
        );
    }
    let v = victim[0];
    assert!(
        count(&fish.covers, v) > 0 && count(&fish.bases, v) == 0
            || count(&fish.bases, v) > 0 && count(&fish.covers, v) >= 2,
        "{v} is no victim of {fish:?}"
    );
}

/// Checks the chain a step's reason starts with on the position before the step: every
/// link, and that it starts and ends where it proves the step's change (at its
/// candidate, at a set whose only holder of the digit is the candidate's cell, or, for a
/// removal, at a unit left no place for a digit).
fn check(board: &Board, s: &State, step: &Step, reason: &str) {
    let (nodes, links) = chain(reason, board.n);
    assert_eq!(nodes.len(), links.len() + 1, "{reason}");
    let ((cell, digit), placed) = match (step.placements.first(), step.eliminations.first()) {
        (Some(&p), _) => (p, true),
        (None, Some(&e)) => (e, false),
        _ => panic!("{reason}: the step changes nothing"),
    };
    let fish: &[FishPattern] = match &step.detail {
        Detail::Als { fish, .. } => fish,
        _ => &[],
    };
    let only_holder = |cs: &[usize], d: u8| holding(s, cs, d) == [cell] && d == digit;
    // The first node: the candidate true (a removal) or false (a placement), or a set
    // entered by the digit, which only the candidate's cell holds.
    let mut on = !placed;
    match &nodes[0] {
        Node::Set(a, _, cs) => {
            assert!(placed && only_holder(cs, *a), "{reason}");
            on = true;
        }
        first => assert_eq!(*first, Node::Group(digit, vec![cell]), "{reason}"),
    }
    let mut i = 0;
    while i < links.len() {
        let (strong, template) = links[i];
        if let Node::Fish(k) = nodes[i + 1] {
            assert_eq!(on, !strong, "{reason}: links alternate");
            let (x, y) = (&nodes[i], &nodes[i + 2]);
            fish_link(board, s, &fish[k - 1], x, strong, y);
            assert_eq!(links[i + 1].0, !strong, "{reason}");
            on = !strong || matches!(y, Node::Set(..));
            i += 2;
            continue;
        }
        on = if template {
            template_link(board, s, &nodes[i], on, strong, &nodes[i + 1])
        } else {
            link(board, s, &nodes[i], on, strong, &nodes[i + 1])
        };
        i += 1;
    }
    let ends = match nodes.last().unwrap() {
        Node::Group(d, cs) if *d == digit && cs == &[cell] => on == placed,
        Node::Set(_, b, cs) => placed && on && only_holder(cs, *b),
        // Every place of a digit in a unit false: a removal's contradiction.
        Node::Group(d, cs) => {
            !on && !placed
                && (0..board.unit_count()).any(|u| {
                    let places = holding(s, &board.units[u], *d);
                    !places.is_empty() && places.iter().all(|c| cs.contains(c))
                })
        }
        _ => false,
    };
    assert!(ends, "{reason}: does not end where it proves the change");
}

/// Checks the links of every path written in a graph rule's reason (its cycle, its
/// path, its conflicting paths); gives how many paths it read.
fn check_paths(board: &Board, s: &State, reason: &str) -> usize {
    let mut read = 0;
    let mut rest = reason;
    // A chain starts at a node: `(`, a digit or two, `)` and a cell.
    let starts_chain = |text: &str, i: usize| {
        text[i + 1..].split_once(')').is_some_and(|(inner, after)| {
            !inner.is_empty() && !inner.contains(' ') && after.starts_with('r')
        })
    };
    while let Some(at) = rest
        .match_indices('(')
        .map(|(i, _)| i)
        .find(|&i| starts_chain(rest, i))
    {
        let (nodes, links) = chain(&rest[at..], board.n);
        assert!(!links.is_empty(), "{reason}");
        let mut on = !links[0].0;
        for (i, &(strong, template)) in links.iter().enumerate() {
            assert!(!template, "{reason}");
            on = link(board, s, &nodes[i], on, strong, &nodes[i + 1]);
        }
        read += 1;
        // Past the nodes just read: the next path follows a `; `.
        let used: usize = rest[at..].find([' ', ';', ':']).unwrap_or(rest.len() - at);
        rest = &rest[at + used..];
    }
    read
}

#[test]
fn every_chain_in_eureka_notation_is_a_real_chain_on_its_position() {
    let mut puzzles = data_puzzles("magictour_top1465.txt", 200);
    let boards = data_puzzles("chain_boards.txt", usize::MAX);
    let sides: Vec<usize> = boards.iter().map(|p| p.geometry.n).collect();
    assert_eq!(sides, [9, 9, 9, 16, 16, 6, 6]);
    puzzles.extend(boards);
    let (mut checked, mut paths, mut fish) = (0, 0, 0);
    let (mut beyond_9x9, mut clashes) = (0, 0);
    for p in &puzzles {
        let (mut solver, run) = explained_run(p);
        let board = solver.board(&p.geometry);
        let states = picture::states_before(board, &State::new(board, p), &run.steps);
        for (step, s) in run.steps.iter().zip(&states) {
            if let Detail::Graph { rule, .. } = step.detail {
                let reason = render::reason_at(board, s, step);
                paths += check_paths(board, s, &reason);
                // Conflicting paths say what clashes.
                if rule == GraphRule::Conflict {
                    assert!(reason.contains("force a clash ("), "{reason}");
                    clashes += 1;
                }
            }
            if !matches!(step.detail, Detail::TwoSat { .. } | Detail::Als { .. }) {
                continue;
            }
            let reason = render::reason_at(board, s, step);
            assert!(
                reason.starts_with('('),
                "{}: not in Eureka notation: {reason}",
                p.display_name()
            );
            check(board, s, step, &reason);
            checked += 1;
            fish += usize::from(reason.contains("[fish "));
            beyond_9x9 += usize::from(board.n != 9 || p.geometry.units.len() > 27);
        }
    }
    // Every chain held, fish and all, on the classic board and beyond it.
    eprintln!("{checked} chains ({fish} through a fish, {beyond_9x9} beyond 9x9), {paths} paths");
    assert!(checked > 600 && paths > 100, "{checked} {paths}");
    assert!(fish > 5 && beyond_9x9 > 50, "{fish} {beyond_9x9}");
    assert!(clashes >= 3, "{clashes}");
}

#[test]
fn a_chain_with_a_link_that_does_not_hold_is_caught() {
    // r1c1 and r5c5 share no unit: a weak link between them is no link.
    let p = empty_puzzle(3, 3);
    let mut solver = RulesSolver::new(false);
    let board = solver.board(&p.geometry).clone();
    let s = State::new(&board, &p);
    let mut step = Step::new(Detail::TwoSat { forced: Vec::new() });
    step.eliminations.push((0, 1));
    let bad = std::panic::catch_unwind(|| check(&board, &s, &step, "(1)r1c1-(1)r5c5=(1)r1c1"));
    assert!(bad.is_err());
    // Nor is a strong link where the digit has other places.
    let bad = std::panic::catch_unwind(|| check(&board, &s, &step, "(1)r1c1-(1)r1c5=(1)r1c1"));
    assert!(bad.is_err());
    // Nor a set that is not almost locked (nine open cells, nine digits).
    let bad =
        std::panic::catch_unwind(|| check(&board, &s, &step, "(1)r1c1-(1=2)r2c123456789-(2)r1c1"));
    assert!(bad.is_err());
    // A chain of real links that ends elsewhere proves nothing about r1c1.
    let bad = std::panic::catch_unwind(|| check(&board, &s, &step, "(1)r1c1-(1)r1c2"));
    assert!(bad.is_err());
}
