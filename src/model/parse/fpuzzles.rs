//! The JSON that the f-puzzles editor exports and variant setters exchange: `size`, a
//! `grid` of cells (`value` with `given: true` for a given, `region` for a Jigsaw
//! board's 0-based region), `killercage` (cells such as `R1C1` and a `value`, the
//! total), `diagonal+`/`diagonal-` (both: X-Sudoku) and `solution` (the setter's,
//! checked, and each answer compared with it). An object may span lines. Cosmetic
//! entries (text, colours, lines drawn, the author) are skipped; any other entry is a
//! rule this reader does not take (thermometers, arrows, anti-knight, ...) and is
//! refused by name: solving the puzzle without it would answer another puzzle.

use super::{shown, ParseError, PuzzleReader};
use crate::model::cage::Cage;
use crate::model::geometry::{MAX_SIDE, MIN_SIDE};
use crate::model::{Geometry, Puzzle, Variant};
use serde::Deserialize;
use serde_json::Value;
use std::io::BufRead;
use std::sync::Arc;

/// The entries of an f-puzzles object besides `size`, `grid`, `killercage`, the
/// diagonals, `title` and `solution` that state no rule, and are skipped: the rest of
/// what the editor saves is a rule this reader does not take (thermometers, arrows,
/// anti-knight, the `negative` constraints, ...), refused by name when it is not empty.
const COSMETIC: &[&str] = &[
    "author",
    "ruleset",
    "text",
    "line",
    "rectangle",
    "circle",
    "cage",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
];

/// An f-puzzles object, as far as it is read.
#[derive(Deserialize)]
struct Object {
    size: usize,
    grid: Vec<Vec<Cell>>,
    #[serde(default)]
    killercage: Vec<KillerCage>,
    #[serde(rename = "diagonal+", default)]
    diagonal_plus: bool,
    #[serde(rename = "diagonal-", default)]
    diagonal_minus: bool,
    #[serde(default)]
    title: Option<String>,
    /// The setter's solution, row-major, when the file gives one.
    #[serde(default)]
    solution: Option<Vec<Value>>,
    #[serde(flatten)]
    other: serde_json::Map<String, Value>,
}

/// One cell of the grid.
#[derive(Deserialize, Default)]
#[serde(default)]
struct Cell {
    value: Option<Value>,
    given: bool,
    region: Option<i64>,
}

/// One Killer cage: its cells and its total (`value`, a string or a number).
#[derive(Deserialize)]
struct KillerCage {
    cells: Vec<String>,
    #[serde(default)]
    value: Option<Value>,
}

/// The 0-based cell of a name such as `R3C5` on a board of side `n`.
fn cell_of(name: &str, n: usize) -> Option<usize> {
    let upper = name.to_ascii_uppercase();
    let (r, c) = upper.strip_prefix('R')?.split_once('C')?;
    let (r, c) = (r.parse::<usize>().ok()?, c.parse::<usize>().ok()?);
    ((1..=n).contains(&r) && (1..=n).contains(&c)).then(|| (r - 1) * n + c - 1)
}

