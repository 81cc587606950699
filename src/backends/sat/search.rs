//! The enumeration of solutions that every engine of the `sat` backend runs: solve, read
//! the model back as a grid, add its blocking clause (the negation of the values found on
//! the blank cells) to the same solver, solve again, until the engine answers unsat (every
//! solution found), enough solutions are found, or the deadline passes.

use super::encode::Encoded;
use crate::model::Puzzle;
use crate::solver::{ms, SolveOptions};
use std::time::Instant;

/// What one call of an engine's `solve` answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A model was found.
    Sat,
    /// The clauses have no model.
    Unsat,
    /// The engine stopped before deciding (its deadline check asked it to): only
    /// CaDiCaL's engine checks a deadline inside a solve.
    #[cfg(feature = "cadical")]
    Stopped,
    /// The engine reported an error.
    Failed,
}

/// An incremental SAT engine loaded with an encoding's clauses: clauses added after a
/// solve are kept, with everything learnt, for the next one.
pub trait Incremental {
    /// Solves the clauses added so far.
    fn solve(&mut self) -> Answer;
    /// Writes the last model into `model`: `model[v - 1]` is DIMACS variable `v`.
    fn read_model(&self, model: &mut [bool]);
    /// Adds a clause of DIMACS literals.
    fn add_clause(&mut self, clause: &[i32]);
}

/// How the search loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Unsat with the blocking clauses: every solution was found.
    Complete,
    /// Enough solutions found.
    Limit,
    /// The deadline passed (checked between solver calls, and inside those engines that
    /// can be stopped).
    Deadline,
    /// The engine failed, stopped with time left, or gave a model that is not a grid.
    Failed,
}

/// What the enumeration of solutions found, and what it cost.
#[derive(Debug)]
pub struct Enumeration {
    /// How it ended.
    pub end: End,
    /// Solutions found, at most `keep_solutions` of them.
    pub solutions: Vec<Vec<u8>>,
    /// How many solutions were found.
    pub found: u64,
    /// Calls to the engine's `solve`.
    pub calls: u64,
    /// Time inside the engine's `solve`, ms.
    pub solve_ms: f64,
    /// Time reading models back and making blocking clauses, ms.
    pub decode_ms: f64,
}

impl Enumeration {
    /// The enumeration of a solve whose deadline passed before the first solver call.
    pub fn stopped_before_search() -> Enumeration {
        Enumeration {
            end: End::Deadline,
            solutions: Vec::new(),
            found: 0,
            calls: 0,
            solve_ms: 0.0,
            decode_ms: 0.0,
        }
    }
}

/// Finds up to `opts.max_solutions` solutions with a loaded engine: solve, read the
/// model, add its blocking clause, solve again, until unsat, the limit or the deadline.
pub fn enumerate<E: Incremental + ?Sized>(
    puzzle: &Puzzle,
    encoded: &Encoded,
    engine: &mut E,
    opts: &SolveOptions,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Enumeration {
    let mut e = Enumeration::stopped_before_search();
    let mut model = vec![false; encoded.cnf.vars];
    e.end = loop {
        if opts.expired() {
            break End::Deadline;
        }
        let t = Instant::now();
        let answer = engine.solve();
        e.solve_ms += ms(t.elapsed());
        e.calls += 1;
        match answer {
            Answer::Sat => {}
            Answer::Unsat => break End::Complete,
            #[cfg(feature = "cadical")]
            Answer::Stopped if opts.expired() => break End::Deadline,
            #[cfg(feature = "cadical")]
            Answer::Stopped => break End::Failed,
            Answer::Failed => break End::Failed,
        }
        let t = Instant::now();
        engine.read_model(&mut model);
        let grid = encoded.decode(&model);
        let blocking = grid.as_ref().map(|g| encoded.blocking_clause(puzzle, g));
        e.decode_ms += ms(t.elapsed());
        let (Some(grid), Some(blocking)) = (grid, blocking) else {
            break End::Failed;
        };
        e.found += 1;
        on_solution(&grid);
        if e.solutions.len() < opts.keep_solutions {
            e.solutions.push(grid);
        }
        if e.found as usize >= opts.max_solutions {
            break End::Limit;
        }
        if blocking.is_empty() {
            // No open variable: the one assignment is the only solution.
            break End::Complete;
        }
        engine.add_clause(&blocking);
    };
    e
}
