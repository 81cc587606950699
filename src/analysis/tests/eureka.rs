//! Every chain `explain` writes in Eureka notation, read back from the text alone and
//! checked link by link on the position before its step, as a reader with a pencil
//! would: a weak link `-` between two nodes that cannot both be true, a strong link
//! `=` between two nodes one of which must be, each set a real almost locked set, and
//! the chain starting and ending at the candidate the step removes or places. On the
//! first puzzles of `tests/data/magictour_top1465.txt` (source in
//! `tests/data/SOURCES.md`), explained one consequence a step.

use super::support::*;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, Step};
use crate::backends::rules::engine::Options;
use crate::backends::rules::families::nishio::placeable;
use crate::backends::rules::present::{svg as picture, text as render};
use crate::backends::rules::RulesSolver;

/// A node as the text writes it.
#[derive(Clone, Debug, PartialEq)]
enum Node {
    /// `(d)cells`: the digit in one of the cells.
    Group(u8, Vec<usize>),
    /// `(a=b)cells`: an almost locked set entered by `a`, left by `b`.
    Set(u8, u8, Vec<usize>),
    /// `(xy)cells`: two cells holding the two digits between them (a hidden pair).
    Pair(u8, u8, Vec<usize>),
    /// `[fish k]`: a fish the step names beside the chain.
    Fish,
}

/// Reads the cells of a node, `r2c135,r4c6`, from the front of `text`; gives the rest.
fn cells(text: &str) -> (Vec<usize>, &str) {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(after_r) = rest.strip_prefix('r') {
        let rows: String = after_r.chars().take_while(char::is_ascii_digit).collect();
        let after_rows = &after_r[rows.len()..];
        let after_c = after_rows
            .strip_prefix('c')
            .expect("a column after the rows");
        let cols: String = after_c.chars().take_while(char::is_ascii_digit).collect();
        for r in rows.bytes() {
            for c in cols.bytes() {
                out.push(usize::from(r - b'1') * 9 + usize::from(c - b'1'));
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

/// Reads a chain from the front of `text`: its nodes and links.
fn chain(text: &str) -> (Vec<Node>, Vec<Written>) {
    let (mut nodes, mut links) = (Vec::new(), Vec::new());
    let mut rest = text;
    loop {
        if let Some(after) = rest.strip_prefix("[fish ") {
            let end = after.find(']').unwrap();
            nodes.push(Node::Fish);
            rest = &after[end + 1..];
        } else {
            let inner_end = rest.find(')').unwrap();
            let inner: Vec<u8> = rest[1..inner_end].bytes().collect();
            let (cs, after) = cells(&rest[inner_end + 1..]);
            let d = |b: u8| b - b'0';
            nodes.push(match inner.as_slice() {
                [a] => Node::Group(d(*a), cs),
                [a, b'=', b] => Node::Set(d(*a), d(*b), cs),
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
        Node::Pair(..) | Node::Fish => None,
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
    if matches!(x, Node::Fish) || matches!(y, Node::Fish) {
        // The fish is named beside the chain; its links are the fish rule's.
        assert!(real_set(board, s, y), "{y:?} is not an almost locked set");
        return strong || matches!(y, Node::Set(..));
    }
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

/// Checks the chain a step's reason starts with on the position before the step; gives
/// whether it ends where it proves the step's change: back at its candidate, or at a
/// unit left no place (rather than at a set holding it, which the count beside the test
/// allows).
fn check(board: &Board, s: &State, step: &Step, reason: &str) -> bool {
    let (nodes, links) = chain(reason);
    assert_eq!(nodes.len(), links.len() + 1, "{reason}");
    let ((cell, digit), placed) = match (step.placements.first(), step.eliminations.first()) {
        (Some(&p), _) => (p, true),
        (None, Some(&e)) => (e, false),
        _ => panic!("{reason}: the step changes nothing"),
    };
    // The first node: the candidate true (a removal) or false (a placement).
    let mut on = !placed;
    if let Node::Set(..) = nodes[0] {
        on = true;
    } else {
        assert_eq!(nodes[0], Node::Group(digit, vec![cell]), "{reason}");
    }
    for (i, &(strong, template)) in links.iter().enumerate() {
        on = if template {
            template_link(board, s, &nodes[i], on, strong, &nodes[i + 1])
        } else {
            link(board, s, &nodes[i], on, strong, &nodes[i + 1])
        };
    }
    let last = nodes.last().unwrap();
    if *last == Node::Group(digit, vec![cell]) && on == placed {
        return true;
    }
    // Or a removal whose chain leaves a unit no place for a digit: every place of it
    // there is false at the end.
    match last {
        Node::Group(d, cs) if !on && !placed => (0..board.unit_count()).any(|u| {
            let places = holding(s, &board.units[u], *d);
            !places.is_empty() && places.iter().all(|c| cs.contains(c))
        }),
        _ => false,
    }
}

/// Checks the links of every path written in a graph rule's reason (its cycle, its
/// path, its conflicting paths); gives how many paths it read.
fn check_paths(board: &Board, s: &State, reason: &str) -> usize {
    let mut read = 0;
    let mut rest = reason;
    while let Some(at) = rest
        .find('(')
        .filter(|&i| rest[i + 1..].starts_with(|c: char| c.is_ascii_digit()))
    {
        let (nodes, links) = chain(&rest[at..]);
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
    let puzzles = data_puzzles("magictour_top1465.txt", 200);
    let (mut checked, mut at_the_candidate, mut paths) = (0, 0, 0);
    for p in &puzzles {
        let mut solver = RulesSolver::new(false);
        let run = solver.run(
            p,
            &Options {
                record: true,
                one_at_a_time: true,
                ..Options::default()
            },
        );
        let board = solver.board(&p.geometry);
        let states = picture::states_before(board, &State::new(board, p), &run.steps);
        for (step, s) in run.steps.iter().zip(&states) {
            if let Detail::Graph { .. } = step.detail {
                paths += check_paths(board, s, &render::reason_at(board, s, step));
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
            checked += 1;
            at_the_candidate += usize::from(check(board, s, step, &reason));
        }
    }
    // Every chain's links held; nearly all end at their own candidate.
    eprintln!("{at_the_candidate} of {checked} chains end at their candidate; {paths} paths");
    assert!(checked > 600 && paths > 100, "{checked} {paths}");
    assert!(
        at_the_candidate * 100 >= checked * 95,
        "{at_the_candidate} of {checked}"
    );
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
}
