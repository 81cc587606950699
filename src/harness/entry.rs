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
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A 128-bit fingerprint of a text (a puzzle or a solution in one-line form).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fingerprint(u64, u64);

impl Fingerprint {
    /// The fingerprint of `text`: two SipHash sums with different salts. The same in
    /// every run of one build, which is all it needs (entries are never written out).
    pub fn of(text: &str) -> Fingerprint {
        let sum = |salt: u8| {
            let mut h = std::hash::DefaultHasher::new();
            salt.hash(&mut h);
            text.hash(&mut h);
            h.finish()
        };
        Fingerprint(sum(1), sum(2))
    }
}

/// A name shared by many entries: one pointer (8 bytes) each.
type Name = Arc<String>;

/// Shared copies of the few names that repeat on every entry (backends, effort names,
/// files), so that each entry holds a pointer rather than its own string.
#[derive(Debug, Default)]
pub struct Names(HashMap<Box<str>, Name>);

impl Names {
    /// The shared copy of `name`.
    fn get(&mut self, name: &str) -> Name {
        if let Some(n) = self.0.get(name) {
            return n.clone();
        }
        let n = Arc::new(name.to_string());
        self.0.insert(Box::from(name), n.clone());
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
    /// Whether a solution was found.
    has_solution: bool,
}

impl Entry {
    /// The entry of `record`; `names` shares the strings that repeat.
    pub fn new(record: &Record, names: &mut Names) -> Entry {
        let line = record
            .source
            .strip_prefix(record.file.as_str())
            .and_then(|rest| rest.strip_prefix(':'))
            .filter(|n| !n.starts_with('0') && !record.file.is_empty())
            .and_then(|n| n.parse::<u32>().ok());
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
            failed: record.failure.is_some(),
            has_solution: record.solution.is_some(),
        }
    }

    /// The same entry under another backend name (to tell groups of results apart).
    pub fn relabelled(mut self, backend: &str, names: &mut Names) -> Entry {
        self.backend = names.get(backend);
        self
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

    /// Whether the backend answered with a valid solution.
    pub fn solved(&self) -> bool {
        self.has_solution && self.wrong().is_none()
    }

    /// The key under which a later entry replaces an earlier one (merged files).
    pub fn key(&self) -> (&str, usize, Fingerprint) {
        (&self.backend, self.puzzle_index, self.puzzle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(source: &str, file: &str) -> Record {
        Record {
            puzzle_index: 3,
            source: source.into(),
            file: file.into(),
            settings: None,
            puzzle: "1234".into(),
            size: 4,
            fixed_fraction: 0.25,
            backend: "dlx".into(),
            verdict: Verdict::Unique,
            solution: Some("4321".into()),
            solutions_found: 1,
            timed_out: false,
            time_ms: 1.5,
            transport_ms: 0.0,
            cpu_ms: 0.0,
            peak_rss_kb: None,
            clocks: Default::default(),
            failure: None,
            wrong: None,
            conflict: None,
            effort_name: "rows tried".into(),
            stats: Default::default(),
        }
    }

    #[test]
    fn the_source_reads_back_as_written() {
        let mut names = Names::default();
        for (source, file) in [
            ("a/b.txt:12", "a/b.txt"),
            ("a/b.txt:012", "a/b.txt"),
            ("a/b.txt:x", "a/b.txt"),
            ("a/b.txt:99999999999", "a/b.txt"),
            ("golden nugget", "named.txt"),
            ("x.txt:5", "y.txt"),
            (":5", ""),
        ] {
            let e = Entry::new(&record(source, file), &mut names);
            assert_eq!(e.source(), source);
        }
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
