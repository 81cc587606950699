//! A step: one deduction, as data. Text (`render`) and pictures are made
//! from it elsewhere; a step never holds prose.

use serde::Serialize;

/// What kind of deduction a step is, with the facts its explanation needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    /// A cell has one candidate left.
    NakedSingle,
    /// A digit has one place left in a unit.
    HiddenSingle {
        /// The unit.
        unit: usize,
    },
    /// A digit's places in `inner` all lie where it crosses `outer`.
    Locked {
        /// The digit.
        digit: u8,
        /// The unit whose places are confined (a box: pointing; a line: claiming).
        inner: usize,
        /// The unit that loses the digit outside the crossing.
        outer: usize,
    },
    /// Chen's r-reduction in one unit: `r` cells holding only `r` digits between them
    /// (naked), or `r` digits with only `r` places (hidden).
    Subset {
        /// The unit.
        unit: usize,
        /// Whether the digits are confined to the cells (hidden) rather than the
        /// cells to the digits (naked).
        hidden: bool,
        /// Whether the unit's matching found it (Eppstein's subproblem rule).
        by_matching: bool,
    },
    /// Eppstein's per-digit matching: `lines` (rows or columns) can hold the digit
    /// only in as many `crosses`; the crosses lose it in every other line (a fish).
    Fish {
        /// The digit.
        digit: u8,
        /// The confined lines (units).
        lines: Vec<usize>,
        /// The lines across them that hold the digit for them (units).
        crosses: Vec<usize>,
    },
    /// Exact single-digit deduction: no valid placement of all copies of the digit
    /// uses the eliminated cells.
    Nishio {
        /// The digit.
        digit: u8,
        /// How many valid placements remain (saturating).
        placements: u64,
    },
    /// A rule of the bilocation or bivalue graph (Eppstein §3.2–3.5), found through
    /// nr(G); the cycle or paths it used are the step's `links`.
    Graph {
        /// The graph the rule read.
        graph: GraphKind,
        /// The rule.
        rule: GraphRule,
    },
    /// The 2-SAT rule: the bilocal, bivalue and one-cell/one-unit look-ahead
    /// implications force each of these literals in every solution of the 2-SAT
    /// instance; the step's `links` are their chains one after another.
    TwoSat {
        /// Every literal the step fixes, in the order of its changes, with its chain.
        forced: Vec<Forced>,
    },
    /// Almost locked sets in the 2-SAT instance: for every literal the step fixes, the
    /// chain of implications, through candidates and groups of the sets, that forces it.
    Als {
        /// The sets the chains reason with, in the order they meet them (each once).
        sets: Vec<AlsSet>,
        /// The fish the chains reason with, in the order they meet them (each once).
        fish: Vec<FishPattern>,
        /// Every literal the step fixes, in the order of its changes, with its chain.
        forced: Vec<AlsForced>,
    },
    /// A death blossom: whichever digit the stem holds, the petal of that digit keeps
    /// `digit`, so cells seeing `digit` in every petal lose it.
    DeathBlossom {
        /// The stem cell.
        stem: usize,
        /// The digit removed.
        digit: u8,
        /// Each stem digit with its petal (an almost locked set whose cells holding
        /// that digit all see the stem).
        petals: Vec<(u8, AlsSet)>,
        /// Whether the stem has `digit` too (then the cells also see the stem).
        stem_has_digit: bool,
    },
    /// Aligned pair or triple exclusion: the step's cells, of one unit (`units`), can
    /// take no combination of values using the removed candidates: each repeats a
    /// digit or takes two digits from one of `sets` whose cells all see the cells
    /// taking them.
    AlignedExclusion {
        /// The almost locked sets (one-cell ones are two-digit cells) that forbid a
        /// combination with a removed candidate.
        sets: Vec<AlsSet>,
    },
    /// An impossible pattern (a tridagon): the step's twelve cells, three in each of
    /// its four boxes (`units`), cannot all take the step's three digits, so a
    /// guardian holds one of its other digits.
    Tridagon {
        /// The pattern's cells that hold digits other than the three.
        guardians: Vec<usize>,
    },
    /// Junior exocets: in each, the base cells take two of its digits, and the two
    /// targets take the same two. One step takes each base of the position with its
    /// first pair of targets that removes something, when it removes something the
    /// ones before it do not, as the 2-SAT and ALS steps fix every literal they force
    /// at once.
    Exocet {
        /// The exocets, in the order they were found.
        patterns: Vec<Exocet>,
    },
    /// A multi-sector locked set: the step's cells, where its rows cross its columns
    /// (`units`), take as many digits as the houses covering each digit's candidates
    /// there add up to, so each covering house holds its digit inside the cells.
    Msls {
        /// Per digit with candidates in the cells, the houses covering them (the fewest,
        /// in a position that has a solution).
        covers: Vec<(u8, Vec<usize>)>,
    },
    /// A weighted house count: every house holds one true candidate, so with these
    /// weights the true candidates weigh `total` together; every candidate weighs 0
    /// or more, and each removed one more than `total`.
    HouseWeights {
        /// The houses weighed (weight never 0), heaviest first.
        weights: Vec<(House, i64)>,
        /// The facts of the position's exocets counted too, each with its multiplier
        /// (never 0; at most 0 for a mirror, whose count can only take weight away).
        facts: Vec<(Fact, i64)>,
        /// The sum of the house weights.
        total: i64,
    },
    /// A Killer cage's fillings: its open cells take different digits adding up to
    /// what its total leaves, each from its candidates; the removed candidates are in
    /// no such filling. The step's cells are the cage's.
    CageCombinations {
        /// The cage (an index into the geometry's cages).
        cage: usize,
        /// The combinations of digits some filling uses (bit `d - 1` for digit `d`).
        combinations: Vec<u64>,
        /// Digits the cage must hold, each with the unit that has no place for it
        /// outside the cage (empty when the fillings alone remove what is removed).
        required: Vec<(u8, usize)>,
    },
    /// Every combination left for a Killer cage holds `digit`, so the cage holds it, in
    /// one of its cells that can; cells seeing all of those lose it.
    CageConfinement {
        /// The cage.
        cage: usize,
        /// The digit.
        digit: u8,
        /// The combinations left for the cage.
        combinations: Vec<u64>,
        /// The units holding every cell of the cage that can take the digit (none when
        /// the removed cells see them through no one unit).
        units: Vec<usize>,
    },
    /// The 45 rule (innies and outies): units add up to `n(n+1)/2` each, so cells whose
    /// total the cages around them fix are a sum of their own (boxed: it is large).
    Sum45(Box<Sum45>),
    /// A uniqueness rule: sound only if the puzzle has one solution (`--assume-unique`).
    Unique {
        /// The pattern.
        pattern: UniquePattern,
    },
    /// No completion exists: the reason is in the step's cells, digits and units.
    Contradiction {
        /// What was found.
        what: Contradiction,
    },
    /// A trial placement of Chen's Inference rule (only with guessing).
    Guess {
        /// Inferences made so far, this one included.
        inference: u64,
        /// The digits tried in the same cell before this one, each of which led to a
        /// contradiction on every branch.
        refuted: Vec<u8>,
    },
}

