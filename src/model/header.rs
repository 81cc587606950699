//! The header line of a puzzle file: a `#` comment such as `# box 3x2 variant x` that
//! says which box shape and variant the puzzles after it have, in force until the next
//! header line. `generate` writes one; every reader honours it (see [`super::parse`]).
//! A comment of any other shape is a plain comment.

use super::{Geometry, Variant};

/// What a header line says; a part it leaves out is the reader's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// The box shape `(rows, cols)`, if named.
    pub box_shape: Option<(usize, usize)>,
    /// The variant, if named.
    pub variant: Option<Variant>,
}

/// The header line that describes `geometry`, with its newline: `# box 3x2 variant x`.
pub fn header_line(geometry: &Geometry) -> String {
    format!(
        "# box {}x{} variant {}\n",
        geometry.box_rows,
        geometry.box_cols,
        geometry.variant.name()
    )
}

/// A box shape written `RxC` (`3x2`, `4X4`), both parts from 1.
pub fn box_shape(text: &str) -> Option<(usize, usize)> {
    let (r, c) = text
        .to_ascii_lowercase()
        .split_once('x')
        .map(|(r, c)| (r.trim().parse::<usize>(), c.trim().parse::<usize>()))?;
    match (r, c) {
        (Ok(r), Ok(c)) if r > 0 && c > 0 => Some((r, c)),
        _ => None,
    }
}

/// The header a comment (the text after `#`) is, if it has a header's shape: `box RxC`
/// and `variant NAME`, one or both, in either order, and nothing else.
pub fn parse_header(comment: &str) -> Option<Header> {
    let words: Vec<&str> = comment.split_whitespace().collect();
    if words.is_empty() || !words.len().is_multiple_of(2) {
        return None;
    }
    let mut header = Header::default();
    for pair in words.chunks(2) {
        match pair[0].to_ascii_lowercase().as_str() {
            "box" if header.box_shape.is_none() => header.box_shape = Some(box_shape(pair[1])?),
            "variant" if header.variant.is_none() => {
                header.variant = Some(Variant::from_name(pair[1]).ok()?)
            }
            _ => return None,
        }
    }
    Some(header)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_comments() {
        let g = Geometry::new(3, 2, Variant::X).unwrap();
        let line = header_line(&g);
        assert_eq!(line, "# box 3x2 variant x\n");
        assert_eq!(
            parse_header(line.trim_start_matches('#')),
            Some(Header {
                box_shape: Some((3, 2)),
                variant: Some(Variant::X)
            })
        );
        assert_eq!(
            parse_header(" variant classic ").unwrap().variant,
            Some(Variant::Classic)
        );
        for comment in [
            "",
            "box",
            "box 3",
            "box 3x2 x",
            "boxes 3x2",
            "box 3x2 box 2x3",
            "a name",
        ] {
            assert_eq!(parse_header(comment), None, "{comment}");
        }
    }
}
