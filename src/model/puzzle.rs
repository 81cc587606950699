//! A puzzle: a geometry plus the givens, checked to fit it, and where it was read from.

use super::{CandSet, Geometry};
use std::sync::Arc;

/// A grid of values, row-major; `0` is a blank cell, `1..=n` a value.
pub type Grid = Vec<u8>;

/// Where a puzzle came from, for messages and reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// The file name as given (`-` for standard input, `examples` for the embedded set),
    /// shared by every puzzle of the file: a copy per puzzle cost an allocation each.
    pub file: Arc<str>,
    /// The 1-based line where the puzzle starts.
    pub line: usize,
}

/// Where a puzzle is, as every output that lists puzzles names it: `file:line`, then
/// its `label` in brackets when it has one.
pub fn place(file: &str, line: usize, label: Option<&str>) -> String {
    match label {
        Some(label) => format!("{file}:{line} ({label})"),
        None => format!("{file}:{line}"),
    }
}

/// A Sudoku puzzle: its board and its givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The board the puzzle is played on (shared by all puzzles of one shape).
    pub geometry: Arc<Geometry>,
    /// The givens, row-major, `0` for blank.
    pub cells: Grid,
    /// Where the puzzle was read from.
    pub origin: Origin,
    /// An optional label, such as the name of a named puzzle.
    pub label: Option<String>,
    /// A solution the input gave with the puzzle (the solutions column of a CSV file),
    /// to check backends' answers against.
    pub expected: Option<Grid>,
}

/// Cells that do not fit a geometry, found by [`Puzzle::try_new`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CellsError {
    /// Not one value per cell.
    #[error("{found} cells for a {n}x{n} grid, which has {expected}")]
    Count {
        /// How many values there were.
        found: usize,
        /// How many cells the grid has.
        expected: usize,
        /// The side of the grid.
        n: usize,
    },
    /// A value above the side of the grid.
    #[error("{cell}: value {value} is above {n}, the largest of a {n}x{n} grid")]
    Value {
        /// The cell, such as `r3c5`.
        cell: String,
        /// The value found there.
        value: u8,
        /// The side of the grid.
        n: usize,
    },
}

impl Puzzle {
    /// A puzzle from a geometry and its cells, checked: one value per cell, each `0`
    /// (blank) or `1..=n`. Use it for cells that come from outside the program.
    pub fn try_new(geometry: Arc<Geometry>, cells: Grid) -> Result<Puzzle, CellsError> {
        let n = geometry.n;
        if cells.len() != geometry.cells() {
            return Err(CellsError::Count {
                found: cells.len(),
                expected: geometry.cells(),
                n,
            });
        }
        // The largest value first, in one pass that does not stop early; the cell at
        // fault is looked for only when there is one.
        let largest = cells.iter().fold(0, |m, &v| m.max(v));
        if let Some(cell) = (largest as usize > n)
            .then(|| cells.iter().position(|&v| v as usize > n))
            .flatten()
        {
            return Err(CellsError::Value {
                cell: geometry.cell_name(cell),
                value: cells[cell],
                n,
            });
        }
        Ok(Puzzle {
            geometry,
            cells,
            origin: Origin::default(),
            label: None,
            expected: None,
        })
    }

