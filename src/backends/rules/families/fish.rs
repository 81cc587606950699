//! Fish with fins: basic, finned and sashimi fish of two to four base lines (and,
//! measured but kept out of the ladder, Franken and mutant fish over boxes too), as
//! clauses of the almost-locked-set instance ([`super::als`]).
//!
//! A fish of digit `d` takes `k` base units whose places for `d` are disjoint and `k`
//! cover units, none a base. Each base unit holds `d` once, so `k` of the base places
//! are true, in `k` different cells. The *fins* are the base places no cover holds;
//! they must lie in one box. If no fin holds `d`, every true base place lies in a
//! cover and each cover holds `d` once, so the `k` covers hold it exactly there: a
//! cover's place outside the bases is false, and so is a base place in two covers (it
//! would fill two covers with one digit). Each such *victim* `v` gives the clause
//! "`v` is false, or a fin holds `d`": an implication from `v` to the fins' group,
//! which the instance chains with every other link. A victim seeing all the fins is
//! the textbook finned (or sashimi) fish; with no fins the victim is simply false.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::cellset::{cells_in, first, Cells, CellsHash, MAX_CELLS};
use crate::backends::rules::engine::step;
use crate::model::UnitKind;
use std::collections::HashSet;

/// Largest number of base units (a jellyfish).
pub const MAX_SIZE: usize = 4;

/// Which units may be bases and covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Rows as bases and columns as covers, or the other way round.
    Lines,
    /// Rows and boxes as bases, columns and boxes as covers, or the other way round
    /// (searched by the tests, and by the ladder when [`LADDER`] names it).
    #[cfg_attr(not(test), allow(dead_code))]
    Franken,
    /// Any units as bases and covers (as [`Shape::Franken`]).
    #[cfg_attr(not(test), allow(dead_code))]
    Mutant,
}

/// The shape the ladder searches: Franken and mutant fish solve a few more magictour
/// puzzles than lines alone, at several times the rules' time (figures in
/// `docs/rules.md`).
pub const LADDER: Shape = Shape::Lines;

/// One fish and what it removes when its fins are empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fish {
    /// Its digit.
    pub digit: u8,
    /// The base units, as bits (unit `u` is bit `u`: boards of up to 81 cells have
    /// fewer than 64 units).
    pub bases: u64,
    /// The cover units, as bits.
    pub covers: u64,
    /// Base places no cover holds (all in one box; none for a basic fish).
    pub fins: Cells,
    /// Cover places outside the bases and base places in two covers: each is false
    /// unless a fin holds the digit.
    pub victims: Cells,
}

/// Every fish of `shape` with two to [`MAX_SIZE`] bases and a victim, one for each
/// digit, fins and victims (the first found), in digit order; none on a board of more
/// than 81 cells. `holders[d - 1]` are the open cells holding `d`, `units` the cells of
/// each unit of `board`; digits `kept` holds for the same cells are not searched again.
pub fn find(
    board: &Board,
    shape: Shape,
    (holders, units): (&[Cells], &[Cells]),
    kept: &mut Kept,
) -> Vec<Fish> {
    if board.n * board.n > MAX_CELLS {
        return Vec::new();
    }
    let g = &board.geometry;
    let key = (shape, g.box_rows, g.box_cols, g.variant);
    if kept.key != Some(key) {
        kept.key = Some(key);
        kept.digits = vec![None; board.n];
    }
    let mut out = Vec::new();
    let lines = (shape == Shape::Lines).then(|| LineTables::new(board));
    let search = (shape != Shape::Lines).then(|| Searcher::new(board, shape, units));
    for d in 1..=board.n as u8 {
        let places = holders[d as usize - 1];
        let slot = &mut kept.digits[d as usize - 1];
        if !matches!(slot, Some((p, _)) if *p == places) {
            let fish = match (&lines, &search) {
                (Some(t), _) => t.digit(d, places),
                (_, Some(search)) => search.digit(d, places),
                (None, None) => Vec::new(),
            };
            *slot = Some((places, fish));
        }
        out.extend(slot.iter().flat_map(|(_, fish)| fish.iter().cloned()));
    }
    out
}

/// Most bands of boxes a board of up to 81 cells has (nine, with boxes of one line).
const MAX_BANDS: usize = 9;

