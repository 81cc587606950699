//! Words for steps: the name a person knows a deduction by, what it changed, and a
//! one-line reason. Steps are data; this is the only place that turns them into text.

use super::eureka;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::{Broken, State};
use crate::backends::rules::engine::step::{
    digits_of, AlsForced, AlsLink, AlsNode, AlsSet, Contradiction, Detail, Exocet, Fact,
    FishPattern, GraphKind, GraphRule, House, Link, Step, Sum45, SumSide, UniquePattern,
};
use crate::backends::rules::engine::{Finish, Run};
use crate::model::format::digit_text;
use crate::model::UnitKind;

fn size_name(r: usize) -> String {
    match r {
        1 => "single".into(),
        2 => "pair".into(),
        3 => "triple".into(),
        4 => "quad".into(),
        r => format!("subset of {r}"),
    }
}

fn fish_name(r: usize) -> String {
    match r {
        2 => "X-wing".into(),
        3 => "swordfish".into(),
        4 => "jellyfish".into(),
        r => format!("fish of {r}"),
    }
}

fn list<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    items.iter().map(f).collect::<Vec<_>>().join(", ")
}

fn cells(board: &Board, cells: &[usize]) -> String {
    list(cells, |&c| board.cell_name(c))
}

/// A digit as the board's grid writes it (`E` for 14 on a 16×16 board).
fn sym(board: &Board, d: u8) -> String {
    digit_text(board.n, d)
}

fn digits(board: &Board, ds: &[u8]) -> String {
    list(ds, |&d| sym(board, d))
}

/// The level a step is shown with: `L3`, or `guess` for a trial placement.
pub fn level_label(step: &Step) -> String {
    match step.level() {
        Some(level) => format!("L{level}"),
        None if step.is_guess() => "guess".into(),
        None => "L?".into(),
    }
}

/// The name a person knows the step by: `hidden pair`, `X-wing`, `locked candidates
/// (pointing)`.
pub fn name(board: &Board, step: &Step) -> String {
    match &step.detail {
        Detail::NakedSingle => "naked single".into(),
        Detail::HiddenSingle { .. } => "hidden single".into(),
        Detail::Locked { inner, .. } => {
            if matches!(
                board.geometry.units[*inner].kind,
                UnitKind::Box | UnitKind::Region
            ) {
                "locked candidates (pointing)".into()
            } else {
                "locked candidates (claiming)".into()
            }
        }
        Detail::Subset { hidden, .. } => {
            let r = if *hidden {
                step.digits.len()
            } else {
                step.cells.len()
            };
            format!(
                "{} {}",
                if *hidden { "hidden" } else { "naked" },
                size_name(r)
            )
        }
        Detail::Fish { lines, .. } => fish_name(lines.len()),
        Detail::Nishio { .. } => "nishio".into(),
        Detail::Graph { graph, rule } => {
            let g = graph_name(*graph);
            match rule {
                GraphRule::Cycle => format!("{g} cycle"),
                GraphRule::RepetitiveCycle => format!("repetitive cycle ({g})"),
                GraphRule::Path => format!("nonrepetitive path ({g})"),
                GraphRule::Conflict => format!("conflicting paths ({g})"),
                GraphRule::EmptyUnit => format!("conflicting paths ({g}, a unit emptied)"),
            }
        }
        Detail::TwoSat { .. } => "2-SAT".into(),
        Detail::DeathBlossom { .. } => "death blossom".into(),
        Detail::Tridagon { .. } => "tridagon".into(),
        Detail::Exocet { .. } => "junior exocet".into(),
        Detail::Msls { .. } => "multi-sector locked set".into(),
        Detail::HouseWeights { .. } => "weighted house count".into(),
        Detail::AlignedExclusion { .. } => if step.cells.len() == 2 {
            "aligned pair exclusion"
        } else {
            "aligned triple exclusion"
        }
        .into(),
        Detail::Als { forced, .. } if forced.iter().any(AlsForced::uses_templates) => {
            "template chain".into()
        }
        Detail::Als { forced, fish, .. }
            if forced
                .first()
                .is_some_and(|f| f.uses_fish() && f.sets_used() == 0) =>
        {
            fish_chain_name(forced.first().map_or(&[][..], |f| &f.chain), fish)
        }
        // An ALS-XZ is a candidate, two sets and back (five implications); an ALS-XY-wing
        // the same through three sets (seven); anything longer or through a fish a chain.
        Detail::Als { forced, .. } => match forced.first().map_or((0, false, 0), |f| {
            (f.sets_used(), f.uses_fish(), f.chain.len())
        }) {
            (2, false, ..=5) => "ALS-XZ".into(),
            (3, false, ..=7) => "ALS-XY-wing".into(),
            _ => "ALS chain".into(),
        },
        Detail::Unique { pattern } => format!(
            "{} (assumes one solution)",
            match pattern {
                UniquePattern::Rectangle => "unique rectangle",
                UniquePattern::RectangleExtra => "unique rectangle type 2",
                UniquePattern::RectangleSubset => "unique rectangle type 3",
                UniquePattern::RectangleStrongLink => "unique rectangle type 4",
                UniquePattern::RectangleDiagonal => "unique rectangle type 5",
                UniquePattern::RectangleDiagonalFloor => "unique rectangle type 6",
                UniquePattern::AvoidableRectangle => "avoidable rectangle",
                UniquePattern::AvoidableRectangleExtra => "avoidable rectangle type 2",
                UniquePattern::Bug => "BUG+1",
            }
        ),
        Detail::CageCombinations { .. } => "cage combinations".into(),
        Detail::CageConfinement { .. } => "cage confinement".into(),
        Detail::Sum45(sum) => {
            let many = sum.cells.len() > 1;
            match sum.side {
                SumSide::Innies if many => "45 rule (innies)".into(),
                SumSide::Innies => "45 rule (innie)".into(),
                SumSide::Outies if many => "45 rule (outies)".into(),
                SumSide::Outies => "45 rule (outie)".into(),
                SumSide::Split(_) => "45 rule (cage split)".into(),
            }
        }
        Detail::Contradiction { .. } => "contradiction".into(),
        Detail::Guess { .. } => "guess".into(),
    }
}

/// A combination of a cage's digits as a person writes it: `1+5+9`.
fn combination(board: &Board, bits: u64) -> String {
    digits_of(bits)
        .iter()
        .map(|&d| sym(board, d))
        .collect::<Vec<_>>()
        .join("+")
}

