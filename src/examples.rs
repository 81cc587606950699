//! A small puzzle set embedded in the library (and so in the binary), so the tool runs
//! with no file.

/// The embedded puzzles, `(label, compact text)`: easy and hard 9×9 (from the benchmark
/// sets sampled in `tests/data/`), one with several solutions, one with none, and a 16×16.
pub const EXAMPLES: &[(&str, &str)] = &[
    ("newspaper (easy)", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"),
    ("17-clue #1 (tests/data/17_clue.txt)", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."),
    ("forum hardest #1 (tests/data/forum_hardest_1106.txt)", "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"),
    ("AI Escargot (tests/data/named/aiescargot.txt)", "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..41.....7..7...3.."),
    ("Platinum Blonde (tests/data/named/platinumblond.txt)", ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."),
    ("serg #1: several solutions (tests/data/serg_benchmark.txt)", "8.........95.......76.........426798...571243...893165......916....3.487....1.532"),
    ("newspaper with r1c3 = 2: no solution", "532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"),
    ("16x16, 60% given (tests/data/large/inst16x16_60_0.txt)", "..5G...DC.7A.E.BA.FB1G5..3.9.D6.18.E..64..GB.A..7..6EB....5D9.FG9A..F.2G5B.6EC.D.DG.4C.5.FA7..86BE85D7..G42..3.9F4..8..9..E3G...56E..2.34...D7G.2.B8...1...G.F...G4.68.E.5DF.1..DF..94G...126...G13DB5426...C87F6B.4318F2.C5A.DE.5.FA.D78G..2.B48.7AGE.CBD.4.631"),
];
