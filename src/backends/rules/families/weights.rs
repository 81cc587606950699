//! Weighted house counts: the position's linear relaxation, read as a counting
//! argument. Every *house* of a position (an open cell, or a digit not yet placed in
//! a unit) holds exactly one true candidate. Give each house a whole-number weight,
//! and each candidate the sum of the weights of its houses: the true candidates then
//! weigh, together, the sum `T` of all the weights. When every candidate weighs 0 or
//! more, one that weighs more than `T` cannot be true. With weights +1 and −1 this is
//! rank-0 set logic (the multi-sector locked set, fish and subsets are of this kind);
//! other weights reach further. No value is tried: the weights are the proof.
//!
//! The position's junior exocets add linear facts the count may use too ([`Fact`]):
//! their base cells hold each base digit as often as their targets (a sum that is 0,
//! added at any multiple), and a target's digit is in its mirror (a sum that is 0 or
//! more, subtracted at any multiple: the true candidates then weigh at most the total).
//!
//! By linear-programming duality such weights exist for a candidate exactly when the
//! relaxation (each house summing to 1 over its candidates, each in `[0, 1]`, and the
//! facts) has no point with that candidate at 1. The search solves the relaxation once (microlp),
//! then, candidate by candidate from the lowest value in that point, fixes one at 1
//! from that basis; the first that cannot be fixed gets its weights from a second
//! program, which keeps every candidate at 0 or more, that one above the total, and
//! the sum of the absolute weights as small as it can (few houses to read). The
//! weights are then rounded to whole numbers and checked in integer arithmetic, so a
//! step never rests on floating point; a candidate whose check fails is passed over.
//! In the ladder the search gives up once the run's deadline passes: between
//! candidates, and through the solver's time limit inside a program.

use super::exocet;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, Fact, House, Step};
use microlp::{ComparisonOp, Error, OptimizationDirection, Problem, Solution, Variable};
use std::time::Instant;

/// Most open candidates searched: each candidate tried costs a re-solve of a program
/// over all of them, and a nearly empty board, where the count rarely proves anything,
/// has hundreds (the stuck positions of the shared 9×9 sets stay below the bound).
const MAX_CANDIDATES: usize = 400;

/// Largest weight (in absolute value) a step may use, far inside `i64`.
const MAX_WEIGHT: f64 = 1e9;

/// A value this close to 1 counts as 1.
const ONE: f64 = 1.0 - 1e-7;

/// Largest denominator tried when rounding the weights to whole numbers.
const MAX_DENOMINATOR: i64 = 64;

/// The houses and candidates of a position, and the facts its exocets add.
pub struct Relaxation {
    /// `(cell, digit)` of each open candidate.
    pub candidates: Vec<(usize, u8)>,
    /// The houses.
    pub houses: Vec<House>,
    /// Per house, its candidates (indices into `candidates`).
    pub members: Vec<Vec<usize>>,
    /// Per candidate, its houses (indices into `houses`).
    pub of: Vec<Vec<usize>>,
    /// The facts of the position's junior exocets.
    pub facts: Vec<Fact>,
    /// Per fact, its terms (candidate index, coefficient) and whether they add up to
    /// exactly 0 (else to 0 or more).
    pub rows: Vec<(Vec<(usize, i64)>, bool)>,
    /// Per candidate, the facts it is in (fact index, coefficient).
    pub in_facts: Vec<Vec<(usize, i64)>>,
}

/// The houses of a position and the candidates each holds.
pub fn relaxation(board: &Board, s: &State) -> Relaxation {
    relaxation_with(board, s, exocet_facts(board, s))
}

