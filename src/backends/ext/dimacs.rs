//! `ext:minisat` and `ext:cadical`: the `sat` backend's DIMACS export (reduced
//! encoding, the one `sat:reduced` and `sat:reduced+cadical` solve in process, so the
//! three differ only in how the CNF reaches the solver; Killer cages stated as the export
//! states them, [`CAGES`]) solved by an industrial SAT solver in a child process.
//! Uniqueness and counting work as in the `sat` backend: after each model the blocking
//! clause of the found grid is appended to the file and the solver runs again, until it
//! answers unsat or enough solutions are found.

use super::own_time::{self, ZeroReport};
use super::rerun::{find_by_exclusion, Run, RunEnd};
use super::{ExternalRun, RunTimes};
use crate::backends::sat::dimacs::{read_model, write_until};
use crate::backends::sat::encode::{CageEncoding, Encoded, Encoding};
use crate::clock::TimeSource;
use crate::model::Puzzle;
use crate::process::{run, ProcessOutput, Scratch};
use crate::solver::{ms, SolveOptions};
use std::time::Instant;

/// The encoding the external SAT solvers are given: the smallest, so that parsing it,
/// part of their own time, weighs as little as it does in process.
pub const ENCODING: Encoding = Encoding::Reduced;

/// How the external SAT solvers are given Killer cages: the export's statement, the one
/// `sat:reduced` solves.
pub const CAGES: CageEncoding = CageEncoding::DEFAULT;

/// A solver's own time in ms, with its source when not the tool's usual one.
type OwnTime = Option<(f64, Option<TimeSource>)>;

/// How one SAT solver program is run and read.
struct Program {
    name: &'static str,
    /// Arguments given the input file's name (the scratch folder is the working folder).
    args: fn(&str) -> Vec<String>,
    /// Where its model is: the result file it was told to write, or standard output.
    model_file: Option<&'static str>,
    /// Its own time from its output ([`own_time`]), with the source when not its usual.
    own_time: fn(&str) -> OwnTime,
    /// The part of that time that was parsing the CNF, ms, where it says.
    parse_ms: fn(&str) -> Option<f64>,
    /// What its report of zero time means.
    zero: ZeroReport,
}

const MINISAT: Program = Program {
    name: "minisat",
    args: |cnf| vec![cnf.to_string(), "result.txt".to_string()],
    model_file: Some("result.txt"),
    own_time: |out| own_time::minisat(out).map(|t| (t, None)),
    // MiniSat prints its parse time to 10 ms only: not read.
    parse_ms: |_| None,
    zero: ZeroReport::UserClockIdle,
};

const CADICAL: Program = Program {
    name: "cadical",
    // Real time, as the other solvers' times; it decides nothing but what is printed.
    args: |cnf| vec!["--realtime=true".to_string(), cnf.to_string()],
    model_file: None,
    own_time: cadical_time,
    parse_ms: own_time::cadical_parse,
    zero: ZeroReport::BelowResolution,
};

/// CaDiCaL's own time, with its source when it is the coarse fallback.
fn cadical_time(out: &str) -> OwnTime {
    own_time::cadical(out).map(|(t, s)| (t, (s != own_time::CADICAL).then_some(s)))
}

/// Solves with MiniSat (`minisat IN OUT`).
pub fn solve_minisat(
    puzzle: &Puzzle,
    opts: &SolveOptions,
    scratch: &Scratch,
) -> Result<ExternalRun, String> {
    solve(&MINISAT, puzzle, opts, scratch)
}

/// Solves with CaDiCaL (`cadical IN`, model on standard output).
pub fn solve_cadical(
    puzzle: &Puzzle,
    opts: &SolveOptions,
    scratch: &Scratch,
) -> Result<ExternalRun, String> {
    solve(&CADICAL, puzzle, opts, scratch)
}

/// The counters both solvers print (`conflicts : 29` for MiniSat, `c conflicts: 56` for
/// CaDiCaL), added up over runs.
const COUNTERS: [&str; 3] = ["conflicts", "decisions", "propagations"];

