//! Times the `ip` backend on a fixed slice (the first 10 forum-hardest and the first 10
//! 17-clue puzzles), building and solving separately: `build/*` is the presolve plus the
//! engine's problem for the 0-1 program, `solve/*` the whole solve with the uniqueness
//! proof (root LP, 0-1 solves, no-good cut), per configuration. Criterion reports time
//! per puzzle (throughput in elements).

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use sudoku_arena::backends::ip::model::IpModel;
use sudoku_arena::backends::ip::{direct, goodlp, Config, IpSolver};
use sudoku_arena::model::Puzzle;
use sudoku_arena::solver::{SolveOptions, Solver, Verdict};

fn slices() -> Vec<(&'static str, Vec<Puzzle>)> {
    vec![
        (
            "forum-hardest-first10",
            common::bench_puzzles("forum_hardest_1106.txt", 10),
        ),
        ("17clue-first10", common::bench_puzzles("17_clue.txt", 10)),
    ]
}

fn bench_ip(c: &mut Criterion) {
    let mut group = c.benchmark_group("ip");
    group.sample_size(10);
    for (name, puzzles) in slices() {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(format!("{name}/build/presolve"), |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(IpModel::presolved(p));
                }
            })
        });
        let models: Vec<IpModel> = puzzles.iter().map(IpModel::presolved).collect();
        group.bench_function(format!("{name}/build/good_lp-problem"), |b| {
            b.iter(|| {
                for m in &models {
                    black_box(goodlp::build(m, &[], true));
                }
            })
        });
        group.bench_function(format!("{name}/build/microlp-direct-problem"), |b| {
            b.iter(|| {
                for m in &models {
                    black_box(direct::build(m, &[], true));
                }
            })
        });
        for config in [Config::GoodLp, Config::MicrolpDirect] {
            let mut solver = IpSolver::new(config);
            group.bench_function(format!("{name}/solve/{}", config.name()), |b| {
                b.iter(|| {
                    for p in &puzzles {
                        let out = solver.solve(p, &SolveOptions::new(2, None));
                        assert_eq!(out.verdict, Verdict::Unique);
                    }
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_ip);
criterion_main!(benches);
