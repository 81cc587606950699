//! Child processes that a deadline can stop, for the external solvers and the workers of
//! isolated backends: output goes to files (no pipe can fill up and block a solver), a
//! child runs in a process group of its own, and when the deadline passes it is killed
//! with every process descended from it, in its group or not, and reaped. A finished
//! child is reaped with `wait4`, which gives the CPU time it used.

use nix::sys::signal::{kill, killpg, Signal};
use nix::sys::wait::{waitid, Id, WaitPidFlag};
use nix::unistd::Pid;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};
use wait4::Wait4;

/// What a finished (or stopped) child left.
#[derive(Debug)]
pub struct ProcessOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Whether the deadline or the memory limit stopped it (it was killed).
    pub killed: bool,
    /// Whether it was killed because its processes' resident memory passed the limit.
    pub memout: bool,
    /// The most resident memory its processes held, KiB, as the memory watch sampled
    /// it while it ran; `None` when it ended before the first sample.
    pub peak_rss_kb: Option<u64>,
    /// Exit code, if it exited on its own.
    pub code: Option<i32>,
    /// Wall time from spawn to exit or kill.
    pub elapsed: Duration,
    /// CPU time (user + system) of the child and of the descendants it waited for, from
    /// `wait4`.
    pub cpu: Duration,
}

/// The children of `pid`, from the kernel's list of each of its threads
/// (`/proc/PID/task/TID/children`); empty once it is gone.
fn children_of(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for task in tasks.flatten() {
        let text = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        found.extend(
            text.split_whitespace()
                .filter_map(|c| c.parse::<u32>().ok()),
        );
    }
    found
}

/// Sends `signal` to one process, ignoring one that is already gone.
fn signal_pid(pid: u32, signal: Signal) {
    if let Ok(pid) = i32::try_from(pid) {
        let _ = kill(Pid::from_raw(pid), signal);
    }
}

/// One pass over `tree` (a process and the descendants found so far), calling `visit`
/// on each process before its children are read and adding those not yet listed.
fn walk(tree: &mut Vec<u32>, visit: impl Fn(u32)) {
    let mut i = 0;
    while i < tree.len() {
        visit(tree[i]);
        for c in children_of(tree[i]) {
            if !tree.contains(&c) {
                tree.push(c);
            }
        }
        i += 1;
    }
}

/// Kills `root`, its process group and every process descended from it, in whatever
/// process group (MiniZinc starts its solver in one of its own). Each process is stopped
/// before its children are read, so none can start another unseen; the walk repeats
/// until it finds no new process; then all are killed. `root` is left to its parent to
/// reap.
pub(crate) fn kill_tree(root: u32) {
    let Ok(raw) = i32::try_from(root) else {
        return;
    };
    let _ = killpg(Pid::from_raw(raw), Signal::SIGSTOP);
    let mut tree = vec![root];
    loop {
        let before = tree.len();
        walk(&mut tree, |pid| signal_pid(pid, Signal::SIGSTOP));
        if tree.len() == before {
            break;
        }
    }
    let _ = killpg(Pid::from_raw(raw), Signal::SIGKILL);
    for &pid in &tree {
        signal_pid(pid, Signal::SIGKILL);
    }
}

/// The figure `field` (such as `VmRSS`) of a `/proc/PID/status` text, in KiB.
fn status_field_kb(text: &str, field: &str) -> Option<u64> {
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))?;
    line.trim().strip_suffix("kB")?.trim().parse().ok()
}

/// A figure of `/proc/PID/status` in KiB, such as `VmRSS`; `None` once the process is
/// gone or has no memory left (a zombie).
fn status_kb(pid: &str, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status_field_kb(&text, field)
}

/// This process's resident high-water mark over a stretch of work (a worker's solve):
/// [`PeakMeter::reset`] before it, [`PeakMeter::peak_kb`] after. The two `/proc` files
/// stay open and the text buffer is reused, so a measure costs two system calls each
/// way rather than opening files per solve.
pub(crate) struct PeakMeter {
    /// `/proc/self/clear_refs`: writing `5` resets the high-water mark (`VmHWM`) to the
    /// resident size now.
    clear_refs: Option<std::fs::File>,
    /// `/proc/self/status`, read again from its start for `VmHWM`.
    status: Option<std::fs::File>,
    /// The text of the last read.
    text: String,
    /// Whether the last reset worked: without it `VmHWM` is the process's whole-life peak.
    reset: bool,
}

