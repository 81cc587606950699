//! The parser on arbitrary bytes: it must never panic, and every puzzle it accepts must
//! be a real grid (side 4..=64, N² cells, values 0..=N, geometry of the options asked)
//! that reads back the same from both written forms (the compact line and the grid).
//!
//! The first byte picks the options (box shape, X variant) and whether the rest is read
//! as strict UTF-8 (skipped when invalid) or lossily.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_arena::model::{to_grid, to_line};
use sudoku_arena::model::{MAX_SIDE, MIN_SIDE};
use sudoku_arena::model::{parse_puzzles, ParseOptions, Variant};

/// Box shapes to force, among them ones that fit no side, one with a zero and ones whose
/// product overflows (the CLI's `--box` accepts any pair of positive numbers).
const SHAPES: [Option<(usize, usize)>; 12] = [
    None,
    None,
    Some((2, 2)),
    Some((2, 3)),
    Some((3, 2)),
    Some((3, 3)),
    Some((2, 4)),
    Some((1, 4)),
    Some((4, 4)),
    Some((0, 9)),
    Some((1 << 32, 1 << 32)),
    // 9 times the inverse of 5 modulo 2^64, times 5: the product wraps to 9.
    Some((0x3333_3333_3333_3335, 5)),
];

fuzz_target!(|data: &[u8]| {
    let Some((&mode, bytes)) = data.split_first() else {
        return;
    };
    let opts = ParseOptions {
        box_shape: SHAPES[(mode & 15) as usize % SHAPES.len()],
        variant: Some(if mode & 16 != 0 {
            Variant::X
        } else {
            Variant::Classic
        }),
    };
    let text = if mode & 32 != 0 {
        match std::str::from_utf8(bytes) {
            Ok(t) => std::borrow::Cow::Borrowed(t),
            Err(_) => return,
        }
    } else {
        String::from_utf8_lossy(bytes)
    };
    let Ok(puzzles) = parse_puzzles(&text, "fuzz", &opts) else {
        return;
    };
    for p in &puzzles {
        let g = &p.geometry;
        let n = g.n;
        assert!((MIN_SIDE..=MAX_SIDE).contains(&n), "side {n}");
        assert_eq!(
            g.box_rows * g.box_cols,
            n,
            "box {}x{}",
            g.box_rows,
            g.box_cols
        );
        if let Some(shape) = opts.box_shape {
            assert_eq!((g.box_rows, g.box_cols), shape);
        }
        assert_eq!(Some(g.variant), opts.variant);
        assert_eq!(p.cells.len(), n * n);
        assert!(p.cells.iter().all(|&v| v as usize <= n), "value above {n}");
        if let Some(expected) = &p.expected {
            assert_eq!(expected.len(), n * n);
            assert!(expected.iter().all(|&v| v as usize <= n));
        }
        assert!(p.origin.line >= 1);
        // Both written forms read back as the same puzzle (format.rs promises it).
        for written in [to_line(g, &p.cells), to_grid(g, &p.cells)] {
            let back = parse_puzzles(&written, "written", &opts)
                .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
            assert_eq!(back.len(), 1, "{written:?} reads as {} puzzles", back.len());
            assert_eq!(back[0].cells, p.cells, "{written:?} reads back different");
            assert_eq!(back[0].geometry, p.geometry);
        }
    }
});
