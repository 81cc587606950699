//! A test's scratch files, named as the command line takes them, and the results files
//! the binary writes.

use std::path::Path;
use sudoku_arena::harness::{parse_records, Record};

/// The path of `name` in the folder `dir` (a test's `TempDir`, or a path), as an
/// argument for the binary.
pub fn path_in(dir: impl AsRef<Path>, name: &str) -> String {
    dir.as_ref().join(name).to_str().unwrap().to_string()
}

/// Writes `contents` to `name` in the folder `dir`; its path, as [`path_in`] gives it.
pub fn write(dir: impl AsRef<Path>, name: &str, contents: impl AsRef<[u8]>) -> String {
    let path = path_in(dir, name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// The records of the results file at `path`, read as the library reads them.
pub fn records(path: &str) -> Vec<Record> {
    parse_records(&std::fs::read_to_string(path).unwrap(), path).unwrap()
}
