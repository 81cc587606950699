//! Times `dlx` on fixed slices of the benchmark sets (`tests/data/`, or
//! `$SUDOKU_ARENA_DATA`): first solution and proof of uniqueness separately. Criterion
//! reports time per puzzle (throughput in elements).

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_arena::backends::create;
use sudoku_arena::model::Puzzle;
use sudoku_arena::solver::{SolveOptions, Verdict};

fn slices() -> Vec<(&'static str, Vec<Puzzle>)> {
    vec![
        (
            "17clue-first1000",
            common::bench_puzzles("17_clue.txt", 1000),
        ),
        (
            "forum-hardest-all375",
            common::bench_puzzles("forum_hardest_1106.txt", usize::MAX),
        ),
        (
            "magictour-first500",
            common::bench_puzzles("magictour_top1465.txt", 500),
        ),
    ]
}

fn bench_dlx(c: &mut Criterion) {
    let mut group = c.benchmark_group("dlx");
    group.sample_size(10);
    for (name, puzzles) in slices() {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        for (mode, max) in [("first", 1), ("unique", 2)] {
            let mut solver = create("dlx").unwrap();
            group.bench_function(format!("{name}/{mode}"), |b| {
                b.iter(|| {
                    for p in &puzzles {
                        let out = solver.solve(p, &SolveOptions::new(max, None));
                        assert_ne!(out.verdict, Verdict::None);
                    }
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_dlx);
criterion_main!(benches);
