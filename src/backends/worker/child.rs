//! A worker process: finding the program to run it with, starting it in its own
//! process group with a scratch folder, reading its lines on a thread of its own, and
//! killing it with everything it started.

use super::protocol::{hello, Line, Request, SCRATCH_ENV, WORKER_ARG};
use super::SERVES;
use crate::clock::{Clocks, THREAD_CPU, WALL};
use crate::model::puzzle::Grid;
use crate::model::Puzzle;
use crate::process::{MemoryWatch, MEMORY_SAMPLE_FIRST, MEMORY_SAMPLE_MAX};
use crate::solver::{ms, Outcome, SolveOptions};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The environment variable naming the `sudoku-arena` binary to run workers with,
/// for programs that link the library and want a particular one.
pub const WORKER_ENV: &str = "SUDOKU_ARENA_WORKER";

/// The `sudoku-arena` binary to run workers with: the one named by [`WORKER_ENV`];
/// else this executable, when it is `sudoku-arena` or has called `serve_if_asked`;
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

/// Why a worker stopped answering.
#[derive(Debug)]
pub(super) enum WorkerEnd {
    /// The deadline passed first.
    Deadline,
    /// Its resident memory passed the limit.
    Memory,
    /// It died, or said something that is not the protocol; the text says what.
    Failed(String),
}

/// A running worker: its process, the pipe to it, and a thread reading its answers.
pub(super) struct Worker {
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
    pub(super) fn start(
        exe: &Path,
        spec: &str,
        deadline: Option<Instant>,
    ) -> Result<Worker, WorkerEnd> {
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
    pub(super) fn solve(
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
            regions: g.regions.clone(),
            cages: g.cages.clone(),
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
    pub(super) fn kill(mut self) -> f64 {
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

#[cfg(test)]
impl Worker {
    /// The worker's process id, while it runs.
    pub(super) fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A stand-in worker: a script that greets as this build does and then reads its
    /// input until it ends, in the shell itself (no `exec` that would swap the process
    /// image, and with it `/proc/PID/environ`, while the test reads it), so the test
    /// needs no built `sudoku-arena` binary (the library's own tests run without one).
    pub(in crate::backends::worker) fn greeting_script(dir: &Path) -> PathBuf {
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
    pub(in crate::backends::worker) fn start_retrying(exe: &Path) -> Worker {
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
}
