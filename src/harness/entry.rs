//! What the summary keeps of one result: a few numbers and flags, not the puzzle text
//! nor the solution, so that a run over millions of puzzles keeps a small entry per
//! (puzzle, backend) in memory while the whole record goes to the results file.
//!
//! The puzzle and the solution are kept as 128-bit fingerprints: enough to group the
//! results of one puzzle and to see that two backends found different solutions (two
//! different texts share a fingerprint with odds of about 2^-128).

use super::record::Record;
use crate::solver::Verdict;
use std::collections::HashMap;
use std::sync::Arc;

/// A 128-bit fingerprint of a text (a puzzle or a solution in one-line form).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fingerprint(u64, u64);

impl Fingerprint {
    /// The fingerprint of `text`, a grid in one-line form (a puzzle or a solution as a
    /// results file holds it): the same as [`Fingerprint::of_grid`] of its cells.
    pub fn of(text: &str) -> Fingerprint {
        let [a, b] = crate::model::fingerprint::line_fingerprint(text);
        Fingerprint(a, b)
    }

    /// The fingerprint of a grid's cells, with no text made.
    pub fn of_grid(cells: &[u8]) -> Fingerprint {
        let [a, b] = crate::model::fingerprint::grid_fingerprint(cells);
        Fingerprint(a, b)
    }

    /// Its first 64 bits, for sets that keep one word per puzzle.
    pub fn low(self) -> u64 {
        self.0
    }
}

/// A name shared by many entries: one pointer (8 bytes) each.
pub type Name = Arc<String>;

/// What the entries of one puzzle share, worked out once per puzzle.
#[derive(Clone, Debug)]
pub struct PuzzleFacts {
    /// Position of the puzzle in the whole input, from 0.
    pub index: usize,
    /// Fingerprint of the puzzle in one-line form.
    pub fingerprint: Fingerprint,
    /// The file it was read from.
    pub file: Name,
    /// Its line in that file (0 when it has a label instead).
    pub line: u32,
    /// Its name, when it has one.
    pub label: Option<Box<str>>,
    /// Fraction of cells given.
    pub fixed_fraction: f64,
    /// Side of the grid.
    pub size: u8,
}

impl PuzzleFacts {
    /// The facts of `puzzle`, at `index` in the input.
    pub fn of(puzzle: &crate::model::Puzzle, index: usize, names: &mut Names) -> PuzzleFacts {
        let number = u32::try_from(puzzle.origin.line)
            .ok()
            .filter(|_| puzzle.label.is_none());
        PuzzleFacts {
            index,
            fingerprint: Fingerprint::of_grid(&puzzle.cells),
            file: names.get(&puzzle.origin.file),
            line: number.unwrap_or(0),
            label: match number {
                Some(_) => None,
                None => Some(Box::from(puzzle.display_name().as_str())),
            },
            fixed_fraction: puzzle.given_count() as f64 / puzzle.geometry.cells() as f64,
            size: u8::try_from(puzzle.geometry.n).unwrap_or(u8::MAX),
        }
    }
}

/// Shared copies of the few names that repeat on every entry (backends, effort names,
/// files), so that each entry holds a pointer rather than its own string.
#[derive(Debug, Default)]
pub struct Names {
    all: HashMap<Box<str>, Name>,
    /// The name asked for last: a run asks for the same file's name puzzle after
    /// puzzle, and comparing it costs less than hashing it.
    last: Option<Name>,
}

impl Names {
    /// The shared copy of `name`.
    pub fn get(&mut self, name: &str) -> Name {
        if let Some(n) = self.last.as_ref().filter(|n| n.as_str() == name) {
            return n.clone();
        }
        let n = match self.all.get(name) {
            Some(n) => n.clone(),
            None => {
                let n = Arc::new(name.to_string());
                self.all.insert(Box::from(name), n.clone());
                n
            }
        };
        self.last = Some(n.clone());
        n
    }
}

