//! The `ip` encoding written for external MIP solvers: CPLEX LP and free MPS files of
//! the presolved 0-1 model (the one `ip` solves, Killer cages included), which CBC and
//! GLPK read, and the way back from a solver's variable values to a grid. Names and
//! layout: `encodings/ip.md`.

use super::model::{IpModel, RowKind, Var};
use crate::model::puzzle::Grid;
use crate::model::Puzzle;
use std::fmt::Write;

/// The name of the fixed-at-zero column that stands in rows left without variables.
const ZERO: &str = "zero";

/// Terms per line in LP rows, to keep lines short for every reader.
const TERMS_PER_LINE: usize = 8;

/// The name of a variable: `x_r3c5_7` is "row 3, column 5 holds 7" (1-based).
fn var_name(puzzle: &Puzzle, var: &Var) -> String {
    format!("x_{}_{}", puzzle.geometry.cell_name(var.cell), var.value)
}

/// The name of a row: `cell_r3c5` for a cell, `u_b2_7` for value 7 in box 2,
/// `cage_r1c1` for the total of the cage whose first cell is r1c1 and `cage_r1c1_7` for
/// value 7 in it.
fn row_name(puzzle: &Puzzle, kind: RowKind) -> String {
    let g = &puzzle.geometry;
    match kind {
        RowKind::Cell(cell) => format!("cell_{}", g.cell_name(cell)),
        RowKind::UnitValue(u, value) => format!("u_{}_{}", g.units[u].tag(), value),
        RowKind::CageSum(k) => format!("cage_{}", g.cell_name(g.cages[k].cells[0])),
        RowKind::CageValue(k, value) => {
            format!("cage_{}_{}", g.cell_name(g.cages[k].cells[0]), value)
        }
    }
}

/// Reads a variable name back: `(cell, value)`, or `None` if it is not one of ours.
fn parse_var_name(puzzle: &Puzzle, name: &str) -> Option<(usize, u8)> {
    let n = puzzle.n();
    let rest = name.strip_prefix("x_r")?;
    let (row, rest) = rest.split_once('c')?;
    let (col, value) = rest.split_once('_')?;
    let (row, col, value): (usize, usize, usize) =
        (row.parse().ok()?, col.parse().ok()?, value.parse().ok()?);
    let inside = |k: usize| (1..=n).contains(&k);
    (inside(row) && inside(col) && inside(value)).then(|| ((row - 1) * n + col - 1, value as u8))
}

/// Whether the file needs the `zero` column: no variable at all (an objective needs
/// one), or a row left with none.
fn needs_zero(model: &IpModel) -> bool {
    model.vars.is_empty() || model.rows.iter().any(|r| r.vars.is_empty())
}

/// The model of `puzzle` that the exports write: the presolved one.
fn export_model(puzzle: &Puzzle) -> IpModel {
    IpModel::presolved(puzzle)
}

/// The no-good rows that forbid each grid of `found` on the blank cells: for each, the
/// variables that grid sets to 1 (their sum must stay at most their count minus one).
fn no_good_rows(model: &IpModel, found: &[Grid]) -> Vec<Vec<usize>> {
    found.iter().map(|grid| model.no_good(grid)).collect()
}

/// Writes one LP row `name: x + 2 y + ... SENSE`, a few terms per line, each
/// variable with its coefficient from `weight` (written when not 1); a row with no
/// variable names the fixed-at-zero column so the file stays valid.
fn write_lp_row(
    out: &mut String,
    name: &str,
    vars: &[usize],
    (names, weight): (&[String], &dyn Fn(usize) -> i32),
    sense: &str,
) {
    let _ = write!(out, " {name}:");
    if vars.is_empty() {
        out.push(' ');
        out.push_str(ZERO);
    }
    for (k, &i) in vars.iter().enumerate() {
        if k > 0 && k % TERMS_PER_LINE == 0 {
            out.push_str("\n   ");
        }
        out.push_str(if k == 0 { " " } else { " + " });
        match weight(i) {
            1 => {}
            w => {
                let _ = write!(out, "{w} ");
            }
        }
        out.push_str(&names[i]);
    }
    let _ = writeln!(out, " {sense}");
}

