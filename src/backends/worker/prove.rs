//! The proof writer as a child process, so that a deadline can stop it: varisat cannot
//! be interrupted. `sudoku-arena __prove CNF PROOF` refutes the DIMACS file CNF, writing
//! its DRAT proof to PROOF, and exits 20 when refuted, 10 when the CNF has a model, 2 on
//! an error (said on standard error), as SAT solvers do.

use crate::backends::sat::refute_dimacs;
use std::io::BufWriter;

/// The hidden first argument that turns `sudoku-arena` into a proof writer.
pub const PROVE_ARG: &str = "__prove";

/// Writes the proof of the files named by `args` (CNF, PROOF): the exit status.
pub(super) fn prove(mut args: impl Iterator<Item = String>) -> i32 {
    let (Some(cnf), Some(proof)) = (args.next(), args.next()) else {
        eprintln!("usage: sudoku-arena {PROVE_ARG} CNF PROOF");
        return 2;
    };
    let files = std::fs::File::open(&cnf)
        .map_err(|e| format!("{cnf}: {e}"))
        .and_then(|c| {
            Ok((
                c,
                std::fs::File::create(&proof).map_err(|e| format!("{proof}: {e}"))?,
            ))
        });
    match files.and_then(|(c, p)| refute_dimacs(std::io::BufReader::new(c), BufWriter::new(p))) {
        Ok(true) => 20,
        Ok(false) => 10,
        Err(e) => {
            eprintln!("{e}");
            2
        }
    }
}