impl PeakMeter {
    /// Opens the files; a meter whose files cannot be opened measures nothing.
    pub(crate) fn new() -> PeakMeter {
        let clear_refs = std::fs::OpenOptions::new()
            .write(true)
            .open("/proc/self/clear_refs")
            .ok();
        PeakMeter {
            clear_refs,
            status: std::fs::File::open("/proc/self/status").ok(),
            text: String::new(),
            reset: false,
        }
    }

    /// Resets the high-water mark to the resident size now.
    pub(crate) fn reset(&mut self) {
        use std::io::Write;
        self.reset = self
            .clear_refs
            .as_mut()
            .is_some_and(|f| f.write_all(b"5").is_ok());
    }

    /// The high-water mark since the last [`PeakMeter::reset`], KiB; `None` if that
    /// reset failed or the status cannot be read.
    pub(crate) fn peak_kb(&mut self) -> Option<u64> {
        use std::io::{Read, Seek};
        if !self.reset {
            return None;
        }
        let status = self.status.as_mut()?;
        self.text.clear();
        status.rewind().ok()?;
        status.read_to_string(&mut self.text).ok()?;
        status_field_kb(&self.text, "VmHWM")
    }
}

/// Watches the resident memory of a process and its descendants against a limit, and
/// keeps the most it saw: per sample, their resident sizes added up, or the largest
/// one's own high-water mark (which catches a peak between samples), whichever is more.
#[derive(Debug, Default)]
pub(crate) struct MemoryWatch {
    /// The limit, KiB.
    limit_kb: Option<u64>,
    /// The most seen, KiB; `None` before the first sample that found the process.
    pub(crate) peak_kb: Option<u64>,
}

/// The first pause between samples of a [`MemoryWatch`]; it doubles up to
/// [`MEMORY_SAMPLE_MAX`].
pub(crate) const MEMORY_SAMPLE_FIRST: Duration = Duration::from_millis(1);

/// The longest pause between samples of a [`MemoryWatch`]: how long a solve may run
/// past its memory limit before it is stopped.
pub(crate) const MEMORY_SAMPLE_MAX: Duration = Duration::from_millis(8);

impl MemoryWatch {
    /// A watch against `limit` bytes (`None`: only the peak is kept).
    pub(crate) fn new(limit: Option<u64>) -> MemoryWatch {
        MemoryWatch {
            limit_kb: limit.map(|b| b / 1024),
            peak_kb: None,
        }
    }

    /// Whether a limit is set.
    pub(crate) fn limited(&self) -> bool {
        self.limit_kb.is_some()
    }

    /// Reads the resident sizes of `root` and its descendants; whether the peak is now
    /// past the limit.
    pub(crate) fn sample(&mut self, root: u32) -> bool {
        let mut tree = vec![root];
        walk(&mut tree, |_| {});
        let (mut sum, mut largest, mut seen) = (0, 0, false);
        for pid in tree.iter().map(u32::to_string) {
            if let Some(rss) = status_kb(&pid, "VmRSS") {
                sum += rss;
                largest = largest.max(status_kb(&pid, "VmHWM").unwrap_or(0));
                seen = true;
            }
        }
        if seen {
            self.note(sum.max(largest));
        }
        self.over()
    }

    /// Takes `kb` as a peak seen.
    pub(crate) fn note(&mut self, kb: u64) {
        self.peak_kb = Some(self.peak_kb.map_or(kb, |p| p.max(kb)));
    }

    /// Whether the peak seen is past the limit.
    pub(crate) fn over(&self) -> bool {
        matches!((self.limit_kb, self.peak_kb), (Some(limit), Some(peak)) if peak > limit)
    }
}

/// The children started through this module (and isolated backends' workers) that are
/// not yet reaped: what [`exit_killing_children`] kills. A pid leaves the list before it
/// is reaped, so a pid the system has given to another process is never in it.
static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// The [`Scratch`] folders not yet dropped: what [`exit_killing_children`] removes, since
/// an exit runs no destructor.
static SCRATCH: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Notes a child just started, for [`exit_killing_children`].
pub(crate) fn track(child: &Child) {
    LIVE.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(child.id());
}

/// Forgets a child about to be reaped.
fn untrack(child: &Child) {
    let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    live.retain(|&pid| pid != child.id());
}

