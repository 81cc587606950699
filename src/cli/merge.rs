//! `sudoku-arena merge`: one summary from several results files (shards of a large run),
//! saying what is missing from them and refusing to mix runs with other settings.

use super::files::Writes;
use super::report::{report_all, SummaryFiles};
use clap::Args;
use std::collections::{BTreeMap, BTreeSet};
use sudoku_arena::harness::entry::{Entry, Names};
use sudoku_arena::harness::machine::RunFacts;
use sudoku_arena::harness::merge::{Coverage, Merger};
use sudoku_arena::harness::record::{for_each_line, Line, Record, RunSettings, Shard};
use sudoku_arena::harness::report::Part;
use sudoku_arena::harness::tally::Tally;

/// Build the comparison from several JSON-lines results files.
///
/// For runs split with `compare --shard K/N` across machines or a job array. Each file
/// written by `compare --out` starts with a header line naming its shard, settings and
/// backends, so merge says which shards of K/N are missing (a shard that had no puzzle
/// is still known), warns of a backend not run on every shard and of an empty file,
/// and refuses results run with other settings (--timeout, --first/--max-solutions,
/// --variant) unless --by-settings keeps them apart, one table each. `x fastest`
/// compares medians over the puzzles every backend ran. When a (backend, puzzle) pair
/// appears more than once (a file given twice), the first one read counts and a
/// warning says how many repeats were left out. Lines of `solve --format json` are
/// results too (one backend, no shard).
///
/// The files are read twice, one line at a time: first for their headers, settings and
/// shards, then to tally the results. Memory holds the tables' histograms and a few
/// bits per result, not the results: merging shards of millions of puzzles takes about
/// what one shard's run takes.
///
/// Example:
///   sudoku-arena merge results-*.jsonl --markdown summary.md --plot summary.svg
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct MergeArgs {
    /// Results files written by `compare --out` (or `solve --format json`), plain or
    /// gzip-compressed.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    #[command(flatten)]
    summary: SummaryFiles,

    /// Replace existing --csv, --markdown and --plot files (never an input).
    #[arg(long)]
    force: bool,

    /// Also give one table per input file of the original runs.
    #[arg(long)]
    by_file: bool,

    /// Results run with other settings get a table each (their backends named `NAME
    /// [K]`, K the group) instead of being refused.
    #[arg(long)]
    by_settings: bool,

    /// The plot's title, instead of the data set and budget the records name.
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
}

/// What one results file held.
#[derive(Default)]
struct FileSeen {
    shards: BTreeSet<Shard>,
    backends: Vec<String>,
    records: usize,
    headers: usize,
}

/// The results made with one set of settings.
struct SettingsGroup {
    settings: Option<RunSettings>,
    files: Vec<String>,
    /// The configurations of its results, in the order of the runs' headers.
    order: Vec<String>,
    /// Results read.
    results: usize,
}

