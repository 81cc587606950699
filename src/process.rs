//! Child processes that a deadline can stop, for the external solvers and the workers of
//! isolated backends: output goes to files (no pipe can fill up and block a solver), and
//! a child is killed and reaped when the deadline passes, with its whole process group
//! and every descendant, so nothing keeps running after its time.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What a finished (or stopped) child left.
#[derive(Debug)]
pub struct ProcessOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Whether the deadline stopped it (it was killed).
    pub killed: bool,
    /// Exit code, if it exited on its own.
    pub code: Option<i32>,
    /// Wall time from spawn to exit or kill.
    pub elapsed: Duration,
}

/// The processes descended from `root`, read from `/proc` (empty where there is none).
fn descendants(root: u32) -> Vec<u32> {
    let mut parent_of: Vec<(u32, u32)> = Vec::new();
    if let Ok(entries) = std::fs::read_dir("/proc") {
        for e in entries.flatten() {
            let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
                continue;
            };
            // Fields after the command name (which may hold spaces and parentheses).
            let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
                continue;
            };
            if let Some(ppid) = rest.split_whitespace().nth(1).and_then(|f| f.parse().ok()) {
                parent_of.push((pid, ppid));
            }
        }
    }
    let mut found = vec![root];
    let mut i = 0;
    while i < found.len() {
        let p = found[i];
        found.extend(
            parent_of
                .iter()
                .filter(|&&(_, pp)| pp == p)
                .map(|&(c, _)| c),
        );
        i += 1;
    }
    found.remove(0);
    found
}

/// Kills `root`'s process group and every descendant of `root`, wherever they are.
pub(crate) fn kill_tree(root: u32) {
    let mut targets: Vec<String> = descendants(root).iter().map(u32::to_string).collect();
    targets.push(format!("-{root}"));
    let _ = Command::new("kill")
        .arg("-KILL")
        .arg("--")
        .args(&targets)
        .stderr(Stdio::null())
        .status();
}

/// Finds `program` on the `PATH`.
pub fn find_program(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// A private scratch folder for one solve, removed when dropped.
pub struct Scratch {
    /// The folder.
    pub dir: PathBuf,
}

impl Scratch {
    /// Makes a fresh folder under the system temporary directory.
    pub fn new() -> Result<Scratch, String> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "sudoku-arena-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        Ok(Scratch { dir })
    }

    /// A path inside the folder.
    pub fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Writes a file inside the folder.
    pub fn write(&self, name: &str, text: &str) -> Result<PathBuf, String> {
        let path = self.file(name);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Runs `program args` in `scratch`, killing it at `deadline`.
pub fn run(
    program: &str,
    args: &[&str],
    scratch: &Scratch,
    deadline: Option<Instant>,
) -> Result<ProcessOutput, String> {
    let out_path = scratch.file("stdout.txt");
    let err_path = scratch.file("stderr.txt");
    let open = |p: &Path| {
        std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))
    };
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .process_group(0)
        .current_dir(&scratch.dir)
        // Solvers that make temporary files of their own (gplc, minizinc) make them in
        // the scratch folder, which goes with the solve.
        .env("TMPDIR", &scratch.dir)
        .stdin(Stdio::null())
        .stdout(open(&out_path)?)
        .stderr(open(&err_path)?)
        .spawn()
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    let mut killed = false;
    let status = loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|e| format!("waiting for {program}: {e}"))?
        {
            break Some(status);
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            // The solver may have children of its own, even in other process groups
            // (minizinc runs fzn-gecode in its own): kill them all, then the child.
            kill_tree(child.id());
            let _ = child.kill();
            let _ = child.wait();
            killed = true;
            break None;
        }
        // Short polls early (most solves are quick), longer ones later.
        let waited = start.elapsed();
        std::thread::sleep(if waited < Duration::from_millis(20) {
            Duration::from_micros(200)
        } else {
            Duration::from_millis(2)
        });
    };
    let elapsed = start.elapsed();
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    Ok(ProcessOutput {
        stdout: read(&out_path),
        stderr: read(&err_path),
        killed,
        code: status.and_then(|s| s.code()),
        elapsed,
    })
}