/// The houses and candidates of a position, with `facts` beside them (none: the
/// houses alone).
fn relaxation_with(board: &Board, s: &State, facts: Vec<Fact>) -> Relaxation {
    let n = board.n;
    let mut index = vec![usize::MAX; n * n * n];
    let mut candidates = Vec::new();
    let mut houses = Vec::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for c in (0..n * n).filter(|&c| s.value[c] == 0) {
        let start = candidates.len();
        for d in s.cand[c].iter() {
            index[c * n + d as usize - 1] = candidates.len();
            candidates.push((c, d));
        }
        houses.push(House::Cell(c));
        members.push((start..candidates.len()).collect());
    }
    for (unit, cells) in board.units.iter().enumerate() {
        for digit in 1..=n as u8 {
            if cells.iter().any(|&c| s.value[c] == digit) {
                continue;
            }
            houses.push(House::Digit { unit, digit });
            members.push(
                cells
                    .iter()
                    .map(|&c| index[c * n + digit as usize - 1])
                    .filter(|&i| i != usize::MAX)
                    .collect(),
            );
        }
    }
    let mut of: Vec<Vec<usize>> = vec![Vec::new(); candidates.len()];
    for (h, m) in members.iter().enumerate() {
        for &i in m {
            of[i].push(h);
        }
    }
    let mut in_facts: Vec<Vec<(usize, i64)>> = vec![Vec::new(); candidates.len()];
    let rows: Vec<(Vec<(usize, i64)>, bool)> = facts
        .iter()
        .enumerate()
        .map(|(f, fact)| {
            let (terms, equal) = fact.terms();
            let row: Vec<(usize, i64)> = terms
                .into_iter()
                .filter(|&((c, _), _)| s.value[c] == 0)
                .map(|((c, d), k)| (index[c * n + d as usize - 1], k))
                .filter(|&(i, _)| i != usize::MAX)
                .collect();
            for &(i, k) in &row {
                in_facts[i].push((f, k));
            }
            (row, equal)
        })
        .collect();
    Relaxation {
        candidates,
        houses,
        members,
        of,
        facts,
        rows,
        in_facts,
    }
}

/// The facts of a position's junior exocets: each base digit is as often in the base
/// as in the targets, and a target's base digit is in its mirror (left out where a
/// mirror cell holds that digit already, which makes it true).
fn exocet_facts(board: &Board, s: &State) -> Vec<Fact> {
    let mut facts: Vec<Fact> = Vec::new();
    let mut add = |f: Fact| {
        if !facts.contains(&f) {
            facts.push(f);
        }
    };
    for x in exocet::pairings(board, s) {
        for &digit in &x.digits {
            let open_with = |c: &usize| s.value[*c] == 0 && s.cand[*c].contains(digit);
            if x.base.iter().chain(&x.targets).any(open_with) {
                add(Fact::Balance {
                    base: x.base.clone(),
                    targets: x.targets.clone(),
                    digit,
                });
            }
            for (k, &target) in x.targets.iter().enumerate() {
                let mirror = exocet::mirror(&x.base, target, x.targets[1 - k]);
                if open_with(&target) && mirror.iter().all(|&c| s.value[c] != digit) {
                    add(Fact::Mirror {
                        target,
                        mirror,
                        digit,
                    });
                }
            }
        }
    }
    facts
}

impl Relaxation {
    /// What whole-number `weights` (one per house) and multipliers (one per fact)
    /// prove: the candidates they remove (each weighing more than the house weights'
    /// sum), or none when some candidate weighs less than 0 or a fact that is only
    /// "0 or more" has a multiplier above 0.
    pub fn removed_by(&self, weights: &[i64], multipliers: &[i64]) -> Vec<usize> {
        // In 128 bits: no sum of 64-bit weights can overflow.
        let total: i128 = weights.iter().map(|&w| i128::from(w)).sum();
        let inequality_up = self
            .rows
            .iter()
            .zip(multipliers)
            .any(|(&(_, equal), &m)| !equal && m > 0);
        if inequality_up {
            return Vec::new();
        }
        let weight: Vec<i128> = (0..self.candidates.len())
            .map(|i| {
                self.of[i]
                    .iter()
                    .map(|&h| i128::from(weights[h]))
                    .sum::<i128>()
                    + self.in_facts[i]
                        .iter()
                        .map(|&(f, k)| i128::from(k) * i128::from(multipliers[f]))
                        .sum::<i128>()
            })
            .collect();
        if weight.iter().any(|&w| w < 0) {
            return Vec::new();
        }
        (0..weight.len()).filter(|&i| weight[i] > total).collect()
    }