/// Whether a JSON value states nothing (absent, false, empty).
fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// Reads the f-puzzles object that starts on `first` (at `line_no`) and runs until
    /// its braces close.
    pub(super) fn read_fpuzzles(
        &mut self,
        line_no: usize,
        first: &str,
    ) -> Result<Puzzle, ParseError> {
        let mut text = first.to_string();
        let mut depth = Depth::default();
        depth.feed(first);
        while !depth.closed() {
            let Some((_, line)) = self.content_line()? else {
                return Err(self.error(
                    line_no,
                    None,
                    "the JSON object that starts here does not end",
                ));
            };
            text.push('\n');
            text.push_str(&line);
            depth.feed(&line);
        }
        let object: Object = serde_json::from_str(&text).map_err(|e| {
            self.error(
                line_no + e.line().saturating_sub(1),
                None,
                format!("not f-puzzles JSON: {e}"),
            )
        })?;
        self.fpuzzle(line_no, object)
    }

    /// The puzzle of an f-puzzles object read at `line`.
    fn fpuzzle(&self, line: usize, o: Object) -> Result<Puzzle, ParseError> {
        let err = |cell: Option<String>, m: String| self.error(line, cell, m);
        let n = o.size;
        if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            return Err(err(
                None,
                format!("size {n}: the side must be from {MIN_SIDE} to {MAX_SIDE}"),
            ));
        }
        if let Some((rule, _)) = o
            .other
            .iter()
            .find(|(key, v)| !COSMETIC.contains(&key.as_str()) && !is_empty(v))
        {
            return Err(err(
                None,
                format!("the f-puzzles rule '{rule}' is not one this program solves (it takes givens, Jigsaw regions, Killer cages and both diagonals)"),
            ));
        }
        if o.diagonal_plus != o.diagonal_minus {
            return Err(err(
                None,
                "one diagonal alone is not a variant this program solves; X-Sudoku has both".into(),
            ));
        }
        if o.grid.len() != n || o.grid.iter().any(|row| row.len() != n) {
            return Err(err(None, format!("the grid is not {n} rows of {n} cells")));
        }
        let name = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
        let variant = if o.diagonal_plus {
            Variant::X
        } else {
            Variant::Classic
        };
        let boxes = Geometry::default_box(n);
        let mut regions = vec![0u8; n * n];
        let mut irregular = false;
        let mut cells = vec![0u8; n * n];
        for (c, cell) in o.grid.iter().flatten().enumerate() {
            let by_box = boxes.map(|(br, bc)| ((c / n) / br * (n / bc) + (c % n) / bc) as u8);
            regions[c] = match (cell.region, by_box) {
                (Some(g), _) if (0..n as i64).contains(&g) => g as u8,
                (Some(g), _) => {
                    return Err(err(
                        Some(name(c)),
                        format!(
                            "region {g}; the regions of a {n}x{n} board are 0 to {}",
                            n - 1
                        ),
                    ))
                }
                (None, Some(b)) => b,
                (None, None) => {
                    return Err(err(
                        Some(name(c)),
                        format!("a {n}x{n} board has no boxes: every cell needs a region"),
                    ))
                }
            };
            irregular |= Some(regions[c]) != by_box;
            if cell.given {
                cells[c] = match &cell.value {
                    Some(Value::Number(v)) => v
                        .as_u64()
                        .filter(|&v| (1..=n as u64).contains(&v))
                        .map(|v| v as u8),
                    _ => None,
                }
                .ok_or_else(|| {
                    err(
                        Some(name(c)),
                        format!(
                            "the given {} is not a value of a {n}x{n} grid",
                            shown(
                                &cell
                                    .value
                                    .as_ref()
                                    .map_or("nothing".into(), Value::to_string)
                            )
                        ),
                    )
                })?;
            }
        }
        let mut cages = Vec::with_capacity(o.killercage.len());
        for cage in &o.killercage {
            let mut members = Vec::with_capacity(cage.cells.len());
            for text in &cage.cells {
                members.push(cell_of(text, n).ok_or_else(|| {
                    err(
                        None,
                        format!("'{}' is not a cell of a {n}x{n} board", shown(text)),
                    )
                })?);
            }
            let at = members.first().map(|&c| name(c));
            let sum = match &cage.value {
                Some(Value::String(s)) => s.trim().parse::<u32>().ok(),
                Some(Value::Number(v)) => v.as_u64().and_then(|v| u32::try_from(v).ok()),
                _ => None,
            }
            .ok_or_else(|| {
                err(
                    at.clone(),
                    "a Killer cage without a total: this program solves cages with totals".into(),
                )
            })?;
            cages.push(Cage {
                cells: members,
                sum,
            });
        }
        let board = if irregular {
            Geometry::with_regions(n, &regions, variant)
        } else {
            let (br, bc) = boxes.unwrap_or((1, n));
            Geometry::new(br, bc, variant)
        }
        .and_then(|g| g.with_cages(cages))
        .map_err(|e| err(None, e.0))?;
        let label = o.title.filter(|t| !t.trim().is_empty());
        let mut puzzle = self.puzzle(Arc::new(board), line, cells, label)?;
        if let Some(values) = o.solution.filter(|s| !s.is_empty()) {
            let raw = values
                .iter()
                .map(|v| v.as_i64().ok_or_else(|| v.to_string()))
                .collect();
            let solution = super::given_solution(&puzzle, raw).map_err(|(cell, m)| err(cell, m))?;
            if !puzzle.geometry.is_solution(&solution) {
                return Err(err(None, "the given solution breaks a cage".into()));
            }
            puzzle.expected = Some(solution);
        }
        Ok(puzzle)
    }
}

/// How deep in braces a JSON text is, outside strings.
#[derive(Default)]
struct Depth {
    depth: i64,
    in_string: bool,
    escaped: bool,
    opened: bool,
}

impl Depth {
    /// Follows `text`.
    fn feed(&mut self, text: &str) {
        for ch in text.chars() {
            if self.in_string {
                match (self.escaped, ch) {
                    (true, _) => self.escaped = false,
                    (false, '\\') => self.escaped = true,
                    (false, '"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match ch {
                '"' => self.in_string = true,
                '{' => {
                    self.depth += 1;
                    self.opened = true;
                }
                '}' => self.depth -= 1,
                _ => {}
            }
        }
    }

    /// Whether the object opened has closed.
    fn closed(&self) -> bool {
        self.opened && self.depth <= 0
    }
}
