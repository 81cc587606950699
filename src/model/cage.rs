//! Killer cages: the second kind of constraint beside units. A cage is a set of cells
//! whose digits are all different and add up to its total. Cages sit on top of any
//! board (classic, X or Jigsaw) and need not cover it; they never overlap.

use super::CandSet;

/// A Killer cage: its cells hold distinct digits that add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Cage {
    /// The cells (row-major indices), sorted, at least one.
    pub cells: Vec<usize>,
    /// The total of the cage's digits.
    pub sum: u32,
}

/// The smallest and largest total of `size` distinct digits from `1..=n`, for a
/// `size` of at most `n` (a larger cage cannot hold distinct digits: `(1, 0)`, no total).
pub fn sum_range(n: usize, size: usize) -> (u32, u32) {
    if size > n {
        return (1, 0);
    }
    let (n, k) = (n as u32, size as u32);
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

/// The most digit sets a backend lists for one cage. A cage with more (a 32-cell cage of
/// a 64x64 board has millions) is stated another way, or refused by a backend that has
/// no other way, before any list is built: listing them would take memory and time no
/// deadline stops.
pub const MAX_LISTED_COMBINATIONS: u64 = 20_000;

/// How many sets of `size` distinct digits from `1..=n` add up to `sum`, counted
/// without listing them (capped at `u64::MAX`).
pub fn combination_count(n: usize, size: usize, sum: u32) -> u64 {
    let sum = sum as usize;
    // ways[k][s]: sets of k digits among those seen so far adding up to s.
    let mut ways = vec![vec![0u64; sum + 1]; size + 1];
    ways[0][0] = 1;
    for d in 1..=n.min(sum) {
        for k in (1..=size).rev() {
            for s in (d..=sum).rev() {
                ways[k][s] = ways[k][s].saturating_add(ways[k - 1][s - d]);
            }
        }
    }
    ways[size][sum]
}

/// Whether cage `cage` of a board of side `n` has at most
/// [`MAX_LISTED_COMBINATIONS`] digit sets, so that a backend may list them.
pub fn listable(n: usize, cage: &Cage) -> bool {
    combination_count(n, cage.cells.len(), cage.sum) <= MAX_LISTED_COMBINATIONS
}

/// Why a backend that lists every cage's digit sets does not take `geometry`: its
/// first cage with too many, named; `None` when every cage is listable.
pub fn unlisted_cage(geometry: &super::Geometry) -> Option<String> {
    let k = (0..geometry.cages.len()).find(|&k| !listable(geometry.n, &geometry.cages[k]))?;
    Some(format!(
        "{} has more than {MAX_LISTED_COMBINATIONS} digit sets, more than this backend lists",
        geometry.cage_name(k)
    ))
}

/// Every set of `size` distinct digits from `1..=n` adding up to `sum`, each as a
/// candidate set, in ascending order of their bits. The heart of every statement of a
/// cage that enumerates what it may hold (clauses, exact-cover rows, the rule engine).
pub fn combinations(n: usize, size: usize, sum: u32) -> Vec<CandSet> {
    let mut out = Vec::new();
    extend_combinations(n as u32, size as u32, sum, 1, CandSet::EMPTY, &mut out);
    out
}

/// [`combinations`] restricted to sets that draw each digit from `allowed`.
pub fn combinations_within(n: usize, size: usize, sum: u32, allowed: CandSet) -> Vec<CandSet> {
    combinations(n, size, sum)
        .into_iter()
        .filter(|c| c.0 & !allowed.0 == 0)
        .collect()
}

/// Adds to `out` every completion of `chosen` by `left` more digits from `from..=n`
/// adding up to `sum`; a branch stops once the smallest or largest completion misses.
fn extend_combinations(
    n: u32,
    left: u32,
    sum: u32,
    from: u32,
    chosen: CandSet,
    out: &mut Vec<CandSet>,
) {
    if left == 0 {
        if sum == 0 {
            out.push(chosen);
        }
        return;
    }
    if from > n || n - from + 1 < left {
        return;
    }
    // The smallest total of `left` digits from `from`, and the largest (from n down).
    let low = left * from + left * (left - 1) / 2;
    let high = left * n - left * (left - 1) / 2;
    if sum < low || sum > high {
        return;
    }
    for d in from..=n {
        if d > sum {
            break;
        }
        let mut next = chosen;
        next.insert(d as u8);
        extend_combinations(n, left - 1, sum - d, d + 1, next, out);
    }
}

/// Checks cages against a board of side `n` with `cells` cells: each cage has cells,
/// all on the board, none in two cages, at most `n` of them, and a total that distinct
/// digits can make; when the cages cover every cell, their totals add up to the
/// grid's. The message names the cage by its first cell (1-based `r3c5`).
pub fn check_cages(n: usize, cells: usize, cages: &[Cage]) -> Result<(), String> {
    let name = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
    let mut owner = vec![usize::MAX; cells];
    for (k, cage) in cages.iter().enumerate() {
        let Some(&first) = cage.cells.first() else {
            return Err(format!("cage {} has no cells", k + 1));
        };
        if let Some(&off) = cage.cells.iter().find(|&&c| c >= cells) {
            return Err(format!(
                "cage {} has cell {off}, off the {n}x{n} board",
                k + 1
            ));
        }
        let at = name(first);
        if cage.cells.len() > n {
            return Err(format!(
                "the cage at {at} has {} cells; distinct digits fill at most {n}",
                cage.cells.len()
            ));
        }
        for &c in &cage.cells {
            if owner[c] != usize::MAX {
                let other = name(cages[owner[c]].cells[0]);
                return Err(if owner[c] == k {
                    format!("the cage at {at} lists {} twice", name(c))
                } else {
                    format!("{} is in two cages, at {other} and at {at}", name(c))
                });
            }
            owner[c] = k;
        }
        let (low, high) = sum_range(n, cage.cells.len());
        if !(low..=high).contains(&cage.sum) {
            return Err(format!(
                "the cage at {at} has {} cells and total {}; {} distinct digits add up to {low} to {high}",
                cage.cells.len(),
                cage.sum,
                cage.cells.len()
            ));
        }
    }
    if !owner.is_empty() && owner.iter().all(|&o| o != usize::MAX) {
        let total: u64 = cages.iter().map(|c| u64::from(c.sum)).sum();
        let grid = (n * n * (n + 1) / 2) as u64;
        if total != grid {
            return Err(format!(
                "the cages cover the grid and their totals add up to {total}, not {grid}, the total of a {n}x{n} grid"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subset of `1..=n` by brute force, for comparison.
    fn brute(n: usize, size: usize, sum: u32) -> Vec<CandSet> {
        (0u64..1 << n)
            .filter(|bits| bits.count_ones() as usize == size)
            .filter(|bits| {
                (0..n)
                    .filter(|i| bits >> i & 1 == 1)
                    .map(|i| i as u32 + 1)
                    .sum::<u32>()
                    == sum
            })
            .map(CandSet)
            .collect()
    }

    #[test]
    fn combinations_are_exactly_the_subsets_of_the_size_and_total() {
        for n in [4, 6, 9] {
            for size in 1..=n {
                let (low, high) = sum_range(n, size);
                for sum in 0..=high + 2 {
                    let mut ours = combinations(n, size, sum);
                    ours.sort_by_key(|c| c.0);
                    assert_eq!(ours, brute(n, size, sum), "n {n} size {size} sum {sum}");
                    assert_eq!(!ours.is_empty(), (low..=high).contains(&sum));
                }
            }
        }
        assert_eq!(combinations(9, 2, 3), vec![CandSet(0b11)]);
        assert_eq!(combinations(9, 9, 45).len(), 1);
    }

    #[test]
    fn the_count_is_the_length_of_the_list() {
        for n in [4, 9, 16] {
            for size in 1..=n.min(6) {
                let (low, high) = sum_range(n, size);
                for sum in low..=high {
                    assert_eq!(
                        combination_count(n, size, sum),
                        combinations(n, size, sum).len() as u64
                    );
                }
            }
        }
    }

    #[test]
    fn cages_are_checked() {
        let ok = vec![
            Cage {
                cells: vec![0, 1],
                sum: 3,
            },
            Cage {
                cells: vec![2],
                sum: 4,
            },
        ];
        assert_eq!(check_cages(4, 16, &ok), Ok(()));
        let bad_sum = vec![Cage {
            cells: vec![0, 1],
            sum: 8,
        }];
        let e = check_cages(4, 16, &bad_sum).unwrap_err();
        assert!(e.contains("r1c1") && e.contains("3 to 7"), "{e}");
        let overlap = vec![ok[0].clone(), ok[0].clone()];
        assert!(check_cages(4, 16, &overlap)
            .unwrap_err()
            .contains("in two cages"));
        let whole = vec![Cage {
            cells: (0..16).collect(),
            sum: 40,
        }];
        assert!(check_cages(4, 16, &whole)
            .unwrap_err()
            .contains("at most 4"));
        let pairs: Vec<Cage> = (0..8)
            .map(|k| Cage {
                cells: vec![2 * k, 2 * k + 1],
                sum: if k == 0 { 4 } else { 5 },
            })
            .collect();
        let e = check_cages(4, 16, &pairs).unwrap_err();
        assert!(e.contains("39, not 40"), "{e}");
    }
}
