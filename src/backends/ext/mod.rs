//! `ext:*` backends: industrial solvers run as child processes on the very models the
//! tool exports, so a user compares the Rust backends with them on the same encodings.
//! Each needs a Debian package (the registry names it); one that is missing is reported
//! with the package to install, never skipped silently. A solve's `time_ms` is the
//! solver's own report of its time ([`own_time`]), or its processes' time where MiniSat's
//! user-time report reads zero or the deadline killed the solver (`time_source` says
//! which); the rest of the wall time, starting processes and writing and reading files,
//! is `transport_ms` (files split out as `encode_ms` and `decode_ms`), and `cpu_ms` is
//! the processes' CPU time from `wait4`.

pub(crate) mod dimacs;
pub(crate) mod gprolog;
pub(crate) mod minizinc;
pub(crate) mod mip;
pub(crate) mod own_time;
pub(crate) mod rerun;

use crate::clock::{Clocks, TimeSource, CHILD_CPU};
use crate::error::Error;
use crate::model::puzzle::Grid;
use crate::model::Puzzle;
use crate::process::{self, Scratch};
use crate::solver::{ms, reported_at_end, Failure, Outcome, SolveOptions, Solver, Stats, Verdict};
use own_time::ZeroReport;
use std::time::Instant;

/// What one external run produced.
#[derive(Debug, Default)]
pub struct ExternalRun {
    /// Solutions read back.
    pub solutions: Vec<Grid>,
    /// Whether the solver said its search was complete (no further solution).
    pub complete: bool,
    /// Whether the deadline killed it.
    pub killed: bool,
    /// The times of the solver process(es).
    pub times: RunTimes,
    /// Time reading solutions back, ms (the rest of the time outside the solver
    /// processes is reported as encoding).
    pub decode_ms: f64,
    /// The solver's own counters, by name.
    pub stats: Vec<(String, f64)>,
}

/// The times of one or more runs of a solver program, added up.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RunTimes {
    /// Wall time of the processes, ms.
    pub process_ms: f64,
    /// The solver's own report of its time ([`own_time`]), ms.
    pub own_ms: f64,
    /// CPU time of the processes, ms.
    pub cpu_ms: f64,
    /// Where the own time was read, when it was not the tool's usual statistic (a
    /// coarser statistic of the solver, or its processes' time, [`own_time::PROCESS_CPU`]
    /// or [`own_time::PROCESS_WALL`]); over several runs, the processes' time if any run
    /// used it, else the coarsest.
    pub source: Option<TimeSource>,
    /// The most resident memory a run's processes held, KiB: the largest over the runs
    /// (see [`process::ProcessOutput::peak_rss_kb`]).
    pub peak_rss_kb: Option<u64>,
    /// Whether the memory limit stopped a run.
    pub memout: bool,
}

impl RunTimes {
    /// The times of one process that reported its own time as `own` (ms, with the
    /// source when not the tool's usual one); a report of zero means what `zero` says
    /// (see [`ZeroReport`]). A run the deadline killed reports nothing: it
    /// was solving until the kill, so its wall time counts. A run that finished without
    /// reporting is an error naming `statistic`. A report rounded to its resolution past
    /// the process's whole wall time counts as that wall time: a solver cannot spend
    /// longer on the puzzle than its process lived.
    pub fn of(
        out: &process::ProcessOutput,
        own: Option<(f64, Option<TimeSource>)>,
        statistic: &str,
        zero: ZeroReport,
    ) -> Result<RunTimes, String> {
        let (own_ms, source) = match own {
            Some((t, source)) if t > 0.0 => (t, source),
            _ if out.killed => (ms(out.elapsed), Some(own_time::PROCESS_WALL)),
            Some((t, source)) => match zero {
                ZeroReport::BelowResolution => (t, source),
                ZeroReport::UserClockIdle => (ms(out.cpu), Some(own_time::PROCESS_CPU)),
            },
            None => return Err(format!("the solver printed no {statistic} statistic")),
        };
        Ok(RunTimes {
            process_ms: ms(out.elapsed),
            own_ms: own_ms.min(ms(out.elapsed)),
            cpu_ms: ms(out.cpu),
            source,
            peak_rss_kb: out.peak_rss_kb,
            memout: out.memout,
        })
    }

