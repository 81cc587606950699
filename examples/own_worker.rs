//! A program of your own that uses the isolated backends (`sat`, `ip`) with a deadline:
//! it serves as their worker itself, so it needs no `sudoku-arena` binary and builds
//! without the command line (`cargo run --release --no-default-features --example
//! own_worker`). It counts the solutions of an empty 9x9 grid with `sat` for half a
//! second. The count runs in a child of this program, which is killed at the deadline
//! unless varisat, between two solutions, stopped there first and answered.
use std::time::Duration;
use sudoku_arena::backends::{create, serve_if_asked, worker_executable};
use sudoku_arena::clock::WORKER_CPU;
use sudoku_arena::model::{parse_puzzles, ParseOptions};
use sudoku_arena::solver::SolveOptions;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // First thing: when started as a worker, serve and exit.
    if let Some(status) = serve_if_asked() {
        std::process::exit(status);
    }
    let worker = worker_executable().ok_or("no worker executable")?;
    let empty = parse_puzzles(&".".repeat(81), "empty", &ParseOptions::default())?.remove(0);
    let mut solver = create("sat")?;
    let budget = SolveOptions::new(usize::MAX, Some(Duration::from_millis(500)));
    let outcome = solver.solve(&empty, &budget);
    let how = if outcome.clocks.cpu_source == WORKER_CPU {
        "killed"
    } else {
        "answered"
    };
    println!(
        "worker {}: {} solutions found before the deadline, timed out {}, worker {how}, transport {:.1} ms",
        worker.display(),
        outcome.solutions_found,
        outcome.timed_out,
        outcome.transport_ms,
    );
    // A solve in this process has no transport; one in a worker has at least the
    // worker's start, and the solutions it streamed back.
    if outcome.transport_ms <= 0.0 || outcome.solutions_found == 0 {
        return Err("the solve did not run in a worker".into());
    }
    Ok(())
}