/// Which cells the 45 rule adds up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SumSide {
    /// The innies: the cells of the units outside the cages wholly inside them.
    Innies,
    /// The outies: the cells outside the units of the cages that cross out of them
    /// (every innie in such a cage, or placed).
    Outies,
    /// The rest of one cage (an index into the geometry's cages) holding every open
    /// innie: the cage split by the innies' total.
    Split(usize),
}

/// A 45-rule step's facts: the units added up, the cages that fix the total, the
/// cells whose total it fixes and, when they are several, the virtual cage they make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sum45 {
    /// The units added up (one, or adjacent ones: consecutive rows or columns, two
    /// boxes side by side).
    pub units: Vec<usize>,
    /// The cages wholly inside the units.
    pub inside: Vec<usize>,
    /// The cages crossing out of the units (with cells inside and outside).
    pub crossing: Vec<usize>,
    /// Which cells are added up.
    pub side: SumSide,
    /// The open cells whose total is fixed.
    pub cells: Vec<usize>,
    /// Placed cells of the same side (or, for a split, of the cage), with their digits,
    /// taken off the total.
    pub known: Vec<(usize, u8)>,
    /// For [`SumSide::Split`]: the open innies the cage's rest is split from.
    pub innies: Vec<usize>,
    /// For [`SumSide::Split`]: the placed innies, with their digits, taken off the
    /// innies' total.
    pub innies_known: Vec<(usize, u8)>,
    /// The innies' total, for [`SumSide::Split`] (else the cells' own).
    pub innie_total: i64,
    /// The open cells' total.
    pub total: i64,
    /// Whether every two of the cells must differ (one unit, or one cage).
    pub distinct: bool,
    /// When they differ: the combinations some filling of them uses (bit `d - 1`).
    pub combinations: Vec<u64>,
}

