//! The forward DRAT check: every lemma, in order, must follow from the formula and the
//! lemmas before it (less the clauses deleted so far) by unit propagation (RUP), or be a
//! resolution asymmetric tautology on its first literal (RAT); the proof is a refutation
//! once the empty clause follows. Propagation starts afresh for each lemma, with two
//! watched literals per clause: slower than a backward checker, but short and plain.

use super::{Formula, Rejection, Step};
use std::collections::HashMap;

/// What a successful check went through.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Checked {
    /// Clauses of the formula.
    pub formula_clauses: usize,
    /// Lemmas checked (the empty clause included, when the proof states it).
    pub lemmas: usize,
    /// Of those, lemmas that needed the RAT check.
    pub rat_lemmas: usize,
    /// Clauses deleted.
    pub deletions: usize,
    /// Deletions of clauses that were not there, passed over as other checkers do.
    pub missing_deletions: usize,
}

/// Checks that `steps` refute `formula`.
pub fn check(formula: &Formula, steps: &[Step]) -> Result<Checked, Rejection> {
    let mut db = Database::new(formula.vars);
    for clause in &formula.clauses {
        db.add(clause);
    }
    let mut checked = Checked {
        formula_clauses: formula.clauses.len(),
        ..Checked::default()
    };
    for step in steps {
        match step {
            Step::Delete { clause, .. } => match db.delete(clause) {
                true => checked.deletions += 1,
                false => checked.missing_deletions += 1,
            },
            Step::Add { line, clause } => {
                checked.lemmas += 1;
                db.grow(clause);
                if !db.implied(clause, &[]) {
                    if !db.rat(clause) {
                        return Err(Rejection::Lemma {
                            line: *line,
                            lemma: checked.lemmas,
                            clause: words(clause),
                        });
                    }
                    checked.rat_lemmas += 1;
                }
                if clause.is_empty() {
                    return Ok(checked);
                }
                db.add(clause);
            }
        }
    }
    match db.implied(&[], &[]) {
        true => Ok(checked),
        false => Err(Rejection::NoRefutation {
            lemmas: checked.lemmas,
        }),
    }
}

/// A clause's literals as a proof writes them.
fn words(clause: &[i32]) -> String {
    let mut text: Vec<String> = clause.iter().map(i32::to_string).collect();
    text.push("0".into());
    text.join(" ")
}

/// The index of a literal's watch list.
fn code(lit: i32) -> usize {
    2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
}

/// The clauses in force, their watches, and one assignment that is reset for each check.
struct Database {
    /// Each clause's literals, its two watched ones first.
    lits: Vec<Vec<i32>>,
    /// Whether each clause is still in force.
    alive: Vec<bool>,
    /// Per literal code, the clauses watching it (deleted ones are dropped lazily).
    watches: Vec<Vec<usize>>,
    /// The unit clauses, in force or not.
    units: Vec<usize>,
    /// How many empty clauses are in force (any one refutes).
    empty: usize,
    /// The clauses in force by their sorted literals, for deletion.
    index: HashMap<Vec<i32>, Vec<usize>>,
    /// Per variable: 1 true, -1 false, 0 unassigned.
    value: Vec<i8>,
    /// The literals made true, in order.
    trail: Vec<i32>,
}

impl Database {
    fn new(vars: usize) -> Database {
        Database {
            lits: Vec::new(),
            alive: Vec::new(),
            watches: vec![Vec::new(); 2 * vars + 2],
            units: Vec::new(),
            empty: 0,
            index: HashMap::new(),
            value: vec![0; vars + 1],
            trail: Vec::new(),
        }
    }

    /// Makes room for the variables of `clause`.
    fn grow(&mut self, clause: &[i32]) {
        let top = clause.iter().map(|l| l.unsigned_abs() as usize).max();
        if let Some(top) = top.filter(|&t| t >= self.value.len()) {
            self.value.resize(top + 1, 0);
            self.watches.resize(2 * top + 2, Vec::new());
        }
    }

