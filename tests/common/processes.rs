//! Process checks for the deadline tests. They look only at processes this test process
//! started (or, with [`children_of_this_thread`], this thread): every child inherits a
//! tag in its environment ([`tag_this_process`]), which survives the child's own parent
//! dying, so even an orphan is found by it and nothing else on the machine is counted.
//! The checks of the whole process ([`children`], [`tagged`], [`assert_nothing_running`])
//! see what every thread started: they hold only in a binary of one test.
#![allow(dead_code)]

use std::sync::Once;
use std::time::Duration;

const TAG: &str = "SUDOKU_ARENA_TEST_TAG";

/// Puts `SUDOKU_ARENA_TEST_TAG=<this pid>` in this process's environment, so that every
/// process started from now on (and everything those start) carries it.
pub fn tag_this_process() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| std::env::set_var(TAG, std::process::id().to_string()));
}

/// Live (not zombie) processes other than this one that carry this process's tag, with
/// their command names.
pub fn tagged() -> Vec<(u32, String)> {
    carrying(&format!("{TAG}={}", std::process::id()))
}

/// Live (not zombie) processes other than this one whose environment holds `needle`
/// (`NAME=value`), with their command names.
pub fn carrying(needle: &str) -> Vec<(u32, String)> {
    let me = std::process::id();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        if pid == me {
            continue;
        }
        let env = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        let ours = env.split(|&b| b == 0).any(|kv| kv == needle.as_bytes());
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        let Some((head, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let zombie = rest.trim_start().starts_with('Z');
        if ours && !zombie {
            let name = head.split_once('(').map_or("", |(_, n)| n).to_string();
            found.push((pid, name));
        }
    }
    found
}

/// Tagged processes named `name`.
pub fn tagged_named(name: &str) -> usize {
    tagged().iter().filter(|(_, n)| n == name).count()
}

/// Processes whose parent is this process (zombies included: a child not yet reaped
/// still counts), found by scanning `/proc/*/stat`.
pub fn children() -> Vec<u32> {
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
            if let Ok(pid) = entry.file_name().to_string_lossy().parse() {
                pids.push(pid);
            }
        }
    }
    pids
}

/// Processes that the calling thread started and that are not yet reaped, from
/// `/proc/thread-self/children`: unlike [`children`], it does not see what other threads
/// start, such as the other tests of the same binary running beside this one.
pub fn children_of_this_thread() -> Vec<u32> {
    let list = std::fs::read_to_string("/proc/thread-self/children")
        .unwrap_or_else(|e| panic!("/proc/thread-self/children: {e}"));
    list.split_whitespace()
        .map(|pid| pid.parse().unwrap())
        .collect()
}

/// CPU time this process's own threads have used (user + system), in clock ticks.
pub fn own_cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    // Fields after the command name in parentheses; utime and stime are 14 and 15.
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    f[11].parse::<u64>().unwrap() + f[12].parse::<u64>().unwrap()
}

/// Checks that nothing of ours is left: no child, no tagged process, no thread of this
/// process burning CPU.
pub fn assert_nothing_running(context: &str) {
    assert!(
        children().is_empty(),
        "{context}: children left: {:?}",
        children()
    );
    assert!(
        tagged().is_empty(),
        "{context}: processes left: {:?}",
        tagged()
    );
    let before = own_cpu_ticks();
    std::thread::sleep(Duration::from_millis(400));
    let used = own_cpu_ticks() - before;
    // An idle process uses nothing; a solver thread left running would use ~40 ticks.
    assert!(
        used <= 10,
        "{context}: {used} ticks of CPU in 0.4 s after the answer"
    );
}
