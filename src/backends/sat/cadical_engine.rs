//! CaDiCaL (the `cadical` crate, which builds the solver's bundled C++ with cargo) as an
//! engine of the `sat` backend, in this process. CaDiCaL asks its terminate callback
//! every few steps of its search and of its inprocessing whether to stop; the callback
//! here answers yes once the deadline has passed, so these configurations hold a
//! deadline without a worker process. The learn callback counts the learnt clauses,
//! the one measure of the search the crate lets out.

use super::encode::Cnf;
use super::search::{Answer, Incremental};
use std::time::Instant;

/// What CaDiCaL calls back during a solve: the deadline check and the learnt-clause count.
struct Watch {
    /// Stop once this instant has passed.
    deadline: Option<Instant>,
    /// Clauses learnt so far, over every solve of this solver.
    learnt: u64,
}

impl cadical::Callbacks for Watch {
    fn terminate(&mut self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Every learnt clause, whatever its length, is passed to `learn`.
    fn max_length(&self) -> i32 {
        i32::MAX
    }

    fn learn(&mut self, _clause: &[i32]) {
        self.learnt += 1;
    }
}

/// How many clauses are loaded between two looks at the clock.
const CHECK_EVERY: usize = 1024;

/// A CaDiCaL solver loaded with a clause set, which stops at a deadline.
pub struct Cadical {
    solver: cadical::Solver<Watch>,
}

impl Cadical {
    /// Loads `cnf` into a new solver that stops once `deadline` has passed; `None` when
    /// the deadline passes during the load (millions of clauses take seconds), checked
    /// every [`CHECK_EVERY`] clauses.
    pub fn load(cnf: &Cnf, deadline: Option<Instant>) -> Option<Cadical> {
        let expired = || deadline.is_some_and(|d| Instant::now() >= d);
        let mut solver = cadical::Solver::new();
        // Every variable of the encoding has a value in a model, even one in no clause.
        solver.reserve(i32::try_from(cnf.vars).unwrap_or(i32::MAX));
        for (i, clause) in cnf.iter().enumerate() {
            if i % CHECK_EVERY == 0 && expired() {
                return None;
            }
            solver.add_clause(clause.iter().copied());
        }
        solver.set_callbacks(Some(Watch {
            deadline,
            learnt: 0,
        }));
        Some(Cadical { solver })
    }

    /// Clauses learnt over every solve so far: one per conflict whose analysis learnt
    /// a clause (a lower bound on CaDiCaL's conflicts, which the crate does not report).
    pub fn learnt(&mut self) -> u64 {
        self.solver.get_callbacks().map_or(0, |w| w.learnt)
    }
}

impl Incremental for Cadical {
    fn solve(&mut self) -> Answer {
        match self.solver.solve() {
            Some(true) => Answer::Sat,
            Some(false) => Answer::Unsat,
            None => Answer::Stopped,
        }
    }

    fn read_model(&self, model: &mut [bool]) {
        for (var, m) in (1..).zip(model.iter_mut()) {
            *m = self.solver.value(var) == Some(true);
        }
    }

    fn add_clause(&mut self, clause: &[i32]) {
        self.solver.add_clause(clause.iter().copied());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// The pigeonhole principle for `holes + 1` pigeons: unsatisfiable, and every
    /// resolution refutation of it (what CaDiCaL's search builds) has a size exponential
    /// in `holes` (Haken, 1985).
    fn pigeonhole(holes: i32) -> Cnf {
        let var = |pigeon: i32, hole: i32| pigeon * holes + hole + 1;
        let mut cnf = Cnf {
            vars: ((holes + 1) * holes) as usize,
            lits: Vec::new(),
            ends: Vec::new(),
        };
        for p in 0..=holes {
            cnf.push(&(0..holes).map(|h| var(p, h)).collect::<Vec<_>>());
        }
        for h in 0..holes {
            for p in 0..=holes {
                for q in p + 1..=holes {
                    cnf.push(&[-var(p, h), -var(q, h)]);
                }
            }
        }
        cnf
    }

    #[test]
    fn the_terminate_callback_stops_a_solve_no_machine_finishes() {
        let small = pigeonhole(4);
        assert_eq!(Cadical::load(&small, None).unwrap().solve(), Answer::Unsat);
        // 41 pigeons in 40 holes: 1,640 variables and 32,841 clauses, loaded in
        // milliseconds; no resolution proof of it fits in any machine.
        let budget = Duration::from_millis(300);
        let start = Instant::now();
        let mut solver = Cadical::load(&pigeonhole(40), Some(start + budget)).unwrap();
        let answer = solver.solve();
        let took = start.elapsed();
        assert_eq!(answer, Answer::Stopped);
        assert!(took >= budget, "stopped after {took:?}");
        // Liveness, not speed: the callback is asked every few steps.
        assert!(
            took < budget + Duration::from_secs(10),
            "answered after {took:?}"
        );
        assert!(solver.learnt() > 0);
    }
}
