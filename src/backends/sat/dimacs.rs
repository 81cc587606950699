//! DIMACS CNF: the export any SAT solver reads, and the reading of a solver's model.
//! Format, header and numbering: `encodings/sat.md`.

use super::encode::{CageEncoding, Cnf, Encoded, Encoding, Literal};
use crate::model::format::to_line;
use crate::model::Puzzle;
use std::fmt::Write;

/// The DIMACS text of `puzzle` in `encoding`, its cages stated as `cages` says: a
/// comment header (encoding, puzzle, order, the variable numbering rule, for the reduced
/// encoding the map of every variable to its cell and value, and on a Killer board the
/// cage statement, the cages and the auxiliary variables), the `p cnf` line, then one
/// clause per line.
pub fn export_with(puzzle: &Puzzle, encoding: Encoding, cages: CageEncoding) -> String {
    let encoded = Encoded::build_with(puzzle, encoding, cages);
    write_text(puzzle, &encoded, &[], None, true).unwrap_or_default()
}

/// The DIMACS text of a certificate: the export's header and variable map, then the
/// clauses, with `blocking` (the clause excluding a solution) last when there is one,
/// named in a comment.
pub fn certificate_text(puzzle: &Puzzle, encoded: &Encoded, blocking: Option<&[i32]>) -> String {
    let extra: Vec<Vec<i32>> = blocking.map(<[i32]>::to_vec).into_iter().collect();
    let mut out = String::new();
    if let Some(clause) = blocking {
        let _ = writeln!(
            out,
            "c certificate: the last clause excludes the solution given ({} literals); the whole has no model exactly when that solution is the only one",
            clause.len()
        );
    } else {
        let _ = writeln!(
            out,
            "c certificate: this CNF has no model exactly when the puzzle has no solution"
        );
    }
    out.push_str(&write_text(puzzle, encoded, &extra, None, true).unwrap_or_default());
    out
}

/// The export of encoding `name` in `format` (only `dimacs`), for the registry: `name`
/// is an encoding's, optionally followed by `+cages=NAME` for the cage statement (else
/// [`CageEncoding::DEFAULT`]).
pub fn export_as(puzzle: &Puzzle, name: &str, format: &str) -> crate::error::Result<String> {
    let (encoding, cages) = match name.split_once("+cages=") {
        Some((encoding, cages)) => (encoding, CageEncoding::from_name(cages)?),
        None => (name, CageEncoding::DEFAULT),
    };
    match format {
        "dimacs" => Ok(export_with(
            puzzle,
            Encoding::from_name(Some(encoding))?,
            cages,
        )),
        f => Err(crate::error::Error::Config(format!(
            "sat-{name} is written as 'dimacs', not '{f}'"
        ))),
    }
}

/// The DIMACS text of an encoded puzzle with `extra` clauses appended (the blocking
/// clauses of the solutions already found), given up (`None`) once `deadline` passes:
/// the text of a large board runs to hundreds of megabytes (49x49: 185 MB), seconds of
/// work that an external solver's deadline must be able to stop.
pub fn write_until(
    puzzle: &Puzzle,
    encoded: &Encoded,
    extra: &[Vec<i32>],
    deadline: Option<std::time::Instant>,
) -> Option<String> {
    write_text(puzzle, encoded, extra, deadline, false)
}

