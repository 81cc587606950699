//! Board geometry: the side, the box shape (or a Jigsaw's regions), the variant, and the
//! constraint model every backend reads — a list of cells, a list of units, each unit a
//! permutation (its N cells hold the N values, each once), and the Killer cages beside
//! them (see [`super::cage`]).

use super::cage::{check_cages, Cage};
use std::fmt;

/// Smallest supported side.
pub const MIN_SIDE: usize = 4;
/// Largest supported side (candidate sets are 64-bit).
pub const MAX_SIDE: usize = 64;

/// Rule variants that add units to the classic rows, columns and boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Classic,
    /// X-Sudoku: both main diagonals are units too.
    X,
}

impl Variant {
    /// Parses a `--variant` value.
    pub fn from_name(name: &str) -> Result<Variant, GeometryError> {
        match name.to_ascii_lowercase().as_str() {
            "classic" | "none" => Ok(Variant::Classic),
            "x" | "diagonal" => Ok(Variant::X),
            other => Err(GeometryError(format!(
                "unknown variant '{other}' (expected 'classic' or 'x')"
            ))),
        }
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::X => "x",
        }
    }
}

/// What kind of unit a unit is, for names in messages and exports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
    /// The main diagonal (top-left to bottom-right).
    Diagonal,
    /// The anti-diagonal (top-right to bottom-left).
    AntiDiagonal,
    /// An irregular region of a Jigsaw board, which has them instead of boxes.
    Region,
}

/// One permutation constraint: N cells that must hold the N values once each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Which family the unit belongs to.
    pub kind: UnitKind,
    /// Index within its family, from 0.
    pub index: usize,
    /// The cells of the unit (row-major cell indices), N of them.
    pub cells: Vec<usize>,
}

impl Unit {
    /// A short name such as `row 3`, `box 5`, `diagonal` (1-based).
    pub fn name(&self) -> String {
        match self.kind {
            UnitKind::Row => format!("row {}", self.index + 1),
            UnitKind::Column => format!("column {}", self.index + 1),
            UnitKind::Box => format!("box {}", self.index + 1),
            UnitKind::Diagonal => "main diagonal".to_string(),
            UnitKind::AntiDiagonal => "anti-diagonal".to_string(),
            UnitKind::Region => format!("region {}", self.index + 1),
        }
    }

    /// A compact identifier such as `r3`, `c5`, `b9`, `d1`, `d2`, `g4` (a region), used
    /// in exports.
    pub fn tag(&self) -> String {
        match self.kind {
            UnitKind::Row => format!("r{}", self.index + 1),
            UnitKind::Column => format!("c{}", self.index + 1),
            UnitKind::Box => format!("b{}", self.index + 1),
            UnitKind::Diagonal => "d1".to_string(),
            UnitKind::AntiDiagonal => "d2".to_string(),
            UnitKind::Region => format!("g{}", self.index + 1),
        }
    }
}

/// The board: side `n`, cells `0..n*n` in row-major order, units and cages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Rows per box. A Jigsaw board has no boxes: its `box_rows × box_cols` is `1 × n`,
    /// and code that draws or reasons about boxes asks [`Geometry::has_boxes`] first.
    pub box_rows: usize,
    /// Columns per box.
    pub box_cols: usize,
    /// Side of the grid and number of values.
    pub n: usize,
    /// The rule variant.
    pub variant: Variant,
    /// Every unit; rows first, then columns, boxes, and variant units.
    pub units: Vec<Unit>,
    /// For each cell, the indices of the units it belongs to.
    pub cell_units: Vec<Vec<usize>>,
    /// For each cell, the other cells sharing a unit with it, sorted, without duplicates
    /// (cage mates are not peers: a cage is not a unit).
    pub peers: Vec<Vec<usize>>,
    /// A Jigsaw board's region (0-based) of each cell; `None` for a board with boxes.
    pub regions: Option<Vec<u8>>,
    /// The Killer cages, in the order read; empty for a board without.
    pub cages: Vec<Cage>,
    /// For each cell, the index in `cages` of its cage, if it has one.
    pub cage_of: Vec<Option<u32>>,
}

/// Why a geometry cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeometryError(pub String);

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GeometryError {}

/// The rows then the columns of a board of side `n`, with room for its boxes or regions
/// and the diagonals.
fn rows_and_columns(n: usize) -> Vec<Unit> {
    let mut units = Vec::with_capacity(3 * n + 2);
    for r in 0..n {
        units.push(Unit {
            kind: UnitKind::Row,
            index: r,
            cells: (0..n).map(|c| r * n + c).collect(),
        });
    }
    for c in 0..n {
        units.push(Unit {
            kind: UnitKind::Column,
            index: c,
            cells: (0..n).map(|r| r * n + c).collect(),
        });
    }
    units
}

