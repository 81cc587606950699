//! `ext:cbc` and `ext:glpk`: the `ip` backend's presolved 0-1 program, exported as CPLEX
//! LP (for CBC) or free MPS (for GLPK) and solved by the external MIP solver. Each
//! solution found adds a no-good row (`nogood_K`) and the file is solved again, until the
//! solver proves the rows infeasible (no other solution) or enough are found: the same
//! uniqueness proof as the `ip` backend, on the same model.

use super::rerun::{find_by_exclusion, Run, RunEnd};
use super::{own_time, ExternalRun, RunTimes};
use crate::backends::ip::export::{decode_values, lp_text_excluding, mps_excluding};
use crate::backends::ip::model::IpModel;
use crate::model::puzzle::Grid;
use crate::model::Puzzle;
use crate::process::{run, ProcessOutput, Scratch};
use crate::solver::{ms, SolveOptions};
use std::time::Instant;

/// What one solve of the model (with the no-good rows so far) said.
enum Answer {
    /// A solution, as (variable name, value) pairs.
    Found(Vec<(String, f64)>),
    /// The solver proved the model infeasible.
    Infeasible,
}

/// Writes the model excluding the grids found so far, runs the solver until the
/// deadline, and reads its answer (`None` when the deadline killed it).
type Round = fn(
    &Puzzle,
    &[Grid],
    &Scratch,
    &SolveOptions,
) -> Result<(ProcessOutput, Option<Answer>), String>;

/// One external MIP solver: how to write its input, run it and read its answer.
struct MipTool {
    /// The program name, for messages.
    program: &'static str,
    /// Writes the model excluding `found` into `scratch`, runs the solver until
    /// `deadline`; `None` for the answer when the deadline killed it.
    round: Round,
    /// Adds the solver's own counters from its output to `stats`.
    counters: fn(&ProcessOutput, &mut Vec<(String, f64)>),
    /// Its own time from its output, ms ([`own_time`]).
    own_time: fn(&str) -> Option<f64>,
}

/// Solves with CBC on the LP file (`cbc FILE.lp solve solu SOL`).
pub fn solve_cbc(
    puzzle: &Puzzle,
    opts: &SolveOptions,
    scratch: &Scratch,
) -> Result<ExternalRun, String> {
    let tool = MipTool {
        program: "cbc",
        round: cbc_round,
        counters: cbc_counters,
        own_time: own_time::cbc,
    };
    solve_with(&tool, puzzle, opts, scratch)
}

/// Solves with GLPK on the MPS file (`glpsol --freemps FILE.mps -w SOL`).
pub fn solve_glpk(
    puzzle: &Puzzle,
    opts: &SolveOptions,
    scratch: &Scratch,
) -> Result<ExternalRun, String> {
    let tool = MipTool {
        program: "glpsol",
        round: glpk_round,
        counters: glpk_counters,
        own_time: own_time::glpsol,
    };
    solve_with(&tool, puzzle, opts, scratch)
}

/// Both tools: solve, decode, exclude, solve again ([`find_by_exclusion`]).
fn solve_with(
    tool: &MipTool,
    puzzle: &Puzzle,
    opts: &SolveOptions,
    scratch: &Scratch,
) -> Result<ExternalRun, String> {
    let mut counters = Vec::new();
    let mut result = find_by_exclusion(puzzle, opts, tool.program, |found| {
        let (out, answer) = (tool.round)(puzzle, found, scratch, opts)?;
        (tool.counters)(&out, &mut counters);
        let own = (tool.own_time)(&out.stdout).map(|t| (t, None));
        let times = RunTimes::of(
            &out,
            own,
            tool.program,
            own_time::ZeroReport::BelowResolution,
        )?;
        let t = Instant::now();
        let end = match answer {
            None => RunEnd::Killed,
            Some(Answer::Infeasible) => RunEnd::Exhausted,
            Some(Answer::Found(values)) => RunEnd::Found(
                decode_values(puzzle, values.iter().map(|(n, v)| (n.as_str(), *v))).map_err(
                    |e| format!("{} answered a grid that does not decode: {e}", tool.program),
                )?,
            ),
        };
        Ok(Run {
            end,
            times,
            decode_ms: ms(t.elapsed()),
        })
    })?;
    result.stats.extend(counters);
    let size = IpModel::presolved(puzzle).size();
    result
        .stats
        .push(("variables".into(), size.variables as f64));
    result
        .stats
        .push(("constraints".into(), size.constraints as f64));
    result.stats.push(("nonzeros".into(), size.nonzeros as f64));
    Ok(result)
}