/// A literal the 2-SAT rule fixes, and why: its negation implies it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forced {
    /// The cell and digit.
    pub candidate: (usize, u8),
    /// Whether the digit is placed there (else removed).
    pub placed: bool,
    /// The chain of implications from the literal's negation to the literal.
    pub chain: Vec<Link>,
}

/// The graphs of Eppstein's §3.2–3.5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphKind {
    /// Cells joined when they are the only two places of a digit in a unit.
    Bilocation,
    /// Two-candidate cells joined when they share a unit and a candidate.
    Bivalue,
}

/// The rules on those graphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphRule {
    /// A nonrepetitive cycle: its cells (bilocation) or its edges' digits in their
    /// units (bivalue) are confined.
    Cycle,
    /// A cycle whose labels repeat at exactly one cell: that cell is decided.
    RepetitiveCycle,
    /// A nonrepetitive path whose two ends carry the same digit: cells seeing both
    /// ends lose it.
    Path,
    /// Two paths from one start that force a clash: the start is decided.
    Conflict,
    /// Paths from one start that leave a digit no place in a unit: the start is decided.
    EmptyUnit,
}

/// The uniqueness patterns of `--assume-unique`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UniquePattern {
    /// Four cells in two rows, two columns and two boxes, three of them holding only
    /// the same two digits: the fourth cannot be left with just those two.
    Rectangle,
    /// Unique rectangle type 2: the two extra-candidate corners, on one side, hold one
    /// extra digit between them, so that digit leaves every cell seeing both.
    RectangleExtra,
    /// Type 3: the two extra-candidate corners act as one cell of their extra digits,
    /// which makes a naked subset with other cells of a unit they share (`units`);
    /// the cells after the four corners are the subset's others.
    RectangleSubset,
    /// Type 4: the first digit has no place in a unit of the two extra-candidate
    /// corners (`units`) but them, so neither holds the second.
    RectangleStrongLink,
    /// Type 5: two diagonal corners, or three, with the same one extra digit: cells
    /// seeing all of them lose it.
    RectangleDiagonal,
    /// Type 6: diagonal two-candidate corners, and a pattern digit confined to the
    /// rectangle in both rows or both columns: the other diagonal loses it.
    RectangleDiagonalFloor,
    /// An avoidable rectangle: three corners placed by the rules (none given) `a`,
    /// `b`, `b`; the open fourth cannot take `a`.
    AvoidableRectangle,
    /// Avoidable rectangle type 2: two placed corners on one side; the open two hold
    /// the swap's digits and one extra digit, the same, which cells seeing both lose.
    AvoidableRectangleExtra,
    /// BUG+1: every open cell but one has two candidates; that one holds the digit
    /// that has three places in its units.
    Bug,
}

/// Ways a rule can find that no completion exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// A unit's open cells cannot all get different digits.
    UnitMatching,
    /// A digit cannot be placed once in every row and column.
    DigitMatching,
    /// A digit has no valid placement at all.
    NoPlacement,
    /// The 2-SAT instance has no solution: a literal and its negation imply each other.
    TwoSat,
    /// The 2-SAT instance extended by almost locked sets has no solution: "the digit is
    /// in one of the step's cells" and its negation imply each other.
    Als,
}

/// A house of a position: an open cell (it takes one of its candidates), or a digit
/// not yet placed in a unit (it goes in one of its places there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum House {
    /// An open cell.
    Cell(usize),
    /// A digit in a unit.
    Digit {
        /// The unit.
        unit: usize,
        /// The digit.
        digit: u8,
    },
}

/// A candidate `(cell, digit)` with its coefficient in a [`Fact`].
pub type Term = ((usize, u8), i64);

/// A linear fact about a position's candidates that a pattern of it gives, beyond its
/// houses: counted by [`Detail::HouseWeights`] with a multiplier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// A junior exocet's base cells hold `digit` exactly as often as its targets
    /// (they take the same two digits): base candidates count +1, targets' −1, 0 in all.
    Balance {
        /// The base cells.
        base: Vec<usize>,
        /// The targets.
        targets: Vec<usize>,
        /// The digit.
        digit: u8,
    },
    /// A junior exocet's target holding `digit` has it in its mirror too: the mirror's
    /// candidates count +1, the target's −1, 0 or more in all.
    Mirror {
        /// The target.
        target: usize,
        /// Its mirror's cells.
        mirror: Vec<usize>,
        /// The digit.
        digit: u8,
    },
}

