//! Reading puzzles from text. Four layouts are recognised, and may be mixed in one file:
//!
//! * one puzzle per line in compact form (`1-9`, then `A-Z` for 10 and up; `.`, `0`, `_` blank),
//!   the side coming from the length (16 → 4×4, 36 → 6×6, 81 → 9×9, 256, 625);
//! * whitespace-separated numbers (`0` or `.` blank), a whole puzzle on one line, or one
//!   row per line until N rows are read (a line of N*N numbers, such as 16, is a whole
//!   puzzle unless one of its values is above N: then it is the first row of a grid);
//! * the printed grid layout, rows of symbols with `|`, `-`, `+` separators;
//! * the matrix files of the ant-colony instances: the order, an ignored token, then N×N
//!   numbers with `-1` for blank;
//! * CSV: comma-separated rows of numbers, or a puzzle column in compact form with an
//!   optional solution column after a header line naming them (Kaggle's
//!   `quizzes,solutions`); a given solution is kept to check answers against.
//!
//! Lines starting with `#` and blank lines are skipped; text after a `#` later on a line is
//! a comment too, and names the puzzle that starts on that line. Every error names the
//! file, the line (for a grid, the line of the cell at fault) and, where there is one, the
//! cell.

use super::format::value_of_symbol;
use super::{Geometry, Puzzle, Variant};
use crate::model::puzzle::Origin;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// Choices that the text alone cannot settle.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// Box shape `(rows, cols)` to use instead of the default for the side.
    pub box_shape: Option<(usize, usize)>,
    /// Variant whose units every puzzle gets.
    pub variant: Variant,
}

