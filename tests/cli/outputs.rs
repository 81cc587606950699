//! No command destroys its user's files: an output is never an input nor another
//! output of the same run (`./a`, `a` and a symbolic link to it are one file), an
//! existing file is replaced only with `--force`, and a refused run writes nothing.

use crate::common::cli::{err, run};
use crate::common::files::write;
use std::path::Path;
use std::process::Output;

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Exit status 2 and every one of `needles` in the message.
fn assert_refused(o: &Output, needles: &[&str]) {
    assert_eq!(o.status.code(), Some(2), "{}", err(o));
    for needle in needles {
        assert!(
            err(o).contains(needle),
            "expected '{needle}' in: {}",
            err(o)
        );
    }
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn markdown_csv_and_plot_keep_an_existing_file_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "in.txt", format!("{EASY}\n"));
    for flag in ["--markdown", "--csv", "--plot"] {
        let name = if flag == "--plot" {
            "old.svg"
        } else {
            "old.txt"
        };
        let old = write(dir.path(), name, "precious\n");
        let o = run(&["compare", "-b", "dlx", flag, &old, &input], b"");
        assert_refused(&o, &[flag, &old, "already exists", "--force"]);
        assert_eq!(read(&old), "precious\n", "{flag}");
        let o = run(
            &["compare", "-b", "dlx", flag, &old, "--force", &input],
            b"",
        );
        assert!(o.status.success(), "{flag}: {}", err(&o));
        assert_ne!(read(&old), "precious\n", "{flag}");
    }
    // The same for merge, rate, explain and generate.
    let results = dir.path().join("r.jsonl");
    let results = results.to_str().unwrap();
    assert!(
        run(&["compare", "-b", "dlx", "--out", results, &input], b"")
            .status
            .success()
    );
    let old = dir.path().join("kept.md");
    let old = old.to_str().unwrap();
    let commands: [&[&str]; 4] = [
        &["merge", results, "--markdown", old],
        &["rate", &input, "--csv", old],
        &["explain", &input, "--html", old],
        &["generate", "--out", old],
    ];
    for args in commands {
        write(dir.path(), "kept.md", "precious\n");
        let o = run(args, b"");
        assert_refused(&o, &[old, "already exists", "--force"]);
        assert_eq!(read(old), "precious\n", "{args:?}");
        let mut forced = args.to_vec();
        forced.push("--force");
        let o = run(&forced, b"");
        assert!(o.status.success(), "{forced:?}: {}", err(&o));
        assert_ne!(read(old), "precious\n", "{forced:?}");
    }
}

#[test]
fn the_input_is_never_an_output_even_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "in.txt", format!("{EASY}\n"));
    let before = read(&input);
    let cases: [&[&str]; 6] = [
        &["compare", "-b", "dlx", "--out", &input, "--force", &input],
        &[
            "compare",
            "-b",
            "dlx",
            "--markdown",
            &input,
            "--force",
            &input,
        ],
        &["compare", "-b", "dlx", "--out", &input, "--resume", &input],
        &["rate", "--csv", &input, "--force", &input],
        &["explain", "--html", &input, "--force", &input],
        &["merge", &input, "--csv", &input, "--force"],
    ];
    for args in cases {
        let o = run(args, b"");
        assert_refused(&o, &["input", &input]);
        assert_eq!(read(&input), before, "{args:?} changed its input");
    }
}

#[test]
fn two_outputs_may_not_name_one_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "in.txt", format!("{EASY}\n"));
    let same = dir.path().join("same");
    let same = same.to_str().unwrap();
    let o = run(
        &[
            "compare",
            "-b",
            "dlx",
            "--out",
            same,
            "--markdown",
            same,
            &input,
        ],
        b"",
    );
    assert_refused(&o, &["--out", "--markdown", same]);
    assert!(!Path::new(same).exists(), "a refused run wrote {same}");
    let o = run(
        &[
            "compare",
            "-b",
            "dlx",
            "--csv",
            same,
            "--markdown",
            same,
            "--force",
            &input,
        ],
        b"",
    );
    assert_refused(&o, &["--csv", "--markdown"]);
    let svg_dir = dir.path().join("steps");
    let html = svg_dir.join("step-001.svg");
    let o = run(
        &[
            "explain",
            "--svg",
            svg_dir.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
            &input,
        ],
        b"",
    );
    assert_refused(&o, &["--svg", "--html"]);
    assert!(!svg_dir.exists());
}