impl Fact {
    /// Its terms, `((cell, digit), coefficient)`, and whether they add up to exactly 0
    /// (else to 0 or more).
    pub fn terms(&self) -> (Vec<Term>, bool) {
        match self {
            Fact::Balance {
                base,
                targets,
                digit,
            } => {
                let plus = base.iter().map(|&c| ((c, *digit), 1));
                let minus = targets.iter().map(|&c| ((c, *digit), -1));
                (plus.chain(minus).collect(), true)
            }
            Fact::Mirror {
                target,
                mirror,
                digit,
            } => {
                let plus = mirror.iter().map(|&c| ((c, *digit), 1));
                (plus.chain([((*target, *digit), -1)]).collect(), false)
            }
        }
    }
}

/// One junior exocet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exocet {
    /// The two base cells (one box, one line).
    pub base: Vec<usize>,
    /// The base digits: the candidates of the base cells, two to four.
    pub digits: Vec<u8>,
    /// The two target cells.
    pub targets: Vec<usize>,
    /// The targets' companions, holding no base digit.
    pub companions: Vec<usize>,
    /// The three cross-lines (unit indices).
    pub cross_lines: Vec<usize>,
    /// The cross-lines' cells outside the band.
    pub outside: Vec<usize>,
    /// Per base digit, the houses (at most two) that hold every cell of `outside`
    /// able to take it.
    pub covers: Vec<(u8, Vec<usize>)>,
    /// The targets that lose a base digit their *mirror* cannot take, each with its
    /// mirror: the two cells of the other target's box that hold the target's digit.
    pub mirrors: Vec<(usize, Vec<usize>)>,
    /// What this exocet removes.
    pub eliminations: Vec<(usize, u8)>,
}

/// An almost locked set: open cells of one unit holding one digit more than cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlsSet {
    /// Its cells.
    pub cells: Vec<usize>,
    /// The digits they hold between them.
    pub digits: Vec<u8>,
}

/// A fish a chain reasons with (`rules::fish`): its base units hold the digit once
/// each in as many cells, all inside its cover units but for the fins, so a victim
/// (a cover's place outside the bases, or a base place in two covers) holding it
/// puts it in a fin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FishPattern {
    /// The digit.
    pub digit: u8,
    /// The base units.
    pub bases: Vec<usize>,
    /// The cover units.
    pub covers: Vec<usize>,
    /// The base places no cover holds, all in one box (none for a basic fish).
    pub fins: Vec<usize>,
}

/// A literal of an ALS chain: `digit` is (or, with `holds` false, is not) in one of
/// `cells`; with one cell, the candidate itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlsNode {
    /// The cells.
    pub cells: Vec<usize>,
    /// The digit.
    pub digit: u8,
    /// Whether the digit is in one of the cells rather than in none.
    pub holds: bool,
}

/// One implication of an ALS chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlsLink {
    /// Its premise.
    pub from: AlsNode,
    /// Its conclusion.
    pub to: AlsNode,
    /// The set (index into the step's sets) that gives it when it goes from one of a
    /// set's digits missing to another present; none for the other links.
    pub set: Option<usize>,
    /// Whether the digit's templates give it (`rules::templates`): no valid placement
    /// of the digit has both candidates (weak), or every one has one of them (strong).
    pub template: bool,
    /// The fish (index into the step's fish) that gives it: from a victim holding the
    /// digit to a fin holding it, or from no fin holding it to the victim not.
    pub fish: Option<usize>,
}

/// A literal an ALS step fixes, with the chain from its negation to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlsForced {
    /// The cell and digit.
    pub candidate: (usize, u8),
    /// Whether the digit is placed there (else removed).
    pub placed: bool,
    /// The implications, in walk order; their `set` numbers index the step's sets.
    pub chain: Vec<AlsLink>,
}

impl AlsForced {
    /// Whether its chain uses a link of a digit's templates.
    pub fn uses_templates(&self) -> bool {
        self.chain.iter().any(|l| l.template)
    }

    /// Whether its chain uses a fish's link.
    pub fn uses_fish(&self) -> bool {
        self.chain.iter().any(|l| l.fish.is_some())
    }

    /// How many of the step's sets its chain uses.
    pub fn sets_used(&self) -> usize {
        let mut used: Vec<usize> = self.chain.iter().filter_map(|l| l.set).collect();
        used.sort_unstable();
        used.dedup();
        used.len()
    }
}

