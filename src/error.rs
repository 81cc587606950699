//! The library's error type: what can go wrong before or around a solve (a solve itself
//! always returns an [`crate::solver::Outcome`], with a [`crate::solver::Failure`] when
//! the backend could not answer).

use crate::model::geometry::GeometryError;
use crate::model::{CellsError, ParseError};

/// Everything a library call can refuse, each with a message that says what to fix.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The puzzle text could not be read (the message names file, line and cell).
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Cells that do not fit their grid (a value above the side, a wrong count).
    #[error(transparent)]
    Cells(#[from] CellsError),
    /// A board that cannot be built (side out of range, bad box shape).
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    /// No backend has this name.
    #[error("unknown backend '{name}'{} (available: {available})", crate::words::did_you_mean(name, available.split(", ")))]
    UnknownBackend {
        /// The name asked for.
        name: String,
        /// The names there are, comma-separated.
        available: String,
    },
    /// A backend or encoding has no such configuration, or a configuration needs a
    /// cargo feature this build lacks; the message lists the choices.
    #[error("{0}")]
    Config(String),
    /// An external solver's program is not installed.
    #[error("{name} is unavailable: `{program}` is not installed (install the Debian package: apt-get install {package})")]
    Unavailable {
        /// The configuration, such as `ext:minisat`.
        name: String,
        /// The program looked for on the `PATH`.
        program: String,
        /// The Debian package that provides it.
        package: String,
    },
    /// No encoding has this name.
    #[error("unknown encoding '{name}'{} (available: {available})", crate::words::did_you_mean(name, available.split(", ")))]
    UnknownEncoding {
        /// The name asked for.
        name: String,
        /// The names there are, comma-separated.
        available: String,
    },
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A line of a results file is not a record.
    #[error("{path}:{line}: not a results record: {message}")]
    Record {
        /// The file.
        path: String,
        /// The 1-based line.
        line: usize,
        /// What is wrong with it, and which result it seems to be.
        message: String,
    },
    /// A plot could not be drawn or written.
    #[error("cannot write the plot {path}: {message}")]
    Plot {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// An input that cannot be read as asked: a file missing or a directory, standard
    /// input named twice, an input with no puzzle (the message names it).
    #[error("{0}")]
    Input(String),
    /// Results files that cannot be used as asked: an earlier run's file with other
    /// settings or another shard, runs of other settings merged together, nothing to
    /// compare (the message says what to do instead).
    #[error("{0}")]
    Results(String),
    /// The harness could not start its threads.
    #[error("cannot start worker threads: {0}")]
    Threads(String),
}

/// A library result.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An [`Error::Io`] for `path`.
    pub fn io(path: impl Into<String>, source: std::io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}
