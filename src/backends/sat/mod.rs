//! The `sat` backend: Sudoku as CNF (one Boolean per cell and value), solved by the
//! `varisat` CDCL solver.
//!
//! Four encodings ([`encode::Encoding`]): Lynce and Ouaknine's minimal (`naive`, the
//! default), efficient and extended encodings, and the extended one reduced by the
//! givens. After each model a blocking clause (the negation of the found assignment on
//! the blank cells) is added and the solver runs again: unsat proves that every
//! solution was found. varisat cannot be interrupted, so the registry marks `sat`
//! isolated: a solve with a deadline runs in a worker process killed at the deadline.
//! Encodings, counts and measurements: `encodings/sat.md`.

pub mod dimacs;
pub mod encode;

use crate::model::Puzzle;
use crate::solver::{ms, Failure, Outcome, SolveOptions, Solver, Stats};
use encode::{empty_grid_clauses, Cnf, Encoded, Encoding};
use std::time::Instant;
use varisat::{ExtendFormula, Lit};

/// The SAT solver backend. It stops only between varisat calls: the registry runs it in
/// a worker process when a deadline must be held.
pub struct SatSolver {
    encoding: Encoding,
}

impl SatSolver {
    /// A solver for an encoding.
    pub fn new(encoding: Encoding) -> SatSolver {
        SatSolver { encoding }
    }

    /// The encoding.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }
}

impl Solver for SatSolver {
    fn name(&self) -> String {
        format!("sat:{}", self.encoding.name())
    }

    fn effort_name(&self) -> &'static str {
        "solver calls"
    }

    /// Encodes, then runs varisat with a blocking clause after each model until unsat
    /// or enough solutions; `on_solution` sees each solution as soon as it is found.
    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        let start = Instant::now();
        let encoded = Encoded::build(puzzle, self.encoding);
        let mut stats = Stats::default();
        record_size(&mut stats, puzzle, &encoded);
        let build_ms = ms(start.elapsed());
        let mut solver = load(&encoded.cnf);
        stats.encode_ms = ms(start.elapsed());
        stats
            .extra
            .insert("load_ms".into(), stats.encode_ms - build_ms);

        let e = enumerate(puzzle, &encoded, &mut solver, opts, on_solution);
        stats.solve_ms = e.solve_ms;
        stats.decode_ms = e.decode_ms;
        stats.nodes = e.calls;
        stats.extra.insert("solver_calls".into(), e.calls as f64);
        let failure = (e.end == End::Failed)
            .then(|| Failure::Engine("varisat failed or gave a model that is not a grid".into()));
        Outcome {
            failure,
            ..Outcome::from_search(
                e.solutions,
                e.found,
                e.end == End::Complete,
                e.end == End::Deadline,
                stats,
            )
        }
    }
}

/// Puts the size of an encoding in the statistics: variables, clauses and literals, and
/// for comparison the full encoding's figures (N³ variables, clauses with the givens as
/// unit clauses).
pub fn record_size(stats: &mut Stats, puzzle: &Puzzle, encoded: &Encoded) {
    stats.variables = encoded.cnf.vars as u64;
    stats.constraints = encoded.cnf.clauses() as u64;
    stats.nonzeros = encoded.cnf.lits.len() as u64;
    let full = match encoded.encoding {
        Encoding::Reduced => Encoding::Extended,
        e => e,
    };
    let n = puzzle.n() as f64;
    let clauses_full = empty_grid_clauses(puzzle, full) + puzzle.given_count() as u64;
    stats.extra.insert("variables_full".into(), n * n * n);
    stats
        .extra
        .insert("clauses_full".into(), clauses_full as f64);
}

/// How the search loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Unsat with the blocking clauses: every solution was found.
    Complete,
    /// Enough solutions found.
    Limit,
    /// The deadline passed (checked between solver calls).
    Deadline,
    /// varisat failed or gave a model that is not a grid.
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
    /// Calls to varisat's `solve`.
    pub calls: u64,
    /// Time inside varisat's `solve`, ms.
    pub solve_ms: f64,
    /// Time reading models back and making blocking clauses, ms.
    pub decode_ms: f64,
}

/// A varisat solver loaded with a clause set.
pub fn load(cnf: &Cnf) -> varisat::Solver<'static> {
    let mut solver = varisat::Solver::new();
    let mut clause: Vec<Lit> = Vec::new();
    for c in cnf.iter() {
        add(&mut solver, &mut clause, c);
    }
    solver
}

/// Adds one DIMACS clause to `solver`, through a reused buffer.
fn add(solver: &mut varisat::Solver, buffer: &mut Vec<Lit>, clause: &[i32]) {
    buffer.clear();
    buffer.extend(clause.iter().map(|&l| Lit::from_dimacs(l as isize)));
    solver.add_clause(buffer);
}

/// Finds up to `opts.max_solutions` solutions with a loaded solver: solve, read the
/// model, add its blocking clause, solve again, until unsat, the limit or the deadline.
pub fn enumerate(
    puzzle: &Puzzle,
    encoded: &Encoded,
    solver: &mut varisat::Solver,
    opts: &SolveOptions,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Enumeration {
    let mut e = Enumeration {
        end: End::Failed,
        solutions: Vec::new(),
        found: 0,
        calls: 0,
        solve_ms: 0.0,
        decode_ms: 0.0,
    };
    let mut buffer = Vec::new();
    let mut model = vec![false; encoded.cnf.vars];
    e.end = loop {
        if opts.expired() {
            break End::Deadline;
        }
        let t = Instant::now();
        let result = solver.solve();
        e.solve_ms += ms(t.elapsed());
        e.calls += 1;
        match result {
            Ok(true) => {}
            Ok(false) => break End::Complete,
            Err(_) => break End::Failed,
        }
        let t = Instant::now();
        model.fill(false);
        for lit in solver.model().unwrap_or_default() {
            if let Some(m) = model.get_mut(lit.index()) {
                *m = lit.is_positive();
            }
        }
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
        add(solver, &mut buffer, &blocking);
    };
    e
}