/// What few entries have, boxed so that the others pay one pointer for it.
#[derive(Clone, Debug, PartialEq)]
struct Rare {
    /// The puzzle's name, when its source is not `file:line` (a label, or a line number
    /// beyond `u32`).
    label: Option<Box<str>>,
    /// The validator's complaint, when the answer was wrong.
    wrong: Option<Box<str>>,
}

/// What the summary, the plot and `--resume` need of one result (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Position of the puzzle in the whole input, from 0.
    pub puzzle_index: usize,
    /// Fingerprint of the puzzle in one-line form.
    pub puzzle: Fingerprint,
    /// Fingerprint of the first solution found (see `has_solution`).
    solution: Fingerprint,
    /// Solve time in milliseconds.
    pub time_ms: f64,
    /// Transport time in milliseconds.
    pub transport_ms: f64,
    /// The resolution of `time_ms` (the record's `time_resolution_ms`; 0 when unknown).
    pub time_resolution_ms: f32,
    /// Fraction of cells given.
    pub fixed_fraction: f64,
    /// The backend's effort (`Stats::nodes`).
    pub nodes: u64,
    /// Encoding size: variables (or rows).
    pub variables: u64,
    /// Encoding size: constraints (or columns).
    pub constraints: u64,
    backend: Name,
    file: Name,
    effort_name: Name,
    rare: Option<Box<Rare>>,
    /// The line of the file (when `rare` has no label).
    line: u32,
    /// Side of the grid (at most 64 from this tool; a larger one read from a results
    /// file counts as 255).
    pub size: u8,
    /// What is known of the puzzle's solutions.
    pub verdict: Verdict,
    /// Whether the backend failed.
    pub failed: bool,
    /// Whether the backend does not take this kind of board (a Killer's cages, a
    /// Jigsaw's regions) and was not asked: counted apart, as not applicable.
    pub not_applicable: bool,
    /// Whether a solution was found.
    has_solution: bool,
    /// With `--repeat`, the time of each timed solve, ms.
    rounds: Option<Box<[f64]>>,
}

impl Entry {
    /// The entry of `record`; `names` shares the strings that repeat.
    pub fn new(record: &Record, names: &mut Names) -> Entry {
        // A labelled puzzle, or a record that does not give its line (an older file),
        // is named by its source; any other by its file and line.
        let line = u32::try_from(record.line)
            .ok()
            .filter(|&n| n > 0 && record.label.is_none());
        let label = match line {
            Some(_) => None,
            None => Some(Box::from(record.source.as_str())),
        };
        let wrong = record.wrong.as_deref().map(Box::from);
        Entry {
            puzzle_index: record.puzzle_index,
            puzzle: Fingerprint::of(&record.puzzle),
            solution: Fingerprint::of(record.solution.as_deref().unwrap_or_default()),
            time_ms: record.time_ms,
            transport_ms: record.transport_ms,
            time_resolution_ms: record.clocks.time_resolution_ms as f32,
            fixed_fraction: record.fixed_fraction,
            nodes: record.stats.nodes,
            variables: record.stats.variables,
            constraints: record.stats.constraints,
            backend: names.get(&record.backend),
            file: names.get(&record.file),
            effort_name: names.get(&record.effort_name),
            rare: (label.is_some() || wrong.is_some()).then(|| Box::new(Rare { label, wrong })),
            line: line.unwrap_or(0),
            size: u8::try_from(record.size).unwrap_or(u8::MAX),
            verdict: record.verdict,
            failed: record
                .failure
                .as_deref()
                .is_some_and(|f| !f.starts_with(crate::solver::NOT_APPLICABLE)),
            not_applicable: record
                .failure
                .as_deref()
                .is_some_and(|f| f.starts_with(crate::solver::NOT_APPLICABLE)),
            has_solution: record.solution.is_some(),
            rounds: (!record.repeat_times_ms.is_empty())
                .then(|| record.repeat_times_ms.clone().into_boxed_slice()),
        }
    }

