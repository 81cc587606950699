//! Process checks shared by the deadline tests: children of this process, its own CPU
//! time, and worker processes of the binary under test still alive anywhere.
#![allow(dead_code)]

use std::process::Command;
use std::time::{Duration, Instant};

const EXE: &str = env!("CARGO_BIN_EXE_sudoku-arena");

/// Processes whose parent is this process (zombies included: a child not yet reaped
/// still counts), found by scanning `/proc/*/stat`.
pub fn children() -> Vec<String> {
    let me = std::process::id().to_string();
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // After the command name in parentheses: state, then the parent's pid.
        let Some(close) = stat.rfind(')') else {
            continue;
        };
        let ppid = stat[close + 1..].split_whitespace().nth(1);
        if ppid == Some(me.as_str()) {
            pids.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    pids
}

/// CPU time this process's own threads have used (user + system), in clock ticks.
pub fn own_cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    // Fields after the command name in parentheses; utime and stime are 14 and 15.
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    f[11].parse::<u64>().unwrap() + f[12].parse::<u64>().unwrap()
}

/// Worker processes of the binary under test still alive anywhere on the machine.
pub fn live_workers() -> Vec<String> {
    let exe = std::fs::canonicalize(EXE).unwrap();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let dir = entry.path();
        let cmdline = std::fs::read(dir.join("cmdline")).unwrap_or_default();
        let is_worker = String::from_utf8_lossy(&cmdline).contains("__worker");
        if is_worker && std::fs::read_link(dir.join("exe")).ok() == Some(exe.clone()) {
            found.push(dir.display().to_string());
        }
    }
    found
}

/// Checks that nothing of ours is left: no child, no worker, no thread burning CPU.
pub fn assert_nothing_running(context: &str) {
    assert!(
        children().is_empty(),
        "{context}: children left: {:?}",
        children()
    );
    assert!(live_workers().is_empty(), "{context}: workers left");
    let before = own_cpu_ticks();
    std::thread::sleep(Duration::from_millis(400));
    let used = own_cpu_ticks() - before;
    // An idle process uses nothing; a solver thread left running would use ~40 ticks.
    assert!(
        used <= 10,
        "{context}: {used} ticks of CPU in 0.4 s after the answer"
    );
}

/// Runs `solve --backend BACKEND --timeout SECS` on a file of `../shared/data/large/`:
/// it must answer `unknown` within `limit` and leave nothing running.
pub fn assert_cli_timeout_answers_unknown(backend: &str, file: &str, secs: &str, limit: Duration) {
    let path = format!("{}/../shared/data/large/{file}", env!("CARGO_MANIFEST_DIR"));
    let start = Instant::now();
    let o = Command::new(EXE)
        .args(["solve", "--backend", backend, "--timeout", secs, &path])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("unknown"));
    assert!(start.elapsed() < limit, "{backend}: {:?}", start.elapsed());
    assert_nothing_running("command line");
}