/// An edge a graph rule used, from one candidate to another: a bilocation edge
/// (strong: the digit is in exactly one of the two cells), a bivalue edge (weak: the
/// two cells share the digit and a unit, so not both hold it) or a 2-SAT implication.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    /// The cell and digit the edge starts at.
    pub from: (usize, u8),
    /// The cell and digit it ends at.
    pub to: (usize, u8),
    /// Whether it is a strong link (exactly one end is true) rather than a weak one.
    pub strong: bool,
    /// The implication it stands for: if `from` holds (true) or not (false), then
    /// `to` holds (`if_to`) or not. A bilocation edge is "not → holds", a bivalue edge
    /// "holds → not".
    pub if_from: bool,
    /// See `if_from`.
    pub if_to: bool,
}

/// The identity of the rule that made a step, copied from its entry in the engine's
/// rule table when the engine stamps the step (so a step says what made it without
/// reaching back into the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// The rule's place in the table.
    pub index: usize,
    /// Its name.
    pub name: &'static str,
    /// Its level.
    pub level: u8,
    /// Whether it holds only for puzzles with one solution.
    pub assumes_unique: bool,
}

/// One deduction with its evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The rule that made it, stamped by [`super::ladder::find`] from the rule table;
    /// `None` for a guess, and for a step taken straight from a rule's function.
    pub rule: Option<Stamp>,
    /// The cells that justify it.
    pub cells: Vec<usize>,
    /// The digits that justify it.
    pub digits: Vec<u8>,
    /// The units it reasons in.
    pub units: Vec<usize>,
    /// Digits placed, as `(cell, digit)`.
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed, as `(cell, digit)` (not counting those a placement removes).
    pub eliminations: Vec<(usize, u8)>,
    /// Rule-specific facts.
    pub detail: Detail,
    /// Graph edges the step used, in walk order (empty for the rules of level 0–2).
    pub links: Vec<Link>,
}

impl Step {
    /// A step with no evidence yet and no rule stamped.
    pub fn new(detail: Detail) -> Step {
        Step {
            rule: None,
            cells: Vec::new(),
            digits: Vec::new(),
            units: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            detail,
            links: Vec::new(),
        }
    }

    /// The name of the rule that made the step (`guess` for a trial placement, empty
    /// before the engine stamps it).
    pub fn rule_name(&self) -> &'static str {
        match self.rule {
            Some(rule) => rule.name,
            None if self.is_guess() => "guess",
            None => "",
        }
    }

    /// The level of the rule that made the step (`None` for a guess).
    pub fn level(&self) -> Option<u8> {
        self.rule.map(|r| r.level)
    }

    /// Whether the step rests on the puzzle having one solution (`--assume-unique`).
    pub fn assumes_unique(&self) -> bool {
        self.rule.is_some_and(|r| r.assumes_unique)
    }

    /// Whether the step found that the position has no completion.
    pub fn is_contradiction(&self) -> bool {
        matches!(self.detail, Detail::Contradiction { .. })
    }

    /// Whether the step is a trial placement rather than a deduction.
    pub fn is_guess(&self) -> bool {
        matches!(self.detail, Detail::Guess { .. })
    }

    /// Adds an ALS chain's evidence: the cells of its nodes, and its links from one
    /// candidate to another as graph links (for the pictures).
    pub fn add_als_chain(&mut self, chain: &[AlsLink]) {
        for l in chain {
            for &x in l.from.cells.iter().chain(&l.to.cells) {
                push_new(&mut self.cells, x);
            }
            if l.from.cells.len() == 1 && l.to.cells.len() == 1 {
                self.links.push(Link {
                    from: (l.from.cells[0], l.from.digit),
                    to: (l.to.cells[0], l.to.digit),
                    strong: !l.from.holds && l.to.holds,
                    if_from: l.from.holds,
                    if_to: l.to.holds,
                });
            }
        }
    }
}

/// The positions of the set bits of `bits`, ascending, without collecting them.
pub fn ones(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// The positions of the set bits of a 128-bit set, ascending (cell sets of boards of
/// up to 128 cells).
pub fn ones128(bits: u128) -> impl Iterator<Item = usize> {
    ones(bits as u64).chain(ones((bits >> 64) as u64).map(|i| i + 64))
}

/// Adds `x` to `list` unless it is there already (the cells, digits and units a step
/// names, each once).
pub fn push_new<T: PartialEq>(list: &mut Vec<T>, x: T) {
    if !list.contains(&x) {
        list.push(x);
    }
}

/// The digits of a bit set (bit `d - 1` for digit `d`), ascending.
pub fn digits_of(bits: u64) -> Vec<u8> {
    ones(bits).map(|i| i as u8 + 1).collect()
}

/// The positions of a bit set, ascending.
pub fn positions_of(bits: u64) -> Vec<u32> {
    ones(bits).map(|i| i as u32).collect()
}
