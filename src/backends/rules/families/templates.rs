//! The pairwise form of single-digit exact deduction: a digit's templates (its valid
//! placements, one cell in every row, column and box, through its candidates and the
//! cells where it is placed) say which two of its candidates can hold it together and
//! which two cannot both lack it. The first is a weak link, the second a strong one,
//! between candidates that need not share a unit: what fish, finned fish, skyscrapers
//! and other single-digit patterns know, as links a chain can use. Nishio keeps a
//! candidate iff some template uses it; these links are that test applied to pairs.
//!
//! Templates are listed by a search over the rows; a digit with more than
//! [`MAX_TEMPLATES`] of them gives no links (sound, only weaker). X-Sudoku's diagonals
//! are not tracked: the templates are then a superset of the valid placements, so a
//! pair no template has is still impossible, and a pair every template has still forced.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::ones128;

/// A digit with more templates than this gives no links (a bound on the listing's
/// time and memory; sound either way).
pub const MAX_TEMPLATES: usize = 4096;

/// A link between two candidates of one digit that templates prove.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TemplateLink {
    /// The digit.
    pub digit: u8,
    /// The two cells (first < second).
    pub cells: (usize, usize),
    /// Strong: one of the two holds the digit in every template; else weak: no
    /// template has both.
    pub strong: bool,
}

/// The box of each cell of the board, as a bit.
fn box_bits(board: &Board) -> Vec<u64> {
    let g = &board.geometry;
    let (n, br, bc) = (g.n, g.box_rows, g.box_cols);
    (0..n * n)
        .map(|cell| 1 << ((cell / n / br) * (n / bc) + cell % n / bc))
        .collect()
}

/// Per row, the columns where digit `d` is placed or a candidate (a placed cell keeps
/// its digit's place in its units).
fn allowed_rows(board: &Board, s: &State, d: u8) -> Vec<u64> {
    (0..board.n).map(|r| s.places(d, board.row(r))).collect()
}

/// Every template of a digit whose cells per row are `allowed` ([`allowed_rows`]),
/// as the set of its cells (bit `r * n + c`, boards of up to 128 cells), into `out`
/// (cleared first, keeping its room from digit to digit); `false` when there are more
/// than `limit`. `box_bit` is [`box_bits`] of the board.
fn templates_into(
    board: &Board,
    (allowed, limit): (&[u64], usize),
    box_bit: &[u64],
    out: &mut Vec<u128>,
) -> bool {
    out.clear();
    let n = board.geometry.n;
    fn walk(
        r: usize,
        n: usize,
        (allowed, box_bit): (&[u64], &[u64]),
        (used_cols, used_boxes): (u64, u64),
        cells: u128,
        out: &mut Vec<u128>,
        limit: usize,
    ) -> bool {
        if r == n {
            out.push(cells);
            return out.len() <= limit;
        }
        let mut free = allowed[r] & !used_cols;
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            let cell = r * n + c;
            let b = box_bit[cell];
            if used_boxes & b != 0 {
                continue;
            }
            let used = (used_cols | 1 << c, used_boxes | b);
            let tables = (allowed, box_bit);
            if !walk(r + 1, n, tables, used, cells | 1 << cell, out, limit) {
                return false;
            }
        }
        true
    }
    walk(0, n, (allowed, box_bit), (0, 0), 0, out, limit)
}

/// The links of each digit as last listed, kept by their owner (the ALS rule's cache,
/// one per engine run, so one board): on one board a digit's links depend on its own
/// cells alone, so a digit whose candidates and placements did not change since is not
/// listed again.
#[derive(Default)]
pub struct Kept {
    digits: Vec<Option<DigitLinks>>,
}

/// One digit's links and the cells they were listed from.
struct DigitLinks {
    /// Per row, the columns where the digit is placed or a candidate.
    allowed: Vec<u64>,
    /// Its open candidates.
    open: u128,
    /// `None`: more than [`MAX_TEMPLATES`] templates.
    links: Option<Vec<TemplateLink>>,
}

