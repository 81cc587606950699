//! The per-solve work outside the solver gives what it always gave: the parse of a
//! compact line (read without the general path's allocations), the independent check
//! (one pass, naming the first repeat only on failure), the one-line form written into a
//! reused buffer, the givens' conflict and a record's JSON line written field by field.
//! Each is checked against a plain statement of what it must give, on many grids. The
//! fingerprint of a grid and of its line, private to the crate, is checked the same way
//! inside it: `src/model/fingerprint.rs`.

use crate::common::{line_by_definition, line_form_board};
use proptest::prelude::*;
use sudoku_arena::harness::{Record, RunSettings};
use sudoku_arena::model::{
    parse_puzzles, validate, Geometry, ParseOptions, Puzzle, ValidationError, Variant,
};
use sudoku_arena::model::{to_line, write_line};
use sudoku_arena::solver::{Stats, Verdict};

/// A full valid grid of `g` (the pattern solution), its digits renamed by `shift`.
fn solved(g: &Geometry, shift: usize) -> Vec<u8> {
    let (n, br, bc) = (g.n, g.box_rows, g.box_cols);
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((bc * (r % br) + r / br + c + shift) % n + 1) as u8
        })
        .collect()
}

/// What the checker must say of a complete grid of values in 1..=n that keeps the
/// givens: the first repeated value in rows, then columns, then boxes, then diagonals.
fn first_repeat(g: &Geometry, s: &[u8]) -> Result<(), ValidationError> {
    let n = g.n;
    let mut houses: Vec<(String, Vec<usize>)> = Vec::new();
    for r in 0..n {
        houses.push((
            format!("row {}", r + 1),
            (0..n).map(|c| r * n + c).collect(),
        ));
    }
    for c in 0..n {
        houses.push((
            format!("column {}", c + 1),
            (0..n).map(|r| r * n + c).collect(),
        ));
    }
    for b in 0..n {
        let (r0, c0) = (
            b / (n / g.box_cols) * g.box_rows,
            b % (n / g.box_cols) * g.box_cols,
        );
        houses.push((
            format!("box {}", b + 1),
            (0..n)
                .map(|i| (r0 + i / g.box_cols) * n + c0 + i % g.box_cols)
                .collect(),
        ));
    }
    if g.variant == Variant::X {
        houses.push(("main diagonal".into(), (0..n).map(|i| i * n + i).collect()));
        houses.push((
            "anti-diagonal".into(),
            (0..n).map(|i| i * n + n - 1 - i).collect(),
        ));
    }
    for (house, cells) in houses {
        let mut seen = vec![false; n + 1];
        for cell in cells {
            let v = s[cell];
            if seen[v as usize] {
                return Err(ValidationError::Repeated { house, value: v });
            }
            seen[v as usize] = true;
        }
    }
    Ok(())
}

/// The first two equal givens of a unit, in the units' order.
fn first_conflict(p: &Puzzle) -> Option<(usize, usize, usize)> {
    for (u, unit) in p.geometry.units.iter().enumerate() {
        for (k, &b) in unit.cells.iter().enumerate() {
            let v = p.cells[b];
            if v != 0 {
                if let Some(&a) = unit.cells[..k].iter().find(|&&a| p.cells[a] == v) {
                    return Some((a, b, u));
                }
            }
        }
    }
    None
}

/// Text with everything JSON must escape, and more.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z0-9./:_ -]{0,30}",
        any::<String>(),
        "[\"\\\\\u{0}-\u{1f}\u{7f}é😀]{0,8}",
    ]
}

fn number() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        (0u32..100_000).prop_map(|v| f64::from(v) / 1000.0),
        Just(0.0),
        Just(-0.0),
        Just(f64::NAN),
        Just(f64::INFINITY),
    ]
}

