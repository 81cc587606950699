//! Feeding a comparison from an input read as a stream: the puzzles of one shard with
//! their index, and a reader thread a few puzzles ahead that a stop does not wait for.

use super::queue::{CloseOnDrop, Pop, Queue};
use crate::model::Puzzle;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The puzzles of an input with their index in it, one shard's only (`--shard K/N`:
/// puzzle i goes to shard i mod N + 1). The first bad puzzle ends them and is kept in
/// `error`; it counts what it read and notes the files seen.
pub struct Feed<E> {
    stream: Box<dyn Iterator<Item = Result<Puzzle, E>>>,
    shard: Option<(usize, usize)>,
    /// Puzzles read, in every shard.
    pub read: usize,
    /// Puzzles of this shard handed on.
    pub taken: usize,
    /// The files the puzzles came from, in first-seen order.
    pub files: Vec<String>,
    /// The error that ended the input early, if one did.
    pub error: Option<E>,
}

impl<E> Feed<E> {
    /// The puzzles of `stream`, shard `(K, N)` only when one is given.
    pub fn new(
        stream: impl Iterator<Item = Result<Puzzle, E>> + 'static,
        shard: Option<(usize, usize)>,
    ) -> Feed<E> {
        Feed {
            stream: Box::new(stream),
            shard,
            read: 0,
            taken: 0,
            files: Vec::new(),
            error: None,
        }
    }
}

impl<E> Iterator for Feed<E> {
    type Item = (usize, Puzzle);

    fn next(&mut self) -> Option<(usize, Puzzle)> {
        loop {
            let puzzle = match self.stream.next()? {
                Ok(p) => p,
                Err(e) => {
                    self.error = Some(e);
                    return None;
                }
            };
            let index = self.read;
            self.read += 1;
            if self.shard.is_some_and(|(k, n)| index % n != k - 1) {
                continue;
            }
            self.taken += 1;
            if !self.files.iter().any(|f| **f == *puzzle.origin.file) {
                self.files.push(puzzle.origin.file.to_string());
            }
            return Some((index, puzzle));
        }
    }
}

/// Puzzles read ahead of the solving.
const READ_AHEAD: usize = 64;

/// Reads `stream` on a thread of its own, a few puzzles ahead, so that once `stop` is
/// set (Ctrl-C) the run ends without waiting for the next line of a quiet pipe (the
/// reading thread is then left to end with the process).
pub fn read_ahead<T: Send + 'static>(
    stream: impl Iterator<Item = T> + Send + 'static,
    stop: Arc<AtomicBool>,
) -> std::io::Result<ReadAhead<T>> {
    let queue = Arc::new(Queue::new(READ_AHEAD));
    let ahead = queue.clone();
    std::thread::Builder::new()
        .name("compare-reader".into())
        .spawn(move || {
            let _closed = CloseOnDrop(&*ahead);
            for item in stream {
                if ahead.push(item).is_err() {
                    break; // the run is over
                }
            }
        })?;
    Ok(ReadAhead { queue, stop })
}

/// The items [`read_ahead`] reads; dropped, it tells the reading thread to stop.
pub struct ReadAhead<T> {
    queue: Arc<Queue<T>>,
    stop: Arc<AtomicBool>,
}

impl<T> Iterator for ReadAhead<T> {
    type Item = T;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.stop.load(Ordering::Relaxed) {
            match self.queue.pop(Some(Duration::from_millis(100))) {
                Pop::Item(item) => return Some(item),
                Pop::TimedOut => {}
                Pop::Closed => return None,
            }
        }
        None
    }
}

impl<T> Drop for ReadAhead<T> {
    fn drop(&mut self) {
        self.queue.close();
    }
}