/// Most lines a board of up to 81 cells has.
const MAX_LINES: usize = 9;

/// How many positions a mask of a line holds (lines of up to nine cells: a table, as
/// the baseline x86-64 target has no population count instruction).
fn lines_in(mask: u32) -> u8 {
    const COUNTS: [u8; 512] = {
        let mut t = [0u8; 512];
        let mut i = 1;
        while i < 512 {
            t[i] = t[i / 2] + (i % 2) as u8;
            i += 1;
        }
        t
    };
    COUNTS[mask as usize & 511]
}

/// The fish of lines read as masks of positions: each line (a row, or a column) of
/// the digit as the positions across it where the digit can go. `k` base lines whose
/// positions span `k` cross-lines are a basic fish; with more, the fins lie in one
/// box, and the positions outside it must span exactly `k` cross-lines, which are the
/// covers. The same fish the general search finds with rows and columns (a test holds
/// the two equal), with masks of nine bits instead of cell sets.
struct LineTables {
    n: usize,
    /// Lines per band of boxes, and the positions of each stack, when the bases are
    /// rows (first) and when they are columns: the box of band `b` and stack `t` holds
    /// positions `stacks[t]` of lines `b * band ..` to `(b + 1) * band`.
    boxes: [(usize, Vec<u32>); 2],
    /// The cells of each row (first) and of each column.
    line_cells: [Vec<Cells>; 2],
}

impl LineTables {
    fn new(board: &Board) -> LineTables {
        let g = &board.geometry;
        let stacks = |width: usize| -> Vec<u32> {
            (0..g.n / width)
                .map(|t| ((1u32 << width) - 1) << (t * width))
                .collect()
        };
        let line = |rows: bool, i: usize| -> Cells {
            (0..g.n).fold(0, |m, j| {
                m | 1 << if rows { i * g.n + j } else { j * g.n + i }
            })
        };
        LineTables {
            n: g.n,
            line_cells: [
                (0..g.n).map(|i| line(true, i)).collect(),
                (0..g.n).map(|i| line(false, i)).collect(),
            ],
            boxes: [
                (g.box_rows, stacks(g.box_cols)),
                (g.box_cols, stacks(g.box_rows)),
            ],
        }
    }

    fn digit(&self, d: u8, places: Cells) -> Vec<Fish> {
        let n = self.n;
        let mut out = Vec::new();
        // Fins and victims of the fish found: a few a digit.
        let mut seen: Vec<(Cells, Cells)> = Vec::new();
        for rows in [true, false] {
            let (lines, crossing) = (
                &self.line_cells[usize::from(!rows)],
                &self.line_cells[usize::from(rows)],
            );
            // Each line's positions: the cross-lines meeting it among the digit's places.
            let mut masks = [0u32; MAX_LINES];
            for (i, &line) in lines.iter().enumerate() {
                for (j, &x) in crossing.iter().enumerate() {
                    if x & line & places != 0 {
                        masks[i] |= 1 << j;
                    }
                }
            }
            let mut open = [0usize; MAX_LINES];
            let mut count = 0;
            for i in (0..n).filter(|&i| lines_in(masks[i]) >= 2) {
                open[count] = i;
                count += 1;
            }
            let mut emit = |bases: &[usize], covers: u32| {
                let base_cells = bases.iter().fold(0, |m, &i| m | lines[i]) & places;
                let cover_cells = step::ones128(u128::from(covers)).fold(0, |m, j| m | crossing[j]);
                let victims = cover_cells & places & !base_cells;
                let fins = base_cells & !cover_cells;
                if victims == 0 || seen.contains(&(fins, victims)) {
                    return;
                }
                seen.push((fins, victims));
                let (base_unit, cover_unit) = if rows { (0, n) } else { (n, 0) };
                out.push(Fish {
                    digit: d,
                    bases: bases.iter().fold(0, |m, &i| m | 1 << (base_unit + i)),
                    covers: u64::from(covers) << cover_unit,
                    fins,
                    victims,
                });
            };
            let mut bases: Vec<usize> = Vec::with_capacity(MAX_SIZE);
            let none = [0; MAX_BANDS];
            self.grow(
                (&open[..count], 0),
                (&mut bases, none),
                (&masks, rows),
                &mut emit,
            );
        }
        out
    }

