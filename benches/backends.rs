//! Every built-in backend configuration on the same fixed slices of `tests/data/` (or
//! `$SUDOKU_ARENA_DATA`), so `cargo bench --bench backends` shows every paradigm side by
//! side. Criterion reports time per puzzle (throughput in elements). Each solve proves
//! uniqueness.
//!
//! Slices: `easy` (the first 20 17-clue puzzles with about a third of their solution
//! revealed, newspaper-like), `17clue` (the first 20), `forum-hardest` (the first 20),
//! `16x16` (five 16x16 instances with 60-70% given).

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;
use sudoku_arena::backends::{builtin_configs, create, lookup};
use sudoku_arena::model::Puzzle;
use sudoku_arena::solver::SolveOptions;

/// Puzzles made easy by revealing about a third of their (dlx-found) solution.
fn easy(count: usize) -> Vec<Puzzle> {
    let mut dlx = create("dlx").unwrap();
    common::bench_puzzles("17_clue.txt", count)
        .into_iter()
        .enumerate()
        .map(|(i, mut p)| {
            let solution = dlx
                .solve(&p, &SolveOptions::new(1, None))
                .solutions
                .remove(0);
            for (cell, &v) in solution.iter().enumerate() {
                if (cell * 7 + i) % 3 == 0 {
                    p.cells[cell] = v;
                }
            }
            p
        })
        .collect()
}

fn slices() -> Vec<(&'static str, Vec<Puzzle>)> {
    vec![
        ("easy", easy(20)),
        ("17clue", common::bench_puzzles("17_clue.txt", 20)),
        (
            "forum-hardest",
            common::bench_puzzles("forum_hardest_1106.txt", 20),
        ),
        (
            "16x16",
            ["60_0", "60_1", "65_0", "65_1", "70_3"]
                .iter()
                .map(|f| common::data_matrix(&format!("inst16x16_{f}.txt")))
                .collect(),
        ),
    ]
}

fn bench_backends(c: &mut Criterion) {
    let slices = slices();
    // Those of cargo features this build lacks are left out.
    let runnable = builtin_configs()
        .into_iter()
        .filter(|b| lookup(b).and_then(|(c, _)| c.available()).is_ok());
    for backend in runnable {
        let mut group = c.benchmark_group(backend.clone());
        group
            .sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3));
        for (name, puzzles) in &slices {
            group.throughput(Throughput::Elements(puzzles.len() as u64));
            let mut solver = create(&backend).unwrap();
            group.bench_function(*name, |b| {
                b.iter(|| {
                    for p in puzzles {
                        solver.solve(p, &SolveOptions::new(2, None));
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_backends);
criterion_main!(benches);
