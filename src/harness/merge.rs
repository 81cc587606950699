//! A merge: the results files of several runs (shards of one large run, most often)
//! checked against each other and folded into one comparison, as `sudoku-arena merge`
//! gives it.
//!
//! [`Merge`] reads the files twice, one line at a time: the first reading (`survey`)
//! takes their headers, settings, shards and configurations and keeps no result; the
//! checks (`checks`) say which shards are missing and which configuration did not run
//! on every shard, and refuse what cannot be compared; the second reading (`merger`)
//! folds every result into its settings group's tally. Memory holds the tables'
//! histograms and a few bits per result, not the results.

mod checks;
mod merger;
mod survey;
#[cfg(test)]
mod tests;

use crate::error::{Error, Result};
use crate::harness::entry::{Entry, Names};
use crate::harness::record::{for_each_line, Line};
use crate::harness::report::Part;
use crate::harness::tally::Tally;
use merger::{Coverage, Merger};
use survey::{FileSeen, SettingsGroup, Survey};

/// A merge of results files (written by `compare --out`, or lines of
/// `solve --format json`; plain or gzip-compressed) into one comparison, with every check
/// the command line makes; [`Merge::run`] does it and gives a [`Merged`].
///
/// It exists so that a program gets from a merge exactly what `sudoku-arena merge`
/// prints and writes. The checks: a truncated last line is skipped (a note, and the
/// file is named in [`Merged::partial`] as cut off), an empty
/// file is named, the shards K/N that no file holds are named, runs from several
/// machines are named (their times do not compare), a configuration not run on every
/// shard is named, a (configuration, puzzle) pair read twice counts once (the first);
/// results run with other settings (`--timeout`, `--first`/`--max-solutions`,
/// `--variant`) are refused unless [`Merge::by_settings`] keeps them apart, one table
/// each; files with no result at all are refused.
///
/// A merge of two shards, from results written here as `compare --shard K/2 --out`
/// would write them (one 4×4 puzzle each, two configurations):
///
/// ```
/// use serde_json::json;
/// use sudoku_arena::harness::Merge;
///
/// let dir = std::env::temp_dir().join(format!("merge-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let settings = json!({"max_solutions": 2, "timeout_s": 10.0, "variant": "classic"});
/// let mut files = Vec::new();
/// for (k, solution) in [(1, "1234341221434321"), (2, "2143341212344321")] {
///     let header = json!({
///         "kind": "header",
///         "shard": {"index": k, "count": 2},
///         "settings": settings,
///         "backends": ["dlx", "fast"],
///         "inputs": ["p.txt"],
///     });
///     let mut text = format!("{header}\n");
///     for backend in ["dlx", "fast"] {
///         let record = json!({
///             "puzzle_index": k - 1,
///             "source": format!("p.txt:{k}"),
///             "file": "p.txt",
///             "puzzle": format!("{}............", &solution[..4]),
///             "size": 4,
///             "fixed_fraction": 0.25,
///             "backend": backend,
///             "verdict": "unique",
///             "solution": solution,
///             "solutions_found": 1,
///             "timed_out": false,
///             "time_ms": 0.1,
///             "wrong": null,
///             "stats": {},
///             "settings": settings,
///         });
///         text += &format!("{record}\n");
///     }
///     let path = dir.join(format!("shard{k}.jsonl"));
///     std::fs::write(&path, text)?;
///     files.push(path.to_string_lossy().into_owned());
/// }
///
/// // Both shards: one table, nothing to say.
/// let mut said = Vec::new();
/// let merged = Merge::new(&files).run(&mut |line| said.push(line))?;
/// assert!(said.is_empty() && merged.notes().is_empty());
/// let summary = merged.whole().summary();
/// assert!(summary.clean()); // no wrong answer, no disagreement
/// assert!(summary.backends.iter().all(|b| b.unique == 2));
/// assert_eq!(merged.parts().len(), 1);
/// assert_eq!(merged.title(), "4 results, puzzles of p.txt; 10 s budget per solve");
///
/// // One shard alone: the tables say what they miss.
/// let merged = Merge::new(&files[..1]).run(&mut |line| said.push(line))?;
/// assert_eq!(merged.notes(), ["shard 2/2 is missing: the tables cover 1 of 2 shards"]);
/// assert_eq!(said, ["warning: shard 2/2 is missing: the tables cover 1 of 2 shards"]);
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Merge {
    files: Vec<String>,
    by_file: bool,
    by_settings: bool,
}