/// Combinations, at most twelve named: `1+9, 2+8, 4+6`.
fn combination_list(board: &Board, combos: &[u64]) -> String {
    const SHOWN: usize = 12;
    let mut out = list(&combos[..combos.len().min(SHOWN)], |&c| {
        combination(board, c)
    });
    if combos.len() > SHOWN {
        out.push_str(&format!(" and {} more", combos.len() - SHOWN));
    }
    out
}

/// Units added up by the 45 rule, by name: `row 3`, `rows 1–2`, `columns 4–6`,
/// `box 1 and box 2`.
pub fn area_name(board: &Board, units: &[usize]) -> String {
    let g = &board.geometry;
    let kind = |u: usize| g.units[u].kind;
    let run = |k: UnitKind| {
        units.iter().all(|&u| kind(u) == k)
            && units
                .windows(2)
                .all(|w| g.units[w[1]].index == g.units[w[0]].index + 1)
    };
    match units {
        [] => String::new(),
        [u] => board.unit_name(*u),
        [first, .., last] if run(UnitKind::Row) || run(UnitKind::Column) => format!(
            "{} {}–{}",
            if kind(*first) == UnitKind::Row {
                "rows"
            } else {
                "columns"
            },
            g.units[*first].index + 1,
            g.units[*last].index + 1
        ),
        _ => {
            let names: Vec<String> = units.iter().map(|&u| board.unit_name(u)).collect();
            names.join(" and ")
        }
    }
}

/// Cages by name with their totals: `the 10-cage at r1c1 and the 26-cage at r1c5`;
/// more than four as a count.
fn cage_list(board: &Board, cages: &[usize]) -> String {
    let g = &board.geometry;
    match cages.len() {
        0 => "no cage".into(),
        1..=4 => {
            let names: Vec<String> = cages.iter().map(|&k| g.cage_name(k)).collect();
            match names.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            }
        }
        k => format!(
            "{k} cages ({})",
            list(cages, |&c| g.cages[c].sum.to_string())
        ),
    }
}

/// A total in words with a true minus sign for a negative one.
fn total_text(x: i64) -> String {
    x.to_string().replace('-', "−")
}

/// Why a cage keeps only some combinations.
fn cage_combinations_reason(
    board: &Board,
    cage: usize,
    combos: &[u64],
    required: &[(u8, usize)],
) -> String {
    let g = &board.geometry;
    let c = &g.cages[cage];
    let mut out = if c.cells.len() == 1 {
        format!(
            "{} is the one cell {}, which holds its total",
            g.cage_name(cage),
            board.cell_name(c.cells[0])
        )
    } else {
        format!(
            "{} ({}) holds {} different digits adding up to {}",
            g.cage_name(cage),
            cells(board, &c.cells),
            c.cells.len(),
            c.sum
        )
    };
    if c.cells.len() == 1 && !combos.is_empty() {
        return out;
    }
    for &(d, u) in required {
        out.push_str(&format!(
            "; it must hold {}, which {} can place only inside it",
            sym(board, d),
            board.unit_name(u)
        ));
    }
    if combos.is_empty() {
        out.push_str("; no combination fits its cells' candidates, so there is no completion");
        return out;
    }
    let open = combos.first().map_or(0, |b| b.count_ones() as usize);
    if open == 1 && c.cells.len() > 1 {
        out.push_str(&format!(
            "; its one open cell holds what the digits placed in it leave, {}",
            combination_list(board, combos)
        ));
        return out;
    }
    let placed = c.cells.len() > open;
    let what = if placed {
        "its open cells, beside the digits placed in it, can only take"
    } else {
        "its cells' candidates allow only"
    };
    out.push_str(&format!(
        "; {what} {}, each digit in a cell that holds it; no such filling puts a removed digit where it is removed",
        combination_list(board, combos)
    ));
    out
}

/// Why the 45 rule fixes a sum, and what it places or removes.
fn sum45_reason(board: &Board, step: &Step, sum: &Sum45) -> String {
    let g = &board.geometry;
    let n = board.n as i64;
    let area = area_name(board, &sum.units);
    let area_total = sum.units.len() as i64 * n * (n + 1) / 2;
    let inside_sum: i64 = sum.inside.iter().map(|&k| i64::from(g.cages[k].sum)).sum();
    let mut out = format!("the 45 rule on {area}: its cells add up to {area_total}; ");
    if sum.inside.is_empty() {
        out.push_str("no cage lies wholly inside it");
    } else {
        out.push_str(&format!(
            "the cages wholly inside, {}, add up to {inside_sum}",
            cage_list(board, &sum.inside)
        ));
    }
    let innie_all = area_total - inside_sum;
    let known = |cells: &[(usize, u8)]| -> String {
        if cells.is_empty() {
            String::new()
        } else {
            format!(
                " (less the placed {})",
                list(cells, |&(c, d)| format!(
                    "{}={}",
                    board.cell_name(c),
                    sym(board, d)
                ))
            )
        }
    };
    let many = sum.cells.len() > 1;
    let names = cells(board, &sum.cells);
    let (plural, verb) = if many { ("s", "add up to") } else { ("", "is") };
    let total = total_text(sum.total);
    out.push_str(&match sum.side {
        SumSide::Innies => format!(
            ", so the innie{plural} {names}, the cell{plural} outside those cages{}, {verb} {total}",
            known(&sum.known)
        ),
        SumSide::Outies => {
            let crossing_sum: i64 = sum.crossing.iter().map(|&k| i64::from(g.cages[k].sum)).sum();
            format!(
                ", so its other cells add up to {innie_all}; they lie in {} crossing out of it, which add{} up to {crossing_sum}, so the outie{plural} {names}, {} cell{plural} outside{}, {verb} {total}",
                cage_list(board, &sum.crossing),
                if sum.crossing.len() == 1 { "s" } else { "" },
                if sum.crossing.len() == 1 { "its" } else { "those cages'" },
                known(&sum.known)
            )
        }
        SumSide::Split(k) => format!(
            ", so the open innie{} {}{} add{} up to {}; {} in {}, so its other open cell{plural} {names}{} {verb} {total}",
            if sum.innies.len() > 1 { "s" } else { "" },
            cells(board, &sum.innies),
            known(&sum.innies_known),
            if sum.innies.len() > 1 { "" } else { "s" },
            total_text(sum.innie_total),
            if sum.innies.len() > 1 { "they all lie" } else { "it lies" },
            g.cage_name(k),
            known(&sum.known)
        ),
    });
    if !many {
        if step.placements.is_empty() {
            out.push_str(", which it cannot take: there is no completion");
        }
        return out;
    }
    out.push_str(if sum.distinct {
        "; they make a virtual cage of different digits (each two share a unit or a cage)"
    } else {
        "; they make a virtual cage, where cells that share no unit or cage may repeat a digit"
    });
    if sum.distinct && sum.combinations.is_empty() {
        out.push_str(", and no combination fits their candidates: there is no completion");
        return out;
    }
    if sum.distinct {
        out.push_str(&format!(
            ": their candidates allow only {}",
            combination_list(board, &sum.combinations)
        ));
    }
    out.push_str(
        "; no filling of them from their candidates puts a removed digit where it is removed",
    );
    out
}

