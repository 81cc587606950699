//! The streaming reader on arbitrary bytes, read through a buffer of 1 to 16 bytes: it
//! must never panic, and the size of the buffer must not change what is read (the same
//! puzzles, then the same error or none, as from the bytes read whole). This reaches
//! what the `parse` target cannot: bytes that are not UTF-8, NUL bytes and lone carriage
//! returns at every position against the buffer's edges, and the line cap.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::BufReader;
use sudoku_arena::model::{ParseError, ParseOptions, Puzzle, PuzzleReader, Variant};

/// What a reader yields, in a form two runs can be compared on.
fn read_all(
    reader: impl std::io::BufRead,
    opts: &ParseOptions,
) -> Vec<Result<(Vec<u8>, usize), ParseError>> {
    PuzzleReader::new(reader, "fuzz", opts)
        .map(|r| r.map(|p: Puzzle| (p.cells.clone(), p.geometry.n)))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, bytes)) = data.split_first() else {
        return;
    };
    let opts = ParseOptions {
        box_shape: None,
        variant: Some(if mode & 16 != 0 {
            Variant::X
        } else {
            Variant::Classic
        }),
    };
    let capacity = 1 + (mode & 15) as usize;
    let whole = read_all(bytes, &opts);
    let small = read_all(BufReader::with_capacity(capacity, bytes), &opts);
    assert_eq!(whole, small, "a {capacity}-byte buffer reads differently");
    // The first error ends the stream.
    if let Some(i) = whole.iter().position(|r| r.is_err()) {
        assert_eq!(i + 1, whole.len(), "items after an error");
    }
});