/// Kills every child still running, with everything each started, and removes the
/// scratch folders still in use, then ends this process with `status`: for a quit that
/// must neither leave solvers running on nor files behind (a second Ctrl-C, standard
/// output closed). The children run in process groups of their own, so the terminal's
/// signal never reaches them.
pub fn exit_killing_children(status: i32) -> ! {
    let live = std::mem::take(&mut *LIVE.lock().unwrap_or_else(|e| e.into_inner()));
    for pid in live {
        kill_tree(pid);
    }
    let scratch = std::mem::take(&mut *SCRATCH.lock().unwrap_or_else(|e| e.into_inner()));
    for dir in scratch {
        let _ = std::fs::remove_dir_all(dir);
    }
    std::process::exit(status)
}

/// Kills `child` with everything it started ([`kill_tree`]) and reaps it, giving the CPU
/// time it used.
pub(crate) fn kill_and_reap(child: Child) -> Duration {
    kill_tree(child.id());
    reap(child)
}

/// Waits for `child` (which has ended or been killed) and gives its CPU time.
fn reap(child: Child) -> Duration {
    untrack(&child);
    match child.wait4() {
        Ok(r) => r.rusage.utime + r.rusage.stime,
        Err(_) => Duration::ZERO,
    }
}

/// How a wait for a child ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// It ended by itself.
    Exited,
    /// The deadline passed; it was killed.
    Deadline,
    /// Its memory passed the limit; it was killed.
    Memory,
}

/// Waits until `child` has ended, without reaping it (so its pid stays its own and can
/// be signalled), or until `deadline`, or until `watch` finds its memory past the limit
/// (sampling it all along, for the peak); kills it in the last two cases.
fn wait_until(child: &Child, deadline: Option<Instant>, watch: &mut MemoryWatch) -> Ending {
    let Ok(pid) = i32::try_from(child.id()) else {
        return Ending::Deadline;
    };
    let (tx, rx) = mpsc::channel();
    let waiter = std::thread::spawn(move || {
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT;
        let _ = waitid(Id::Pid(Pid::from_raw(pid)), flags);
        let _ = tx.send(());
    });
    let mut pause = MEMORY_SAMPLE_FIRST;
    let ending = loop {
        let wait = deadline.map_or(pause, |d| {
            d.saturating_duration_since(Instant::now()).min(pause)
        });
        match rx.recv_timeout(wait) {
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if watch.sample(child.id()) {
                    break Ending::Memory;
                }
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    break Ending::Deadline;
                }
                pause = (pause * 2).min(MEMORY_SAMPLE_MAX);
            }
            _ => break Ending::Exited,
        }
    };
    if ending != Ending::Exited {
        // The caller kills the child; the waiter sees it end and the child is reaped
        // only after the waiter is joined.
        kill_tree(child.id());
        let _ = rx.recv();
    }
    let _ = waiter.join();
    ending
}

