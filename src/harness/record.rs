//! One line of a results file: the outcome of one backend on one puzzle, self-contained
//! so that results files from several runs or machines can be merged and resumed.

use super::json::Object;
use crate::clock::Clocks;
use crate::error::{Error, Result};
use crate::harness::machine::RunFacts;
use crate::solver::{Stats, Verdict};
use serde::{Deserialize, Serialize};

mod bad_line;

/// The outcome of one (backend, puzzle) run, as written to the JSON-lines results file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Record {
    /// Position of the puzzle in the whole input (all files, in order), from 0.
    pub puzzle_index: usize,
    /// Where the puzzle came from, for people: `file:line`, or its name.
    pub source: String,
    /// The file the puzzle was read from (`examples` for the embedded set), for tables
    /// split per input file.
    #[serde(default)]
    pub file: String,
    /// The line of that file where the puzzle starts, from 1 (0 in files written before
    /// it was recorded).
    #[serde(default)]
    pub line: usize,
    /// The puzzle's name, when it has one (then `source` is that name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The puzzle in one-line form: with the backend, the key for `--resume`.
    pub puzzle: String,
    /// Side of the grid.
    pub size: usize,
    /// Fraction of cells given, 0 to 1.
    pub fixed_fraction: f64,
    /// Backend configuration, such as `sat:extended`.
    pub backend: String,
    /// What is known of the puzzle's solutions.
    pub verdict: Verdict,
    /// The first solution found, in one-line form.
    pub solution: Option<String>,
    /// How many solutions were found.
    pub solutions_found: u64,
    /// Whether the deadline stopped the solve.
    pub timed_out: bool,
    /// Time of the solve itself, in milliseconds: wall time measured in the process that
    /// ran it, an external solver's own statistic, or that solver's processes' time
    /// where its statistic read zero (`time_source` says which; see
    /// [`crate::solver::Outcome::time_ms`]).
    #[serde(serialize_with = "crate::solver::serialize_ms")]
    pub time_ms: f64,
    /// Time to get the puzzle to a worker or solver process and the answer back, in
    /// milliseconds (0 for a solve in the harness's own process); never part of `time_ms`.
    #[serde(default, serialize_with = "crate::solver::serialize_ms")]
    pub transport_ms: f64,
    /// CPU time of the solve, in milliseconds (`cpu_source` says whose).
    #[serde(default, serialize_with = "crate::solver::serialize_ms")]
    pub cpu_ms: f64,
    /// Peak resident memory of the solve in KiB, for a solve in a worker or an external
    /// solver's processes (see [`crate::solver::Outcome::peak_rss_kb`]); left out for one
    /// in the harness's own process.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_rss_kb: Option<u64>,
    /// What `time_ms` and `cpu_ms` were read from, and the resolution of `time_ms`
    /// (empty in files written before they were recorded).
    #[serde(flatten)]
    pub clocks: Clocks,
    /// Why the backend could not answer, if it could not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// What the independent validator found wrong, if anything.
    pub wrong: Option<String>,
    /// Givens that break a rule, which make the puzzle's verdict `none` for every
    /// backend: `r1c1 and r1c9 both hold 5 in row 1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conflict: Option<String>,
    /// What the backend's `nodes` count (e.g. `rows tried`, `decisions`).
    #[serde(default)]
    pub effort_name: String,
    /// The backend's effort figures.
    pub stats: Stats,
    /// With `--repeat R`, the time of each of the R solves, in milliseconds (`time_ms`
    /// is their median; the answer is the first solve's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub repeat_times_ms: Vec<f64>,
    /// The settings of the run that made this record; `--resume` goes on only with the
    /// same ones.
    #[serde(default)]
    pub settings: Option<RunSettings>,
}

/// What a run asked of every solve, kept in each record so that a resumed run cannot
/// mix answers to different questions.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RunSettings {
    /// 1 for any solution, 2 to prove uniqueness.
    pub max_solutions: usize,
    /// The time budget per solve in seconds, `None` for no limit.
    pub timeout_s: Option<f64>,
    /// The rule variant (`classic`, `x`).
    pub variant: String,
    /// Solves of each (configuration, puzzle) timed (`--repeat`): the time recorded is
    /// their median.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub repeat: usize,
    /// Solves of each (configuration, puzzle) run and not timed before those
    /// (`--warmup`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub warmup: usize,
    /// The memory limit of each solve in bytes (`--mem-limit`), none for no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mem_limit: Option<u64>,
}

