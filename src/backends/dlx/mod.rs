//! The `dlx` backend: Sudoku as exact cover, solved by our own Dancing Links.
//!
//! One column per cell and one per (unit, value); one row per (cell, value) that the
//! givens leave possible. Givens are pre-selected rows; the search enumerates the rest.

pub mod export;
pub mod matrix;
#[cfg(test)]
mod tests;

use crate::backends::hint::{note_hint, solution_hint};
use crate::model::Puzzle;
use crate::solver::{ms, reported_at_end, Outcome, SolveOptions, Solver, Stats};
use matrix::{ExactCover, SearchEnd};
use std::time::Instant;

/// The exact-cover matrix of a puzzle, with what each row means.
struct SudokuCover {
    /// The matrix, givens not yet selected.
    pub matrix: ExactCover,
    /// For each row, the (cell, value) it places.
    pub placements: Vec<(usize, u8)>,
    /// The rows of the givens, to pre-select.
    pub given_rows: Vec<usize>,
}

/// The column of `value` in unit `unit`, after the N² cell columns.
pub fn unit_value_column(n: usize, unit: usize, value: u8) -> usize {
    n * n + unit * n + value as usize - 1
}

impl SudokuCover {
    /// Builds the matrix of `puzzle`: rows only for placements the givens leave possible
    /// (the others would be removed by the first cover of a given anyway), each column
    /// listing the row of `first` (a value per cell, such as a solution hint) before the
    /// others, which come in ascending order.
    pub fn build(puzzle: &Puzzle, first: Option<&[u8]>) -> SudokuCover {
        let g = &puzzle.geometry;
        let n = g.n;
        let mut matrix = ExactCover::new(n * n + g.units.len() * n);
        let candidates = puzzle.candidates();
        let mut placements = Vec::new();
        let mut given_rows = Vec::new();
        let mut columns = Vec::with_capacity(1 + g.units.len());
        // With `first` a solution that fits the givens (`hint::solution_hint`), every
        // column lists its row of that solution first, so the search tries it first
        // whatever column it picks, and a nearly empty grid is filled without a
        // backtrack. A proof of uniqueness (the whole tree) visits the same rows in any
        // order.
        let first = |cell: usize| first.map_or(0, |p| p[cell]);
        let rows = (0..2).flat_map(|pass| {
            candidates
                .iter()
                .enumerate()
                .flat_map(move |(cell, cands)| {
                    let first = first(cell);
                    cands
                        .iter()
                        .filter(move |&v| (v == first) == (pass == 0))
                        .map(move |v| (cell, v))
                })
        });
        for (cell, value) in rows {
            columns.clear();
            columns.push(cell);
            columns.extend(
                g.cell_units[cell]
                    .iter()
                    .map(|&u| unit_value_column(n, u, value)),
            );
            let row = matrix.add_row(&columns);
            placements.push((cell, value));
            if puzzle.cells[cell] != 0 {
                given_rows.push(row);
            }
        }
        SudokuCover {
            matrix,
            placements,
            given_rows,
        }
    }
}

/// The Dancing Links solver.
#[derive(Default)]
pub struct DlxSolver;

impl DlxSolver {
    /// Runs the whole search, reporting the solutions at the end.
    fn search(&mut self, puzzle: &Puzzle, opts: &SolveOptions) -> Outcome {
        let start = Instant::now();
        let hint = solution_hint(puzzle, opts.deadline);
        if opts.expired() {
            // The fitting used the budget up: building a large matrix would only add to
            // the overrun.
            let stats = Stats {
                encode_ms: ms(start.elapsed()),
                ..Stats::default()
            };
            return Outcome::from_search(Vec::new(), 0, false, true, stats);
        }
        let mut cover = SudokuCover::build(puzzle, hint.as_deref());
        let mut stats = Stats {
            variables: cover.matrix.rows() as u64,
            constraints: cover.matrix.columns() as u64,
            nonzeros: cover.matrix.nonzeros() as u64,
            ..Stats::default()
        };
        stats
            .extra
            .insert("rows_full".into(), (puzzle.n() as f64).powi(3));
        note_hint(&mut stats, hint.as_deref());
        let consistent = cover.given_rows.iter().all(|&r| cover.matrix.select_row(r));
        stats.encode_ms = ms(start.elapsed());

        let search_start = Instant::now();
        let mut solutions = Vec::new();
        let mut found = 0u64;
        let end = if consistent {
            let placements = &cover.placements;
            let keep = opts.keep_solutions;
            cover
                .matrix
                .search(opts.max_solutions as u64, opts.deadline, |rows| {
                    found += 1;
                    if solutions.len() < keep {
                        let mut grid = puzzle.cells.clone();
                        for &r in rows {
                            let (cell, value) = placements[r];
                            grid[cell] = value;
                        }
                        solutions.push(grid);
                    }
                })
        } else {
            SearchEnd::Complete
        };
        stats.solve_ms = ms(search_start.elapsed());
        let counters = cover.matrix.counters;
        stats.nodes = counters.nodes;
        stats.backtracks = counters.backtracks;
        stats.propagations = counters.updates;
        Outcome::from_search(
            solutions,
            found,
            end == SearchEnd::Complete,
            end == SearchEnd::DeadlineReached,
            stats,
        )
    }
}

impl Solver for DlxSolver {
    fn name(&self) -> String {
        "dlx".to_string()
    }

    fn effort_name(&self) -> &'static str {
        "rows tried"
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