/// Why a tridagon's guardians hold another digit.
fn tridagon_reason(board: &Board, step: &Step, guardians: &[usize]) -> String {
    let others: Vec<usize> = step
        .cells
        .iter()
        .copied()
        .filter(|c| !guardians.contains(c))
        .collect();
    let who = if guardians.len() == 1 {
        format!("guardian {} holds", cells(board, guardians))
    } else {
        format!("one of the guardians {} holds", cells(board, guardians))
    };
    format!(
        "{} (three cells in each of {}, one per row and column of its box) hold only {}, and guardian{} {} more; no way to fill all twelve from their candidates among {} without a digit twice in a row, column or box (every filling tried), so {who} a digit other than those",
        cells(board, &others),
        list(&step.units, |&u| board.unit_name(u)),
        digits(board, &step.digits),
        if guardians.len() == 1 { "" } else { "s" },
        cells(board, guardians),
        digits(board, &step.digits),
    )
}

/// The name of a house: `r4c7`, or `5 in row 2`.
fn house_name(board: &Board, h: House) -> String {
    match h {
        House::Cell(c) => board.cell_name(c),
        House::Digit { unit, digit } => {
            format!("{} in {}", sym(board, digit), board.unit_name(unit))
        }
    }
}

/// A signed number with a true minus sign: `+2`, `−1`.
fn signed(x: i64) -> String {
    if x > 0 {
        format!("+{x}")
    } else {
        format!("−{}", x.unsigned_abs())
    }
}

/// An exocet fact counted with multiplier `m`, in words.
fn fact_words(board: &Board, fact: &Fact, m: i64) -> String {
    match fact {
        Fact::Balance {
            base,
            targets,
            digit,
        } => format!(
            "the junior exocet with base {} and targets {} holds {d} as often in its base as in its targets: counted ×{} (the base's {d}s {}, the targets' {}), which adds 0 to any solution",
            cells(board, base),
            cells(board, targets),
            signed(m),
            signed(m),
            signed(-m),
            d = sym(board, *digit),
        ),
        Fact::Mirror {
            target,
            mirror,
            digit,
        } => format!(
            "{t}={d} puts a {d} in its mirror {} too (junior exocet): counted ×{k} ({t}={d} {}, the mirror's {d}s {}), which can only lower a solution's weight",
            cells(board, mirror),
            signed(-m),
            signed(m),
            t = board.cell_name(*target),
            d = sym(board, *digit),
            k = -m,
        ),
    }
}

/// Why a weighted house count removes its candidates: the weights, grouped by value,
/// the exocet facts counted too, and what each removed candidate weighs against the
/// total.
fn weights_reason(
    board: &Board,
    step: &Step,
    weights: &[(House, i64)],
    facts: &[(Fact, i64)],
    total: i64,
) -> String {
    let mut groups: Vec<String> = Vec::new();
    let mut k = 0;
    while k < weights.len() {
        let w = weights[k].1;
        let same: Vec<String> = weights[k..]
            .iter()
            .take_while(|&&(_, x)| x == w)
            .map(|&(h, _)| house_name(board, h))
            .collect();
        k += same.len();
        groups.push(format!("{}: {}", signed(w), same.join(", ")));
    }
    let weight_of = |(c, d): (usize, u8)| -> i64 {
        let houses: i64 = weights
            .iter()
            .filter(|&&(h, _)| match h {
                House::Cell(x) => x == c,
                House::Digit { unit, digit } => {
                    digit == d && board.cell_units[c].iter().any(|&(u, _)| u == unit)
                }
            })
            .map(|&(_, w)| w)
            .sum();
        let in_facts: i64 = facts
            .iter()
            .flat_map(|(f, m)| f.terms().0.into_iter().map(move |(lit, k)| (lit, k * m)))
            .filter(|&(lit, _)| lit == (c, d))
            .map(|(_, x)| x)
            .sum();
        houses + in_facts
    };
    let removed: Vec<String> = step
        .eliminations
        .iter()
        .map(|&e| {
            format!(
                "{}={} weighs {}",
                board.cell_name(e.0),
                sym(board, e.1),
                weight_of(e)
            )
        })
        .collect();
    let counted: Vec<String> = facts
        .iter()
        .map(|(f, m)| fact_words(board, f, *m))
        .collect();
    let (facts_part, exactly) = if counted.is_empty() {
        (String::new(), "exactly")
    } else {
        (format!("; count too: {}", counted.join("; ")), "at most")
    };
    format!(
        "every house (an open cell, or a digit not yet placed in a unit) holds exactly one true candidate; weigh the houses {}{facts_part}; a candidate weighs the sum of what it is counted with, 0 or more for every candidate here, so the true candidates weigh {exactly} the sum of the house weights, {}, together; {}, more than that, so {} false",
        groups.join("; "),
        total.to_string().replace('-', "−"),
        removed.join(", "),
        if removed.len() == 1 { "it is" } else { "each is" }
    )
}

/// Why a junior exocet's targets take the base cells' two digits.
fn exocet_reason(board: &Board, p: &Exocet) -> String {
    let outside: Vec<String> = p
        .covers
        .iter()
        .map(|(d, houses)| {
            if houses.is_empty() {
                format!("no {}", sym(board, *d))
            } else {
                format!(
                    "the {}s in {}",
                    sym(board, *d),
                    list(houses, |&u| board.unit_name(u))
                )
            }
        })
        .collect();
    format!(
        "base cells {} (one box, one line) take two different digits of {}; each of the two appears once in every cross-line {}; inside the band the base box's cross-line cannot hold it, a target's cross-line holds it only at the target (its cell in the base line shares that line with the base cells, companions {} hold no base digit); outside the band at most two of each (cross-line cells: {}), so each of the two is in a target {}, and the targets take exactly the base cells' two digits",
        cells(board, &p.base),
        digits(board, &p.digits),
        list(&p.cross_lines, |&u| board.unit_name(u)),
        cells(board, &p.companions),
        outside.join(", "),
        cells(board, &p.targets),
    ) + &mirror_reason(board, p)
}