    /// Adds the times of another run.
    pub fn add(&mut self, other: RunTimes) {
        self.process_ms += other.process_ms;
        self.own_ms += other.own_ms;
        self.cpu_ms += other.cpu_ms;
        self.source = match (self.source, other.source) {
            (Some(a), Some(b)) => {
                let (pa, pb) = (own_time::is_process(a), own_time::is_process(b));
                let coarser = b.resolution_ms > a.resolution_ms;
                Some(if pb && !pa || pa == pb && coarser {
                    b
                } else {
                    a
                })
            }
            (a, b) => a.or(b),
        };
        self.peak_rss_kb = self.peak_rss_kb.max(other.peak_rss_kb);
        self.memout |= other.memout;
    }
}

impl ExternalRun {
    /// A run of one process with its times and kill status, before its output is read.
    pub fn started(out: &process::ProcessOutput, times: RunTimes) -> ExternalRun {
        ExternalRun {
            killed: out.killed,
            times,
            ..ExternalRun::default()
        }
    }
}

/// An external solver the tool can drive.
pub struct Tool {
    /// Configuration name: `ext:NAME`.
    pub name: &'static str,
    /// One line on what it runs.
    pub summary: &'static str,
    /// What its `nodes` figure counts.
    pub effort: &'static str,
    /// The statistic its time is read from ([`own_time`]).
    pub time_source: TimeSource,
    /// Writes the input, runs the solver and reads the answer.
    pub solve: fn(&Puzzle, &SolveOptions, &Scratch) -> Result<ExternalRun, String>,
    /// Whether the model it is given states Killer cages (else it refuses them).
    pub takes_cages: bool,
}

/// Every external tool.
pub const TOOLS: &[Tool] = &[
    Tool {
        name: "gecode",
        summary: "Gecode through MiniZinc on encodings/sudoku.mzn (alldifferent per unit)",
        effort: "nodes",
        time_source: own_time::GECODE,
        solve: minizinc::solve,
        takes_cages: true,
    },
    Tool {
        name: "gprolog",
        summary: "GNU Prolog CLP(FD), fd_all_different per unit, first-fail labelling",
        effort: "backtracks",
        time_source: own_time::GPROLOG,
        solve: gprolog::solve,
        takes_cages: true,
    },
    Tool {
        name: "cbc",
        summary: "COIN-OR CBC on the ip backend's presolved 0-1 program (LP file), no-good rows",
        effort: "B&B nodes",
        time_source: own_time::CBC,
        solve: mip::solve_cbc,
        takes_cages: true,
    },
    Tool {
        name: "glpk",
        summary: "GLPK's glpsol on the ip backend's presolved 0-1 program (MPS file), no-good rows",
        effort: "B&B nodes",
        time_source: own_time::GLPSOL,
        solve: mip::solve_glpk,
        takes_cages: true,
    },
    Tool {
        name: "minisat",
        summary:
            "MiniSat on the DIMACS export (sat-reduced encoding, Killer cages as digit-set selectors), blocking clauses for uniqueness",
        effort: "decisions",
        time_source: own_time::MINISAT,
        solve: dimacs::solve_minisat,
        takes_cages: true,
    },
    Tool {
        name: "cadical",
        summary:
            "CaDiCaL on the DIMACS export (sat-reduced encoding, Killer cages as digit-set selectors), blocking clauses for uniqueness",
        effort: "decisions",
        time_source: own_time::CADICAL,
        solve: dimacs::solve_cadical,
        takes_cages: true,
    },
];

