//! Writing one JSON object into a byte buffer, field by field, byte for byte as
//! `serde_json` writes it (compact, fields in the order written), for the results lines
//! written once per solve: no serializer state, no allocation when the buffer has room.

use crate::solver::round_ms;

/// A JSON object being written to a buffer: `{` now, `}` at [`Object::end`].
pub(crate) struct Object<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
    /// Whether the field names are known to need no escaping (names written in this
    /// program, not read from elsewhere): they are then copied as they are.
    plain_keys: bool,
}

impl<'a> Object<'a> {
    /// Starts an object at the end of `out`.
    pub(crate) fn new(out: &'a mut Vec<u8>) -> Object<'a> {
        out.push(b'{');
        Object {
            out,
            first: true,
            plain_keys: false,
        }
    }

    /// Starts an object whose field names, and those of the objects in it, are names
    /// of this program's own (plain ASCII, nothing to escape).
    pub(crate) fn with_plain_keys(out: &'a mut Vec<u8>) -> Object<'a> {
        let mut o = Object::new(out);
        o.plain_keys = true;
        o
    }

    /// Writes the name of the next field.
    #[inline(always)]
    fn key(&mut self, name: &str) -> &mut Vec<u8> {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        if self.plain_keys {
            debug_assert!(!name.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\'));
            self.out.push(b'"');
            self.out.extend_from_slice(name.as_bytes());
            self.out.push(b'"');
        } else {
            string(self.out, name);
        }
        self.out.push(b':');
        self.out
    }

    /// A whole-number field.
    #[inline(always)]
    pub(crate) fn u64(&mut self, name: &str, v: u64) {
        let out = self.key(name);
        out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }

    /// A boolean field.
    #[inline(always)]
    pub(crate) fn bool(&mut self, name: &str, v: bool) {
        let out = self.key(name);
        out.extend_from_slice(if v { b"true" } else { b"false" });
    }

    /// An array of numbers, as `serde_json` writes a `Vec<f64>`.
    pub(crate) fn f64s(&mut self, name: &str, vs: &[f64]) {
        let out = self.key(name);
        out.push(b'[');
        for (i, v) in vs.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            number(out, *v);
        }
        out.push(b']');
    }

    /// A number field, as `serde_json` writes an `f64` (`null` if not finite).
    #[inline(always)]
    pub(crate) fn f64(&mut self, name: &str, v: f64) {
        let out = self.key(name);
        number(out, v);
    }

    /// A time in milliseconds, rounded as every output writes it
    /// ([`crate::solver::serialize_ms`]).
    #[inline(always)]
    pub(crate) fn ms(&mut self, name: &str, v: f64) {
        let out = self.key(name);
        // A whole number of nanoseconds from 100 ns to 2^40 ns (18 minutes) is written
        // as its decimal digits, which are its shortest form; anything else in general.
        // (`round_ms` rounds to the nanosecond from 1e-4 ms on.)
        let nanos = (v * 1e6).round();
        if v >= 1e-4 && nanos < 1_099_511_627_776.0 {
            let nanos = nanos as u64;
            let (whole, mut fraction) = (nanos / 1_000_000, nanos % 1_000_000);
            out.extend_from_slice(itoa::Buffer::new().format(whole).as_bytes());
            out.push(b'.');
            let mut digits = [b'0'; 6];
            for d in digits.iter_mut().rev() {
                *d = b'0' + (fraction % 10) as u8;
                fraction /= 10;
            }
            let used = 6 - digits[1..].iter().rev().take_while(|&&d| d == b'0').count();
            out.extend_from_slice(&digits[..used]);
        } else {
            number(out, round_ms(v));
        }
    }

    /// A number field that may be absent (`null`).
    #[inline(always)]
    pub(crate) fn opt_f64(&mut self, name: &str, v: Option<f64>) {
        let out = self.key(name);
        match v {
            Some(v) => number(out, v),
            None => out.extend_from_slice(b"null"),
        }
    }

    /// A text field.
    #[inline(always)]
    pub(crate) fn str(&mut self, name: &str, v: &str) {
        let out = self.key(name);
        string(out, v);
    }

    /// A text field that may be absent (`null`).
    #[inline(always)]
    pub(crate) fn opt_str(&mut self, name: &str, v: Option<&str>) {
        let out = self.key(name);
        match v {
            Some(v) => string(out, v),
            None => out.extend_from_slice(b"null"),
        }
    }

    /// A `null` field.
    #[inline(always)]
    pub(crate) fn null(&mut self, name: &str) {
        self.key(name).extend_from_slice(b"null");
    }

    /// An object field, written by `fill`.
    pub(crate) fn object(&mut self, name: &str, fill: impl FnOnce(&mut Object)) {
        let plain = self.plain_keys;
        let out = self.key(name);
        let mut inner = Object::new(out);
        inner.plain_keys = plain;
        fill(&mut inner);
        inner.end();
    }

    /// A field holding an object whose field names come from elsewhere (escaped as
    /// needed).
    pub(crate) fn object_of_any_keys(&mut self, name: &str, fill: impl FnOnce(&mut Object)) {
        let out = self.key(name);
        let mut inner = Object::new(out);
        fill(&mut inner);
        inner.end();
    }

    /// Ends the object.
    pub(crate) fn end(self) {
        self.out.push(b'}');
    }
}

/// Writes `v` as `serde_json` writes an `f64`: `null` when not finite, `0.0` for zero,
/// else its shortest form (through `serde_json` itself, so the two never differ).
fn number(out: &mut Vec<u8>, v: f64) {
    if v.to_bits() == 0 {
        out.extend_from_slice(b"0.0");
    } else if serde_json::to_writer(&mut *out, &v).is_err() {
        // Writing to a vector cannot fail; a number is never left half written.
        out.extend_from_slice(b"null");
    }
}

/// Writes `s` as a JSON string: as it is between quotes when nothing in it needs
/// escaping (the usual case), else through `serde_json`'s escaping.
fn string(out: &mut Vec<u8>, s: &str) {
    // Every byte looked at (no early exit), which the compiler turns into wide steps.
    let plain = !s.bytes().fold(false, |bad, b| {
        bad | (b < 0x20) | (b == b'"') | (b == b'\\')
    });
    if plain {
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
    } else if serde_json::to_writer(&mut *out, s).is_err() {
        out.extend_from_slice(b"null");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_as_serde_json_writes_them() {
        let floats = [
            0.0,
            -0.0,
            1.0,
            0.1,
            1e-7,
            1e21,
            123456.789,
            f64::NAN,
            f64::INFINITY,
            -f64::INFINITY,
            f64::MIN_POSITIVE,
            f64::MAX,
            0.20987654320987653,
        ];
        for v in floats {
            let mut out = Vec::new();
            number(&mut out, v);
            assert_eq!(out, serde_json::to_vec(&v).unwrap(), "{v}");
        }
        for s in [
            "",
            "plain",
            "a \"quoted\" word",
            "back\\slash",
            "tab\there",
            "line\nend",
            "\u{1}\u{1f}\u{7f}",
            "é ü 漢字 😀",
        ] {
            let mut out = Vec::new();
            string(&mut out, s);
            assert_eq!(out, serde_json::to_vec(s).unwrap(), "{s:?}");
        }
    }

    #[test]
    fn times_are_written_as_serde_json_writes_them_rounded() {
        let mut values: Vec<f64> = (0..20_000).map(|k| f64::from(k) / 1000.0).collect();
        values.extend((0..2000).map(|k| f64::from(k) * 0.000_37 + 1e-9));
        values.extend((0..20_000).map(|k| f64::from(k) * 0.000_000_7 + 1e-10));
        values.extend([
            -0.0,
            -1.5,
            0.0004,
            0.0005,
            123_456_789.123_4,
            0.000_099_9,
            0.000_042_5,
            1_099_511.627_775,
            1_099_511.627_776,
            1_099_511_627.775,
            1e300,
            f64::NAN,
            f64::INFINITY,
        ]);
        for v in values {
            let mut out = Vec::new();
            Object::new(&mut out).ms("t", v);
            let want = format!("{{\"t\":{}", serde_json::to_string(&round_ms(v)).unwrap());
            assert_eq!(String::from_utf8(out).unwrap(), want, "{v}");
        }
    }

    #[test]
    fn an_object_is_compact_json_in_the_order_written() {
        let mut out = b"x".to_vec();
        let mut o = Object::new(&mut out);
        o.u64("a", 18_446_744_073_709_551_615);
        o.bool("b", false);
        o.opt_str("c", None);
        o.object("d", |d| {
            d.ms("e", 1.234_567_8);
            d.opt_f64("f", None);
        });
        o.object("g", |g| g.u64("h\"i", 1));
        o.end();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#"x{"a":18446744073709551615,"b":false,"c":null,"d":{"e":1.234568,"f":null},"g":{"h\"i":1}}"#
        );
    }
}