impl Merge {
    /// A merge of `files`, in the order given (the first read of a repeated pair counts),
    /// one table for all of them.
    pub fn new<S: AsRef<str>>(files: impl IntoIterator<Item = S>) -> Merge {
        Merge {
            files: files.into_iter().map(|f| f.as_ref().to_string()).collect(),
            by_file: false,
            by_settings: false,
        }
    }

    /// Also keeps one table per input file of the original runs (`merge --by-file`).
    pub fn by_file(mut self, on: bool) -> Merge {
        self.by_file = on;
        self
    }

    /// Gives results run with other settings a table each, their configurations named
    /// `NAME [K]` in the whole tally (K the group), instead of refusing them
    /// (`merge --by-settings`).
    pub fn by_settings(mut self, on: bool) -> Merge {
        self.by_settings = on;
        self
    }

    /// Reads and checks the files, then tallies them. Each warning and note is handed to
    /// `say` as soon as it is known, one line as the command line prints it to standard
    /// error (`warning: …` or `note: …`), so those said before a refusal are heard too.
    ///
    /// Refuses with [`Error::Results`] files that hold no result and results of other
    /// settings (without [`Merge::by_settings`]); a file that cannot be read is an
    /// [`Error::Io`], a line that is not a result an [`Error::Record`].
    pub fn run(&self, say: &mut dyn FnMut(String)) -> Result<Merged> {
        let mut survey = Survey::read(&self.files, say)?;
        let mut notes = checks::missing_notes(&survey.files);
        notes.extend(survey.machines_note());
        for n in &notes {
            say(format!("warning: {n}"));
        }
        survey.groups.retain(|g| g.results > 0);
        if survey.groups.is_empty() {
            return Err(checks::nothing_to_compare(&survey.files, &self.files));
        }
        if survey.groups.len() > 1 && !self.by_settings {
            return Err(checks::other_settings(&survey.groups));
        }
        for g in &survey.groups {
            for w in checks::backend_warnings(&survey.files, &g.files) {
                say(format!("warning: {w}"));
            }
        }
        let (tallies, repeats) = self.tally(&survey)?;
        if repeats > 0 {
            say(format!(
                "warning: {repeats} result(s) repeat a (backend, puzzle) pair read before \
                (a file given twice, or a shard run twice?): \
                the first read counts"
            ));
        }
        let results = survey.groups.iter().map(|g| g.results).sum();
        let title = survey.title(results, &self.files);
        let missing = checks::missing_notes(&survey.files);
        let partial = survey.partial(&missing);
        let mut merged = Merged::new(&survey.groups, tallies, notes, title);
        merged.partial = partial;
        merged.plans_known = survey.plans_known();
        merged.settings = survey.groups.iter().map(|g| g.settings.clone()).collect();
        Ok(merged)
    }

    /// The second reading: every result into its settings group's tally; gives the
    /// tallies, in the order of the groups, and how many repeated pairs were left out.
    fn tally(&self, survey: &Survey) -> Result<(Vec<Tally>, u64)> {
        let groups = &survey.groups;
        let mut mergers: Vec<Merger> = groups
            .iter()
            .map(|g| {
                let timeout = g.settings.as_ref().and_then(|s| s.timeout_s);
                let coverage: Vec<Coverage> = survey
                    .files
                    .iter()
                    .filter(|f| g.files.contains(&f.name))
                    .flat_map(FileSeen::coverage)
                    .collect();
                Merger::new(Tally::new(&g.order, self.by_file, timeout), &coverage)
            })
            .collect();
        let mut names = Names::default();
        for f in &self.files {
            for_each_line(f, |line| {
                if let Line::Record(r) = line {
                    if let Some(g) = groups.iter().position(|g| g.settings == r.settings) {
                        mergers[g].add(Entry::new(&r, &mut names));
                    }
                }
                Ok::<(), Error>(())
            })?;
        }
        let mut repeats = 0;
        let tallies = mergers
            .into_iter()
            .map(|m| {
                let (t, r) = m.finish();
                repeats += r;
                t
            })
            .collect();
        Ok((tallies, repeats))
    }
}

