//! Times the `sat` backend's encodings on a fixed slice (the first 50 17-clue and the
//! first 20 forum-hardest puzzles), encoding and solving separately: `encode/*` builds
//! the clauses and loads them into varisat, `solve/*` finds the solution and proves it
//! unique (two varisat calls, the blocking clause between them) on a loaded solver.
//! Criterion reports time per puzzle (throughput in elements).

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use sudoku_arena::backends::sat::encode::{Encoded, Encoding};
use sudoku_arena::backends::sat::{enumerate, load, End};
use sudoku_arena::model::Puzzle;
use sudoku_arena::solver::SolveOptions;

fn slices() -> Vec<(&'static str, Vec<Puzzle>)> {
    vec![
        ("17clue-first50", common::bench_puzzles("17_clue.txt", 50)),
        (
            "forum-hardest-first20",
            common::bench_puzzles("forum_hardest_1106.txt", 20),
        ),
    ]
}

fn bench_sat(c: &mut Criterion) {
    let mut group = c.benchmark_group("sat");
    group.sample_size(10);
    for (name, puzzles) in slices() {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        for encoding in Encoding::ALL {
            let enc = encoding.name();
            group.bench_function(format!("{name}/encode/{enc}"), |b| {
                b.iter(|| {
                    for p in &puzzles {
                        let encoded = Encoded::build(p, encoding);
                        black_box(load(&encoded.cnf));
                    }
                })
            });
            let encoded: Vec<Encoded> = puzzles
                .iter()
                .map(|p| Encoded::build(p, encoding))
                .collect();
            group.bench_function(format!("{name}/solve/{enc}"), |b| {
                b.iter_batched_ref(
                    || encoded.iter().map(|e| load(&e.cnf)).collect::<Vec<_>>(),
                    |solvers| {
                        for ((p, e), s) in puzzles.iter().zip(&encoded).zip(solvers.iter_mut()) {
                            let r = enumerate(p, e, s, &SolveOptions::new(2, None), &mut |_| {});
                            assert_eq!((r.end, r.found), (End::Complete, 1));
                        }
                    },
                    BatchSize::PerIteration,
                )
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_sat);
criterion_main!(benches);
