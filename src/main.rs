//! The `sudoku-arena` command: a thin layer over the library.
fn main() {
    std::process::exit(sudoku_arena::cli::run());
}
