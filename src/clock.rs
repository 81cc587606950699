//! Which clock each reported time was read from. Every outcome says what its `time_ms`
//! is (a wall clock around the solve, or an external solver's own statistic) and how
//! finely that clock reads, and what its `cpu_ms` is (the solving thread's CPU clock, or
//! a child process's resource usage), so that a reader of one JSON line needs nothing
//! else to know what was measured.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::time::Duration;

/// One clock a solve time can be read from: its name as records write it, and its
/// resolution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeSource {
    /// The name written as `time_source`.
    pub name: &'static str,
    /// The finest step it reads, in milliseconds.
    pub resolution_ms: f64,
}

/// Wall time measured around the solve in the process that ran it (this one, or an
/// isolated backend's worker), read to the nanosecond and written so.
pub const WALL: TimeSource = TimeSource {
    name: "wall",
    resolution_ms: 0.000_001,
};

/// `cpu_source` of a solve in this process or a worker: the solving thread's CPU clock.
pub const THREAD_CPU: &str = "thread";

/// `cpu_source` of a solve whose CPU time was not read ([`crate::solver::SolveOptions::cpu_time`]
/// off): its `cpu_ms` is 0.
pub const NO_CPU: &str = "not-read";

/// `cpu_source` of an external solver: user + system time of its processes, from
/// `wait4` (the descendants it waited for included).
pub const CHILD_CPU: &str = "child-rusage";

/// `cpu_source` of a solve stopped by killing its worker: the worker's whole CPU time
/// from `wait4`, less what it reported for the solves before.
pub const WORKER_CPU: &str = "worker-rusage";

/// What an outcome's times are, as written beside them in each record.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Clocks {
    /// What `time_ms` is: `wall`, an external solver's own statistic (such as
    /// `minisat:cpu-time`; docs/manual.md lists them), or, where that said nothing
    /// (MiniSat's user time read zero, or the deadline killed the solver), its
    /// processes' time measured here: `process-cpu` or `process-wall`.
    pub time_source: Cow<'static, str>,
    /// The finest step of that clock, in milliseconds (10 for a solver that prints
    /// seconds to two decimals).
    pub time_resolution_ms: f64,
    /// What `cpu_ms` is: `thread`, `child-rusage`, `worker-rusage` or `not-read`.
    pub cpu_source: Cow<'static, str>,
}

impl Clocks {
    /// The clocks of a time read from `time` and a CPU time read from `cpu_source`.
    pub fn new(time: TimeSource, cpu_source: &'static str) -> Clocks {
        Clocks {
            time_source: Cow::Borrowed(time.name),
            time_resolution_ms: time.resolution_ms,
            cpu_source: Cow::Borrowed(cpu_source),
        }
    }
}

/// CPU time the calling thread has used so far (zero where the clock cannot be read).
pub(crate) fn thread_cpu() -> Duration {
    use nix::time::{clock_gettime, ClockId};
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).map_or(Duration::ZERO, Duration::from)
}

/// Runs `f`, timing it with the wall clock and, when `cpu` is set, with this thread's
/// CPU clock: `(f's result, wall time, CPU time)`.
///
/// The CPU clock is read just outside the wall clock's window, because its reads are
/// system calls (dearer still the first time in a fresh worker; benches/README.md has
/// the figures) that must not count as the work timed. Its figure is capped at the wall
/// time: one thread cannot use more CPU than the wall time it ran, and what the reads
/// add on either side is their own cost.
pub(crate) fn timed<T>(cpu: bool, f: impl FnOnce() -> T) -> (T, Duration, Option<Duration>) {
    let cpu_start = cpu.then(thread_cpu);
    let start = std::time::Instant::now();
    let value = f();
    let wall = start.elapsed();
    let cpu = cpu_start.map(|c| thread_cpu().saturating_sub(c).min(wall));
    (value, wall, cpu)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timed_cpu_is_never_above_the_wall_time_and_is_not_read_when_not_asked() {
        for _ in 0..1000 {
            let ((), wall, cpu) = timed(true, || {});
            assert!(cpu.unwrap() <= wall);
        }
        let (v, _, cpu) = timed(false, || 7);
        assert_eq!((v, cpu), (7, None));
    }

    #[test]
    fn the_thread_clock_counts_this_threads_work_only() {
        let before = thread_cpu();
        let other = std::thread::spawn(|| {
            let start = std::time::Instant::now();
            while start.elapsed() < Duration::from_millis(50) {}
        });
        std::thread::sleep(Duration::from_millis(60));
        other.join().unwrap();
        // Sleeping while another thread spins costs this thread almost nothing.
        assert!(thread_cpu() - before < Duration::from_millis(20));
        // Work moves it (however loaded the machine, within a generous wall time).
        let start = std::time::Instant::now();
        while thread_cpu() - before < Duration::from_millis(5) {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the clock stands still"
            );
        }
    }
}
