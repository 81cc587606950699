//! The parent's side: a solver that sends the solves [`WorkerFor`] names to a worker
//! process it keeps across puzzles, and solves the rest in this process.

use super::child::{worker_executable, Worker, WorkerEnd, WORKER_ENV};
use crate::backends::timed::Timed;
use crate::clock::{Clocks, THREAD_CPU, WALL, WORKER_CPU};
use crate::model::puzzle::Grid;
use crate::model::Puzzle;
use crate::process::MemoryWatch;
use crate::solver::{ms, Failure, Outcome, SolveOptions, Solver, Stats, Verdict};
use std::path::PathBuf;
use std::time::Instant;

/// Which solves of an [`Isolated`] backend go to its worker process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WorkerFor {
    /// Only those with a memory limit (the engine honours deadlines itself).
    MemoryLimit,
    /// Those with a deadline or a memory limit (the engine cannot be stopped in time
    /// from inside).
    Deadline,
    /// Every one (the engine must not share a process with another thread's solves).
    Every,
}

/// A backend that solves in a worker process when [`WorkerFor`] says so and in this
/// process otherwise (see the module docs).
pub(crate) struct Isolated {
    /// The configuration, as the registry names it; the worker builds it from this.
    spec: String,
    /// Which solves go to the worker.
    worker_for: WorkerFor,
    /// The same solver in this process, for the solves that do not go to the worker.
    local: Timed,
    /// The running worker, kept across puzzles; `None` until needed or after a kill.
    worker: Option<Worker>,
    /// The program to run the worker with, when one was chosen; otherwise
    /// [`worker_executable`] finds it at each start.
    executable: Option<PathBuf>,
}

impl Isolated {
    /// Wraps the in-process solver `local` of configuration `spec`; `worker_for` says
    /// which of its solves go to the worker.
    pub(crate) fn new(spec: String, local: Box<dyn Solver>, worker_for: WorkerFor) -> Isolated {
        Isolated {
            spec,
            worker_for,
            local: Timed(local),
            worker: None,
            executable: None,
        }
    }
}

impl Solver for Isolated {
    fn name(&self) -> String {
        self.local.name()
    }

    fn effort_name(&self) -> &'static str {
        self.local.effort_name()
    }

    fn checks_givens(&self) -> bool {
        self.local.checks_givens()
    }

    fn refuses(&self, geometry: &crate::model::Geometry) -> Option<String> {
        self.local.refuses(geometry)
    }

    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        let deadline = opts.deadline;
        let in_worker = opts.mem_limit.is_some()
            || match self.worker_for {
                WorkerFor::MemoryLimit => false,
                WorkerFor::Deadline => deadline.is_some(),
                WorkerFor::Every => true,
            };
        if !in_worker {
            return self.local.solve_streaming(puzzle, opts, on_solution);
        }
        let Some(exe) = self.executable.clone().or_else(worker_executable) else {
            if opts.mem_limit.is_some() {
                let why = format!(
                    "a memory limit is held only in a worker process, and no sudoku-arena binary was found to run one (set {WORKER_ENV})"
                );
                return Outcome::failed(Failure::Worker(why), Vec::new(), 0);
            }
            // No binary to run a worker with: the engine's own deadline checks are all
            // there is (documented on `worker_executable`).
            return self.local.solve_streaming(puzzle, opts, on_solution);
        };
        let start = Instant::now();
        let worker = match self.worker.take() {
            Some(w) => self.worker.insert(w),
            None => match Worker::start(&exe, &self.spec, deadline) {
                Ok(w) => self.worker.insert(w),
                // The whole budget went on starting the worker: transport, no solving
                // (its memory is not watched before it is ready).
                Err(WorkerEnd::Deadline | WorkerEnd::Memory) => {
                    return Outcome {
                        transport_ms: ms(start.elapsed()),
                        clocks: Clocks::new(WALL, THREAD_CPU),
                        ..deadline_outcome(Vec::new(), 0)
                    }
                }
                Err(WorkerEnd::Failed(why)) => {
                    return Outcome {
                        transport_ms: ms(start.elapsed()),
                        clocks: Clocks::new(WALL, THREAD_CPU),
                        ..Outcome::failed(Failure::Worker(why), Vec::new(), 0)
                    }
                }
            },
        };
        let sent = Instant::now();
        let mut watch = MemoryWatch::new(opts.mem_limit);
        let result = worker.solve(puzzle, opts, &mut watch, on_solution);
        match result {
            Ok(mut out) => {
                let wall = ms(start.elapsed());
                out.transport_ms = (wall - out.time_ms).max(0.0);
                // A solve whose peak passed the limit between two samples passed it all
                // the same.
                if let Some(peak) = out.peak_rss_kb {
                    watch.note(peak);
                }
                if watch.over() {
                    out.verdict = Verdict::Memout;
                    out.timed_out = false;
                }
                out
            }
            Err((end, solutions, found)) => {
                // The solve ran from the request until now (read before the kill, which
                // is not solving); starting the worker for this puzzle, if it was, is
                // transport.
                let solving_ms = ms(sent.elapsed());
                let cpu_ms = self.worker.take().map_or(0.0, Worker::kill);
                let out = match end {
                    WorkerEnd::Deadline => deadline_outcome(solutions, found),
                    WorkerEnd::Memory => Outcome {
                        verdict: Verdict::Memout,
                        ..Outcome::from_search(solutions, found, false, false, Stats::default())
                    },
                    WorkerEnd::Failed(why) => {
                        Outcome::failed(Failure::Worker(why), solutions, found)
                    }
                };
                Outcome {
                    time_ms: solving_ms,
                    transport_ms: ms(sent.duration_since(start)),
                    cpu_ms,
                    peak_rss_kb: watch.peak_kb,
                    clocks: Clocks::new(WALL, WORKER_CPU),
                    ..out
                }
            }
        }
    }
}

