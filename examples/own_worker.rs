//! A program of your own that uses the isolated backends (`sat`, `ip`) with a deadline:
//! it serves as their worker itself, so it needs no `sudoku-arena` binary and builds
//! without the command line (`cargo run --release --no-default-features --example
//! own_worker`). It solves one puzzle with `sat` and a deadline, which starts the
//! worker, a child of this program; then it counts the solutions of an empty 9x9 grid
//! for half a second in that worker, which is killed at the deadline unless varisat,
//! between two solutions, stopped there first and answered.
use std::time::Duration;
use sudoku_arena::backends::{create, serve_if_asked, worker_executable};
use sudoku_arena::clock::{THREAD_CPU, WORKER_CPU};
use sudoku_arena::model::{parse_puzzles, ParseOptions};
use sudoku_arena::solver::SolveOptions;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // First thing: when started as a worker, serve and exit.
    if let Some(status) = serve_if_asked() {
        std::process::exit(status);
    }
    let worker = worker_executable().ok_or("no worker executable")?;
    let mut solver = create("sat")?;
    let options = ParseOptions::default();

    let puzzle = parse_puzzles(PUZZLE, "puzzle", &options)?.remove(0);
    let patient = SolveOptions::new(2, Some(Duration::from_secs(60)));
    let solved = solver.solve(&puzzle, &patient);
    // A solve in this process has no transport; one in a worker has the worker's start
    // and the pipe.
    if solved.transport_ms <= 0.0 {
        return Err("the solve did not run in a worker".into());
    }
    println!(
        "worker {}: puzzle {}, solved in {:.3} ms, transport {:.3} ms",
        worker.display(),
        solved.verdict.name(),
        solved.time_ms,
        solved.transport_ms
    );

    let empty = parse_puzzles(&".".repeat(81), "empty", &options)?.remove(0);
    let budget = SolveOptions::new(usize::MAX, Some(Duration::from_millis(500)));
    let counted = solver.solve(&empty, &budget);
    // Killed at the deadline, or stopped there by varisat and answered through the pipe.
    let how = match &*counted.clocks.cpu_source {
        WORKER_CPU => "killed",
        THREAD_CPU if counted.transport_ms > 0.0 => "answered",
        other => return Err(format!("the count did not end in the worker ({other})").into()),
    };
    println!(
        "empty grid: {} solutions found before the deadline, timed out {}, worker {how}",
        counted.solutions_found, counted.timed_out,
    );
    Ok(())
}