    /// A puzzle from cells the program made itself, where cells that do not fit are a
    /// bug: panics with [`Puzzle::try_new`]'s message.
    pub fn new(geometry: Arc<Geometry>, cells: Grid) -> Puzzle {
        Puzzle::try_new(geometry, cells).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Side of the grid.
    pub fn n(&self) -> usize {
        self.geometry.n
    }

    /// Number of given cells.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Candidates left by plain elimination: a given's value is its only candidate, and a
    /// blank cell keeps every value no peer holds. Many encodings start from this.
    pub fn candidates(&self) -> Vec<CandSet> {
        let g = &self.geometry;
        let full = CandSet::full(g.n);
        (0..g.cells())
            .map(|cell| match self.cells[cell] {
                0 => g.peers[cell]
                    .iter()
                    .filter(|&&p| self.cells[p] != 0)
                    .fold(full, |acc, &p| acc & !CandSet::single(self.cells[p])),
                v => CandSet::single(v),
            })
            .collect()
    }

    /// Two givens with the same value in one unit, if any: `(cell_a, cell_b, unit index)`.
    pub fn conflicting_givens(&self) -> Option<(usize, usize, usize)> {
        let g = &self.geometry;
        // The usual answer, no conflict, in one pass over the grid when the units are
        // the rows, columns, boxes and (X) diagonals that pass checks.
        let x = g.variant == super::Variant::X;
        let houses = 3 * g.n + if x { 2 } else { 0 };
        if g.is_plain()
            && g.units.len() == houses
            && super::validate::repeats(&self.cells, g.n, g.box_rows, g.box_cols, x) == Some(false)
        {
            return None;
        }
        for (u, unit) in g.units.iter().enumerate() {
            // One bit per possible value (any u8), so that nothing is allocated per unit.
            let mut seen = [0u64; 4];
            for (k, &cell) in unit.cells.iter().enumerate() {
                let v = self.cells[cell];
                if v == 0 {
                    continue;
                }
                let (word, bit) = (usize::from(v / 64), 1u64 << (v % 64));
                if seen[word] & bit != 0 {
                    let first = unit.cells[..k].iter().find(|&&c| self.cells[c] == v)?;
                    return Some((*first, cell, u));
                }
                seen[word] |= bit;
            }
        }
        None
    }

    /// The first Killer cage whose givens break it, if any: two equal givens, or
    /// givens filling the cage with another total, or adding up to more than it.
    pub fn cage_conflict(&self) -> Option<String> {
        let g = &self.geometry;
        for (k, cage) in g.cages.iter().enumerate() {
            let givens: Vec<u8> = cage
                .cells
                .iter()
                .map(|&c| self.cells[c])
                .filter(|&v| v != 0)
                .collect();
            let total: u32 = givens.iter().map(|&v| u32::from(v)).sum();
            let mut seen = 0u128;
            if let Some(&v) = givens.iter().find(|&&v| {
                let before = seen;
                seen |= 1 << v;
                before >> v & 1 == 1
            }) {
                return Some(format!("{v} is given twice in {}", g.cage_name(k)));
            }
            let full = givens.len() == cage.cells.len();
            if total > cage.sum || (full && total != cage.sum) {
                return Some(format!(
                    "the givens of {} add up to {total}",
                    g.cage_name(k)
                ));
            }
        }
        None
    }

    /// What makes the givens break a rule, if they do (so that the puzzle has no
    /// solution): `r1c1 and r1c9 both hold 5 in row 1`.
    pub fn conflict(&self) -> Option<String> {
        let Some((a, b, u)) = self.conflicting_givens() else {
            return self.cage_conflict();
        };
        let g = &self.geometry;
        let unit = &g.units[u];
        let the = match unit.kind {
            super::UnitKind::Diagonal | super::UnitKind::AntiDiagonal => "the ",
            _ => "",
        };
        Some(format!(
            "{} and {} both hold {} in {the}{}",
            g.cell_name(a),
            g.cell_name(b),
            self.cells[a],
            unit.name()
        ))
    }

    /// Where the puzzle is, for output that lists many: `file:line`, then the label in
    /// brackets when it has one (`examples/hard.txt:4 (AI Escargot)`).
    pub fn place(&self) -> String {
        place(&self.origin.file, self.origin.line, self.label.as_deref())
    }

    /// A name for reports: the label if any, else `file:line`.
    pub fn display_name(&self) -> String {
        let mut name = String::new();
        self.write_display_name(&mut name);
        name
    }

    /// Appends [`Puzzle::display_name`]'s text to `out` (a buffer kept from one puzzle
    /// to the next allocates nothing).
    pub fn write_display_name(&self, out: &mut String) {
        match &self.label {
            Some(l) => out.push_str(l),
            None => {
                out.push_str(&self.origin.file);
                out.push(':');
                out.push_str(itoa::Buffer::new().format(self.origin.line));
            }
        }
    }
}
