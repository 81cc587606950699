//! Depth-first search with propagation at every node.
//!
//! A node chooses one open cell by the branching rule and tries its values from the
//! cell's value in a solution that fits the givens (`hint::solution_hint`: an
//! empty grid, a few dozen givens) upwards, wrapping around, or in ascending order when there
//! is none: the first value then always extends to that solution (ascending values paint
//! the later rows of a large empty board into a corner, and the search thrashes far
//! below the mistake); a search of the whole tree (a proof) visits the same nodes in any
//! value order. Each child is a copy of the parent's domains with the cell fixed,
//! propagated to the fixpoint. Copying the domain array (N² 64-bit sets) per child is
//! simpler than a trail (not measured against one). The search runs on an explicit stack,
//! so a 64×64 board cannot overflow the thread's stack.

use super::engine::Engine;
use super::Branch;
use crate::model::CandSet;
use crate::solver::SolveOptions;

/// How often (in nodes) the deadline is looked at. A node costs at least a
/// propagation, so the clock read is a small share even at every 16th node.
const DEADLINE_EVERY: u64 = 16;

/// What a search found and how it ended.
#[derive(Debug, Default)]
pub struct SearchEnd {
    /// Solutions found (may exceed the ones kept).
    pub found: u64,
    /// Solutions kept, each a value per cell.
    pub solutions: Vec<Vec<u8>>,
    /// Whether the whole tree was explored (not stopped by the limit or the deadline).
    pub complete: bool,
    /// Whether the deadline stopped it.
    pub timed_out: bool,
    /// Children tried (branches).
    pub nodes: u64,
    /// Children whose propagation failed.
    pub failures: u64,
}

struct Frame {
    doms: Vec<CandSet>,
    cell: usize,
    left: CandSet,
}

/// The value of `left` to try next: the smallest one from `from` on, else the smallest.
fn next_value(left: CandSet, from: u8) -> Option<u8> {
    let upper = left.0 & (u64::MAX << (from - 1));
    CandSet(upper).first().or_else(|| left.first())
}

/// The cell to branch on, or `None` when every cell is fixed (a solution).
pub fn choose(doms: &[CandSet], branch: Branch, peers: &[Vec<usize>]) -> Option<usize> {
    match branch {
        Branch::Static => doms.iter().position(|d| open(d.0)),
        Branch::Pairs => doms
            .iter()
            .position(|d| pair(d.0))
            .or_else(|| mrv(doms, peers)),
        Branch::Mrv => mrv(doms, peers),
    }
}

/// Whether a domain holds two values or more (a bit trick: no population count).
fn open(bits: u64) -> bool {
    bits & bits.wrapping_sub(1) != 0
}

/// Whether a domain holds exactly two values.
fn pair(bits: u64) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && !open(rest)
}

/// Smallest domain first; among equals, the cell with the most open peers (the most
/// constrained, Brélaz's tie-break), then the first in row-major order.
fn mrv(doms: &[CandSet], peers: &[Vec<usize>]) -> Option<usize> {
    let degree = |cell: usize| peers[cell].iter().filter(|&&p| open(doms[p].0)).count();
    // Two values is the smallest open size; most nodes have such cells, found
    // without counting bits.
    let mut best: Option<(usize, usize)> = None;
    for (cell, d) in doms.iter().enumerate() {
        if pair(d.0) {
            let deg = degree(cell);
            if best.is_none_or(|(_, b)| deg > b) {
                best = Some((cell, deg));
            }
        }
    }
    if let Some((cell, _)) = best {
        return Some(cell);
    }
    let mut best: Option<(u32, usize, usize)> = None;
    for (cell, d) in doms.iter().enumerate() {
        if !open(d.0) {
            continue;
        }
        let size = d.len();
        if best.is_some_and(|(s, _, _)| size > s) {
            continue;
        }
        let deg = degree(cell);
        if best.is_none_or(|(s, _, b)| size < s || deg > b) {
            best = Some((size, cell, deg));
        }
    }
    best.map(|(_, cell, _)| cell)
}

fn solution(doms: &[CandSet]) -> Vec<u8> {
    doms.iter().map(|d| d.first().unwrap_or(0)).collect()
}

/// Searches from `root` (already propagated, consistent) for up to
/// `opts.max_solutions` solutions, keeping `opts.keep_solutions` of them; each cell's
/// values are tried from `first_value[cell]` on, wrapping around.
pub fn search(
    engine: &mut Engine,
    root: Vec<CandSet>,
    branch: Branch,
    peers: &[Vec<usize>],
    first_value: &[u8],
    opts: &SolveOptions,
) -> SearchEnd {
    let mut end = SearchEnd::default();
    let max = opts.max_solutions.max(1) as u64;
    let mut spare: Vec<Vec<CandSet>> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    match choose(&root, branch, peers) {
        None => {
            end.found = 1;
            if opts.keep_solutions > 0 {
                end.solutions.push(solution(&root));
            }
            end.complete = true;
            return end;
        }
        Some(cell) => stack.push(Frame {
            left: root[cell],
            doms: root,
            cell,
        }),
    }
    while let Some(top) = stack.last_mut() {
        let Some(value) = next_value(top.left, first_value[top.cell]) else {
            if let Some(frame) = stack.pop() {
                spare.push(frame.doms);
            }
            continue;
        };
        top.left.remove(value);
        end.nodes += 1;
        if end.nodes % DEADLINE_EVERY == 0 && opts.expired() {
            end.timed_out = true;
            return end;
        }
        let cell = top.cell;
        let mut child = spare.pop().unwrap_or_default();
        child.clear();
        child.extend_from_slice(&top.doms);
        child[cell] = CandSet::single(value);
        if engine.propagate(&mut child, Some(cell)).is_err() {
            end.failures += 1;
            spare.push(child);
            continue;
        }
        match choose(&child, branch, peers) {
            None => {
                end.found += 1;
                if end.solutions.len() < opts.keep_solutions {
                    end.solutions.push(solution(&child));
                }
                spare.push(child);
                if end.found >= max {
                    return end; // the limit, not the tree, ended it
                }
            }
            Some(next) => stack.push(Frame {
                left: child[next],
                doms: child,
                cell: next,
            }),
        }
    }
    end.complete = true;
    end
}
