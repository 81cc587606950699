//! The third reading of a report's files: every result into a row per puzzle, what the
//! page's scatter plot and puzzle table show (the tables come from the merge).

use crate::error::{Error, Result};
use crate::harness::entry::{Entry, Fingerprint, Names};
use crate::harness::merge::Merged;
use crate::harness::record::{for_each_line, Header, Line, Record};
use crate::harness::tally::disagreement;
use crate::solver::Verdict;
use std::collections::HashMap;

/// One puzzle of the report: where it came from, and each configuration's answer.
pub(super) struct Puzzle {
    /// Index into [`Collected::files`].
    pub(super) file: usize,
    /// Its line in that file (0 when not known).
    pub(super) line: usize,
    /// Its name, when it has one.
    pub(super) label: Option<String>,
    /// The puzzle on one line.
    pub(super) text: String,
    /// Side of the grid.
    pub(super) size: usize,
    /// Fraction of cells given.
    pub(super) given: f64,
    /// Per configuration (in [`Collected::configs`] order), its answer, if it ran.
    pub(super) answers: Vec<Option<Entry>>,
}

/// A configuration's answer as one letter of the page's data: `u` unique, `s` solved,
/// `m` multiple, `n` none, `k` unknown, `o` memout, `f` failed, `w` wrong, `-` not run.
pub(super) fn code(answer: Option<&Entry>) -> char {
    let Some(e) = answer else { return '-' };
    if e.wrong().is_some() {
        return 'w';
    }
    if e.failed {
        return 'f';
    }
    match e.verdict {
        Verdict::Unique => 'u',
        Verdict::Solved => 's',
        Verdict::Multiple => 'm',
        Verdict::None => 'n',
        Verdict::Unknown => 'k',
        Verdict::Memout => 'o',
    }
}

/// Every result of the files, a row per puzzle.
pub(super) struct Collected {
    /// The configurations, in the merge's table order.
    pub(super) configs: Vec<String>,
    /// The settings group of each configuration: answers are cross-checked within one.
    pub(super) groups: Vec<usize>,
    /// The puzzle files the results name, first-seen first.
    pub(super) files: Vec<String>,
    /// The puzzles, first-seen first.
    pub(super) puzzles: Vec<Puzzle>,
    /// Per results file: its name and the headers it holds.
    pub(super) runs: Vec<(String, Vec<Header>)>,
}

impl Collected {
    /// Reads `files` (the merge of which is `merged`) into rows; a (configuration,
    /// puzzle) pair read twice counts once, the first, as in the merge.
    pub(super) fn read(files: &[String], merged: &Merged) -> Result<Collected> {
        let configs = merged.whole().order().to_vec();
        let mut collected = Collected {
            groups: vec![0; configs.len()],
            configs,
            files: Vec::new(),
            puzzles: Vec::new(),
            runs: Vec::new(),
        };
        let mut rows: HashMap<(usize, Fingerprint), usize> = HashMap::new();
        let mut names = Names::default();
        for f in files {
            let mut headers = Vec::new();
            for_each_line(f, |line| {
                match line {
                    // A resumed run writes its header again: one row is enough.
                    Line::Header(h) => {
                        if !headers.contains(&*h) {
                            headers.push(*h)
                        }
                    }
                    Line::Record(mut r) => {
                        if let Some((name, group)) = merged.config_of(&r) {
                            r.backend = name;
                            collected.add(&r, group, &mut rows, &mut names);
                        }
                    }
                }
                Ok::<(), Error>(())
            })?;
            collected.runs.push((f.clone(), headers));
        }
        Ok(collected)
    }

    fn add(
        &mut self,
        r: &Record,
        group: usize,
        rows: &mut HashMap<(usize, Fingerprint), usize>,
        names: &mut Names,
    ) {
        let Some(config) = self.configs.iter().position(|c| *c == r.backend) else {
            return;
        };
        self.groups[config] = group;
        let key = (r.puzzle_index, Fingerprint::of(&r.puzzle));
        let row = *rows.entry(key).or_insert_with(|| {
            let file = match self.files.iter().position(|f| *f == r.file) {
                Some(k) => k,
                None => {
                    self.files.push(r.file.clone());
                    self.files.len() - 1
                }
            };
            self.puzzles.push(Puzzle {
                file,
                line: r.line,
                label: r.label.clone(),
                text: r.puzzle.clone(),
                size: r.size,
                given: r.fixed_fraction,
                answers: vec![None; self.configs.len()],
            });
            self.puzzles.len() - 1
        });
        let slot = &mut self.puzzles[row].answers[config];
        if slot.is_none() {
            *slot = Some(Entry::new(r, names));
        }
    }
}

impl Puzzle {
    /// Whether the answers of one settings group contradict each other (the harness's
    /// own cross-check; answers to other questions, `--variant x` say, may differ);
    /// `groups` gives each configuration's group.
    pub(super) fn disagreement(&self, groups: &[usize]) -> bool {
        let mut kinds: Vec<usize> = groups.to_vec();
        kinds.sort_unstable();
        kinds.dedup();
        kinds.into_iter().any(|g| {
            let answers = self
                .answers
                .iter()
                .zip(groups)
                .filter(|(_, k)| **k == g)
                .filter_map(|(a, _)| a.as_ref());
            disagreement(answers).is_some()
        })
    }
}
