//! Claude Code's rules that go beyond a token pattern: the argument names a command declares.
//!
//! Claude Code's source is not public; the rules come from its documentation
//! (code.claude.com/docs/en/skills, slash-commands) and anthropics/claude-code `CHANGELOG.md`
//! at 5cfc0a19 (2.1.19 `$0`, 2.1.163 `\$`, 2.1.210 unmatched `$N` kept).

use serde_json::Value;

use crate::slash::Frontmatter;

/// The names in the frontmatter `arguments` field, in order: a YAML list of names (or of
/// `{name: …}` maps), or one string of names separated by spaces or commas. `$name` in the body
/// is the argument at that position.
pub(crate) fn argument_names(fm: &Frontmatter) -> Vec<String> {
    let valid = |s: &str| {
        let s = s.trim();
        (!s.is_empty() && !s.contains(char::is_whitespace)).then(|| s.to_string())
    };
    match fm.fields.get("arguments") {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|v| match v {
                Value::String(s) => valid(s),
                Value::Object(map) => map.get("name").and_then(Value::as_str).and_then(valid),
                _ => None,
            })
            .collect(),
        Some(Value::String(s)) => s.split([' ', ',', '\t']).filter_map(valid).collect(),
        _ => Vec::new(),
    }
}

/// The declared name that `after` (the text after a `$`) starts with, as a whole word: the
/// longest such name, not followed by a letter, digit or `_`. Returns its position and length.
pub(crate) fn named_at(names: &[String], after: &str) -> Option<(usize, usize)> {
    names
        .iter()
        .enumerate()
        .filter(|(_, n)| {
            after.starts_with(n.as_str())
                && !after[n.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
        .max_by_key(|(_, n)| n.len())
        .map(|(i, n)| (i, n.len()))
}
