//! Solve times kept in constant memory: an HDR histogram of nanoseconds, so that a run
//! over millions of puzzles keeps a few hundred kilobytes per configuration, and so that
//! two histograms (two threads, two shards) add up exactly to the one a single run keeps.
//!
//! Quantiles are read to three significant digits: a quantile reported is within 0.1 %
//! of the exact nearest-rank value (the histogram's bucket holding that rank is at most
//! 1/1024 of its value wide, and the middle of the bucket is reported). The maximum and
//! the sum are kept exactly beside it.

use hdrhistogram::Histogram;

/// Significant decimal digits the time histograms keep (see the module doc).
pub const SIGNIFICANT_DIGITS: u8 = 3;

/// The relative error a quantile read from [`Times`] may have.
#[cfg(test)]
pub const QUANTILE_ERROR: f64 = 0.001;

/// A set of times in milliseconds, kept as a histogram (see the module doc).
#[derive(Clone, Debug)]
pub struct Times {
    histogram: Histogram<u64>,
    max_ms: f64,
    sum_ms: f64,
}

impl Default for Times {
    fn default() -> Times {
        Times::new(SIGNIFICANT_DIGITS)
    }
}

/// Milliseconds as whole nanoseconds (negative and not-a-number as 0).
fn nanos(ms: f64) -> u64 {
    if ms.is_finite() && ms > 0.0 {
        (ms * 1e6).round() as u64
    } else {
        0
    }
}

impl Times {
    /// An empty set keeping `digits` significant digits (2 for a plot, 3 for the tables).
    pub fn new(digits: u8) -> Times {
        Times {
            // An auto-resizing histogram with 1 ns as its finest step never refuses a
            // value, and grows only to the largest time recorded.
            // hdrhistogram refuses only more than 5 digits, which the clamp rules out.
            histogram: Histogram::new(digits.clamp(1, 5))
                .expect("1 to 5 significant digits are always accepted"),
            max_ms: f64::NAN,
            sum_ms: 0.0,
        }
    }

    /// Adds one time.
    pub fn add(&mut self, ms: f64) {
        // Auto-resizing: recording cannot fail on a value in range, and u64 holds any.
        let _ = self.histogram.record(nanos(ms));
        self.max_ms = self.max_ms.max(ms);
        if ms.is_finite() {
            self.sum_ms += ms;
        }
    }

    /// Adds every time of `other`.
    pub fn absorb(&mut self, other: &Times) {
        let _ = self.histogram.add(&other.histogram);
        self.max_ms = self.max_ms.max(other.max_ms);
        self.sum_ms += other.sum_ms;
    }

    /// How many times were added.
    pub fn len(&self) -> u64 {
        self.histogram.len()
    }

    /// Whether none was.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `q`-quantile (0..=1) by nearest rank, to three significant digits; not a
    /// number when empty.
    pub fn quantile(&self, q: f64) -> f64 {
        if self.is_empty() {
            return f64::NAN;
        }
        let n = self.len();
        let rank = ((q * n as f64).ceil() as u64).clamp(1, n);
        let mut seen = 0;
        for v in self.histogram.iter_recorded() {
            seen += v.count_since_last_iteration();
            if seen >= rank {
                let value = self.histogram.median_equivalent(v.value_iterated_to());
                // The largest time is known exactly: a bucket's middle never passes it.
                return (value as f64 / 1e6).min(self.max_ms);
            }
        }
        self.max_ms
    }

    /// The largest time, exactly; not a number when empty.
    pub fn max(&self) -> f64 {
        self.max_ms
    }

    /// The sum of the times, exactly.
    #[cfg(test)]
    pub fn sum(&self) -> f64 {
        self.sum_ms
    }

    /// The times in increasing order as (time in ms, how many), one step per bucket
    /// that holds any: what a cactus plot draws.
    pub fn steps(&self) -> Vec<(f64, u64)> {
        self.histogram
            .iter_recorded()
            .map(|v| {
                let ms = self.histogram.median_equivalent(v.value_iterated_to()) as f64 / 1e6;
                (ms.min(self.max_ms), v.count_at_value())
            })
            .collect()
    }

    /// Bytes of memory the histogram holds (its counts).
    #[cfg(test)]
    pub fn footprint(&self) -> usize {
        self.histogram.distinct_values() * std::mem::size_of::<u64>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exact nearest-rank quantile, the reference the histogram's quantiles are held to.
    fn exact(sorted: &[f64], q: f64) -> f64 {
        let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
        sorted[rank - 1]
    }

    #[test]
    fn quantiles_are_within_the_stated_error_of_the_exact_ones() {
        // Times spread over seven decades, as a mixed set of puzzles gives.
        let mut x = 12345u64;
        let mut values = Vec::new();
        let mut t = Times::default();
        for _ in 0..20_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let ms = 10f64.powf((x >> 11) as f64 / (1u64 << 53) as f64 * 7.0 - 3.0);
            values.push(ms);
            t.add(ms);
        }
        values.sort_by(f64::total_cmp);
        for q in [0.0, 0.1, 0.5, 0.9, 0.99, 1.0] {
            let (got, want) = (t.quantile(q), exact(&values, q));
            assert!(
                (got - want).abs() <= want * QUANTILE_ERROR,
                "q {q}: {got} against {want}"
            );
        }
        assert_eq!(t.max(), values[values.len() - 1]);
        assert_eq!(t.len(), 20_000);
    }

    #[test]
    fn two_halves_absorbed_give_the_whole() {
        let (mut a, mut b, mut whole) = (Times::default(), Times::default(), Times::default());
        for i in 0..1000 {
            let ms = 0.003 * f64::from(i) + 0.001;
            whole.add(ms);
            if i % 3 == 0 {
                a.add(ms)
            } else {
                b.add(ms)
            }
        }
        a.absorb(&b);
        for q in [0.1, 0.5, 0.9] {
            assert_eq!(a.quantile(q), whole.quantile(q));
        }
        assert_eq!((a.len(), a.max()), (whole.len(), whole.max()));
        assert!((a.sum() - whole.sum()).abs() < 1e-9);
        assert_eq!(a.steps(), whole.steps());
    }

    #[test]
    fn an_empty_set_has_no_quantile_and_the_footprint_stays_small() {
        let mut t = Times::default();
        assert!(t.quantile(0.5).is_nan() && t.max().is_nan());
        for i in 0..1_000_000u32 {
            t.add(f64::from(i % 5000) * 0.01);
        }
        assert!(t.footprint() < 512 * 1024, "{} bytes", t.footprint());
    }
}
