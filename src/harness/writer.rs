//! The results file of a run: JSON lines written in input order, a batch of puzzles at a
//! time, by whichever solving thread finishes a batch — one lock per batch, not per
//! solve, and the serializing done by the solving threads before it.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Mutex;

/// Where a run's results go (see the module doc).
#[derive(Debug)]
pub struct ResultsWriter {
    path: String,
    inner: Mutex<Inner>,
}

#[derive(Debug)]
struct Inner {
    file: std::fs::File,
    /// Empty the file before the first line (a run that is not resumed).
    replace: bool,
    /// The header line, written before the first result (or at the end of a run with
    /// none, if asked).
    header: Option<Vec<u8>>,
    /// The number of the next batch to write.
    next: u64,
    /// Lines of batches ahead of their turn, and whether each batch is finished.
    waiting: BTreeMap<u64, (Vec<u8>, bool)>,
    /// The first write that failed.
    error: Option<std::io::Error>,
}

impl Inner {
    /// Writes `bytes` after the header, emptying the file first if asked.
    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_some() {
            return;
        }
        let result = (|| -> std::io::Result<()> {
            if std::mem::take(&mut self.replace) {
                self.file.set_len(0)?;
            }
            if let Some(header) = self.header.take() {
                self.file.write_all(&header)?;
            }
            // One write per batch of whole lines: an interrupted run leaves at most a
            // partial last line, which `--resume` cuts off.
            self.file.write_all(bytes)
        })();
        if let Err(e) = result {
            self.error = Some(e);
        }
    }
}

impl ResultsWriter {
    /// A writer to `file`, the file at `path` (opened for appending when `replace` is
    /// false), that starts with `header` (a JSON line without its newline, or none).
    pub fn new(
        path: &str,
        file: std::fs::File,
        header: Option<String>,
        replace: bool,
    ) -> ResultsWriter {
        ResultsWriter {
            path: path.to_string(),
            inner: Mutex::new(Inner {
                file,
                replace,
                header: header.map(|h| (h + "\n").into_bytes()),
                next: 0,
                waiting: BTreeMap::new(),
                error: None,
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes the lines of batch `number` (batches are numbered from 0 in input order):
    /// written now if every batch before it is, else when they are.
    #[cfg(test)]
    pub fn batch(&self, number: u64, lines: Vec<u8>) {
        self.part(number, lines, true);
    }

    /// Takes more lines of batch `number`, the last ones if `finished`: a batch of slow
    /// solves hands its lines on as they come, so that the file grows while it runs.
    pub fn part(&self, number: u64, lines: Vec<u8>, finished: bool) {
        let mut inner = self.lock();
        if number != inner.next {
            let slot = inner.waiting.entry(number).or_default();
            slot.0.extend_from_slice(&lines);
            slot.1 |= finished;
            return;
        }
        if !lines.is_empty() {
            inner.write(&lines);
        }
        if !finished {
            return;
        }
        inner.next += 1;
        loop {
            let next = inner.next;
            let Some((lines, finished)) = inner.waiting.remove(&next) else {
                break;
            };
            if !lines.is_empty() {
                inner.write(&lines);
            }
            if !finished {
                // Its later lines are written as they come.
                inner.waiting.insert(next, (Vec::new(), false));
                break;
            }
            inner.next += 1;
        }
    }

    /// Ends the run: writes the batches still waiting (those after a batch that never
    /// came, as when a run is stopped), in order; with `header_anyway`, writes the
    /// header even if no result came (a shard with no puzzle still says it ran).
    pub fn finish(&self, header_anyway: bool) -> crate::error::Result<()> {
        let mut inner = self.lock();
        for (_, (lines, _)) in std::mem::take(&mut inner.waiting) {
            if !lines.is_empty() {
                inner.write(&lines);
            }
        }
        if header_anyway && inner.header.is_some() {
            inner.write(&[]);
        }
        match inner.error.take() {
            Some(e) => Err(crate::error::Error::io(&self.path, e)),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(f: &tempfile::NamedTempFile) -> String {
        std::fs::read_to_string(f.path()).unwrap()
    }

    #[test]
    fn batches_are_written_in_their_order_after_the_header() {
        let f = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(f.path(), "old\n").unwrap();
        let w = ResultsWriter::new("r", f.reopen().unwrap(), Some("{\"h\":1}".into()), true);
        w.batch(1, b"b\n".to_vec());
        assert_eq!(read(&f), "old\n", "nothing before batch 0");
        w.batch(0, b"a\n".to_vec());
        w.batch(3, b"d\n".to_vec());
        w.batch(2, Vec::new());
        w.finish(false).unwrap();
        assert_eq!(read(&f), "{\"h\":1}\na\nb\nd\n");
    }

    #[test]
    fn the_batch_in_turn_is_written_as_its_parts_come() {
        let f = tempfile::NamedTempFile::new().unwrap();
        let w = ResultsWriter::new("r", f.reopen().unwrap(), None, true);
        w.part(1, b"b1\n".to_vec(), false);
        w.part(0, b"a1\n".to_vec(), false);
        assert_eq!(read(&f), "a1\n");
        w.part(0, b"a2\n".to_vec(), true);
        assert_eq!(read(&f), "a1\na2\nb1\n");
        w.part(1, b"b2\n".to_vec(), false);
        assert_eq!(read(&f), "a1\na2\nb1\nb2\n");
        w.part(2, b"c\n".to_vec(), true);
        w.part(1, Vec::new(), true);
        w.finish(false).unwrap();
        assert_eq!(read(&f), "a1\na2\nb1\nb2\nc\n");
    }

    #[test]
    fn a_gap_is_closed_at_the_end_and_an_empty_run_keeps_the_file() {
        let f = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(f.path(), "old\n").unwrap();
        let w = ResultsWriter::new("r", f.reopen().unwrap(), Some("H".into()), true);
        w.finish(false).unwrap();
        assert_eq!(read(&f), "old\n");
        w.batch(2, b"c\n".to_vec());
        w.finish(false).unwrap();
        assert_eq!(read(&f), "H\nc\n");
        let g = tempfile::NamedTempFile::new().unwrap();
        let w = ResultsWriter::new("r", g.reopen().unwrap(), Some("H".into()), true);
        w.finish(true).unwrap();
        assert_eq!(read(&g), "H\n");
    }
}