/// Writes the presolved model of `puzzle` in CPLEX LP format.
fn lp_text(puzzle: &Puzzle) -> String {
    lp_text_excluding(puzzle, &[])
}

/// Writes the presolved model of `puzzle` in CPLEX LP format, with a no-good row
/// `nogood_K` for each grid of `found`, so an external solver looks for another one.
pub fn lp_text_excluding(puzzle: &Puzzle, found: &[Grid]) -> String {
    let model = export_model(puzzle);
    let cuts = no_good_rows(&model, found);
    let names: Vec<String> = model.vars.iter().map(|v| var_name(puzzle, v)).collect();
    let zero = needs_zero(&model) || cuts.iter().any(Vec::is_empty);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\\ sudoku-arena ip encoding (presolved 0-1 model), {}",
        puzzle.geometry.describe()
    );
    let _ = writeln!(
        out,
        "\\ {} variables, {} rows; x_rRcC_V = 1 puts V in row R, column C",
        model.vars.len(),
        model.rows.len()
    );
    out.push_str("Minimize\n obj: 0 ");
    out.push_str(names.first().map_or(ZERO, |s| s.as_str()));
    out.push_str("\nSubject To\n");
    for row in &model.rows {
        let name = row_name(puzzle, row.kind);
        let sense = match row.kind.at_most() {
            true => "<=",
            false => "=",
        };
        let weight = |i: usize| row.weight(&model.vars[i]);
        write_lp_row(
            &mut out,
            &name,
            &row.vars,
            (&names, &weight),
            &format!("{sense} {}", row.rhs),
        );
    }
    for (k, cut) in cuts.iter().enumerate() {
        let name = format!("nogood_{}", k + 1);
        let sense = format!("<= {}", cut.len() as i64 - 1);
        write_lp_row(&mut out, &name, cut, (&names, &|_| 1), &sense);
    }
    out.push_str("Bounds\n");
    if zero {
        let _ = writeln!(out, " {ZERO} = 0");
    }
    for (v, name) in model.vars.iter().zip(&names) {
        if v.lower == 1 {
            let _ = writeln!(out, " {name} = 1");
        }
    }
    let binaries: Vec<&String> = model
        .vars
        .iter()
        .zip(&names)
        .filter(|(v, _)| v.lower == 0)
        .map(|(_, n)| n)
        .collect();
    if !binaries.is_empty() {
        out.push_str("Binaries\n");
        for chunk in binaries.chunks(TERMS_PER_LINE) {
            out.push(' ');
            let line: Vec<&str> = chunk.iter().map(|s| s.as_str()).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
    }
    out.push_str("End\n");
    out
}

/// Writes the presolved model of `puzzle` in free MPS format.
fn mps_text(puzzle: &Puzzle) -> String {
    mps_excluding(puzzle, &[]).text
}

/// A free MPS file and its columns in the order written, which is how GLPK numbers
/// them in its solution files.
pub struct MpsFile {
    /// The file's text.
    pub text: String,
    /// Column names, first to last.
    pub columns: Vec<String>,
}

