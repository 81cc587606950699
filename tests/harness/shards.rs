//! Shards under the tools that run them at scale, through the ready scripts of
//! `examples/`: GNU parallel runs four shards and `merge` gives the counts of one run
//! (and exactly the table of one file holding all their records); the Slurm script turns
//! job array ids, from 0, from 1 or stepped, into the shards 1/N .. N/N; gzip-compressed
//! shards merge as the plain ones; the header record names the build and the machine,
//! and shards from different machines merge with a note that their times differ in kind.

use crate::common::cli::{err, out, run};
use crate::common::external::external_available;
use crate::common::files::path_in;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};

/// The puzzles of every test here: 100 each of three sets (with one solution, several,
/// and the hardest), so every count column has something to count.
const INPUTS: [&str; 3] = [
    "tests/data/serg_benchmark.txt",
    "tests/data/17_clue.txt",
    "tests/data/forum_hardest_1106.txt",
];
const LIMIT: &str = "100";
const BACKENDS: &str = "dlx,fast,csp:gac";

/// The flags and files every run here is given, after `compare` or a script's OUTDIR.
fn run_args() -> Vec<&'static str> {
    let mut args = vec!["-b", BACKENDS, "--limit", LIMIT];
    args.extend(INPUTS);
    args
}

/// A script of `examples/` run by bash in the project root with `args`, the binary under
/// test as `SUDOKU_ARENA`, and `env` set.
fn script(name: &str, args: &[&str], env: &[(&str, String)]) -> Output {
    let mut c = Command::new("bash");
    c.arg(format!("examples/{name}"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("SUDOKU_ARENA", env!("CARGO_BIN_EXE_sudoku-arena"));
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}--- stderr\n{}",
        o.status,
        out(o),
        err(o)
    )
}

/// True when GNU parallel can be run (not moreutils' `parallel`, which takes other
/// arguments); panics when it is missing but required.
fn gnu_parallel() -> bool {
    if !external_available("parallel", "parallel") {
        return false;
    }
    let version = Command::new("parallel").arg("--version").output();
    let gnu = version.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("GNU parallel"));
    if !gnu {
        assert!(
            !std::env::var("SUDOKU_ARENA_REQUIRE_EXTERNAL").is_ok_and(|v| v == "1"),
            "`parallel` is not GNU parallel (SUDOKU_ARENA_REQUIRE_EXTERNAL=1): apt-get install parallel"
        );
        let _ = writeln!(
            std::io::stderr(),
            "note: `parallel` is not GNU parallel (apt-get install parallel); the GNU parallel checks were not run"
        );
    }
    gnu
}

/// The rows of a `--csv` summary: backend name and its other cells.
fn csv_rows(path: &str) -> Vec<Vec<String>> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            l.split(',')
                .map(|c| c.trim_matches('"').to_string())
                .collect()
        })
        .collect()
}

/// The columns of the CSV summary that do not depend on time: the backend, every count
/// (puzzles, each verdict, failed, wrong), the effort's name and the mean sizes.
const COUNT_COLUMNS: [usize; 12] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 17, 18, 19];
const MEAN_EFFORT: usize = 16;

/// Checks that two CSV summaries agree on every column that does not depend on time,
/// the mean effort to its printed rounding (a sum in another order).
fn same_counts(a: &str, b: &str) {
    let (ra, rb) = (csv_rows(a), csv_rows(b));
    assert_eq!(ra.len(), rb.len(), "{a} and {b} have other rows");
    assert_eq!(ra.len(), 3, "{ra:?}");
    for (x, y) in ra.iter().zip(&rb) {
        for c in COUNT_COLUMNS {
            assert_eq!(x[c], y[c], "column {c}: {x:?} against {y:?}");
        }
        let effort = |r: &[String]| r[MEAN_EFFORT].parse::<f64>().unwrap();
        assert!(
            (effort(x) - effort(y)).abs() <= 0.0015,
            "{x:?} against {y:?}"
        );
    }
    // Every puzzle of every set, each decided.
    for r in &ra {
        assert_eq!(r[2], "300", "{r:?}");
        assert_eq!(r[9], "0", "no wrong answer: {r:?}");
    }
}

