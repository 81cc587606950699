//! Times every `csp` propagation level (MRV branching, first solution) on fixed slices of
//! the benchmark sets (`tests/data/` or `$SUDOKU_ARENA_DATA`): the first 50 17-clue puzzles
//! and the first 20 forum-hardest. Criterion reports time per puzzle (throughput in
//! elements). `dlx` runs on the same slices as a yardstick, so figures taken on a busy
//! machine can still be compared with those of a quiet one. Figures: `docs/csp.md`.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;
use sudoku_arena::backends::create;
use sudoku_arena::solver::{SolveOptions, Verdict};

fn bench_csp(c: &mut Criterion) {
    let slices = [
        ("17clue-first50", common::bench_puzzles("17_clue.txt", 50)),
        (
            "forum-hardest-first20",
            common::bench_puzzles("forum_hardest_1106.txt", 20),
        ),
    ];
    let configs = [
        "csp:naive",
        "csp:permutation",
        "csp:bounds",
        "csp:gac",
        "csp:gac-shave",
        "dlx",
    ];
    for config in configs {
        let mut group = c.benchmark_group(config);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for (name, puzzles) in &slices {
            group.throughput(Throughput::Elements(puzzles.len() as u64));
            let mut solver = create(config).unwrap();
            group.bench_function(*name, |b| {
                b.iter(|| {
                    for p in puzzles {
                        let out = solver.solve(p, &SolveOptions::new(1, None));
                        assert_ne!(out.verdict, Verdict::None);
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_csp);
criterion_main!(benches);
