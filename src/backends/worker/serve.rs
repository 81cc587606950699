//! The worker's side: a process started with the hidden argument builds the solver it
//! is asked for and answers the puzzles its parent sends until its input ends, or its
//! parent is gone.

use super::protocol::{hello, Reply, Request, SCRATCH_ENV, WORKER_ARG};
use super::SERVES;
use crate::error::Result;
use crate::model::{Geometry, Puzzle, Variant};
use crate::solver::{SolveOptions, Solver};
use std::io::{BufRead, BufWriter, Write};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Builds the solver of a configuration in this process: what a worker serves (the
/// registry's constructor, handed down so that this room does not call up to it).
pub(crate) type MakeHere = fn(&str) -> Result<Box<dyn Solver>>;

/// If this process was started as a worker, builds its solver with `make` and serves
/// until its input ends, returning the exit status; otherwise marks this executable as
/// able to serve and returns `None` (see `backends::serve_if_asked`).
pub(crate) fn serve_if_asked(make: MakeHere) -> Option<i32> {
    SERVES.store(true, Ordering::Relaxed);
    let mut args = std::env::args().skip(1);
    match args.next().as_deref() {
        Some(WORKER_ARG) => {}
        Some(super::prove::PROVE_ARG) => return Some(super::prove::prove(args)),
        _ => return None,
    }
    let spec = args.next().unwrap_or_default();
    let parent = std::os::unix::process::parent_id();
    exit_when_orphaned(parent);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let served = serve(make, &spec, std::io::stdin().lock(), &mut out);
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

/// Removes the scratch folder the parent made for this worker: done by an orphaned
/// worker, whose parent (killed) can no longer.
fn remove_scratch() {
    if let Some(dir) = std::env::var_os(SCRATCH_ENV) {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// Builds the solver of `spec` with `make`, then answers each request line of `input` on
/// `output`: `S grid` per solution as found, then `O reply`.
fn serve(
    make: MakeHere,
    spec: &str,
    input: impl BufRead,
    output: &mut impl Write,
) -> std::result::Result<(), String> {
    let mut solver = make(spec).map_err(|e| e.to_string())?;
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
        // The board of the last request when this one has the same, else a new one.
        let shape = (req.box_rows, req.box_cols, variant);
        let g = match geometry.as_ref().filter(|g| {
            (g.box_rows, g.box_cols, g.variant) == shape
                && g.regions == req.regions
                && g.cages == req.cages
        }) {
            Some(g) => g.clone(),
            None => {
                let board = match &req.regions {
                    Some(regions) => Geometry::with_regions(shape.1, regions, variant),
                    None => Geometry::new(shape.0, shape.1, variant),
                };
                let board = board.and_then(|b| b.with_cages(req.cages));
                let g = Arc::new(board.map_err(|e| e.0)?);
                geometry = Some(g.clone());
                g
            }
        };
        let puzzle = Puzzle::try_new(g, req.cells).map_err(|e| format!("bad request: {e}"))?;
        let opts = SolveOptions {
            max_solutions: req.max_solutions.max(1).try_into().unwrap_or(usize::MAX),
            // A budget too large for the clock is no deadline, never a panic.
            deadline: req.timeout_ms.and_then(|t| {
                Instant::now().checked_add(Duration::try_from_secs_f64(t.max(0.0) / 1000.0).ok()?)
            }),
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

#[cfg(test)]
mod tests {
    use super::super::protocol::Line;
    use super::*;
    use crate::solver::Verdict;

    /// A request to solve the 4x4 `cells` for up to `solutions` (all kept) within
    /// `timeout_ms`.
    fn request(cells: crate::model::puzzle::Grid, solutions: u64, timeout_ms: f64) -> Request {
        Request {
            box_rows: 2,
            box_cols: 2,
            variant: "classic".into(),
            regions: None,
            cages: Vec::new(),
            cells,
            max_solutions: solutions,
            keep_solutions: solutions,
            timeout_ms: Some(timeout_ms),
        }
    }

    /// The registry's configurations, built and timed in this process.
    fn here(spec: &str) -> Result<Box<dyn Solver>> {
        let (config, options) = crate::backends::lookup(spec)?;
        Ok(Box::new(crate::backends::timed::Timed((config.make)(
            options,
        )?)))
    }

    #[test]
    fn a_worker_answers_each_request_line_with_its_solutions_and_a_reply() {
        let req = request(vec![0; 16], 2, 60_000.0);
        let line = serde_json::to_string(&req).unwrap();
        let input = format!("{line}\n{line}\n");
        let mut output = Vec::new();
        serve(here, "sat:reduced", input.as_bytes(), &mut output).unwrap();
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
    fn a_budget_beyond_the_clock_is_no_deadline() {
        let req = request(vec![0; 16], 1, 1e300);
        let input = serde_json::to_string(&req).unwrap() + "\n";
        let mut output = Vec::new();
        serve(here, "dlx", input.as_bytes(), &mut output).unwrap();
        let text = String::from_utf8(output).unwrap();
        let last = text.lines().last().unwrap().to_string();
        let Line::Reply(reply) = Line::parse(last) else {
            panic!("no reply: {text}");
        };
        assert_eq!(reply.verdict, Verdict::Solved);
    }

    #[test]
    fn a_worker_refuses_an_unknown_backend_and_a_bad_request() {
        let mut out = Vec::new();
        let e = serve(here, "nosuch", "".as_bytes(), &mut out).unwrap_err();
        assert!(e.contains("unknown backend 'nosuch'"), "{e}");
        let e = serve(here, "sat", "{not json\n".as_bytes(), &mut out).unwrap_err();
        assert!(e.starts_with("bad request"), "{e}");
        let mut cells = vec![0; 16];
        cells[5] = 12;
        let req = request(cells, 2, 60_000.0);
        let line = format!("{}\n", serde_json::to_string(&req).unwrap());
        let e = serve(here, "dlx", line.as_bytes(), &mut out).unwrap_err();
        assert_eq!(
            e,
            "bad request: r2c2: value 12 is above 4, the largest of a 4x4 grid"
        );
    }
}