#[test]
fn dot_slash_a_plain_a_and_a_symbolic_link_to_a_are_one_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "a", format!("{EASY}\n"));
    std::os::unix::fs::symlink(&input, dir.path().join("link")).unwrap();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let run_in = |args: &[&str]| {
        crate::common::cli::command(args)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    for (out, input) in [
        ("./a", "a"),
        ("a", "./a"),
        ("link", "a"),
        ("sub/../a", "link"),
    ] {
        let o = run_in(&["compare", "-b", "dlx", "--csv", out, "--force", input]);
        assert_refused(&o, &["input"]);
        let o = run_in(&[
            "compare", "-b", "dlx", "--out", "new", "--csv", "./new", input,
        ]);
        assert_refused(&o, &["--out", "--csv"]);
    }
    assert_eq!(read(&input), format!("{EASY}\n"));
    assert_eq!(listing(dir.path()), ["a", "link", "sub"]);
}

#[test]
fn a_refused_run_leaves_no_file_behind() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "in.txt", format!("{EASY}\n"));
    let old = write(dir.path(), "old.svg", "precious\n");
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // The last output named is the one refused: none of those before it is made.
    let o = run(
        &[
            "compare",
            "-b",
            "dlx",
            "--out",
            &path("r.jsonl"),
            "--markdown",
            &path("t.md"),
            "--csv",
            &path("t.csv"),
            "--plot",
            &old,
            &input,
        ],
        b"",
    );
    assert_refused(&o, &["--plot", "--force"]);
    let o = run(
        &["explain", "--svg", &path("steps"), "--html", &input, &input],
        b"",
    );
    assert_refused(&o, &["--html", "input"]);
    assert_eq!(listing(dir.path()), ["in.txt", "old.svg"]);
}

#[test]
fn explain_keeps_the_pictures_of_an_earlier_run_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let steps = dir.path().join("steps");
    let steps = steps.to_str().unwrap();
    let hard = "examples/hard.txt";
    // The third puzzle needs a rule beyond singles: one picture.
    let o = run(&["explain", "--index", "3", "--svg", steps, hard], b"");
    assert!(o.status.success(), "{}", err(&o));
    let first = listing(Path::new(steps));
    assert!(!first.is_empty());
    let o = run(&["explain", "--svg", steps, hard], b"");
    assert_refused(&o, &["--svg", "step-", "--force"]);
    // With --force the pictures of the earlier run go: those of this one alone stay,
    // the same as a run into an empty directory makes (the first puzzle stops after
    // one single: its one picture is the step past the ladder's end).
    let o = run(&["explain", "--svg", steps, "--force", hard], b"");
    assert!(o.status.success(), "{}", err(&o));
    let fresh = dir.path().join("fresh");
    let fresh = fresh.to_str().unwrap();
    let o = run(&["explain", "--svg", fresh, hard], b"");
    assert!(o.status.success(), "{}", err(&o));
    let now = listing(Path::new(steps));
    assert_eq!(now, listing(Path::new(fresh)));
    assert!(first.iter().any(|f| !now.contains(f)), "{first:?} {now:?}");
    for f in &now {
        let read = |d: &str| std::fs::read_to_string(Path::new(d).join(f)).unwrap();
        assert_eq!(read(steps), read(fresh), "{f}");
    }
    let o = run(
        &["explain", "--index", "3", "--svg", steps, "--force", hard],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(listing(Path::new(steps)), first);
    // The page may go into the directory of pictures that the run makes.
    let new = dir.path().join("new");
    let page = new.join("page.html");
    let (new, page) = (new.to_str().unwrap(), page.to_str().unwrap());
    let o = run(
        &[
            "explain", "--index", "3", "--svg", new, "--html", page, hard,
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    assert!(listing(Path::new(new)).contains(&"page.html".to_string()));
}

#[test]
fn completions_are_written_into_a_directory_that_does_not_exist_yet() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir
        .path()
        .join("share/bash-completion/completions/sudoku-arena");
    let file = file.to_str().unwrap();
    let o = run(&["completions", "bash", "--out", file], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert!(read(file).contains("sudoku-arena"));
    // An existing script is replaced only with --force, as every output.
    let o = run(&["completions", "bash", "--out", file], b"");
    assert_refused(&o, &["already exists", "--force"]);
    let o = run(&["completions", "bash", "--out", file, "--force"], b"");
    assert!(o.status.success(), "{}", err(&o));
}
