//! Solves with a deadline in a child process, killed at the deadline, for backends whose
//! engine cannot be stopped in time from inside: microlp checks its time limit only every
//! thousand simplex pivots (`ip`, measured in `encodings/ip.md`), and varisat cannot be
//! interrupted at all (`sat`).
//!
//! To honour `--timeout` promptly and leave nothing running, such a solve re-runs this
//! executable as `sudoku-arena __worker`: the backend configuration, puzzle and options
//! go in on standard input as one JSON line, each solution comes back as a line as soon
//! as it is found, then the outcome. At the deadline the parent kills and reaps the
//! child and answers `unknown` with the solutions it already has.

use super::ip::{self, IpSolver};
use super::sat::{encode::Encoding, SatSolver};
use crate::model::{Geometry, Puzzle, Variant};
use crate::solver::{ms, Outcome, SolveOptions, Stats, Verdict};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// The hidden first argument that turns `sudoku-arena` into a worker.
pub const WORKER_ARG: &str = "__worker";

/// This executable, if it is the `sudoku-arena` binary (a test or bench binary is not,
/// and would not understand [`WORKER_ARG`]).
pub fn default_worker() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    (exe.file_stem()? == "sudoku-arena").then_some(exe)
}

/// What the parent sends: the backend configuration, the puzzle and the options.
#[derive(Serialize, Deserialize)]
struct Request {
    /// `ip:good_lp`, `sat:naive`, ...: see [`search_in_process`].
    backend: String,
    box_rows: usize,
    box_cols: usize,
    variant: String,
    cells: Vec<u8>,
    max_solutions: u64,
    keep_solutions: u64,
    /// Time left at the parent's side: the child stops by itself after it too.
    timeout_ms: f64,
}

/// The last line the worker writes.
#[derive(Serialize, Deserialize)]
struct Reply {
    verdict: String,
    solutions_found: u64,
    timed_out: bool,
    stats: serde_json::Value,
}

/// Runs the in-process search of a backend configuration (`NAME:CONFIG`), reporting
/// each solution to `on_solution` as soon as it is found.
pub fn search_in_process(
    backend: &str,
    puzzle: &Puzzle,
    opts: &SolveOptions,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Result<Outcome, String> {
    let (name, config) = super::split_spec(backend);
    match name {
        "ip" => Ok(IpSolver::in_process(ip::Config::from_name(config)?).search(
            puzzle,
            opts,
            on_solution,
        )),
        "sat" => Ok(SatSolver::in_process(Encoding::from_name(config)?).search(
            puzzle,
            opts,
            on_solution,
        )),
        _ => Err(format!("backend '{name}' has no worker")),
    }
}

/// If this process was started as a worker, serves one request and returns the exit
/// status; otherwise `None`. `main` calls it before parsing the command line.
pub fn serve_if_asked() -> Option<i32> {
    (std::env::args().nth(1).as_deref() == Some(WORKER_ARG)).then(|| match serve() {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("sudoku-arena {WORKER_ARG}: {e}");
            2
        }
    })
}

/// Reads the request on standard input, solves, writes solutions and the reply.
fn serve() -> Result<(), String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot read the request: {e}"))?;
    let req: Request = serde_json::from_str(&text).map_err(|e| format!("bad request: {e}"))?;
    let variant = Variant::from_name(&req.variant)?;
    let geometry = Geometry::new(req.box_rows, req.box_cols, variant).map_err(|e| e.0)?;
    if req.cells.len() != geometry.cells() || req.cells.iter().any(|&v| v as usize > geometry.n) {
        return Err("the cells do not fit the geometry".into());
    }
    let puzzle = Puzzle::new(Arc::new(geometry), req.cells);
    let opts = SolveOptions {
        max_solutions: req.max_solutions.max(1).try_into().unwrap_or(usize::MAX),
        deadline: Some(Instant::now() + Duration::from_secs_f64(req.timeout_ms.max(0.0) / 1000.0)),
        keep_solutions: req.keep_solutions.try_into().unwrap_or(usize::MAX),
    };
    let stdout = std::io::stdout();
    let mut write_failed = false;
    let out = search_in_process(&req.backend, &puzzle, &opts, &mut |grid| {
        let mut lock = stdout.lock();
        let line = serde_json::to_string(grid).unwrap_or_default();
        write_failed |= writeln!(lock, "S {line}")
            .and_then(|_| lock.flush())
            .is_err();
    })?;
    if write_failed {
        return Err("the parent went away".into());
    }
    let reply = Reply {
        verdict: out.verdict.name().to_string(),
        solutions_found: out.solutions_found,
        timed_out: out.timed_out,
        stats: serde_json::to_value(&out.stats).map_err(|e| e.to_string())?,
    };
    let line = serde_json::to_string(&reply).map_err(|e| e.to_string())?;
    let mut lock = stdout.lock();
    writeln!(lock, "O {line}")
        .and_then(|_| lock.flush())
        .map_err(|e| format!("cannot write the reply: {e}"))
}

