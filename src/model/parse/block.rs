//! The block format for Killer and Jigsaw puzzles (documented in
//! `encodings/variants.md`): a line `killer`, `jigsaw` or `killer-jigsaw` (with an
//! optional side such as `9x9` and `variant x`), then sections, each a `name:` line and
//! its rows — `givens:` (the grid, optional), `regions:` (a label per cell, one label
//! per region), `cages:` (a label per cell, `.` outside every cage), `sums:` (one or
//! more lines of `label=total`) and `solution:` (optional: the grid answers are checked
//! against, as a CSV's solutions column is). The block ends at the first line that is not part of
//! it. Every error names the line, and the cell where there is one.

use super::{shown, split_comment, ParseError, PuzzleReader};
use crate::model::cage::{check_cages, sum_range, Cage};
use crate::model::format::value_of_symbol;
use crate::model::geometry::{MAX_SIDE, MIN_SIDE};
use crate::model::regions::{check_regions, flood};
use crate::model::{Geometry, Puzzle, Variant};
use std::collections::HashMap;
use std::io::BufRead;
use std::sync::Arc;

/// What a block holds, from the word that starts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BlockKind {
    /// The board has Killer cages (`cages:` and `sums:` required).
    pub cages: bool,
    /// The board has Jigsaw regions (`regions:` required).
    pub regions: bool,
}

impl BlockKind {
    /// The word that starts a block of this kind.
    pub fn word(self) -> &'static str {
        match (self.cages, self.regions) {
            (true, true) => "killer-jigsaw",
            (true, false) => "killer",
            _ => "jigsaw",
        }
    }
}

/// The kind of block a content line starts, if it starts one.
pub(crate) fn block_kind(line: &str) -> Option<BlockKind> {
    let word = line.split_whitespace().next()?.to_ascii_lowercase();
    let (cages, regions) = match word.as_str() {
        "killer" => (true, false),
        "jigsaw" => (false, true),
        "killer-jigsaw" | "jigsaw-killer" => (true, true),
        _ => return None,
    };
    Some(BlockKind { cages, regions })
}

/// A section's rows as read: each row's line and its labels.
struct Rows {
    /// The line of the section's `name:` line.
    line: usize,
    rows: Vec<(usize, Vec<String>)>,
}

/// The labels of a row: one per character when the row has no blank, else its
/// whitespace-separated words.
fn labels(row: &str) -> Vec<String> {
    if row.contains(char::is_whitespace) {
        row.split_whitespace().map(str::to_string).collect()
    } else {
        row.chars().map(String::from).collect()
    }
}

/// The name of a section line (`cages:` → `cages`), if it is one.
fn section_name(line: &str) -> Option<String> {
    let (name, rest) = line.split_once(':')?;
    let name = name.trim().to_ascii_lowercase();
    (rest.trim().is_empty() || name == "sums")
        .then_some(name)
        .filter(|n| ["givens", "regions", "cages", "sums", "solution"].contains(&n.as_str()))
}

