//! A fresh clone with nothing beside it: the repository's committed files, cloned into
//! an empty temporary directory, must be all that README's commands and the tests need.
//!
//! * README's commands (the `cargo run` of "Two commands" and every `sudoku-arena` line
//!   of the examples block of "Using it"), read from README itself, run as written in
//!   the clone through `sh`, with the binary cargo built for these tests first on the
//!   `PATH`; each must succeed.
//! * No file under the clone's `tests/` or `src/` names the benchmark folder that sits
//!   beside this project on its authors' machine (benches and long-run scripts may be
//!   given it; the tests read `tests/data/` and `examples/`).
//! * Every file under `tests/data/` is named in `tests/data/SOURCES.md`, and together
//!   they stay small (below [`DATA_LIMIT`]).
//!
//! The clone is of the committed state (`HEAD`, detached, as CI checks it out); with
//! no git repository around the project (a source archive), or no git, the project's
//! files are copied instead, build output and version control left out.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// What `tests/data/` may hold, in bytes, all files together.
const DATA_LIMIT: u64 = 512 * 1024;

/// The folder kept beside the project on its authors' machine, spelt in two pieces so
/// that this file does not name it.
fn outside() -> String {
    ["..", "shared"].join("/")
}

/// The project as a fresh clone would have it, in an empty temporary directory: the
/// directory (to keep alive) and the project's root inside it.
fn fresh_clone() -> (tempfile::TempDir, PathBuf) {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("clone");
    let root = git(manifest, &["rev-parse", "--show-toplevel"]);
    let project = match root {
        Some(root) => {
            let root = root.trim().to_string();
            let prefix = git(manifest, &["rev-parse", "--show-prefix"]).unwrap();
            let head = git(manifest, &["rev-parse", "HEAD"]).unwrap();
            let o = git_output(
                dir.path(),
                &["clone", "--quiet", "--no-checkout", &root, "clone"],
            );
            assert!(o.status.success(), "git clone {root}: {}", text(&o.stderr));
            let o = git_output(&target, &["checkout", "--quiet", "--detach", head.trim()]);
            assert!(o.status.success(), "git checkout: {}", text(&o.stderr));
            target.join(prefix.trim())
        }
        None => {
            copy_project(manifest, &target);
            target
        }
    };
    (dir, project)
}

/// `git ARGS` in `dir`: its standard output, or `None` when it fails or git is not
/// installed (the project is then copied).
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let o = git_command(dir, args).output().ok()?;
    o.status.success().then(|| text(&o.stdout))
}

/// `git ARGS` in `dir`, run to the end.
fn git_output(dir: &Path, args: &[&str]) -> Output {
    git_command(dir, args).output().unwrap()
}

/// `git ARGS` in `dir` with any owner of the repository trusted (CI may check it out
/// as another user) and no repository imposed by the environment (as a hook running
/// the tests would).
fn git_command(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new("git");
    c.args(["-c", "safe.directory=*"])
        .args(args)
        .current_dir(dir)
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .env_remove("GIT_INDEX_FILE")
        .stdin(Stdio::null());
    c
}

/// Copies the project's files, without build output or version control.
fn copy_project(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        let path = entry.path();
        if entry.file_type().unwrap().is_dir() {
            copy_project(&path, &to.join(&name));
        } else {
            std::fs::copy(&path, to.join(&name)).unwrap();
        }
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The fenced `sh` blocks of README's section `heading` (a `## ` line), as lines.
fn sh_blocks<'a>(readme: &'a str, heading: &str) -> Vec<Vec<&'a str>> {
    let mut blocks: Vec<Vec<&str>> = Vec::new();
    let mut in_section = false;
    let mut in_block = false;
    for line in readme.lines() {
        if !in_block && line.starts_with("## ") {
            in_section = line.trim_end() == heading;
        } else if line.starts_with("```") {
            in_block = !in_block && in_section && line.trim_end() == "```sh";
            if in_block {
                blocks.push(Vec::new());
            }
        } else if in_block {
            blocks.last_mut().unwrap().push(line.trim());
        }
    }
    blocks
}

