//! The first reading of a merge: each results file's headers, settings, shards and
//! configurations, no result kept; and what they tell of the whole (the machines that ran
//! the files, the title the records give).

use super::merger::Coverage;
use crate::error::Result;
use crate::harness::machine::RunFacts;
use crate::harness::record::{for_each_line, Line, Record, RunSettings, Shard};
use std::collections::BTreeSet;

/// What one results file held.
#[derive(Default)]
pub(super) struct FileSeen {
    /// The file, as given.
    pub(super) name: String,
    /// The shards its headers name.
    pub(super) shards: BTreeSet<Shard>,
    /// The configurations its headers and records name, first-seen first.
    pub(super) backends: Vec<String>,
    /// Results read.
    pub(super) records: usize,
    /// Header lines read.
    headers: usize,
    /// The solves its run planned, the largest its headers say; `None` when a header
    /// does not say (standard input, an older file) or there is none.
    planned: Option<u64>,
    /// Whether some header did not say what it planned.
    unplanned: bool,
    /// The number of its last line when that line was cut off (an interrupted write).
    cut_at: Option<usize>,
}

/// The files stopped short that [`Survey::partial`] names; the rest are counted.
const STOPPED_NAMED: usize = 3;

impl FileSeen {
    /// Whether the run that wrote the file stopped before its end: it holds fewer solves
    /// than its headers planned, or, when they do not say, its last line was cut off.
    fn stopped(&self) -> bool {
        match self.plan() {
            Some(p) => (self.records as u64) < p,
            None => self.cut_at.is_some(),
        }
    }

    /// The solves its run planned, when every header said.
    fn plan(&self) -> Option<u64> {
        self.planned.filter(|_| !self.unplanned)
    }

    /// How the file stopped short, naming it: `r.jsonl was cut off after 3 of its 5
    /// solves`, or `r.jsonl holds 3 of its 5 solves`.
    fn stopped_short(&self) -> String {
        use crate::words::grouped;
        let n = grouped(self.records as u64);
        let solves = match self.plan() {
            Some(p) => format!("{n} of its {} solves", grouped(p)),
            None if self.records == 1 => "1 solve".to_string(),
            None => format!("{n} solves"),
        };
        match self.cut_at {
            Some(_) => format!("{} was cut off after {solves}", self.name),
            None => format!("{} holds {solves}", self.name),
        }
    }

    /// What the file covers, for the merger: one entry per shard its headers name (none
    /// named: every puzzle).
    pub(super) fn coverage(&self) -> Vec<Coverage> {
        if self.shards.is_empty() {
            return vec![Coverage {
                shard: None,
                backends: self.backends.clone(),
            }];
        }
        self.shards
            .iter()
            .map(|s| Coverage {
                shard: Some(*s),
                backends: self.backends.clone(),
            })
            .collect()
    }
}

/// The results made with one set of settings.
pub(super) struct SettingsGroup {
    /// The settings (none for records that do not name theirs).
    pub(super) settings: Option<RunSettings>,
    /// The files that hold them.
    pub(super) files: Vec<String>,
    /// The configurations of its results, in the order of the runs' headers.
    pub(super) order: Vec<String>,
    /// Results read.
    pub(super) results: usize,
}

impl SettingsGroup {
    /// The group's settings and files, in the command line's words.
    pub(super) fn describe(&self) -> String {
        let settings = self
            .settings
            .as_ref()
            .map_or("settings not recorded".to_string(), RunSettings::describe);
        format!("{settings}: {}", self.files.join(", "))
    }
}

/// What the first reading found in every file.
#[derive(Default)]
pub(super) struct Survey {
    /// Each file, in the order given.
    pub(super) files: Vec<FileSeen>,
    /// The settings groups, first-seen first.
    pub(super) groups: Vec<SettingsGroup>,
    machines: Machines,
    seen: Seen,
}

