//! The `sudoku-arena` command: a thin layer over the library.

mod cli;

fn main() {
    // A solve of the `ip` or `sat` backend with a deadline runs in a child of this executable.
    if let Some(status) = sudoku_arena::backends::serve_if_asked() {
        std::process::exit(status);
    }
    std::process::exit(cli::run());
}
