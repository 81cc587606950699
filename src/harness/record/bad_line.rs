//! What is wrong with a whole line of a results file that is neither a result nor a
//! header, in the words of the command line: what is wrong with it (a control
//! character, a field missing or holding the wrong kind of value, text that is not
//! JSON, a line that ends inside its record) and which result it seems to be, never the
//! JSON reader's own message.

use super::{Header, Record};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// What reading a results file where a puzzle file was given says.
const NOT_RESULTS: &str = "not JSON: a results file is what `compare --out` writes, \
    one JSON object a line (a puzzle file goes to `compare` first)";

/// Why `line` (its line end included or not) is not a results record, with the result
/// it seems to be when its text names one: `field time_ms is missing (dlx on
/// easy.txt:3)`.
pub(crate) fn why_not_a_record(line: &str) -> String {
    let text = line.trim_end_matches(['\n', '\r']);
    if !text.trim_start().starts_with('{') {
        return NOT_RESULTS.to_string();
    }
    let what = fault(text);
    match which(text) {
        Some(w) => format!("{what} ({w})"),
        None => what,
    }
}

/// What is wrong with `text`, a line that starts as a JSON object.
fn fault(text: &str) -> String {
    if let Some((at, byte)) = text
        .bytes()
        .enumerate()
        .find(|(_, b)| *b < 0x20 && *b != b'\t')
    {
        return format!(
            "holds a control character, byte 0x{byte:02x} at column {}",
            at + 1
        );
    }
    let object = match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(o)) => o,
        Ok(_) => return "not a JSON object".to_string(),
        Err(e) if e.is_eof() => {
            return format!(
                "the line ends inside its record, after column {}: cut off by an \
                interrupted write, and more written after it",
                text.len()
            )
        }
        Err(e) => {
            return format!(
                "not JSON at column {}{}",
                e.column(),
                near(text, e.column())
            )
        }
    };
    match object.get("kind").and_then(Value::as_str) == Some("header") {
        true => field_fault::<Header>(&object).map(|w| format!("a header line, but its {w}")),
        false => field_fault::<Record>(&object),
    }
    .unwrap_or_else(|| "it reads as neither a result nor a header".to_string())
}

/// The text of `text` from byte column `column` (from 1), a few characters of it:
/// ``, near `xyz` ``; empty at the line's end.
fn near(text: &str, column: usize) -> String {
    let start = column.saturating_sub(1).min(text.len());
    let rest: String = text
        .get(start..)
        .unwrap_or_default()
        .chars()
        .take(12)
        .collect();
    match rest.is_empty() {
        true => String::new(),
        false => format!(", near `{rest}`"),
    }
}

/// What is wrong with the fields of `object` as a `T`: a field missing, or one holding
/// what it cannot; `None` when it reads as a `T`.
fn field_fault<T: DeserializeOwned>(object: &Map<String, Value>) -> Option<String> {
    let error = serde_json::from_value::<T>(Value::Object(object.clone())).err()?;
    let message = error.to_string();
    let complaint = |o: Map<String, Value>| {
        serde_json::from_value::<T>(Value::Object(o))
            .err()
            .map(|e| e.to_string())
    };
    if let Some(missing) = between(&message, "missing field `", "`") {
        // At the top, or in the object field where putting it in ends the complaint.
        let with = |within: Option<&str>| {
            let mut o = object.clone();
            let place = match within {
                Some(k) => o.get_mut(k).and_then(Value::as_object_mut),
                None => Some(&mut o),
            };
            place.map(|p| p.insert(missing.to_string(), Value::Null));
            complaint(o) != Some(message.clone())
        };
        let within = object
            .iter()
            .filter(|(_, v)| v.is_object())
            .map(|(k, _)| k.as_str())
            .find(|k| !with(None) && with(Some(k)));
        return Some(match within {
            Some(k) => format!("field {k}.{missing} is missing"),
            None => format!("field {missing} is missing"),
        });
    }
    // The field to blame: the one whose absence ends the complaint or turns it into
    // that field missing.
    let culprit = object.keys().find(|key| {
        let mut less = object.clone();
        less.remove(*key);
        match complaint(less) {
            None => true,
            Some(e) => e == format!("missing field `{key}`"),
        }
    });
    let Some(key) = culprit else {
        return Some("fields hold values no results record has".to_string());
    };
    let holds = described(&object[key]);
    let belongs = message
        .rsplit_once("expected ")
        .map(|(_, e)| expected(e))
        .unwrap_or_default();
    Some(match belongs.is_empty() {
        true => format!("field {key} holds {holds}, which it cannot"),
        false => format!("field {key} holds {holds}, where {belongs} belongs"),
    })
}

/// The text of `s` between `start` and the next `end`.
fn between<'a>(s: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let rest = &s[s.find(start)? + start.len()..];
    Some(&rest[..rest.find(end)?])
}

