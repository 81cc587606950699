//! The exports read by programs outside the library, solved by those programs from the
//! command line with nothing of ours in between: every `sat-*` DIMACS export by MiniSat
//! and CaDiCaL, the `ip` export as LP by CBC and as free MPS by GLPK. Each answer is read
//! back by what the export says of itself (the DIMACS header's numbering or variable
//! map, the LP and MPS variables' names), not by the library's own decoding, which is
//! tested beside the engines (`src/backends/sat/tests.rs`, `src/backends/ip/export.rs`).

use crate::common::external::external_available;
use crate::common::files::write;
use crate::common::*;
use crate::one_at_a_time;
use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use sudoku_arena::backends::{create, encoding, ENCODINGS};
use sudoku_arena::model::{validate, Puzzle, Variant};
use sudoku_arena::solver::{verify, Outcome, SolveOptions, Verdict};

/// The cell `rRcC` names (row and column from 1) in a grid of side `n`.
fn cell_named(name: &str, n: usize) -> Option<usize> {
    let (r, c) = name.strip_prefix('r')?.split_once('c')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    ((1..=n).contains(&r) && (1..=n).contains(&c)).then(|| (r - 1) * n + c - 1)
}

/// `p`'s grid with the (cell, value) pairs of an answer put in: every blank cell must get
/// exactly one value, and a given none but its own.
fn grid_with(p: &Puzzle, values: impl IntoIterator<Item = (usize, u8)>) -> Result<Vec<u8>, String> {
    let mut grid = p.cells.clone();
    for (cell, value) in values {
        if p.cells[cell] == value {
            continue;
        }
        if grid[cell] != 0 {
            return Err(format!("cell {cell} gets both {} and {value}", grid[cell]));
        }
        grid[cell] = value;
    }
    match grid.iter().position(|&v| v == 0) {
        Some(cell) => Err(format!("cell {cell} gets no value")),
        None => Ok(grid),
    }
}

/// Solves `p` with the configuration `spec`, the answer checked by the validator.
fn solved(spec: &str, p: &Puzzle, max: usize) -> Outcome {
    let out = create(spec)
        .unwrap()
        .solve(p, &SolveOptions::new(max, None));
    verify(p, &out).unwrap_or_else(|e| panic!("{spec} on {}: {e}", p.display_name()));
    out
}

/// The variables a SAT solver's output sets true: the literals on its `v` lines (SAT
/// competition format, as CaDiCaL prints) or, when it has none, on every line after the
/// first (MiniSat's result file: `SAT`, then the literals).
fn true_variables(text: &str) -> Vec<usize> {
    let v_lines: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("v ")).collect();
    let lines = if v_lines.is_empty() {
        text.lines().skip(1).collect()
    } else {
        v_lines
    };
    lines
        .iter()
        .flat_map(|l| l.split_whitespace())
        .map(|t| t.parse::<i64>().unwrap_or_else(|_| panic!("literal {t}")))
        .filter(|&lit| lit > 0)
        .map(|lit| lit as usize)
        .collect()
}

/// The (cell, value) each variable of a `sat-*` export stands for, as its header says:
/// the reduced encoding maps each variable (`c var K = rRcC#V`), the others number them
/// var(cell, value) = cell*N + value.
fn variables_of(p: &Puzzle, export: &str) -> HashMap<usize, (usize, u8)> {
    let n = p.n();
    let map: HashMap<usize, (usize, u8)> = export
        .lines()
        .filter_map(|l| l.strip_prefix("c var "))
        .map(|l| {
            let (var, cell_value) = l.split_once(" = ").unwrap();
            let (cell, value) = cell_value.split_once('#').unwrap();
            let cell = cell_named(cell, n).unwrap();
            (var.parse().unwrap(), (cell, value.parse().unwrap()))
        })
        .collect();
    if !map.is_empty() {
        return map;
    }
    let rule = format!("c variables: var(cell, value) = cell*{n} + value,");
    assert!(
        export.lines().any(|l| l.starts_with(&rule)),
        "{export:.400}"
    );
    (0..n * n)
        .flat_map(|cell| (1..=n as u8).map(move |v| (cell * n + v as usize, (cell, v))))
        .collect()
}

/// Every `sat-*` export, solved by the program itself from the command line (nothing
/// of ours in between), decodes to the solution dlx finds.
#[test]
fn exported_cnf_solved_by_minisat_and_cadical_decodes_to_the_dlx_solution() {
    let _one_at_a_time = one_at_a_time();
    let p = &data_puzzles("forum_hardest_1106.txt", 1)[0];
    let want = dlx_solution(p);
    let names: Vec<&str> = ENCODINGS
        .iter()
        .filter_map(|e| e.name.strip_prefix("sat-"))
        .collect();
    assert_eq!(
        names,
        [
            "naive",
            "efficient",
            "extended",
            "reduced",
            "naive+cages=sequential",
            "efficient+cages=sequential",
            "extended+cages=sequential",
            "reduced+cages=sequential"
        ]
    );
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    for program in ["minisat", "cadical"] {
        if !external_available(program, program) {
            continue;
        }
        for name in &names {
            let cnf = dir.join(format!("{name}.cnf"));
            let text = (encoding(&format!("sat-{name}")).unwrap().export)(p, "dimacs").unwrap();
            std::fs::write(&cnf, &text).unwrap();
            let result = dir.join("result.txt");
            let mut cmd = Command::new(program);
            cmd.arg(&cnf);
            if program == "minisat" {
                cmd.arg(&result);
            }
            let o = cmd.output().unwrap();
            assert_eq!(o.status.code(), Some(10), "{program} on sat-{name}");
            let model_text = if program == "minisat" {
                std::fs::read_to_string(&result).unwrap()
            } else {
                String::from_utf8_lossy(&o.stdout).into_owned()
            };
            let variables = variables_of(p, &text);
            let values = true_variables(&model_text)
                .into_iter()
                .map(|v| variables[&v]);
            assert_eq!(
                grid_with(p, values).as_ref(),
                Ok(&want),
                "{program} sat-{name}"
            );
        }
    }
}

