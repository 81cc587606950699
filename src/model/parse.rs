//! Reading puzzles from text. Six layouts are recognised, and may be mixed in one file:
//!
//! * one puzzle per line in compact form (`1-9`, then `A-Z` for 10 and up; `.`, `0`, `_` blank),
//!   the side coming from the length (16 → 4×4, 36 → 6×6, 81 → 9×9, 256, 625);
//! * whitespace-separated numbers (`0` or `.` blank), a whole puzzle on one line, or one
//!   row per line until N rows are read (a line of N*N numbers, such as 16, is a whole
//!   puzzle unless one of its values is above N: then it is the first row of a grid);
//! * the printed grid layout, rows of symbols with `|`, `-`, `+` separators;
//! * the matrix files of the ant-colony instances: the order, an ignored token, then N×N
//!   numbers with `-1` for blank;
//! * comma-separated rows of numbers, read like whitespace-separated ones;
//! * CSV with a header line naming its columns (Kaggle's `quizzes,solutions`, QQWing's
//!   `Puzzle,Solution,...`; see [`super::csv_text`]): the puzzle column in compact form
//!   or as numbers, an optional solution column (kept to check answers against) and an
//!   optional name column. The delimiter (`,`, `;` or tab) is sniffed from the header.
//!
//! Lines starting with `#` and blank lines are skipped; text after a `#` later on a line is
//! a comment too, and names the puzzle that starts on that line. A whole-line comment of
//! a header's shape (`# box 3x2 variant x`, see [`super::header`]) sets the box shape and
//! variant of the puzzles after it, until the next header line; a [`ParseOptions`] choice
//! that contradicts it is an error. A CSV's solution column is checked as it is read: a
//! full grid of the puzzle's values that keeps the givens and breaks no rule. Every error
//! names the file, the line (for a grid, the line of the cell at fault) and, where there is
//! one, the cell.
//!
//! The input is read as a stream ([`PuzzleReader`]), puzzle by puzzle and line by line:
//! a line longer than `MAX_LINE_BYTES` (64 KiB), bytes that are not UTF-8, a NUL byte or a lone
//! carriage return stop the reading at once with the line and column. A file may mix
//! sides (a 4x4 then a 9x9): each puzzle gets the board of its own side. Two equal
//! givens in one unit are well-formed text: a puzzle with no solution, whose conflict
//! [`Puzzle::conflict`] names.

mod block;
mod fpuzzles;

use super::csv_text::{csv_header, CsvColumns, RecordSplitter};
use super::format::{value_of_byte, value_of_symbol};
use super::geometry::{MAX_SIDE, MIN_SIDE};
use super::header::{parse_header, Header};
use super::lines::LineReader;
use super::{Geometry, Puzzle, Variant};
use crate::model::puzzle::Origin;
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::io::BufRead;
use std::sync::Arc;

/// Choices that the text alone cannot settle.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// Box shape `(rows, cols)` to use instead of the default for the side; `None` takes
    /// the header line's, else the default. One that contradicts a header is an error.
    pub box_shape: Option<(usize, usize)>,
    /// Variant whose units every puzzle gets; `None` takes the header line's, else
    /// classic. One that contradicts a header is an error.
    pub variant: Option<Variant>,
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

/// Reads every puzzle in `text`; `file` names the source in errors and origins. A thin
/// wrapper over [`PuzzleReader`], for text already in memory.
pub fn parse_puzzles(
    text: &str,
    file: &str,
    opts: &ParseOptions,
) -> Result<Vec<Puzzle>, ParseError> {
    PuzzleReader::new(text.as_bytes(), file, opts).collect()
}

