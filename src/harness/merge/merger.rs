//! The second reading of a merge: the results of several runs (shards of one run, most
//! often) folded into one tally, one result at a time: the answers to a puzzle are
//! cross-checked as soon as every configuration expected to run it has answered, then
//! forgotten.
//!
//! Which configurations are expected on a puzzle comes from the files' headers: those of
//! every file whose shard holds the puzzle. Shards of one run therefore close each
//! puzzle within their own file, and memory stays that of a few open puzzles plus a bit
//! per result seen (to find repeats). Files that ran other configurations on the same
//! puzzles, read one after the other, keep the puzzles of the first open until the
//! second closes them.

use crate::harness::entry::{Entry, Fingerprint};
use crate::harness::record::Shard;
use crate::harness::tally::Tally;
use std::collections::{HashMap, HashSet};

/// What one results file says it covers: its shard (none when it does not say: then
/// every puzzle) and the configurations it ran.
#[derive(Clone, Debug)]
pub(super) struct Coverage {
    /// The slice of the input the file's run took.
    pub(super) shard: Option<Shard>,
    /// The configurations it ran.
    pub(super) backends: Vec<String>,
}

/// (configuration, puzzle) pairs seen, in a bit per pair: per puzzle index, the
/// puzzle's fingerprint and a bit per configuration (the first 64; the rest in a set).
#[derive(Debug, Default)]
struct Pairs {
    slots: Vec<(u64, u64)>,
    more: HashSet<(usize, usize, u64)>,
}

impl Pairs {
    /// Notes the pair; false if it was seen before.
    fn insert(&mut self, config: usize, index: usize, fp: Fingerprint) -> bool {
        let key = fp.low();
        if config >= 64 {
            return self.more.insert((config, index, key));
        }
        if index >= self.slots.len() {
            self.slots.resize(index + 1, (0, 0));
        }
        let slot = &mut self.slots[index];
        if slot.1 != 0 && slot.0 != key {
            // Another puzzle at the same index (runs on other inputs): kept apart.
            return self.more.insert((config, index, key));
        }
        slot.0 = key;
        let fresh = slot.1 & (1 << config) == 0;
        slot.1 |= 1 << config;
        fresh
    }
}

/// A puzzle whose answers are still coming: the configurations in, and the answers.
#[derive(Debug, Default)]
struct Open {
    have: u64,
    answers: Vec<Entry>,
}

/// Folds results into a tally as they are read (see the module doc).
#[derive(Debug)]
pub(super) struct Merger {
    tally: Tally,
    coverage: Vec<(Option<Shard>, u64)>,
    pairs: Pairs,
    open: HashMap<(usize, Fingerprint), Open>,
    repeats: u64,
}

impl Merger {
    /// A merger into `tally`, whose order names every configuration of the files, and
    /// the coverage of each file.
    pub(super) fn new(tally: Tally, files: &[Coverage]) -> Merger {
        let coverage = files
            .iter()
            .map(|c| {
                let mask = c
                    .backends
                    .iter()
                    .filter_map(|b| tally.order().iter().position(|o| o == b))
                    .filter(|&i| i < 64)
                    .fold(0u64, |m, i| m | 1 << i);
                (c.shard, mask)
            })
            .collect();
        Merger {
            tally,
            coverage,
            pairs: Pairs::default(),
            open: HashMap::new(),
            repeats: 0,
        }
    }

    /// The configurations expected to answer the puzzle at `index`.
    fn expected(&self, index: usize) -> u64 {
        self.coverage
            .iter()
            .filter(|(shard, _)| shard.is_none_or(|s| s.holds(index)))
            .fold(0, |m, (_, mask)| m | mask)
    }

    /// Takes one result; a repeat of a (configuration, puzzle) pair already taken is
    /// left out and counted.
    pub(super) fn add(&mut self, entry: Entry) {
        let config = match self.tally.order().iter().position(|b| b == entry.backend()) {
            Some(c) => c,
            None => {
                self.tally.add_config(entry.backend());
                self.tally.order().len() - 1
            }
        };
        let key = (entry.puzzle_index, entry.puzzle);
        if !self.pairs.insert(config, key.0, key.1) {
            self.repeats += 1;
            return;
        }
        let expected = self.expected(key.0);
        let open = self.open.entry(key).or_default();
        open.answers.push(entry);
        if config < 64 {
            open.have |= 1 << config;
        }
        if expected != 0 && open.have & expected == expected {
            if let Some(open) = self.open.remove(&key) {
                self.tally.add_puzzle(&open.answers);
            }
        }
    }

    /// The tally of every result taken, and how many repeats were left out.
    pub(super) fn finish(mut self) -> (Tally, u64) {
        let mut left: Vec<((usize, Fingerprint), Open)> = self.open.drain().collect();
        left.sort_by_key(|(k, _)| *k);
        for (_, open) in left {
            self.tally.add_puzzle(&open.answers);
        }
        (self.tally, self.repeats)
    }
}
