//! HiGHS's node count, read from its closing report. HiGHS keeps `mip_node_count` as a
//! 64-bit info value, and the `highs` crate reads info values only as HiGHS's 32-bit
//! integers (HiGHS refuses that read) or through raw pointers; so the run writes its log
//! to a scratch file, and the `Nodes` line of the report that closes every 0-1 solve is
//! read back. The file is removed when the [`NodeLog`] is dropped.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Tells scratch files of one process apart.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// A scratch file for one HiGHS run's log.
pub struct NodeLog {
    path: PathBuf,
}

impl NodeLog {
    /// A fresh path in the temporary folder (nothing is created until HiGHS writes);
    /// `None` if there is no usable temporary folder.
    pub fn new() -> Option<NodeLog> {
        let dir = std::env::temp_dir();
        if !dir.is_dir() {
            return None;
        }
        let k = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!("sudoku-arena-highs-{}-{k}.log", std::process::id());
        Some(NodeLog {
            path: dir.join(name),
        })
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

impl Drop for NodeLog {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The number on the last `Nodes` line of a HiGHS log.
pub fn parse_nodes(log: &str) -> Option<u64> {
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
