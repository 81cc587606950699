//! Each external solver's own report of the time it spent on the puzzle once it held it
//! (its parse included), read from its output: that is an `ext:*` solve's `time_ms`, and
//! everything else (process start, files, MiniZinc's flattening) its `transport_ms`. Each
//! statistic is named, with its resolution, by a [`TimeSource`] that records carry. Where
//! a solver reports nothing usable (MiniSat's zero: its user-time clock did not tick, as
//! now and then on a puzzle solved in 2 ms, all of it charged to the system) or was
//! killed, its processes' time as measured here stands in, named [`PROCESS_CPU`] or
//! [`PROCESS_WALL`]. Another solver's zero is a time below its report's resolution and
//! stands (`<R` in the tables).

use crate::clock::TimeSource;

/// User + system CPU time of the solver's processes, from `wait4`, process start
/// included: an `ext:*` time when MiniSat's own report, its user CPU time, read zero.
pub const PROCESS_CPU: TimeSource = TimeSource {
    name: "process-cpu",
    resolution_ms: 0.001,
};

/// Wall time of the solver's processes from start to the deadline's kill, process start
/// included: an `ext:*` time when the deadline killed the solver before it reported.
pub const PROCESS_WALL: TimeSource = TimeSource {
    name: "process-wall",
    resolution_ms: 0.001,
};

/// What a solver's report of zero time means.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ZeroReport {
    /// A time below the report's resolution: it stands (`<R` in the tables).
    BelowResolution,
    /// A user-time clock that did not tick on a run that did work (MiniSat's, when the
    /// kernel charged a 2 ms solve to the system): the processes' user + system CPU
    /// time ([`PROCESS_CPU`]) stands in.
    UserClockIdle,
}

/// Whether `source` is a time of the solver's processes measured here rather than the
/// solver's own report.
pub fn is_process(source: TimeSource) -> bool {
    source == PROCESS_CPU || source == PROCESS_WALL
}

/// MiniSat's `CPU time` line: its user CPU time since it started (parse included), which
/// it prints in seconds with six significant digits from `getrusage`.
pub const MINISAT: TimeSource = TimeSource {
    name: "minisat:cpu-time",
    resolution_ms: 0.001,
};

/// CaDiCaL run with `--realtime=true`: its real time for solving, worked out from its
/// statistics (conflicts, decisions or propagations over their per-second rate, which it
/// prints to seven significant figures), plus its parse time (a percentage of that in
/// its profile).
pub const CADICAL: TimeSource = TimeSource {
    name: "cadical:real-time",
    resolution_ms: 0.01,
};

/// CaDiCaL's `total real time since initialization`, printed to 10 ms: read when its
/// statistics have no count to work the finer figure out from.
const CADICAL_TOTAL: TimeSource = TimeSource {
    name: "cadical:total-real-time",
    resolution_ms: 10.0,
};

/// CBC's `Total time ... (Wallclock seconds)`: wall time since it started, LP file read
/// included, printed to 10 ms.
pub const CBC: TimeSource = TimeSource {
    name: "cbc:wallclock",
    resolution_ms: 10.0,
};

/// glpsol's `Time used`: its wall time for the problem, MPS file read included, printed
/// to 100 ms.
pub const GLPSOL: TimeSource = TimeSource {
    name: "glpsol:time-used",
    resolution_ms: 100.0,
};

/// Gecode's `initTime` + `solveTime` from MiniZinc's `--statistics`: building its model
/// from the FlatZinc, then searching, printed to the microsecond. MiniZinc's flattening
/// (`flatTime`) is transport.
pub const GECODE: TimeSource = TimeSource {
    name: "gecode:init+solve-time",
    resolution_ms: 0.001,
};

/// GNU Prolog's `statistics(real_time, ...)`, read by the generated program around
/// posting the constraints and labelling, in milliseconds. Consulting (compiling) the
/// program is transport.
pub const GPROLOG: TimeSource = TimeSource {
    name: "gprolog:real-time",
    resolution_ms: 1.0,
};