/// Merges and reports; each file is read one record at a time.
pub fn run(args: &MergeArgs) -> anyhow::Result<i32> {
    let writes = Writes::new(args.force).inputs(&args.files);
    args.summary.checked_with(writes)?.check()?;
    // First reading: headers, settings, shards and backends, no result kept.
    let mut groups: Vec<SettingsGroup> = Vec::new();
    let mut seen_files: Vec<(String, FileSeen)> = Vec::new();
    let mut seen = Seen::default();
    let mut machines = Machines::default();
    for f in &args.files {
        let mut file = FileSeen::default();
        let truncated = read_lines(f, |line| {
            match line {
                Line::Header(h) => {
                    machines.add(f, &h.facts);
                    file.headers += 1;
                    file.shards.insert(h.shard);
                    let g = group_of(&mut groups, Some(&h.settings), f);
                    for b in h.backends {
                        add(&mut file.backends, &b);
                        add(&mut groups[g].order, &b);
                    }
                }
                Line::Record(r) => {
                    file.records += 1;
                    seen.add(&r);
                    add(&mut file.backends, &r.backend);
                    let g = group_of(&mut groups, r.settings.as_ref(), f);
                    groups[g].results += 1;
                    add(&mut groups[g].order, &r.backend);
                }
            }
            Ok(())
        })?;
        if let Some(line) = truncated {
            eprintln!("note: {f}:{line}: skipped a truncated last line (an interrupted write)");
        }
        if file.headers == 0 && file.records == 0 {
            eprintln!(
                "warning: {f} is empty: no header and no result (a run that never started, or stopped before its first result); which shard it was is unknown"
            );
        }
        seen_files.push((f.clone(), file));
    }
    let mut notes = missing_notes(&seen_files);
    notes.extend(machines.note());
    for n in &notes {
        eprintln!("warning: {n}");
    }
    groups.retain(|g| g.results > 0);
    if groups.is_empty() {
        let shards: Vec<String> = seen_files
            .iter()
            .filter(|(_, s)| s.records == 0 && !s.shards.is_empty())
            .map(|(f, s)| format!("{f} (shard {})", list(&s.shards)))
            .collect();
        let why = if shards.is_empty() {
            String::new()
        } else {
            format!("; {} ran on no puzzle", shards.join(", "))
        };
        anyhow::bail!(
            "nothing to compare: {} hold(s) no result{why}",
            args.files.join(", ")
        );
    }
    if groups.len() > 1 && !args.by_settings {
        let lines: Vec<String> = groups.iter().map(describe).collect();
        anyhow::bail!(
            "the results were run with other settings, and their times and verdicts answer different questions:\n  {}\nmerge each group apart, or add --by-settings for one table per group",
            lines.join("\n  ")
        );
    }
    for g in &groups {
        for w in backend_warnings(&seen_files, &g.files) {
            eprintln!("warning: {w}");
        }
    }
    // Second reading: every result into its group's tally.
    let mut mergers: Vec<Merger> = groups
        .iter()
        .map(|g| {
            let timeout = g.settings.as_ref().and_then(|s| s.timeout_s);
            let coverage: Vec<Coverage> = seen_files
                .iter()
                .filter(|(f, _)| g.files.contains(f))
                .flat_map(|(_, s)| coverage_of(s))
                .collect();
            Merger::new(Tally::new(&g.order, args.by_file, timeout), &coverage)
        })
        .collect();
    let mut names = Names::default();
    for f in &args.files {
        read_lines(f, |line| {
            if let Line::Record(r) = line {
                if let Some(g) = groups.iter().position(|g| g.settings == r.settings) {
                    mergers[g].add(Entry::new(&r, &mut names));
                }
            }
            Ok(())
        })?;
    }
    let mut tallies = Vec::new();
    let mut repeats = 0;
    for m in mergers {
        let (t, r) = m.finish();
        tallies.push(t);
        repeats += r;
    }
    if repeats > 0 {
        eprintln!(
            "warning: {repeats} result(s) repeat a (backend, puzzle) pair read before (a file given twice, or a shard run twice?): the first read counts"
        );
    }
    let labelled = groups.len() > 1;
    let mut whole: Option<Tally> = None;
    for (k, t) in tallies.iter().enumerate() {
        let t = match labelled {
            true => t.clone().renamed(|b| format!("{b} [{}]", k + 1)),
            false => t.clone(),
        };
        match &mut whole {
            Some(w) => w.absorb(&t),
            None => whole = Some(t),
        }
    }
    let whole = whole.unwrap_or_else(|| Tally::new(&[], false, None));
    let parts: Vec<Part> = if labelled {
        groups
            .iter()
            .zip(&tallies)
            .enumerate()
            .map(|(k, (g, t))| Part {
                heading: format!("[{}] {}", k + 1, describe(g)),
                tally: t,
            })
            .collect()
    } else {
        vec![Part {
            heading: String::new(),
            tally: &whole,
        }]
    };
    let results: usize = groups.iter().map(|g| g.results).sum();
    let title = args
        .title
        .clone()
        .unwrap_or_else(|| seen.title(results, &args.files));
    report_all(&parts, &whole, &args.summary.outputs(&title, &notes), 0)
}