/// The puzzles of a reader, parsed lazily one at a time: memory is bounded by one
/// puzzle and one line (at most `MAX_LINE_BYTES` (64 KiB)), whatever the size of the input.
/// The first error ends the iteration: nothing after it is read.
pub struct PuzzleReader<R> {
    lines: LineReader<R>,
    file: Arc<str>,
    opts: ParseOptions,
    geometries: HashMap<(usize, usize, Variant), Arc<Geometry>>,
    /// The header line in force and its line number, if one was read.
    header: Option<(usize, Header)>,
    /// Content lines read ahead (the layout is told from the first two), handled next.
    ahead: VecDeque<(usize, String)>,
    layout: Layout,
    /// Content lines handled so far (a CSV header can only be the first).
    handled: usize,
    pending: Option<PendingGrid>,
    finished: bool,
    /// The string of the content line last handled, reused for the next one.
    spare: String,
    /// The board last used and its key, looked up before `geometries`.
    last_geometry: Option<((usize, usize, Variant), Arc<Geometry>)>,
    /// The splitter of CSV records, made when a CSV header is read.
    splitter: Option<RecordSplitter>,
}

/// The layout of the input, told from its first content lines.
enum Layout {
    /// Nothing read yet.
    Unknown,
    /// Line-oriented layouts; the CSV columns once a header was read.
    Lines(Option<CsvColumns>),
    /// The ant-colony matrix layout: tokens read but not yet used, with their lines.
    Matrix(VecDeque<(usize, String)>),
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

/// Splits a line into its content and the comment after a `#`, if any.
fn split_comment(line: &str) -> (&str, Option<String>) {
    match memchr::memchr(b'#', line.as_bytes()).map(|i| (&line[..i], &line[i + 1..])) {
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

/// A piece of the input for a message: at most 20 characters, control characters escaped.
fn shown(text: &str) -> String {
    let mut s: String = text.chars().take(20).flat_map(char::escape_debug).collect();
    if text.chars().nth(20).is_some() {
        s.push_str("...");
    }
    s
}

impl<R: BufRead> PuzzleReader<R> {
    /// The puzzles of `input`; `file` names the source in errors and origins (`-` or
    /// `<stdin>` for standard input).
    pub fn new(input: R, file: &str, opts: &ParseOptions) -> PuzzleReader<R> {
        PuzzleReader {
            lines: LineReader::new(input),
            file: Arc::from(file),
            opts: opts.clone(),
            geometries: HashMap::new(),
            header: None,
            ahead: VecDeque::new(),
            layout: Layout::Unknown,
            handled: 0,
            pending: None,
            finished: false,
            spare: String::new(),
            last_geometry: None,
            splitter: None,
        }
    }

    fn error(&self, line: usize, cell: Option<String>, message: impl Into<String>) -> ParseError {
        ParseError {
            file: self.file.to_string(),
            line,
            cell,
            message: message.into(),
        }
    }

    /// The next line with content (not blank, not a whole-line `#` comment), trimmed.
    fn content_line(&mut self) -> Result<Option<(usize, String)>, ParseError> {
        if let Some(line) = self.ahead.pop_front() {
            return Ok(Some(line));
        }
        self.read_content_line()
    }

    /// The next content line from the input itself (not from the lines read ahead).
    fn read_content_line(&mut self) -> Result<Option<(usize, String)>, ParseError> {
        while let Some(line) = self.lines.next_line() {
            match line {
                Ok(text) => {
                    let text = text.trim();
                    if let Some(header) = text.strip_prefix('#').and_then(parse_header) {
                        self.set_header(self.lines.line(), header)?;
                    } else if !text.is_empty() && !text.starts_with('#') {
                        // Into the string of the line before, so that reading a line
                        // allocates nothing.
                        let mut owned = std::mem::take(&mut self.spare);
                        owned.clear();
                        owned.push_str(text);
                        return Ok(Some((self.lines.line(), owned)));
                    }
                }
                Err(e) => return Err(self.error(self.lines.line(), None, e.to_string())),
            }
        }
        Ok(None)
    }

    /// The next puzzle, `None` at the end of the input.
    fn next_puzzle(&mut self) -> Result<Option<Puzzle>, ParseError> {
        if let Layout::Unknown = self.layout {
            // The second line is read ahead only when the first could start a matrix.
            while self.ahead.len() < 2
                && (self.ahead.is_empty() || is_matrix_header(&self.ahead, 1))
            {
                match self.read_content_line()? {
                    Some(line) => self.ahead.push_back(line),
                    None => break,
                }
            }
            self.layout = if is_matrix_header(&self.ahead, 2) {
                Layout::Matrix(VecDeque::new())
            } else {
                Layout::Lines(None)
            };
        }
        if let Layout::Matrix(_) = self.layout {
            return self.next_matrix();
        }
        while let Some((line_no, line)) = self.content_line()? {
            let first = self.handled == 0;
            self.handled += 1;
            let read = self.read_line(line_no, &line, first);
            self.spare = line;
            if let Some(p) = read? {
                return Ok(Some(p));
            }
        }
        if let Some(grid) = &self.pending {
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
        Ok(None)
    }

    /// One content line of the line-oriented layouts: a puzzle when it completes one.
    fn read_line(
        &mut self,
        line_no: usize,
        line: &str,
        first: bool,
    ) -> Result<Option<Puzzle>, ParseError> {
        // An f-puzzles JSON object, whose strings may hold a `#` (colours).
        if self.pending.is_none() && line.starts_with('{') {
            return self.read_fpuzzles(line_no, line).map(Some);
        }
        let (line, label) = split_comment(line);
        if is_separator(line) {
            return Ok(None);
        }
        if first {
            match csv_header(line) {
                Some(Ok(columns)) => {
                    self.layout = Layout::Lines(Some(columns));
                    self.splitter = Some(RecordSplitter::new(columns.delimiter));
                    return Ok(None);
                }
                Some(Err(message)) => return Err(self.error(line_no, None, message)),
                None => {}
            }
        }
        if let Layout::Lines(Some(columns)) = self.layout {
            if is_qqwing_timer_summary(line) {
                return Ok(None);
            }
            return self
                .read_csv_record(line_no, line, columns, label)
                .map(Some);
        }
        let mut label = label;
        if self.pending.is_none() {
            if let Some(kind) = block::block_kind(line) {
                return self.read_block(line_no, line, kind, label).map(Some);
            }
            if let Some(p) = self.compact_line(line_no, line, &mut label)? {
                return Ok(Some(p));
            }
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
        if let Some(mut grid) = self.pending.take() {
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
            self.no_word_in_row(line_no, grid.n, grid.rows, &cells)?;
            grid.cells.extend(cells);
            grid.row_lines.push(line_no);
            grid.rows += 1;
            if grid.rows < grid.n {
                self.pending = Some(grid);
                return Ok(None);
            }
            let lines: Vec<usize> = grid
                .row_lines
                .iter()
                .flat_map(|&l| std::iter::repeat_n(l, grid.n))
                .collect();
            return self
                .finish(&lines, grid.n, grid.cells, grid.label)
                .map(Some);
        }
        let len = cells.len();
        let side = side_of(len);
        // A line of N*N cells is a whole puzzle unless a value is too large
        // for that side (then it is the first row of a larger grid).
        let fits_whole = cells
            .iter()
            .all(|c| c.as_ref().map_or(true, |&v| v as usize <= side));
        if side * side == len && side >= 4 && !line.contains('|') && (fits_whole || len > 64) {
            if side > MAX_SIDE {
                return Err(self.error(
                    line_no,
                    None,
                    format!(
                        "this line has {len} cells, a {side}x{side} puzzle; the side must be from {MIN_SIDE} to {MAX_SIDE}"
                    ),
                ));
            }
            return self.finish(&[line_no], side, cells, label).map(Some);
        }
        if (MIN_SIDE..=MAX_SIDE).contains(&len) && self.box_for(len).is_ok() {
            self.no_word_in_row(line_no, len, 0, &cells)?;
            self.pending = Some(PendingGrid {
                start_line: line_no,
                n: len,
                cells,
                row_lines: vec![line_no],
                rows: 1,
                label,
            });
            return Ok(None);
        }
        Err(self.error(
            line_no,
            None,
            format!(
                "this line has {len} cells: a puzzle on one line needs N*N cells \
                 (16, 36, 81, 256, 625, ...) and a grid row N cells with N from {MIN_SIDE} to {MAX_SIDE} \
                 that a box shape fits (use --box RxC)"
            ),
        ))
    }

    /// Reads content lines until `count` matrix tokens wait (or the input ends);
    /// whether any token waits.
    fn fill_tokens(&mut self, count: usize) -> Result<bool, ParseError> {
        loop {
            let waiting = match &self.layout {
                Layout::Matrix(tokens) => tokens.len(),
                _ => 0,
            };
            if waiting >= count {
                return Ok(true);
            }
            let Some((no, line)) = self.content_line()? else {
                return Ok(waiting > 0);
            };
            if let Layout::Matrix(tokens) = &mut self.layout {
                tokens.extend(line.split_whitespace().map(|t| (no, t.to_string())));
            }
        }
    }

    /// The ant-colony matrix layout: order, an ignored token, then N×N numbers (`-1` blank).
    fn next_matrix(&mut self) -> Result<Option<Puzzle>, ParseError> {
        if !self.fill_tokens(1)? {
            return Ok(None);
        }
        let Layout::Matrix(tokens) = &self.layout else {
            return Ok(None);
        };
        let (start_line, order_text) = tokens[0].clone();
        let order: usize = order_text
            .parse()
            .ok()
            .filter(|o| (2..=8).contains(o))
            .ok_or_else(|| {
                self.error(
                    start_line,
                    None,
                    format!(
                        "expected a matrix order from 2 to 8, found '{}'",
                        shown(&order_text)
                    ),
                )
            })?;
        let n = order * order;
        let needed = 2 + n * n;
        self.fill_tokens(needed)?;
        let Layout::Matrix(tokens) = &mut self.layout else {
            return Ok(None);
        };
        if tokens.len() < needed {
            let have = tokens.len().saturating_sub(2);
            return Err(self.error(
                start_line,
                None,
                format!(
                    "the order-{order} matrix that starts here has {have} of its {} cells",
                    n * n
                ),
            ));
        }
        let cells = tokens
            .drain(..needed)
            .skip(2)
            .map(|(_, t)| match t.parse::<i64>() {
                Ok(-1) => Ok(0),
                Ok(v) if v >= 0 => Ok(v),
                _ => Err(t),
            })
            .collect();
        self.finish(&[start_line], n, cells, None).map(Some)
    }

    /// Puts the header read at `line` in force, unless it contradicts the options or
    /// falls inside a grid being read.
    fn set_header(&mut self, line: usize, header: Header) -> Result<(), ParseError> {
        if let Some(grid) = &self.pending {
            return Err(self.error(
                line,
                None,
                format!(
                    "a header line inside the {n}x{n} grid that starts at line {}; put it before the grid",
                    grid.start_line,
                    n = grid.n
                ),
            ));
        }
        if let (Some((r, c)), Some((hr, hc))) = (self.opts.box_shape, header.box_shape) {
            if (r, c) != (hr, hc) {
                return Err(self.error(
                    line,
                    None,
                    format!("this header says box {hr}x{hc}, but --box {r}x{c} was given: drop --box (the header says it) or change the header"),
                ));
            }
        }
        if let (Some(v), Some(hv)) = (self.opts.variant, header.variant) {
            if v != hv {
                return Err(self.error(
                    line,
                    None,
                    format!(
                        "this header says variant {}, but --variant {} was given: drop --variant (the header says it) or change the header",
                        hv.name(),
                        v.name()
                    ),
                ));
            }
        }
        self.header = Some((line, header));
        Ok(())
    }

    /// The variant of the next puzzle: the option's, the header's, or classic.
    fn variant(&self) -> Variant {
        self.opts
            .variant
            .or(self.header.and_then(|(_, h)| h.variant))
            .unwrap_or_default()
    }

    fn box_for(&self, n: usize) -> Result<(usize, usize), String> {
        let from_header = self
            .header
            .and_then(|(line, h)| h.box_shape.map(|b| (line, b)));
        match (self.opts.box_shape, from_header) {
            (Some((r, c)), _) if r.checked_mul(c) == Some(n) => Ok((r, c)),
            (Some((r, c)), _) => Err(format!(
                "--box {r}x{c} does not fit a side of {n} ({r}*{c} = {})",
                r as u128 * c as u128
            )),
            (None, Some((_, (r, c)))) if r.checked_mul(c) == Some(n) => Ok((r, c)),
            (None, Some((line, (r, c)))) => Err(format!(
                "the header at line {line} says box {r}x{c}, which does not fit a side of {n}; give this puzzle a header of its own"
            )),
            (None, None) => Geometry::default_box(n)
                .ok_or_else(|| format!("a side of {n} has no box shape; give one with --box RxC")),
        }
    }

    fn geometry(&mut self, line: usize, n: usize) -> Result<Arc<Geometry>, ParseError> {
        let (r, c) = self.box_for(n).map_err(|m| self.error(line, None, m))?;
        let key = (r, c, self.variant());
        if let Some((last, g)) = &self.last_geometry {
            if *last == key {
                return Ok(g.clone());
            }
        }
        let g = match self.geometries.get(&key) {
            Some(g) => g.clone(),
            None => {
                let g = Geometry::new(r, c, key.2).map_err(|e| self.error(line, None, e.0))?;
                let g = Arc::new(g);
                self.geometries.insert(key, g.clone());
                g
            }
        };
        self.last_geometry = Some((key, g.clone()));
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
    ) -> Result<Puzzle, ParseError> {
        let mut fields = self
            .splitter
            .take()
            .unwrap_or_else(|| RecordSplitter::new(columns.delimiter));
        fields.split(line);
        let field = |i: usize, what: &str| {
            fields.field(i).filter(|f| !f.is_empty()).ok_or_else(|| {
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
        let side = side_of(cells.len());
        if side * side != cells.len() || !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            // A line of words (a note at the end of the file) is no puzzle of the wrong size.
            if let Some((_, word)) = first_word(&cells) {
                return Err(self.error(
                    line_no,
                    None,
                    format!("the puzzle column: {}", unknown_symbol(word)),
                ));
            }
            return Err(self.error(
                line_no,
                None,
                format!(
                    "the puzzle column has {} cells; a puzzle needs N*N (16, 36, 81, ...) with N from {MIN_SIDE} to {MAX_SIDE}",
                    cells.len()
                ),
            ));
        }
        let solution = match columns.solution {
            Some(col) => Some(split_cells(field(col, "solution")?)),
            None => None,
        };
        // A `#` comment names the puzzle, else the header's name column.
        let label = label.or_else(|| {
            columns
                .name
                .and_then(|col| fields.field(col))
                .filter(|f| !f.is_empty())
                .map(String::from)
        });
        self.splitter = Some(fields);
        let mut puzzle = self.finish(&[line_no], side, cells, label)?;
        if let Some(solution) = solution {
            let values = given_solution(&puzzle, solution)
                .map_err(|(cell, m)| self.error(line_no, cell, m))?;
            puzzle.expected = Some(values);
        }
        Ok(puzzle)
    }

    /// Refuses row `row` (0-based) of an `n`x`n` grid at once when a cell of it is no
    /// symbol and no number (a line of words such as `Number of Givens: 25` is no row),
    /// naming that cell, rather than reading on as if the line were a row.
    fn no_word_in_row(
        &mut self,
        line_no: usize,
        n: usize,
        row: usize,
        cells: &[RawCell],
    ) -> Result<(), ParseError> {
        let Some((col, token)) = first_word(cells) else {
            return Ok(());
        };
        let name = self.geometry(line_no, n)?.cell_name(row * n + col);
        Err(self.error(line_no, Some(name), unknown_symbol(token)))
    }

    /// Builds a puzzle from its cells; `lines` gives the line of each cell (one entry
    /// for a puzzle read from one line), so an error points at the cell's own line.
    fn finish(
        &mut self,
        lines: &[usize],
        n: usize,
        raw: Vec<RawCell>,
        label: Option<String>,
    ) -> Result<Puzzle, ParseError> {
        let line_of = |i: usize| lines.get(i).or(lines.last()).copied().unwrap_or(0);
        let line = line_of(0);
        let geometry = self.geometry(line, n)?;
        let mut cells = Vec::with_capacity(raw.len());
        for (i, cell) in raw.into_iter().enumerate() {
            // Named only for an error: formatting every cell's name costs more than the
            // whole rest of the parse.
            let name = || Some(geometry.cell_name(i));
            let line = line_of(i);
            match cell {
                Ok(v) if v as usize <= n => cells.push(v as u8),
                Ok(v) => {
                    return Err(self.error(
                        line,
                        name(),
                        format!("value {v} is above {n}, the largest of a {n}x{n} grid"),
                    ))
                }
                Err(t) if t.bytes().all(|b| b.is_ascii_digit()) => {
                    return Err(self.error(
                        line,
                        name(),
                        format!(
                            "value {} is above {n}, the largest of a {n}x{n} grid",
                            shown(&t)
                        ),
                    ))
                }
                Err(t) => return Err(self.error(line, name(), unknown_symbol(&t))),
            }
        }
        self.puzzle(geometry, line, cells, label)
    }

    /// A puzzle of `geometry` read at `line`, whose cells the reader has checked; cells
    /// that still do not fit are reported at that line, never a panic.
    fn puzzle(
        &self,
        geometry: Arc<Geometry>,
        line: usize,
        cells: Vec<u8>,
        label: Option<String>,
    ) -> Result<Puzzle, ParseError> {
        let mut puzzle =
            Puzzle::try_new(geometry, cells).map_err(|e| self.error(line, None, e.to_string()))?;
        puzzle.origin = Origin {
            file: self.file.clone(),
            line,
        };
        puzzle.label = label;
        Ok(puzzle)
    }

    /// A whole puzzle on one line in compact form whose every symbol is a value of its
    /// side (the common case of large files), read without the general path's
    /// per-cell allocations; `None` for any other line, which the general path reads
    /// (and, if need be, reports) as before.
    fn compact_line(
        &mut self,
        line_no: usize,
        line: &str,
        label: &mut Option<String>,
    ) -> Result<Option<Puzzle>, ParseError> {
        let Some(cells) = compact_values(line) else {
            return Ok(None);
        };
        let geometry = self.geometry(line_no, side_of(cells.len()))?;
        self.puzzle(geometry, line_no, cells, label.take())
            .map(Some)
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        let next = self.next_puzzle();
        if !matches!(next, Ok(Some(_))) {
            self.finished = true;
        }
        next.transpose()
    }
}

/// The first of `cells` that is no symbol and no number (a word), with its place.
fn first_word(cells: &[RawCell]) -> Option<(usize, &str)> {
    cells.iter().enumerate().find_map(|(i, c)| match c {
        Err(t) if !t.bytes().all(|b| b.is_ascii_digit()) => Some((i, t.as_str())),
        _ => None,
    })
}

/// What is said of a cell that is no symbol.
fn unknown_symbol(token: &str) -> String {
    format!(
        "unknown symbol '{}' (values are 1-9 then A-Z, or numbers; blanks are '.', '0' or '_')",
        shown(token)
    )
}

/// The values of a CSV's solution column for `puzzle`, checked: a full grid of its
/// values that keeps every given and repeats no value in a unit; else the cell at fault
/// (when there is one) and what is wrong.
fn given_solution(puzzle: &Puzzle, raw: Vec<RawCell>) -> Result<Vec<u8>, (Option<String>, String)> {
    let g = &puzzle.geometry;
    let n = g.n;
    if raw.len() != g.cells() {
        return Err((
            None,
            format!(
                "the given solution has {} cells; a {n}x{n} grid needs {}",
                raw.len(),
                g.cells()
            ),
        ));
    }
    let mut values = Vec::with_capacity(raw.len());
    for (i, cell) in raw.into_iter().enumerate() {
        let name = Some(g.cell_name(i));
        let v = match cell {
            Ok(v) if (1..=n as i64).contains(&v) => v as u8,
            Ok(0) => return Err((name, "the given solution leaves this cell blank".into())),
            Ok(v) => {
                return Err((
                    name,
                    format!("the given solution has {v}, above {n}, the largest of a {n}x{n} grid"),
                ))
            }
            Err(t) => {
                return Err((
                    name,
                    format!("the given solution has '{}', not a value", shown(&t)),
                ))
            }
        };
        let given = puzzle.cells[i];
        if given != 0 && given != v {
            return Err((
                name,
                format!("the given solution has {v} where the puzzle gives {given}"),
            ));
        }
        values.push(v);
    }
    for unit in &g.units {
        let mut first_at = vec![usize::MAX; n + 1];
        for &cell in &unit.cells {
            let v = values[cell] as usize;
            if first_at[v] != usize::MAX {
                return Err((
                    Some(g.cell_name(cell)),
                    format!(
                        "the given solution repeats the {v} at {} in {}",
                        g.cell_name(first_at[v]),
                        unit.name()
                    ),
                ));
            }
            first_at[v] = cell;
        }
    }
    Ok(values)
}

/// The side of a square grid of `cells` cells, if it is one (else a number whose square
/// is not `cells`, which every caller checks). In integers: rounding a float square root
/// is a library call on baseline x86-64, paid twice a line.
fn side_of(cells: usize) -> usize {
    cells.isqrt()
}

/// The values of a line that is one whole puzzle in compact form (one symbol per cell,
/// nothing else, the side from the length, every value at most the side): what the
/// general path makes of such a line, without its allocations. `None` for any other
/// line.
fn compact_values(line: &str) -> Option<Vec<u8>> {
    let bytes = line.as_bytes();
    let side = side_of(bytes.len());
    if side * side != bytes.len() || !(MIN_SIDE..=MAX_SIDE).contains(&side) {
        return None;
    }
    // Every byte looked up, and the largest value checked once at the end: a byte
    // that is no symbol (a byte of a longer UTF-8 character among them) counts as
    // 255, above every side.
    let mut largest = 0u8;
    let cells: Vec<u8> = bytes
        .iter()
        .map(|&b| {
            let v = value_of_byte(b).unwrap_or(u8::MAX);
            largest = largest.max(v);
            v
        })
        .collect();
    (usize::from(largest) <= side).then_some(cells)
}

/// The file starts with a lone order (2-8) then a lone integer: the ant-colony matrix
/// layout. Looks at the first `lines` (1 or 2) content lines only.
fn is_matrix_header(ahead: &VecDeque<(usize, String)>, lines: usize) -> bool {
    let lone_int = |i: usize| {
        ahead
            .get(i)
            .is_some_and(|(_, l)| !l.contains(char::is_whitespace) && l.parse::<i64>().is_ok())
    };
    let order = ahead
        .front()
        .is_some_and(|(_, l)| l.parse::<usize>().is_ok_and(|o| (2..=8).contains(&o)));
    order && lone_int(0) && (lines < 2 || lone_int(1))
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

/// QQWing's `--timer` summary after its CSV rows (`3 puzzles generated in 0.0152
/// seconds.`, `1 puzzle solved in 9.4e-05 seconds.`): part of the file as QQWing writes
/// it, no row of the table.
fn is_qqwing_timer_summary(line: &str) -> bool {
    // Every other record of the file is turned away by this test alone.
    if !line.trim_end().ends_with(" seconds.") {
        return false;
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let [count, noun, verb, "in", time, "seconds."] = words[..] else {
        return false;
    };
    count.parse::<u64>().is_ok()
        && matches!(noun, "puzzle" | "puzzles")
        && matches!(verb, "generated" | "solved")
        && time.parse::<f64>().is_ok()
}