prop_compose! {
    fn record()(
        (puzzle_index, size, solutions_found, timed_out) in (any::<usize>(), any::<usize>(), any::<u64>(), any::<bool>()),
        (source, file, puzzle, backend, effort_name) in (text(), text(), text(), text(), text()),
        (solution, failure, wrong, conflict) in (proptest::option::of(text()), proptest::option::of(text()), proptest::option::of(text()), proptest::option::of(text())),
        (fixed_fraction, time_ms, transport_ms, cpu_ms, resolution) in (number(), number(), number(), number(), number()),
        (time_source, cpu_source) in (text(), text()),
        verdict in 0usize..5,
        counts in proptest::array::uniform6(any::<u64>()),
        (encode_ms, solve_ms, decode_ms) in (number(), number(), number()),
        extra in proptest::collection::btree_map(text(), number(), 0..3),
        settings in proptest::option::of((any::<usize>(), proptest::option::of(number()), text(), 0usize..4, 0usize..3, proptest::option::of(any::<u64>()))),
        (line, label, peak_rss_kb, repeat_times_ms) in (any::<usize>(), proptest::option::of(text()), proptest::option::of(any::<u64>()), proptest::collection::vec(number(), 0..4)),
        memout in any::<bool>(),
    ) -> Record {
        Record {
            puzzle_index,
            source,
            file,
            line,
            label,
            puzzle,
            size,
            fixed_fraction,
            backend,
            verdict: if memout { Verdict::Memout } else { [Verdict::Unique, Verdict::Multiple, Verdict::None, Verdict::Solved, Verdict::Unknown][verdict] },
            solution,
            solutions_found,
            timed_out,
            time_ms,
            transport_ms,
            cpu_ms,
            peak_rss_kb,
            clocks: sudoku_arena::clock::Clocks {
                time_source: time_source.into(),
                time_resolution_ms: resolution,
                cpu_source: cpu_source.into(),
            },
            failure,
            wrong,
            conflict,
            effort_name,
            stats: {
                // Field by field: the library may give Stats more fields.
                let mut stats = Stats::default();
                [
                    stats.nodes,
                    stats.backtracks,
                    stats.propagations,
                    stats.variables,
                    stats.constraints,
                    stats.nonzeros,
                ] = counts;
                (stats.encode_ms, stats.solve_ms, stats.decode_ms) = (encode_ms, solve_ms, decode_ms);
                stats.extra = extra;
                stats
            },
            repeat_times_ms,
            settings: settings.map(|(max_solutions, timeout_s, variant, repeat, warmup, mem_limit)| RunSettings {
                max_solutions,
                timeout_s,
                variant,
                repeat,
                warmup,
                mem_limit,
            }),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_json_line_is_what_serde_json_writes(r in record()) {
        let mut out = b"kept".to_vec();
        r.write_json_line(&mut out);
        let want = format!("kept{}\n", serde_json::to_string(&r).unwrap());
        prop_assert_eq!(String::from_utf8(out).unwrap(), want);
    }

    #[test]
    fn the_check_names_the_first_repeat(
        board in 0usize..7,
        x in any::<bool>(),
        shift in 0usize..64,
        changes in proptest::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 0..3),
    ) {
        let g = line_form_board(board, x);
        let mut s = solved(&g, shift);
        for (cell, value) in changes {
            let at = cell.index(s.len());
            s[at] = value.index(g.n) as u8 + 1;
        }
        let blank = Puzzle::new(g.clone(), vec![0; g.cells()]);
        prop_assert_eq!(validate(&blank, &s), first_repeat(&g, &s));
    }

    #[test]
    fn the_check_names_the_first_bad_cell_or_changed_given_then_the_first_repeat(
        board in 0usize..7,
        x in any::<bool>(),
        shift in 0usize..64,
        changes in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..3),
        kept in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..3), 0..30),
    ) {
        let g = line_form_board(board, x);
        let n = g.n;
        let truth = solved(&g, shift);
        // Givens taken from the grid, some of them moved off it by 1 or 2.
        let mut givens = vec![0u8; g.cells()];
        for (cell, off) in kept {
            let at = cell.index(givens.len());
            givens[at] = ((usize::from(truth[at]) - 1 + usize::from(off)) % n + 1) as u8;
        }
        // Any byte in a few cells: blanks and values above the side too.
        let mut s = truth;
        for (cell, value) in changes {
            let at = cell.index(s.len());
            s[at] = value;
        }
        let name = |i: usize| format!("r{}c{}", i / n + 1, i % n + 1);
        let mut want = Ok(());
        for (i, (&given, &value)) in givens.iter().zip(&s).enumerate() {
            if value == 0 || usize::from(value) > n {
                want = Err(ValidationError::BadValue { cell: name(i), value });
                break;
            }
            if given != 0 && given != value {
                want = Err(ValidationError::GivenChanged { cell: name(i), given, found: value });
                break;
            }
        }
        if want.is_ok() {
            want = first_repeat(&g, &s);
        }
        let puzzle = Puzzle::new(g.clone(), givens);
        prop_assert_eq!(validate(&puzzle, &s), want);
    }

    #[test]
    fn the_conflict_is_the_first_pair_of_equal_givens(
        board in 0usize..7,
        x in any::<bool>(),
        givens in proptest::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 0..40),
    ) {
        let g = line_form_board(board, x);
        let mut cells = vec![0u8; g.cells()];
        for (cell, value) in givens {
            let at = cell.index(cells.len());
            cells[at] = value.index(g.n) as u8 + 1;
        }
        let p = Puzzle::new(g, cells);
        prop_assert_eq!(p.conflicting_givens(), first_conflict(&p));
    }

    #[test]
    fn a_one_line_form_is_its_definition_and_reads_back_as_its_grid(
        board in 0usize..7,
        values in proptest::collection::vec(any::<prop::sample::Index>(), 4096),
        spaced in any::<bool>(),
    ) {
        let g = line_form_board(board, false);
        let cells: Vec<u8> = values[..g.cells()].iter().map(|v| v.index(g.n + 1) as u8).collect();
        let mut line = String::from("kept");
        write_line(&g, &cells, &mut line);
        let want = line_by_definition(&g, &cells);
        prop_assert_eq!(&line[4..], want.as_str());
        prop_assert_eq!(to_line(&g, &cells), want.clone());
        // The line parses back to its grid, whether it takes the compact path or the
        // general one (the same grid as space-separated numbers).
        let text = if spaced {
            cells.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
        } else {
            want
        };
        let shape = ParseOptions { box_shape: Some((g.box_rows, g.box_cols)), variant: None };
        let p = parse_puzzles(&format!("\n{text} # named\n"), "f.txt", &shape).unwrap();
        prop_assert_eq!(p.len(), 1);
        prop_assert_eq!(&p[0].cells, &cells);
        prop_assert_eq!((p[0].origin.line, p[0].label.as_deref()), (2, Some("named")));
        prop_assert_eq!(p[0].display_name(), "named");
    }
}

#[test]
fn compact_lines_that_are_not_whole_puzzles_read_as_before() {
    let opts = ParseOptions::default();
    // 16 symbols with a 5: not a 4x4 puzzle but the first row of a 16x16 grid.
    let row = "1234567812345678";
    let e = parse_puzzles(row, "f.txt", &opts).unwrap_err();
    assert_eq!(
        e.to_string(),
        "f.txt:1: the 16x16 grid that starts here ends after 1 of its 16 rows"
    );
    // 81 symbols with an A: a 9x9 puzzle whose value 10 is above 9, named by its cell.
    let line = format!("12A{}", ".".repeat(78));
    let e = parse_puzzles(&line, "f.txt", &opts).unwrap_err();
    assert_eq!(
        e.to_string(),
        "f.txt:1: r1c3: value 10 is above 9, the largest of a 9x9 grid"
    );
    // A puzzle line names itself by file and line.
    let p = parse_puzzles(&format!("\n\n{}", ".".repeat(81)), "f.txt", &opts).unwrap();
    assert_eq!(p[0].display_name(), "f.txt:3");
    assert_eq!(p[0].conflict(), None);
}
