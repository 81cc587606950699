//! The exact-cover text export, as the registry's encodings write it: the 4x4 golden
//! file is reproduced byte for byte. That the export is a complete statement of the
//! problem (read back by a plain reader into the generic engine, it yields the same
//! solution) is tested inside the crate, where the engine is: `src/backends/dlx/tests.rs`.

use crate::common::puzzle;
use sudoku_arena::backends::encoding;
use sudoku_arena::model::Variant;

#[test]
fn golden_4x4_export_is_reproduced_byte_for_byte() {
    let golden = include_str!("../../encodings/exact-cover-4x4.txt");
    let p = puzzle("1.......2..3....", Variant::Classic);
    let export = encoding("exact-cover").unwrap().export;
    assert_eq!(export(&p, "text").unwrap(), golden);
}
