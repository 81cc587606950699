//! A generic exact-cover engine: Knuth's Algorithm X on Dancing Links, with the
//! minimum-column-size heuristic. Nodes live in an index arena; node 0 is the root and
//! nodes `1..=columns` are the column headers.

use std::time::Instant;

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchEnd {
    /// The whole tree was explored.
    Complete,
    /// The solution limit was reached.
    LimitReached,
    /// The deadline passed first.
    DeadlineReached,
}

/// Effort counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchCounters {
    /// Rows tried.
    pub nodes: u64,
    /// Dead ends (a column no row can cover).
    pub backtracks: u64,
    /// Link updates made by cover operations (Knuth's "updates").
    pub updates: u64,
}

/// An exact-cover matrix with primary columns only, searched once.
#[derive(Clone, Debug)]
pub struct ExactCover {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    col: Vec<u32>,
    row_of: Vec<u32>,
    size: Vec<u32>,
    columns: usize,
    /// First node of each row.
    row_start: Vec<u32>,
    /// Rows chosen before the search (givens), then by it.
    chosen: Vec<u32>,
    covered_before_search: usize,
    /// Effort so far.
    pub counters: SearchCounters,
}

impl ExactCover {
    /// An empty matrix with `columns` primary columns.
    pub fn new(columns: usize) -> ExactCover {
        let headers = columns + 1;
        let mut m = ExactCover {
            left: (0..headers as u32)
                .map(|i| if i == 0 { columns as u32 } else { i - 1 })
                .collect(),
            right: (0..headers as u32)
                .map(|i| if i as usize == columns { 0 } else { i + 1 })
                .collect(),
            up: (0..headers as u32).collect(),
            down: (0..headers as u32).collect(),
            col: (0..headers as u32).collect(),
            row_of: vec![u32::MAX; headers],
            size: vec![0; headers],
            columns,
            row_start: Vec::new(),
            chosen: Vec::new(),
            covered_before_search: 0,
            counters: SearchCounters::default(),
        };
        m.size[0] = u32::MAX;
        m
    }

    /// Number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Number of rows added.
    pub fn rows(&self) -> usize {
        self.row_start.len()
    }

    /// Number of 1s in the matrix.
    pub fn nonzeros(&self) -> usize {
        self.col.len() - self.columns - 1
    }

    /// The columns row `row` covers (0-based), in the order it was added with.
    pub fn row_columns(&self, row: usize) -> Vec<usize> {
        let start = self.row_start[row];
        let mut out = vec![self.col[start as usize] as usize - 1];
        let mut j = self.right[start as usize];
        while j != start {
            out.push(self.col[j as usize] as usize - 1);
            j = self.right[j as usize];
        }
        out
    }

    /// Adds a row covering the given columns (0-based, distinct); returns its index.
    pub fn add_row(&mut self, columns: &[usize]) -> usize {
        let row = self.row_start.len() as u32;
        let first = self.col.len() as u32;
        self.row_start.push(first);
        let count = columns.len() as u32;
        for (k, &c) in columns.iter().enumerate() {
            debug_assert!(c < self.columns);
            let node = first + k as u32;
            let header = c as u32 + 1;
            self.left
                .push(if k == 0 { first + count - 1 } else { node - 1 });
            self.right.push(if k as u32 == count - 1 {
                first
            } else {
                node + 1
            });
            let last = self.up[header as usize];
            self.up.push(last);
            self.down.push(header);
            self.down[last as usize] = node;
            self.up[header as usize] = node;
            self.col.push(header);
            self.row_of.push(row);
            self.size[header as usize] += 1;
        }
        row as usize
    }

    /// Chooses a row before the search (a given). Returns false if one of its columns is
    /// already covered: the pre-selection is then contradictory and there is no solution.
    pub fn select_row(&mut self, row: usize) -> bool {
        let start = self.row_start[row];
        let mut j = start;
        loop {
            let c = self.col[j as usize];
            if self.right[self.left[c as usize] as usize] != c {
                return false;
            }
            j = self.right[j as usize];
            if j == start {
                break;
            }
        }
        loop {
            self.cover(self.col[j as usize]);
            j = self.right[j as usize];
            if j == start {
                break;
            }
        }
        self.chosen.push(start);
        self.covered_before_search = self.chosen.len();
        true
    }