/// Writes the presolved model of `puzzle` in free MPS format, with a `nogood_K` row for
/// each grid of `found`, so an external solver looks for another one.
pub fn mps_excluding(puzzle: &Puzzle, found: &[Grid]) -> MpsFile {
    let model = export_model(puzzle);
    let names: Vec<String> = model.vars.iter().map(|v| var_name(puzzle, v)).collect();
    // Every row as (sense, name, variables, right-hand side): the model's rows, then the
    // cuts.
    let mut rows: Vec<(char, String, Vec<usize>, i64)> = model
        .rows
        .iter()
        .map(|r| {
            let sense = if r.kind.at_most() { 'L' } else { 'E' };
            (
                sense,
                row_name(puzzle, r.kind),
                r.vars.clone(),
                r.rhs as i64,
            )
        })
        .collect();
    for (k, cut) in no_good_rows(&model, found).into_iter().enumerate() {
        let rhs = cut.len() as i64 - 1;
        rows.push(('L', format!("nogood_{}", k + 1), cut, rhs));
    }
    let zero = model.vars.is_empty() || rows.iter().any(|r| r.2.is_empty());
    // Column-major: the rows each variable appears in, with its coefficient there.
    let mut column_rows: Vec<Vec<(usize, i32)>> = vec![Vec::new(); model.vars.len()];
    for (r, row) in rows.iter().enumerate() {
        for &i in &row.2 {
            let weight = model.rows.get(r).map_or(1, |m| m.weight(&model.vars[i]));
            column_rows[i].push((r, weight));
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "* sudoku-arena ip encoding (presolved 0-1 model), {}",
        puzzle.geometry.describe()
    );
    out.push_str("NAME sudoku\nROWS\n N obj\n");
    for (sense, name, _, _) in &rows {
        let _ = writeln!(out, " {sense} {name}");
    }
    out.push_str("COLUMNS\n");
    let mut columns = Vec::new();
    if !model.vars.is_empty() {
        out.push_str(" M1 'MARKER' 'INTORG'\n");
        for (i, name) in names.iter().enumerate() {
            if column_rows[i].is_empty() {
                let _ = writeln!(out, " {name} obj 0");
            }
            for &(r, weight) in &column_rows[i] {
                let _ = writeln!(out, " {name} {} {weight}", rows[r].1);
            }
        }
        out.push_str(" M2 'MARKER' 'INTEND'\n");
        columns.extend(names.iter().cloned());
    }
    if zero {
        let _ = writeln!(out, " {ZERO} obj 0");
        for (_, name, vars, _) in &rows {
            if vars.is_empty() {
                let _ = writeln!(out, " {ZERO} {name} 1");
            }
        }
        columns.push(ZERO.to_string());
    }
    out.push_str("RHS\n");
    for (_, name, _, rhs) in &rows {
        if *rhs != 0 {
            let _ = writeln!(out, " RHS {name} {rhs}");
        }
    }
    out.push_str("BOUNDS\n");
    if zero {
        let _ = writeln!(out, " FX BND {ZERO} 0");
    }
    for (v, name) in model.vars.iter().zip(&names) {
        if v.lower == 1 {
            let _ = writeln!(out, " FX BND {name} 1");
        } else {
            let _ = writeln!(out, " BV BND {name}");
        }
    }
    out.push_str("ENDATA\n");
    MpsFile { text: out, columns }
}

/// Writes the `ip` encoding of `puzzle` in `format` (`lp` or `mps`).
pub fn export(puzzle: &Puzzle, format: &str) -> crate::error::Result<String> {
    match format {
        "lp" => Ok(lp_text(puzzle)),
        "mps" => Ok(mps_text(puzzle)),
        f => Err(crate::error::Error::Config(format!(
            "ip is written as 'lp' or 'mps', not '{f}'"
        ))),
    }
}

/// The grid an external solver's answer stands for: `values` pairs variable names with
/// their values (names not ours, such as `zero`, are skipped). Every blank cell must get
/// exactly one value, and no given may be contradicted.
pub fn decode_values<'a>(
    puzzle: &Puzzle,
    values: impl IntoIterator<Item = (&'a str, f64)>,
) -> Result<Grid, String> {
    let g = &puzzle.geometry;
    let mut grid = puzzle.cells.clone();
    for (name, x) in values {
        if x < 0.5 {
            continue;
        }
        let Some((cell, value)) = parse_var_name(puzzle, name) else {
            continue;
        };
        if grid[cell] == value && puzzle.cells[cell] == value {
            continue;
        }
        if grid[cell] != 0 {
            return Err(format!(
                "{} gets both {} and {value}",
                g.cell_name(cell),
                grid[cell]
            ));
        }
        grid[cell] = value;
    }
    match grid.iter().position(|&v| v == 0) {
        Some(cell) => Err(format!("{} gets no value", g.cell_name(cell))),
        None => Ok(grid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{parse_puzzles, Geometry, ParseOptions, Variant};
    use std::sync::Arc;

    fn puzzle(text: &str) -> Puzzle {
        parse_puzzles(text, "test", &ParseOptions::default())
            .unwrap()
            .remove(0)
    }

    /// A 4x4 puzzle with two 1s in its first row (the parser refuses it).
    fn clashing() -> Puzzle {
        let geometry = Geometry::new(2, 2, Variant::Classic).unwrap();
        let mut cells = vec![0; 16];
        cells[0] = 1;
        cells[1] = 1;
        Puzzle::new(Arc::new(geometry), cells)
    }

    #[test]
    fn names_round_trip() {
        let p = puzzle(&".".repeat(256));
        let var = Var {
            cell: 16 * 15 + 2,
            value: 16,
            lower: 0,
        };
        let name = var_name(&p, &var);
        assert_eq!(name, "x_r16c3_16");
        assert_eq!(parse_var_name(&p, &name), Some((var.cell, 16)));
        assert_eq!(parse_var_name(&p, "x_r17c3_1"), None);
        assert_eq!(parse_var_name(&p, "zero"), None);
    }

    #[test]
    fn lp_lists_every_row_and_binary() {
        let p = puzzle("1...............");
        let text = lp_text(&p);
        assert!(text.contains(" cell_r1c2: x_r1c2_2 + x_r1c2_3 + x_r1c2_4 = 1\n"));
        assert_eq!(text.matches(" = 1\n").count(), 60);
        assert!(!text.contains(ZERO));
        assert!(text.ends_with("End\n"));
    }

    #[test]
    fn clashing_givens_export_an_infeasible_row() {
        let p = clashing();
        let lp = lp_text(&p);
        assert!(lp.contains(" u_r1_1: zero = -1\n"), "{lp}");
        let mps = mps_text(&p);
        assert!(mps.contains(" zero u_r1_1 1\n") && mps.contains(" FX BND zero 0\n"));
    }

    #[test]
    fn a_cage_is_written_as_its_weighted_total_and_a_row_per_value() {
        let g = Geometry::new(2, 2, Variant::Classic)
            .unwrap()
            .with_cages(vec![crate::model::Cage {
                cells: vec![0, 1, 5],
                sum: 7,
            }])
            .unwrap();
        let p = Puzzle::new(Arc::new(g), vec![0; 16]);
        // 7 in three cells of box 1 is 1 + 2 + 4.
        let lp = lp_text(&p);
        let total = [
            " cage_r1c1: x_r1c1_1 + 2 x_r1c1_2 + 4 x_r1c1_4 + x_r1c2_1 + 2 x_r1c2_2",
            " + 4 x_r1c2_4 + x_r2c2_1 + 2 x_r2c2_2\n    + 4 x_r2c2_4 = 7\n",
        ];
        assert!(lp.contains(&total.concat()), "{lp}");
        assert!(lp.contains(" cage_r1c1_4: x_r1c1_4 + x_r1c2_4 + x_r2c2_4 <= 1\n"));
        assert!(!lp.contains("x_r1c1_3"));
        let mps = mps_text(&p);
        assert!(mps.contains(" L cage_r1c1_2\n") && mps.contains(" E cage_r1c1\n"));
        assert!(mps.contains(" x_r2c2_4 cage_r1c1 4\n") && mps.contains(" RHS cage_r1c1 7\n"));
    }

    #[test]
    fn decode_rejects_two_values_and_gaps() {
        let p = puzzle("123434122143432.");
        assert_eq!(
            decode_values(&p, [("x_r4c4_1", 1.0), ("zero", 0.0)]).unwrap()[15],
            1
        );
        assert!(decode_values(&p, [("x_r4c4_1", 0.0)]).is_err());
        assert!(decode_values(&p, [("x_r4c4_1", 1.0), ("x_r4c4_2", 1.0)]).is_err());
        assert!(decode_values(&p, [("x_r4c4_1", 1.0), ("x_r1c1_2", 1.0)]).is_err());
    }
}