/// Reads the lines of a results file, one at a time, with errors that name it.
fn read_lines(
    f: &str,
    each: impl FnMut(Line) -> anyhow::Result<()>,
) -> anyhow::Result<Option<usize>> {
    for_each_line(f, each).map_err(|e| match e.downcast::<sudoku_arena::error::Error>() {
        Ok(sudoku_arena::error::Error::Io { source, .. }) => {
            anyhow::anyhow!("{f}: cannot read: {source}")
        }
        Ok(other) => other.into(),
        Err(e) => e,
    })
}

/// What a file covers, for the merger: one entry per shard its headers name (none
/// named: every puzzle).
fn coverage_of(file: &FileSeen) -> Vec<Coverage> {
    if file.shards.is_empty() {
        return vec![Coverage {
            shard: None,
            backends: file.backends.clone(),
        }];
    }
    file.shards
        .iter()
        .map(|s| Coverage {
            shard: Some(*s),
            backends: file.backends.clone(),
        })
        .collect()
}

/// Adds `name` to `list` unless it is there.
fn add(list: &mut Vec<String>, name: &str) {
    if !list.iter().any(|n| n == name) {
        list.push(name.to_string());
    }
}

/// The group of `settings`, made if new, with `file` among its files.
fn group_of(groups: &mut Vec<SettingsGroup>, settings: Option<&RunSettings>, file: &str) -> usize {
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

/// A group's settings and files, in the command line's words.
fn describe(g: &SettingsGroup) -> String {
    let settings = g
        .settings
        .as_ref()
        .map_or("settings not recorded".to_string(), RunSettings::describe);
    format!("{settings}: {}", g.files.join(", "))
}

/// Shards as `K/N`, joined.
fn list(shards: &BTreeSet<Shard>) -> String {
    shards
        .iter()
        .map(Shard::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// What is missing: for each N that some file is a shard of, the shards K/N no file
/// holds.
fn missing_notes(files: &[(String, FileSeen)]) -> Vec<String> {
    let mut by_count: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for (_, f) in files {
        for s in &f.shards {
            by_count.entry(s.count).or_default().insert(s.index);
        }
    }
    by_count
        .into_iter()
        .filter_map(|(n, have)| {
            let missing: Vec<String> = (1..=n)
                .filter(|k| !have.contains(k))
                .map(|k| format!("{k}/{n}"))
                .collect();
            match missing.len() {
                0 => None,
                1 => Some(format!(
                    "shard {} is missing: the tables cover {} of {n} shards",
                    missing[0],
                    have.len()
                )),
                _ => Some(format!(
                    "shards {} are missing: the tables cover {} of {n} shards",
                    missing.join(", "),
                    have.len()
                )),
            }
        })
        .collect()
}

/// A warning for each backend that some of `group_files` ran and others did not.
fn backend_warnings(files: &[(String, FileSeen)], group_files: &[String]) -> Vec<String> {
    let members: Vec<&(String, FileSeen)> = files
        .iter()
        .filter(|(f, s)| group_files.contains(f) && !s.backends.is_empty())
        .collect();
    let mut all: Vec<String> = Vec::new();
    for (_, s) in &members {
        for b in &s.backends {
            add(&mut all, b);
        }
    }
    all.into_iter()
        .filter_map(|b| {
            let (with, without): (Vec<_>, Vec<_>) =
                members.iter().partition(|(_, s)| s.backends.contains(&b));
            (!without.is_empty()).then(|| {
                let names = |v: &[&&(String, FileSeen)]| {
                    v.iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>().join(", ")
                };
                format!(
                    "{b} ran not on every shard: in {} but not in {}; its row covers fewer puzzles, and `x fastest` compares only the puzzles every backend ran",
                    names(&with),
                    names(&without)
                )
            })
        })
        .collect()
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
                "the results ran on {} machines, so their times are not comparable (verdicts and counts are): {}",
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
