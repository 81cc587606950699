//! Reading text one line at a time with a bounded buffer, so that a file of any size
//! (or an endless pipe) is read with memory bounded by one line, and what is not text
//! (a line too long to be a puzzle, bytes that are not UTF-8, a NUL byte) is refused at
//! once with the line and column where it was found.

use std::fmt;
use std::io::{BufRead, ErrorKind};

/// The longest line accepted, in bytes (line end excluded). The longest legal line is a
/// 64x64 puzzle written as 4096 whitespace-separated numbers, about 12 KiB, perhaps with
/// a comment: 64 KiB is far above it and still bounds memory.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The line is longer than the cap; nothing after its first bytes was read.
    TooLong {
        /// The cap it exceeded.
        cap: usize,
    },
    /// A byte sequence that is not UTF-8.
    NotUtf8 {
        /// 1-based column (in characters) of the first bad byte.
        column: usize,
        /// That byte.
        byte: u8,
    },
    /// A NUL byte: binary data, not text.
    Nul {
        /// 1-based column (in characters).
        column: usize,
    },
    /// A carriage return inside the line: old Mac line ends, which split nothing.
    LoneCr {
        /// 1-based column (in characters).
        column: usize,
    },
    /// The system could not read (a directory, a device error...).
    Io(String),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TooLong { cap } => write!(
                f,
                "this line is longer than {cap} bytes; a puzzle line has at most 4096 cells \
                 (a 64x64 grid, about 12 KiB as numbers), so this is not puzzle text \
                 (reading stopped here)"
            ),
            LineError::NotUtf8 { column, byte } => write!(
                f,
                "column {column}: byte 0x{byte:02X} is not UTF-8 text; puzzle files are \
                 plain text (is this a binary file, or text in another encoding?)"
            ),
            LineError::Nul { column } => write!(
                f,
                "column {column}: a NUL byte; puzzle files are plain text (is this a binary file?)"
            ),
            LineError::LoneCr { column } => write!(
                f,
                "column {column}: a carriage return inside the line; line ends must be \
                 \\n or \\r\\n (convert old Mac line ends, e.g. with `tr '\\r' '\\n'`)"
            ),
            LineError::Io(message) => write!(f, "cannot read: {message}"),
        }
    }
}

/// Lines of a reader, each at most [`MAX_LINE_BYTES`] long, without their line end
/// (`\n` or `\r\n`) and, on the first line, without a byte-order mark.
pub struct LineReader<R> {
    input: R,
    /// The line being read, as bytes, then checked as text.
    bytes: Vec<u8>,
    text: String,
    line: usize,
    cap: usize,
    done: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of `input`, capped at [`MAX_LINE_BYTES`].
    pub fn new(input: R) -> LineReader<R> {
        Self::with_cap(input, MAX_LINE_BYTES)
    }

    /// Lines of `input`, capped at `cap` bytes.
    fn with_cap(input: R, cap: usize) -> LineReader<R> {
        LineReader {
            input,
            bytes: Vec::new(),
            text: String::new(),
            line: 0,
            cap,
            done: false,
        }
    }