impl Geometry {
    /// Builds the board for boxes of `box_rows × box_cols` and the given variant.
    pub fn new(
        box_rows: usize,
        box_cols: usize,
        variant: Variant,
    ) -> Result<Geometry, GeometryError> {
        // In u128 so that a huge box (any `--box RxC` is accepted) cannot wrap to a side
        // in range.
        let side = box_rows as u128 * box_cols as u128;
        if box_rows == 0 || box_cols == 0 || !(MIN_SIDE as u128..=MAX_SIDE as u128).contains(&side)
        {
            return Err(GeometryError(format!(
                "box {box_rows}x{box_cols} gives side {side}; the side must be from {MIN_SIDE} to {MAX_SIDE}"
            )));
        }
        let n = side as usize;
        let mut units = rows_and_columns(n);
        let boxes_across = n / box_cols;
        for b in 0..n {
            let (r0, c0) = ((b / boxes_across) * box_rows, (b % boxes_across) * box_cols);
            let cells = (0..n)
                .map(|i| (r0 + i / box_cols) * n + c0 + i % box_cols)
                .collect();
            units.push(Unit {
                kind: UnitKind::Box,
                index: b,
                cells,
            });
        }
        Ok(Geometry::from_units(
            box_rows, box_cols, n, variant, units, None,
        ))
    }