    /// The entry of a solve of the puzzle `facts` describe by `backend` (whose effort
    /// count is named `effort_name`), whose first solution is `solution`; `wrong` is what
    /// the validator found wrong with the answer.
    pub fn of_solve(
        facts: &PuzzleFacts,
        backend: &Name,
        effort_name: &Name,
        outcome: &crate::solver::Outcome,
        solution: Option<&[u8]>,
        wrong: Option<String>,
    ) -> Entry {
        let wrong = wrong.map(String::into_boxed_str);
        Entry {
            puzzle_index: facts.index,
            puzzle: facts.fingerprint,
            solution: solution.map_or(Fingerprint(0, 0), Fingerprint::of_grid),
            // Rounded as the results file writes them, so that `merge` of that file
            // gives the very table the run printed.
            time_ms: crate::solver::round_ms(outcome.time_ms),
            transport_ms: crate::solver::round_ms(outcome.transport_ms),
            time_resolution_ms: outcome.clocks.time_resolution_ms as f32,
            fixed_fraction: facts.fixed_fraction,
            nodes: outcome.stats.nodes,
            variables: outcome.stats.variables,
            constraints: outcome.stats.constraints,
            backend: backend.clone(),
            file: facts.file.clone(),
            effort_name: effort_name.clone(),
            rare: (facts.label.is_some() || wrong.is_some()).then(|| {
                Box::new(Rare {
                    label: facts.label.clone(),
                    wrong,
                })
            }),
            line: facts.line,
            size: facts.size,
            verdict: outcome.verdict,
            failed: outcome
                .failure
                .as_ref()
                .is_some_and(|f| !f.is_not_applicable()),
            not_applicable: outcome
                .failure
                .as_ref()
                .is_some_and(|f| f.is_not_applicable()),
            has_solution: solution.is_some(),
            rounds: None,
        }
    }

    /// Keeps the time of each timed solve (`--repeat`; none when empty).
    pub fn set_rounds(&mut self, times: &[f64]) {
        self.rounds = (!times.is_empty()).then(|| Box::from(times));
    }

    /// The time of each timed solve, with `--repeat` (empty without).
    pub fn rounds(&self) -> &[f64] {
        self.rounds.as_deref().unwrap_or_default()
    }

    /// Backend configuration.
    pub fn backend(&self) -> &str {
        &self.backend
    }

    /// The file the puzzle was read from.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// What the backend's effort count counts.
    pub fn effort_name(&self) -> &str {
        &self.effort_name
    }

    /// What the validator found wrong with the answer, if anything.
    pub fn wrong(&self) -> Option<&str> {
        self.rare.as_ref()?.wrong.as_deref()
    }

    /// Where the puzzle came from, as the record said (`file:line`, or its name).
    pub fn source(&self) -> String {
        match self.rare.as_ref().and_then(|r| r.label.as_deref()) {
            Some(label) => label.to_string(),
            None => format!("{}:{}", self.file, self.line),
        }
    }