/// Why targets lose base digits their mirrors cannot take (empty when none does).
fn mirror_reason(board: &Board, p: &Exocet) -> String {
    if p.mirrors.is_empty() {
        return String::new();
    }
    let each: Vec<String> = p
        .mirrors
        .iter()
        .map(|(t, mirror)| {
            format!(
                "{} takes only a digit {} can hold",
                board.cell_name(*t),
                cells(board, mirror)
            )
        })
        .collect();
    format!(
        "; a target's digit is also in its mirror (in the other target's box it is neither in the base line nor in this target's line, and the cell of the band's third line in the other target's cross-line is that target or its companion), so {}, and a base cell keeps only digits a target can take",
        each.join(", ")
    )
}

fn graph_name(g: GraphKind) -> &'static str {
    match g {
        GraphKind::Bilocation => "bilocation",
        GraphKind::Bivalue => "bivalue",
    }
}

fn literal(board: &Board, (c, d): (usize, u8), holds: bool) -> String {
    format!(
        "{}{}{}",
        board.cell_name(c),
        if holds { "=" } else { "≠" },
        sym(board, d)
    )
}

/// The implications of a step's links in words: `r4c6≠6 → r4c8=6, ≠5 → r4c5=5`
/// (", ≠5": the same cell, so not 5); a link that does not continue the previous
/// one starts a new chain after `;`.
pub fn chain(board: &Board, links: &[Link]) -> String {
    let mut out = String::new();
    let mut last: Option<((usize, u8), bool)> = None;
    for l in links {
        match last {
            Some(prev) if prev == (l.from, l.if_from) => {}
            // The same cell, read another way: "r4c8=6, ≠5".
            Some(((c, _), _)) if c == l.from.0 => {
                out.push_str(if l.if_from { ", =" } else { ", ≠" });
                out.push_str(&sym(board, l.from.1));
            }
            _ => {
                if !out.is_empty() {
                    out.push_str("; ");
                }
                out.push_str(&literal(board, l.from, l.if_from));
            }
        }
        out.push_str(" → ");
        out.push_str(&literal(board, l.to, l.if_to));
        last = Some((l.to, l.if_to));
    }
    out
}

/// The letter naming set `k` of a step: A, B, ..., then A27, A28, ...
fn set_letter(k: usize) -> String {
    if k < 26 {
        char::from(b'A' + k as u8).to_string()
    } else {
        format!("A{}", k + 1)
    }
}

/// The name of a step whose first chain uses fish and no set: a finned (or, with no
/// fins, a basic) X-wing, swordfish or jellyfish when the chain is the fish alone (a
/// victim holding the digit puts it in a fin it sees), else a fish chain.
fn fish_chain_name(chain: &[AlsLink], fish: &[FishPattern]) -> String {
    let size = |f: &FishPattern| fish_name(f.bases.len());
    match (chain, fish) {
        ([only], [f]) if only.fish.is_some() => size(f),
        ([first, second], [f]) if first.fish.is_some() != second.fish.is_some() => {
            format!("finned {}", size(f))
        }
        _ => "fish chain".into(),
    }
}