    /// A Jigsaw board of side `n`: rows, columns, and instead of boxes the irregular
    /// regions `regions` gives (the 0-based region of each cell, row-major), checked to
    /// be `n` connected sets of `n` cells each; plus the diagonals for X.
    pub fn with_regions(
        n: usize,
        regions: &[u8],
        variant: Variant,
    ) -> Result<Geometry, GeometryError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            return Err(GeometryError(format!(
                "side {n}: the side must be from {MIN_SIDE} to {MAX_SIDE}"
            )));
        }
        super::regions::check_regions(n, regions).map_err(GeometryError)?;
        let mut units = rows_and_columns(n);
        for g in 0..n {
            units.push(Unit {
                kind: UnitKind::Region,
                index: g,
                cells: (0..n * n).filter(|&c| regions[c] as usize == g).collect(),
            });
        }
        Ok(Geometry::from_units(
            1,
            n,
            n,
            variant,
            units,
            Some(regions.to_vec()),
        ))
    }

    /// This board with Killer `cages` on it, checked (the cells of each cage sorted):
    /// each cage has cells on the board, none in two cages, at most `n` of them, and a
    /// total distinct digits can make; cages that cover the grid add up to its total.
    /// Replaces any cages it had.
    pub fn with_cages(mut self, mut cages: Vec<Cage>) -> Result<Geometry, GeometryError> {
        for cage in &mut cages {
            cage.cells.sort_unstable();
        }
        check_cages(self.n, self.cells(), &cages).map_err(GeometryError)?;
        self.cage_of = vec![None; self.cells()];
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                self.cage_of[c] = Some(k as u32);
            }
        }
        self.cages = cages;
        Ok(self)
    }

    /// The board of `units` (rows, columns, boxes or regions) and the variant's
    /// diagonals, with the lists derived from them.
    fn from_units(
        box_rows: usize,
        box_cols: usize,
        n: usize,
        variant: Variant,
        mut units: Vec<Unit>,
        regions: Option<Vec<u8>>,
    ) -> Geometry {
        if variant == Variant::X {
            units.push(Unit {
                kind: UnitKind::Diagonal,
                index: 0,
                cells: (0..n).map(|i| i * n + i).collect(),
            });
            units.push(Unit {
                kind: UnitKind::AntiDiagonal,
                index: 1,
                cells: (0..n).map(|i| i * n + (n - 1 - i)).collect(),
            });
        }
        let mut cell_units = vec![Vec::new(); n * n];
        for (u, unit) in units.iter().enumerate() {
            for &cell in &unit.cells {
                cell_units[cell].push(u);
            }
        }
        let peers = (0..n * n)
            .map(|cell| {
                let mut p: Vec<usize> = cell_units[cell]
                    .iter()
                    .flat_map(|&u| units[u].cells.iter().copied())
                    .filter(|&other| other != cell)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        Geometry {
            box_rows,
            box_cols,
            n,
            variant,
            units,
            cell_units,
            peers,
            regions,
            cages: Vec::new(),
            cage_of: vec![None; n * n],
        }
    }

    /// Whether the board has rectangular boxes (`box_rows × box_cols`), as every board
    /// but a Jigsaw's does.
    pub fn has_boxes(&self) -> bool {
        self.regions.is_none()
    }

    /// Whether the board has Killer cages.
    pub fn has_cages(&self) -> bool {
        !self.cages.is_empty()
    }

    /// Whether the board is the plain one of its box shape and variant: boxes, no cages.
    /// Code that reasons from coordinates (bands, stacks, boxes) asks this first.
    pub fn is_plain(&self) -> bool {
        self.has_boxes() && !self.has_cages()
    }

    /// The cells of the board's box-like units: boxes, or a Jigsaw's regions.
    pub fn box_units(&self) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .filter(|u| matches!(u.kind, UnitKind::Box | UnitKind::Region))
    }

    /// The default box shape for side `n`: square when `n` is a square, otherwise the
    /// most square `r × c` with `r ≤ c` (6 → 2×3, 8 → 2×4, 12 → 3×4).
    pub fn default_box(n: usize) -> Option<(usize, usize)> {
        (2..=n)
            .rev()
            .filter(|&r| r * r <= n && n.is_multiple_of(r))
            .map(|r| (r, n / r))
            .next()
            .filter(|&(r, _)| r >= 2)
    }

    /// Number of cells, `n * n`.
    pub fn cells(&self) -> usize {
        self.n * self.n
    }

    /// The value of `cell` in the canonical solution of the classic board, where each row
    /// is the one above shifted by a box width (by one more at a new band):
    /// `(box_cols * (r % box_rows) + r / box_rows + c) % n + 1`.
    pub fn pattern_value(&self, cell: usize) -> u8 {
        let (r, c) = (cell / self.n, cell % self.n);
        ((self.box_cols * (r % self.box_rows) + r / self.box_rows + c) % self.n + 1) as u8
    }

    /// A solution of this board that agrees with the givens of `cells` (0 for a blank):
    /// the canonical pattern ([`Geometry::pattern_value`]) with its digits renamed to fit
    /// them, when that is possible (an empty grid, a few givens, or a puzzle cut from it),
    /// else `None`. A search that tries this value first in every cell never backtracks:
    /// each choice extends to this solution, and sound propagation never removes one of
    /// its values. Ascending values instead fill the first rows greedily and paint the
    /// later ones into a corner on large boards, far below the mistake. Also `None` when
    /// the pattern breaks a unit (the X diagonals).
    pub fn pattern_fitting(&self, cells: &[u8]) -> Option<Vec<u8>> {
        if !self.is_plain() {
            return None;
        }
        let n = self.n;
        let mut rename = vec![0u8; n + 1];
        let mut used = vec![false; n + 1];
        for (cell, &v) in cells.iter().enumerate().filter(|(_, &v)| v != 0) {
            let p = self.pattern_value(cell) as usize;
            match rename[p] {
                0 if !used[v as usize] => {
                    rename[p] = v;
                    used[v as usize] = true;
                }
                r if r == v => {}
                _ => return None,
            }
        }
        let mut free = (1..=n as u8).filter(|&v| !used[v as usize]);
        for r in rename.iter_mut().skip(1).filter(|r| **r == 0) {
            *r = free.next()?;
        }
        let solution: Vec<u8> = (0..cells.len())
            .map(|cell| rename[self.pattern_value(cell) as usize])
            .collect();
        self.is_solution(&solution).then_some(solution)
    }

    /// Whether `values` (one per cell, 1 to N) holds every value once in every unit and
    /// keeps every cage. The quick check of a grid this crate made itself; answers from
    /// backends go through the independent validator instead.
    pub fn is_solution(&self, values: &[u8]) -> bool {
        values.len() == self.cells()
            && values.iter().all(|&v| (1..=self.n).contains(&(v as usize)))
            && self.units.iter().all(|u| {
                let mut seen = vec![false; self.n + 1];
                u.cells
                    .iter()
                    .all(|&c| !std::mem::replace(&mut seen[values[c] as usize], true))
            })
            && self.cages.iter().all(|cage| {
                let mut seen = vec![false; self.n + 1];
                cage.cells
                    .iter()
                    .all(|&c| !std::mem::replace(&mut seen[values[c] as usize], true))
                    && cage
                        .cells
                        .iter()
                        .map(|&c| u32::from(values[c]))
                        .sum::<u32>()
                        == cage.sum
            })
    }

    /// How a person names a cage: `the 15-cage at r1c1` (its first cell).
    pub fn cage_name(&self, cage: usize) -> String {
        let cage = &self.cages[cage];
        format!("the {}-cage at {}", cage.sum, self.cell_name(cage.cells[0]))
    }

    /// The name of a cell in messages, such as `r3c5` (1-based).
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", cell / self.n + 1, cell % self.n + 1)
    }

    /// A short description such as `9x9 (3x3 boxes)`, `9x9 (3x3 boxes, X)` or
    /// `9x9 (Jigsaw regions, 29 cages)`.
    pub fn describe(&self) -> String {
        let x = if self.variant == Variant::X {
            ", X"
        } else {
            ""
        };
        let cages = match self.cages.len() {
            0 => String::new(),
            1 => ", 1 cage".to_string(),
            k => format!(", {k} cages"),
        };
        match self.regions {
            Some(_) => format!("{n}x{n} (Jigsaw regions{x}{cages})", n = self.n),
            None => format!(
                "{n}x{n} ({}x{} boxes{x}{cages})",
                self.box_rows,
                self.box_cols,
                n = self.n
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_9x9_has_27_units_and_20_peers() {
        let g = Geometry::new(3, 3, Variant::Classic).unwrap();
        assert_eq!(g.units.len(), 27);
        assert!(g.units.iter().all(|u| u.cells.len() == 9));
        assert!(g.peers.iter().all(|p| p.len() == 20));
        assert_eq!(g.units[18].cells, vec![0, 1, 2, 9, 10, 11, 18, 19, 20]);
    }

    #[test]
    fn rectangular_boxes_tile_the_grid() {
        let g = Geometry::new(2, 3, Variant::Classic).unwrap();
        let mut seen = [0; 36];
        for u in g.units.iter().filter(|u| u.kind == UnitKind::Box) {
            for &c in &u.cells {
                seen[c] += 1;
            }
        }
        assert!(seen.iter().all(|&s| s == 1));
        // Box 1 (second box) covers rows 0-1, columns 3-5.
        assert_eq!(g.units[12 + 1].cells, vec![3, 4, 5, 9, 10, 11]);
    }

    #[test]
    fn x_variant_adds_diagonals() {
        let g = Geometry::new(2, 2, Variant::X).unwrap();
        assert_eq!(g.units.len(), 14);
        assert_eq!(g.units[13].cells, vec![3, 6, 9, 12]);
        assert_eq!(g.cell_units[0].len(), 4);
    }

    #[test]
    fn the_pattern_is_a_solution_for_every_box_shape() {
        for (r, c) in [
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (3, 4),
            (4, 4),
            (6, 6),
            (8, 8),
        ] {
            let g = Geometry::new(r, c, Variant::Classic).unwrap();
            for unit in &g.units {
                let mut seen = vec![false; g.n + 1];
                for &cell in &unit.cells {
                    let v = g.pattern_value(cell) as usize;
                    assert!(
                        (1..=g.n).contains(&v) && !seen[v],
                        "{r}x{c} {}",
                        unit.name()
                    );
                    seen[v] = true;
                }
            }
        }
    }

    #[test]
    fn the_pattern_is_renamed_to_fit_givens_or_refused() {
        let g = Geometry::new(3, 3, Variant::Classic).unwrap();
        let mut cells = vec![0u8; 81];
        assert_eq!(
            g.pattern_fitting(&cells),
            Some((0..81).map(|c| g.pattern_value(c)).collect())
        );
        // r1c1 is 1 in the pattern and r2c7 is 1 too: giving them 5 renames 1 to 5.
        cells[0] = 5;
        cells[15] = 5;
        let fit = g.pattern_fitting(&cells).unwrap();
        assert_eq!((fit[0], fit[15]), (5, 5));
        assert_eq!(fit.iter().filter(|&&v| v == 5).count(), 9);
        // Two different givens where the pattern has one value cannot fit.
        cells[15] = 6;
        assert_eq!(g.pattern_fitting(&cells), None);
        let x = Geometry::new(3, 3, Variant::X).unwrap();
        assert_eq!(x.pattern_fitting(&[0; 81]), None);
    }

    #[test]
    fn default_boxes() {
        assert_eq!(Geometry::default_box(9), Some((3, 3)));
        assert_eq!(Geometry::default_box(6), Some((2, 3)));
        assert_eq!(Geometry::default_box(12), Some((3, 4)));
        assert_eq!(Geometry::default_box(7), None);
        assert!(Geometry::new(1, 2, Variant::Classic).is_err());
        assert!(Geometry::new(8, 9, Variant::Classic).is_err());
    }
}