/// What a [`Merge`] gives: the tables, the whole tally, the notes above the tables and
/// the title the records give; what `sudoku-arena merge` prints and writes.
#[derive(Debug)]
pub struct Merged {
    /// With several settings groups, each group's heading and tally; empty for one
    /// group, whose tally is `whole`.
    groups: Vec<(String, Tally)>,
    whole: Tally,
    notes: Vec<String>,
    title: String,
    partial: Option<String>,
    /// Whether every results file says what its run planned.
    plans_known: bool,
    /// The settings of each group, in the order of `groups`.
    settings: Vec<Option<crate::harness::record::RunSettings>>,
}

impl Merged {
    /// The merge of `tallies`, one per settings group of `groups`.
    fn new(
        groups: &[SettingsGroup],
        mut tallies: Vec<Tally>,
        notes: Vec<String>,
        title: String,
    ) -> Merged {
        if tallies.len() == 1 {
            let whole = tallies.remove(0);
            return Merged {
                groups: Vec::new(),
                whole,
                notes,
                title,
                partial: None,
                plans_known: false,
                settings: Vec::new(),
            };
        }
        let mut whole: Option<Tally> = None;
        for (k, t) in tallies.iter().enumerate() {
            let t = t.clone().renamed(|b| format!("{b} [{}]", k + 1));
            match &mut whole {
                Some(w) => w.absorb(&t),
                None => whole = Some(t),
            }
        }
        let groups = groups
            .iter()
            .zip(tallies)
            .enumerate()
            .map(|(k, (g, t))| (format!("[{}] {}", k + 1, g.describe()), t))
            .collect();
        Merged {
            groups,
            whole: whole.unwrap_or_else(|| Tally::new(&[], false, None)),
            notes,
            title,
            partial: None,
            plans_known: false,
            settings: Vec::new(),
        }
    }

    /// The tables to print, in order: one per settings group, headed `[K] settings:
    /// files`, when the merge kept groups apart; else one, unheaded.
    pub fn parts(&self) -> Vec<Part<'_>> {
        if self.groups.is_empty() {
            return vec![Part {
                heading: String::new(),
                tally: &self.whole,
            }];
        }
        self.groups
            .iter()
            .map(|(heading, tally)| Part {
                heading: heading.clone(),
                tally,
            })
            .collect()
    }

    /// Every result in one tally (each group's configurations named `NAME [K]` when
    /// there are several groups): what the plot draws.
    pub fn whole(&self) -> &Tally {
        &self.whole
    }

    /// What the tables miss, said above them: the shards no file holds, the machines
    /// when there are several.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// How far the runs got, when a file holds fewer solves than its header planned (a
    /// stopped run), was cut off in the middle of a line (a run killed while writing), or
    /// a shard is missing, as every summary says it, each such file named: `partial:
    /// 1,143 of 3,000 solves; shard-2-of-4.jsonl was cut off after 393 of its 750
    /// solves`, `partial: 3 of 4 solves; r.jsonl holds 1 of its 2 solves`, or `partial:
    /// the shards read hold all 900 of their solves; shard 2/4 is missing`; `None`
    /// otherwise (see [`Merged::plans_known`]).
    pub fn partial(&self) -> Option<&str> {
        self.partial.as_deref()
    }

    /// Whether every file says what its run planned, so that no [`Merged::partial`]
    /// means whole runs; a run on standard input, or a file of an older version or of
    /// `solve --format json`, does not say.
    pub fn plans_known(&self) -> bool {
        self.plans_known
    }

    /// The name `record`'s configuration has in the whole tally (its own, or `NAME [K]`
    /// when the merge kept settings groups apart) and its group's index; `None` for a
    /// record of settings the merge did not read.
    pub(crate) fn config_of(
        &self,
        record: &crate::harness::record::Record,
    ) -> Option<(String, usize)> {
        let k = self.settings.iter().position(|s| *s == record.settings)?;
        Some(match self.groups.is_empty() {
            true => (record.backend.clone(), k),
            false => (format!("{} [{}]", record.backend, k + 1), k),
        })
    }

    /// The settings of each group, in the order of [`Merged::parts`].
    pub(crate) fn settings(&self) -> &[Option<crate::harness::record::RunSettings>] {
        &self.settings
    }

    /// What the records say the results are, for the plot's title: how many, the
    /// puzzle files and the time budgets (else the results files merged).
    pub fn title(&self) -> &str {
        &self.title
    }
}
