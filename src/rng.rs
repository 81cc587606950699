//! A small seeded random generator of our own (SplitMix64), so that the same seed gives
//! the same puzzles (and the same randomized search restarts) on every machine, whatever
//! the thread count, the time or the standard library's hashing.

/// SplitMix64 (Steele, Lea and Flood): 64 bits of state, one addition and a mixing
/// function per draw; statistically sound for generating puzzles and fully specified,
/// so its stream never changes with a dependency's version.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The generator of puzzle `index` of a run seeded with `seed`: each puzzle has its
    /// own stream, so puzzle `k` does not depend on how many tries the ones before it took.
    pub fn for_puzzle(seed: u64, index: u64) -> Rng {
        let mut mix = Rng::new(seed ^ index.wrapping_mul(GOLDEN).rotate_left(17));
        let a = mix.next_u64();
        Rng::new(a ^ index)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..bound` (`bound > 0`), without modulo bias (Lemire's
    /// multiply-and-reject).
    pub fn below(&mut self, bound: usize) -> usize {
        assert!(bound > 0, "Rng::below needs a positive bound");
        let bound = bound as u64;
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if (product as u64) >= threshold {
                return (product >> 64) as usize;
            }
        }
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_fixed() {
        // SplitMix64's published first outputs for seed 0 (as in Vigna's reference code).
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::new(7);
        let mut seen = [0usize; 6];
        for _ in 0..6000 {
            seen[r.below(6)] += 1;
        }
        assert!(seen.iter().all(|&k| (800..1200).contains(&k)), "{seen:?}");
    }

    #[test]
    fn puzzles_get_different_streams() {
        let a = Rng::for_puzzle(1, 0).next_u64();
        let b = Rng::for_puzzle(1, 1).next_u64();
        let c = Rng::for_puzzle(2, 0).next_u64();
        assert!(a != b && a != c && b != c);
        assert_eq!(a, Rng::for_puzzle(1, 0).next_u64());
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut v: Vec<usize> = (0..50).collect();
        Rng::new(3).shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
