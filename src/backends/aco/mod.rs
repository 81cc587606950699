//! The `aco` backend: the Ant Colony System with Best Value Evaporation of Lloyd and
//! Amos, "Solving Sudoku with Ant Colony Optimisation" (model, parameters and
//! measurements in `docs/aco.md`).
//!
//! It is stochastic and incomplete: it answers `solved` when an ant fills the grid (the
//! answer is checked by the validator before it is returned) and `unknown` otherwise,
//! when the deadline passes or the iteration cap is reached (`iters=K`; by default ten
//! million cells visited per ant, 123,456 iterations on 9x9: what stops a solve with no
//! deadline). It never claims `unique`, `multiple` or `none`;
//! even a contradiction in the givens found by propagation is answered `unknown`, so that
//! the backend's answers mean one thing: a solution, or nothing known. The same seed
//! gives the same run on every machine.

pub mod board;
pub mod colony;
pub mod config;
pub mod rng;

pub use config::Config;

use crate::model::{validate, Puzzle};
use crate::solver::{ms, reported_at_end, Failure, Outcome, SolveOptions, Solver, Stats};
use board::Board;
use std::time::Instant;

/// The ant-colony solver of one configuration.
pub struct AcoSolver {
    config: Config,
}

impl AcoSolver {
    /// A solver with the parameters `config`.
    pub fn new(config: Config) -> AcoSolver {
        AcoSolver { config }
    }
}

/// The givens of `puzzle` fixed and propagated, or `None` if propagation empties a cell
/// or refuses a given (the puzzle has no solution, which this backend does not claim).
fn propagated(puzzle: &Puzzle) -> Option<Board> {
    let g = &puzzle.geometry;
    let mut b = Board::new(g);
    for (cell, &v) in puzzle.cells.iter().enumerate() {
        if v != 0 && b.value[cell] != v && !b.fix(g, cell, v) {
            return None;
        }
    }
    (0..b.value.len()).all(|c| !b.is_empty(c)).then_some(b)
}

impl AcoSolver {
    /// Runs the whole search, reporting the solutions at the end.
    fn search(&mut self, puzzle: &Puzzle, opts: &SolveOptions) -> Outcome {
        let began = Instant::now();
        let g = &puzzle.geometry;
        let cells = g.cells();
        let mut stats = Stats {
            variables: (cells * g.n) as u64,
            constraints: g.units.len() as u64,
            ..Stats::default()
        };
        let Some(start) = propagated(puzzle) else {
            stats.extra.insert("contradiction".into(), 1.0);
            stats.solve_ms = ms(began.elapsed());
            return Outcome::from_search(Vec::new(), 0, false, false, stats);
        };
        stats.encode_ms = ms(began.elapsed());
        stats.extra.insert(
            "open_after_propagation".into(),
            (cells - start.fixed) as f64,
        );
        let searched = Instant::now();
        let run = if start.fixed == cells {
            colony::Run {
                solution: Some(start.value.clone()),
                best_score: cells,
                ..colony::Run::default()
            }
        } else {
            colony::run(g, &start, &self.config, opts.deadline)
        };
        stats.solve_ms = ms(searched.elapsed());
        stats.nodes = run.choices;
        stats.backtracks = run.failed_cells;
        stats.propagations = start.eliminations + run.eliminations;
        let capped = !run.timed_out
            && run.solution.is_none()
            && run.iterations >= self.config.iteration_cap(cells);
        stats.extra.extend([
            ("iterations".to_string(), run.iterations as f64),
            ("best_cells_fixed".to_string(), run.best_score as f64),
            (
                "iteration_cap_reached".to_string(),
                f64::from(u8::from(capped)),
            ),
        ]);
        match run.solution {
            Some(grid) => match validate(puzzle, &grid) {
                Ok(()) => Outcome::from_search(vec![grid], 1, false, run.timed_out, stats),
                Err(e) => Outcome {
                    stats,
                    ..Outcome::failed(
                        Failure::Engine(format!("the colony's grid fails the validator: {e}")),
                        Vec::new(),
                        0,
                    )
                },
            },
            None => Outcome::from_search(Vec::new(), 0, false, run.timed_out, stats),
        }
    }
}

impl Solver for AcoSolver {
    fn name(&self) -> String {
        self.config.name()
    }

    fn effort_name(&self) -> &'static str {
        "ant choices"
    }

    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        reported_at_end(self.search(puzzle, opts), on_solution)
    }
}