/// The outcome of a solve the deadline stopped before the worker answered (times are
/// set by the caller).
fn deadline_outcome(solutions: Vec<Grid>, found: u64) -> Outcome {
    Outcome {
        timed_out: true,
        ..Outcome::from_search(solutions, found, false, true, Stats::default())
    }
}

#[cfg(test)]
mod tests {
    use super::super::child::tests::{greeting_script, start_retrying};
    use super::*;
    use crate::model::{Geometry, Variant};
    use std::sync::Arc;
    use std::time::Duration;

    /// The in-process solver of a configuration whose every solve goes to the worker.
    struct NotHere;

    impl Solver for NotHere {
        fn name(&self) -> String {
            "dlx".into()
        }

        fn solve_streaming(
            &mut self,
            _: &Puzzle,
            _: &SolveOptions,
            _: &mut dyn FnMut(&[u8]),
        ) -> Outcome {
            panic!("every solve of this test goes to the worker")
        }
    }

    #[test]
    fn a_worker_that_does_not_answer_by_the_deadline_is_killed_and_reaped() {
        let home = tempfile::tempdir().unwrap();
        let exe = greeting_script(home.path());
        let mut solver = Isolated::new("dlx".into(), Box::new(NotHere), WorkerFor::Deadline);
        // The stand-in is the worker program (the library's own tests have no
        // `sudoku-arena` binary to find), started before the budget runs, however
        // slowly this machine starts it.
        solver.executable = Some(exe.clone());
        let worker = start_retrying(&exe);
        let pid = worker.pid().unwrap();
        solver.worker = Some(worker);
        let g = Arc::new(Geometry::new(2, 2, Variant::Classic).unwrap());
        let puzzle = Puzzle::try_new(g, vec![0; 16]).unwrap();
        let budget = Duration::from_millis(200);
        let start = Instant::now();
        let out = solver.solve(&puzzle, &SolveOptions::new(2, Some(budget)));
        let took = start.elapsed();
        // The stand-in never answers: only the kill can end the solve.
        assert_eq!(out.failure, None, "{out:?}");
        assert!(out.timed_out && out.verdict == Verdict::Unknown, "{out:?}");
        assert_eq!(out.clocks, Clocks::new(WALL, WORKER_CPU));
        assert!(solver.worker.is_none(), "the killed worker is forgotten");
        let proc = PathBuf::from(format!("/proc/{pid}"));
        assert!(!proc.exists(), "the killed worker {pid} is not reaped");
        // Not before the deadline; the solve's time is within the call's.
        assert!(took >= budget, "{took:?}");
        assert!(out.time_ms > 0.0 && out.transport_ms >= 0.0, "{out:?}");
        assert!(out.time_ms + out.transport_ms <= ms(took), "{out:?}");
        // The next solve starts a fresh worker (the stand-in again, which greets).
        let again = solver.solve(&puzzle, &SolveOptions::new(2, Some(budget)));
        assert!(again.timed_out && again.failure.is_none(), "{again:?}");
    }
}
