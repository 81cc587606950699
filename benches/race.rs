//! The race: `fast`, `dlx`, `csp:permutation` and the Rust `sudoku` crate (0.8, a port
//! of the JCZSolve band solver) on the same slices, first solution and uniqueness
//! apart. Criterion reports time per puzzle (throughput in elements); every solver
//! loops over the whole slice in one process, puzzles parsed beforehand.
//!
//! The `sudoku` crate is AGPL-3.0: it is a dev-dependency used only here, never linked
//! into the library or the binary.
//!
//! `SUDOKU_ARENA_DATA=DIR cargo bench --bench race` runs it all on the complete sets in
//! DIR (a few minutes; without it, on what `tests/data/` holds of them); a filter such
//! as `cargo bench --bench race -- 17clue` runs a part. With `RACE_ONCE=1` in the
//! environment the bench binary instead solves each slice once per solver and mode
//! (`fast` and the crate only) and exits: a fixed amount of work for
//! `valgrind --tool=callgrind`, whose instruction and branch-miss counts do not
//! depend on the machine's load. With `RACE_INTERLEAVED=N` it times `fast` (through
//! the registry) and the crate on each slice N times, alternating, and prints the best
//! pass of each: on a machine shared with other jobs, where noise only adds time and
//! comes and goes, this compares the two more steadily than criterion's samples taken
//! one solver after the other. Figures: `docs/fast.md`.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use std::time::{Duration, Instant};
use sudoku::Sudoku;
use sudoku_arena::backends::create;
use sudoku_arena::model::Puzzle;
use sudoku_arena::solver::{SolveOptions, Verdict};

/// The slices: the first 5,000 17-clue puzzles and all of magictour and forum-hardest
/// (the sets of docs/fast.md's table) when `SUDOKU_ARENA_DATA` names the complete
/// sets; by default what `tests/data/` holds of them. Each is named with its size.
fn slices() -> Vec<(String, Vec<Puzzle>)> {
    [
        ("17clue", "17_clue.txt", 5000),
        ("magictour", "magictour_top1465.txt", usize::MAX),
        ("forum-hardest", "forum_hardest_1106.txt", usize::MAX),
    ]
    .into_iter()
    .map(|(name, file, count)| {
        let puzzles = common::bench_puzzles(file, count);
        (format!("{name}-first{}", puzzles.len()), puzzles)
    })
    .collect()
}

/// The same puzzle for the `sudoku` crate.
fn to_crate(p: &Puzzle) -> Sudoku {
    Sudoku::from_bytes_slice(&p.cells).expect("a 9x9 puzzle")
}

fn bench_race(c: &mut Criterion) {
    let ours = ["fast", "dlx", "csp:permutation"];
    for (set, puzzles) in slices() {
        let theirs: Vec<Sudoku> = puzzles.iter().map(to_crate).collect();
        for (mode, max) in [("first", 1usize), ("unique", 2)] {
            let mut group = c.benchmark_group(format!("race/{set}/{mode}"));
            group
                .sample_size(10)
                .warm_up_time(Duration::from_millis(500))
                .measurement_time(Duration::from_secs(3))
                .throughput(Throughput::Elements(puzzles.len() as u64));
            group.bench_function(BenchmarkId::from_parameter("sudoku-crate"), |b| {
                b.iter(|| {
                    let mut buf = [[0u8; 81]; 2];
                    for s in &theirs {
                        let found = s.solutions_up_to_buffer(&mut buf, max);
                        assert_eq!(found, 1);
                    }
                })
            });
            for name in ours {
                let mut solver = create(name).unwrap();
                group.bench_function(BenchmarkId::from_parameter(name), |b| {
                    b.iter(|| {
                        for p in &puzzles {
                            let out = solver.solve(p, &SolveOptions::new(max, None));
                            assert_ne!(out.verdict, Verdict::None);
                        }
                    })
                });
            }
            group.finish();
        }
    }
}

/// One pass over every slice, both modes, `fast` and the crate: for callgrind.
fn once() {
    let mut fast = create("fast").unwrap();
    for (set, puzzles) in slices() {
        let theirs: Vec<Sudoku> = puzzles.iter().map(to_crate).collect();
        for max in [1usize, 2] {
            let mut guesses = 0;
            for p in &puzzles {
                let out = fast.solve(p, &SolveOptions::new(max, None));
                assert_ne!(out.verdict, Verdict::None);
                guesses += out.stats.nodes;
            }
            let mut buf = [[0u8; 81]; 2];
            for s in &theirs {
                assert_eq!(s.solutions_up_to_buffer(&mut buf, max), 1);
            }
            let per = guesses as f64 / puzzles.len() as f64;
            println!("{set} max={max}: fast guesses per puzzle {per:.2}");
        }
    }
}

/// `fast` and the crate timed alternately, `reps` passes each; prints the best pass
/// of each as µs per puzzle, and their ratio.
fn interleaved(reps: usize) {
    let mut fast = create("fast").unwrap();
    println!("| set | mode | sudoku crate µs | fast µs | fast / crate |");
    println!("|---|---|---:|---:|---:|");
    for (set, puzzles) in slices() {
        let theirs: Vec<Sudoku> = puzzles.iter().map(to_crate).collect();
        for (mode, max) in [("first", 1usize), ("unique", 2)] {
            let (mut best_fast, mut best_crate) = (f64::MAX, f64::MAX);
            for _ in 0..reps {
                let start = Instant::now();
                for p in &puzzles {
                    let out = fast.solve(p, &SolveOptions::new(max, None));
                    assert_ne!(out.verdict, Verdict::None);
                }
                best_fast = best_fast.min(start.elapsed().as_secs_f64());
                let start = Instant::now();
                let mut buf = [[0u8; 81]; 2];
                for s in &theirs {
                    assert_eq!(s.solutions_up_to_buffer(&mut buf, max), 1);
                }
                best_crate = best_crate.min(start.elapsed().as_secs_f64());
            }
            let per = |t: f64| t / puzzles.len() as f64 * 1e6;
            println!(
                "| {set} | {mode} | {:.2} | {:.2} | {:.2} |",
                per(best_crate),
                per(best_fast),
                best_fast / best_crate
            );
        }
    }
}

criterion_group!(benches, bench_race);

fn main() {
    if std::env::var_os("RACE_ONCE").is_some() {
        once();
        return;
    }
    if let Some(reps) = std::env::var("RACE_INTERLEAVED")
        .ok()
        .and_then(|r| r.parse().ok())
    {
        interleaved(reps);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
