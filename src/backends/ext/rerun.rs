//! Uniqueness and counting for external solvers that find one solution per run: run
//! again with every grid found so far excluded (blocking clauses for SAT solvers,
//! no-good rows for MIP solvers) until the solver proves nothing else is left, the
//! deadline kills it, or enough solutions are found. One loop for every such tool.

use super::{ExternalRun, RunTimes};
use crate::model::puzzle::Grid;
use crate::model::Puzzle;
use crate::solver::SolveOptions;

/// How one run of the external solver ended.
pub enum RunEnd {
    /// A solution other than the excluded ones.
    Found(Grid),
    /// Proven: no solution besides the excluded ones.
    Exhausted,
    /// The deadline killed the solver.
    Killed,
}

/// One run: how it ended and what it cost.
pub struct Run {
    /// How it ended.
    pub end: RunEnd,
    /// The solver process's times (zero when none was started).
    pub times: RunTimes,
    /// Time reading its answer back, ms.
    pub decode_ms: f64,
}

/// Calls `run` with the grids found so far until it says `Exhausted` (search
/// complete), `Killed`, or `opts.max_solutions` are found; the runs' times add up. A puzzle without blanks has
/// no other completion, so its first solution completes the search. The number of
/// runs is reported as `solver_calls`.
pub fn find_by_exclusion(
    puzzle: &Puzzle,
    opts: &SolveOptions,
    program: &str,
    mut run: impl FnMut(&[Grid]) -> Result<Run, String>,
) -> Result<ExternalRun, String> {
    let mut result = ExternalRun::default();
    let has_blanks = puzzle.cells.contains(&0);
    let mut runs = 0u64;
    loop {
        let r = run(&result.solutions)?;
        runs += 1;
        result.times.add(r.times);
        result.decode_ms += r.decode_ms;
        match r.end {
            RunEnd::Killed => {
                result.killed = true;
                break;
            }
            RunEnd::Exhausted => {
                result.complete = true;
                break;
            }
            RunEnd::Found(grid) => {
                if result.solutions.contains(&grid) {
                    return Err(format!("{program} repeated an excluded solution"));
                }
                result.solutions.push(grid);
                if result.solutions.len() >= opts.max_solutions {
                    break;
                }
                if !has_blanks {
                    result.complete = true;
                    break;
                }
            }
        }
    }
    result.stats.push(("solver_calls".into(), runs as f64));
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Geometry, Variant};
    use std::sync::Arc;

    fn puzzle(cells: Vec<u8>) -> Puzzle {
        Puzzle::new(
            Arc::new(Geometry::new(2, 2, Variant::Classic).unwrap()),
            cells,
        )
    }

    /// A fake solver that hands out `grids` one per run, then says `Exhausted`.
    fn fake(grids: Vec<Grid>) -> impl FnMut(&[Grid]) -> Result<Run, String> {
        move |found: &[Grid]| {
            let end = match grids.get(found.len()) {
                Some(g) => RunEnd::Found(g.clone()),
                None => RunEnd::Exhausted,
            };
            Ok(Run {
                end,
                times: RunTimes {
                    own_ms: 1.0,
                    ..RunTimes::default()
                },
                decode_ms: 0.0,
            })
        }
    }

    #[test]
    fn stops_at_the_limit_or_when_exhausted() {
        let p = puzzle(vec![0; 16]);
        let (a, b) = (vec![1; 16], vec![2; 16]);
        let two = find_by_exclusion(
            &p,
            &SolveOptions::new(2, None),
            "fake",
            fake(vec![a.clone(), b]),
        )
        .unwrap();
        assert_eq!(
            (two.solutions.len(), two.complete, two.times.own_ms),
            (2, false, 2.0)
        );
        let one = find_by_exclusion(
            &p,
            &SolveOptions::new(2, None),
            "fake",
            fake(vec![a.clone()]),
        )
        .unwrap();
        assert_eq!((one.solutions.len(), one.complete), (1, true));
        assert_eq!(one.stats, vec![("solver_calls".to_string(), 2.0)]);
        let again = find_by_exclusion(
            &p,
            &SolveOptions::new(2, None),
            "fake",
            fake(vec![a.clone(), a]),
        );
        assert!(again.unwrap_err().contains("repeated"));
    }

    #[test]
    fn a_full_grid_is_complete_after_its_first_solution() {
        let p = puzzle(vec![1; 16]);
        let out = find_by_exclusion(
            &p,
            &SolveOptions::new(2, None),
            "fake",
            fake(vec![vec![1; 16]]),
        )
        .unwrap();
        assert_eq!((out.solutions.len(), out.complete), (1, true));
    }
}