    /// The value of a literal under the assignment.
    fn val(&self, lit: i32) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit < 0 {
            -v
        } else {
            v
        }
    }

    /// Puts a clause in force (repeated literals once; a tautology is kept unwatched).
    fn add(&mut self, clause: &[i32]) {
        self.grow(clause);
        let mut lits: Vec<i32> = Vec::with_capacity(clause.len());
        for &l in clause {
            if !lits.contains(&l) {
                lits.push(l);
            }
        }
        let id = self.lits.len();
        let mut key = lits.clone();
        key.sort_unstable();
        self.index.entry(key).or_default().push(id);
        let tautology = lits.iter().any(|&l| lits.contains(&-l));
        match lits.len() {
            0 => self.empty += 1,
            1 => self.units.push(id),
            _ if tautology => {}
            _ => {
                self.watches[code(lits[0])].push(id);
                self.watches[code(lits[1])].push(id);
            }
        }
        self.lits.push(lits);
        self.alive.push(true);
    }

    /// Takes a clause out of force; false when no such clause is in force.
    fn delete(&mut self, clause: &[i32]) -> bool {
        let mut key: Vec<i32> = clause.to_vec();
        key.sort_unstable();
        key.dedup();
        let Some(ids) = self.index.get_mut(&key) else {
            return false;
        };
        let Some(id) = ids.pop() else {
            return false;
        };
        if ids.is_empty() {
            self.index.remove(&key);
        }
        self.alive[id] = false;
        if self.lits[id].is_empty() {
            self.empty -= 1;
        }
        true
    }

    /// Whether the clauses in force and the negation of `clause` and of `also` reach a
    /// conflict by unit propagation.
    fn implied(&mut self, clause: &[i32], also: &[i32]) -> bool {
        for &l in &self.trail {
            self.value[l.unsigned_abs() as usize] = 0;
        }
        self.trail.clear();
        self.empty > 0 || !self.assume(clause, also) || self.propagate()
    }

    /// Makes the units and the negated literals true; false on a contradiction.
    fn assume(&mut self, clause: &[i32], also: &[i32]) -> bool {
        for k in 0..self.units.len() {
            let id = self.units[k];
            if self.alive[id] && !self.set(self.lits[id][0]) {
                return false;
            }
        }
        clause.iter().chain(also).all(|&l| self.set(-l))
    }

    /// Makes `lit` true; false when it is false already.
    fn set(&mut self, lit: i32) -> bool {
        match self.val(lit) {
            1 => true,
            -1 => false,
            _ => {
                self.value[lit.unsigned_abs() as usize] = if lit > 0 { 1 } else { -1 };
                self.trail.push(lit);
                true
            }
        }
    }

    /// Unit propagation over the watches; true on a conflict.
    fn propagate(&mut self) -> bool {
        let mut head = 0;
        while head < self.trail.len() {
            let falsified = -self.trail[head];
            head += 1;
            let mut list = std::mem::take(&mut self.watches[code(falsified)]);
            let (mut i, mut kept) = (0, 0);
            let mut conflict = false;
            while i < list.len() {
                let id = list[i];
                i += 1;
                if !self.alive[id] {
                    continue;
                }
                if self.lits[id][0] == falsified {
                    self.lits[id].swap(0, 1);
                }
                let first = self.lits[id][0];
                if self.val(first) == 1 {
                    list[kept] = id;
                    kept += 1;
                    continue;
                }
                let other = (2..self.lits[id].len()).find(|&k| self.val(self.lits[id][k]) != -1);
                if let Some(k) = other {
                    self.lits[id].swap(1, k);
                    let watched = self.lits[id][1];
                    self.watches[code(watched)].push(id);
                    continue;
                }
                list[kept] = id;
                kept += 1;
                if !self.set(first) {
                    conflict = true;
                    break;
                }
            }
            while i < list.len() {
                list[kept] = list[i];
                kept += 1;
                i += 1;
            }
            list.truncate(kept);
            self.watches[code(falsified)] = list;
            if conflict {
                return true;
            }
        }
        false
    }

    /// Whether `clause` is a resolution asymmetric tautology on its first literal: every
    /// resolvent with a clause in force holding the pivot's negation is implied.
    fn rat(&mut self, clause: &[i32]) -> bool {
        let Some(&pivot) = clause.first() else {
            return false;
        };
        let partners: Vec<usize> = (0..self.lits.len())
            .filter(|&id| self.alive[id] && self.lits[id].contains(&-pivot))
            .collect();
        partners.into_iter().all(|id| {
            let rest: Vec<i32> = self.lits[id]
                .iter()
                .copied()
                .filter(|&l| l != -pivot)
                .collect();
            self.implied(clause, &rest)
        })
    }
}
