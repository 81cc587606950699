//! `ext:gprolog`: the puzzle as a GNU Prolog CLP(FD) program, one `fd_all_different`
//! per unit, the system of the paper's section 1.4, and for each Killer cage an
//! `fd_all_different` and a sum (`#=`); labelling first-fail, solutions counted up to
//! the limit with a global counter.

use super::{own_time, parse_solution_line, whole_lines, ExternalRun, RunTimes};
use crate::model::Puzzle;
use crate::process::{run, Scratch};
use crate::solver::SolveOptions;

/// The Prolog program of a puzzle, looking for up to `limit` solutions.
pub fn program(puzzle: &Puzzle, limit: usize) -> String {
    let g = &puzzle.geometry;
    let var = |c: usize| match puzzle.cells[c] {
        0 => format!("X{c}"),
        v => v.to_string(),
    };
    let blanks: Vec<String> = (0..g.cells())
        .filter(|&c| puzzle.cells[c] == 0)
        .map(|c| format!("X{c}"))
        .collect();
    let all: Vec<String> = (0..g.cells()).map(var).collect();
    let mut p = format!(
        "% sudoku-arena: {} from {}\n:- initialization(main).\n\n",
        g.describe(),
        puzzle.display_name()
    );
    p.push_str(&format!(
        "sudoku([{}], [{}]) :-\n",
        all.join(","),
        blanks.join(",")
    ));
    p.push_str(&format!(
        "    fd_domain([{}], 1, {}),\n",
        blanks.join(","),
        g.n
    ));
    for u in &g.units {
        let cells: Vec<String> = u.cells.iter().map(|&c| var(c)).collect();
        p.push_str(&format!("    fd_all_different([{}]),\n", cells.join(",")));
    }
    for cage in &g.cages {
        let cells: Vec<String> = cage.cells.iter().map(|&c| var(c)).collect();
        p.push_str(&format!(
            "    fd_all_different([{}]), {} #= {},\n",
            cells.join(","),
            cells.join("+"),
            cage.sum
        ));
    }
    p.push_str("    true.\n\n");
    p.push_str(&format!(
        "main :-\n    statistics(real_time, [T0, _]),\n    g_assign(count, 0), g_assign(bt, 0),\n    (   sudoku(All, Blanks),\n        fd_labeling(Blanks, [variable_method(first_fail), backtracks(B)]),\n        g_read(bt, B0), B1 is B0 + B, g_assign(bt, B1),\n        g_read(count, C0), C is C0 + 1, g_assign(count, C),\n        write(sol), write_list(All), nl,\n        C >= {limit}\n    ->  write(stopped), nl\n    ;   write(complete), nl\n    ),\n    statistics(real_time, [T1, _]), T is T1 - T0,\n    g_read(bt, BT), write(backtracks(BT)), nl,\n    write(time_ms(T)), nl,\n    halt.\n\nwrite_list([]).\nwrite_list([V|Vs]) :- write(' '), write(V), write_list(Vs).\n"
    ));
    p
}

/// Solves with GNU Prolog, asking for up to `max_solutions`.
pub fn solve(
    puzzle: &Puzzle,
    opts: &SolveOptions,
    scratch: &Scratch,
) -> Result<ExternalRun, String> {
    let path = scratch.write(
        "sudoku.pl",
        &program(puzzle, opts.max_solutions.min(1_000_000)),
    )?;
    let path = path.to_string_lossy().to_string();
    let out = run(
        "gprolog",
        &["--consult-file", &path],
        scratch,
        opts.deadline,
        opts.mem_limit,
    )?;
    let mut runs = ExternalRun::started(&out, RunTimes::default());
    let mut finished = false;
    for line in whole_lines(&out.stdout, out.killed) {
        if let Some(sol) = line.strip_prefix("sol ") {
            runs.solutions.push(parse_solution_line(sol, puzzle)?);
        } else if line == "complete" {
            runs.complete = true;
            finished = true;
        } else if line == "stopped" {
            finished = true;
        } else if let Some(bt) = line
            .strip_prefix("backtracks(")
            .and_then(|s| s.strip_suffix(')'))
        {
            // Backtracks are GNU Prolog's effort measure: they fill the `nodes` column too.
            let bt: f64 = bt.parse().unwrap_or(0.0);
            runs.stats.push(("backtracks".into(), bt));
            runs.stats.push(("nodes".into(), bt));
        }
    }
    if !out.killed && !finished {
        return Err(format!(
            "gprolog did not finish: {}",
            out.stderr
                .lines()
                .chain(out.stdout.lines())
                .take(3)
                .collect::<Vec<_>>()
                .join(" / ")
        ));
    }
    let own = own_time::gprolog(&out.stdout).map(|t| (t, None));
    runs.times = RunTimes::of(
        &out,
        own,
        "real_time",
        own_time::ZeroReport::BelowResolution,
    )?;
    Ok(runs)
}