    /// The program "every house sums to 1", candidates in `[0, 1]`.
    fn program(&self) -> (Problem, Vec<Variable>) {
        let mut p = Problem::new(OptimizationDirection::Maximize);
        let xs: Vec<Variable> = self
            .candidates
            .iter()
            .map(|_| p.add_var(0.0, (0.0, 1.0)))
            .collect();
        for m in &self.members {
            let sum: Vec<(Variable, f64)> = m.iter().map(|&i| (xs[i], 1.0)).collect();
            p.add_constraint(sum, ComparisonOp::Eq, 1.0);
        }
        for (row, equal) in &self.rows {
            let sum: Vec<(Variable, f64)> = row.iter().map(|&(i, k)| (xs[i], k as f64)).collect();
            let op = if *equal {
                ComparisonOp::Eq
            } else {
                ComparisonOp::Ge
            };
            p.add_constraint(sum, op, 0.0);
        }
        (p, xs)
    }

    /// Whole-number house weights and fact multipliers proving candidate `v` false,
    /// with few terms, if the solver finds some that pass the check, and the
    /// candidates they remove ([`Relaxation::removed_by`]).
    fn weights_against(
        &self,
        v: usize,
        deadline: Option<Instant>,
    ) -> Option<(Vec<i64>, Vec<i64>, Vec<usize>)> {
        // Minimise Σ |y_h| + Σ |λ_f| (through t ≥ |·|): every candidate weighs 0 or
        // more, v at least 1 more than Σ y, and a "0 or more" fact's λ is at most 0.
        let mut p = Problem::new(OptimizationDirection::Minimize);
        let free = (f64::NEG_INFINITY, f64::INFINITY);
        let ys: Vec<Variable> = self.houses.iter().map(|_| p.add_var(0.0, free)).collect();
        let ls: Vec<Variable> = self
            .rows
            .iter()
            .map(|&(_, equal)| {
                p.add_var(
                    0.0,
                    if equal {
                        free
                    } else {
                        (f64::NEG_INFINITY, 0.0)
                    },
                )
            })
            .collect();
        for &y in ys.iter().chain(&ls) {
            let t = p.add_var(1.0, (0.0, f64::INFINITY));
            p.add_constraint([(y, 1.0), (t, -1.0)], ComparisonOp::Le, 0.0);
            p.add_constraint([(y, 1.0), (t, 1.0)], ComparisonOp::Ge, 0.0);
        }
        let weight = |i: usize| -> Vec<(Variable, f64)> {
            let houses = self.of[i].iter().map(|&h| (ys[h], 1.0));
            houses
                .chain(self.in_facts[i].iter().map(|&(f, k)| (ls[f], k as f64)))
                .collect()
        };
        for i in 0..self.candidates.len() {
            p.add_constraint(weight(i), ComparisonOp::Ge, 0.0);
        }
        let mut margin: Vec<(Variable, f64)> = ys.iter().map(|&y| (y, -1.0)).collect();
        for &h in &self.of[v] {
            margin[h].1 += 1.0;
        }
        margin.extend(self.in_facts[v].iter().map(|&(f, k)| (ls[f], k as f64)));
        p.add_constraint(margin, ComparisonOp::Ge, 1.0);
        let solution = solve_by(p, deadline)?;
        let values: Vec<f64> = ys
            .iter()
            .chain(&ls)
            .map(|&y| solution.var_value(y))
            .collect();
        let q = (1..=MAX_DENOMINATOR).find(|&q| {
            values
                .iter()
                .all(|&w| (w * q as f64 - (w * q as f64).round()).abs() < 1e-6)
        })?;
        if values.iter().any(|&w| (w * q as f64).abs() > MAX_WEIGHT) {
            return None;
        }
        let mut whole: Vec<i64> = values
            .iter()
            .map(|&w| (w * q as f64).round() as i64)
            .collect();
        let multipliers = whole.split_off(self.houses.len());
        let removed = self.removed_by(&whole, &multipliers);
        removed
            .contains(&v)
            .then_some((whole, multipliers, removed))
    }
}

/// A program's optimum, if the solver reaches one before `deadline`.
fn solve_by(mut p: Problem, deadline: Option<Instant>) -> Option<Solution> {
    if let Some(d) = deadline {
        let left = d.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return None;
        }
        p.set_time_limit(left);
    }
    p.solve().ok()?.into_solution().ok()
}

