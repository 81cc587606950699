//! Cells as bit sets (`u128`, boards of up to 81 cells): the set operations, and the
//! sets the rules reading cell sets build from a board and a position (peers, units,
//! the open cells holding each digit). Shared by the almost-locked-set family, the fish
//! and the death blossom.

use super::board::Board;
use super::state::State;

/// Cells as a bit set, bit `c` for cell `c` (boards of up to 128 cells: every rule
/// reading sets of cells runs on boards of up to 81).
pub type Cells = u128;

/// Largest board the rules reading cell sets run on, in cells (a set holds up to 128).
pub const MAX_CELLS: usize = 81;

/// Adds cell `c` to a set.
pub(crate) fn add(set: &mut Cells, c: usize) {
    debug_assert!(c < 128, "a cell set holds cells 0 to 127");
    *set |= 1 << c;
}

/// The cells of both sets.
pub(crate) fn and(a: &Cells, b: &Cells) -> Cells {
    a & b
}

/// Whether a set holds no cell.
pub(crate) fn is_empty(a: &Cells) -> bool {
    *a == 0
}

/// Whether every cell of `a` is in `b`.
pub(crate) fn subset(a: &Cells, b: &Cells) -> bool {
    a & !b == 0
}

/// How many cells a set holds.
pub(crate) fn count(set: &Cells) -> u32 {
    set.count_ones()
}

/// The first cell of a set, if any.
pub(crate) fn first(set: &Cells) -> Option<usize> {
    (*set != 0).then(|| set.trailing_zeros() as usize)
}

/// A hasher for the cell sets of one position, keyed by the engine alone (no input an
/// adversary chooses reaches it): a multiply and rotate per word, where the default
/// SipHash showed in profiles (`perf`) of whole `rate` runs on magictour and forum-hardest.
#[derive(Default)]
pub(crate) struct CellsHasher(u64);

impl std::hash::Hasher for CellsHasher {
    fn write(&mut self, bytes: &[u8]) {
        // A cell set's words arrive as one slice of bytes: eight at a time.
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, b: u8) {
        self.write_u64(u64::from(b));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Hash maps and sets keyed by cell sets.
pub(crate) type CellsHash = std::hash::BuildHasherDefault<CellsHasher>;

/// The cells of a set, in order.
pub(crate) fn members(set: &Cells) -> Vec<usize> {
    cells_in(set).collect()
}

/// The cells of a set, in order, without collecting them.
pub(crate) fn cells_in(set: &Cells) -> impl Iterator<Item = usize> {
    super::step::ones128(*set)
}

/// A row of the board's bit tables (boards of up to 128 cells) as a cell set.
fn cells_from(row: &[u64]) -> Cells {
    debug_assert!(row.len() <= 2, "a cell set holds cells 0 to 127");
    row.iter()
        .take(2)
        .enumerate()
        .fold(0, |set, (w, &word)| set | u128::from(word) << (64 * w))
}

/// The peers of each cell as cell sets (boards of up to 128 cells).
pub(crate) fn peer_sets(board: &Board) -> Vec<Cells> {
    (0..board.peers.len())
        .map(|c| cells_from(board.peer_row(c)))
        .collect()
}

/// The cells of each unit as cell sets (boards of up to 128 cells).
pub(crate) fn unit_sets(board: &Board) -> Vec<Cells> {
    (0..board.unit_count())
        .map(|u| cells_from(board.unit_row(u)))
        .collect()
}

/// The cells of `holders` that see every cell of `group` (`peers`: [`peer_sets`]).
pub(crate) fn seeing_all(group: &Cells, holders: &Cells, peers: &[Cells]) -> Cells {
    cells_in(group).fold(*holders, |common, c| and(&common, &peers[c]))
}

/// For each digit (index `d - 1`), the open cells holding it.
pub(crate) fn holder_sets(board: &Board, s: &State) -> Vec<Cells> {
    let mut holders: Vec<Cells> = vec![0; board.n];
    for c in (0..s.value.len()).filter(|&c| s.value[c] == 0) {
        for d in s.cand[c].iter() {
            add(&mut holders[d as usize - 1], c);
        }
    }
    holders
}
