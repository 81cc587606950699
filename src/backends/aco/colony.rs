//! The Ant Colony System of Lloyd and Amos (Algorithm 1 of the paper), with Best Value
//! Evaporation. Every iteration each ant copies the propagated grid, starts at a random
//! cell and visits every cell once in order (wrapping), the ants stepping in turn as in
//! the authors' code. At an open cell an ant takes the value of strongest pheromone with
//! probability q0, else draws one weighted by pheromone (eq. 1-3), fixes it and
//! propagates (`board`), and moves the pheromone of that choice towards tau0 (eq. 4).
//! A cell found empty counts as failed; an ant's score is the number of cells fixed.
//!
//! After the iteration the best ant's pheromone to add is `cells / (cells - score)`
//! (eq. 5); if it beats the best value so far, that ant becomes the best solution and
//! its value the best value. Every value of the best solution then gets
//! `tau = (1 - rho) tau + rho * best` (eq. 6), and the best value evaporates:
//! `best *= 1 - bve` (eq. 7, BVE; with `bve = 0` it never does, which is plain ACS).

use super::board::Board;
use super::config::Config;
use super::rng::Rng;
use crate::model::puzzle::Grid;
use crate::model::Geometry;
use std::time::Instant;

/// How often (in ant steps) the clock is read within an iteration, so that even a 64x64
/// iteration with thousands of ants stops soon after the deadline.
const CLOCK_EVERY: usize = 8;

/// What a colony run ended with.
#[derive(Debug, Default)]
pub struct Run {
    /// The solution, if an ant fixed every cell.
    pub solution: Option<Grid>,
    /// Whether the deadline stopped the run.
    pub timed_out: bool,
    /// Iterations started.
    pub iterations: u64,
    /// Value choices made by ants (open cells fixed by a choice).
    pub choices: u64,
    /// Empty cells the ants met (dead ends).
    pub failed_cells: u64,
    /// Candidate eliminations by propagation, over all ants.
    pub eliminations: u64,
    /// The most cells any ant fixed.
    pub best_score: usize,
}

/// One ant: its board, where it stands and the cells it found empty.
struct Ant {
    board: Board,
    cell: usize,
    failed: usize,
}

/// The pheromone matrix and the parameters the ants read.
struct Trails {
    /// `tau[cell * n + value - 1]`.
    tau: Vec<f64>,
    n: usize,
    tau0: f64,
    q0: f64,
    xi: f64,
}

impl Trails {
    /// The value an ant takes at `cell` among `cands` (not empty): the strongest with
    /// probability q0 (the lowest such value on ties), else by roulette.
    fn choose(&self, cell: usize, cands: crate::model::CandSet, rng: &mut Rng) -> u8 {
        let row = &self.tau[cell * self.n..(cell + 1) * self.n];
        if rng.unit() < self.q0 {
            let mut best = (f64::NEG_INFINITY, 0u8);
            for v in cands.iter() {
                if row[v as usize - 1] > best.0 {
                    best = (row[v as usize - 1], v);
                }
            }
            return best.1;
        }
        let total: f64 = cands.iter().map(|v| row[v as usize - 1]).sum();
        let target = total * rng.unit();
        let mut sum = 0.0;
        let mut last = 0;
        for v in cands.iter() {
            sum += row[v as usize - 1];
            last = v;
            if sum > target {
                return v;
            }
        }
        last
    }

    /// The local update of a choice: part of the way back to tau0 (eq. 4).
    fn local(&mut self, cell: usize, value: u8) {
        let t = &mut self.tau[cell * self.n + value as usize - 1];
        *t = (1.0 - self.xi) * *t + self.xi * self.tau0;
    }
}

impl Ant {
    /// One step: fix the current cell if it is open, count it if it is empty, move on.
    fn step(&mut self, g: &Geometry, trails: &mut Trails, rng: &mut Rng, run: &mut Run) {
        let cell = self.cell;
        if self.board.value[cell] == 0 {
            if self.board.is_empty(cell) {
                self.failed += 1;
                run.failed_cells += 1;
            } else {
                let v = trails.choose(cell, self.board.cands[cell], rng);
                self.board.fix(g, cell, v);
                trails.local(cell, v);
                run.choices += 1;
            }
        }
        self.cell = if cell + 1 == self.board.value.len() {
            0
        } else {
            cell + 1
        };
    }
}

/// Runs the colony on `start` (the givens, propagated, with no empty cell) until an ant
/// fixes every cell, the deadline passes or the iteration cap is reached.
pub fn run(g: &Geometry, start: &Board, config: &Config, deadline: Option<Instant>) -> Run {
    let cells = g.n * g.n;
    let mut rng = Rng::new(config.seed);
    let tau0 = 1.0 / cells as f64;
    let mut trails = Trails {
        tau: vec![tau0; cells * g.n],
        n: g.n,
        tau0,
        q0: config.q0,
        xi: config.xi,
    };
    let mut best_value = 0.0f64;
    let mut best: Vec<u8> = start.value.clone();
    let mut out = Run {
        best_score: start.fixed,
        ..Run::default()
    };
    let expired = || deadline.is_some_and(|d| Instant::now() >= d);
    // Copying a board per ant is itself long with thousands of ants on a 64x64 grid,
    // so the clock is read between ants here and below.
    let mut ants: Vec<Ant> = Vec::with_capacity(config.ants);
    for _ in 0..config.ants {
        if expired() {
            out.timed_out = true;
            return out;
        }
        ants.push(Ant {
            board: start.clone(),
            cell: 0,
            failed: 0,
        });
    }
    let cap = config.iteration_cap(cells);
    while out.iterations < cap {
        if expired() {
            out.timed_out = true;
            break;
        }
        out.iterations += 1;
        for ant in &mut ants {
            if expired() {
                out.timed_out = true;
                return out;
            }
            ant.board.clone_from(start);
            ant.cell = rng.below(cells);
            ant.failed = 0;
        }
        // The clock is read every CLOCK_EVERY ant steps, not steps of the whole colony,
        // so that thousands of ants cannot stretch the interval.
        let mut ant_steps = 0usize;
        'steps: for _ in 0..cells {
            for ant in &mut ants {
                ant_steps += 1;
                if ant_steps.is_multiple_of(CLOCK_EVERY) && expired() {
                    out.timed_out = true;
                    break 'steps;
                }
                ant.step(g, &mut trails, &mut rng, &mut out);
            }
        }
        out.eliminations += ants.iter().map(|a| a.board.eliminations).sum::<u64>()
            - start.eliminations * ants.len() as u64;
        if out.timed_out {
            break;
        }
        // The first ant with the highest score.
        let (i, score) = ants
            .iter()
            .map(|a| cells - a.failed)
            .enumerate()
            .fold((0, 0), |b, (i, s)| if s > b.1 { (i, s) } else { b });
        out.best_score = out.best_score.max(score);
        if score == cells {
            out.solution = Some(ants[i].board.value.clone());
            return out;
        }
        let add = cells as f64 / (cells - score) as f64;
        if add > best_value {
            best_value = add;
            best.clone_from(&ants[i].board.value);
        }
        for (cell, &v) in best.iter().enumerate() {
            if v != 0 {
                let t = &mut trails.tau[cell * g.n + v as usize - 1];
                *t = (1.0 - config.rho) * *t + config.rho * best_value;
            }
        }
        best_value *= 1.0 - config.bve;
    }
    out
}