    fn cover(&mut self, c: u32) {
        let c = c as usize;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c];
        while i as usize != c {
            let mut j = self.right[i as usize];
            while j != i {
                let (u, d) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.size[self.col[j as usize] as usize] -= 1;
                self.counters.updates += 1;
                j = self.right[j as usize];
            }
            i = self.down[i as usize];
        }
    }

    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.up[c];
        while i as usize != c {
            let mut j = self.left[i as usize];
            while j != i {
                self.size[self.col[j as usize] as usize] += 1;
                let (u, d) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = j;
                self.up[d as usize] = j;
                j = self.left[j as usize];
            }
            i = self.up[i as usize];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = c as u32;
        self.left[r as usize] = c as u32;
    }

    /// Covers the columns of the row of node `r` other than `r`'s own.
    fn cover_rest_of_row(&mut self, r: u32) {
        let mut j = self.right[r as usize];
        while j != r {
            self.cover(self.col[j as usize]);
            j = self.right[j as usize];
        }
    }

    fn uncover_rest_of_row(&mut self, r: u32) {
        let mut j = self.left[r as usize];
        while j != r {
            self.uncover(self.col[j as usize]);
            j = self.left[j as usize];
        }
    }

    /// The uncovered column with the fewest rows (the first such, on ties).
    fn choose_column(&self) -> u32 {
        let mut best = 0u32;
        let mut best_size = u32::MAX;
        let mut c = self.right[0];
        while c != 0 {
            let s = self.size[c as usize];
            if s < best_size {
                best = c;
                best_size = s;
                if s <= 1 {
                    break;
                }
            }
            c = self.right[c as usize];
        }
        best
    }

    /// Searches for exact covers, calling `on_solution` with the chosen rows (pre-selected
    /// first) for each, until `limit` solutions, the end of the tree, or `deadline`.
    pub fn search(
        &mut self,
        limit: u64,
        deadline: Option<Instant>,
        mut on_solution: impl FnMut(&[usize]),
    ) -> SearchEnd {
        let mut found = 0u64;
        let mut descend = true;
        let mut until_clock = 0u32;
        let mut rows: Vec<usize> = Vec::new();
        loop {
            if descend {
                if self.right[0] == 0 {
                    rows.clear();
                    rows.extend(
                        self.chosen
                            .iter()
                            .map(|&n| self.row_of[n as usize] as usize),
                    );
                    on_solution(&rows);
                    found += 1;
                    if found >= limit {
                        return SearchEnd::LimitReached;
                    }
                    descend = false;
                    continue;
                }
                if until_clock == 0 {
                    until_clock = 1024;
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        return SearchEnd::DeadlineReached;
                    }
                }
                until_clock -= 1;
                let c = self.choose_column();
                if self.size[c as usize] == 0 {
                    self.counters.backtracks += 1;
                    descend = false;
                    continue;
                }
                self.cover(c);
                let r = self.down[c as usize];
                self.chosen.push(r);
                self.cover_rest_of_row(r);
                self.counters.nodes += 1;
            } else {
                if self.chosen.len() == self.covered_before_search {
                    return SearchEnd::Complete;
                }
                let r = self
                    .chosen
                    .pop()
                    .expect("stack is above the pre-selected rows");
                let c = self.col[r as usize];
                self.uncover_rest_of_row(r);
                let next = self.down[r as usize];
                if next != c {
                    self.chosen.push(next);
                    self.cover_rest_of_row(next);
                    self.counters.nodes += 1;
                    descend = true;
                } else {
                    self.uncover(c);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Knuth's example from "Dancing Links": columns A-G, the unique cover is rows 0, 3, 4.
    fn knuth_example() -> ExactCover {
        let mut m = ExactCover::new(7);
        for row in [
            &[2, 4, 5][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3],
            &[1, 6],
            &[3, 4, 6],
        ] {
            m.add_row(row);
        }
        m
    }

    #[test]
    fn finds_knuths_unique_cover() {
        let mut m = knuth_example();
        let mut found = Vec::new();
        let end = m.search(u64::MAX, None, |rows| {
            let mut r = rows.to_vec();
            r.sort();
            found.push(r);
        });
        assert_eq!(end, SearchEnd::Complete);
        assert_eq!(found, vec![vec![0, 3, 4]]);
    }

    #[test]
    fn preselection_restricts_and_conflicts_are_detected() {
        let mut m = knuth_example();
        // Row 1 (A, D, G) is not in the only cover: pre-selecting it leaves none.
        assert!(m.select_row(1));
        let mut count = 0;
        assert_eq!(m.search(10, None, |_| count += 1), SearchEnd::Complete);
        assert_eq!(count, 0);
        // Row 3 (A, D) shares column A with row 1: a contradictory pre-selection.
        assert!(!m.select_row(3));
    }

    #[test]
    fn limit_stops_the_search() {
        // Two columns, rows {0}, {1}, {0,1}: two covers.
        let mut m = ExactCover::new(2);
        m.add_row(&[0]);
        m.add_row(&[1]);
        m.add_row(&[0, 1]);
        let mut count = 0;
        assert_eq!(m.search(1, None, |_| count += 1), SearchEnd::LimitReached);
        assert_eq!(count, 1);
    }
}
