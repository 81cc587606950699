//! HiGHS's node count, read from its closing report. HiGHS keeps `mip_node_count` as a
//! 64-bit info value, and the `highs` crate reads info values only as HiGHS's 32-bit
//! integers (HiGHS refuses that read) or through raw pointers; so the run writes its log
//! to a scratch file, and the `Nodes` line of the report that closes every 0-1 solve is
//! read back. The file and its folder are removed when the [`NodeLog`] is dropped.

use std::path::{Path, PathBuf};

/// A scratch file for one HiGHS run's log, in a private folder of its own (made by
/// `tempfile`, so no other user can plant a file or link at its path).
pub struct NodeLog {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl NodeLog {
    /// A fresh path in a new private folder (the file is made when HiGHS writes);
    /// `None` if no folder can be made.
    pub fn new() -> Option<NodeLog> {
        let dir = tempfile::Builder::new()
            .prefix("sudoku-arena-highs-")
            .tempdir()
            .ok()?;
        let path = dir.path().join("highs.log");
        Some(NodeLog { _dir: dir, path })
    }

    /// Where HiGHS is to write.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The node count of the report, once HiGHS has closed the file; `None` if the run
    /// wrote no report (stopped before its search, or no file).
    pub fn nodes(&self) -> Option<u64> {
        let text = std::fs::read_to_string(&self.path).ok()?;
        parse_nodes(&text)
    }
}

/// The number on the last `Nodes` line of a HiGHS log.
fn parse_nodes(log: &str) -> Option<u64> {
    log.lines()
        .rev()
        .find_map(|l| l.trim_start().strip_prefix("Nodes ")?.trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::parse_nodes;

    #[test]
    fn reads_the_nodes_line_of_the_report() {
        let log = "Solving report\n  Status            Optimal\n  Nodes             17\n  LP iterations     412 (total)\n";
        assert_eq!(parse_nodes(log), Some(17));
        assert_eq!(parse_nodes("  Nodes             x\n"), None);
        assert_eq!(parse_nodes("no report\n"), None);
    }
}