impl<R: BufRead> PuzzleReader<R> {
    /// Reads the block that `first` (at `line_no`) starts; `label` names the puzzle.
    pub(super) fn read_block(
        &mut self,
        line_no: usize,
        first: &str,
        kind: BlockKind,
        label: Option<String>,
    ) -> Result<Puzzle, ParseError> {
        let (n_said, variant) = self.block_line(line_no, first, kind)?;
        let mut sections: HashMap<String, Rows> = HashMap::new();
        let mut sums: Vec<(usize, String, String)> = Vec::new();
        let mut n = n_said;
        while let Some((at, text)) = self.content_line()? {
            let (content, _) = split_comment(&text);
            let Some(name) = section_name(content) else {
                self.ahead.push_front((at, text));
                break;
            };
            if sections.contains_key(&name) || (name == "sums" && !sums.is_empty()) {
                return Err(self.error(at, None, format!("a second '{name}:' in one block")));
            }
            if name == "sums" {
                let first = content.split_once(':').map_or("", |(_, r)| r).to_string();
                self.read_sums(at, &first, &mut sums)?;
                continue;
            }
            let rows = self.read_rows(at, &name, &mut n)?;
            sections.insert(name, rows);
        }
        let Some(n) = n else {
            return Err(self.error(
                line_no,
                None,
                format!(
                    "the {} block has no grid: give it 'cages:', 'regions:' or 'givens:' rows",
                    kind.word()
                ),
            ));
        };
        for (wanted, needed) in [("cages", kind.cages), ("regions", kind.regions)] {
            match (sections.contains_key(wanted), needed) {
                (false, true) => {
                    return Err(self.error(
                        line_no,
                        None,
                        format!("a {} block needs '{wanted}:' rows", kind.word()),
                    ))
                }
                (true, false) => {
                    return Err(self.error(
                        sections[wanted].line,
                        None,
                        format!(
                            "a {} block has no {wanted}; start the block with '{}' for both",
                            kind.word(),
                            "killer-jigsaw"
                        ),
                    ))
                }
                _ => {}
            }
        }
        if !kind.cages && !sums.is_empty() {
            return Err(self.error(sums[0].0, None, "sums without cages"));
        }
        let name = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
        let geometry = match sections.get("regions") {
            Some(rows) => {
                let map = self.label_map(rows, n, false)?;
                let regions: Vec<u8> = map.iter().map(|&g| g.unwrap_or(0) as u8).collect();
                if let Err(e) = check_regions(n, &regions) {
                    return Err(self.error(rows.line, None, format!("the regions: {e}")));
                }
                Geometry::with_regions(n, &regions, variant)
            }
            None => {
                let (r, c) = self.box_for(n).map_err(|m| self.error(line_no, None, m))?;
                Geometry::new(r, c, variant)
            }
        }
        .map_err(|e| self.error(line_no, None, e.0))?;
        let geometry = match sections.get("cages") {
            Some(rows) => {
                let cages = self.cages(rows, n, &sums)?;
                let line = sums.first().map_or(rows.line, |s| s.0);
                geometry
                    .with_cages(cages)
                    .map_err(|e| self.error(line, None, e.0))?
            }
            None => geometry,
        };
        let mut cells = vec![0u8; n * n];
        if let Some(rows) = sections.get("givens") {
            for (r, (at, row)) in rows.rows.iter().enumerate() {
                for (c, token) in row.iter().enumerate() {
                    let value = match token.as_str() {
                        "." | "0" | "_" => Some(0),
                        t if t.chars().count() == 1 && n <= 35 => {
                            t.chars().next().and_then(value_of_symbol)
                        }
                        t => t.parse::<u8>().ok(),
                    };
                    match value {
                        Some(v) if v as usize <= n => cells[r * n + c] = v,
                        _ => {
                            return Err(self.error(
                                *at,
                                Some(name(r * n + c)),
                                format!(
                                "'{}' is not a value of a {n}x{n} grid (1 to {n}, or . for blank)",
                                shown(token)
                            ),
                            ))
                        }
                    }
                }
            }
        }
        let mut puzzle = self.puzzle(Arc::new(geometry), line_no, cells, label)?;
        if let Some(rows) = sections.get("solution") {
            let raw = rows
                .rows
                .iter()
                .flat_map(|(_, row)| row.iter().map(|t| super::parse_token(t)))
                .collect();
            let values = super::given_solution(&puzzle, raw)
                .map_err(|(cell, m)| self.error(rows.line, cell, m))?;
            if !puzzle.geometry.is_solution(&values) {
                return Err(self.error(
                    rows.line,
                    None,
                    "the given solution breaks a cage (a digit twice, or another total)",
                ));
            }
            puzzle.expected = Some(values);
        }
        Ok(puzzle)
    }