/// Rebuilds `Stats` from its JSON form (it is only `Serialize`).
fn stats_from_json(v: &serde_json::Value) -> Stats {
    let int = |k: &str| v.get(k).and_then(|x| x.as_u64()).unwrap_or(0);
    let float = |k: &str| v.get(k).and_then(|x| x.as_f64()).unwrap_or(0.0);
    let extra = v
        .get("extra")
        .and_then(|e| e.as_object())
        .map(|o| {
            o.iter()
                .filter_map(|(k, x)| Some((k.clone(), x.as_f64()?)))
                .collect()
        })
        .unwrap_or_default();
    Stats {
        nodes: int("nodes"),
        backtracks: int("backtracks"),
        propagations: int("propagations"),
        variables: int("variables"),
        constraints: int("constraints"),
        nonzeros: int("nonzeros"),
        encode_ms: float("encode_ms"),
        solve_ms: float("solve_ms"),
        decode_ms: float("decode_ms"),
        extra,
    }
}

/// A line from the worker, or the end of its output.
enum Line {
    Solution(Vec<u8>),
    Reply(Reply),
    Other,
}

/// Solves `puzzle` with `backend` (`NAME:CONFIG`) in a child process of `exe`, killed at
/// `opts.deadline`.
pub fn solve_in_child(exe: &Path, backend: &str, puzzle: &Puzzle, opts: &SolveOptions) -> Outcome {
    let start = Instant::now();
    let deadline = opts
        .deadline
        .unwrap_or_else(|| start + Duration::from_secs(u64::MAX >> 2));
    let g = &puzzle.geometry;
    let req = Request {
        backend: backend.to_string(),
        box_rows: g.box_rows,
        box_cols: g.box_cols,
        variant: g.variant.name().to_string(),
        cells: puzzle.cells.clone(),
        max_solutions: opts.max_solutions as u64,
        keep_solutions: opts.keep_solutions as u64,
        timeout_ms: ms(deadline.saturating_duration_since(start)),
    };
    let mut solutions = Vec::new();
    let mut found = 0u64;
    // Without a reply the stats are the parent's: wall time, and why it stopped.
    let failure = |found: u64, solutions: Vec<Vec<u8>>, timed_out: bool| {
        let mut stats = Stats {
            solve_ms: ms(start.elapsed()),
            ..Stats::default()
        };
        let why = if timed_out {
            "worker_killed"
        } else {
            "worker_failed"
        };
        stats.extra.insert(why.into(), 1.0);
        Outcome {
            verdict: Verdict::from_search(found as usize, opts.max_solutions, false),
            solutions,
            solutions_found: found,
            timed_out,
            stats,
        }
    };
    let spawned = Command::new(exe)
        .arg(WORKER_ARG)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let mut child = match spawned {
        Ok(c) => c,
        Err(_) => return failure(0, vec![], false),
    };
    let request = serde_json::to_string(&req).unwrap_or_default();
    if let Some(mut stdin) = child.stdin.take() {
        // A failed write shows up as a worker that ends without a reply.
        let _ = stdin.write_all(request.as_bytes());
    }
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let Some(stdout) = stdout else { return };
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let parsed = if let Some(rest) = line.strip_prefix("S ") {
                serde_json::from_str(rest)
                    .map(Line::Solution)
                    .unwrap_or(Line::Other)
            } else if let Some(rest) = line.strip_prefix("O ") {
                serde_json::from_str(rest)
                    .map(Line::Reply)
                    .unwrap_or(Line::Other)
            } else {
                Line::Other
            };
            if tx.send(parsed).is_err() {
                break;
            }
        }
    });
    let result = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(Line::Solution(grid)) => {
                found += 1;
                if solutions.len() < opts.keep_solutions {
                    solutions.push(grid);
                }
            }
            Ok(Line::Reply(reply)) => break Ok(reply),
            Ok(Line::Other) | Err(mpsc::RecvTimeoutError::Disconnected) => break Err(false),
            Err(mpsc::RecvTimeoutError::Timeout) => break Err(true),
        }
    };
    // Killing a child that already exited is harmless; waiting reaps it either way.
    let _ = child.kill();
    let _ = child.wait();
    let _ = reader.join();
    match result {
        Ok(reply) => {
            let mut stats = stats_from_json(&reply.stats);
            let inside = stats.encode_ms + stats.solve_ms + stats.decode_ms;
            let wall = ms(start.elapsed());
            stats.extra.insert("worker_ms".into(), wall);
            stats
                .extra
                .insert("worker_overhead_ms".into(), (wall - inside).max(0.0));
            let verdict = Verdict::from_name(&reply.verdict).unwrap_or(Verdict::Unknown);
            Outcome {
                verdict,
                solutions,
                solutions_found: reply.solutions_found.max(found),
                timed_out: reply.timed_out,
                stats,
            }
        }
        Err(timed_out) => failure(found, solutions, timed_out),
    }
}
