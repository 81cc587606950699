//! Writing to standard output so that a closed pipe (`| head`) ends the command quietly.

use std::io::{self, Write};

/// Standard output, buffered, where a broken pipe ends the command with status 0.
pub struct Out {
    inner: io::BufWriter<io::StdoutLock<'static>>,
}

impl Out {
    /// Locks standard output.
    pub fn new() -> Out {
        Out {
            inner: io::BufWriter::new(io::stdout().lock()),
        }
    }

    /// Writes `text`; exits quietly if the reader has gone.
    pub fn write(&mut self, text: &str) {
        if let Err(e) = self.inner.write_all(text.as_bytes()) {
            Self::gone(e);
        }
    }

    /// Flushes so that each answer is seen as soon as it is ready.
    pub fn flush(&mut self) {
        if let Err(e) = self.inner.flush() {
            Self::gone(e);
        }
    }

    fn gone(e: io::Error) -> ! {
        if e.kind() == io::ErrorKind::BrokenPipe {
            sudoku_arena::backends::exit_killing_workers(0);
        }
        eprintln!("sudoku-arena: cannot write output: {e}");
        sudoku_arena::backends::exit_killing_workers(super::EXIT_BAD_INPUT);
    }
}