    /// The side and variant the block's first line names (`killer 9x9 variant x`).
    fn block_line(
        &self,
        line_no: usize,
        first: &str,
        kind: BlockKind,
    ) -> Result<(Option<usize>, Variant), ParseError> {
        let (content, _) = split_comment(first);
        let words: Vec<&str> = content.split_whitespace().skip(1).collect();
        let mut n = None;
        let mut variant = None;
        let mut i = 0;
        while i < words.len() {
            let w = words[i].to_ascii_lowercase();
            if w == "variant" && i + 1 < words.len() {
                variant = Some(
                    Variant::from_name(words[i + 1]).map_err(|e| self.error(line_no, None, e.0))?,
                );
                i += 2;
                continue;
            }
            match w
                .split_once('x')
                .map(|(a, b)| (a.parse::<usize>(), b.parse::<usize>()))
            {
                Some((Ok(a), Ok(b))) if a == b && (MIN_SIDE..=MAX_SIDE).contains(&a) => n = Some(a),
                _ => {
                    return Err(self.error(
                        line_no,
                        None,
                        format!(
                            "'{}' after '{}': expected a side such as 9x9 or 'variant x'",
                            shown(words[i]),
                            kind.word()
                        ),
                    ))
                }
            }
            i += 1;
        }
        let variant = variant.unwrap_or_else(|| self.variant());
        Ok((n, variant))
    }

    /// The rows of a grid section that starts at `at`: `n` of them, `n` labels each (the
    /// side taken from the first row when not yet known).
    fn read_rows(
        &mut self,
        at: usize,
        name: &str,
        n: &mut Option<usize>,
    ) -> Result<Rows, ParseError> {
        let mut rows = Vec::new();
        loop {
            if let Some(n) = *n {
                if rows.len() == n {
                    break;
                }
            }
            let Some((line, text)) = self.content_line()? else {
                return Err(self.error(
                    at,
                    None,
                    format!("the '{name}:' rows end after {} rows", rows.len()),
                ));
            };
            let (content, _) = split_comment(&text);
            let row = labels(content);
            let side = match *n {
                Some(side) => side,
                None if (MIN_SIDE..=MAX_SIDE).contains(&row.len()) => {
                    *n = Some(row.len());
                    row.len()
                }
                None => {
                    return Err(self.error(
                        line,
                        None,
                        format!(
                            "a row of {} cells; a side is from {MIN_SIDE} to {MAX_SIDE}",
                            row.len()
                        ),
                    ))
                }
            };
            if section_name(content).is_some() || row.len() != side {
                return Err(self.error(
                    line,
                    None,
                    format!(
                        "row {} of '{name}:' has {} cells; every row needs {side}",
                        rows.len() + 1,
                        row.len()
                    ),
                ));
            }
            rows.push((line, row));
        }
        Ok(Rows { line: at, rows })
    }

    /// Reads `label=total` pairs from `first` (the rest of the `sums:` line at `at`) and
    /// the lines after it that hold nothing else.
    fn read_sums(
        &mut self,
        at: usize,
        first: &str,
        sums: &mut Vec<(usize, String, String)>,
    ) -> Result<(), ParseError> {
        let pairs = |text: &str| -> Option<Vec<(String, String)>> {
            text.split_whitespace()
                .map(|w| {
                    w.split_once('=')
                        .map(|(l, t)| (l.to_string(), t.to_string()))
                })
                .collect()
        };
        match pairs(first) {
            Some(p) => sums.extend(p.into_iter().map(|(l, t)| (at, l, t))),
            None => return Err(self.error(at, None, "sums are written label=total, such as a=15")),
        }
        while let Some((line, text)) = self.content_line()? {
            let (content, _) = split_comment(&text);
            match pairs(content).filter(|p| !p.is_empty()) {
                Some(p) => sums.extend(p.into_iter().map(|(l, t)| (line, l, t))),
                None => {
                    self.ahead.push_front((line, text));
                    break;
                }
            }
        }
        Ok(())
    }