fn one() -> usize {
    1
}

fn is_one(n: &usize) -> bool {
    *n == 1
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl RunSettings {
    /// The settings in the command line's words: `--timeout 10 s, uniqueness, --variant
    /// classic`.
    pub fn describe(&self) -> String {
        let question = match self.max_solutions {
            1 => "--first".to_string(),
            2 => "uniqueness".to_string(),
            k => format!("up to {k} solutions"),
        };
        let budget = self
            .timeout_s
            .map_or("none".to_string(), |s| format!("{s} s"));
        let mut text = format!("--timeout {budget}, {question}, --variant {}", self.variant);
        if let Some(limit) = self.mem_limit {
            text.push_str(&format!(", --mem-limit {} MB", limit >> 20));
        }
        if self.repeat != 1 || self.warmup != 0 {
            text.push_str(&format!(
                ", --repeat {}, --warmup {}",
                self.repeat, self.warmup
            ));
        }
        text
    }

    /// What differs between these settings (of earlier results) and `now`, in the
    /// command line's words; empty when they are the same.
    pub fn differences(&self, now: &RunSettings) -> Vec<String> {
        let question = |max: usize| match max {
            1 => "--first".to_string(),
            2 => "uniqueness".to_string(),
            k => format!("up to {k} solutions"),
        };
        let budget = |t: Option<f64>| t.map_or("none".to_string(), |s| format!("{s} s"));
        let mut out = Vec::new();
        if self.max_solutions != now.max_solutions {
            out.push(format!(
                "they asked {} (this run: {})",
                question(self.max_solutions),
                question(now.max_solutions)
            ));
        }
        if self.timeout_s != now.timeout_s {
            out.push(format!(
                "--timeout {} (this run: {})",
                budget(self.timeout_s),
                budget(now.timeout_s)
            ));
        }
        if self.variant != now.variant {
            out.push(format!(
                "--variant {} (this run: {})",
                self.variant, now.variant
            ));
        }
        if self.repeat != now.repeat {
            out.push(format!(
                "--repeat {} (this run: {})",
                self.repeat, now.repeat
            ));
        }
        if self.mem_limit != now.mem_limit {
            let limit =
                |l: Option<u64>| l.map_or("none".to_string(), |b| format!("{} MB", b >> 20));
            out.push(format!(
                "--mem-limit {} (this run: {})",
                limit(self.mem_limit),
                limit(now.mem_limit)
            ));
        }
        if self.warmup != now.warmup {
            out.push(format!(
                "--warmup {} (this run: {})",
                self.warmup, now.warmup
            ));
        }
        out
    }
}

impl Record {
    /// The key `--resume` uses to know a run is already done: the backend and the
    /// puzzle's place in the input (identical puzzles on two lines are two runs).
    pub fn key(&self) -> (String, usize, String) {
        (self.backend.clone(), self.puzzle_index, self.puzzle.clone())
    }

    /// Whether the backend answered with a solution.
    pub fn solved(&self) -> bool {
        self.solution.is_some() && self.wrong.is_none()
    }

    /// Appends this record's line of a results file to `out`: the JSON that
    /// `serde_json::to_string` gives for it, then a newline, without allocating when
    /// `out` (kept from one record to the next) has room.
    pub fn write_json_line(&self, out: &mut Vec<u8>) {
        self.view().write_json_line(out);
    }

    /// The record as borrowed fields.
    fn view(&self) -> RecordView<'_> {
        RecordView {
            puzzle_index: self.puzzle_index,
            source: &self.source,
            file: &self.file,
            line: self.line,
            label: self.label.as_deref(),
            puzzle: &self.puzzle,
            size: self.size,
            fixed_fraction: self.fixed_fraction,
            backend: &self.backend,
            verdict: self.verdict,
            solution: self.solution.as_deref(),
            solutions_found: self.solutions_found,
            timed_out: self.timed_out,
            time_ms: self.time_ms,
            transport_ms: self.transport_ms,
            cpu_ms: self.cpu_ms,
            peak_rss_kb: self.peak_rss_kb,
            clocks: &self.clocks,
            failure: self.failure.as_deref(),
            wrong: self.wrong.as_deref(),
            conflict: self.conflict.as_deref(),
            effort_name: &self.effort_name,
            stats: &self.stats,
            repeat_times_ms: &self.repeat_times_ms,
            settings: self.settings.as_ref(),
        }
    }
}

