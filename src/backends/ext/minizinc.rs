//! `ext:gecode`: the MiniZinc model `encodings/sudoku.mzn` (one `alldifferent` per unit,
//! one `alldifferent` and one sum per Killer cage) with a data file written from the
//! puzzle, solved by Gecode through MiniZinc.

use super::{own_time, parse_solution_line, whole_lines, ExternalRun, RunTimes};
use crate::model::Puzzle;
use crate::process::{run, Scratch};
use crate::solver::SolveOptions;

/// The model, the same file users read under `encodings/`.
pub const MODEL: &str = include_str!("../../../encodings/sudoku.mzn");

/// The data file of a puzzle for [`MODEL`]: side, units (cells from 1), givens, and
/// the cages: the cage of each cell (from 1, 0 for none) and their totals.
pub fn dzn(puzzle: &Puzzle) -> String {
    let g = &puzzle.geometry;
    let units: Vec<String> = g
        .units
        .iter()
        .flat_map(|u| u.cells.iter().map(|c| (c + 1).to_string()))
        .collect();
    let given: Vec<String> = puzzle.cells.iter().map(|v| v.to_string()).collect();
    let cage: Vec<String> = g
        .cage_of
        .iter()
        .map(|k| k.map_or(0, |k| k + 1).to_string())
        .collect();
    let total: Vec<String> = g.cages.iter().map(|c| c.sum.to_string()).collect();
    format!(
        "% sudoku-arena data for encodings/sudoku.mzn: {} from {}\nn = {};\nnunits = {};\nunit = array2d(1..{}, 1..{}, [{}]);\ngiven = [{}];\nncages = {};\ncage = [{}];\ntotal = [{}];\n",
        g.describe(),
        puzzle.display_name(),
        g.n,
        g.units.len(),
        g.units.len(),
        g.n,
        units.join(", "),
        given.join(", "),
        g.cages.len(),
        cage.join(", "),
        total.join(", ")
    )
}

/// Solves with Gecode through MiniZinc, asking for up to `max_solutions`.
pub fn solve(
    puzzle: &Puzzle,
    opts: &SolveOptions,
    scratch: &Scratch,
) -> Result<ExternalRun, String> {
    let model = scratch.write("sudoku.mzn", MODEL)?;
    let data = scratch.write("puzzle.dzn", &dzn(puzzle))?;
    let n = opts.max_solutions.min(1_000_000).to_string();
    let (model, data) = (
        model.to_string_lossy().to_string(),
        data.to_string_lossy().to_string(),
    );
    let out = run(
        "minizinc",
        &[
            "--solver",
            "gecode",
            "-n",
            &n,
            "--statistics",
            &model,
            &data,
        ],
        scratch,
        opts.deadline,
        opts.mem_limit,
    )?;
    let mut runs = ExternalRun::started(&out, RunTimes::default());
    for line in whole_lines(&out.stdout, out.killed) {
        if let Some(sol) = line.strip_prefix("sol ") {
            runs.solutions.push(parse_solution_line(sol, puzzle)?);
        } else if line.starts_with("==========") || line.contains("=====UNSATISFIABLE=====") {
            runs.complete = true;
        } else if let Some(stat) = line.strip_prefix("%%%mzn-stat: ") {
            if let Some((k, v)) = stat.split_once('=') {
                if let Ok(v) = v.trim().parse::<f64>() {
                    runs.stats.push((k.trim().to_string(), v));
                }
            }
        }
    }
    if !out.killed && out.code != Some(0) {
        return Err(format!(
            "minizinc failed (exit {:?}): {}",
            out.code,
            out.stderr.lines().take(3).collect::<Vec<_>>().join(" / ")
        ));
    }
    let own = own_time::gecode(&runs.stats).map(|t| (t, None));
    runs.times = RunTimes::of(
        &out,
        own,
        "initTime and solveTime",
        own_time::ZeroReport::BelowResolution,
    )?;
    Ok(runs)
}