/// A value as a sentence names it: `null`, `a string "abc"`, `-1`, `a list`.
fn described(value: &Value) -> String {
    match value {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) if s.chars().count() > 20 => {
            format!("a string \"{}…\"", s.chars().take(20).collect::<String>())
        }
        Value::String(s) => format!("a string \"{s}\""),
        Value::Array(_) => "a list".to_string(),
        Value::Object(_) => "an object".to_string(),
    }
}

/// What the reader expected, in plain words: `a number`, `a whole number from 0`,
/// `one of unique, none`.
fn expected(what: &str) -> String {
    let what = what.trim();
    if let Some(names) = what.strip_prefix("one of ") {
        return format!("one of {}", names.replace('`', ""));
    }
    let kind = what.trim_start_matches("a ").trim_start_matches("an ");
    match kind {
        "f64" | "f32" | "floating point" => "a number".to_string(),
        "u64" | "usize" | "u32" | "u16" | "u8" => "a whole number from 0".to_string(),
        "i64" | "i32" | "isize" => "a whole number".to_string(),
        "string" | "borrowed string" => "a string".to_string(),
        "boolean" | "bool" => "true or false".to_string(),
        "sequence" => "a list".to_string(),
        "map" => "an object".to_string(),
        _ if kind.starts_with("struct ") => "an object".to_string(),
        _ => String::new(),
    }
}

/// Which result the line seems to be, from its text (read even when it is not JSON):
/// `dlx on easy.txt:3`.
fn which(text: &str) -> Option<String> {
    let field = |name: &str| -> Option<&str> {
        let key = format!("\"{name}\"");
        let rest = text[text.find(&key)? + key.len()..].trim_start();
        let rest = rest.strip_prefix(':')?.trim_start().strip_prefix('"')?;
        let value = &rest[..rest.find('"')?];
        (!value.is_empty() && value.len() <= 200 && !value.chars().any(char::is_control))
            .then_some(value)
    };
    match (field("backend"), field("source")) {
        (Some(b), Some(s)) => Some(format!("{b} on {s}")),
        (Some(b), None) => Some(b.to_string()),
        (None, Some(s)) => Some(s.to_string()),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::why_not_a_record;

    /// A results line as `compare --out` writes one, `dlx` on `easy.txt:3`.
    fn text() -> String {
        let mut r = super::super::example("dlx", "unique", Some("1234"), 1.5);
        r.source = "easy.txt:3".into();
        let mut out = Vec::new();
        r.write_json_line(&mut out);
        String::from_utf8(out).unwrap()
    }

    /// The line of [`text`] as a JSON value.
    fn line() -> serde_json::Value {
        serde_json::from_str(&text()).unwrap()
    }

    #[test]
    fn a_field_missing_or_of_the_wrong_kind_is_named_with_the_result() {
        let mut v = line();
        v.as_object_mut().unwrap().remove("time_ms");
        assert_eq!(
            why_not_a_record(&format!("{v}\n")),
            "field time_ms is missing (dlx on easy.txt:3)"
        );
        let mut v = line();
        v["time_ms"] = "fast".into();
        assert_eq!(
            why_not_a_record(&v.to_string()),
            "field time_ms holds a string \"fast\", where a number belongs (dlx on easy.txt:3)"
        );
        let mut v = line();
        v["puzzle_index"] = (-1).into();
        assert_eq!(
            why_not_a_record(&v.to_string()),
            "field puzzle_index holds -1, where a whole number from 0 belongs (dlx on easy.txt:3)"
        );
        let mut v = line();
        v["verdict"] = "maybe".into();
        assert_eq!(
            why_not_a_record(&v.to_string()),
            "field verdict holds a string \"maybe\", where one of unique, multiple, none, \
            solved, unknown, memout belongs (dlx on easy.txt:3)"
        );
        let mut v = line();
        v["settings"] = serde_json::json!({"max_solutions": 2, "timeout_s": 10.0});
        assert_eq!(
            why_not_a_record(&v.to_string()),
            "field settings.variant is missing (dlx on easy.txt:3)"
        );
    }

    #[test]
    fn text_that_is_not_a_record_says_how() {
        let text = text();
        let cut = &text[..text.find("\"puzzle\"").unwrap() + 5];
        assert_eq!(
            why_not_a_record(&format!("{cut}\n")),
            format!(
                "the line ends inside its record, after column {}: cut off by an \
                interrupted write, and more written after it (easy.txt:3)",
                cut.len()
            )
        );
        let nul = text.replacen("easy.txt", "easy\0.txt", 1);
        let at = nul.find('\0').unwrap() + 1;
        assert_eq!(
            why_not_a_record(&nul),
            format!("holds a control character, byte 0x00 at column {at} (dlx)")
        );
        assert_eq!(
            why_not_a_record("{\"backend\": dlx}"),
            "not JSON at column 13, near `dlx}`"
        );
        assert!(why_not_a_record("1 2 3 4\n").starts_with("not JSON: a results file is"));
    }
}