/// The links templates prove between open candidates of each digit that do not
/// share a unit (those that do are the plain instance's already), for boards of up to
/// 128 cells; digits `kept` holds for the same cells are not listed again.
pub fn links(board: &Board, s: &State, kept: &mut Kept) -> Vec<TemplateLink> {
    let n = board.n;
    let mut out = Vec::new();
    if n * n > 128 {
        return out;
    }
    kept.digits.resize_with(n, || None);
    let peers: Vec<u128> = board
        .peers
        .iter()
        .map(|ps| ps.iter().fold(0, |m, &p| m | 1 << p))
        .collect();
    let box_bit = box_bits(board);
    let mut masks: Vec<u128> = Vec::with_capacity(256);
    let mut with = vec![0u128; n * n];
    let mut common = vec![u128::MAX; n * n];
    for d in 1..=n as u8 {
        let allowed = allowed_rows(board, s, d);
        let open: u128 = (0..n * n)
            .filter(|&c| s.value[c] == 0 && s.cand[c].contains(d))
            .fold(0, |m, c| m | 1 << c);
        let slot = &mut kept.digits[d as usize - 1];
        if let Some(k) = slot
            .as_ref()
            .filter(|k| k.open == open && k.allowed == allowed)
        {
            out.extend(k.links.iter().flatten());
            continue;
        }
        let links =
            templates_into(board, (&allowed, MAX_TEMPLATES), &box_bit, &mut masks).then(|| {
                let mut links = Vec::new();
                digit_links(
                    n,
                    (d, open),
                    &masks,
                    &peers,
                    (&mut with, &mut common),
                    &mut links,
                );
                links
            });
        out.extend(links.iter().flatten());
        *slot = Some(DigitLinks {
            allowed,
            open,
            links,
        });
    }
    out
}