/// The fish of an ALS step: `fish 1 = 3 in row 1, row 5 inside column 2, column 4,
/// fins r1c7, r2c7; ...`.
fn fish_list(board: &Board, fish: &[FishPattern]) -> String {
    let units = |us: &[usize]| -> String {
        us.iter()
            .map(|&u| board.unit_name(u))
            .collect::<Vec<_>>()
            .join(", ")
    };
    fish.iter()
        .enumerate()
        .map(|(k, f)| {
            let fins = if f.fins.is_empty() {
                "no fins".to_string()
            } else {
                format!("fins {}", cells(board, &f.fins))
            };
            format!(
                "fish {} = {} in {} inside {}, {fins}",
                k + 1,
                sym(board, f.digit),
                units(&f.bases),
                units(&f.covers)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The sets of an ALS step: `ALS A = r1c1, r1c2 on 1, 3, 7; ALS B = ...`.
fn als_sets(board: &Board, sets: &[AlsSet]) -> String {
    let named: Vec<String> = sets
        .iter()
        .enumerate()
        .map(|(k, set)| {
            format!(
                "ALS {} = {} on {}",
                set_letter(k),
                cells(board, &set.cells),
                digits(board, &set.digits)
            )
        })
        .collect();
    if named.is_empty() {
        "no almost locked set".into()
    } else {
        named.join("; ")
    }
}

/// A literal of an ALS chain: `r1c1=5`, `r1c1≠5`, `5 in {r2c2, r2c3}`, `no 5 in {...}`.
fn als_node(board: &Board, node: &AlsNode) -> String {
    if node.cells.len() == 1 {
        return literal(board, (node.cells[0], node.digit), node.holds);
    }
    format!(
        "{}{} in {{{}}}",
        if node.holds { "" } else { "no " },
        sym(board, node.digit),
        cells(board, &node.cells)
    )
}

/// An ALS chain in words; a link a set gives names it: `no 5 in {r2c2, r2c3} →(A)
/// 7 in {r2c2, r2c5}`.
pub fn als_chain(board: &Board, chain: &[AlsLink]) -> String {
    let mut out = String::new();
    let mut last: Option<&AlsNode> = None;
    for l in chain {
        if last != Some(&l.from) {
            if !out.is_empty() {
                out.push_str("; ");
            }
            out.push_str(&als_node(board, &l.from));
        }
        match (l.set, l.fish) {
            (Some(k), _) => out.push_str(&format!(" →({}) ", set_letter(k))),
            (None, Some(k)) => out.push_str(&format!(" →(fish {}) ", k + 1)),
            _ if l.template => out.push_str(" →(T) "),
            _ => out.push_str(" → "),
        }
        out.push_str(&als_node(board, &l.to));
        last = Some(&l.to);
    }
    out
}

/// What the step changed: `place 7 in r3c5` or `remove 5 from r1c4, r1c5`.
pub fn change(board: &Board, step: &Step) -> String {
    let mut parts = Vec::new();
    for &(c, d) in &step.placements {
        parts.push(format!("place {} in {}", sym(board, d), board.cell_name(c)));
    }
    if !step.eliminations.is_empty() {
        // Cells losing the same digits are named together: "remove 2, 3 from r2c4, r3c4".
        let mut per_cell: Vec<(usize, Vec<u8>)> = Vec::new();
        for &(c, d) in &step.eliminations {
            match per_cell.iter_mut().find(|(e, _)| *e == c) {
                Some((_, ds)) => ds.push(d),
                None => per_cell.push((c, vec![d])),
            }
        }
        let mut groups: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
        for (c, mut ds) in per_cell {
            ds.sort_unstable();
            match groups.iter_mut().find(|(e, _)| *e == ds) {
                Some((_, cs)) => cs.push(c),
                None => groups.push((ds, vec![c])),
            }
        }
        for (ds, cs) in groups {
            parts.push(format!(
                "remove {} from {}",
                digits(board, &ds),
                cells(board, &cs)
            ));
        }
    }
    if parts.is_empty() {
        "no completion".into()
    } else {
        parts.join("; ")
    }
}

/// The one-line reason a person can follow.
pub fn reason(board: &Board, step: &Step) -> String {
    let u = |unit: &usize| board.unit_name(*unit);
    match &step.detail {
        Detail::NakedSingle => format!(
            "{} has no candidate but {}",
            board.cell_name(step.cells[0]),
            sym(board, step.digits[0])
        ),
        Detail::HiddenSingle { unit } => format!(
            "{} has only one place left in {}: {}",
            sym(board, step.digits[0]),
            u(unit),
            board.cell_name(step.cells[0])
        ),
        Detail::Locked {
            digit,
            inner,
            outer,
        } => {
            let digit = sym(board, *digit);
            format!(
            "in {}, {digit} can only go in {}, all in {}; so the rest of {} cannot hold {digit}",
            u(inner),
            cells(board, &step.cells),
            u(outer),
            u(outer)
        )
        }
        Detail::Subset {
            unit,
            hidden,
            by_matching,
        } => {
            let how = if *by_matching {
                format!(" (found by matching the cells of {} to its digits)", u(unit))
            } else {
                String::new()
            };
            if *hidden {
                format!(
                    "in {}, the digits {} can only go in {}, as many cells as digits; so those cells hold nothing else{how}",
                    u(unit),
                    digits(board, &step.digits),
                    cells(board, &step.cells)
                )
            } else {
                format!(
                    "{} hold only the digits {} between them, as many digits as cells; so the rest of {} cannot hold them{how}",
                    cells(board, &step.cells),
                    digits(board, &step.digits),
                    u(unit)
                )
            }
        }
        Detail::Fish {
            digit,
            lines,
            crosses,
        } => format!(
            "{} must go once in each of {}, and there it can only go in {}; those take it, so it leaves the rest of {}",
            sym(board, *digit),
            list(lines, u),
            list(crosses, u),
            list(crosses, u)
        ),
        Detail::Nishio { digit, placements } => format!(
            "{placements} way(s) remain to place every {} once in each row, column and box, and none uses {}",
            sym(board, *digit),
            cells(board, &step.cells)
        ),
        Detail::Graph { graph, rule } => {
            graph_reason(board, step, *graph, *rule, &chain(board, &step.links))
        }
        Detail::TwoSat { forced } => {
            let each: Vec<String> = forced
                .iter()
                .map(|f| {
                    format!(
                        "{} because {}",
                        literal(board, f.candidate, f.placed),
                        chain(board, &f.chain)
                    )
                })
                .collect();
            let what = if forced.len() == 1 {
                "the negation of this literal implies it"
            } else {
                "the negation of each of these literals implies it"
            };
            format!(
                "in the 2-SAT instance of strong links, weak links and one-step look-aheads, {what}: {}",
                each.join("; ")
            )
        }
        Detail::Als { sets, fish, forced } => {
            let each: Vec<String> = forced
                .iter()
                .map(|f| {
                    let c = board.cell_name(f.candidate.0);
                    let d = sym(board, f.candidate.1);
                    let (premise, so) = if f.placed {
                        (format!("{c}≠{d} implies {c}={d}"), format!("{c} holds {d}"))
                    } else {
                        (format!("{c}={d} implies {c}≠{d}"), format!("{c} is not {d}"))
                    };
                    format!("{premise}: {}; so {so}", als_chain(board, &f.chain))
                })
                .collect();
            let mut why = String::new();
            if !sets.is_empty() {
                why.push_str(&als_sets(board, sets));
                why.push_str(": at most one of its digits is missing from each; ");
            }
            if !fish.is_empty() {
                why.push_str(&fish_list(board, fish));
                why.push_str(": each base holds the digit once, in different cells, all inside the covers but for a fin, and each cover holds it once, so a cover's place outside the bases, or a base place in two covers, holding it puts the digit in a fin (→(fish N)); ");
            }
            if forced.iter().any(AlsForced::uses_templates) {
                why.push_str("a link marked (T) comes from the digit's valid placements: none has both of its candidates (→ to ≠), or every one has one of them (→ to =); ");
            }
            why.push_str(&each.join("; and "));
            why
        }
        Detail::DeathBlossom {
            stem,
            digit,
            petals,
            stem_has_digit,
        } => {
            let sets: Vec<AlsSet> = petals.iter().map(|(_, set)| set.clone()).collect();
            let z = sym(board, *digit);
            let mut cases: Vec<String> = petals
                .iter()
                .enumerate()
                .map(|(k, (d, _))| {
                    format!(
                        "with {} there ALS {} loses its {}s (each sees the stem)",
                        sym(board, *d),
                        set_letter(k),
                        sym(board, *d)
                    )
                })
                .collect();
            let mut stem_digits: Vec<u8> = petals.iter().map(|(d, _)| *d).collect();
            if *stem_has_digit {
                cases.push(format!("with {z} there the stem holds it itself"));
                stem_digits.push(*digit);
                stem_digits.sort_unstable();
            }
            format!(
                "{}: stem {} holds one of {}; {}; each petal then holds all its other digits, {z} among them, so cells seeing every {z} of the petals{} lose {z}",
                als_sets(board, &sets),
                board.cell_name(*stem),
                digits(board, &stem_digits),
                cases.join(", "),
                if *stem_has_digit { " and the stem" } else { "" }
            )
        }
        Detail::Tridagon { guardians } => tridagon_reason(board, step, guardians),
        Detail::Msls { covers } => {
            let per_digit: Vec<String> = covers
                .iter()
                .map(|(d, houses)| {
                    format!(
                        "{} at most {} ({})",
                        sym(board, *d),
                        houses.len(),
                        list(houses, |&u| board.unit_name(u))
                    )
                })
                .collect();
            format!(
                "the {} open cells where {} cross take one digit each; a digit goes in them at most as often as the fewest houses holding all its candidates there: {}; these add up to {}, so every digit is placed that often and each of its houses holds it inside the cells, not elsewhere",
                step.cells.len(),
                list(&step.units, |&u| board.unit_name(u)),
                per_digit.join(", "),
                step.cells.len()
            )
        }
        Detail::HouseWeights {
            weights,
            facts,
            total,
        } => weights_reason(board, step, weights, facts, *total),
        Detail::Exocet { patterns } => {
            let each: Vec<String> = patterns.iter().map(|p| exocet_reason(board, p)).collect();
            each.join("; and ")
        }
        Detail::AlignedExclusion { sets } => {
            let removed: Vec<String> = step
                .eliminations
                .iter()
                .map(|&(c, d)| literal(board, (c, d), true))
                .collect();
            format!(
                "{} share {}, so they take different digits; a combination of their values also fails when it takes two digits from one set whose cells all see the cells taking them ({}: it would keep fewer digits than cells); no combination that survives has {}",
                cells(board, &step.cells),
                list(&step.units, |&u| board.unit_name(u)),
                als_sets(board, sets),
                removed.join(" or ")
            )
        }
        Detail::CageCombinations {
            cage,
            combinations,
            required,
        } => cage_combinations_reason(board, *cage, combinations, required),
        Detail::CageConfinement {
            cage,
            digit,
            combinations,
            units,
        } => {
            let d = sym(board, *digit);
            let names: Vec<String> = units.iter().map(u).collect();
            let whence = match names.as_slice() {
                [] => format!("and cells seeing all of them cannot hold {d}"),
                [one] => format!("all in {one}; so the rest of {one} cannot hold {d}"),
                _ => format!(
                    "all in {}; so the rest of each cannot hold {d}",
                    names.join(" and ")
                ),
            };
            format!(
                "every combination left for {} ({}) holds {d}, so the cage holds {d}, in one of {}, {whence}",
                board.geometry.cage_name(*cage),
                combination_list(board, combinations),
                cells(board, &step.cells),
            )
        }
        Detail::Sum45(sum) => sum45_reason(board, step, sum),
        Detail::Unique { pattern } => unique_reason(board, step, *pattern),
        Detail::Contradiction { what } => match what {
            Contradiction::UnitMatching => format!(
                "the open cells of {} cannot all take different digits",
                list(&step.units, u)
            ),
            Contradiction::DigitMatching => format!(
                "{} cannot be placed once in every row and column",
                digits(board, &step.digits)
            ),
            Contradiction::TwoSat => format!(
                "in the 2-SAT instance, {}={} and its negation imply each other: {}",
                board.cell_name(step.cells[0]),
                sym(board, step.digits[0]),
                chain(board, &step.links)
            ),
            Contradiction::Als => format!(
                "in the 2-SAT instance extended by almost locked sets, \"{} in one of {}\" and its negation imply each other",
                sym(board, step.digits[0]),
                cells(board, &step.cells)
            ),
            Contradiction::NoPlacement => format!(
                "{} has no placement with one in each row, column and box",
                digits(board, &step.digits)
            ),
        },
        Detail::Guess { inference, refuted } => {
            let cell = board.cell_name(step.cells[0]);
            let before = match refuted.len() {
                0 => String::new(),
                1 => format!("; {} there led to a contradiction", sym(board, refuted[0])),
                _ => format!(
                    "; {} there each led to a contradiction",
                    digits(board, refuted)
                ),
            };
            format!(
                "no rule applies: try {} in {cell} (inference {inference}){before}; kept: it leads to the solution",
                sym(board, step.digits[0]),
            )
        }
    }
}

/// The reason of a graph rule's step, its cycle or paths written as `walk`.
fn graph_reason(
    board: &Board,
    step: &Step,
    graph: GraphKind,
    rule: GraphRule,
    walk: &str,
) -> String {
    let u = |unit: &usize| board.unit_name(*unit);
    let g = graph_name(graph);
    let c = step
        .cells
        .first()
        .map_or(String::new(), |&c| board.cell_name(c));
    let d = sym(board, step.digits.first().copied().unwrap_or(0));
    let assume = match graph {
        GraphKind::Bilocation => format!("{c}≠{d}"),
        GraphKind::Bivalue => format!("{c}={d}"),
    };
    let so = match graph {
        GraphKind::Bilocation => format!("{c} holds {d}"),
        GraphKind::Bivalue => format!("{c} is not {d}"),
    };
    match rule {
        GraphRule::Cycle => match graph {
            GraphKind::Bilocation => format!(
                "{c} lies on a nonrepetitive cycle of the {g} graph, {walk}, entering and leaving it by {} and {}: it holds one of them",
                sym(board, step.digits[0]),
                sym(board, step.digits[1])
            ),
            GraphKind::Bivalue => {
                // The cycle's two cells in the unit, joined by its link of the digit.
                let digit = step.digits.first().copied().unwrap_or(0);
                let pair = step.units.first().and_then(|&unit| {
                    step.links.iter().find(|l| {
                        l.from.1 == digit
                            && l.to.1 == digit
                            && board.units[unit].contains(&l.from.0)
                            && board.units[unit].contains(&l.to.0)
                    })
                });
                let cells = pair.map_or_else(
                    || "one of its two cells".to_string(),
                    |l| {
                        format!(
                            "{} or {}",
                            board.cell_name(l.from.0),
                            board.cell_name(l.to.0)
                        )
                    },
                );
                format!(
                    "the {g} graph has the nonrepetitive cycle {walk}: {cells} in {} holds {d}, so the rest of {} cannot",
                    list(&step.units, u),
                    list(&step.units, u)
                )
            }
        },
        GraphRule::RepetitiveCycle => format!(
            "if {assume}, the {g} cycle {walk} comes back to {c} with the label it left by and undoes it; so {so}"
        ),
        GraphRule::Path => format!(
            "{} or {} holds {d}: if {} does not, the {g} path {walk} forces {d} into {}; cells seeing both ends lose {d}",
            c,
            board.cell_name(step.cells[1]),
            c,
            board.cell_name(step.cells[1])
        ),
        GraphRule::Conflict => format!(
            "if {assume}, the {g} paths {walk} force a clash; so {so}"
        ),
        GraphRule::EmptyUnit => format!(
            "if {assume}, the {g} paths {walk} leave {} no place in {}; so {so}",
            sym(board, step.digits.get(1).copied().unwrap_or(0)),
            list(&step.units, u)
        ),
    }
}

/// What two of `paths` clash on, read from where they end (true after a strong link,
/// false after a weak one): a candidate both true and false, a cell with two digits, or
/// a digit twice in a unit.
fn clash(board: &Board, paths: &[eureka::Chain]) -> Option<String> {
    let ends: Vec<(usize, u8, bool)> = paths
        .iter()
        .filter_map(|c| {
            let n = c.nodes.last()?;
            match (n.cells.as_slice(), n.digits.1, &n.label) {
                (&[cell], None, None) => Some((cell, n.digits.0, *c.strong.last()?)),
                _ => None,
            }
        })
        .collect();
    for (i, &(a, d, on_a)) in ends.iter().enumerate() {
        for &(b, e, on_b) in &ends[i + 1..] {
            let (ca, cb) = (board.cell_name(a), board.cell_name(b));
            if a == b && d == e && on_a != on_b {
                return Some(format!("{ca} would both hold {} and not", sym(board, d)));
            }
            if a == b && d != e && on_a && on_b {
                return Some(format!(
                    "{ca} would hold both {} and {}",
                    sym(board, d),
                    sym(board, e)
                ));
            }
            if a != b && d == e && on_a && on_b {
                if let Some(u) = (0..board.unit_count())
                    .find(|&u| board.units[u].contains(&a) && board.units[u].contains(&b))
                {
                    return Some(format!(
                        "{} twice in {}, at {ca} and {cb}",
                        sym(board, d),
                        board.unit_name(u)
                    ));
                }
            }
        }
    }
    None
}

/// The reason of a step read on the position before it (`before`): a chain (2-SAT,
/// ALS, template or fish chain) in Eureka notation, with what it proves in plain words
/// and the sets or fish it passes through; a graph rule's cycle or paths in the same
/// notation inside its sentence; any other step, or a chain the notation cannot carry,
/// as [`reason`] gives it.
pub fn reason_at(board: &Board, before: &State, step: &Step) -> String {
    let Some(chains) = eureka::of_step(board, before, step) else {
        return reason(board, step);
    };
    let (f, with) = match &step.detail {
        Detail::Graph { graph, rule } => {
            let walk: Vec<String> = chains.iter().map(|c| c.text(board)).collect();
            let said = graph_reason(board, step, *graph, *rule, &walk.join("; "));
            // Conflicting paths: say what the clash is.
            return match (rule, clash(board, &chains)) {
                (GraphRule::Conflict, Some(what)) => {
                    said.replacen("force a clash", &format!("force a clash ({what})"), 1)
                }
                _ => said,
            };
        }
        Detail::TwoSat { forced } => ((forced[0].candidate, forced[0].placed), String::new()),
        Detail::Als { sets, fish, forced } => (
            (forced[0].candidate, forced[0].placed),
            sets_and_fish(board, sets, fish),
        ),
        _ => return reason(board, step),
    };
    let ((c, d), placed) = f;
    let chain = chains[0].claim(board, (c, d), placed);
    let (cell, d) = (board.cell_name(c), sym(board, d));
    let words = if placed {
        format!("without {d}, {cell} would get {d} back at the chain's end; so it holds {d}")
    } else {
        format!("{d} in {cell} would, link by link, take {d} from {cell}; so it is not {d}")
    };
    format!("{chain}: {words}{with}")
}

/// The sets and fish an ALS chain passes, after its chain: `; sets r4c456 {3579},
/// r5c4789 {14579}; fish 1: 7 in r346 inside c467, fins r4c3,r6c23` (empty for none).
fn sets_and_fish(board: &Board, sets: &[AlsSet], fish: &[FishPattern]) -> String {
    let mut with = Vec::new();
    if !sets.is_empty() {
        let each: Vec<String> = sets
            .iter()
            .map(|set| {
                format!(
                    "{} {}",
                    eureka::cell_group(board, &set.cells),
                    eureka::digit_set(board, &set.digits)
                )
            })
            .collect();
        with.push(format!("sets {}", each.join(", ")));
    }
    for (k, f) in fish.iter().enumerate() {
        let fins = if f.fins.is_empty() {
            String::new()
        } else {
            format!(", fins {}", eureka::cell_group(board, &f.fins))
        };
        with.push(format!(
            "fish {}: {} in {} inside {}{fins}",
            k + 1,
            sym(board, f.digit),
            eureka::unit_group(board, &f.bases),
            eureka::unit_group(board, &f.covers),
        ));
    }
    if with.is_empty() {
        String::new()
    } else {
        format!("; {}", with.join("; "))
    }
}

/// The reason of a uniqueness step: the deadly pattern it avoids and why that forces
/// its change.
fn unique_reason(board: &Board, step: &Step, pattern: UniquePattern) -> String {
    let ds = digits(board, &step.digits);
    let corners = cells(board, &step.cells[..step.cells.len().min(4)]);
    let removed = sym(board, step.eliminations.first().map_or(0, |e| e.1));
    let rect = format!("{corners} form a rectangle whose digits {ds} could swap");
    let assume = "assuming the puzzle has one solution";
    match pattern {
        UniquePattern::Rectangle => format!(
            "{rect}; {assume}, they cannot all be left with only {ds}, so the fourth corner is not {ds}"
        ),
        UniquePattern::RectangleExtra | UniquePattern::RectangleDiagonal => format!(
            "{rect}; {assume}, one of the corners with the extra digit {removed} holds it, so cells seeing all of them lose it"
        ),
        UniquePattern::RectangleSubset => format!(
            "{rect}; {assume}, the two corners with extra digits hold one of them, so they act as one cell that with {} makes a naked subset in {}: the rest of it loses {}",
            cells(board, &step.cells[4..]),
            list(&step.units, |&u| board.unit_name(u)),
            digits(board, &{
                let mut ds: Vec<u8> = step.eliminations.iter().map(|e| e.1).collect();
                ds.sort_unstable();
                ds.dedup();
                ds
            })
        ),
        UniquePattern::RectangleStrongLink => format!(
            "{rect}; in {}, {} goes only in the two corners with extra digits, so one holds it; {assume}, the other cannot hold {}",
            list(&step.units, |&u| board.unit_name(u)),
            sym(board, step.digits[0]),
            sym(board, step.digits[1])
        ),
        UniquePattern::RectangleDiagonalFloor => format!(
            "{rect}; {removed} goes only in the rectangle in both its rows (or both its columns), so on one of its diagonals; on the corners with extra digits it would leave the other two {ds} twice over: {assume}, they lose {removed}"
        ),
        UniquePattern::AvoidableRectangle => format!(
            "{corners} form a rectangle of placed cells, none given, whose digits {ds} could swap if the last corner took {removed}; {assume}, it cannot"
        ),
        UniquePattern::AvoidableRectangleExtra => format!(
            "{corners} form a rectangle of two placed cells, none given, whose digits {ds} could swap unless a corner still open holds {removed}; {assume}, one does, so cells seeing both lose it"
        ),
        UniquePattern::Bug => format!(
            "every open cell but {} has two candidates, and without {} it would too, each digit with two places in every unit: a pattern whose cells could all take their other digit; {assume}, {} holds {}",
            board.cell_name(step.cells[0]),
            ds,
            board.cell_name(step.cells[0]),
            ds
        ),
    }
}

/// What proves that a run's puzzle has no solution: the cell left with no candidate,
/// the unit left with no place for a digit, or the reason of the step that found the
/// contradiction. `None` unless the rules ended in a contradiction.
pub fn no_solution(board: &Board, run: &Run) -> Option<String> {
    if run.finish != Finish::Contradiction {
        return None;
    }
    let text = match run.broken {
        Some(Broken::EmptyCell(cell)) => {
            format!("{} has no candidate left", board.cell_name(cell))
        }
        Some(Broken::NoPlace { digit, unit }) => format!(
            "{} has no place left in {}",
            sym(board, digit),
            board.unit_name(unit)
        ),
        Some(Broken::Clash { cell, digit }) => format!(
            "{} cannot go in {}: a cell it sees holds it",
            sym(board, digit),
            board.cell_name(cell)
        ),
        Some(Broken::CageSum { cage }) => format!(
            "the digits placed in {} do not add up to its total",
            board.geometry.cage_name(cage)
        ),
        None => {
            let last = run.steps.iter().rev().find(|s| s.is_contradiction())?;
            reason(board, last)
        }
    };
    Some(text)
}

/// The step as a JSON object (what `explain --format json` prints), read on the
/// position before it: rule, the name a person knows it by, level (null for a guess),
/// justifying cells, digits and units, what it placed and removed, the reason (a chain
/// in Eureka notation where it has one) and the reason with every implication in words.
pub fn json(board: &Board, before: &State, number: usize, step: &Step) -> serde_json::Value {
    let pairs = |list: &[(usize, u8)]| {
        list.iter()
            .map(|&(c, d)| serde_json::json!({"cell": board.cell_name(c), "digit": d}))
            .collect::<Vec<_>>()
    };
    serde_json::json!({
        "step": number,
        "rule": step.rule_name(),
        "name": name(board, step),
        "level": step.level(),
        "cells": step.cells.iter().map(|&c| board.cell_name(c)).collect::<Vec<_>>(),
        "digits": step.digits,
        "units": step.units.iter().map(|&u| board.unit_name(u)).collect::<Vec<_>>(),
        "placed": pairs(&step.placements),
        "removed": pairs(&step.eliminations),
        "change": change(board, step),
        "reason": reason_at(board, before, step),
        "reason_in_words": reason(board, step),
        "assumes_unique": step.assumes_unique(),
        "links": step.links.iter().map(|l| serde_json::json!({
            "from": {"cell": board.cell_name(l.from.0), "digit": l.from.1, "holds": l.if_from},
            "to": {"cell": board.cell_name(l.to.0), "digit": l.to.1, "holds": l.if_to},
            "strong": l.strong,
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::super::super::families::{locked, matching, nishio, singles, subsets};
    use super::super::super::testutil::{nishio_position, position, row_candidates, x_wing};
    use super::*;

    #[test]
    fn every_kind_of_step_has_a_name_a_change_and_a_reason() {
        let (b, s) = position("123.............", &[]);
        let naked = singles::naked(&b, &s).unwrap();
        assert_eq!(name(&b, &naked), "naked single");
        assert_eq!(change(&b, &naked), "place 4 in r1c4");
        assert_eq!(reason(&b, &naked), "r1c4 has no candidate but 4");
        let (b9, s9) = row_candidates(&[&[1, 2], &[1, 2]]);
        let pair = subsets::find(&b9, &s9, 3).unwrap();
        assert_eq!(name(&b9, &pair), "naked pair");
        assert!(change(&b9, &pair).starts_with("remove 1, 2 from r1c3, r1c4"));
        let elim: Vec<(usize, u8)> = [9, 10, 11, 18, 19, 20].iter().map(|&c| (c, 5)).collect();
        let (b, s) = position(&".".repeat(81), &elim);
        let lock = locked::find(&b, &s).unwrap();
        assert_eq!(name(&b, &lock), "locked candidates (pointing)");
        assert_eq!(
            reason(&b, &lock),
            "in box 1, 5 can only go in r1c1, r1c2, r1c3, all in row 1; so the rest of row 1 cannot hold 5"
        );
        let (b, s) = x_wing();
        assert_eq!(name(&b, &matching::digit(&b, &s).unwrap()), "X-wing");
        let (b, s) = nishio_position();
        let n = nishio::find(&b, &s, &mut nishio::Kept::default(), None).unwrap();
        assert!(reason(&b, &n).starts_with("1 way(s) remain to place every 1"));
        let (b, s) = row_candidates(&[&[1, 2], &[1, 2], &[1, 2]]);
        let rule = super::super::super::engine::rule_index("unit matching").unwrap();
        let broken =
            super::super::super::engine::find(rule, &b, &s, &mut Default::default()).unwrap();
        assert_eq!(name(&b, &broken), "contradiction");
        assert_eq!(change(&b, &broken), "no completion");
        assert!(reason(&b, &broken).contains("row 1"));
        let json = json(&b, &s, 1, &broken);
        assert_eq!(json["rule"], "unit matching");
        assert_eq!(json["level"], 2);
    }
}
