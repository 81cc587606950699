//! Solvers that run in a child process so that a deadline can always be honoured.
//!
//! Some engines cannot be stopped in time from inside: varisat cannot be interrupted at
//! all (`sat`), and microlp checks its time limit only every thousand simplex pivots
//! (`ip`). The registry runs such configurations in a worker (`Runs::Worker`); [`Isolated`] wraps them. A solve
//! without a deadline runs in this process. A solve with one goes to a long-lived worker
//! (and every solve does for an engine that may not share a process with another
//! thread's solves, `Runs::OwnProcess`: CBC, whose library takes a lock of the whole
//! process, so that one `compare` thread's wait would count in another's time):
//! this executable when it is `sudoku-arena` or has called [`serve_if_asked`] (else
//! another `sudoku-arena` binary, see [`worker_executable`]) started once with the
//! arguments `__worker SPEC`, which builds the solver through the registry
//! and then answers one puzzle per line on its standard input. Each solution comes back
//! as soon as it is found, then the outcome with the child's own measure of the solve.
//! The worker is told the deadline too, and an engine that checks it stops there and
//! answers, so the worker stays for the next puzzle. When no answer has come by the
//! deadline, the worker and everything it started are killed, and the next solve starts
//! a fresh one. Which of the two ends a solve can turn on scheduling (the worker's
//! answer may arrive just before this side wakes); either way the verdict follows from
//! the solutions received, and a kill is marked by the outcome's `cpu_source`,
//! `worker-rusage`.
//!
//! A memory limit ([`SolveOptions::mem_limit`]) sends every solve of a backend that
//! solves in this process (`Runs::InProcess`) or in a worker to the worker, with or
//! without a deadline: a limit is held only on a process of the solve's own. The worker
//! resets its resident high-water mark before each solve and reports it after (the
//! outcome's `peak_rss_kb`); this side samples the worker's resident size while it
//! solves and kills it once past the limit. Either way past the limit, the verdict is
//! `memout`.
//!
//! Time is measured the same way for every built-in backend: around the solve itself, in
//! the process that runs it ([`Timed`] here and in the worker), with the solving
//! thread's CPU time beside it. What the pipe and process start cost is the outcome's
//! `transport_ms`, never part of `time_ms`.

use crate::clock::{timed, Clocks, NO_CPU, THREAD_CPU, WALL, WORKER_CPU};
use crate::model::puzzle::Grid;
use crate::model::{Geometry, Puzzle, Variant};
use crate::process::{MemoryWatch, MEMORY_SAMPLE_FIRST, MEMORY_SAMPLE_MAX};
use crate::solver::{ms, Failure, Outcome, SolveOptions, Solver, Stats, Verdict};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The hidden first argument that turns `sudoku-arena` into a worker.
const WORKER_ARG: &str = "__worker";

/// The environment variable naming the `sudoku-arena` binary to run workers with,
/// for programs that link the library and want a particular one.
pub const WORKER_ENV: &str = "SUDOKU_ARENA_WORKER";

/// Set once this executable has called [`serve_if_asked`]: it can serve as a worker.
static SERVES: AtomicBool = AtomicBool::new(false);

/// Times the solve of an in-process solver: the one place `time_ms` and `cpu_ms` are
/// measured, unless the backend read them from an external solver (its outcome then
/// names the clocks), when the rest of the wall time is its `transport_ms`.
pub(crate) struct Timed(pub(crate) Box<dyn Solver>);

impl Solver for Timed {
    fn name(&self) -> String {
        self.0.name()
    }