/// The lines of a solver's output; when the deadline killed it (`killed`), without the
/// last line if that was cut short, which would read as a short or wrong solution.
pub fn whole_lines(stdout: &str, killed: bool) -> std::str::Lines<'_> {
    let end = match killed {
        true => stdout.rfind('\n').map_or(0, |i| i + 1),
        false => stdout.len(),
    };
    stdout[..end].lines()
}

/// Reads a solution printed as whitespace-separated values, one per cell.
pub fn parse_solution_line(text: &str, puzzle: &Puzzle) -> Result<Grid, String> {
    let values: Result<Grid, _> = text.split_whitespace().map(|t| t.parse::<u8>()).collect();
    let values =
        values.map_err(|e| format!("unreadable solution from the external solver: {e}"))?;
    if values.len() != puzzle.cells.len() {
        return Err(format!(
            "the external solver printed {} values for {} cells",
            values.len(),
            puzzle.cells.len()
        ));
    }
    Ok(values)
}

/// The one-line summary of the external configuration `name` (`ext:NAME`).
pub fn summary(name: &str) -> Option<&'static str> {
    let tool = name.strip_prefix("ext:")?;
    TOOLS.iter().find(|t| t.name == tool).map(|t| t.summary)
}

/// Builds `ext:NAME` (the registry checks first that its program is installed).
pub fn make(name: &str, options: Option<&str>) -> crate::error::Result<Box<dyn Solver>> {
    if let Some(o) = options {
        return Err(Error::Config(format!(
            "ext:{name} takes no options ('{o}')"
        )));
    }
    let tool = TOOLS
        .iter()
        .find(|t| t.name == name)
        .ok_or_else(|| Error::Config(format!("unknown external solver 'ext:{name}'")))?;
    Ok(Box::new(ExternalSolver { tool }))
}

/// A solver that runs an external program.
pub struct ExternalSolver {
    tool: &'static Tool,
}

impl Solver for ExternalSolver {
    fn name(&self) -> String {
        format!("ext:{}", self.tool.name)
    }

    fn effort_name(&self) -> &'static str {
        self.tool.effort
    }

    /// Cages are refused by the tools whose model does not state them.
    fn refuses(&self, geometry: &crate::model::Geometry) -> Option<String> {
        (geometry.has_cages() && !self.tool.takes_cages)
            .then(|| format!("{} does not take Killer cages", self.name()))
    }

    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        reported_at_end(self.run(puzzle, opts), on_solution)
    }
}