/// Sums a counter over the rounds.
fn add_counter(stats: &mut Vec<(String, f64)>, name: &str, value: f64) {
    match stats.iter_mut().find(|(k, _)| k == name) {
        Some((_, v)) => *v += value,
        None => stats.push((name.to_string(), value)),
    }
}

/// The path of a scratch file as an argument.
fn arg(path: &std::path::Path) -> String {
    path.to_string_lossy().to_string()
}

/// Runs `program args` until the deadline and reads the solution file it writes at
/// `sol` (`None` when the deadline killed it).
fn run_for_solution(
    program: &str,
    args: &[&str],
    sol: &std::path::Path,
    scratch: &Scratch,
    opts: &SolveOptions,
) -> Result<(ProcessOutput, Option<String>), String> {
    let _ = std::fs::remove_file(sol);
    let out = run(program, args, scratch, opts.deadline, opts.mem_limit)?;
    if out.killed {
        return Ok((out, None));
    }
    match std::fs::read_to_string(sol) {
        Ok(text) => Ok((out, Some(text))),
        Err(e) => Err(format!(
            "{program} wrote no solution file ({e}; exit {:?}): {}",
            out.code,
            out.stdout.lines().last().unwrap_or("")
        )),
    }
}

/// One CBC run on the LP file.
fn cbc_round(
    puzzle: &Puzzle,
    found: &[Grid],
    scratch: &Scratch,
    opts: &SolveOptions,
) -> Result<(ProcessOutput, Option<Answer>), String> {
    let lp = scratch.write("model.lp", &lp_text_excluding(puzzle, found))?;
    let sol = scratch.file("model.sol");
    let lp = arg(&lp);
    let args = [lp.as_str(), "solve", "solu", &arg(&sol)];
    let (out, text) = run_for_solution("cbc", &args, &sol, scratch, opts)?;
    let Some(text) = text else {
        return Ok((out, None));
    };
    let status = text.lines().next().unwrap_or("");
    let answer = if status.starts_with("Optimal") {
        let mut values = Vec::new();
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let value = f.get(2).and_then(|v| v.parse::<f64>().ok());
            match (f.get(1), value) {
                (Some(name), Some(v)) => values.push((name.to_string(), v)),
                _ => return Err(format!("unreadable cbc solution line '{line}'")),
            }
        }
        Answer::Found(values)
    } else if status.starts_with("Infeasible") || status.starts_with("Integer infeasible") {
        Answer::Infeasible
    } else {
        return Err(format!("cbc stopped without an answer: '{status}'"));
    };
    Ok((out, Some(answer)))
}

/// CBC's branch-and-bound nodes and simplex iterations, from its log.
fn cbc_counters(out: &ProcessOutput, stats: &mut Vec<(String, f64)>) {
    for line in out.stdout.lines() {
        let parsed = |prefix: &str| {
            line.strip_prefix(prefix)
                .and_then(|v| v.trim().parse::<f64>().ok())
        };
        if let Some(v) = parsed("Enumerated nodes:") {
            add_counter(stats, "nodes", v);
        } else if let Some(v) = parsed("Total iterations:") {
            add_counter(stats, "lp_iterations", v);
        }
    }
}

/// GLPK's branch-and-bound nodes and simplex iterations, from the last progress line of
/// its log (`+ ITERATIONS: mip = ... (ACTIVE; DONE)`).
fn glpk_counters(out: &ProcessOutput, stats: &mut Vec<(String, f64)>) {
    let Some(last) = out.stdout.lines().rev().find(|l| l.starts_with('+')) else {
        return;
    };
    let iterations = last[1..]
        .split(':')
        .next()
        .and_then(|v| v.trim().parse::<f64>().ok());
    let nodes = last
        .rsplit_once('(')
        .and_then(|(_, r)| r.strip_suffix(')'))
        .and_then(|r| r.split_once(';'))
        .and_then(|(a, b)| Some(a.trim().parse::<f64>().ok()? + b.trim().parse::<f64>().ok()?));
    if let Some(v) = nodes {
        add_counter(stats, "nodes", v);
    }
    if let Some(v) = iterations {
        add_counter(stats, "lp_iterations", v);
    }
}

