//! Graph algorithms shared by the backends: bipartite matching with the
//! strongly-connected-component analysis of its residual graph (Régin's alldifferent
//! filter in `csp`, Eppstein's two matching rules in `rules`), and Tarjan's SCC.
//!
//! One implementation, several callers: a bug fixed here is fixed everywhere, and a
//! speed-up is measured once (`cargo bench --bench csp`).

pub mod matching;
pub mod nonrep;
pub mod scc;

use crate::model::CandSet;

/// The left side of a bipartite graph with at most 64 nodes on each side: row `x` is
/// the set of right nodes (bits `0..64`) joined to left node `x`.
pub trait Rows {
    /// Number of left nodes.
    fn count(&self) -> usize;
    /// The right nodes joined to left node `x`, as bits.
    fn row(&self, x: usize) -> u64;
}

impl Rows for [u64] {
    fn count(&self) -> usize {
        self.len()
    }
    fn row(&self, x: usize) -> u64 {
        self[x]
    }
}

impl Rows for [CandSet] {
    fn count(&self) -> usize {
        self.len()
    }
    fn row(&self, x: usize) -> u64 {
        self[x].0
    }
}
