//! The facts of a run that a benchmark user needs to judge its times: which build of the
//! tool ran, on which machine, with how many threads. They go into the header record of
//! a results file ([`super::record::Header`]).

use serde::{Deserialize, Serialize};

/// What ran and where: kept in the header record of every results file. Files written
/// before these were recorded read with empty strings and zeros.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct RunFacts {
    /// The tool's version (`Cargo.toml`'s).
    pub version: String,
    /// The git commit the binary was built from, `unknown` when the build had no git or
    /// no repository.
    pub commit: String,
    /// The name of the machine that ran the solves.
    pub host: String,
    /// The CPU model, as the operating system names it (`unknown` where it does not).
    pub cpu: String,
    /// The cores the run could use.
    pub cores: usize,
    /// The solves run at once (`--jobs`).
    pub jobs: usize,
}

impl RunFacts {
    /// The facts of a run on this machine, by this build, with `jobs` threads.
    pub fn here(jobs: usize) -> RunFacts {
        RunFacts {
            version: env!("CARGO_PKG_VERSION").to_string(),
            commit: env!("SUDOKU_ARENA_COMMIT").to_string(),
            host: host_name(),
            cpu: cpu_model(),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            jobs,
        }
    }

    /// The machine in a few words, `host (cpu)`, for telling machines apart.
    pub fn machine(&self) -> String {
        let unknown = |s: &str| match s.is_empty() {
            true => "not recorded".to_string(),
            false => s.to_string(),
        };
        format!("{} ({})", unknown(&self.host), unknown(&self.cpu))
    }

    /// Whether the host or CPU was recorded (files written before they were are not).
    pub fn has_machine(&self) -> bool {
        !self.host.is_empty() || !self.cpu.is_empty()
    }
}

/// The kernel's host name, else `$HOSTNAME`, else `unknown`.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

/// The CPU model from `/proc/cpuinfo`: its `model name` (x86), else the first of the
/// other fields that name one on other processors, else `unknown`.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| model_in(&text))
        .unwrap_or_else(|| "unknown".to_string())
}

/// The CPU model named in the text of `/proc/cpuinfo`.
fn model_in(cpuinfo: &str) -> Option<String> {
    ["model name", "Model", "Hardware", "cpu model", "cpu"]
        .iter()
        .find_map(|key| {
            cpuinfo.lines().find_map(|line| {
                let (k, v) = line.split_once(':')?;
                (k.trim() == *key && !v.trim().is_empty()).then(|| v.trim().to_string())
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_name_is_read_from_cpuinfo() {
        let x86 = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel\t\t: 85\nmodel name\t: Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz\n";
        assert_eq!(
            model_in(x86).as_deref(),
            Some("Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz")
        );
        let arm = "processor\t: 0\nBogoMIPS\t: 48.00\nCPU part\t: 0xd08\n\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n";
        assert_eq!(
            model_in(arm).as_deref(),
            Some("Raspberry Pi 4 Model B Rev 1.4")
        );
        assert_eq!(model_in("processor\t: 0\n"), None);
    }

    #[test]
    fn a_run_here_names_this_build_and_machine() {
        let facts = RunFacts::here(3);
        assert_eq!(facts.version, env!("CARGO_PKG_VERSION"));
        assert!(!facts.commit.is_empty());
        assert!(!facts.host.is_empty() && !facts.cpu.is_empty());
        assert!(facts.cores >= 1);
        assert_eq!(facts.jobs, 3);
    }
}