impl ExternalSolver {
    /// Runs the tool, its files and processes included, and reads its answer; the
    /// outcome's times are the solver's own and its processes' CPU time, named in its
    /// clocks (the wrapper that times it makes the rest of the wall time transport).
    fn run(&mut self, puzzle: &Puzzle, opts: &SolveOptions) -> Outcome {
        let start = Instant::now();
        let mut stats = Stats::default();
        let result = Scratch::new().and_then(|scratch| (self.tool.solve)(puzzle, opts, &scratch));
        let total_ms = ms(start.elapsed());
        let clocks = |times: &RunTimes| {
            Clocks::new(times.source.unwrap_or(self.tool.time_source), CHILD_CPU)
        };
        match result {
            Ok(run) => {
                let t = run.times;
                stats.solve_ms = t.own_ms;
                stats.decode_ms = run.decode_ms;
                stats.encode_ms = (total_ms - t.process_ms - run.decode_ms).max(0.0);
                stats.extra.insert("process_ms".into(), t.process_ms);
                for (k, v) in &run.stats {
                    match k.as_str() {
                        "nodes" => stats.nodes = *v as u64,
                        "failures" | "backtracks" | "conflicts" => stats.backtracks = *v as u64,
                        "propagations" => stats.propagations = *v as u64,
                        "variables" => stats.variables = *v as u64,
                        "nonzeros" => stats.nonzeros = *v as u64,
                        "propagators" | "constraints" | "clauses" => stats.constraints = *v as u64,
                        _ => {}
                    }
                    stats.extra.insert(k.clone(), *v);
                }
                let found = run.solutions.len();
                let keep = opts.keep_solutions.min(found);
                let out = Outcome::from_search(
                    run.solutions.into_iter().take(keep).collect(),
                    found as u64,
                    run.complete && !run.killed,
                    run.killed && !t.memout,
                    stats,
                );
                Outcome {
                    verdict: if t.memout {
                        Verdict::Memout
                    } else {
                        out.verdict
                    },
                    time_ms: t.own_ms,
                    cpu_ms: t.cpu_ms,
                    peak_rss_kb: t.peak_rss_kb,
                    clocks: clocks(&t),
                    ..out
                }
            }
            Err(e) => Outcome {
                stats,
                clocks: clocks(&RunTimes::default()),
                ..Outcome::failed(Failure::External(e), Vec::new(), 0)
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::own_time::{MINISAT, PROCESS_CPU, PROCESS_WALL};
    use super::*;
    use std::time::Duration;

    /// What a MiniSat process that ran `elapsed_ms` (`cpu_ms` of CPU) left, its `CPU
    /// time` line reading `cpu_line`.
    fn minisat_run(cpu_line: &str, elapsed_ms: u64, cpu_ms: u64) -> process::ProcessOutput {
        process::ProcessOutput {
            stdout: format!(
                "Solved by simplification\nCPU time              : {cpu_line}\n\nUNSATISFIABLE\n"
            ),
            stderr: String::new(),
            killed: false,
            memout: false,
            peak_rss_kb: None,
            code: Some(20),
            elapsed: Duration::from_millis(elapsed_ms),
            cpu: Duration::from_millis(cpu_ms),
        }
    }

    /// [`RunTimes::of`] as the MiniSat backend calls it.
    fn minisat_times(out: &process::ProcessOutput) -> RunTimes {
        let own = own_time::minisat(&out.stdout).map(|t| (t, None));
        RunTimes::of(out, own, "CPU time", ZeroReport::UserClockIdle).unwrap()
    }

    #[test]
    fn a_zero_report_gives_way_to_the_processes_time_and_says_so() {
        let t = minisat_times(&minisat_run("0.002378 s", 9, 3));
        assert!((t.own_ms - 2.378).abs() < 1e-9);
        assert_eq!(t.source, None, "MiniSat's own, its usual statistic");
        let t = minisat_times(&minisat_run("0 s", 9, 3));
        assert_eq!((t.own_ms, t.source), (3.0, Some(PROCESS_CPU)));
        let mut killed = minisat_run("0 s", 700, 650);
        killed.stdout.clear();
        killed.killed = true;
        let t = minisat_times(&killed);
        assert_eq!((t.own_ms, t.source), (700.0, Some(PROCESS_WALL)));
        let out = minisat_run("0 s", 9, 3);
        // A coarse report's zero is a time below its resolution: it stands.
        let coarse =
            RunTimes::of(&out, Some((0.0, None)), "x", ZeroReport::BelowResolution).unwrap();
        assert_eq!((coarse.own_ms, coarse.source), (0.0, None));
    }

    #[test]
    fn runs_added_up_name_the_processes_time_if_any_run_used_it() {
        let own = RunTimes {
            own_ms: 2.0,
            ..RunTimes::default()
        };
        let process = RunTimes {
            own_ms: 3.0,
            source: Some(PROCESS_CPU),
            ..RunTimes::default()
        };
        let coarse = RunTimes {
            source: Some(MINISAT),
            ..RunTimes::default()
        };
        for (first, second) in [(own, process), (process, own), (coarse, process)] {
            let mut sum = first;
            sum.add(second);
            assert_eq!(sum.source, Some(PROCESS_CPU));
        }
        let mut sum = process;
        sum.add(coarse);
        assert_eq!((sum.own_ms, sum.source), (3.0, Some(PROCESS_CPU)));
    }
}