    /// Tries the base lines `bases` (their positions `in_band`, per band of boxes) and
    /// every set growing them from `lines[from..]`, while a fish of up to [`MAX_SIZE`]
    /// lines could still hold them all: one whose lines, or whose lines outside one
    /// box, span at most [`MAX_SIZE`] cross-lines.
    fn grow(
        &self,
        (lines, from): (&[usize], usize),
        (bases, in_band): (&mut Vec<usize>, [u32; MAX_BANDS]),
        (masks, rows): (&[u32], bool),
        emit: &mut impl FnMut(&[usize], u32),
    ) {
        let k = bases.len() as u8;
        let (band, stacks) = &self.boxes[usize::from(!rows)];
        let bands = self.n / band;
        if k >= 2 {
            let most = MAX_SIZE as u8;
            let span = in_band[..bands].iter().fold(0, |m, &b| m | b);
            let mut may_grow = lines_in(span) <= most;
            if lines_in(span) == k {
                emit(bases, span);
            } else if lines_in(span) > k {
                // Fins in one box: the positions outside it are the covers.
                for b in 0..bands {
                    let inside = in_band[b];
                    if inside == 0 {
                        continue;
                    }
                    let mut rest = 0;
                    for (o, &x) in in_band[..bands].iter().enumerate() {
                        if o != b {
                            rest |= x;
                        }
                    }
                    for &stack in stacks {
                        if inside & stack == 0 {
                            continue;
                        }
                        let covers = (inside & !stack) | rest;
                        let spanned = lines_in(covers);
                        may_grow |= spanned <= most;
                        if spanned == k {
                            emit(bases, covers);
                        }
                    }
                }
            }
            if usize::from(k) == MAX_SIZE || !may_grow {
                return;
            }
        }
        for t in from..lines.len() {
            let i = lines[t];
            let mut grown = in_band;
            grown[i / band] |= masks[i];
            bases.push(i);
            self.grow((lines, t + 1), (bases, grown), (masks, rows), emit);
            bases.pop();
        }
    }
}

/// Every fish of `shape` in a position ([`find`], nothing kept): for boards of up to
/// 81 cells, none above.
#[cfg(test)]
pub fn in_position(
    board: &Board,
    s: &crate::backends::rules::engine::state::State,
    shape: Shape,
) -> Vec<Fish> {
    use crate::backends::rules::engine::cellset::{holder_sets, unit_sets};
    if s.value.len() > MAX_CELLS {
        return Vec::new();
    }
    let places = (&holder_sets(board, s)[..], &unit_sets(board)[..]);
    find(board, shape, places, &mut Kept::default())
}

/// The fish of each digit, kept with the cells they were found in: a digit's fish
/// depend on its open cells alone, and most digits keep theirs from one position of a
/// puzzle to the next.
#[derive(Default)]
pub struct Kept {
    /// The shape searched and the geometry searched on.
    key: Option<(Shape, usize, usize, crate::model::Variant)>,
    digits: Vec<Option<(Cells, Vec<Fish>)>>,
}

/// What a fish search reads of the board, built once per call of [`find`].
struct Searcher<'a> {
    units: &'a [Cells],
    /// The units of each cell, as bits.
    unit_masks: Vec<u64>,
    /// Base units and cover units, as bits, for each pass.
    passes: Vec<(u64, u64)>,
    /// The boxes, as bits: the units the fins may lie in.
    box_units: u64,
}