impl Survey {
    /// Reads `files` one line at a time; as each file ends, `say` hears of a truncated
    /// last line skipped and of a file with nothing in it.
    pub(super) fn read(files: &[String], say: &mut dyn FnMut(String)) -> Result<Survey> {
        let mut survey = Survey::default();
        for f in files {
            let mut file = FileSeen {
                name: f.clone(),
                ..FileSeen::default()
            };
            let truncated = for_each_line(f, |line| {
                survey.take(&mut file, line);
                Ok::<(), crate::error::Error>(())
            })?;
            if let Some(line) = truncated {
                say(format!(
                    "note: {f}:{line}: skipped a truncated last line (an interrupted write)"
                ));
            }
            file.cut_at = truncated;
            if file.headers == 0 && file.records == 0 {
                say(format!(
                    "warning: {f} is empty: no header and no result (a run that never started, \
                    or stopped before its first result); \
                    which shard it was is unknown"
                ));
            }
            survey.files.push(file);
        }
        Ok(survey)
    }

    /// Notes one line of `file`.
    fn take(&mut self, file: &mut FileSeen, line: Line) {
        let f = &file.name;
        match line {
            Line::Header(h) => {
                self.machines.add(f, &h.facts);
                match h.planned_solves {
                    Some(n) => file.planned = Some(file.planned.unwrap_or(0).max(n)),
                    None => file.unplanned = true,
                }
                file.headers += 1;
                file.shards.insert(h.shard);
                let g = self.group_of(Some(&h.settings), f);
                for b in h.backends {
                    add(&mut file.backends, &b);
                    add(&mut self.groups[g].order, &b);
                }
            }
            Line::Record(r) => {
                file.records += 1;
                self.seen.add(&r);
                add(&mut file.backends, &r.backend);
                let g = self.group_of(r.settings.as_ref(), f);
                self.groups[g].results += 1;
                add(&mut self.groups[g].order, &r.backend);
            }
        }
    }

    /// The group of `settings`, made if new, with `file` among its files.
    fn group_of(&mut self, settings: Option<&RunSettings>, file: &str) -> usize {
        let groups = &mut self.groups;
        let k = match groups.iter().position(|g| g.settings.as_ref() == settings) {
            Some(k) => k,
            None => {
                groups.push(SettingsGroup {
                    settings: settings.cloned(),
                    files: Vec::new(),
                    order: Vec::new(),
                    results: 0,
                });
                groups.len() - 1
            }
        };
        add(&mut groups[k].files, file);
        k
    }

    /// What to say when the runs name more than one machine.
    pub(super) fn machines_note(&self) -> Option<String> {
        self.machines.note()
    }

    /// How far the runs got when some did not end: `partial: D of P solves` over the
    /// files whose headers say what their run planned, each file held to its own plan;
    /// then each file that was cut off (a truncated last line) or holds fewer solves
    /// than it planned, named; then the shards no file holds (`missing`). A file named
    /// twice counts once. `None` when every file holds the solves it planned, none was
    /// cut off and no shard is missing.
    pub(super) fn partial(&self, missing: &[String]) -> Option<String> {
        use crate::words::grouped;
        let planned = self.planned_files();
        let done: u64 = planned.iter().map(|f| f.records as u64).sum();
        let plan: u64 = planned.iter().filter_map(|f| f.planned).sum();
        let short = planned
            .iter()
            .any(|f| (f.records as u64) < f.planned.unwrap_or(0));
        let stopped = self.stopped_files();
        if stopped.is_empty() && missing.is_empty() {
            return None;
        }
        let mut said = match (planned.is_empty(), missing.is_empty()) {
            (false, true) => format!("partial: {} of {} solves", grouped(done), grouped(plan)),
            (false, false) if short => format!(
                "partial: {} of the {} solves the shards read planned",
                grouped(done),
                grouped(plan)
            ),
            (false, false) => format!(
                "partial: the shards read hold all {} of their solves",
                grouped(done)
            ),
            (true, _) => "partial".to_string(),
        };
        let mut parts: Vec<String> = stopped.iter().map(|f| f.stopped_short()).collect();
        if parts.len() > STOPPED_NAMED {
            let more = parts.len() - STOPPED_NAMED;
            parts.truncate(STOPPED_NAMED);
            parts.push(format!("{more} more file(s) stopped short"));
        }
        parts.extend(
            missing
                .iter()
                .map(|m| m.split(':').next().unwrap_or(m).to_string()),
        );
        for (k, part) in parts.iter().enumerate() {
            said += if k == 0 && planned.is_empty() {
                ": "
            } else {
                "; "
            };
            said += part;
        }
        Some(said)
    }