/// The results of one whole run (no shard), with its `--csv` table, in `dir`.
fn one_run(dir: &Path) -> (String, String) {
    let (results, table) = (path_in(dir, "one.jsonl"), path_in(dir, "one.csv"));
    let mut args = vec!["compare", "--out", &results, "--csv", &table];
    args.extend(run_args());
    let o = run(&args, b"");
    assert!(o.status.success(), "{}", text(&o));
    (results, table)
}

/// `merge FILES --csv CSV --markdown MD` in the project root; its output.
fn merge(files: &[String], csv: &str, markdown: &str) -> Output {
    let mut args: Vec<&str> = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--csv", csv, "--markdown", markdown]);
    run(&args, b"")
}

/// The shard files `shard-K-of-N.jsonl` of `dir`, K = 1..N.
fn shard_files(dir: &str, n: usize) -> Vec<String> {
    (1..=n)
        .map(|k| format!("{dir}/shard-{k}-of-{n}.jsonl"))
        .collect()
}

/// The header record of a results file, as JSON.
fn header(path: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap();
    let first = text.lines().next().unwrap();
    let h: serde_json::Value = serde_json::from_str(first).unwrap();
    assert_eq!(h["kind"], "header", "{first}");
    h
}

#[test]
fn four_shards_under_gnu_parallel_merge_to_the_table_of_one_run() {
    if !gnu_parallel() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let outdir = path_in(dir.path(), "run");
    let mut args = vec!["4", &outdir];
    args.extend(run_args());
    let o = script("shards-parallel.sh", &args, &[]);
    assert!(o.status.success(), "{}", text(&o));
    let shards = shard_files(&outdir, 4);
    for (k, f) in shards.iter().enumerate() {
        assert_eq!(header(f)["shard"]["index"], k + 1, "{f}");
        assert_eq!(header(f)["shard"]["count"], 4, "{f}");
    }
    assert!(!err(&o).contains("missing"), "{}", text(&o));
    assert!(
        out(&o).contains("300 puzzles: every answer passed"),
        "{}",
        text(&o)
    );

    // The merged counts are those of one run over the same puzzles.
    let (one, one_csv) = one_run(dir.path());
    let merged_csv = format!("{outdir}/summary.csv");
    same_counts(&merged_csv, &one_csv);

    // The merge is exact: the shard files give the very table of one file that holds
    // all their lines.
    let mut all = Vec::new();
    for f in &shards {
        all.extend(std::fs::read(f).unwrap());
    }
    let joined = path_in(dir.path(), "joined.jsonl");
    std::fs::write(&joined, all).unwrap();
    let (csv, md) = (path_in(dir.path(), "j.csv"), path_in(dir.path(), "j.md"));
    let o = merge(&[joined], &csv, &md);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        std::fs::read_to_string(&merged_csv).unwrap()
    );
    assert_eq!(
        std::fs::read_to_string(&md).unwrap(),
        std::fs::read_to_string(format!("{outdir}/summary.md")).unwrap()
    );
    // And one run's own file merges to its own counts.
    let (csv, md) = (path_in(dir.path(), "o.csv"), path_in(dir.path(), "o.md"));
    assert!(merge(&[one], &csv, &md).status.success());
    same_counts(&csv, &one_csv);
}