/// The first number after `prefix` on a line that starts with it (after trimming).
fn after<'a>(stdout: &'a str, prefix: &str) -> Option<&'a str> {
    stdout
        .lines()
        .find_map(|l| l.trim_start().strip_prefix(prefix))
        .and_then(|rest| rest.split_whitespace().next())
}

/// MiniSat's time in ms: `CPU time              : 0.01232 s`. That is its user time
/// from `getrusage`, which the kernel splits from the process's run time by where its
/// clock ticks fell: a run of a few ms whose tick fell in the kernel reads `0 s`.
pub fn minisat(stdout: &str) -> Option<f64> {
    let line = stdout.lines().find(|l| l.starts_with("CPU time"))?;
    let v: f64 = line
        .split(':')
        .nth(1)?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(v * 1000.0)
}

/// CaDiCaL's time in ms and the source it was read from (see [`CADICAL`]).
pub fn cadical(stdout: &str) -> Option<(f64, TimeSource)> {
    // `c conflicts:   56   33980.58    per second`; propagations may read `3.23 M`.
    let rate_of = |name: &str| -> Option<f64> {
        let line = stdout
            .lines()
            .filter_map(|l| l.strip_prefix("c "))
            .find_map(|l| l.trim_start().strip_prefix(name))?;
        let mut f = line.split_whitespace();
        let count: f64 = f.next()?.parse().ok()?;
        let rate: f64 = f.next()?.parse().ok()?;
        let scale = match f.next()? {
            "M" => 1e6,
            "per" => 1.0,
            _ => return None,
        };
        (count > 0.0 && rate > 0.0).then(|| count / (rate * scale))
    };
    let solve_s = ["conflicts:", "decisions:", "propagations:"]
        .iter()
        .find_map(|n| rate_of(n));
    let Some(solve_s) = solve_s else {
        let total: f64 = after(stdout, "c total real time since initialization:")?
            .parse()
            .ok()?;
        return Some((total * 1000.0, CADICAL_TOTAL));
    };
    let parse_pct = cadical_parse_pct(stdout).unwrap_or(0.0);
    Some((solve_s * (1.0 + parse_pct / 100.0) * 1000.0, CADICAL))
}

/// CaDiCaL's parse time as a share of its time for solving, in per cent, from its
/// profile line `c         0.00  230.16% parse`.
fn cadical_parse_pct(stdout: &str) -> Option<f64> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("c "))
        .find_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            match f.as_slice() {
                [_, pct, "parse"] => pct.strip_suffix('%')?.parse::<f64>().ok(),
                _ => None,
            }
        })
}

/// The part of [`cadical`]'s time that was parsing, ms (`None` when it cannot say).
pub fn cadical_parse(stdout: &str) -> Option<f64> {
    let (total, source) = cadical(stdout)?;
    let pct = cadical_parse_pct(stdout)?;
    (source == CADICAL).then(|| total * pct / (100.0 + pct))
}

/// CBC's time in ms: `Total time (CPU seconds):  0.01   (Wallclock seconds):  0.02`.
pub fn cbc(stdout: &str) -> Option<f64> {
    let line = stdout.lines().find(|l| l.starts_with("Total time"))?;
    let wall = line.split("(Wallclock seconds):").nth(1)?.trim();
    Some(wall.split_whitespace().next()?.parse::<f64>().ok()? * 1000.0)
}

/// glpsol's time in ms: `Time used:   0.0 secs`.
pub fn glpsol(stdout: &str) -> Option<f64> {
    Some(after(stdout, "Time used:")?.parse::<f64>().ok()? * 1000.0)
}

/// Gecode's time in ms from MiniZinc's statistics (name, seconds): `initTime` +
/// `solveTime`, both required.
pub fn gecode(stats: &[(String, f64)]) -> Option<f64> {
    let get = |k: &str| stats.iter().find(|(n, _)| n == k).map(|(_, v)| *v);
    Some((get("initTime")? + get("solveTime")?) * 1000.0)
}