/// The links of digit `d` (open candidates `open`) its templates `masks` prove, into
/// `out`; `with` and `common` are room for one cell set per cell.
fn digit_links(
    n: usize,
    (d, open): (u8, u128),
    masks: &[u128],
    peers: &[u128],
    (with, common): (&mut [u128], &mut [u128]),
    out: &mut Vec<TemplateLink>,
) {
    // Per open cell: the cells of every template using it (OR) and the cells common
    // to every template using it (AND). A template takes one cell of each row, so
    // those not using a cell are those using another of its row (open too: the digit
    // is not placed in a row holding one of its candidates).
    with.fill(0);
    common.fill(u128::MAX);
    for &m in masks {
        for x in ones128(m & open) {
            with[x] |= m;
            common[x] &= m;
        }
    }
    for a in ones128(open) {
        let row = a - a % n;
        let without = (row..row + n)
            .filter(|&x| x != a)
            .fold(u128::MAX, |w, x| w & common[x]);
        let with = with[a];
        let later = open & !peers[a] & (u128::MAX << a << 1);
        for b in ones128(later) {
            if with >> b & 1 == 0 {
                out.push(TemplateLink {
                    digit: d,
                    cells: (a, b),
                    strong: false,
                });
            }
            if without >> b & 1 == 1 {
                out.push(TemplateLink {
                    digit: d,
                    cells: (a, b),
                    strong: true,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::{position, puzzle_lines, settled};
    use super::super::nishio::placeable;
    use super::*;

    /// The templates of digit `d`, if there are at most `limit`.
    fn templates(board: &Board, s: &State, d: u8, limit: usize) -> Option<Vec<u128>> {
        let mut out = Vec::new();
        let allowed = allowed_rows(board, s, d);
        templates_into(board, (&allowed, limit), &box_bits(board), &mut out).then_some(out)
    }

    #[test]
    fn the_links_are_exactly_the_pairs_the_placements_decide() {
        // magictour top 1465, line 3 (tests/data/magictour_top1465.txt): after the
        // givens, some digits have few enough templates to be listed.
        let line =
            "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........";
        let (b, s) = position(line, &[]);
        let links = links(&b, &s, &mut Kept::default());
        let mut checked = 0;
        for d in 1..=9u8 {
            if templates(&b, &s, d, MAX_TEMPLATES).is_none() {
                assert!(links.iter().all(|l| l.digit != d));
                continue;
            }
            let open: Vec<usize> = (0..81)
                .filter(|&c| s.value[c] == 0 && s.cand[c].contains(d))
                .collect();
            for (i, &a) in open.iter().enumerate() {
                for &c in &open[i + 1..] {
                    if b.peers[a].contains(&c) {
                        continue;
                    }
                    let has = |strong| {
                        links.contains(&TemplateLink {
                            digit: d,
                            cells: (a, c),
                            strong,
                        })
                    };
                    assert_eq!(
                        has(false),
                        !placeable(&b, &s, d, &[a, c], &[]),
                        "{d} {a} {c}"
                    );
                    assert_eq!(
                        has(true),
                        !placeable(&b, &s, d, &[], &[a, c]),
                        "{d} {a} {c}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} pairs checked");
        assert!(links.iter().any(|l| l.strong) && links.iter().any(|l| !l.strong));
    }

    #[test]
    fn links_kept_from_earlier_positions_are_the_links_listed_afresh() {
        // The positions the ladder reaches up to nishio, 2-SAT, the ALS rule and
        // template chains on magictour puzzles, one cache across all of them: what it
        // hands back must be what a fresh listing finds, and some digits must come
        // back unchanged from one position to the next for the cache to be asked.
        let lines = include_str!("../../../../tests/data/magictour_top1465.txt");
        let rules = ["nishio", "2-SAT", "almost locked sets", "template chains"];
        let mut kept = Kept::default();
        let (mut unchanged, mut listed) = (0, 0);
        let mut last: Vec<Vec<u64>> = Vec::new();
        for line in puzzle_lines(lines, 20) {
            for rule in rules {
                let (b, s) = settled(line, rule);
                let now: Vec<Vec<u64>> = (1..=9).map(|d| allowed_rows(&b, &s, d)).collect();
                unchanged += now.iter().zip(&last).filter(|(a, b)| a == b).count();
                last = now;
                let fresh = links(&b, &s, &mut Kept::default());
                listed += fresh.len();
                assert_eq!(links(&b, &s, &mut kept), fresh, "{line} {rule}");
            }
        }
        assert!(unchanged > 100 && listed > 1000, "{unchanged} {listed}");
    }

    #[test]
    fn a_digit_placed_or_open_on_the_same_cells_is_listed_again() {
        // magictour top 1465, line 3: r1c1 holds 7. The same puzzle with r1c1 open on
        // 7 or another digit, and no 7 left among its peers, gives digit 7 the same
        // cells, one of them now an open candidate in every template: strong links
        // to the candidates it does not see, which a cache keyed by the cells alone
        // would not hand back.
        let line =
            "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........";
        let (b, placed) = position(line, &[]);
        let open_line = format!(".{}", &line[1..]);
        let (_, before) = position(&open_line, &[]);
        let other = before.cand[0]
            .iter()
            .find(|&d| d != 7)
            .expect("r1c1 has more");
        let mut gone: Vec<(usize, u8)> = b.peers[0].iter().map(|&p| (p, 7)).collect();
        gone.extend(
            before.cand[0]
                .iter()
                .filter(|&d| d != 7 && d != other)
                .map(|d| (0, d)),
        );
        let (_, open) = position(&open_line, &gone);
        assert_eq!(allowed_rows(&b, &placed, 7), allowed_rows(&b, &open, 7));
        let mut kept = Kept::default();
        assert_eq!(
            links(&b, &placed, &mut kept),
            links(&b, &placed, &mut Kept::default())
        );
        let fresh = links(&b, &open, &mut Kept::default());
        assert!(fresh
            .iter()
            .any(|l| l.digit == 7 && l.cells.0 == 0 && l.strong));
        assert_eq!(links(&b, &open, &mut kept), fresh);
    }

    #[test]
    fn a_digit_with_too_many_templates_gives_no_links() {
        let (b, s) = position(&".".repeat(81), &[]);
        assert_eq!(templates(&b, &s, 1, MAX_TEMPLATES), None);
        assert!(links(&b, &s, &mut Kept::default()).is_empty());
    }
}