fn add_counters(out: &ProcessOutput, totals: &mut [f64; 3]) {
    let mut seen = [false; 3];
    for line in out.stdout.lines() {
        let line = line.strip_prefix("c ").unwrap_or(line);
        let Some((key, rest)) = line.split_once(':') else {
            continue;
        };
        let Some(i) = COUNTERS.iter().position(|&c| c == key.trim()) else {
            continue;
        };
        let value: Option<f64> = rest.split_whitespace().next().and_then(|v| v.parse().ok());
        if let (false, Some(v)) = (seen[i], value) {
            totals[i] += v;
            seen[i] = true;
        }
    }
}

/// Writes the CNF with a blocking clause per grid found, runs the program, reads its
/// model; [`find_by_exclusion`] repeats this for uniqueness and counting.
fn solve(
    program: &Program,
    puzzle: &Puzzle,
    opts: &SolveOptions,
    scratch: &Scratch,
) -> Result<ExternalRun, String> {
    let encoded = Encoded::build_with(puzzle, ENCODING, CAGES);
    let mut counters = [0.0; 3];
    let mut parse_ms = None;
    let args = (program.args)("sudoku.cnf");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut runs = find_by_exclusion(puzzle, opts, program.name, |found| {
        let blocking: Vec<Vec<i32>> = found
            .iter()
            .map(|grid| encoded.blocking_clause(puzzle, grid))
            .collect();
        let killed = Run {
            end: RunEnd::Killed,
            times: RunTimes::default(),
            decode_ms: 0.0,
        };
        // The text of a large board takes seconds to write: the deadline stops it too.
        let Some(text) = write_until(puzzle, &encoded, &blocking, opts.deadline) else {
            return Ok(killed);
        };
        scratch.write("sudoku.cnf", &text)?;
        drop(text);
        if opts.expired() {
            return Ok(killed);
        }
        let out = run(program.name, &args, scratch, opts.deadline, opts.mem_limit)?;
        let own = (program.own_time)(&out.stdout);
        let mut result = Run {
            times: RunTimes::of(&out, own, program.name, program.zero)?,
            ..killed
        };
        if out.killed {
            return Ok(result);
        }
        add_counters(&out, &mut counters);
        if let Some(p) = (program.parse_ms)(&out.stdout) {
            parse_ms = Some(parse_ms.unwrap_or(0.0) + p);
        }
        // Both follow the SAT competition's exit codes: 10 satisfiable, 20 unsatisfiable.
        match out.code {
            Some(20) => {
                result.end = RunEnd::Exhausted;
                return Ok(result);
            }
            Some(10) => {}
            _ => {
                return Err(format!(
                    "{} ended with {:?}: {}",
                    program.name,
                    out.code,
                    out.stderr.lines().take(3).collect::<Vec<_>>().join(" / ")
                ))
            }
        }
        let t = Instant::now();
        let text = match program.model_file {
            Some(f) => std::fs::read_to_string(scratch.file(f))
                .map_err(|e| format!("cannot read {}'s result: {e}", program.name))?,
            None => out.stdout,
        };
        let model = read_model(&text, encoded.cnf.vars)?;
        let grid = encoded
            .decode(&model)
            .ok_or_else(|| format!("{}'s model is not a grid", program.name))?;
        result.decode_ms = ms(t.elapsed());
        result.end = RunEnd::Found(grid);
        Ok(result)
    })?;
    for (name, v) in COUNTERS.iter().zip(counters) {
        runs.stats.push((name.to_string(), v));
    }
    runs.stats.push(("nodes".into(), counters[1]));
    if let Some(p) = parse_ms {
        runs.stats.push(("parse_ms".into(), p));
    }
    runs.stats
        .push(("variables".into(), encoded.cnf.vars as f64));
    runs.stats
        .push(("clauses".into(), encoded.cnf.clauses() as f64));
    Ok(runs)
}
