//! Reading back the HTML report `report` and `compare --html` write: its embedded data,
//! the names it gives the puzzles, and its status line.

/// The page's embedded data, parsed.
pub fn page_data(html: &str) -> serde_json::Value {
    let open = "<script type=\"application/json\" id=\"data\">";
    let start = html.find(open).expect("no data") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// What the page calls each puzzle: its label, else `file:line`.
pub fn sources(data: &serde_json::Value) -> Vec<String> {
    let p = &data["puzzles"];
    (0..p["text"].as_array().unwrap().len())
        .map(|i| match p["label"][i].as_str() {
            Some(label) => label.to_string(),
            None => format!(
                "{}:{}",
                data["files"][p["file"][i].as_u64().unwrap() as usize]
                    .as_str()
                    .unwrap(),
                p["line"][i]
            ),
        })
        .collect()
}

/// The page's status line: `complete: …` or `partial: …`.
pub fn status(html: &str) -> &str {
    let start = html.find("<p class=\"status").unwrap();
    let text = &html[start..];
    &text[text.find('>').unwrap() + 1..text.find("</p>").unwrap()]
}
