//! The YAML frontmatter of a Markdown command file, read tolerantly, and the command description.
//!
//! Real files often hold frontmatter that strict YAML rejects (an unquoted value with `: ` inside), so
//! a failed parse gives a warning and a plain `key: value` line reading instead of an error.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use yaml_rust2::{Yaml, YamlLoader};

/// Frontmatter fields and the body after them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Frontmatter {
    /// Top-level keys; YAML values become JSON values, fallback values are strings.
    pub fields: Map<String, Value>,
    /// The text after the closing `---` line (the whole text when there is no frontmatter).
    pub body: String,
    /// The file opens with a `---` block.
    pub present: bool,
    /// Why the block was not read as YAML, when it was not.
    pub warning: Option<String>,
}

impl Frontmatter {
    /// A field as text: strings as they are, numbers and booleans written out; `None` otherwise.
    pub fn text(&self, key: &str) -> Option<String> {
        match self.fields.get(key)? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }

    /// A field that must be a non-empty string (after trimming); other types count as absent.
    pub fn string(&self, key: &str) -> Option<String> {
        match self.fields.get(key)? {
            Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
            _ => None,
        }
    }

    /// A boolean field; the fallback reading gives strings, so `"false"` counts too.
    pub fn bool(&self, key: &str) -> Option<bool> {
        match self.fields.get(key)? {
            Value::Bool(b) => Some(*b),
            Value::String(s) => match s.trim() {
                "true" => Some(true),
                "false" => Some(false),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Reads the `---` block at the very start of `text`, if any. Never fails: a block that is not YAML
/// is read line by line as `key: value` and `warning` says why.
///
/// A leading UTF-8 byte-order mark is ignored. An opening `---` without a closing line is not taken
/// as frontmatter (the whole text is the body) and gives a warning.
pub fn parse_frontmatter(text: &str) -> Frontmatter {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some((block, body)) = split_block(text) else {
        let opened = first_line(text).trim_end() == "---";
        return Frontmatter {
            body: text.to_string(),
            warning: opened.then(|| "frontmatter has no closing `---` line".to_string()),
            ..Frontmatter::default()
        };
    };
    let (fields, warning) = match YamlLoader::load_from_str(block) {
        Ok(docs) => match docs.into_iter().next() {
            None | Some(Yaml::Null) => (Map::new(), None),
            Some(Yaml::Hash(hash)) => (hash_to_map(hash), None),
            Some(_) => (
                fallback_fields(block),
                Some("frontmatter is not a mapping; read as `key: value` lines".to_string()),
            ),
        },
        Err(error) => (
            fallback_fields(block),
            Some(format!(
                "frontmatter is not valid YAML ({error}); read as `key: value` lines"
            )),
        ),
    };
    Frontmatter {
        fields,
        body: body.to_string(),
        present: true,
        warning,
    }
}

fn first_line(text: &str) -> &str {
    text.split('\n').next().unwrap_or("")
}

/// Splits `---\n<block>\n---\n<body>`; `None` when the text does not open with a closed block.
fn split_block(text: &str) -> Option<(&str, &str)> {
    let first = first_line(text);
    if first.trim_end() != "---" {
        return None;
    }
    let block_start = (first.len() + 1).min(text.len());
    let mut offset = block_start;
    for line in text[block_start..].split_inclusive('\n') {
        if line.trim_end() == "---" {
            let block = &text[block_start..offset];
            return Some((block, &text[offset + line.len()..]));
        }
        offset += line.len();
    }
    None
}

fn hash_to_map(hash: yaml_rust2::yaml::Hash) -> Map<String, Value> {
    let mut map = Map::new();
    for (key, value) in hash {
        // Keys that are not strings (`1: x`) are not meaningful to any tool.
        if let Some(key) = scalar_text(&key) {
            map.insert(key, yaml_to_json(value));
        }
    }
    map
}

fn scalar_text(yaml: &Yaml) -> Option<String> {
    match yaml {
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

fn yaml_to_json(yaml: Yaml) -> Value {
    match yaml {
        Yaml::String(s) => Value::String(s),
        Yaml::Integer(i) => Value::from(i),
        // Reals stay as written when JSON cannot hold them (`.nan`, `1e999`).
        Yaml::Real(s) => s
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map_or(Value::String(s), Value::Number),
        Yaml::Boolean(b) => Value::Bool(b),
        Yaml::Array(items) => Value::Array(items.into_iter().map(yaml_to_json).collect()),
        Yaml::Hash(hash) => Value::Object(hash_to_map(hash)),
        Yaml::Alias(_) | Yaml::Null | Yaml::BadValue => Value::Null,
    }
}

/// Reads `key: value` lines. Indented lines, list items and comments belong to a previous key or to
/// nothing and are ignored; matching quotes around a value are removed.
fn fallback_fields(block: &str) -> Map<String, Value> {
    let mut map = Map::new();
    for line in block.lines() {
        if line.starts_with([' ', '\t', '#', '-']) {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        let key = key.trim();
        let value = value.trim();
        if key.is_empty() || key.contains(' ') || value.is_empty() {
            continue;
        }
        let unquoted = ['"', '\'']
            .into_iter()
            .find_map(|q| value.strip_prefix(q)?.strip_suffix(q))
            .unwrap_or(value);
        // The first occurrence wins, as a person reading the file would expect.
        map.entry(key.to_string())
            .or_insert_with(|| Value::String(unquoted.to_string()));
    }
    map
}

/// Longest description taken from the body, in characters.
const DESCRIPTION_CHARS: usize = 60;

/// A command's description: `description` from the frontmatter when it is a non-empty string; else
/// the first non-empty body line, trimmed, cut at 60 characters plus `...`; else empty.
///
/// The cut counts Unicode scalar values, so it never splits a character.
pub fn describe(frontmatter: &Frontmatter) -> String {
    if let Some(description) = frontmatter.string("description") {
        return description;
    }
    describe_body(&frontmatter.body)
}

/// The body-line fallback of [`describe`], for formats without frontmatter (Gemini TOML).
pub fn describe_body(body: &str) -> String {
    let Some(line) = body.lines().map(str::trim).find(|l| !l.is_empty()) else {
        return String::new();
    };
    match line.char_indices().nth(DESCRIPTION_CHARS) {
        Some((cut, _)) => format!("{}...", &line[..cut]),
        None => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_fields_keep_their_types() {
        let fm = parse_frontmatter(
            "---\ndescription: Review\nargument-hint: [file]\nuser-invocable: false\nn: 3\n---\nBody\n",
        );
        assert!(fm.present);
        assert_eq!(fm.warning, None);
        assert_eq!(fm.string("description").as_deref(), Some("Review"));
        assert_eq!(fm.fields["argument-hint"], serde_json::json!(["file"]));
        assert_eq!(fm.bool("user-invocable"), Some(false));
        assert_eq!(fm.text("n").as_deref(), Some("3"));
        assert_eq!(fm.body, "Body\n");
    }

    #[test]
    fn malformed_yaml_falls_back_to_lines() {
        let fm = parse_frontmatter(
            "---\ndescription: Run it. Usage: /x <topic>\ntags:\n  - a\nname: 'quoted'\n---\nBody",
        );
        assert!(fm
            .warning
            .as_deref()
            .is_some_and(|w| w.contains("not valid YAML")));
        assert_eq!(
            fm.string("description").as_deref(),
            Some("Run it. Usage: /x <topic>")
        );
        assert_eq!(fm.string("name").as_deref(), Some("quoted"));
        assert!(!fm.fields.contains_key("tags"));
        assert_eq!(fm.body, "Body");
    }

    #[test]
    fn blocks_that_are_not_frontmatter() {
        let unclosed = parse_frontmatter("---\ndescription: x\nno end");
        assert!(!unclosed.present);
        assert!(unclosed.warning.is_some());
        assert_eq!(unclosed.body, "---\ndescription: x\nno end");

        let rule = parse_frontmatter("----\ntext");
        assert!(!rule.present && rule.warning.is_none());

        let empty = parse_frontmatter("\u{feff}---\n---\nBody");
        assert!(empty.present && empty.fields.is_empty() && empty.warning.is_none());
        assert_eq!(empty.body, "Body");

        let list = parse_frontmatter("---\n- a\n- b\n---\n");
        assert!(list.warning.is_some_and(|w| w.contains("not a mapping")));
    }

    #[test]
    fn description_cut_keeps_characters_whole() {
        let line: String = "é".repeat(59) + "😀😀";
        let fm = parse_frontmatter(&line);
        assert_eq!(describe(&fm), "é".repeat(59) + "😀...");
    }
}