    fn effort_name(&self) -> &'static str {
        self.0.effort_name()
    }

    fn checks_givens(&self) -> bool {
        self.0.checks_givens()
    }

    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        let (mut out, wall, cpu) = timed(opts.cpu_time, || {
            self.0.solve_streaming(puzzle, opts, on_solution)
        });
        let wall = ms(wall);
        if out.clocks.time_source.is_empty() {
            out.time_ms = wall;
            out.transport_ms = 0.0;
            out.cpu_ms = cpu.map_or(0.0, ms);
            out.clocks = Clocks::new(WALL, if cpu.is_some() { THREAD_CPU } else { NO_CPU });
        } else {
            // The backend read an external solver's own time: the rest is transport.
            out.transport_ms = (wall - out.time_ms).max(0.0);
        }
        out
    }
}

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
        if self.worker.is_none() {
            match Worker::start(&exe, &self.spec, deadline) {
                Ok(w) => self.worker = Some(w),
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
            }
        }
        let worker = self.worker.as_mut().expect("started above");
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

/// The `sudoku-arena` binary to run workers with: the one named by [`WORKER_ENV`];
/// else this executable, when it is `sudoku-arena` or has called [`serve_if_asked`];
/// else a `sudoku-arena` beside it or one folder up (where cargo puts the binary for
/// tests, benches and examples); else one on the `PATH`. With none, isolated backends
/// solve in this process and stop only where their engine checks the deadline.
pub fn worker_executable() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(WORKER_ENV) {
        return Some(PathBuf::from(path));
    }
    let exe = std::env::current_exe().ok()?;
    if SERVES.load(Ordering::Relaxed) || exe.file_stem()? == "sudoku-arena" {
        return Some(exe);
    }
    let beside = exe.parent();
    let above = beside.and_then(Path::parent);
    let found = [beside, above]
        .into_iter()
        .flatten()
        .map(|dir| dir.join("sudoku-arena"))
        .find(|p| p.is_file());
    found.or_else(|| crate::process::find_program("sudoku-arena"))
}

/// If this process was started as a worker, serves until its input ends and returns the
/// exit status; otherwise marks this executable as able to serve and returns `None`.
/// `main` calls it first; a program linking the library may do the same, so that its
/// own executable runs the workers.
pub fn serve_if_asked() -> Option<i32> {
    SERVES.store(true, Ordering::Relaxed);
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() != Some(WORKER_ARG) {
        return None;
    }
    let spec = args.next().unwrap_or_default();
    let parent = std::os::unix::process::parent_id();
    exit_when_orphaned(parent);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let served = serve(&spec, std::io::stdin().lock(), &mut out);
    // The input ends when the parent is done with this worker or has died; a dying
    // parent closes its end before this process is handed to another parent, so the
    // parent's id cannot tell the two apart yet. The folder is this worker's alone
    // either way: it goes now (a live parent's own removal then finds nothing).
    remove_scratch();
    match served {
        Ok(()) => Some(0),
        Err(e) => {
            // The parent reads this line as the reason; nothing else can be told.
            let _ = writeln!(out, "E {e}").and_then(|_| out.flush());
            Some(2)
        }
    }
}

/// Ends this worker as soon as its parent is gone (killed, or exited without reaping it):
/// a worker is in its own process group, so no Ctrl-C reaches it, and a varisat call
/// cannot be interrupted, so without this it could run on for its whole budget or more.
fn exit_when_orphaned(parent: u32) {
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(100));
        if std::os::unix::process::parent_id() != parent {
            remove_scratch();
            std::process::exit(3);
        }
    });
}

/// The environment variable naming the scratch folder a parent made for its worker.
const SCRATCH_ENV: &str = "SUDOKU_ARENA_WORKER_SCRATCH";