/// One GLPK run on the MPS file; its solution file numbers columns as the file does.
fn glpk_round(
    puzzle: &Puzzle,
    found: &[Grid],
    scratch: &Scratch,
    opts: &SolveOptions,
) -> Result<(ProcessOutput, Option<Answer>), String> {
    let file = mps_excluding(puzzle, found);
    let mps = scratch.write("model.mps", &file.text)?;
    let sol = scratch.file("model.sol");
    let mps = arg(&mps);
    let args = ["--freemps", mps.as_str(), "-w", &arg(&sol)];
    let (out, text) = run_for_solution("glpsol", &args, &sol, scratch, opts)?;
    let Some(text) = text else {
        return Ok((out, None));
    };
    Ok((out, Some(read_glpk_solution(&text, &file.columns)?)))
}

/// Reads a GLPK MIP solution file (`s mip ROWS COLS STATUS OBJ`, then `j COL VALUE`).
fn read_glpk_solution(text: &str, columns: &[String]) -> Result<Answer, String> {
    let status = text
        .lines()
        .find(|l| l.starts_with("s mip"))
        .and_then(|l| l.split_whitespace().nth(4))
        .ok_or("glpsol's solution file has no 's mip' line")?;
    match status {
        "o" | "f" => {}
        "n" => return Ok(Answer::Infeasible),
        other => return Err(format!("glpsol ended with status '{other}' (undefined)")),
    }
    let mut values = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("j ")) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let j = f.get(1).and_then(|j| j.parse::<usize>().ok());
        let v = f.get(2).and_then(|v| v.parse::<f64>().ok());
        match (j.and_then(|j| columns.get(j.wrapping_sub(1))), v) {
            (Some(name), Some(v)) => values.push((name.clone(), v)),
            _ => return Err(format!("unreadable glpsol solution line '{line}'")),
        }
    }
    Ok(Answer::Found(values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glpk_progress_lines_give_nodes_and_iterations() {
        let out = ProcessOutput {
            stdout: "+    53: mip =     not found yet >=  -inf   (1; 0)\n+   168: mip =   0.0e+00 >=     tree is empty   0.0% (0; 17)\nINTEGER OPTIMAL SOLUTION FOUND\n".into(),
            stderr: String::new(),
            killed: false,
            memout: false,
            peak_rss_kb: None,
            code: Some(0),
            elapsed: std::time::Duration::ZERO,
            cpu: std::time::Duration::ZERO,
        };
        let mut stats = Vec::new();
        glpk_counters(&out, &mut stats);
        glpk_counters(&out, &mut stats);
        assert_eq!(
            stats,
            vec![("nodes".into(), 34.0), ("lp_iterations".into(), 336.0)]
        );
    }

    #[test]
    fn glpk_solution_files_are_read_by_column_number() {
        let columns = vec!["x_r1c1_1".to_string(), "zero".to_string()];
        let text = "c Problem:\ns mip 2 2 o 0\ni 1 1\nj 1 1\nj 2 0\ne o f\n";
        match read_glpk_solution(text, &columns).unwrap() {
            Answer::Found(v) => assert_eq!(v, vec![("x_r1c1_1".into(), 1.0), ("zero".into(), 0.0)]),
            Answer::Infeasible => panic!("expected a solution"),
        }
        let empty = "s mip 2 2 n 0\nj 1 0\n";
        assert!(matches!(
            read_glpk_solution(empty, &columns),
            Ok(Answer::Infeasible)
        ));
        assert!(read_glpk_solution("s mip 2 2 u 0\n", &columns).is_err());
        assert!(read_glpk_solution("s mip 2 2 o 0\nj 3 1\n", &columns).is_err());
    }
}