/// README's commands for a new user, as `sh` command lines naming the binary: the
/// `cargo run` lines of "Two commands" and the examples (the first `sh` block) of
/// "Using it"; its later blocks are templates (`set.txt`, a Slurm array).
fn readme_commands(readme: &str) -> Vec<String> {
    let mut commands = Vec::new();
    for line in sh_blocks(readme, "## Two commands").concat() {
        if let Some(args) = line.strip_prefix("cargo run --release -- ") {
            commands.push(format!("sudoku-arena {args}"));
        }
    }
    let examples = sh_blocks(readme, "## Using it");
    for line in examples.first().into_iter().flatten() {
        if line.starts_with("sudoku-arena ") {
            commands.push(line.to_string());
        }
    }
    let mut seen = std::collections::HashSet::new();
    commands.retain(|c| seen.insert(c.split(" #").next().unwrap().trim().to_string()));
    commands
}

#[test]
fn readme_commands_run_in_a_fresh_clone_with_nothing_beside_it() {
    let (dir, project) = fresh_clone();
    let readme = std::fs::read_to_string(project.join("README.md")).unwrap();
    let commands = readme_commands(&readme);
    assert!(
        commands
            .iter()
            .any(|c| c.starts_with("sudoku-arena compare"))
            && commands.len() >= 5,
        "README's commands not found (sections \"## Two commands\" and \"## Using it\", \
         fenced sh blocks): {commands:?}"
    );
    let binary = Path::new(env!("CARGO_BIN_EXE_sudoku-arena"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    let home = tempfile::tempdir().unwrap();
    for command in &commands {
        let o = Command::new("sh")
            .args(["-c", command])
            .current_dir(&project)
            .env("PATH", &path)
            .env("HOME", home.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "README's `{command}` failed in a fresh clone ({}) with {}:\n{}{}",
            project.display(),
            o.status,
            text(&o.stdout),
            text(&o.stderr)
        );
    }
    // Nothing but the clone was beside it.
    let beside: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(beside.len(), 1);
}

/// Files under `dir`, recursively.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push(path);
        }
    }
    found
}

#[test]
fn no_test_or_source_file_reads_data_from_outside_the_repository() {
    let (_dir, project) = fresh_clone();
    let outside = outside();
    let mut offenders = Vec::new();
    for folder in ["tests", "src"] {
        for file in files(&project.join(folder)) {
            let Ok(content) = std::fs::read_to_string(&file) else {
                continue;
            };
            for (i, line) in content.lines().enumerate() {
                if line.contains(&outside) {
                    let name = file.strip_prefix(&project).unwrap().display();
                    offenders.push(format!("{name}:{}: {}", i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "these lines name {outside}, which a fresh clone does not have (put what they \
         need in tests/data/ or examples/):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn test_data_is_small_and_names_its_sources() {
    let (_dir, project) = fresh_clone();
    let data = project.join("tests/data");
    let sources = std::fs::read_to_string(data.join("SOURCES.md"))
        .unwrap_or_else(|e| panic!("tests/data/SOURCES.md: {e}"));
    let mut unnamed = Vec::new();
    let mut total = 0;
    for file in files(&data) {
        total += std::fs::metadata(&file).unwrap().len();
        let name = file
            .strip_prefix(&data)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let base = file.file_name().unwrap().to_string_lossy().into_owned();
        let folder = file.parent().unwrap().strip_prefix(&data).unwrap();
        let named = name == "SOURCES.md"
            || sources.contains(&format!("`{name}`"))
            || (!folder.as_os_str().is_empty()
                && sources.contains(&format!("`{}/`", folder.display()))
                && sources.contains(&format!("`{base}`")));
        if !named {
            unnamed.push(name);
        }
    }
    assert!(
        unnamed.is_empty(),
        "tests/data/SOURCES.md does not name these files (say where each came from): {unnamed:?}"
    );
    assert!(
        total < DATA_LIMIT,
        "tests/data/ holds {total} bytes; keep it below {DATA_LIMIT} (a few lines of a set, \
         the puzzles a test uses)"
    );
}