    /// The label index of each cell of a labelled grid, in order of first appearance;
    /// `None` for `.` where `dots` allows it.
    fn label_map(
        &self,
        rows: &Rows,
        n: usize,
        dots: bool,
    ) -> Result<Vec<Option<usize>>, ParseError> {
        let mut index: HashMap<&str, usize> = HashMap::new();
        let mut map = Vec::with_capacity(n * n);
        for (at, row) in &rows.rows {
            for (c, token) in row.iter().enumerate() {
                if token == "." {
                    if !dots {
                        let cell = (map.len() / n) * n + c;
                        return Err(self.error(
                            *at,
                            Some(format!("r{}c{}", cell / n + 1, cell % n + 1)),
                            "every cell of a Jigsaw board is in a region; '.' is not a region",
                        ));
                    }
                    map.push(None);
                    continue;
                }
                let next = index.len();
                map.push(Some(*index.entry(token.as_str()).or_insert(next)));
            }
        }
        Ok(map)
    }

    /// The cages the `cages:` rows and the sums give, each checked to be one connected
    /// piece with a total it can make.
    fn cages(
        &self,
        rows: &Rows,
        n: usize,
        sums: &[(usize, String, String)],
    ) -> Result<Vec<Cage>, ParseError> {
        let map = self.label_map(rows, n, true)?;
        let mut labels: Vec<&str> = Vec::new();
        for (_, row) in &rows.rows {
            for token in row {
                if token != "." && !labels.contains(&token.as_str()) {
                    labels.push(token);
                }
            }
        }
        let row_line = |cell: usize| rows.rows[cell / n].0;
        let name = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
        let mut cages = Vec::with_capacity(labels.len());
        for (k, label) in labels.iter().enumerate() {
            let cells: Vec<usize> = (0..n * n).filter(|&c| map[c] == Some(k)).collect();
            let first = cells[0];
            let total = sums
                .iter()
                .filter(|(_, l, _)| l == label)
                .collect::<Vec<_>>();
            let (line, text) = match total.as_slice() {
                [] => {
                    return Err(self.error(
                        row_line(first),
                        Some(name(first)),
                        format!(
                            "cage '{}' has no total: add {}=TOTAL to the sums",
                            shown(label),
                            shown(label)
                        ),
                    ))
                }
                [one] => (one.0, &one.2),
                [_, second, ..] => {
                    return Err(self.error(
                        second.0,
                        None,
                        format!("cage '{}' has two totals", shown(label)),
                    ))
                }
            };
            let sum = text.parse::<u32>().map_err(|_| {
                self.error(
                    line,
                    None,
                    format!(
                        "the total of cage '{}' is '{}', not a number",
                        shown(label),
                        shown(text)
                    ),
                )
            })?;
            // A label written twice by mistake first: its total cannot fit both.
            if let Some(apart) = disconnected(&cells, n) {
                return Err(self.error(
                    row_line(apart),
                    Some(name(apart)),
                    format!(
                        "cage '{}' is in two pieces ({} does not touch {}): give each cage a label of its own",
                        shown(label),
                        name(apart),
                        name(first)
                    ),
                ));
            }
            let (low, high) = sum_range(n, cells.len());
            if cells.len() <= n && !(low..=high).contains(&sum) {
                return Err(self.error(
                    line,
                    Some(name(first)),
                    format!(
                        "cage '{}' has {} cells and total {sum}; {} distinct digits add up to {low} to {high}",
                        shown(label),
                        cells.len(),
                        cells.len()
                    ),
                ));
            }
            cages.push(Cage { cells, sum });
        }
        if let Some((line, label, _)) = sums.iter().find(|(_, l, _)| !labels.contains(&l.as_str()))
        {
            return Err(self.error(
                *line,
                None,
                format!(
                    "a total for '{}', which labels no cell of the cages",
                    shown(label)
                ),
            ));
        }
        if let Err(e) = check_cages(n, n * n, &cages) {
            let line = sums.first().map_or(rows.line, |s| s.0);
            return Err(self.error(line, None, e));
        }
        Ok(cages)
    }
}

/// A cell of `cells` (sorted, on a board of side `n`) that the first does not reach
/// through side-by-side neighbours in the set, if any.
fn disconnected(cells: &[usize], n: usize) -> Option<usize> {
    let reached = flood(n, cells[0], |d| cells.binary_search(&d).is_ok());
    cells.iter().copied().find(|&c| !reached[c])
}