impl<'a> Searcher<'a> {
    fn new(board: &Board, shape: Shape, units: &'a [Cells]) -> Searcher<'a> {
        let kinds: Vec<UnitKind> = board.geometry.units.iter().map(|u| u.kind).collect();
        let of = |wanted: &[UnitKind]| -> u64 {
            kinds
                .iter()
                .enumerate()
                .filter(|(_, k)| wanted.contains(k))
                .fold(0, |m, (u, _)| m | 1 << u)
        };
        use UnitKind::{Box, Column, Row};
        let (rows, columns, boxes) = (of(&[Row]), of(&[Column]), of(&[Box]));
        let passes = match shape {
            Shape::Lines => vec![(rows, columns), (columns, rows)],
            Shape::Franken => {
                vec![
                    (rows | boxes, columns | boxes),
                    (columns | boxes, rows | boxes),
                ]
            }
            Shape::Mutant => vec![(u64::MAX, u64::MAX)],
        };
        let unit_masks = board
            .cell_units
            .iter()
            .map(|us| us.iter().fold(0, |m, &(u, _)| m | 1 << u))
            .collect();
        Searcher {
            units,
            unit_masks,
            passes,
            box_units: boxes,
        }
    }

    /// The fish of digit `d`, whose open cells are `places`.
    fn digit(&self, d: u8, places: Cells) -> Vec<Fish> {
        let mut out = Vec::new();
        let mut seen: HashSet<(Cells, Cells), CellsHash> = HashSet::default();
        for &(base_units, cover_units) in &self.passes {
            let open: Vec<(usize, Cells)> = self
                .units
                .iter()
                .enumerate()
                .filter(|&(u, _)| base_units >> u & 1 == 1)
                .map(|(u, &cells)| (u, cells & places))
                .filter(|&(_, m)| m.count_ones() >= 2)
                .collect();
            let mut search = Search {
                units: self.units,
                unit_masks: &self.unit_masks,
                box_units: self.box_units,
                cover_units,
                places,
                digit: d,
                bases: Vec::with_capacity(MAX_SIZE),
                base_units: 0,
                covers: Vec::with_capacity(MAX_SIZE),
                out: &mut out,
                seen: &mut seen,
            };
            search.bases(&open, 0, 0);
        }
        out
    }
}

/// The search for one digit and one choice of base and cover units.
struct Search<'a> {
    /// The cells of each unit.
    units: &'a [Cells],
    /// The units of each cell, as bits.
    unit_masks: &'a [u64],
    /// The boxes, as bits.
    box_units: u64,
    /// The units that may cover, as bits.
    cover_units: u64,
    /// The digit's open cells.
    places: Cells,
    digit: u8,
    /// The bases chosen, in order, and as bits.
    bases: Vec<usize>,
    base_units: u64,
    /// The covers chosen.
    covers: Vec<usize>,
    out: &'a mut Vec<Fish>,
    seen: &'a mut HashSet<(Cells, Cells), CellsHash>,
}

