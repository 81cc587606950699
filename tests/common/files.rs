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

/// Writes `mixed.txt` in `dir` from lines of files in `tests/data/`: per `(file, skip,
/// count)`, `count` lines after the first `skip`; its path.
pub fn data_lines_file(dir: impl AsRef<Path>, parts: &[(&str, usize, usize)]) -> String {
    let mut lines: Vec<String> = Vec::new();
    for &(file, skip, count) in parts {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        lines.extend(text.lines().skip(skip).take(count).map(str::to_string));
    }
    write(dir, "mixed.txt", lines.join("\n") + "\n")
}
