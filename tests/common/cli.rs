//! Running the `sudoku-arena` binary from a test with piped standard streams.

use std::io::Write;
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::thread::JoinHandle;

/// The binary with `args`, started in the project root, every stream piped.
pub fn command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"));
    c.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// Runs the binary with `args`, `stdin` written from a thread (a command that stops
/// early closes the pipe, and that is fine), to the end.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = command(args).spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    o
}

/// Runs the binary with `args` and no standard input (as from `/dev/null`: no pipe to
/// read puzzles from), to the end.
pub fn run_no_stdin(args: &[&str]) -> Output {
    command(args).stdin(Stdio::null()).output().unwrap()
}

/// The counts `count` printed, one per puzzle: each line's text after its place and tab.
pub fn counts(o: &Output) -> Vec<String> {
    out(o)
        .lines()
        .map(|l| l.split_once('\t').map_or(l, |(_, count)| count).to_string())
        .collect()
}

/// Standard output as text.
pub fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes `count` copies of `line` (and a newline) to the child's standard input from a
/// thread, which hands the pipe back still open: a command that streams must answer
/// without seeing the end of its input. Dropping the returned pipe ends the input.
pub fn feed_open(child: &mut Child, line: &str, count: usize) -> JoinHandle<ChildStdin> {
    let mut input = child.stdin.take().unwrap();
    let line = format!("{line}\n");
    std::thread::spawn(move || {
        for _ in 0..count {
            input.write_all(line.as_bytes()).unwrap();
        }
        input
    })
}

/// The peak resident memory (VmHWM, kB) of a running process, from `/proc`.
pub fn vm_hwm_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}