/// The first weighted house count that removes something, found candidate by
/// candidate (see the module's doc); `None` on a position with no solution of the
/// relaxation (a contradiction the other rules show).
#[cfg(test)]
pub fn find(board: &Board, s: &State) -> Option<Step> {
    find_until(board, s, None)
}

/// [`find`], giving up (nothing found) once `deadline` passes.
pub fn find_until(board: &Board, s: &State, deadline: Option<Instant>) -> Option<Step> {
    if s.broken.is_some() {
        return None;
    }
    find_in(relaxation(board, s), deadline)
}

/// [`find_until`] on the houses alone, leaving out the exocets' facts: its weights are
/// checked by arithmetic alone, with no pattern to trust (the certificates' counts).
pub fn find_on_houses(board: &Board, s: &State, deadline: Option<Instant>) -> Option<Step> {
    if s.broken.is_some() {
        return None;
    }
    find_in(relaxation_with(board, s, Vec::new()), deadline)
}

/// The first candidate the relaxation `r` of the position rules out, with its weights.
fn find_in(r: Relaxation, deadline: Option<Instant>) -> Option<Step> {
    if r.candidates.is_empty() || r.candidates.len() > MAX_CANDIDATES {
        return None;
    }
    let (program, xs) = r.program();
    let base = solve_by(program, deadline)?;
    let value: Vec<f64> = xs.iter().map(|&x| base.var_value(x)).collect();
    let mut reached: Vec<bool> = value.iter().map(|&x| x > ONE).collect();
    let mut order: Vec<usize> = (0..r.candidates.len()).collect();
    order.sort_by(|&a, &b| value[a].total_cmp(&value[b]).then(a.cmp(&b)));
    for v in order {
        if reached[v] {
            continue;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        match base.clone().fix_var(xs[v], 1.0) {
            Ok(outcome) => {
                if let Some(point) = outcome.solution() {
                    for (i, &x) in xs.iter().enumerate() {
                        reached[i] |= point.var_value(x) > ONE;
                    }
                }
                reached[v] = true;
            }
            Err(Error::Infeasible) => {
                if let Some((weights, multipliers, removed)) = r.weights_against(v, deadline) {
                    return Some(step(&r, &weights, &multipliers, &removed));
                }
            }
            Err(_) => {}
        }
    }
    None
}

/// The step of checked weights and multipliers, which remove the candidates `removed`.
fn step(r: &Relaxation, weights: &[i64], multipliers: &[i64], removed: &[usize]) -> Step {
    let total = weights.iter().sum();
    let mut weighed: Vec<(House, i64)> = r
        .houses
        .iter()
        .zip(weights)
        .filter(|(_, &w)| w != 0)
        .map(|(&h, &w)| (h, w))
        .collect();
    weighed.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let facts: Vec<(Fact, i64)> = r
        .facts
        .iter()
        .zip(multipliers)
        .filter(|(_, &m)| m != 0)
        .map(|(f, &m)| (f.clone(), m))
        .collect();
    let mut step = Step::new(Detail::HouseWeights {
        weights: Vec::new(),
        facts: Vec::new(),
        total,
    });
    for &(h, _) in &weighed {
        match h {
            House::Cell(c) => step.cells.push(c),
            House::Digit { unit, .. } => {
                if !step.units.contains(&unit) {
                    step.units.push(unit);
                }
            }
        }
    }
    step.cells.sort_unstable();
    step.units.sort_unstable();
    step.eliminations = removed.iter().map(|&i| r.candidates[i]).collect();
    step.digits = step.eliminations.iter().map(|&(_, d)| d).collect();
    step.digits.sort_unstable();
    step.digits.dedup();
    step.detail = Detail::HouseWeights {
        weights: weighed,
        facts,
        total,
    };
    step
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::{position, puzzle_lines, settled, x_wing};
    use super::*;

    #[test]
    fn the_largest_weights_do_not_wrap_around() {
        // Two houses at i64::MAX: in 64 bits the total would wrap below 0 and every
        // candidate would seem to weigh more than it.
        let (b, s) = position(&".".repeat(81), &[]);
        let r = relaxation(&b, &s);
        let mut w = vec![0i64; r.houses.len()];
        w[0] = i64::MAX;
        w[1] = i64::MAX;
        assert!(r.removed_by(&w, &[]).is_empty());
    }

    #[test]
    fn a_search_past_its_deadline_finds_nothing() {
        let (b, s) = magictour_stuck();
        assert!(find(&b, &s).is_some());
        assert!(find_until(&b, &s, Some(Instant::now())).is_none());
    }

    #[test]
    fn weights_with_a_candidate_below_zero_prove_nothing() {
        let (b, s) = position(&".".repeat(81), &[]);
        let r = relaxation(&b, &s);
        // One cell weighed 1: its candidates weigh 1, the total is 1: nothing removed.
        let mut w = vec![0i64; r.houses.len()];
        w[0] = 1;
        assert!(r.removed_by(&w, &vec![0; r.facts.len()]).is_empty());
        // The same cell −1, and 1 on the digit 1 in row 1: r1c1's 1 weighs 0, its
        // other digits −1: not a proof, even though the total is 0.
        let row1_1 = r
            .houses
            .iter()
            .position(|&h| {
                h == House::Digit {
                    unit: b.row(0),
                    digit: 1,
                }
            })
            .unwrap();
        w[0] = -1;
        w[row1_1] = 1;
        assert!(r.removed_by(&w, &vec![0; r.facts.len()]).is_empty());
    }

    #[test]
    fn an_x_wing_is_a_weighted_count_of_four_houses() {
        // The 4s of rows 1 and 5 lie in columns 2 and 8: rows −1, columns +1 weigh
        // every candidate 0 or more and the total 0, so a 4 elsewhere in those
        // columns weighs 1 and goes.
        let (b, s) = x_wing();
        let r = relaxation(&b, &s);
        let mut w = vec![0i64; r.houses.len()];
        let at = |h: House| r.houses.iter().position(|&x| x == h).unwrap();
        for row in [0, 4] {
            w[at(House::Digit {
                unit: b.row(row),
                digit: 4,
            })] = -1;
        }
        for col in [1, 7] {
            w[at(House::Digit {
                unit: b.column(col),
                digit: 4,
            })] = 1;
        }
        let removed: Vec<(usize, u8)> = r
            .removed_by(&w, &vec![0; r.facts.len()])
            .into_iter()
            .map(|i| r.candidates[i])
            .collect();
        let expected: Vec<(usize, u8)> = (0..81)
            .filter(|&c| (c % 9 == 1 || c % 9 == 7) && c / 9 != 0 && c / 9 != 4)
            .map(|c| (c, 4))
            .collect();
        assert_eq!(removed, expected);
        // A board this empty has too many candidates for the search.
        assert!(r.candidates.len() > MAX_CANDIDATES);
        assert!(find(&b, &s).is_none());
    }

    /// Where the default ladder leaves magictour's first puzzle.
    fn magictour_stuck() -> (Board, State) {
        let text = include_str!("../../../../tests/data/magictour_top1465.txt");
        let line = puzzle_lines(text, 1).next().expect("a puzzle");
        settled(line, "weighted house count")
    }

    #[test]
    fn each_removal_is_proven_by_the_weights_the_step_gives() {
        let (b, s) = magictour_stuck();
        let r = relaxation(&b, &s);
        let st = find(&b, &s).expect("a weighted count");
        let Detail::HouseWeights {
            weights,
            facts,
            total,
        } = &st.detail
        else {
            panic!("{st:?}");
        };
        let mut w = vec![0i64; r.houses.len()];
        for &(h, x) in weights {
            w[r.houses.iter().position(|&y| y == h).unwrap()] = x;
        }
        let mut m = vec![0i64; r.facts.len()];
        for (f, x) in facts {
            m[r.facts.iter().position(|y| y == f).unwrap()] = *x;
        }
        assert_eq!(*total, w.iter().sum::<i64>());
        let proven: Vec<(usize, u8)> = r
            .removed_by(&w, &m)
            .into_iter()
            .map(|i| r.candidates[i])
            .collect();
        assert_eq!(proven, st.eliminations);
        assert!(!st.eliminations.is_empty());
    }
}
