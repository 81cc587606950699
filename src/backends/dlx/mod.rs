//! The `dlx` backend: Sudoku as exact cover, solved by our own Dancing Links.
//!
//! One column per cell and one per (unit, value); one row per (cell, value) that the
//! givens leave possible. A Killer cage adds a column of its own and rows that fill it
//! at once, or, for a cage with too many of those, rows that choose its digit set
//! ([`cages`]). Givens are pre-selected rows; the search enumerates the rest.

pub mod cages;
pub mod export;
pub mod matrix;
#[cfg(test)]
mod tests;

use crate::backends::hint::{note_hint, solution_hint};
use crate::model::{Geometry, Puzzle};
use crate::solver::{ms, reported_at_end, Outcome, SolveOptions, Solver, Stats};
use cages::{Statement, PLACEMENT_CAP};
use matrix::{ExactCover, SearchEnd};
use std::time::Instant;

/// The exact-cover matrix of a puzzle, with what each row means.
struct SudokuCover {
    /// The matrix, givens not yet selected.
    pub matrix: ExactCover,
    /// The (cell, value) pairs the rows place, row after row.
    pub placed: Vec<(usize, u8)>,
    /// For each row, its pairs: `placed[start..end]` (none for a cage's digit set).
    pub spans: Vec<(u32, u32)>,
    /// The rows of the givens, to pre-select.
    pub given_rows: Vec<usize>,
    /// Each cage's first column (its own); a cage stated by digit sets has its `cage#v`
    /// columns right after it, `v` from 1 to N.
    pub cage_first: Vec<usize>,
    /// Whether each cage is stated by its digit sets (else by placements).
    pub by_sets: Vec<bool>,
    /// Rows stated for cages (placements and digit sets).
    pub cage_rows: usize,
}

/// The column of `value` in unit `unit`, after the N² cell columns.
pub fn unit_value_column(n: usize, unit: usize, value: u8) -> usize {
    n * n + unit * n + value as usize - 1
}

impl SudokuCover {
    /// Builds the matrix of `puzzle`: rows only for placements the givens leave possible
    /// (the others would be removed by the first cover of a given anyway), each column
    /// listing the row of `first` (a value per cell, such as a solution hint) before the
    /// others, which come in ascending order; then each cage's rows ([`cages::state`],
    /// placements up to `cap` rows).
    pub fn build(puzzle: &Puzzle, first: Option<&[u8]>, cap: usize) -> SudokuCover {
        let g = &puzzle.geometry;
        let n = g.n;
        let candidates = puzzle.candidates();
        let statements: Vec<Statement> = g
            .cages
            .iter()
            .map(|cage| cages::state(n, cage, &candidates, cap))
            .collect();
        let by_sets: Vec<bool> = statements
            .iter()
            .map(|s| matches!(s, Statement::Sets(_)))
            .collect();
        let mut cage_first = Vec::with_capacity(g.cages.len());
        let mut width = n * n + g.units.len() * n;
        for &sets in &by_sets {
            cage_first.push(width);
            width += 1 + if sets { n } else { 0 };
        }
        let mut cover = SudokuCover {
            matrix: ExactCover::new(width),
            placed: Vec::new(),
            spans: Vec::new(),
            given_rows: Vec::new(),
            cage_first,
            by_sets,
            cage_rows: 0,
        };
        // The cells a cage's placements fill have no rows of their own.
        let own_rows =
            |cell: usize| g.cage_of[cell].is_none_or(|k| cover_by_sets(&statements, k as usize));
        let mut columns = Vec::with_capacity(2 + g.units.len());
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
                .filter(move |&(cell, _)| own_rows(cell))
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
            cover.place_columns(g, cell, value, &mut columns);
            if let Some(k) = g.cage_of[cell] {
                columns.push(cover.cage_first[k as usize] + value as usize);
            }
            let row = cover.add_row(&columns, &[(cell, value)]);
            if puzzle.cells[cell] != 0 {
                cover.given_rows.push(row);
            }
        }
        for (k, statement) in statements.iter().enumerate() {
            let own = cover.cage_first[k];
            let cells = &g.cages[k].cells;
            match statement {
                Statement::Placements(list) => {
                    let mut pairs = Vec::with_capacity(cells.len());
                    for values in list {
                        columns.clear();
                        pairs.clear();
                        for (&cell, &value) in cells.iter().zip(values) {
                            columns.push(cell);
                            cover.place_columns(g, cell, value, &mut columns);
                            pairs.push((cell, value));
                        }
                        columns.push(own);
                        cover.add_row(&columns, &pairs);
                    }
                    cover.cage_rows += list.len();
                }
                Statement::Sets(sets) => {
                    for set in sets {
                        columns.clear();
                        columns.push(own);
                        columns.extend(
                            (1..=n as u8)
                                .filter(|&v| !set.contains(v))
                                .map(|v| own + v as usize),
                        );
                        cover.add_row(&columns, &[]);
                    }
                    cover.cage_rows += sets.len();
                }
            }
        }
        cover
    }

    /// Adds to `columns` the unit-value columns that placing `value` in `cell` covers.
    fn place_columns(&self, g: &Geometry, cell: usize, value: u8, columns: &mut Vec<usize>) {
        columns.extend(
            g.cell_units[cell]
                .iter()
                .map(|&u| unit_value_column(g.n, u, value)),
        );
    }

    /// Adds a row covering `columns` and placing `pairs`; returns its index.
    fn add_row(&mut self, columns: &[usize], pairs: &[(usize, u8)]) -> usize {
        let start = self.placed.len() as u32;
        self.placed.extend_from_slice(pairs);
        self.spans.push((start, self.placed.len() as u32));
        self.matrix.add_row(columns)
    }

    /// The name of column `column`: `r3c5` for a cell, `b2#7` for value 7 in box 2,
    /// `cage_r1c1` for the cage whose first cell is r1c1 and `cage_r1c1#7` for value 7
    /// of a cage stated by its digit sets.
    pub fn column_name(&self, g: &Geometry, column: usize) -> String {
        let n = g.n;
        if column < n * n {
            return g.cell_name(column);
        }
        let k = column - n * n;
        if k < g.units.len() * n {
            return format!("{}#{}", g.units[k / n].tag(), k % n + 1);
        }
        let cage = self.cage_first.partition_point(|&f| f <= column) - 1;
        let name = format!("cage_{}", g.cell_name(g.cages[cage].cells[0]));
        match column - self.cage_first[cage] {
            0 => name,
            v => format!("{name}#{v}"),
        }
    }
}

