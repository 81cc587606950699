//! A program of your own that uses the isolated backends (`sat`, `ip`) with a deadline:
//! it serves as their worker itself, so it needs no `sudoku-arena` binary and builds
//! without the command line (`cargo run --release --no-default-features --example
//! own_worker`). It counts the solutions of an empty 9x9 grid with `sat` for half a
//! second: the worker is killed at the deadline, which only a worker can be.
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
    println!(
        "worker {}: {} solutions found before the deadline, timed out {}, CPU time read from {}",
        worker.display(),
        outcome.solutions_found,
        outcome.timed_out,
        outcome.clocks.cpu_source
    );
    if outcome.clocks.cpu_source != WORKER_CPU {
        return Err("the solve did not run in a worker".into());
    }
    Ok(())
}