/// Finds `program` on the `PATH`.
pub fn find_program(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// A private scratch folder for one solve (or one worker), removed when dropped or by
/// [`exit_killing_children`].
pub struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    /// Makes a fresh folder under the system temporary directory.
    pub fn new() -> Result<Scratch, String> {
        let dir = tempfile::Builder::new()
            .prefix("sudoku-arena-")
            .tempdir()
            .map_err(|e| format!("cannot make a scratch folder: {e}"))?;
        SCRATCH
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(dir.path().to_path_buf());
        Ok(Scratch { dir })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// A path inside the folder.
    pub fn file(&self, name: &str) -> PathBuf {
        self.dir().join(name)
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
        let mut scratch = SCRATCH.lock().unwrap_or_else(|e| e.into_inner());
        scratch.retain(|d| d != self.dir.path());
    }
}

/// Runs `program args` in `scratch`, killing it with everything it started at
/// `deadline`, or once their resident memory passes `mem_limit` bytes.
pub fn run(
    program: &str,
    args: &[&str],
    scratch: &Scratch,
    deadline: Option<Instant>,
    mem_limit: Option<u64>,
) -> Result<ProcessOutput, String> {
    let out_path = scratch.file("stdout.txt");
    let err_path = scratch.file("stderr.txt");
    let open = |p: &Path| {
        std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))
    };
    let start = Instant::now();
    let child = Command::new(program)
        .args(args)
        .process_group(0)
        .current_dir(scratch.dir())
        // Solvers that make temporary files of their own (gplc, minizinc) make them in
        // the scratch folder, which goes with the solve.
        .env("TMPDIR", scratch.dir())
        .stdin(Stdio::null())
        .stdout(open(&out_path)?)
        .stderr(open(&err_path)?)
        .spawn()
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    track(&child);
    let mut watch = MemoryWatch::new(mem_limit);
    let ending = wait_until(&child, deadline, &mut watch);
    let killed = ending != Ending::Exited;
    let elapsed = start.elapsed();
    untrack(&child);
    let (status, cpu) = match child.wait4() {
        Ok(r) => (Some(r.status), r.rusage.utime + r.rusage.stime),
        Err(e) if !killed => return Err(format!("waiting for {program}: {e}")),
        Err(_) => (None, Duration::ZERO),
    };
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    Ok(ProcessOutput {
        stdout: read(&out_path),
        stderr: read(&err_path),
        killed,
        memout: ending == Ending::Memory,
        peak_rss_kb: watch.peak_kb,
        code: if killed {
            None
        } else {
            status.and_then(|s| s.code())
        },
        elapsed,
        cpu,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_child_gives_its_output_code_and_cpu_time() {
        let scratch = Scratch::new().unwrap();
        let busy = "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo done; exit 3";
        let out = run("sh", &["-c", busy], &scratch, None, None).unwrap();
        assert_eq!(
            (out.stdout.as_str(), out.code, out.killed),
            ("done\n", Some(3), false)
        );
        assert!(out.cpu > Duration::ZERO && out.cpu <= out.elapsed + Duration::from_millis(5));
    }

    #[test]
    fn the_deadline_kills_a_grandchild_in_another_process_group() {
        let scratch = Scratch::new().unwrap();
        // The grandchild puts itself in a group of its own (as MiniZinc's solver is) and
        // writes its pid; killing the child's group alone would leave it running.
        // A generous deadline: the grandchild must have started before it passes.
        let script = "setsid sh -c 'echo $$ > grandchild.txt; exec sleep 60' & sleep 60";
        let deadline = Instant::now() + Duration::from_secs(2);
        let out = run("sh", &["-c", script], &scratch, Some(deadline), None).unwrap();
        assert!(out.killed && out.code.is_none());
        let pid: u32 = std::fs::read_to_string(scratch.file("grandchild.txt"))
            .expect("the grandchild did not start within the 2 s deadline")
            .trim()
            .parse()
            .unwrap();
        // Killed, it is soon gone, or a zombie waiting for init to reap it.
        let dead = || {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let state = stat.rsplit_once(')').map_or("", |(_, r)| r.trim_start());
            stat.is_empty() || state.starts_with('Z')
        };
        let start = Instant::now();
        while !dead() && start.elapsed() < Duration::from_secs(2) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(dead(), "the grandchild {pid} outlived the deadline");
    }

    #[test]
    fn a_child_past_the_memory_limit_is_killed_and_its_peak_kept() {
        let scratch = Scratch::new().unwrap();
        // The shell holds 64 MB of text in a variable, then waits.
        let hog = "x=$(head -c 64000000 /dev/zero | tr '\\0' a); sleep 60";
        let deadline = Instant::now() + Duration::from_secs(60);
        let out = run("sh", &["-c", hog], &scratch, Some(deadline), Some(16 << 20)).unwrap();
        assert!(out.killed && out.memout && out.code.is_none(), "{out:?}");
        assert!(out.elapsed < Duration::from_secs(30), "{out:?}");
        let peak = out.peak_rss_kb.unwrap();
        assert!(peak > 16 << 10, "{peak} kB");
        // Without a limit the same watch only measures.
        // It holds the text a second: time for the first samples on a loaded machine.
        let small = "x=$(head -c 24000000 /dev/zero | tr '\\0' a); sleep 1";
        let out = run("sh", &["-c", small], &scratch, None, None).unwrap();
        assert!(!out.killed && !out.memout && out.code == Some(0), "{out:?}");
        assert!(out.peak_rss_kb.unwrap() > 24_000, "{out:?}");
    }

    #[test]
    fn a_child_is_tracked_while_it_runs_and_forgotten_once_reaped() {
        let child = Command::new("sleep").arg("60").spawn().unwrap();
        let pid = child.id();
        track(&child);
        assert!(LIVE.lock().unwrap().contains(&pid));
        kill_and_reap(child);
        assert!(!LIVE.lock().unwrap().contains(&pid));
    }

    #[test]
    fn a_scratch_folder_goes_when_dropped() {
        let scratch = Scratch::new().unwrap();
        let dir = scratch.dir().to_path_buf();
        scratch.write("a.txt", "x").unwrap();
        drop(scratch);
        assert!(!dir.exists());
    }
}