#[test]
fn the_parallel_script_refuses_to_overwrite_results() {
    if !gnu_parallel() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let outdir = path_in(dir.path(), "run");
    let args = ["2", &outdir, "-b", "dlx", "examples/easy.txt"];
    let o = script("shards-parallel.sh", &args, &[]);
    assert!(o.status.success(), "{}", text(&o));
    let before: Vec<Vec<u8>> = shard_files(&outdir, 2)
        .iter()
        .map(|f| std::fs::read(f).unwrap())
        .collect();
    let o = script("shards-parallel.sh", &args, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        err(&o).contains("refusing to overwrite") && err(&o).contains("shard-1-of-2.jsonl"),
        "{}",
        text(&o)
    );
    let after: Vec<Vec<u8>> = shard_files(&outdir, 2)
        .iter()
        .map(|f| std::fs::read(f).unwrap())
        .collect();
    assert_eq!(before, after, "a refused run wrote nothing");
    // --resume goes on with them: every solve is there already, so nothing is added.
    let resumed = ["2", &outdir, "-b", "dlx", "--resume", "examples/easy.txt"];
    let o = script("shards-parallel.sh", &resumed, &[]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(out(&o).contains("4 puzzles"), "{}", text(&o));
}

/// Runs the Slurm script as each task of an array with the ids `ids` would be run
/// (`step` as Slurm reports it), into `outdir`; gives the shard files written.
fn slurm_array(outdir: &str, ids: &[usize], step: Option<usize>) -> Vec<String> {
    let (min, max) = (ids[0], ids[ids.len() - 1]);
    for &id in ids {
        let mut env = vec![
            ("SLURM_ARRAY_TASK_ID", id.to_string()),
            ("SLURM_ARRAY_TASK_MIN", min.to_string()),
            ("SLURM_ARRAY_TASK_MAX", max.to_string()),
            ("SLURM_ARRAY_TASK_COUNT", ids.len().to_string()),
        ];
        if let Some(s) = step {
            env.push(("SLURM_ARRAY_TASK_STEP", s.to_string()));
        }
        let mut args = vec![outdir];
        args.extend(run_args());
        let o = script("shards-slurm.sh", &args, &env);
        assert!(o.status.success(), "task {id}: {}", text(&o));
    }
    shard_files(outdir, ids.len())
}

#[test]
fn slurm_array_ids_from_zero_from_one_or_stepped_are_the_shards_one_to_n() {
    let dir = tempfile::tempdir().unwrap();
    let (_, one_csv) = one_run(dir.path());
    let arrays: [(&str, Vec<usize>, Option<usize>); 3] = [
        ("from0", vec![0, 1, 2, 3], None),
        ("from1", vec![1, 2, 3, 4], Some(1)),
        ("stepped", vec![10, 15, 20, 25], Some(5)),
    ];
    for (name, ids, step) in arrays {
        let outdir = path_in(dir.path(), name);
        let files = slurm_array(&outdir, &ids, step);
        for (k, f) in files.iter().enumerate() {
            let h = header(f);
            assert_eq!(h["shard"]["index"], k + 1, "{name}: {f}");
            assert_eq!(h["shard"]["count"], 4, "{name}: {f}");
        }
        let (csv, md) = (path_in(dir.path(), "m.csv"), path_in(dir.path(), "m.md"));
        let _ = std::fs::remove_file(&csv);
        let _ = std::fs::remove_file(&md);
        let o = merge(&files, &csv, &md);
        assert!(o.status.success(), "{name}: {}", text(&o));
        assert!(!err(&o).contains("missing"), "{name}: {}", text(&o));
        same_counts(&csv, &one_csv);
    }
}

#[test]
fn the_slurm_script_refuses_what_it_cannot_map_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let outdir = path_in(dir.path(), "out");
    let args = [outdir.as_str(), "-b", "dlx", "examples/easy.txt"];
    // Not in a job array.
    let o = script("shards-slurm.sh", &args, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        err(&o).contains("SLURM_ARRAY_TASK_ID is not set"),
        "{}",
        text(&o)
    );
    // --array=1,4,42: three tasks whose ids are not evenly spaced.
    let env = [
        ("SLURM_ARRAY_TASK_ID", "4".to_string()),
        ("SLURM_ARRAY_TASK_MIN", "1".to_string()),
        ("SLURM_ARRAY_TASK_MAX", "42".to_string()),
        ("SLURM_ARRAY_TASK_COUNT", "3".to_string()),
    ];
    let o = script("shards-slurm.sh", &args, &env);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(err(&o).contains("not evenly spaced"), "{}", text(&o));
    assert!(!Path::new(&outdir).exists(), "a refused task wrote nothing");
    // A task run again refuses to overwrite its shard, as `compare --out` does.
    let env = [
        ("SLURM_ARRAY_TASK_ID", "1".to_string()),
        ("SLURM_ARRAY_TASK_MIN", "1".to_string()),
        ("SLURM_ARRAY_TASK_MAX", "2".to_string()),
        ("SLURM_ARRAY_TASK_COUNT", "2".to_string()),
    ];
    assert!(script("shards-slurm.sh", &args, &env).status.success());
    let file = format!("{outdir}/shard-1-of-2.jsonl");
    let before = std::fs::read(&file).unwrap();
    let o = script("shards-slurm.sh", &args, &env);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(err(&o).contains("--force"), "{}", text(&o));
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

/// Shard `k` of `n` of the test's puzzles, `compare -b dlx` with `more` flags, in `dir`.
fn shard(dir: &Path, k: usize, n: usize, more: &[&str]) -> String {
    let file = path_in(dir, &format!("shard-{k}-of-{n}.jsonl"));
    let s = format!("{k}/{n}");
    let mut args = vec!["compare", "--shard", &s, "--out", &file, "-b", "dlx"];
    args.extend_from_slice(more);
    args.push("examples/easy.txt");
    let o = run(&args, b"");
    assert!(o.status.success(), "{}", text(&o));
    file
}

/// `bytes` compressed by gzip into `path`.
fn gzip(bytes: &[u8], path: &str) {
    let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(bytes).unwrap();
    std::fs::write(path, z.finish().unwrap()).unwrap();
}

#[test]
fn merge_reads_gzip_compressed_shards_by_their_bytes_not_their_name() {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<String> = (1..=3).map(|k| shard(dir.path(), k, 3, &[])).collect();
    let (csv, md) = (
        path_in(dir.path(), "plain.csv"),
        path_in(dir.path(), "plain.md"),
    );
    let plain = merge(&files, &csv, &md);
    assert!(plain.status.success(), "{}", text(&plain));

    // Shard 1 as `.gz`, shard 2 compressed under a plain name, shard 3 as it was.
    let gz = path_in(dir.path(), "shard-1-of-3.jsonl.gz");
    gzip(&std::fs::read(&files[0]).unwrap(), &gz);
    let hidden = path_in(dir.path(), "shard-2-compressed.jsonl");
    gzip(&std::fs::read(&files[1]).unwrap(), &hidden);
    let (csv2, md2) = (path_in(dir.path(), "gz.csv"), path_in(dir.path(), "gz.md"));
    let o = merge(&[gz.clone(), hidden, files[2].clone()], &csv2, &md2);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(out(&o), out(&plain));
    assert_eq!(err(&o), err(&plain));
    assert_eq!(
        std::fs::read_to_string(&csv2).unwrap(),
        std::fs::read_to_string(&csv).unwrap()
    );

    // Two gzip streams one after the other (`cat a.gz b.gz`) read as their texts joined.
    let mut both = std::fs::read(&gz).unwrap();
    let two = path_in(dir.path(), "two.gz");
    gzip(&std::fs::read(&files[1]).unwrap(), &two);
    both.extend(std::fs::read(&two).unwrap());
    let cat = path_in(dir.path(), "cat.jsonl.gz");
    std::fs::write(&cat, both).unwrap();
    let (csv3, md3) = (
        path_in(dir.path(), "cat.csv"),
        path_in(dir.path(), "cat.md"),
    );
    let o = merge(&[cat, files[2].clone()], &csv3, &md3);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(&csv3).unwrap(),
        std::fs::read_to_string(&csv).unwrap()
    );

    // A damaged gzip file is an error naming it, not a panic, and writes nothing.
    let mut damaged = std::fs::read(&gz).unwrap();
    let middle = damaged.len() / 2;
    damaged[12..middle].iter_mut().for_each(|b| *b ^= 0x5a);
    let bad = path_in(dir.path(), "bad.jsonl.gz");
    std::fs::write(&bad, damaged).unwrap();
    let (csv4, md4) = (
        path_in(dir.path(), "bad.csv"),
        path_in(dir.path(), "bad.md"),
    );
    let o = merge(&[bad.clone(), files[2].clone()], &csv4, &md4);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(err(&o).contains(&bad), "{}", text(&o));
    assert!(!Path::new(&csv4).exists() && !Path::new(&md4).exists());
}