/// Whether cage `k` of `statements` is stated by its digit sets.
fn cover_by_sets(statements: &[Statement], k: usize) -> bool {
    matches!(statements[k], Statement::Sets(_))
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
        let mut cover = SudokuCover::build(puzzle, hint.as_deref(), PLACEMENT_CAP);
        let mut stats = Stats {
            variables: cover.matrix.rows() as u64,
            constraints: cover.matrix.columns() as u64,
            nonzeros: cover.matrix.nonzeros() as u64,
            ..Stats::default()
        };
        stats
            .extra
            .insert("rows_full".into(), (puzzle.n() as f64).powi(3));
        if puzzle.geometry.has_cages() {
            stats
                .extra
                .insert("cage_rows".into(), cover.cage_rows as f64);
            let by_sets = cover.by_sets.iter().filter(|&&s| s).count();
            stats.extra.insert("cages_by_sets".into(), by_sets as f64);
        }
        note_hint(&mut stats, hint.as_deref());
        let consistent = cover.given_rows.iter().all(|&r| cover.matrix.select_row(r));
        stats.encode_ms = ms(start.elapsed());

        let search_start = Instant::now();
        let mut solutions = Vec::new();
        let mut found = 0u64;
        let end = if consistent {
            let SudokuCover {
                matrix,
                placed,
                spans,
                ..
            } = &mut cover;
            let keep = opts.keep_solutions;
            matrix.search(opts.max_solutions as u64, opts.deadline, |rows| {
                found += 1;
                if solutions.len() < keep {
                    let mut grid = puzzle.cells.clone();
                    for &r in rows {
                        let (start, end) = spans[r];
                        for &(cell, value) in &placed[start as usize..end as usize] {
                            grid[cell] = value;
                        }
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

    /// Cages are stated in the matrix ([`cages`]), whatever their size.
    /// Takes every board but one with a cage of more digit sets than it lists.
    fn refuses(&self, geometry: &Geometry) -> Option<String> {
        crate::model::cage::unlisted_cage(geometry)
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
