//! varisat (pure-Rust CDCL) as an engine of the `sat` backend. It cannot be
//! interrupted: the registry runs its configurations in a worker process when a deadline
//! must be held.

use super::encode::Cnf;
use super::search::{Answer, Incremental};
use varisat::{ExtendFormula, Lit};

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
    ExtendFormula::add_clause(solver, buffer);
}

impl Incremental for varisat::Solver<'_> {
    fn solve(&mut self) -> Answer {
        match varisat::Solver::solve(self) {
            Ok(true) => Answer::Sat,
            Ok(false) => Answer::Unsat,
            Err(_) => Answer::Failed,
        }
    }

    fn read_model(&self, model: &mut [bool]) {
        model.fill(false);
        for lit in self.model().unwrap_or_default() {
            if let Some(m) = model.get_mut(lit.index()) {
                *m = lit.is_positive();
            }
        }
    }

    fn add_clause(&mut self, clause: &[i32]) {
        add(self, &mut Vec::with_capacity(clause.len()), clause);
    }
}