/// GNU Prolog's time in ms: the generated program's `time_ms(T)` line.
pub fn gprolog(stdout: &str) -> Option<f64> {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("time_ms(")?.strip_suffix(')'))?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minisat_cbc_and_glpsol_times_are_read_in_ms() {
        let m = "restarts              : 1\nCPU time              : 0.01232 s\n\nSATISFIABLE\n";
        assert!((minisat(m).unwrap() - 12.32).abs() < 1e-9);
        let c = "Total time (CPU seconds):       0.01   (Wallclock seconds):       0.02\n";
        assert!((cbc(c).unwrap() - 20.0).abs() < 1e-9);
        assert_eq!(
            glpsol("Time used:   0.1 secs\nMemory used: 0.5 Mb\n"),
            Some(100.0)
        );
        assert_eq!(minisat("SATISFIABLE\n"), None);
        assert_eq!(cbc("Result - Optimal solution found\n"), None);
    }

    /// The end of what MiniSat 2.2 prints for a puzzle with no solution that it decides
    /// while simplifying (`532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....
    /// 28....419..5....8..79`), twice: its user time read 2.005 ms, then 0.
    const SIMPLIFIED: &str = "Solved by simplification\n\
        restarts              : 0\n\
        conflicts             : 0              (0 /sec)\n\
        decisions             : 0              (-nan % random) (0 /sec)\n\
        propagations          : 122            (60848 /sec)\n\
        conflict literals     : 0              (-nan % deleted)\n\
        Memory used           : 12.00 MB\n\
        CPU time              : 0.002005 s\n\
        \n\
        UNSATISFIABLE\n";

    #[test]
    fn minisat_unsatisfiable_by_simplification_gives_its_cpu_time_zero_included() {
        assert!((minisat(SIMPLIFIED).unwrap() - 2.005).abs() < 1e-9);
        let zero = SIMPLIFIED
            .replace("0.002005 s", "0 s")
            .replace("(60848 /sec)", "(inf /sec)");
        // Read as printed: the zero is RunTimes::of's to replace.
        assert_eq!(minisat(&zero), Some(0.0));
    }

    #[test]
    fn cadical_time_is_solve_from_its_rates_plus_parse() {
        let out = "c         0.00  230.16% parse\nc         0.00   29.09% solve\n\
                   c conflicts:                    56     33980.58    per second\n\
                   c decisions:                    62     37621.36    per second\n\
                   c total real time since initialization:            0.02    seconds\n";
        let (t, source) = cadical(out).unwrap();
        // 56 / 33980.58 s = 1.648 ms, and parse 230.16% of that.
        assert!((t - 1.64802 * 3.3016).abs() < 1e-3, "{t}");
        assert_eq!(source, CADICAL);
        let parse = cadical_parse(out).unwrap();
        assert!((parse - 1.64802 * 2.3016).abs() < 1e-3, "{parse}");
        let by_propagation = "c conflicts:      0      0.00    per second\n\
                              c decisions:      0      0.00    per second\n\
                              c propagations:   729    1.00 M  per second\n";
        assert!((cadical(by_propagation).unwrap().0 - 0.729).abs() < 1e-9);
        let nothing = "c conflicts:  0  0.00  per second\n\
                       c total real time since initialization:  0.01  seconds\n";
        assert_eq!(cadical(nothing), Some((10.0, CADICAL_TOTAL)));
    }

    #[test]
    fn gecode_and_gprolog_times_are_read_in_ms() {
        let stats = vec![
            ("flatTime".to_string(), 0.181181),
            ("initTime".to_string(), 0.004042),
            ("solveTime".to_string(), 0.055053),
        ];
        assert!((gecode(&stats).unwrap() - 59.095).abs() < 1e-9);
        assert_eq!(gecode(&stats[..2]), None);
        assert_eq!(gprolog("sol 1 2\ncomplete\ntime_ms(7)\n"), Some(7.0));
    }
}