/// Removes the scratch folder the parent made for this worker: done by an orphaned
/// worker, whose parent (killed) can no longer.
fn remove_scratch() {
    if let Some(dir) = std::env::var_os(SCRATCH_ENV) {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// The version line a worker starts with, so a parent does not talk to a worker of
/// another version (builds of the same version are not told apart).
fn hello() -> String {
    format!("W sudoku-arena {}", env!("CARGO_PKG_VERSION"))
}

/// One puzzle for the worker.
#[derive(Serialize, Deserialize)]
struct Request {
    box_rows: usize,
    box_cols: usize,
    variant: String,
    cells: Grid,
    max_solutions: u64,
    keep_solutions: u64,
    /// Time left at the parent's side: the child stops by itself after it too (`None`:
    /// no deadline, only a memory limit).
    timeout_ms: Option<f64>,
}

/// The last line of the worker's answer to one puzzle.
#[derive(Serialize, Deserialize)]
struct Reply {
    verdict: Verdict,
    solutions_found: u64,
    timed_out: bool,
    stats: Stats,
    time_ms: f64,
    /// The solving thread's CPU time, ms.
    #[serde(default)]
    cpu_ms: f64,
    /// The worker's resident high-water mark over the solve, KiB (`None` when it could
    /// not be reset before the solve).
    #[serde(default)]
    peak_rss_kb: Option<u64>,
    failure: Option<Failure>,
}

/// Builds the solver of `spec` through the registry, then answers each request line of
/// `input` on `output`: `S grid` per solution as found, then `O reply`.
fn serve(spec: &str, input: impl BufRead, output: &mut impl Write) -> Result<(), String> {
    let mut solver = super::create_in_process(spec).map_err(|e| e.to_string())?;
    let io = |e: std::io::Error| format!("the parent went away: {e}");
    writeln!(output, "{}", hello())
        .and_then(|_| output.flush())
        .map_err(io)?;
    let mut geometry: Option<Arc<Geometry>> = None;
    let mut meter = crate::process::PeakMeter::new();
    for line in input.lines() {
        let line = line.map_err(io)?;
        let req: Request = serde_json::from_str(&line).map_err(|e| format!("bad request: {e}"))?;
        let variant = Variant::from_name(&req.variant).map_err(|e| e.0)?;
        let same = geometry.as_ref().is_some_and(|g| {
            (g.box_rows, g.box_cols, g.variant) == (req.box_rows, req.box_cols, variant)
        });
        if !same {
            let g = Geometry::new(req.box_rows, req.box_cols, variant).map_err(|e| e.0)?;
            geometry = Some(Arc::new(g));
        }
        let g = geometry.clone().expect("set above");
        let puzzle = Puzzle::try_new(g, req.cells).map_err(|e| format!("bad request: {e}"))?;
        let opts = SolveOptions {
            max_solutions: req.max_solutions.max(1).try_into().unwrap_or(usize::MAX),
            deadline: req
                .timeout_ms
                .map(|t| Instant::now() + Duration::from_secs_f64(t.max(0.0) / 1000.0)),
            keep_solutions: req.keep_solutions.try_into().unwrap_or(usize::MAX),
            // The parent watches this process: the solve itself runs unbounded here.
            mem_limit: None,
            // A worker's solve costs a round trip that dwarfs the two clock reads.
            cpu_time: true,
        };
        meter.reset();
        let mut write_failed = None;
        let out = solver.solve_streaming(&puzzle, &opts, &mut |grid| {
            if write_failed.is_none() {
                let line = serde_json::to_string(grid).unwrap_or_default();
                write_failed = writeln!(output, "S {line}")
                    .and_then(|_| output.flush())
                    .err();
            }
        });
        if let Some(e) = write_failed {
            return Err(io(e));
        }
        let reply = Reply {
            verdict: out.verdict,
            solutions_found: out.solutions_found,
            timed_out: out.timed_out,
            stats: out.stats,
            time_ms: out.time_ms,
            cpu_ms: out.cpu_ms,
            peak_rss_kb: meter.peak_kb(),
            failure: out.failure,
        };
        let line = serde_json::to_string(&reply).map_err(|e| e.to_string())?;
        writeln!(output, "O {line}")
            .and_then(|_| output.flush())
            .map_err(io)?;
    }
    Ok(())
}

/// A line from the worker.
enum Line {
    Hello(String),
    Solution(Grid),
    Reply(Box<Reply>),
    Error(String),
    Other(String),
}

impl Line {
    fn parse(line: String) -> Line {
        let parsed = match line.split_at_checked(2) {
            Some(("W ", _)) => Some(Line::Hello(line.clone())),
            Some(("S ", rest)) => serde_json::from_str(rest).ok().map(Line::Solution),
            Some(("O ", rest)) => serde_json::from_str(rest).ok().map(Line::Reply),
            Some(("E ", rest)) => Some(Line::Error(rest.to_string())),
            _ => None,
        };
        parsed.unwrap_or(Line::Other(line))
    }
}

/// Why a worker stopped answering.
#[derive(Debug)]
enum WorkerEnd {
    /// The deadline passed first.
    Deadline,
    /// Its resident memory passed the limit.
    Memory,
    /// It died, or said something that is not the protocol; the text says what.
    Failed(String),
}

/// A running worker: its process, the pipe to it, and a thread reading its answers.
struct Worker {
    /// `None` once killed.
    child: Option<Child>,
    /// The CPU time of the solves it answered, ms: what its own CPU time holds besides
    /// the solve a kill stops.
    reported_cpu_ms: f64,
    /// `None` once closed (dropping the worker closes it first).
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<Line>,
    reader: Option<JoinHandle<()>>,
    /// The worker's temporary folder (its `TMPDIR`), owned here so that scratch files
    /// of a worker killed mid-solve (HiGHS's log) go with it. Declared last: removed
    /// after `drop` has killed and reaped the worker.
    _scratch: Option<crate::process::Scratch>,
}

impl Worker {
    /// Starts `exe __worker spec` in its own process group and waits (until `deadline`,
    /// if there is one) for it to say it is ready.
    fn start(exe: &Path, spec: &str, deadline: Option<Instant>) -> Result<Worker, WorkerEnd> {
        let scratch = crate::process::Scratch::new().ok();
        let mut command = Command::new(exe);
        if let Some(dir) = &scratch {
            command.env("TMPDIR", dir.dir()).env(SCRATCH_ENV, dir.dir());
        }
        let mut child = command
            .arg(WORKER_ARG)
            .arg(spec)
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| WorkerEnd::Failed(format!("cannot start {}: {e}", exe.display())))?;
        crate::process::track(&child);
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(Line::parse(line)).is_err() {
                    break;
                }
            }
        });
        let mut worker = Worker {
            child: Some(child),
            reported_cpu_ms: 0.0,
            stdin: Some(stdin),
            lines,
            reader: Some(reader),
            _scratch: scratch,
        };
        let expected = hello();
        let answer = match worker.next(deadline) {
            Ok(Line::Hello(h)) if h == expected => return Ok(worker),
            Ok(Line::Hello(h)) => Err(WorkerEnd::Failed(format!(
                "{} is another build ({}; this is {})",
                exe.display(),
                &h[2..],
                &expected[2..]
            ))),
            Ok(Line::Error(e)) => Err(WorkerEnd::Failed(e)),
            Ok(_) => Err(WorkerEnd::Failed(format!(
                "{} did not answer as a worker",
                exe.display()
            ))),
            Err(end) => Err(end),
        };
        drop(worker);
        answer
    }

    /// The next line, waiting until `deadline` at most.
    fn next(&mut self, deadline: Option<Instant>) -> Result<Line, WorkerEnd> {
        self.next_watched(deadline, &mut MemoryWatch::new(None))
    }

    /// The next line, waiting until `deadline` at most; with a memory limit in `watch`,
    /// sampling the worker's resident size meanwhile and giving up once it is past it.
    fn next_watched(
        &mut self,
        deadline: Option<Instant>,
        watch: &mut MemoryWatch,
    ) -> Result<Line, WorkerEnd> {
        let mut pause = MEMORY_SAMPLE_FIRST;
        loop {
            let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            let received = match (left, watch.limited()) {
                (None, false) => self
                    .lines
                    .recv()
                    .map_err(|_| mpsc::RecvTimeoutError::Disconnected),
                (Some(left), false) => self.lines.recv_timeout(left),
                (left, true) => self
                    .lines
                    .recv_timeout(left.map_or(pause, |l| l.min(pause))),
            };
            match received {
                Ok(line) => return Ok(line),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let pid = self.child.as_ref().map(Child::id);
                    if pid.is_some_and(|pid| watch.sample(pid)) {
                        return Err(WorkerEnd::Memory);
                    }
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        return Err(WorkerEnd::Deadline);
                    }
                    pause = (pause * 2).min(MEMORY_SAMPLE_MAX);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(WorkerEnd::Failed(
                        "the worker ended without an answer".into(),
                    ))
                }
            }
        }
    }

    /// Sends one puzzle and reads the answer; on failure gives back why, with the
    /// solutions already received.
    #[allow(clippy::type_complexity)]
    fn solve(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        watch: &mut MemoryWatch,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Result<Outcome, (WorkerEnd, Vec<Grid>, u64)> {
        let deadline = opts.deadline;
        let g = &puzzle.geometry;
        let req = Request {
            box_rows: g.box_rows,
            box_cols: g.box_cols,
            variant: g.variant.name().to_string(),
            cells: puzzle.cells.clone(),
            max_solutions: opts.max_solutions as u64,
            keep_solutions: opts.keep_solutions as u64,
            timeout_ms: deadline.map(|d| ms(d.saturating_duration_since(Instant::now()))),
        };
        let mut solutions = Vec::new();
        let mut found = 0u64;
        let line = serde_json::to_string(&req).expect("a request always serialises");
        let sent = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|_| stdin.flush()),
            None => Err(std::io::Error::other("standard input closed")),
        };
        if let Err(e) = sent {
            let why = format!("cannot send the puzzle: {e}");
            return Err((WorkerEnd::Failed(why), solutions, found));
        }
        loop {
            match self.next_watched(deadline, watch) {
                Ok(Line::Solution(grid)) => {
                    found += 1;
                    on_solution(&grid);
                    if solutions.len() < opts.keep_solutions {
                        solutions.push(grid);
                    }
                }
                Ok(Line::Reply(reply)) => {
                    self.reported_cpu_ms += reply.cpu_ms;
                    return Ok(Outcome {
                        verdict: reply.verdict,
                        solutions,
                        solutions_found: reply.solutions_found.max(found),
                        timed_out: reply.timed_out,
                        stats: reply.stats,
                        time_ms: reply.time_ms,
                        transport_ms: 0.0,
                        cpu_ms: reply.cpu_ms,
                        peak_rss_kb: reply.peak_rss_kb,
                        clocks: Clocks::new(WALL, THREAD_CPU),
                        failure: reply.failure,
                        partial: None,
                    });
                }
                Ok(Line::Error(e)) => return Err((WorkerEnd::Failed(e), solutions, found)),
                Ok(Line::Hello(l) | Line::Other(l)) => {
                    let why = format!("unexpected line from the worker: {l}");
                    return Err((WorkerEnd::Failed(why), solutions, found));
                }
                Err(end) => return Err((end, solutions, found)),
            }
        }
    }

    /// Kills the worker and everything it started, and reaps it; gives the CPU time it
    /// used besides the solves it answered, ms (the solve the kill stopped, mostly).
    fn kill(mut self) -> f64 {
        (ms(self.stop()) - self.reported_cpu_ms).max(0.0)
    }

    /// Closes standard input first (a worker waiting for a puzzle then ends), kills the
    /// worker with everything it started (a wrapper script's child too, which would
    /// otherwise keep the pipe open), reaps it, and only then joins the reader; gives the
    /// worker's CPU time.
    fn stop(&mut self) -> Duration {
        drop(self.stdin.take());
        let cpu = self
            .child
            .take()
            .map_or(Duration::ZERO, crate::process::kill_and_reap);
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
        cpu
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in worker: a script that greets as this build does and then reads its
    /// input until it ends, in the shell itself (no `exec` that would swap the process
    /// image, and with it `/proc/PID/environ`, while the test reads it), so the test
    /// needs no built `sudoku-arena` binary (the library's own tests run without one).
    fn greeting_script(dir: &Path) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join("worker.sh");
        std::fs::write(
            &path,
            format!(
                "#!/bin/sh\necho '{}'\nwhile read -r line; do :; done\n",
                hello()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// Starts a worker, retrying while another test's fork still holds the fresh script
    /// open for writing ("text file busy").
    fn start_retrying(exe: &Path) -> Worker {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut tries = 0;
        loop {
            match Worker::start(exe, "dlx", Some(deadline)) {
                Ok(worker) => return worker,
                Err(WorkerEnd::Failed(e)) if e.contains("busy") && tries < 50 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(e) => panic!("{e:?}"),
            }
        }
    }

    #[test]
    fn a_worker_keeps_its_scratch_files_in_a_folder_that_goes_when_it_is_killed() {
        let home = tempfile::tempdir().unwrap();
        let exe = greeting_script(home.path());
        let worker = start_retrying(&exe);
        let dir = worker._scratch.as_ref().unwrap().dir().to_path_buf();
        assert!(dir.is_dir());
        let pid = worker.child.as_ref().unwrap().id();
        let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap();
        let tmpdir = format!("TMPDIR={}", dir.display());
        assert!(
            environ.split(|&b| b == 0).any(|v| v == tmpdir.as_bytes()),
            "the worker's TMPDIR is not {}",
            dir.display()
        );
        std::fs::write(dir.join("left-by-the-worker"), "x").unwrap();
        worker.kill();
        assert!(!dir.exists(), "{} is left behind", dir.display());
    }

    #[test]
    fn a_worker_that_does_not_answer_by_the_deadline_is_killed_and_reaped() {
        let home = tempfile::tempdir().unwrap();
        let exe = greeting_script(home.path());
        let local = crate::backends::create_in_process("dlx").unwrap();
        let mut solver = Isolated::new("dlx".into(), local, WorkerFor::Deadline);
        // The stand-in is the worker program (the library's own tests have no
        // `sudoku-arena` binary to find), started before the budget runs, however
        // slowly this machine starts it.
        solver.executable = Some(exe.clone());
        let worker = start_retrying(&exe);
        let pid = worker.child.as_ref().map(Child::id).unwrap();
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

    #[test]
    fn a_worker_answers_each_request_line_with_its_solutions_and_a_reply() {
        let req = Request {
            box_rows: 2,
            box_cols: 2,
            variant: "classic".into(),
            cells: vec![0; 16],
            max_solutions: 2,
            keep_solutions: 2,
            timeout_ms: Some(60_000.0),
        };
        let line = serde_json::to_string(&req).unwrap();
        let input = format!("{line}\n{line}\n");
        let mut output = Vec::new();
        serve("sat:reduced", input.as_bytes(), &mut output).unwrap();
        let text = String::from_utf8(output).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], hello());
        // Two puzzles: two solutions each, then the reply.
        assert_eq!(lines.len(), 1 + 2 * 3, "{text}");
        for answer in lines[1..].chunks(3) {
            assert!(answer[0].starts_with("S ") && answer[1].starts_with("S "));
            let Line::Reply(reply) = Line::parse(answer[2].to_string()) else {
                panic!("not a reply: {}", answer[2]);
            };
            assert_eq!(reply.verdict, Verdict::Multiple);
            assert!(reply.time_ms > 0.0);
            assert_eq!(reply.failure, None);
        }
    }

    #[test]
    fn a_worker_refuses_an_unknown_backend_and_a_bad_request() {
        let mut out = Vec::new();
        let e = serve("nosuch", "".as_bytes(), &mut out).unwrap_err();
        assert!(e.contains("unknown backend 'nosuch'"), "{e}");
        let e = serve("sat", "{not json\n".as_bytes(), &mut out).unwrap_err();
        assert!(e.starts_with("bad request"), "{e}");
        let mut cells = vec![0; 16];
        cells[5] = 12;
        let req = Request {
            box_rows: 2,
            box_cols: 2,
            variant: "classic".into(),
            cells,
            max_solutions: 2,
            keep_solutions: 2,
            timeout_ms: Some(60_000.0),
        };
        let line = format!("{}\n", serde_json::to_string(&req).unwrap());
        let e = serve("dlx", line.as_bytes(), &mut out).unwrap_err();
        assert_eq!(
            e,
            "bad request: r2c2: value 12 is above 4, the largest of a 4x4 grid"
        );
    }
}