/// The DIMACS text, given up once `deadline` passes; with `map`, the reduced encoding's
/// variables are named one per comment line (what an export needs, and a solver run on
/// the text reads without use).
fn write_text(
    puzzle: &Puzzle,
    encoded: &Encoded,
    extra: &[Vec<i32>],
    deadline: Option<std::time::Instant>,
    map: bool,
) -> Option<String> {
    let g = &puzzle.geometry;
    let n = g.n;
    let cnf: &Cnf = &encoded.cnf;
    let mut out = String::with_capacity(cnf.lits.len() * 7 + 400);
    let _ = writeln!(
        out,
        "c sudoku-arena sat-{} encoding",
        encoded.encoding.name()
    );
    let _ = writeln!(out, "c puzzle: {}", to_line(g, &puzzle.cells));
    let _ = writeln!(out, "c order: {}", g.describe());
    if encoded.encoding == Encoding::Reduced {
        let _ = writeln!(
            out,
            "c variables: one per (cell, value) left open by the givens, numbered from 1 in order of cell = row*{n} + column (from 0), then value"
        );
        let _ = writeln!(
            out,
            "c clauses: the extended encoding's with the givens' values put in; a not-both pair of two cells that share several units is stated once"
        );
        if map {
            let _ = writeln!(
                out,
                "c each variable below as c var K = rRcC#V: true when row R, column C (from 1) holds V"
            );
            write_variable_map(&mut out, puzzle, encoded);
        }
    } else {
        let _ = writeln!(
            out,
            "c variables: var(cell, value) = cell*{n} + value, cell = row*{n} + column (from 0), value 1..{n}"
        );
    }
    if g.has_cages() {
        write_cage_header(&mut out, puzzle, encoded);
    }
    let _ = writeln!(out, "p cnf {} {}", cnf.vars, cnf.clauses() + extra.len());
    for (k, clause) in cnf
        .iter()
        .chain(extra.iter().map(Vec::as_slice))
        .enumerate()
    {
        if k % 65_536 == 65_535 && deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return None;
        }
        for lit in clause {
            let _ = write!(out, "{lit} ");
        }
        out.push_str("0\n");
    }
    Some(out)
}

/// The comment lines on a Killer board's cages: how they are stated, each cage, and the
/// auxiliary variables the statement added after the cells' ones.
fn write_cage_header(out: &mut String, puzzle: &Puzzle, encoded: &Encoded) {
    let g = &puzzle.geometry;
    let _ = writeln!(
        out,
        "c cages: {} Killer cages stated as cages={}: {}",
        g.cages.len(),
        encoded.cages.name(),
        encoded.cages.describe()
    );
    for cage in &g.cages {
        let cells: Vec<String> = cage.cells.iter().map(|&c| g.cell_name(c)).collect();
        let _ = writeln!(out, "c cage {} = {}", cage.sum, cells.join(" "));
    }
    if encoded.cnf.vars > encoded.cell_vars {
        let _ = writeln!(
            out,
            "c variables {} to {}: auxiliary, of the cage statement (after every cell's)",
            encoded.cell_vars + 1,
            encoded.cnf.vars
        );
    }
}

/// One `c var K = rRcC#V` line per variable, in variable order: the map from a model
/// back to cells and values for a numbering that is not the plain one.
fn write_variable_map(out: &mut String, puzzle: &Puzzle, encoded: &Encoded) {
    let g = &puzzle.geometry;
    for cell in 0..g.cells() {
        for value in 1..=g.n as u8 {
            if let Literal::Var(var) = encoded.literal(cell, value) {
                let _ = writeln!(out, "c var {var} = {}#{value}", g.cell_name(cell));
            }
        }
    }
}

/// Reads a model from a solver's output: every integer on lines that start with `v`
/// (SAT competition format, as CaDiCaL prints) or, if there are none, on every line
/// after the first (MiniSat's result file: `SAT`, then the literals). Returns `true` at
/// index `var - 1` for each positive literal.
pub fn read_model(text: &str, vars: usize) -> Result<Vec<bool>, String> {
    let v_lines: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("v ").or_else(|| (l == "v").then_some("")))
        .collect();
    let lines: Vec<&str> = if v_lines.is_empty() {
        text.lines().skip(1).collect()
    } else {
        v_lines
    };
    let mut model = vec![false; vars];
    for token in lines.iter().flat_map(|l| l.split_whitespace()) {
        let lit: i64 = token
            .parse()
            .map_err(|_| format!("unreadable literal '{token}' in the solver's model"))?;
        let var = lit.unsigned_abs() as usize;
        if var == 0 {
            continue; // The terminating 0.
        }
        if var > vars {
            return Err(format!("the solver's model names variable {var} of {vars}"));
        }
        if lit > 0 {
            model[var - 1] = true;
        }
    }
    Ok(model)
}