#[test]
fn the_header_names_the_build_the_machine_and_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let file = shard(dir.path(), 1, 1, &["--jobs", "2"]);
    let h = header(&file);
    assert_eq!(h["version"], env!("CARGO_PKG_VERSION"), "{h}");
    let commit = h["commit"].as_str().unwrap();
    assert!(
        commit == "unknown"
            || (commit.len() == 40 && commit.chars().all(|c| c.is_ascii_hexdigit())),
        "{h}"
    );
    // Built in a git repository of its own, the binary names the commit checked out.
    let git = |args: &[&str]| {
        let o = Command::new("git")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .ok()?;
        o.status
            .success()
            .then(|| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let own = git(&["rev-parse", "--show-toplevel"]).is_some_and(|top| {
        Path::new(&top).canonicalize().ok()
            == Path::new(env!("CARGO_MANIFEST_DIR")).canonicalize().ok()
    });
    if let Some(head) = git(&["rev-parse", "HEAD"]).filter(|_| own) {
        assert_eq!(commit, head, "{h}");
    }
    assert!(!h["host"].as_str().unwrap().is_empty(), "{h}");
    assert!(!h["cpu"].as_str().unwrap().is_empty(), "{h}");
    assert!(h["cores"].as_u64().unwrap() >= 1, "{h}");
    assert_eq!(h["jobs"], 2, "{h}");
}

/// Replaces the header line of `file` by what `change` makes of it.
fn edit_header(file: &str, change: impl FnOnce(&mut serde_json::Map<String, serde_json::Value>)) {
    let text = std::fs::read_to_string(file).unwrap();
    let (first, rest) = text.split_once('\n').unwrap();
    let mut h: serde_json::Value = serde_json::from_str(first).unwrap();
    change(h.as_object_mut().unwrap());
    std::fs::write(file, format!("{h}\n{rest}")).unwrap();
}

#[test]
fn shards_from_other_machines_or_older_files_merge_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<String> = (1..=3).map(|k| shard(dir.path(), k, 3, &[])).collect();
    // One shard ran elsewhere.
    edit_header(&files[1], |h| {
        h.insert("host".into(), "node-17".into());
        h.insert("cpu".into(), "Some Other CPU".into());
    });
    // One was written before the run's facts were recorded.
    edit_header(&files[2], |h| {
        for k in ["version", "commit", "host", "cpu", "cores", "jobs"] {
            h.remove(k);
        }
    });
    let (csv, md) = (path_in(dir.path(), "m.csv"), path_in(dir.path(), "m.md"));
    let o = merge(&files, &csv, &md);
    assert!(o.status.success(), "{}", text(&o));
    assert!(out(&o).contains("4 puzzles"), "{}", text(&o));
    for said in [out(&o), err(&o), std::fs::read_to_string(&md).unwrap()] {
        assert!(
            said.contains("ran on 2 machines") && said.contains("not comparable"),
            "{said}"
        );
        assert!(said.contains("node-17 (Some Other CPU)"), "{said}");
    }
    // On one machine, no such note.
    let (csv, md) = (
        path_in(dir.path(), "one.csv"),
        path_in(dir.path(), "one.md"),
    );
    let o = merge(&files[..1], &csv, &md);
    // One shard of three: partial.
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(!out(&o).contains("machines"), "{}", text(&o));
}