/// A [`Record`] whose text fields are borrowed, so that the run loop writes a results
/// line from the puzzle's and the outcome's own data, with no string made per solve:
/// the one writer of results lines ([`Record::write_json_line`] goes through it too).
#[derive(Clone, Copy)]
pub(crate) struct RecordView<'a> {
    pub(crate) puzzle_index: usize,
    pub(crate) source: &'a str,
    pub(crate) file: &'a str,
    pub(crate) line: usize,
    pub(crate) label: Option<&'a str>,
    pub(crate) puzzle: &'a str,
    pub(crate) size: usize,
    pub(crate) fixed_fraction: f64,
    pub(crate) backend: &'a str,
    pub(crate) verdict: Verdict,
    pub(crate) solution: Option<&'a str>,
    pub(crate) solutions_found: u64,
    pub(crate) timed_out: bool,
    pub(crate) time_ms: f64,
    pub(crate) transport_ms: f64,
    pub(crate) cpu_ms: f64,
    pub(crate) peak_rss_kb: Option<u64>,
    pub(crate) clocks: &'a Clocks,
    pub(crate) failure: Option<&'a str>,
    pub(crate) wrong: Option<&'a str>,
    pub(crate) conflict: Option<&'a str>,
    pub(crate) effort_name: &'a str,
    pub(crate) stats: &'a Stats,
    pub(crate) repeat_times_ms: &'a [f64],
    pub(crate) settings: Option<&'a RunSettings>,
}

impl RecordView<'_> {
    /// The record these fields are, owned.
    pub(crate) fn to_record(self) -> Record {
        Record {
            puzzle_index: self.puzzle_index,
            source: self.source.to_string(),
            file: self.file.to_string(),
            line: self.line,
            label: self.label.map(str::to_string),
            puzzle: self.puzzle.to_string(),
            size: self.size,
            fixed_fraction: self.fixed_fraction,
            backend: self.backend.to_string(),
            verdict: self.verdict,
            solution: self.solution.map(str::to_string),
            solutions_found: self.solutions_found,
            timed_out: self.timed_out,
            time_ms: self.time_ms,
            transport_ms: self.transport_ms,
            cpu_ms: self.cpu_ms,
            peak_rss_kb: self.peak_rss_kb,
            clocks: self.clocks.clone(),
            failure: self.failure.map(str::to_string),
            wrong: self.wrong.map(str::to_string),
            conflict: self.conflict.map(str::to_string),
            effort_name: self.effort_name.to_string(),
            stats: self.stats.clone(),
            repeat_times_ms: self.repeat_times_ms.to_vec(),
            settings: self.settings.cloned(),
        }
    }

    /// Appends the line of a results file to `out` (see [`Record::write_json_line`]).
    pub(crate) fn write_json_line(&self, out: &mut Vec<u8>) {
        let mut o = Object::with_plain_keys(out);
        o.u64("puzzle_index", self.puzzle_index as u64);
        o.str("source", self.source);
        o.str("file", self.file);
        o.u64("line", self.line as u64);
        if let Some(label) = self.label {
            o.str("label", label);
        }
        o.str("puzzle", self.puzzle);
        o.u64("size", self.size as u64);
        o.f64("fixed_fraction", self.fixed_fraction);
        o.str("backend", self.backend);
        o.str("verdict", self.verdict.name());
        o.opt_str("solution", self.solution);
        o.u64("solutions_found", self.solutions_found);
        o.bool("timed_out", self.timed_out);
        o.ms("time_ms", self.time_ms);
        o.ms("transport_ms", self.transport_ms);
        o.ms("cpu_ms", self.cpu_ms);
        if let Some(kb) = self.peak_rss_kb {
            o.u64("peak_rss_kb", kb);
        }
        o.str("time_source", &self.clocks.time_source);
        o.f64("time_resolution_ms", self.clocks.time_resolution_ms);
        o.str("cpu_source", &self.clocks.cpu_source);
        if let Some(failure) = self.failure {
            o.str("failure", failure);
        }
        o.opt_str("wrong", self.wrong);
        if let Some(conflict) = self.conflict {
            o.str("conflict", conflict);
        }
        o.str("effort_name", self.effort_name);
        let stats = self.stats;
        o.object("stats", |s| {
            s.u64("nodes", stats.nodes);
            s.u64("backtracks", stats.backtracks);
            s.u64("propagations", stats.propagations);
            s.u64("variables", stats.variables);
            s.u64("constraints", stats.constraints);
            s.u64("nonzeros", stats.nonzeros);
            s.ms("encode_ms", stats.encode_ms);
            s.ms("solve_ms", stats.solve_ms);
            s.ms("decode_ms", stats.decode_ms);
            if !stats.extra.is_empty() {
                s.object_of_any_keys("extra", |e| {
                    for (name, v) in &stats.extra {
                        e.ms(name, *v);
                    }
                });
            }
        });
        if !self.repeat_times_ms.is_empty() {
            o.f64s("repeat_times_ms", self.repeat_times_ms);
        }
        match self.settings {
            Some(settings) => o.object("settings", |s| {
                s.u64("max_solutions", settings.max_solutions as u64);
                s.opt_f64("timeout_s", settings.timeout_s);
                s.str("variant", &settings.variant);
                if settings.repeat != 1 {
                    s.u64("repeat", settings.repeat as u64);
                }
                if settings.warmup != 0 {
                    s.u64("warmup", settings.warmup as u64);
                }
                if let Some(limit) = settings.mem_limit {
                    s.u64("mem_limit", limit);
                }
            }),
            None => o.null("settings"),
        }
        o.end();
        out.push(b'\n');
    }
}