/// The (cell, value) an `ip` export's variable `x_rRcC_V` stands for; `None` for the
/// export's other names (such as `zero`).
fn ip_variable(name: &str, n: usize) -> Option<(usize, u8)> {
    let (cell, value) = name.strip_prefix("x_")?.rsplit_once('_')?;
    Some((cell_named(cell, n)?, value.parse().ok()?))
}

/// The grid an external solver's values for an `ip` export stand for, checked by the
/// validator: the variables at 1 put their values in.
fn ip_grid(p: &Puzzle, values: &[(String, f64)]) -> Vec<u8> {
    let ones = values.iter().filter(|(_, x)| *x >= 0.5);
    let grid = grid_with(p, ones.filter_map(|(name, _)| ip_variable(name, p.n()))).unwrap();
    validate(p, &grid).unwrap();
    grid
}

/// Solves an LP file with CBC and returns (name, value) pairs of its solution.
fn cbc_values(lp: &Path) -> Vec<(String, f64)> {
    let sol = lp.with_extension("cbc.sol");
    let status = Command::new("cbc")
        .arg(lp)
        .args(["solve", "solu"])
        .arg(&sol)
        .output()
        .unwrap();
    assert!(status.status.success());
    let text = std::fs::read_to_string(&sol).unwrap();
    assert!(text.starts_with("Optimal"), "{text}");
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[1].to_string(), f[2].parse().unwrap())
        })
        .collect()
}

/// Solves a free MPS file with glpsol; `None` if it has no integer solution.
fn glpsol_values(mps: &Path, text: &str) -> Option<Vec<(String, f64)>> {
    let sol = mps.with_extension("glp.sol");
    let out = Command::new("glpsol")
        .arg("--freemps")
        .arg(mps)
        .arg("-w")
        .arg(&sol)
        .output()
        .unwrap();
    assert!(out.status.success());
    // Column j of glpsol is the j-th column named in the COLUMNS section.
    let mut names: Vec<&str> = Vec::new();
    let columns = text.split("\nCOLUMNS\n").nth(1).unwrap();
    for line in columns.lines().take_while(|l| l.starts_with(' ')) {
        let name = line.split_whitespace().next().unwrap();
        if !line.contains("'MARKER'") && names.last() != Some(&name) {
            names.push(name);
        }
    }
    let sol = std::fs::read_to_string(&sol).unwrap();
    let status = sol.lines().find(|l| l.starts_with("s mip")).unwrap();
    if status.split_whitespace().nth(4) != Some("o") {
        return None;
    }
    Some(
        sol.lines()
            .filter(|l| l.starts_with("j "))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                let j: usize = f[1].parse().unwrap();
                (names[j - 1].to_string(), f[2].parse().unwrap())
            })
            .collect(),
    )
}

#[test]
fn ip_exports_solved_by_cbc_and_glpk_decode_to_the_same_solution() {
    let _one_at_a_time = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let has_cbc = external_available("cbc", "coinor-cbc");
    let has_glpk = external_available("glpsol", "glpk-utils");
    let export = encoding("ip").unwrap().export;
    let mut puzzles = data_puzzles("forum_hardest_1106.txt", 2);
    puzzles.extend(data_puzzles("17_clue.txt", 1));
    puzzles.push(random_puzzle(2, 3, Variant::X, 11, 60, false));
    for (k, p) in puzzles.iter().enumerate() {
        let ours = solved("ip", p, 1);
        let unique = solved("dlx", p, 2).verdict == Verdict::Unique;
        let lp = export(p, "lp").unwrap();
        let mps = export(p, "mps").unwrap();
        assert!(export(p, "xml").is_err());
        if has_cbc {
            let path = write(&dir, &format!("p{k}.lp"), &lp);
            let grid = ip_grid(p, &cbc_values(Path::new(&path)));
            if ours.verdict == Verdict::Solved && unique {
                assert_eq!(grid, ours.solutions[0], "cbc, puzzle {k}");
            }
        }
        if has_glpk {
            let path = write(&dir, &format!("p{k}.mps"), &mps);
            let values = glpsol_values(Path::new(&path), &mps).expect("glpsol found no solution");
            let grid = ip_grid(p, &values);
            if unique {
                assert_eq!(grid, ours.solutions[0], "glpsol, puzzle {k}");
            }
        }
    }
    // An infeasible export stays infeasible for an external solver.
    if has_glpk {
        let mps = export(&no_value_left_puzzle(), "mps").unwrap();
        let path = write(&dir, "clash.mps", &mps);
        assert_eq!(glpsol_values(Path::new(&path), &mps), None);
    }
}
