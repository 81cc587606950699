//! Running the `sudoku-arena` binary from a test with piped standard streams.

use std::io::Write;
use std::process::{Command, Output, Stdio};

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
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = command(args).spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    o
}

/// Standard output as text.
pub fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