/// The first line of what a `compare` run writes to a results file (and of what each
/// `--resume` appends): which slice of the input the run took and with which settings,
/// so that a shard that had no puzzle is known too. Readers of results skip it
/// ([`for_each_record`]) or use it ([`for_each_line`]).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[non_exhaustive]
pub struct Header {
    /// Always `header`: what tells this line from a result.
    pub kind: HeaderKind,
    /// The slice of the input the run took (1 of 1 for the whole input).
    pub shard: Shard,
    /// The settings of every result that follows.
    pub settings: RunSettings,
    /// The backend configurations the run was asked for, in its order.
    pub backends: Vec<String>,
    /// The input files named (none for standard input or the embedded set).
    pub inputs: Vec<String>,
    /// The solves the run's slice holds in all, an earlier run's resumed included, when
    /// the input was counted before the solving (not for standard input): what tells a
    /// stopped run's file from a whole one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planned_solves: Option<u64>,
    /// The build, machine and threads that ran it (empty in files written before they
    /// were recorded).
    #[serde(flatten)]
    pub facts: RunFacts,
}

/// The one value of [`Header::kind`].
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum HeaderKind {
    /// A header line.
    Header,
}

/// Slice `index` of `count` (`compare --shard K/N`; 1 of 1 for the whole input).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shard {
    /// K, from 1.
    pub index: usize,
    /// N.
    pub count: usize,
}

