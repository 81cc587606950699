//! Going on with an interrupted run (`compare --resume`): what its results file already
//! holds, checked to be of the same run, read one line at a time into the run's tally
//! and the [`Done`] set of what not to run again.

use super::entry::{Entry, Names};
use super::record::{for_each_line, Line, Record, Shard};
use super::run::{Done, Plan};
use super::tally::Tally;
use crate::error::{Error, Result};
use std::io::Write;

/// Reads the results at `path` of an earlier run of `plan` on shard `shard`, checking
/// that they were made with the same settings: the answers of the puzzles every planned
/// configuration ran go into `tally`; gives back what is done, and whether the file
/// has a header line.
pub fn read_earlier(
    path: &str,
    plan: &Plan,
    shard: Shard,
    tally: &mut Tally,
) -> Result<(Done, bool)> {
    let now = plan.settings();
    let mut headed = false;
    let mut names = Names::default();
    let mut reader = Done::read(plan, tally);
    for_each_line(path, |line| -> Result<()> {
        let old = match &line {
            Line::Header(h) => {
                if h.shard != shard {
                    return Err(Error::Results(format!(
                        "{path} holds shard {} of a run, not {shard}: resume with --shard {}, or write to another --out",
                        h.shard,
                        h.shard
                    )));
                }
                headed = true;
                Some(&h.settings)
            }
            Line::Record(r) => r.settings.as_ref(),
        };
        if let Some(old) = old.filter(|s| **s != now) {
            return Err(Error::Results(format!(
                "{path} holds results of a run with other settings: {}; resume with the same settings, or write to another --out",
                old.differences(&now).join(", ")
            )));
        }
        if let Line::Record(r) = &line {
            reader.add(Entry::new(r, &mut names));
        }
        Ok(())
    })?;
    Ok((reader.finish(), headed))
}

/// An interrupted run may leave half a line at the end of the results file: cut it off
/// so that appended records start on a line of their own.
pub fn drop_partial_last_line(path: &str) -> Result<()> {
    let failed =
        |what: &str, e: std::io::Error| Error::Results(format!("{path}: cannot {what}: {e}"));
    let text = std::fs::read(path).map_err(|e| failed("read", e))?;
    if text.is_empty() || text.ends_with(b"\n") {
        return Ok(());
    }
    let keep = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    // A whole record that only lacks its newline was read as done: end its line instead.
    if serde_json::from_slice::<Record>(&text[keep..]).is_ok() {
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| failed("write", e))?;
        return file.write_all(b"\n").map_err(|e| failed("write", e));
    }
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| failed("write", e))?;
    file.set_len(keep as u64).map_err(|e| failed("truncate", e))
}
