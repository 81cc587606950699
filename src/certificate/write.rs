//! Writing certificates: per puzzle, the files its verdict needs, then the manifest.

use super::house_count::{self, CountStep, Reached};
use super::manifest::{Entry, Manifest, FORMAT, MANIFEST};
use super::prover::{write_file, Prover, Refutation};
use crate::backends::sat::dimacs::certificate_text;
use crate::backends::sat::encode::Encoded;
use crate::error::{Error, Result};
use crate::model::header_line;
use crate::model::{to_line, validate, Puzzle};
use crate::solver::{Outcome, Verdict};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// Writes the certificates of one run into a directory, and its manifest at the end.
/// Several threads may certify at once: only the names and the entries are shared.
pub struct Certifier {
    dir: PathBuf,
    prover: Prover,
    manifest: Mutex<Manifest>,
    names: Mutex<HashSet<String>>,
    /// When the manifest was last written: it is written again at most every
    /// `MANIFEST_EVERY` while a run goes on, so a run stopped midway leaves one.
    written: Mutex<Instant>,
}

/// How often the manifest is written while certificates are being made.
const MANIFEST_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

impl Certifier {
    /// A certifier writing into `dir` (made if missing) with `prover`'s proofs.
    pub fn new(dir: &Path, prover: Prover) -> Result<Certifier> {
        let io = |source| Error::Io {
            path: dir.display().to_string(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        // Absolute, for the prover programs, which run in folders of their own.
        let dir = std::fs::canonicalize(dir).map_err(io)?;
        let how_to_check = how_to_check(&prover);
        Ok(Certifier {
            dir,
            prover,
            manifest: Mutex::new(Manifest {
                format: FORMAT.into(),
                written_by: format!("sudoku-arena {}", env!("CARGO_PKG_VERSION")),
                prover: format!("{} ({})", prover.name(), prover.engine()),
                how_to_check,
                entries: Vec::new(),
            }),
            names: Mutex::new(HashSet::new()),
            written: Mutex::new(Instant::now()),
        })
    }

    /// Certifies `outcome`, the answer to `puzzle`: writes its files and returns its
    /// entry, whose `note` says why there is no certificate when there is none (a board
    /// with Killer cages or Jigsaw regions, a verdict that is not `unique`, `none` or
    /// `multiple`, a deadline, or a prover that found the verdict wrong). An error is a
    /// file that could not be written.
    pub fn certify(
        &self,
        puzzle: &Puzzle,
        outcome: &Outcome,
        deadline: Option<Instant>,
    ) -> Result<Entry> {
        let g = &puzzle.geometry;
        let mut entry = Entry {
            name: self.name_for(puzzle),
            source: puzzle.origin.file.to_string(),
            line: puzzle.origin.line,
            label: puzzle.label.clone(),
            board: header_line(g).trim_end().to_string(),
            puzzle: to_line(g, &puzzle.cells),
            verdict: outcome.verdict.name().to_string(),
            ..Entry::default()
        };
        let solutions = &outcome.solutions;
        let valid = |s: &[u8]| validate(puzzle, s).is_ok();
        match outcome.verdict {
            _ if !g.is_plain() => entry.note = Some(not_plain(g)),
            Verdict::Unique if solutions.len() == 1 && valid(&solutions[0]) => {
                entry.claim = "the puzzle has exactly one solution: the one given, and the CNF \
                               (the puzzle's encoding and the clause that excludes it) has no model"
                    .into();
                let file = format!("{}.solution", entry.name);
                self.write(&file, format!("{}\n", to_line(g, &solutions[0])).as_bytes())?;
                entry.solutions = Some(file);
                self.refute(puzzle, Some(&solutions[0]), &mut entry, deadline)?;
            }
            Verdict::None => {
                entry.claim = "the puzzle has no solution: its CNF has no model".into();
                self.refute(puzzle, None, &mut entry, deadline)?;
            }
            Verdict::Multiple
                if solutions.len() >= 2
                    && solutions[0] != solutions[1]
                    && valid(&solutions[0])
                    && valid(&solutions[1]) =>
            {
                entry.claim =
                    "the puzzle has more than one solution: two different ones are given".into();
                let file = format!("{}.solutions", entry.name);
                let text = format!(
                    "{}\n{}\n",
                    to_line(g, &solutions[0]),
                    to_line(g, &solutions[1])
                );
                self.write(&file, text.as_bytes())?;
                entry.solutions = Some(file);
            }
            Verdict::Multiple => {
                entry.note = Some("two different valid solutions are needed (solve keeps them with --max-solutions 2 or more)".into());
            }
            Verdict::Unique => {
                entry.note = Some(format!(
                    "`unique` needs one valid solution; the answer holds {} and {}",
                    solutions.len(),
                    match solutions.first().is_some_and(|s| valid(s)) {
                        true => "the first is valid",
                        false => "none valid",
                    }
                ))
            }
            v => {
                entry.note = Some(format!(
                    "`{}` is not a verdict a certificate proves: only unique, none and multiple",
                    v.name()
                ))
            }
        }
        if let Some(note) = &entry.note {
            entry.claim = format!("no certificate: {note}");
        }
        if let Some(ms) = entry.prove_ms.as_mut() {
            *ms = (*ms * 1000.0).round() / 1000.0;
        }
        let manifest_due = {
            let mut m = self.lock();
            m.entries.push(entry.clone());
            let mut last = self.written.lock().unwrap_or_else(|e| e.into_inner());
            let due = last.elapsed() >= MANIFEST_EVERY;
            if due {
                *last = Instant::now();
            }
            due
        };
        if manifest_due {
            self.finish()?;
        }
        Ok(entry)
    }

    /// Writes the proof that `solution` is the only one (or, without one, that there is
    /// none): a CNF and its refutation, or a house-count proof.
    fn refute(
        &self,
        puzzle: &Puzzle,
        solution: Option<&[u8]>,
        entry: &mut Entry,
        deadline: Option<Instant>,
    ) -> Result<()> {
        let Some(encoding) = self.prover.encoding() else {
            return self.count(puzzle, solution, entry, deadline);
        };
        let encoded = Encoded::build(puzzle, encoding);
        let blocking = solution.map(|s| encoded.blocking_clause(puzzle, s));
        let text = certificate_text(puzzle, &encoded, blocking.as_deref());
        let (cnf, proof) = (
            format!("{}.cnf", entry.name),
            format!("{}.drat", entry.name),
        );
        self.write(&cnf, text.as_bytes())?;
        entry.encoding = Some(encoding.name().into());
        let clauses = encoded.cnf.clauses() + usize::from(blocking.is_some());
        entry.cnf_size = Some([encoded.cnf.vars as u64, clauses as u64, text.len() as u64]);
        let start = Instant::now();
        let (cnf_path, proof_path) = (self.dir.join(&cnf), self.dir.join(&proof));
        let answer = match self.prover.refute(
            &encoded.cnf,
            blocking.as_deref(),
            &cnf_path,
            &proof_path,
            deadline,
        ) {
            Ok(answer) => answer,
            // A prover that failed (a program that crashed, no executable for the child)
            // leaves this puzzle without a certificate, not the run without a manifest.
            Err(e) => {
                let _ = std::fs::remove_file(&proof_path);
                entry.note = Some(format!("no certificate: the prover failed: {e}"));
                return Ok(());
            }
        };
        entry.prove_ms = Some(crate::solver::ms(start.elapsed()));
        entry.cnf = Some(cnf.clone());
        match answer {
            Refutation::Refuted => {
                entry.proof_size = Some(proof_size(&proof_path)?);
                let empty = encoded
                    .cnf
                    .iter()
                    .chain(blocking.as_deref())
                    .any(|c| c.is_empty());
                entry.check_with = match empty {
                    // rate 0.3.0 stops on a formula holding the empty clause.
                    true => vec![
                        format!("drat-trim {cnf} {proof}"),
                        format!("{cnf} holds the empty clause: it has no model as written"),
                    ],
                    false => vec![
                        format!("drat-trim {cnf} {proof}"),
                        format!("rate {cnf} {proof}"),
                    ],
                };
                entry.proof = Some(proof);
            }
            Refutation::Satisfiable => {
                let _ = std::fs::remove_file(&proof_path);
                entry.verdict_wrong = true;
                entry.note = Some(format!(
                    "NOT CERTIFIED: {} found a model of the CNF, so the verdict `{}` is wrong",
                    self.prover.name(),
                    entry.verdict
                ));
            }
            Refutation::Stopped => {
                let _ = std::fs::remove_file(&cnf_path);
                (entry.cnf, entry.cnf_size, entry.encoding) = (None, None, None);
                entry.note = Some("the deadline stopped the proof before it was written".into());
            }
        }
        Ok(())
    }

    /// Writes the house-count proof of the verdict, when the singles and counts reach it.
    fn count(
        &self,
        puzzle: &Puzzle,
        solution: Option<&[u8]>,
        entry: &mut Entry,
        deadline: Option<Instant>,
    ) -> Result<()> {
        let start = Instant::now();
        let proved = house_count::prove(puzzle, deadline);
        entry.prove_ms = Some(crate::solver::ms(start.elapsed()));
        let proof = match proved {
            Ok(proof) => proof,
            Err(why) => {
                entry.note = Some(format!("no house-count certificate: {why}"));
                return Ok(());
            }
        };
        // The prover's own end, which the check will replay: it must be the verdict's.
        let reached = match house_count::check(puzzle, &proof) {
            Ok(reached) => reached,
            Err(e) => {
                entry.note = Some(format!(
                    "no house-count certificate: the proof written does not check ({e}); a fault of this program, please report it"
                ));
                return Ok(());
            }
        };
        let end = match &reached {
            Reached::Solved(_) => "they place every digit",
            Reached::Contradiction => "they empty a house",
        };
        let agrees = match (&reached, solution) {
            (Reached::Solved(grid), Some(s)) => grid.as_slice() == s,
            (Reached::Contradiction, None) => true,
            _ => false,
        };
        if !agrees {
            entry.verdict_wrong = true;
            entry.note = Some(format!(
                "NOT CERTIFIED: the house counts end otherwise than the verdict `{}`: {end}{}",
                entry.verdict,
                if solution.is_some() && matches!(reached, Reached::Solved(_)) {
                    ", on another grid"
                } else {
                    ""
                }
            ));
            return Ok(());
        }
        entry.claim = match solution {
            Some(_) => "the puzzle has exactly one solution: singles and weighted house counts, each checked by arithmetic, place every digit from the givens",
            None => "the puzzle has no solution: singles and weighted house counts, each checked by arithmetic, leave a house empty",
        }
        .into();
        let file = format!("{}.count.json", entry.name);
        let text = serde_json::to_string(&proof).map_err(|e| Error::Config(e.to_string()))?;
        self.write(&file, format!("{text}\n").as_bytes())?;
        let counts = proof
            .steps
            .iter()
            .filter(|s| matches!(s, CountStep::Count { .. }))
            .count();
        entry.proof_size = Some([
            proof.steps.len() as u64,
            counts as u64,
            text.len() as u64 + 1,
        ]);
        entry.check_with = vec![format!(
            "sudoku-arena verify-certificate DIR: {file} is checked by arithmetic"
        )];
        entry.count = Some(file);
        Ok(())
    }

    /// Writes the manifest, its entries in input order (the files in the order first met,
    /// each by line); the entries written so far are the run's.
    pub fn finish(&self) -> Result<Manifest> {
        // Written under the lock, through a temporary file renamed over the old one: two
        // threads never write it at once, and a reader never sees half of it.
        let mut m = self.lock();
        // Files in the order they were first met, each by line (threads of a
        // comparison may certify out of order).
        let mut sources: Vec<String> = Vec::new();
        for e in &m.entries {
            if !sources.contains(&e.source) {
                sources.push(e.source.clone());
            }
        }
        let rank = |e: &Entry| (sources.iter().position(|s| *s == e.source), e.line);
        m.entries.sort_by_key(rank);
        let text = serde_json::to_string_pretty(&*m)
            .map_err(|e| Error::Config(format!("the manifest: {e}")))?;
        let part = format!("{MANIFEST}.part");
        self.write(&part, format!("{text}\n").as_bytes())?;
        std::fs::rename(self.dir.join(&part), self.dir.join(MANIFEST)).map_err(|source| {
            Error::Io {
                path: self.dir.join(MANIFEST).display().to_string(),
                source,
            }
        })?;
        Ok(m.clone())
    }

    /// The directory written to (absolute).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The manifest so far (a thread that panicked holding it left it whole: entries
    /// are pushed in one step).
    fn lock(&self) -> std::sync::MutexGuard<'_, Manifest> {
        self.manifest.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self, name: &str, text: &[u8]) -> Result<()> {
        write_file(&self.dir.join(name), text)
    }

    /// The stem of a puzzle's files: its input's name and line (`hard-l12`), made unique.
    fn name_for(&self, puzzle: &Puzzle) -> String {
        let file = Path::new(&*puzzle.origin.file);
        let stem = match &*puzzle.origin.file {
            "-" => "stdin".to_string(),
            _ => file
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        };
        let stem: String = stem
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let base = format!("{}-l{}", stem.trim_matches(['.', '_']), puzzle.origin.line);
        let mut name = base.clone();
        let mut k = 1;
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        while !names.insert(name.clone()) {
            k += 1;
            name = format!("{base}-{k}");
        }
        name
    }
}

/// Why a board with Killer cages or Jigsaw regions gets no certificate: an entry states
/// its board by a header line (box shape and variant), which cannot carry them, so a
/// check would rebuild another puzzle (and the encodings written apart know no cages).
fn not_plain(g: &crate::model::Geometry) -> String {
    let what = match (g.has_cages(), g.has_boxes()) {
        (true, false) => "Killer cages and Jigsaw regions",
        (true, true) => "Killer cages",
        (false, _) => "Jigsaw regions",
    };
    format!(
        "the board has {what}, which the header line a certificate states its board by (box shape and variant) cannot carry"
    )
}

/// What the manifest says of checking the files, for `prover`'s certificates.
fn how_to_check(prover: &Prover) -> Vec<String> {
    let mut lines = vec![
        "sudoku-arena verify-certificate DIR: every entry, whole (solutions, CNF rebuilt from the puzzle, proof); add --puzzles FILE to tie the entries to your puzzles".to_string(),
        "NAME.solution (unique) and NAME.solutions (multiple, two lines): each line a solution of the puzzle, for any checker that knows the board (with the diagonals of X-Sudoku)".into(),
    ];
    match prover.encoding() {
        Some(_) => lines.extend([
            "in DIR: drat-trim NAME.cnf NAME.drat (the reference checker, github.com/marijnheule/drat-trim) or rate NAME.cnf NAME.drat (cargo install rate): the CNF has no model; that it is this puzzle's encoding is what verify-certificate checks, or rebuild it from encodings/sat.md".into(),
            "cnf_size is [variables, clauses, bytes]; proof_size is [lemmas, deletions, bytes]".into(),
        ]),
        None => lines.extend([
            "NAME.count.json: singles and weighted house counts from the givens, cells numbered row by row from 0, units as rows, columns, boxes, then the diagonal and anti-diagonal of X-Sudoku (from 0); verify-certificate replays them by arithmetic".into(),
            "proof_size is [steps, counts among them, bytes]".into(),
        ]),
    }
    lines
}

/// A DRAT text's lemmas, deletions and bytes.
fn proof_size(path: &Path) -> Result<[u64; 3]> {
    let text = std::fs::read(path).map_err(|source| Error::Io {
        path: path.display().to_string(),
        source,
    })?;
    let (mut lemmas, mut deletions) = (0, 0);
    for line in text.split(|&b| b == b'\n') {
        match line.first() {
            Some(b'd') => deletions += 1,
            Some(b'c') | None => {}
            Some(_) => lemmas += 1,
        }
    }
    Ok([lemmas, deletions, text.len() as u64])
}