/// A problem in the input, with the place it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The file name (`-` for standard input).
    pub file: String,
    /// The 1-based line.
    pub line: usize,
    /// The cell concerned, such as `r3c5`, when there is one.
    pub cell: Option<String>,
    /// What is wrong and, where it helps, what to do.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = if self.file == "-" {
            "<stdin>"
        } else {
            &self.file
        };
        write!(f, "{file}:{}: ", self.line)?;
        if let Some(cell) = &self.cell {
            write!(f, "{cell}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// One cell as read, before the side is known: a value, or the text that is not one.
type RawCell = Result<i64, String>;

/// Reads every puzzle in `text`; `file` names the source in errors and origins.
pub fn parse_puzzles(
    text: &str,
    file: &str,
    opts: &ParseOptions,
) -> Result<Vec<Puzzle>, ParseError> {
    let mut parser = Parser {
        file,
        opts,
        geometries: HashMap::new(),
        puzzles: Vec::new(),
    };
    parser.run(text)?;
    Ok(parser.puzzles)
}

struct Parser<'a> {
    file: &'a str,
    opts: &'a ParseOptions,
    geometries: HashMap<usize, Arc<Geometry>>,
    puzzles: Vec<Puzzle>,
}

/// A grid being read one row per line.
struct PendingGrid {
    start_line: usize,
    n: usize,
    cells: Vec<RawCell>,
    /// The line each row was read from, for errors about its cells.
    row_lines: Vec<usize>,
    rows: usize,
    label: Option<String>,
}

/// What a CSV header line says: which column holds the puzzle, which the solution.
#[derive(Clone, Copy)]
struct CsvColumns {
    puzzle: usize,
    solution: Option<usize>,
}

/// A CSV header: every field a word (letters, `_`, spaces), one naming the puzzle column
/// (`quiz...`, `puzzle...`) or the first; one naming `solution...`, if any.
fn csv_header(line: &str) -> Option<CsvColumns> {
    let fields: Vec<String> = line
        .split(',')
        .map(|f| f.trim().trim_matches('"').to_ascii_lowercase())
        .collect();
    let wordy = |f: &String| {
        !f.is_empty()
            && f.chars()
                .all(|c| c.is_ascii_alphabetic() || c == '_' || c == ' ')
            && f.chars().any(|c| c.is_ascii_lowercase())
    };
    let names_a_column = fields
        .iter()
        .any(|f| f.starts_with("quiz") || f.starts_with("puzzle") || f.starts_with("solution"));
    if !fields.iter().all(wordy) || (fields.len() < 2 && !names_a_column) {
        return None;
    }
    let puzzle = fields
        .iter()
        .position(|f| f.starts_with("quiz") || f.starts_with("puzzle"))
        .unwrap_or(0);
    let solution = fields.iter().position(|f| f.starts_with("solution"));
    Some(CsvColumns { puzzle, solution })
}

/// Splits a line into its content and the comment after a `#`, if any.
fn split_comment(line: &str) -> (&str, Option<String>) {
    match line.split_once('#') {
        Some((content, comment)) => {
            let comment = comment.trim();
            (
                content.trim_end(),
                (!comment.is_empty()).then(|| comment.to_string()),
            )
        }
        None => (line, None),
    }
}

impl Parser<'_> {
    fn error(&self, line: usize, cell: Option<String>, message: impl Into<String>) -> ParseError {
        ParseError {
            file: self.file.to_string(),
            line,
            cell,
            message: message.into(),
        }
    }

    fn run(&mut self, text: &str) -> Result<(), ParseError> {
        // A byte-order mark, as some editors write, is not part of the first line.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        if is_matrix_header(&lines) {
            return self.read_matrices(&lines);
        }
        let mut csv: Option<CsvColumns> = None;
        let mut pending: Option<PendingGrid> = None;
        for (k, &(line_no, line)) in lines.iter().enumerate() {
            let (line, label) = split_comment(line);
            if is_separator(line) {
                continue;
            }
            if k == 0 {
                if let Some(columns) = csv_header(line) {
                    csv = Some(columns);
                    continue;
                }
            }
            if let Some(columns) = csv {
                self.read_csv_record(line_no, line, columns, label)?;
                continue;
            }
            // Comma-separated numbers are read like whitespace-separated ones.
            let spaced;
            let line = if line.contains(',') {
                spaced = line.replace(',', " ");
                spaced.as_str()
            } else {
                line
            };
            let cells = split_cells(line);
            match pending.take() {
                Some(mut grid) => {
                    if cells.len() != grid.n {
                        return Err(self.error(
                            line_no,
                            None,
                            format!(
                                "row {} of the {n}x{n} grid that starts at line {} has {} cells; every row needs {n}",
                                grid.rows + 1,
                                grid.start_line,
                                cells.len(),
                                n = grid.n
                            ),
                        ));
                    }
                    grid.cells.extend(cells);
                    grid.row_lines.push(line_no);
                    grid.rows += 1;
                    if grid.rows == grid.n {
                        let lines: Vec<usize> = grid
                            .row_lines
                            .iter()
                            .flat_map(|&l| std::iter::repeat_n(l, grid.n))
                            .collect();
                        self.finish(&lines, grid.n, grid.cells, grid.label)?;
                    } else {
                        pending = Some(grid);
                    }
                }
                None => {
                    let len = cells.len();
                    let side = (len as f64).sqrt().round() as usize;
                    // A line of N*N cells is a whole puzzle unless a value is too large
                    // for that side (then it is the first row of a larger grid).
                    let fits_whole = cells
                        .iter()
                        .all(|c| c.as_ref().map_or(true, |&v| v as usize <= side));
                    if side * side == len
                        && side >= 4
                        && !line.contains('|')
                        && (fits_whole || len > 64)
                    {
                        self.finish(&[line_no], side, cells, label)?;
                    } else if (4..=64).contains(&len) && self.box_for(len).is_ok() {
                        pending = Some(PendingGrid {
                            start_line: line_no,
                            n: len,
                            cells,
                            row_lines: vec![line_no],
                            rows: 1,
                            label,
                        });
                    } else {
                        return Err(self.error(
                            line_no,
                            None,
                            format!(
                                "this line has {len} cells: a puzzle on one line needs N*N cells \
                                 (16, 36, 81, 256, 625, ...) and a grid row N cells with N from 4 to 64 \
                                 that a box shape fits (use --box RxC)"
                            ),
                        ));
                    }
                }
            }
        }
        if let Some(grid) = pending {
            return Err(self.error(
                grid.start_line,
                None,
                format!(
                    "the {n}x{n} grid that starts here ends after {} of its {n} rows",
                    grid.rows,
                    n = grid.n
                ),
            ));
        }
        Ok(())
    }

    /// The ant-colony matrix layout: order, an ignored token, then N×N numbers (`-1` blank).
    fn read_matrices(&mut self, lines: &[(usize, &str)]) -> Result<(), ParseError> {
        let tokens: Vec<(usize, &str)> = lines
            .iter()
            .flat_map(|&(no, l)| l.split_whitespace().map(move |t| (no, t)))
            .collect();
        let mut pos = 0;
        while pos < tokens.len() {
            let (start_line, order_text) = tokens[pos];
            let order: usize = order_text
                .parse()
                .ok()
                .filter(|o| (2..=8).contains(o))
                .ok_or_else(|| {
                    self.error(
                        start_line,
                        None,
                        format!("expected a matrix order from 2 to 8, found '{order_text}'"),
                    )
                })?;
            let n = order * order;
            let body = pos + 2;
            if tokens.len() < body + n * n {
                return Err(self.error(
                    start_line,
                    None,
                    format!(
                        "the order-{order} matrix that starts here has {} of its {} cells",
                        tokens.len().saturating_sub(body),
                        n * n
                    ),
                ));
            }
            let cells = tokens[body..body + n * n]
                .iter()
                .map(|&(_, t)| match t.parse::<i64>() {
                    Ok(-1) => Ok(0),
                    Ok(v) if v >= 0 => Ok(v),
                    _ => Err(t.to_string()),
                })
                .collect();
            self.finish(&[start_line], n, cells, None)?;
            pos = body + n * n;
        }
        Ok(())
    }

    fn box_for(&self, n: usize) -> Result<(usize, usize), String> {
        match self.opts.box_shape {
            Some((r, c)) if r.checked_mul(c) == Some(n) => Ok((r, c)),
            Some((r, c)) => Err(format!(
                "--box {r}x{c} does not fit a side of {n} ({r}*{c} = {})",
                r as u128 * c as u128
            )),
            None => Geometry::default_box(n)
                .ok_or_else(|| format!("a side of {n} has no box shape; give one with --box RxC")),
        }
    }

    fn geometry(&mut self, line: usize, n: usize) -> Result<Arc<Geometry>, ParseError> {
        if let Some(g) = self.geometries.get(&n) {
            return Ok(g.clone());
        }
        let (r, c) = self.box_for(n).map_err(|m| self.error(line, None, m))?;
        let g = Geometry::new(r, c, self.opts.variant).map_err(|e| self.error(line, None, e.0))?;
        let g = Arc::new(g);
        self.geometries.insert(n, g.clone());
        Ok(g)
    }

    /// One record of a CSV file with a header: the puzzle column in compact form, and
    /// the solution column (kept to check answers against) when the header names one.
    fn read_csv_record(
        &mut self,
        line_no: usize,
        line: &str,
        columns: CsvColumns,
        label: Option<String>,
    ) -> Result<(), ParseError> {
        let fields: Vec<&str> = line
            .split(',')
            .map(|f| f.trim().trim_matches('"').trim())
            .collect();
        let field = |i: usize, what: &str| {
            fields
                .get(i)
                .copied()
                .filter(|f| !f.is_empty())
                .ok_or_else(|| {
                    self.error(
                        line_no,
                        None,
                        format!(
                            "this CSV line has no {what} in column {} (the header names it)",
                            i + 1
                        ),
                    )
                })
        };
        let puzzle_text = field(columns.puzzle, "puzzle")?;
        let cells = split_cells(puzzle_text);
        let side = (cells.len() as f64).sqrt().round() as usize;
        if side * side != cells.len() || side < 4 {
            return Err(self.error(
                line_no,
                None,
                format!(
                    "the puzzle column has {} cells; a puzzle needs N*N (16, 36, 81, ...)",
                    cells.len()
                ),
            ));
        }
        let solution = match columns.solution {
            Some(col) => {
                let text = field(col, "solution")?;
                let sol = split_cells(text);
                let values: Option<Vec<u8>> = sol
                    .iter()
                    .map(|c| c.as_ref().ok().and_then(|&v| u8::try_from(v).ok()))
                    .collect();
                match values {
                    Some(v) if v.len() == cells.len() && v.iter().all(|&x| x >= 1 && x as usize <= side) => Some(v),
                    _ => {
                        return Err(self.error(
                            line_no,
                            None,
                            format!(
                                "the solution column is not a full {side}x{side} grid of values 1 to {side}"
                            ),
                        ))
                    }
                }
            }
            None => None,
        };
        self.finish(&[line_no], side, cells, label)?;
        if let Some(p) = self.puzzles.last_mut() {
            p.expected = solution;
        }
        Ok(())
    }

    /// Builds a puzzle from its cells; `lines` gives the line of each cell (one entry
    /// for a puzzle read from one line), so an error points at the cell's own line.
    fn finish(
        &mut self,
        lines: &[usize],
        n: usize,
        raw: Vec<RawCell>,
        label: Option<String>,
    ) -> Result<(), ParseError> {
        let line_of = |i: usize| lines.get(i).or(lines.last()).copied().unwrap_or(0);
        let line = line_of(0);
        let geometry = self.geometry(line, n)?;
        let mut cells = Vec::with_capacity(raw.len());
        for (i, cell) in raw.into_iter().enumerate() {
            let name = Some(geometry.cell_name(i));
            let line = line_of(i);
            match cell {
                Ok(v) if v as usize <= n => cells.push(v as u8),
                Ok(v) => return Err(self.error(line, name, format!("value {v} is above {n}, the largest of a {n}x{n} grid"))),
                Err(t) => {
                    return Err(self.error(
                        line,
                        name,
                        format!("unknown symbol '{t}' (values are 1-9 then A-Z, or numbers; blanks are '.', '0' or '_')"),
                    ))
                }
            }
        }
        let mut puzzle = Puzzle::new(geometry, cells);
        if let Some((a, b, u)) = puzzle.conflicting_givens() {
            let g = &puzzle.geometry;
            return Err(self.error(
                line_of(b),
                Some(g.cell_name(b)),
                format!(
                    "given {} repeats the {} at {} in {}",
                    puzzle.cells[b],
                    puzzle.cells[a],
                    g.cell_name(a),
                    g.units[u].name()
                ),
            ));
        }
        puzzle.origin = Origin {
            file: self.file.to_string(),
            line,
        };
        puzzle.label = label;
        self.puzzles.push(puzzle);
        Ok(())
    }
}