impl Search<'_> {
    /// Grows the bases from `open[from..]` (units and their places), their places so
    /// far `union`; each set of two or more bases is covered in every way.
    fn bases(&mut self, open: &[(usize, Cells)], from: usize, union: Cells) {
        if self.bases.len() >= 2 {
            self.fins_and_covers(union);
        }
        if self.bases.len() == MAX_SIZE {
            return;
        }
        for (i, &(u, m)) in open.iter().enumerate().skip(from) {
            if m & union != 0 {
                continue;
            }
            self.bases.push(u);
            self.base_units |= 1 << u;
            self.bases(open, i + 1, union | m);
            self.base_units &= !(1 << u);
            self.bases.pop();
        }
    }

    /// Covers the base places `union` with no fins, and with the fins in each box
    /// that can hold them: outside the fins' box, places no two of which a cover
    /// could share need a cover each, and places no cover can take must be fins.
    fn fins_and_covers(&mut self, union: Cells) {
        let k = self.bases.len();
        let options = self.cover_units & !self.base_units;
        let (mut apart, mut claimed, mut stuck): (Cells, u64, Cells) = (0, 0, 0);
        let (mut meeting, mut one_option_each) = (0u64, true);
        for c in cells_in(&union) {
            let mine = self.unit_masks[c] & options;
            meeting |= self.unit_masks[c];
            one_option_each &= mine.count_ones() == 1;
            if mine == 0 {
                stuck |= 1 << c;
            } else if mine & claimed == 0 {
                claimed |= mine;
                apart |= 1 << c;
            }
        }
        let need = (apart.count_ones() as usize).saturating_sub(k) as u32;
        if stuck == 0 && need == 0 {
            self.cover(union, 0, 0, self.base_units);
            if one_option_each {
                // The places' covers are theirs alone and few enough: fins would
                // only make a weaker fish.
                return;
            }
        }
        let mut fin_units =
            cells_in(&stuck).fold(meeting & self.box_units, |m, c| m & self.unit_masks[c]);
        if need > 0 {
            fin_units &= cells_in(&apart).fold(0, |m, c| m | self.unit_masks[c]);
        }
        for f in step::ones128(u128::from(fin_units)) {
            let cells = self.units[f];
            if (apart & cells).count_ones() >= need {
                self.cover(union, 0, cells, self.base_units);
            }
        }
    }

    /// Chooses covers (as many as bases) for the base places `union` outside the
    /// fins' unit `fin_cells`, `covered` so far: the first place left is covered by
    /// one of its units. A cover may not be a unit of `barred` (the bases, and the
    /// covers earlier siblings took, so each set of covers is reached once).
    fn cover(&mut self, union: Cells, covered: Cells, fin_cells: Cells, barred: u64) {
        let room = self.bases.len() - self.covers.len();
        let left = union & !covered & !fin_cells;
        let Some(c) = first(&left) else {
            self.more_covers((union, covered, fin_cells), barred, room, 0);
            return;
        };
        let options = self.cover_units & !barred;
        // Places no two of which a cover could share each need a cover of their own.
        let mut claimed = 0u64;
        let mut apart = 0;
        for x in cells_in(&left) {
            let mine = self.unit_masks[x] & options;
            if mine == 0 {
                return;
            }
            if mine & claimed == 0 {
                claimed |= mine;
                apart += 1;
                if apart > room {
                    return;
                }
            }
        }
        let mut barred = barred;
        for u in step::ones128(u128::from(self.unit_masks[c] & options)) {
            self.covers.push(u);
            self.cover(union, covered | self.units[u], fin_cells, barred);
            self.covers.pop();
            barred |= 1 << u;
        }
    }

    /// Once every base place outside the fins' unit `fin_cells` is covered, the
    /// `room` covers still to choose: each another unit holding such a place (it
    /// covers that place twice, and may take fins), from unit `from` on, none of
    /// `barred`. With rows against columns there is none (a place lies in one column,
    /// already taken). Where the digit can still be placed, at most one is needed: each
    /// chosen cover holds at most one true base place, and the fins' box one more.
    fn more_covers(
        &mut self,
        (union, covered, fin_cells): (Cells, Cells, Cells),
        barred: u64,
        room: usize,
        from: usize,
    ) {
        if room == 0 {
            self.emit(union, covered);
            return;
        }
        let taken = self.covers.iter().fold(barred, |m, &u| m | 1 << u);
        let outside = union & !fin_cells;
        for u in from..self.units.len() {
            if self.cover_units >> u & 1 == 1 && taken >> u & 1 == 0 && self.units[u] & outside != 0
            {
                self.covers.push(u);
                let covered = covered | self.units[u];
                self.more_covers((union, covered, fin_cells), barred, room - 1, u + 1);
                self.covers.pop();
            }
        }
    }

    /// Records the fish of the chosen bases and covers if it has a victim.
    fn emit(&mut self, union: Cells, covered: Cells) {
        let fins = union & !covered;
        let (mut once, mut twice): (Cells, Cells) = (0, 0);
        for &u in &self.covers {
            twice |= once & self.units[u];
            once |= self.units[u];
        }
        let victims = (once & self.places & !union) | (twice & union);
        if victims == 0 || !self.seen.insert((fins, victims)) {
            return;
        }
        self.out.push(Fish {
            digit: self.digit,
            bases: self.base_units,
            covers: self.covers.iter().fold(0, |m, &u| m | 1 << u),
            fins,
            victims,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::{position, puzzle_lines, settled};
    use super::*;
    use crate::backends::rules::engine::cellset::{holder_sets, unit_sets};
    use crate::backends::rules::engine::state::State;

    /// A tiny deterministic generator (xorshift64), so a failure replays.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// The fish of the line search in a position, each digit's checked equal to the
    /// general search's over rows and columns.
    fn line_fish_agree(b: &Board, s: &State, context: &str) -> Vec<Fish> {
        let (holders, units) = (holder_sets(b, s), unit_sets(b));
        let (tables, general) = (LineTables::new(b), Searcher::new(b, Shape::Lines, &units));
        let mut all = Vec::new();
        for d in 1..=b.n as u8 {
            let places = holders[d as usize - 1];
            let fast = tables.digit(d, places);
            let slow = general.digit(d, places);
            assert_eq!(summary(&fast), summary(&slow), "{context}: digit {d}");
            all.extend(fast);
        }
        all
    }

    /// The fish of one search as (digit, fins, victims), sorted.
    fn summary(fish: &[Fish]) -> Vec<(u8, Cells, Cells)> {
        let mut out: Vec<_> = fish.iter().map(|f| (f.digit, f.fins, f.victims)).collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn the_line_search_finds_what_the_general_search_finds_over_lines() {
        // Positions of magictour and forum-hardest puzzles where the ladder reaches
        // the fish rule, the ALS rule and template chains: per digit, the fish of the
        // masks of positions are those of the search over cell sets with rows and
        // columns.
        let magictour = include_str!("../../../../tests/data/magictour_top1465.txt");
        let forum = include_str!("../../../../tests/data/forum_hardest_1106.txt");
        let lines = puzzle_lines(magictour, 30).chain(puzzle_lines(forum, 15));
        let (mut finned, mut compared) = (0, 0);
        for line in lines {
            for rule in ["finned fish", "almost locked sets", "template chains"] {
                let (b, s) = settled(line, rule);
                let fast = line_fish_agree(&b, &s, &format!("{line} {rule}"));
                finned += fast.iter().filter(|f| f.fins != 0).count();
                compared += 9;
            }
        }
        assert!(finned > 100 && compared > 1000, "{finned} {compared}");
    }

    #[test]
    fn the_line_search_finds_what_the_general_search_finds_on_every_box_shape() {
        // Empty boards of rectangular boxes, classic and X, where each digit keeps a
        // random part of its cells: per digit, the two searches over rows and columns
        // find the same fish.
        use crate::model::{Geometry, Puzzle, Variant};
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        let mut found = 0;
        for (box_rows, box_cols, variant) in [
            (2, 2, Variant::Classic),
            (2, 3, Variant::Classic),
            (3, 2, Variant::X),
            (2, 4, Variant::Classic),
            (4, 2, Variant::X),
            (1, 9, Variant::Classic),
            (3, 3, Variant::X),
        ] {
            let g = std::sync::Arc::new(Geometry::new(box_rows, box_cols, variant).unwrap());
            let p = Puzzle::new(g.clone(), vec![0; g.cells()]);
            let b = Board::new(&g);
            for _ in 0..60 {
                let mut s = State::new(&b, &p);
                // About half the candidates go, at random.
                for c in 0..g.cells() {
                    for d in 1..=g.n as u8 {
                        if next().is_multiple_of(2) {
                            s.eliminate(&b, c, d);
                        }
                    }
                }
                found +=
                    line_fish_agree(&b, &s, &format!("{box_rows}x{box_cols} {variant:?}")).len();
            }
        }
        assert!(found > 500, "{found}");
    }

    #[test]
    fn a_finned_x_wing_is_found_with_its_fin_and_victims() {
        // An empty 9×9 grid where 4 goes in row 1 only at c2, c8 and in row 5 only at
        // c2, c8, c9: rows 1 and 5 are the bases, columns 2 and 8 the covers, r5c9 the
        // fin; every other 4 of columns 2 and 8 is a victim, and those of box 6
        // (r4c8, r6c8) see the fin.
        let mut gone: Vec<(usize, u8)> = Vec::new();
        for (row, keep) in [(0usize, &[1usize, 7][..]), (4, &[1, 7, 8][..])] {
            gone.extend(
                (0..9)
                    .filter(|c| !keep.contains(c))
                    .map(|c| (row * 9 + c, 4)),
            );
        }
        let (b, s) = position(&".".repeat(81), &gone);
        let fish = in_position(&b, &s, Shape::Lines);
        let finned: Vec<&Fish> = fish
            .iter()
            .filter(|f| f.digit == 4 && f.fins != 0)
            .collect();
        let want_victims: Cells = (0..9)
            .filter(|&r| r != 0 && r != 4)
            .fold(0, |m, r| m | 1 << (r * 9 + 1) | 1 << (r * 9 + 7));
        assert!(
            finned.iter().any(|f| f.bases == 1 << 0 | 1 << 4
                && f.covers == 1 << 10 | 1 << 16
                && f.fins == 1 << 44
                && f.victims == want_victims),
            "{finned:?}"
        );
        // No fish of another digit: every other digit is open everywhere.
        assert!(fish.iter().all(|f| f.digit == 4));
    }

    #[test]
    fn every_clause_of_every_shape_holds_in_every_placement_on_small_boards() {
        // 4×4 and 6×6 boards where digit 1 keeps a random part of its cells: for each
        // fish of each shape, every valid placement of the digit (one cell of each
        // row, column and box among its places, listed by brute force) that takes a
        // victim takes a fin too.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let (mut checked, mut finned) = ([0usize; 3], 0);
        for side in [4usize, 6] {
            for _ in 0..150 {
                let bits = next();
                // About a third of the cells lose the 1.
                let gone: Vec<(usize, u8)> = (0..side * side)
                    .filter(|&c| {
                        (bits >> (c % 32) & 1) + (bits >> (32 + c % 32) & 1) == 2 || c % 7 == 0
                    })
                    .map(|c| (c, 1))
                    .collect();
                let (b, s) = position(&".".repeat(side * side), &gone);
                let placements = valid_placements(&b, &s, 1);
                if placements.is_empty() {
                    continue;
                }
                for (k, shape) in [Shape::Lines, Shape::Franken, Shape::Mutant]
                    .into_iter()
                    .enumerate()
                {
                    for f in in_position(&b, &s, shape).iter().filter(|f| f.digit == 1) {
                        checked[k] += 1;
                        finned += usize::from(f.fins != 0);
                        for p in &placements {
                            assert!(
                                p & f.victims == 0 || p & f.fins != 0,
                                "{shape:?} {f:?} {p:b}"
                            );
                        }
                    }
                }
            }
        }
        assert!(
            checked.iter().all(|&n| n > 50) && finned > 50,
            "{checked:?} {finned}"
        );
    }

    /// Every valid placement of digit `d`: one cell of each row, column and box among
    /// its places, as cell sets, by a search over the rows.
    fn valid_placements(b: &Board, s: &State, d: u8) -> Vec<Cells> {
        let places = holder_sets(b, s)[d as usize - 1];
        let units = unit_sets(b);
        let mut out = Vec::new();
        let mut stack: Vec<(usize, Cells)> = vec![(0, 0)];
        while let Some((row, taken)) = stack.pop() {
            if row == b.n {
                if units.iter().all(|&u| (taken & u).count_ones() == 1) {
                    out.push(taken);
                }
                continue;
            }
            for c in cells_in(&(places & units[row])) {
                if units.iter().all(|&u| u >> c & 1 == 0 || taken & u == 0) {
                    stack.push((row + 1, taken | 1 << c));
                }
            }
        }
        out
    }

    /// Every fish of digit places `places` by brute force, as (fins, victims): for
    /// each pair of base and cover units in `passes`, every two to four bases with
    /// disjoint places (two or more each) and as many covers, none a base, whose fins
    /// lie in one box, each cover holding a base place outside that box.
    fn brute_fish(b: &Board, places: Cells, passes: &[(u64, u64)]) -> Vec<(Cells, Cells)> {
        let units = unit_sets(b);
        let boxes: Vec<Cells> = (0..units.len())
            .filter(|&u| b.geometry.units[u].kind == UnitKind::Box)
            .map(|u| units[u])
            .collect();
        let subsets = |from: Vec<usize>, k: usize| -> Vec<Vec<usize>> {
            let mut out = Vec::new();
            let mut stack: Vec<(usize, Vec<usize>)> = vec![(0, Vec::new())];
            while let Some((i, chosen)) = stack.pop() {
                if chosen.len() == k {
                    out.push(chosen);
                } else if i < from.len() {
                    let mut with = chosen.clone();
                    with.push(from[i]);
                    stack.push((i + 1, with));
                    stack.push((i + 1, chosen));
                }
            }
            out
        };
        let mut out = Vec::new();
        for &(base_units, cover_units) in passes {
            let open: Vec<usize> = (0..units.len())
                .filter(|&u| base_units >> u & 1 == 1 && (units[u] & places).count_ones() >= 2)
                .collect();
            for k in 2..=MAX_SIZE {
                for bases in subsets(open.clone(), k) {
                    let union = bases.iter().fold(0, |m, &u| m | (units[u] & places));
                    let sum: u32 = bases
                        .iter()
                        .map(|&u| (units[u] & places).count_ones())
                        .sum();
                    if union.count_ones() != sum {
                        continue;
                    }
                    let options: Vec<usize> = (0..units.len())
                        .filter(|&u| cover_units >> u & 1 == 1 && !bases.contains(&u))
                        .collect();
                    for covers in subsets(options, k) {
                        let (mut once, mut twice): (Cells, Cells) = (0, 0);
                        for &u in &covers {
                            twice |= once & units[u];
                            once |= units[u];
                        }
                        let fins = union & !once;
                        let fin_box = match boxes.iter().find(|&&x| fins & !x == 0) {
                            Some(&x) if fins != 0 => x,
                            Some(_) => 0,
                            None => continue,
                        };
                        if covers.iter().any(|&u| units[u] & union & !fin_box == 0) {
                            continue;
                        }
                        let victims = (once & places & !union) | (twice & union);
                        if victims != 0 {
                            out.push((fins, victims));
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_general_search_gives_every_clause_the_brute_force_gives() {
        // Small boards, classic and X, where digit 1 keeps a random part of its cells:
        // for every fish of each shape the brute force lists, each of its clauses
        // (victim false, or one of its fins holds the digit) is one the search gives,
        // or follows from one with fewer fins.
        use crate::model::{Geometry, Puzzle, Variant};
        let mut next = xorshift(0xd1b5_4a32_d192_ed03u64);
        let mut clauses = [0usize; 3];
        for (box_rows, box_cols, variant, samples) in [
            (2, 2, Variant::Classic, 150),
            (2, 2, Variant::X, 150),
            (2, 3, Variant::Classic, 25),
        ] {
            let g = std::sync::Arc::new(Geometry::new(box_rows, box_cols, variant).unwrap());
            let p = Puzzle::new(g.clone(), vec![0; g.cells()]);
            let b = Board::new(&g);
            let units = unit_sets(&b);
            let of = |kinds: &[UnitKind]| -> u64 {
                (0..units.len())
                    .filter(|&u| kinds.contains(&g.units[u].kind))
                    .fold(0, |m, u| m | 1 << u)
            };
            use UnitKind::{Box, Column, Row};
            let (rows, columns) = (of(&[Row]), of(&[Column]));
            let (rows_boxes, columns_boxes) = (of(&[Row, Box]), of(&[Column, Box]));
            let every = (1u64 << units.len()) - 1;
            let shapes = [
                (Shape::Lines, vec![(rows, columns), (columns, rows)]),
                (
                    Shape::Franken,
                    vec![(rows_boxes, columns_boxes), (columns_boxes, rows_boxes)],
                ),
                (Shape::Mutant, vec![(every, every)]),
            ];
            for _ in 0..samples {
                let mut s = State::new(&b, &p);
                // About a third of the cells lose the 1.
                for c in 0..g.cells() {
                    if next().is_multiple_of(3) {
                        s.eliminate(&b, c, 1);
                    }
                }
                let places = holder_sets(&b, &s)[0];
                for (k, (shape, passes)) in shapes.iter().enumerate() {
                    if *shape == Shape::Mutant && g.n > 4 {
                        continue;
                    }
                    let found = Searcher::new(&b, *shape, &units).digit(1, places);
                    for (fins, victims) in brute_fish(&b, places, passes) {
                        for v in cells_in(&victims) {
                            clauses[k] += 1;
                            assert!(
                                found
                                    .iter()
                                    .any(|f| f.victims >> v & 1 == 1 && f.fins & !fins == 0),
                                "{box_rows}x{box_cols} {variant:?} {shape:?}: places {places:b}, \
                                 victim {v}, fins {fins:b}"
                            );
                        }
                    }
                }
            }
        }
        assert!(clauses.iter().all(|&n| n > 1000), "{clauses:?}");
    }

    #[test]
    fn fish_kept_from_earlier_positions_are_the_fish_found_afresh() {
        let lines = include_str!("../../../../tests/data/magictour_top1465.txt");
        let mut kept = Kept::default();
        let mut total = 0;
        for line in puzzle_lines(lines, 20) {
            for rule in [
                "2-SAT",
                "finned fish",
                "almost locked sets",
                "template chains",
            ] {
                let (b, s) = settled(line, rule);
                let places = (&holder_sets(&b, &s)[..], &unit_sets(&b)[..]);
                let fresh = find(&b, Shape::Lines, places, &mut Kept::default());
                total += fresh.len();
                assert_eq!(find(&b, Shape::Lines, places, &mut kept), fresh, "{line}");
            }
        }
        assert!(total > 500, "{total}");
    }
}
