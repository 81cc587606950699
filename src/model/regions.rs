//! A Jigsaw board's regions: the check that a region map is `n` connected sets of `n`
//! cells, which together cover the grid once.

/// Checks a region map of a board of side `n`: one region index per cell, each below
/// `n`, each region `n` cells that touch side by side. The message names the region (1-based)
/// and, where one is at fault, a cell (`r3c5`).
pub fn check_regions(n: usize, regions: &[u8]) -> Result<(), String> {
    if regions.len() != n * n {
        return Err(format!(
            "the region map has {} cells; a {n}x{n} board has {}",
            regions.len(),
            n * n
        ));
    }
    let name = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
    if let Some(c) = regions.iter().position(|&g| g as usize >= n) {
        return Err(format!(
            "{} is in region {}; a {n}x{n} board has regions 1 to {n}",
            name(c),
            regions[c] as usize + 1
        ));
    }
    let mut size = vec![0usize; n];
    for &g in regions {
        size[g as usize] += 1;
    }
    if let Some(g) = size.iter().position(|&s| s != n) {
        return Err(format!(
            "region {} has {} cells; each region of a {n}x{n} board has {n}",
            g + 1,
            size[g]
        ));
    }
    for g in 0..n as u8 {
        let start = regions.iter().position(|&r| r == g).unwrap_or(0);
        let seen = flood(n, start, |d| regions[d] == g);
        let reached = seen.iter().filter(|&&s| s).count();
        if reached != n {
            let apart = (0..n * n)
                .find(|&c| regions[c] == g && !seen[c])
                .unwrap_or(start);
            return Err(format!(
                "region {} is not connected: {} does not touch {} through the region",
                g + 1,
                name(apart),
                name(start)
            ));
        }
    }
    Ok(())
}

/// The side-by-side neighbours of `cell` on a board of side `n`.
pub(crate) fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then_some(cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then_some(cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// The cells of a board of side `n` that `start` reaches through side-by-side
/// neighbours for which `inside` holds (`start` among them), as a mark per cell: the
/// connectedness of a region, a cage, a set of cells.
pub(crate) fn flood(n: usize, start: usize, inside: impl Fn(usize) -> bool) -> Vec<bool> {
    let mut seen = vec![false; n * n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(c) = stack.pop() {
        for d in neighbours(c, n) {
            if inside(d) && !seen[d] {
                seen[d] = true;
                stack.push(d);
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_regions_and_broken_maps_are_named() {
        let boxes: Vec<u8> = (0..16).map(|c| ((c / 8) * 2 + (c % 4) / 2) as u8).collect();
        assert_eq!(check_regions(4, &boxes), Ok(()));
        let rows: Vec<u8> = (0..16).map(|c| (c / 4) as u8).collect();
        assert_eq!(check_regions(4, &rows), Ok(()));
        let mut big = rows.clone();
        big[4] = 0;
        assert!(check_regions(4, &big)
            .unwrap_err()
            .contains("region 1 has 5"));
        // Region 1 = row 1 but its first cell swapped with row 3's.
        let mut apart = rows.clone();
        apart.swap(0, 8);
        let e = check_regions(4, &apart).unwrap_err();
        assert!(e.contains("not connected"), "{e}");
        assert!(check_regions(4, &[9; 16])
            .unwrap_err()
            .contains("region 10"));
        assert!(check_regions(4, &rows[..15]).is_err());
    }
}