/// The file starts with a lone order (2-8) then a lone integer: the ant-colony matrix layout.
fn is_matrix_header(lines: &[(usize, &str)]) -> bool {
    let lone_int = |i: usize| {
        lines
            .get(i)
            .is_some_and(|(_, l)| !l.contains(char::is_whitespace) && l.parse::<i64>().is_ok())
    };
    lone_int(0)
        && lone_int(1)
        && lines[0]
            .1
            .parse::<usize>()
            .is_ok_and(|o| (2..=8).contains(&o))
}

/// A rule line of the printed layout, such as `------+-------+------`.
fn is_separator(line: &str) -> bool {
    line.chars().all(|c| "-+=|: ".contains(c)) && line.chars().any(|c| "-+=".contains(c))
}

/// The cells of one line: compact symbols, or whitespace-separated tokens; `|` separates boxes.
fn split_cells(line: &str) -> Vec<RawCell> {
    let has_bar = line.contains('|');
    let tokens: Vec<&str> = line
        .split(|c: char| c == '|' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    let compact = tokens.len() == 1
        || (has_bar
            && tokens
                .iter()
                .all(|t| t.len() > 1 && t.len() == tokens[0].len()));
    if compact {
        tokens
            .iter()
            .flat_map(|t| t.chars())
            .map(|ch| {
                value_of_symbol(ch)
                    .map(i64::from)
                    .ok_or_else(|| ch.to_string())
            })
            .collect()
    } else {
        tokens.iter().map(|t| parse_token(t)).collect()
    }
}

/// A whitespace-separated cell: a number, or a one-character symbol.
fn parse_token(token: &str) -> RawCell {
    if let Ok(v) = token.parse::<i64>() {
        return if v >= 0 {
            Ok(v)
        } else {
            Err(token.to_string())
        };
    }
    let mut chars = token.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) => value_of_symbol(ch)
            .map(i64::from)
            .ok_or_else(|| token.to_string()),
        _ => Err(token.to_string()),
    }
}