    /// The 1-based number of the line last returned (or at fault).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The next line, `None` at the end. After an error the reader is finished.
    pub fn next_line(&mut self) -> Option<Result<&str, LineError>> {
        if self.done {
            return None;
        }
        match self.read() {
            Ok(true) => Some(Ok(&self.text)),
            Ok(false) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }

    /// Reads one line into `self.text`; `false` at the end of the input.
    fn read(&mut self) -> Result<bool, LineError> {
        self.bytes.clear();
        self.text.clear();
        let mut ended = false;
        let mut any = false;
        while !ended {
            let available = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.line += 1;
                    return Err(LineError::Io(e.to_string()));
                }
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (take, used) = match memchr::memchr(b'\n', available) {
                Some(i) => {
                    ended = true;
                    (i, i + 1)
                }
                None => (available.len(), available.len()),
            };
            // One byte over the cap (a `\r` before the `\n` is allowed) is enough to know.
            let room = (self.cap + 2).saturating_sub(self.bytes.len());
            self.bytes.extend_from_slice(&available[..take.min(room)]);
            self.input.consume(used);
            if self.bytes.len() > self.cap + 1 {
                self.line += 1;
                return Err(LineError::TooLong { cap: self.cap });
            }
        }
        if !any {
            return Ok(false);
        }
        self.line += 1;
        if self.bytes.last() == Some(&b'\r') {
            self.bytes.pop();
        }
        if self.bytes.len() > self.cap {
            return Err(LineError::TooLong { cap: self.cap });
        }
        let mut start = 0;
        if self.line == 1 && self.bytes.starts_with("\u{feff}".as_bytes()) {
            start = 3;
        }
        let text = match std::str::from_utf8(&self.bytes[start..]) {
            Ok(t) => t,
            Err(e) => {
                let good = e.valid_up_to();
                let before = std::str::from_utf8(&self.bytes[start..start + good]).unwrap_or("");
                return Err(LineError::NotUtf8 {
                    column: before.chars().count() + 1,
                    byte: self.bytes[start + good],
                });
            }
        };
        // Printable ASCII (the common line) holds neither: one pass over the bytes that
        // does not stop early (so it runs on whole words) rules both out.
        let printable = text
            .bytes()
            .fold(true, |all, b| all & (b' '..=b'~').contains(&b));
        if printable {
            self.text.push_str(text);
            return Ok(true);
        }
        let column_of = |i: usize| text[..i].chars().count() + 1;
        if let Some(i) = text.find('\0') {
            return Err(LineError::Nul {
                column: column_of(i),
            });
        }
        if let Some(i) = text.find('\r') {
            return Err(LineError::LoneCr {
                column: column_of(i),
            });
        }
        self.text.push_str(text);
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], cap: usize) -> Vec<Result<String, (usize, LineError)>> {
        let mut r = LineReader::with_cap(input, cap);
        let mut out = Vec::new();
        while let Some(l) = r.next_line() {
            out.push(l.map(str::to_string).map_err(|e| (0, e)));
            if let Some(Err((line, _))) = out.last_mut() {
                *line = r.line();
            }
        }
        out
    }

    #[test]
    fn line_ends_bom_and_a_last_line_without_newline() {
        let got = all(b"\xEF\xBB\xBFab\r\ncd\n\nef", 10);
        let want: Vec<Result<String, (usize, LineError)>> =
            ["ab", "cd", "", "ef"].map(|s| Ok(s.to_string())).into();
        assert_eq!(got, want);
        assert!(all(b"", 10).is_empty());
    }

    #[test]
    fn the_cap_counts_the_line_without_its_end() {
        assert_eq!(all(b"abcd\r\nabcd", 4).len(), 2);
        assert!(all(b"abcd\r\nabcd", 4).iter().all(Result::is_ok));
        assert_eq!(
            all(b"ab\nabcde\nx", 4),
            vec![Ok("ab".into()), Err((2, LineError::TooLong { cap: 4 }))]
        );
        assert_eq!(
            all(b"abcde", 4),
            vec![Err((1, LineError::TooLong { cap: 4 }))]
        );
        assert_eq!(
            all(b"abcd\r\r\n", 4),
            vec![Err((1, LineError::TooLong { cap: 4 }))]
        );
    }

    #[test]
    fn a_long_line_is_refused_without_reading_it_whole() {
        let input = vec![b'.'; 10 * MAX_LINE_BYTES];
        let buffered = std::io::BufReader::with_capacity(1024, std::io::Cursor::new(&input));
        let mut r = LineReader::new(buffered);
        assert!(matches!(
            r.next_line(),
            Some(Err(LineError::TooLong { .. }))
        ));
        assert!(r.next_line().is_none());
        // Only a little past the cap was taken from the input, and kept.
        assert!(r.input.get_ref().position() <= (MAX_LINE_BYTES + 2 + 1024) as u64);
        assert!(r.bytes.capacity() <= 2 * MAX_LINE_BYTES + 2048);
    }

    #[test]
    fn bad_bytes_name_their_line_and_column() {
        assert_eq!(
            all(b"ok\n\xC3\xA9a\xFFb\n", 100),
            vec![
                Ok("ok".into()),
                Err((
                    2,
                    LineError::NotUtf8 {
                        column: 3,
                        byte: 0xFF
                    }
                ))
            ]
        );
        assert_eq!(
            all(b"12\x003\n", 100),
            vec![Err((1, LineError::Nul { column: 3 }))]
        );
        assert_eq!(
            all(b"12\r34\r", 100),
            vec![Err((1, LineError::LoneCr { column: 3 }))]
        );
    }
}
