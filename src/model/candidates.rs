//! Candidate values of a cell as a bit set: bit `v - 1` stands for value `v`.

/// A set of values `1..=64`, one bit per value; enough for every supported side (N ≤ 64).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CandSet(pub u64);

impl CandSet {
    /// The empty set.
    pub const EMPTY: CandSet = CandSet(0);

    /// All values `1..=n`.
    pub fn full(n: usize) -> CandSet {
        debug_assert!((1..=64).contains(&n));
        if n == 64 {
            CandSet(u64::MAX)
        } else {
            CandSet((1u64 << n) - 1)
        }
    }

    /// The set holding only `value`.
    pub fn single(value: u8) -> CandSet {
        CandSet(1u64 << (value - 1))
    }

    /// Whether `value` is in the set.
    pub fn contains(self, value: u8) -> bool {
        self.0 >> (value - 1) & 1 == 1
    }

    /// Adds `value`.
    pub fn insert(&mut self, value: u8) {
        self.0 |= 1u64 << (value - 1);
    }

    /// Removes `value`.
    pub fn remove(&mut self, value: u8) {
        self.0 &= !(1u64 << (value - 1));
    }

    /// Number of values in the set.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest value, if any.
    pub fn first(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8 + 1)
    }

    /// The values in ascending order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let v = bits.trailing_zeros() as u8 + 1;
                bits &= bits - 1;
                v
            })
        })
    }
}

impl std::fmt::Debug for CandSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl std::ops::BitOr for CandSet {
    type Output = CandSet;
    fn bitor(self, rhs: CandSet) -> CandSet {
        CandSet(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for CandSet {
    type Output = CandSet;
    fn bitand(self, rhs: CandSet) -> CandSet {
        CandSet(self.0 & rhs.0)
    }
}

impl std::ops::Not for CandSet {
    type Output = CandSet;
    fn not(self) -> CandSet {
        CandSet(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut s = CandSet::EMPTY;
        s.insert(3);
        s.insert(64);
        s.insert(1);
        assert_eq!(s.len(), 3);
        assert!(s.contains(64) && s.contains(3) && !s.contains(2));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 3, 64]);
        s.remove(1);
        assert_eq!(s.first(), Some(3));
        assert_eq!(CandSet::full(9).len(), 9);
        assert_eq!(CandSet::full(64).len(), 64);
        assert!(CandSet::EMPTY.first().is_none());
    }
}
