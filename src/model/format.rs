//! Writing grids: the compact one-line form and the printed grid layout.

use super::Geometry;

/// Symbols of the compact form: `1-9` then `A-Z` for 10 to 35.
const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Largest side the compact one-character-per-cell form can write.
const MAX_COMPACT_SIDE: usize = SYMBOLS.len();

/// The compact symbol of a value (`.` for blank); `None` if the value needs more than one character.
pub fn symbol(value: u8) -> Option<char> {
    match value {
        0 => Some('.'),
        v => SYMBOLS.get(v as usize - 1).map(|&b| b as char),
    }
}

/// How a digit is written on a board of side `n`, in grids and in words alike: its
/// compact symbol (`E` for 14) when the compact form can write the board, else its
/// number.
pub fn digit_text(n: usize, value: u8) -> String {
    match symbol(value) {
        Some(ch) if n <= MAX_COMPACT_SIDE => ch.to_string(),
        _ => value.to_string(),
    }
}

/// The value of a compact symbol, if it is one (`.`, `0` and `_` are blank).
pub fn value_of_symbol(ch: char) -> Option<u8> {
    u8::try_from(ch).ok().and_then(value_of_byte)
}

/// [`value_of_symbol`] of a byte, by one look-up in a table: for reading long files.
pub fn value_of_byte(b: u8) -> Option<u8> {
    match VALUES[b as usize] {
        NOT_A_SYMBOL => None,
        v => Some(v),
    }
}

/// What [`VALUES`] holds for a byte that is no symbol.
const NOT_A_SYMBOL: u8 = u8::MAX;

/// The value of each byte that is a compact symbol, [`NOT_A_SYMBOL`] for the others.
const VALUES: [u8; 256] = {
    let mut table = [NOT_A_SYMBOL; 256];
    table[b'.' as usize] = 0;
    table[b'0' as usize] = 0;
    table[b'_' as usize] = 0;
    let mut i = 0;
    while i < SYMBOLS.len() {
        table[SYMBOLS[i] as usize] = i as u8 + 1;
        i += 1;
    }
    table
};

/// One line per grid: one symbol per cell for sides up to 35, else space-separated
/// numbers with `0` for blank. Both forms are read back by the parser.
pub fn to_line(geometry: &Geometry, cells: &[u8]) -> String {
    let mut line = String::new();
    write_line(geometry, cells, &mut line);
    line
}

/// Appends [`to_line`]'s text to `out`: with a buffer kept from one grid to the next
/// (and cleared between them: the text already in it is checked again), writing a grid
/// allocates nothing.
pub fn write_line(geometry: &Geometry, cells: &[u8], out: &mut String) {
    if geometry.n <= MAX_COMPACT_SIDE {
        out.reserve(cells.len());
        for &v in cells {
            match COMPACT.get(v as usize) {
                Some(&b) => out.push(char::from(b)),
                None => push_number(out, v),
            }
        }
    } else {
        out.reserve(3 * cells.len());
        for (i, &v) in cells.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            push_number(out, v);
        }
    }
}

/// The compact symbol of each value from 0 (blank).
const COMPACT: &[u8; 36] = b".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Appends the decimal digits of `v`.
fn push_number(out: &mut String, v: u8) {
    if v >= 100 {
        out.push(char::from(b'0' + v / 100));
    }
    if v >= 10 {
        out.push(char::from(b'0' + v / 10 % 10));
    }
    out.push(char::from(b'0' + v % 10));
}

/// The printed layout with `|` between boxes and `-+-` rules between bands, as in the
/// papers; a Jigsaw board, whose regions are no bands, gets no rules.
pub fn to_grid(geometry: &Geometry, cells: &[u8]) -> String {
    let n = geometry.n;
    let width = if n <= MAX_COMPACT_SIDE { 1 } else { 2 };
    let cell_text = |v: u8| -> String {
        if width == 1 {
            symbol(v).unwrap_or('?').to_string()
        } else if v == 0 {
            format!("{:>2}", ".")
        } else {
            format!("{v:>2}")
        }
    };
    let lines: Vec<String> = (0..n)
        .map(|r| {
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push_str(if c % geometry.box_cols == 0 && geometry.has_boxes() {
                        " | "
                    } else {
                        " "
                    });
                }
                line.push_str(&cell_text(cells[r * n + c]));
            }
            line
        })
        .collect();
    let rule: String = lines[0]
        .chars()
        .map(|ch| if ch == '|' { '+' } else { '-' })
        .collect();
    let mut out = String::new();
    for (r, line) in lines.iter().enumerate() {
        if r > 0 && r % geometry.box_rows == 0 && geometry.has_boxes() {
            out.push_str(&rule);
            out.push('\n');
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}
