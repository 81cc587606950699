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

/// Refutes a clause set with a fresh varisat that writes its DRAT proof (text) to
/// `proof` from the first clause on, as varisat's proof writer requires: `Ok(true)` when
/// refuted (the proof is complete), `Ok(false)` when the clauses have a model.
pub fn refute<'a>(
    clauses: impl Iterator<Item = &'a [i32]>,
    proof: impl std::io::Write + 'static,
) -> Result<bool, String> {
    let mut solver = varisat::Solver::new();
    solver.write_proof(proof, varisat::ProofFormat::Drat);
    let mut buffer = Vec::new();
    for c in clauses {
        add(&mut solver, &mut buffer, c);
    }
    finish_proof(solver)
}

/// Refutes the DIMACS text of `cnf` (read by varisat's own parser) as [`refute`] does.
pub fn refute_dimacs(
    cnf: impl std::io::Read,
    proof: impl std::io::Write + 'static,
) -> Result<bool, String> {
    let mut solver = varisat::Solver::new();
    solver.write_proof(proof, varisat::ProofFormat::Drat);
    solver
        .add_dimacs_cnf(cnf)
        .map_err(|e| format!("varisat cannot read the CNF: {e}"))?;
    finish_proof(solver)
}

/// Solves, then closes the proof: whether the clauses were refuted.
fn finish_proof(mut solver: varisat::Solver) -> Result<bool, String> {
    let satisfiable = solver
        .solve()
        .map_err(|e| format!("varisat failed while proving: {e}"))?;
    solver
        .close_proof()
        .map_err(|e| format!("varisat could not finish the proof: {e}"))?;
    Ok(!satisfiable)
}
