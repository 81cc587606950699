//! The checker on small formulas: the faults a proof can carry, each rejected, and its
//! propagation and verdicts against a brute force on random formulas.

use super::checker::check;
use super::*;
use proptest::prelude::*;

/// Every clause of three literals over 1, 2, 3: unsatisfiable, and nothing propagates
/// from it alone.
const FORMULA: &str = "c every 3-clause over three variables\np cnf 3 8\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n";

/// A refutation of FORMULA: `1 2`, `1`, `2`, then the empty clause, each by propagation.
const PROOF: &str = "1 2 0\n1 0\n2 0\n0\n";

#[test]
fn a_refutation_is_accepted_with_what_it_went_through() {
    let checked = check_refutation(FORMULA, PROOF).expect("a refutation");
    assert_eq!(checked.formula_clauses, 8);
    assert_eq!(checked.lemmas, 4);
    assert_eq!(checked.rat_lemmas, 0);
}

#[test]
fn a_dropped_lemma_is_rejected() {
    // Without `2`, the empty clause does not follow: 1 alone leaves four 2-clauses.
    let err = check_refutation(FORMULA, "1 2 0\n1 0\n0\n").unwrap_err();
    assert!(
        matches!(
            err,
            Rejection::Lemma {
                line: 3,
                lemma: 3,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn a_formula_clause_removed_is_rejected() {
    // Without `-1 -2 -3` the formula is satisfied by 1, 2, 3: the last step fails.
    let without = FORMULA
        .replace("p cnf 3 8", "p cnf 3 7")
        .replace("-1 -2 -3 0\n", "");
    let err = check_refutation(&without, PROOF).unwrap_err();
    assert!(matches!(err, Rejection::Lemma { lemma: 4, .. }), "{err}");
}

#[test]
fn a_proof_of_another_formula_is_rejected() {
    let other = "p cnf 3 3\n1 2 3 0\n-1 -2 0\n-3 1 0\n";
    assert!(check_refutation(other, PROOF).is_err());
}

#[test]
fn a_proof_that_stops_short_is_rejected() {
    let err = check_refutation(FORMULA, "1 2 0\n1 0\n").unwrap_err();
    assert_eq!(err, Rejection::NoRefutation { lemmas: 2 });
}

#[test]
fn a_deleted_clause_is_no_longer_used() {
    let err = check_refutation(FORMULA, "1 2 0\n1 0\n2 0\nd -1 -2 -3 0\n0\n").unwrap_err();
    assert!(matches!(err, Rejection::Lemma { lemma: 4, .. }), "{err}");
    // A deletion of a clause that is not there is passed over, and counted.
    let checked = check_refutation(FORMULA, "d 1 1 1 0\n1 2 0\n1 0\n2 0\n0\n").unwrap();
    assert_eq!((checked.deletions, checked.missing_deletions), (0, 1));
}

#[test]
fn a_rat_lemma_is_accepted_and_counted() {
    // x4 is fresh: `4 1` is RAT on 4 (no clause holds -4), and the proof goes on.
    let checked = check_refutation(FORMULA, "4 1 0\n1 2 0\n1 0\n2 0\n0\n").expect("RAT");
    assert_eq!(checked.rat_lemmas, 1);
    // A lemma neither RUP nor RAT: `-1` while `1` is a unit (its one partner).
    let err = check_refutation("p cnf 2 2\n1 0\n1 2 0\n", "-1 0\n").unwrap_err();
    assert!(matches!(err, Rejection::Lemma { lemma: 1, .. }), "{err}");
}

#[test]
fn bad_text_is_named_by_line() {
    let err = check_refutation("p cnf 2 1\n1 3 0\n", "0\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "formula line 2: literal 3 is beyond the 2 variables of the header"
    );
    let err = check_refutation("p cnf 2 2\n1 2 0\n", "0\n").unwrap_err();
    assert!(
        err.to_string()
            .contains("1 clauses, where the header says 2"),
        "{err}"
    );
    let err = check_refutation(FORMULA, "1 2 0\nx 0\n").unwrap_err();
    assert_eq!(err.to_string(), "proof line 2: `x` is not a literal");
    let err = check_refutation(FORMULA, "1 2").unwrap_err();
    assert!(err.to_string().contains("no closing 0"), "{err}");
    let err = check_refutation(FORMULA, "a\u{1}\u{2}\u{0}").unwrap_err();
    assert!(err.to_string().contains("binary DRAT"), "{err}");
}

/// Whether some assignment satisfies `clauses` over `vars` variables.
fn satisfiable(vars: usize, clauses: &[Vec<i32>]) -> bool {
    (0u32..1 << vars).any(|bits| {
        clauses.iter().all(|c| {
            c.iter().any(|&l| {
                let v = bits >> (l.unsigned_abs() - 1) & 1 == 1;
                v == (l > 0)
            })
        })
    })
}

/// A second forward check, written the slow way and by RUP alone: every lemma must
/// follow by unit propagation from the clauses before it (less those deleted), and the
/// proof must reach the empty clause. The certificate tests hold the checker to it.
pub(crate) fn slow_forward_check(formula: &[Vec<i32>], steps: &[Step]) -> bool {
    let sorted = |c: &[i32]| {
        let mut c = c.to_vec();
        c.sort_unstable();
        c.dedup();
        c
    };
    let mut db: Vec<Vec<i32>> = formula.to_vec();
    for step in steps {
        match step {
            Step::Delete { clause, .. } => {
                let key = sorted(clause);
                if let Some(k) = db
                    .iter()
                    .rposition(|c| c.len() >= key.len() && sorted(c) == key)
                {
                    db.remove(k);
                }
            }
            Step::Add { clause, .. } => {
                if !rup(&db, clause) {
                    return false;
                }
                if clause.is_empty() {
                    return true;
                }
                db.push(clause.clone());
            }
        }
    }
    rup(&db, &[])
}

/// Unit propagation the slow way: whether `clauses` with the negation of `lemma` reach
/// a conflict.
pub(crate) fn rup(clauses: &[Vec<i32>], lemma: &[i32]) -> bool {
    let mut value: std::collections::HashMap<u32, bool> = Default::default();
    for &l in lemma {
        if value.insert(l.unsigned_abs(), l < 0) == Some(l > 0) {
            return true;
        }
    }
    loop {
        let mut changed = false;
        for c in clauses {
            let mut open: Vec<i32> = c
                .iter()
                .copied()
                .filter(|l| !value.contains_key(&l.unsigned_abs()))
                .collect();
            open.sort_unstable();
            open.dedup();
            let satisfied = c
                .iter()
                .any(|l| value.get(&l.unsigned_abs()) == Some(&(*l > 0)));
            if satisfied {
                continue;
            }
            match open.as_slice() {
                [] => return true,
                [l] => {
                    value.insert(l.unsigned_abs(), *l > 0);
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return false;
        }
    }
}

fn clause(vars: i32) -> impl Strategy<Value = Vec<i32>> {
    prop::collection::vec((1..=vars, any::<bool>()), 1..4).prop_map(|ls| {
        ls.into_iter()
            .map(|(v, s)| if s { v } else { -v })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// A proof the checker accepts refutes a formula that is in truth unsatisfiable, and
    /// each lemma it takes by unit propagation is one the slow propagation takes too.
    #[test]
    fn accepted_proofs_refute_unsatisfiable_formulas(
        clauses in prop::collection::vec(clause(5), 1..22),
        lemmas in prop::collection::vec(clause(5), 0..6),
        deletions in prop::collection::vec((0..7usize, 0..30usize), 0..4),
    ) {
        let formula = Formula { vars: 5, clauses: clauses.clone() };
        let mut steps: Vec<Step> = lemmas
            .iter()
            .enumerate()
            .map(|(i, c)| Step::Add { line: i + 1, clause: c.clone() })
            .collect();
        // Deletions among the lemmas: clauses of the formula (their literals reversed,
        // as a proof may write them) and of the lemmas before, and one that is not there.
        for (k, &(at, which)) in deletions.iter().enumerate() {
            let pool: Vec<&Vec<i32>> = clauses.iter().chain(&lemmas).collect();
            let mut clause = pool[which % pool.len()].clone();
            clause.reverse();
            if k == 0 {
                clause.push(clause[0]);
            }
            steps.insert(at.min(steps.len()), Step::Delete { line: 100 + k, clause });
        }
        steps.push(Step::Add { line: steps.len() + 1, clause: Vec::new() });
        let ours = check(&formula, &steps).is_ok();
        if ours {
            prop_assert!(!satisfiable(5, &clauses));
        }
        // Whatever the slow forward check takes by propagation alone, ours takes too.
        if slow_forward_check(&clauses, &steps) {
            prop_assert!(ours);
        }
        // The first lemma alone: RUP exactly when the slow propagation says so (or RAT).
        if let Some(first) = lemmas.first() {
            let one = [Step::Add { line: 1, clause: first.clone() }];
            let verdict = check(&formula, &one);
            let rejected_first = matches!(verdict, Err(Rejection::Lemma { .. }));
            if rup(&clauses, first) {
                prop_assert!(!rejected_first);
            }
        }
        // The empty clause alone is accepted exactly when propagation refutes the formula.
        let alone = [Step::Add { line: 1, clause: Vec::new() }];
        prop_assert_eq!(check(&formula, &alone).is_ok(), rup(&clauses, &[]));
    }
}