impl Shard {
    /// Whether the puzzle at `index` in the input belongs to this shard (puzzle i goes to
    /// shard i mod N + 1).
    pub fn holds(&self, index: usize) -> bool {
        self.count == 0 || index % self.count == self.index.wrapping_sub(1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// One line of a results file.
#[derive(Clone, Debug, PartialEq)]
pub enum Line {
    /// What the run was.
    Header(Box<Header>),
    /// One result.
    Record(Box<Record>),
}

/// Reads every record of a JSON-lines results file; names the line of a bad one.
pub fn read_records(path: &str) -> Result<Vec<Record>> {
    let mut records = Vec::new();
    for_each_record(path, |r| -> Result<()> {
        records.push(r);
        Ok(())
    })?;
    Ok(records)
}

/// Reads a JSON-lines results file one record at a time (memory bounded by one line),
/// handing each to `each` (header lines are skipped); gives the number of the truncated
/// last line skipped (an interrupted write), if there was one.
/// `each` may stop the reading with an error of its own.
pub fn for_each_record<E: From<Error>>(
    path: &str,
    mut each: impl FnMut(Record) -> std::result::Result<(), E>,
) -> std::result::Result<Option<usize>, E> {
    for_each_line(path, |line| match line {
        Line::Record(r) => each(*r),
        Line::Header(_) => Ok(()),
    })
}

/// Like [`for_each_record`], with the header lines too. A gzip-compressed file (known by
/// its first two bytes, whatever its name) is read as the text it holds; several gzip
/// members one after another (`cat a.gz b.gz`) read as their texts joined.
pub fn for_each_line<E: From<Error>>(
    path: &str,
    each: impl FnMut(Line) -> std::result::Result<(), E>,
) -> std::result::Result<Option<usize>, E> {
    use std::io::BufRead;
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let mut reader = std::io::BufReader::new(file);
    let start = reader.fill_buf().map_err(|e| Error::io(path, e))?;
    if start.starts_with(&GZIP_MAGIC) {
        let text = flate2::bufread::MultiGzDecoder::new(reader);
        lines_of(std::io::BufReader::new(text), path, each)
    } else {
        lines_of(reader, path, each)
    }
}

/// The first two bytes of every gzip stream (RFC 1952).
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Parses JSON-lines text into records (header lines skipped). A truncated last line
/// (an interrupted write) is skipped.
pub fn parse_records(text: &str, path: &str) -> Result<Vec<Record>> {
    Ok(parse_records_noting_truncation(text, path)?.0)
}

/// Like [`parse_records`], also giving the number of the truncated last line skipped,
/// if there was one.
pub fn parse_records_noting_truncation(
    text: &str,
    path: &str,
) -> Result<(Vec<Record>, Option<usize>)> {
    let mut records = Vec::new();
    let truncated = lines_of(text.as_bytes(), path, |line| -> Result<()> {
        if let Line::Record(r) = line {
            records.push(*r);
        }
        Ok(())
    })?;
    Ok((records, truncated))
}

/// The lines of `reader`, one by one, to `each`; a last line that neither parses nor
/// ends in a newline is skipped and its number given back.
fn lines_of<E: From<Error>>(
    mut reader: impl std::io::BufRead,
    path: &str,
    mut each: impl FnMut(Line) -> std::result::Result<(), E>,
) -> std::result::Result<Option<usize>, E> {
    let mut line = String::new();
    let mut number = 0;
    loop {
        line.clear();
        if reader
            .read_line(&mut line)
            .map_err(|e| Error::io(path, e))?
            == 0
        {
            return Ok(None);
        }
        number += 1;
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(&line) {
            Ok(r) => each(Line::Record(Box::new(r)))?,
            Err(_) => match serde_json::from_str::<Header>(&line) {
                Ok(h) => each(Line::Header(Box::new(h)))?,
                Err(_) if !line.ends_with('\n') => return Ok(Some(number)),
                Err(_) => {
                    return Err(Error::Record {
                        path: path.to_string(),
                        line: number,
                        message: bad_line::why_not_a_record(&line),
                    }
                    .into());
                }
            },
        }
    }
}

/// A record of one answer to puzzle `p:1`, for tests: `backend` answered `verdict`
/// (`unique`, `none`, ...) with `solution` in `time_ms`.
#[cfg(test)]
pub(crate) fn example(
    backend: &str,
    verdict: &str,
    solution: Option<&str>,
    time_ms: f64,
) -> Record {
    let verdict = Verdict::from_name(verdict).unwrap();
    Record {
        puzzle_index: 0,
        source: "p:1".into(),
        file: "p".into(),
        line: 1,
        label: None,
        settings: None,
        puzzle: "p".into(),
        size: 4,
        fixed_fraction: 0.25,
        backend: backend.into(),
        verdict,
        solution: solution.map(String::from),
        solutions_found: solution.is_some() as u64,
        timed_out: verdict == Verdict::Unknown,
        time_ms,
        transport_ms: 0.0,
        cpu_ms: 0.0,
        peak_rss_kb: None,
        clocks: Default::default(),
        failure: None,
        wrong: None,
        conflict: None,
        effort_name: "nodes".into(),
        stats: Default::default(),
        repeat_times_ms: Vec::new(),
    }
}