    /// The files, each once, that were cut off or hold fewer solves than they planned.
    fn stopped_files(&self) -> Vec<&FileSeen> {
        self.files_once(FileSeen::stopped)
    }

    /// The files that `keep` keeps, each once (a file named twice counts once).
    fn files_once(&self, keep: impl Fn(&FileSeen) -> bool) -> Vec<&FileSeen> {
        let mut seen: Vec<&FileSeen> = Vec::new();
        for f in &self.files {
            if keep(f) && !seen.iter().any(|s| s.name == f.name) {
                seen.push(f);
            }
        }
        seen
    }

    /// Whether every file with results says what its run planned: else a run that
    /// stopped may look whole.
    pub(super) fn plans_known(&self) -> bool {
        self.files
            .iter()
            .all(|f| f.records == 0 || (f.planned.is_some() && !f.unplanned))
    }

    /// The files whose headers all say what their run planned, each once.
    fn planned_files(&self) -> Vec<&FileSeen> {
        self.files_once(|f| f.plan().is_some())
    }

    /// What a merged plot shows, `results` results of the `merged` files (see
    /// [`Seen::title`]).
    pub(super) fn title(&self, results: usize, merged: &[String]) -> String {
        self.seen.title(results, merged)
    }
}

/// Adds `name` to `list` unless it is there.
pub(super) fn add(list: &mut Vec<String>, name: &str) {
    if !list.iter().any(|n| n == name) {
        list.push(name.to_string());
    }
}

/// The machines the merged runs name in their headers, each with its files, in
/// first-seen order: shards from different machines merge, with a note that their
/// times are not comparable.
#[derive(Default)]
struct Machines(Vec<(String, Vec<String>)>);

impl Machines {
    /// Notes that `file` ran on the machine `facts` names (if it names one).
    fn add(&mut self, file: &str, facts: &RunFacts) {
        if !facts.has_machine() {
            return;
        }
        let machine = facts.machine();
        match self.0.iter_mut().find(|(m, _)| *m == machine) {
            Some((_, files)) => add(files, file),
            None => self.0.push((machine, vec![file.to_string()])),
        }
    }

    /// What to say when the runs name more than one machine.
    fn note(&self) -> Option<String> {
        (self.0.len() > 1).then(|| {
            let each: Vec<String> = self
                .0
                .iter()
                .map(|(m, files)| format!("{m}: {}", files.join(", ")))
                .collect();
            format!(
                "the results ran on {} machines, so their times are not comparable \
                (verdicts and counts are): {}",
                self.0.len(),
                each.join("; ")
            )
        })
    }
}

/// What the records merged name, for the plot's title: the puzzle files and the time
/// budgets, in first-seen order.
#[derive(Default)]
struct Seen {
    files: Vec<String>,
    budgets: Vec<String>,
}

impl Seen {
    /// Notes what `r` names.
    fn add(&mut self, r: &Record) {
        let file = r.file.as_str();
        let name = std::path::Path::new(file)
            .file_name()
            .map_or(file.to_string(), |n| n.to_string_lossy().into_owned());
        if !name.is_empty() && !self.files.contains(&name) {
            self.files.push(name);
        }
        if let Some(s) = &r.settings {
            let b = s.timeout_s.map_or("no time budget".to_string(), |t| {
                format!("{t} s budget per solve")
            });
            if !self.budgets.contains(&b) {
                self.budgets.push(b);
            }
        }
    }

    /// What a merged plot shows: the puzzle files and time budget the records came
    /// from (as they recorded them), else the results files merged.
    fn title(&self, records: usize, results: &[String]) -> String {
        let puzzles = if self.files.is_empty() {
            format!("results merged from {}", results.join(", "))
        } else {
            format!("puzzles of {}", self.files.join(", "))
        };
        let budget = if self.budgets.is_empty() {
            "time budget not recorded".to_string()
        } else {
            self.budgets.join(" / ")
        };
        format!("{records} results, {puzzles}; {budget}")
    }
}