    /// The fingerprint of the first solution found, if one was.
    pub fn solution(&self) -> Option<Fingerprint> {
        self.has_solution.then_some(self.solution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_asked_again_is_the_one_shared_copy_whichever_was_asked_between() {
        let mut names = Names::default();
        let a = names.get("a.txt");
        assert!(Arc::ptr_eq(&a, &names.get("a.txt")));
        let b = names.get("b.txt");
        assert_eq!((a.as_str(), b.as_str()), ("a.txt", "b.txt"));
        assert!(Arc::ptr_eq(&a, &names.get("a.txt")));
        assert!(Arc::ptr_eq(&b, &names.get("b.txt")));
    }

    fn record(source: &str, file: &str) -> Record {
        // The line, typed, as the run that wrote the record gives it.
        let line = source
            .strip_prefix(file)
            .and_then(|l| l.strip_prefix(':'))
            .and_then(|l| l.parse().ok())
            .unwrap_or(0);
        Record {
            puzzle_index: 3,
            source: source.into(),
            file: file.into(),
            line,
            puzzle: "1234".into(),
            backend: "dlx".into(),
            solutions_found: 1,
            effort_name: "rows tried".into(),
            ..crate::harness::record::example("dlx", "unique", Some("4321"), 1.5)
        }
    }

    #[test]
    fn the_source_is_the_typed_file_and_line_or_the_label() {
        let mut names = Names::default();
        let mut r = record("a/b.txt:12", "a/b.txt");
        let e = Entry::new(&r, &mut names);
        assert_eq!(
            (e.source(), e.line, e.rare.is_none()),
            ("a/b.txt:12".into(), 12, true)
        );
        // The source text is never read back: a record's line field says the line.
        r.source = "something else".into();
        assert_eq!(Entry::new(&r, &mut names).source(), "a/b.txt:12");
        r.label = Some("golden nugget".into());
        r.source = "golden nugget".into();
        assert_eq!(Entry::new(&r, &mut names).source(), "golden nugget");
        // An older record without its line is named by its source, as written.
        for source in ["x.txt:5", ":5", "a/b.txt:x"] {
            let mut old = record(source, "y.txt");
            old.line = 0;
            assert_eq!(Entry::new(&old, &mut names).source(), source);
        }
    }

    #[test]
    fn grids_one_cell_apart_have_different_fingerprints() {
        let grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut seen = std::collections::HashSet::new();
        assert!(seen.insert(Fingerprint::of(grid)));
        for i in 0..grid.len() {
            for d in ['.', '1', '2', '3', '4', '5', '6', '7', '8', '9'] {
                let mut g: Vec<char> = grid.chars().collect();
                if g[i] == d {
                    continue;
                }
                g[i] = d;
                let g: String = g.into_iter().collect();
                assert!(seen.insert(Fingerprint::of(&g)), "{g}");
                // Each half alone tells them apart too (sets keep only the first).
                assert_ne!(Fingerprint::of(&g).low(), Fingerprint::of(grid).low());
            }
        }
        assert_ne!(Fingerprint::of(""), Fingerprint::of("\0"));
    }

    #[test]
    fn names_are_shared_and_fingerprints_tell_texts_apart() {
        let mut names = Names::default();
        let a = Entry::new(&record("f:1", "f"), &mut names);
        let b = Entry::new(&record("f:2", "f"), &mut names);
        assert!(Arc::ptr_eq(&a.backend, &b.backend) && Arc::ptr_eq(&a.file, &b.file));
        assert_eq!(
            (a.backend(), a.file(), a.effort_name()),
            ("dlx", "f", "rows tried")
        );
        assert_eq!(a.puzzle, Fingerprint::of("1234"));
        assert_ne!(Fingerprint::of("1234"), Fingerprint::of("1243"));
        assert_eq!(a.solution(), Some(Fingerprint::of("4321")));
        let mut none = record("f:3", "f");
        none.solution = None;
        assert_eq!(Entry::new(&none, &mut names).solution(), None);
    }

    #[test]
    fn an_entry_is_much_smaller_than_a_record() {
        let mut names = Names::default();
        let r = record("f:1", "f");
        let e = Entry::new(&r, &mut names);
        // No heap of its own for a labelless right answer: the size is the whole cost.
        assert!(e.rare.is_none() && e.line == 1);
        let mut bad = r.clone();
        bad.wrong = Some("3 twice in row 1".into());
        let bad = Entry::new(&bad, &mut names);
        assert_eq!(
            (bad.wrong(), bad.source().as_str()),
            (Some("3 twice in row 1"), "f:1")
        );
        let entry = std::mem::size_of::<Entry>();
        let record = std::mem::size_of::<Record>();
        eprintln!("an Entry takes {entry} bytes; a Record {record} bytes plus its strings");
        assert!(entry * 2 <= record, "{entry} against {record}");
    }
}
