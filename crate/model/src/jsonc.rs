//! JSON with comments: the dialect of VS Code's settings and keybindings documents.

use serde_json::Value;

/// Replaces comments with spaces and drops trailing commas, keeping every byte offset.
pub fn strip(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let mut i = 0;
    let mut last_comma: Option<usize> = None;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                last_comma = None;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    out[i] = b' ';
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let start = i;
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                let end = (i + 2).min(bytes.len());
                for b in &mut out[start..end] {
                    if *b != b'\n' {
                        *b = b' ';
                    }
                }
                i = end;
            }
            b',' => {
                last_comma = Some(i);
                i += 1;
            }
            b']' | b'}' => {
                if let Some(c) = last_comma.take() {
                    out[c] = b' ';
                }
                i += 1;
            }
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            _ => {
                last_comma = None;
                i += 1;
            }
        }
    }
    // Only ASCII bytes were replaced by ASCII spaces, so the text is still UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

/// Parses a JSONC document.
pub fn parse(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str(&strip(text))
}

/// One top-level member of a JSONC object with the `//` comment lines right above it.
#[derive(Debug, Clone, PartialEq)]
pub struct CommentedMember {
    pub key: String,
    /// The value, or the parse error's message when it is malformed.
    pub value: Result<Value, String>,
    pub comments: Vec<String>,
}

/// Lists the members of the top-level object in order, with their comments, for documents
/// such as `defaultSettings.jsonc` that carry descriptions as comments. Malformed values are
/// reported per member; a document that is not an object gives no members.
pub fn commented_members(text: &str) -> Vec<CommentedMember> {
    let bytes = text.as_bytes();
    let mut members = Vec::new();
    let mut i = skip_space(bytes, 0, &mut Vec::new());
    if bytes.get(i) != Some(&b'{') {
        return members;
    }
    i += 1;
    loop {
        let mut comments = Vec::new();
        i = skip_space(bytes, i, &mut comments);
        match bytes.get(i) {
            Some(b'"') => {}
            Some(b',') => {
                i += 1;
                continue;
            }
            _ => break,
        }
        let key_end = string_end(bytes, i);
        let key: String = serde_json::from_str(&text[i..key_end]).unwrap_or_default();
        i = skip_space(bytes, key_end, &mut Vec::new());
        if bytes.get(i) != Some(&b':') {
            break;
        }
        i = skip_space(bytes, i + 1, &mut Vec::new());
        let value_end = value_end(bytes, i);
        let value = parse(&text[i..value_end]).map_err(|e| e.to_string());
        members.push(CommentedMember {
            key,
            value,
            comments,
        });
        if value_end <= i {
            break;
        }
        i = value_end;
    }
    members
}

fn skip_space(bytes: &[u8], mut i: usize, comments: &mut Vec<String>) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let start = i + 2;
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                comments.push(
                    String::from_utf8_lossy(&bytes[start..i])
                        .trim_end()
                        .to_string(),
                );
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i = (i + 2).min(bytes.len());
            }
            _ => break,
        }
    }
    i
}

fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() && bytes[i] != b'"' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(bytes.len())
}

/// The end of the value starting at `start`: balanced brackets, strings and comments respected.
fn value_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i = string_end(bytes, i);
                if depth == 0 {
                    return i;
                }
                continue;
            }
            b'/' if matches!(bytes.get(i + 1), Some(b'/') | Some(b'*')) => {
                if depth == 0 {
                    return trim_end(bytes, start, i);
                }
                i = skip_space(bytes, i, &mut Vec::new());
                continue;
            }
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                if depth == 0 {
                    return trim_end(bytes, start, i);
                }
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            b',' if depth == 0 => return trim_end(bytes, start, i),
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

fn trim_end(bytes: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && bytes[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn strips_comments_and_trailing_commas_but_not_inside_strings() {
        let text = "{ // note\n \"a\": \"http://x\", /* block */ \"b\": [1, 2,], }";
        assert_eq!(parse(text).unwrap(), json!({"a": "http://x", "b": [1, 2]}));
    }

    #[test]
    fn members_keep_their_comments_and_multiline_values() {
        let text = "{\n\t// First line.\n\t//  - on: yes\n\t\"a.b\": \"on\",\n\n\t// Rulers.\n\t\"c\": [\n\t\t50,\n\t\t72\n\t],\n\t\"d\": { \"x\": \"}\" }\n}";
        let members = commented_members(text);
        assert_eq!(members.len(), 3);
        assert_eq!(members[0].key, "a.b");
        assert_eq!(members[0].comments, vec![" First line.", "  - on: yes"]);
        assert_eq!(members[1].value, Ok(json!([50, 72])));
        assert_eq!(members[2].value, Ok(json!({"x": "}"})));
    }

    #[test]
    fn a_malformed_value_is_reported_and_the_rest_still_read() {
        let members = commented_members("{\"a\": tru, \"b\": 2}");
        assert_eq!(members.len(), 2);
        assert!(members[0].value.is_err());
        assert_eq!(members[1].value, Ok(json!(2)));
    }

    #[test]
    fn never_panics_on_truncated_input() {
        for text in [
            "{",
            "{\"a",
            "{\"a\":",
            "{\"a\": [1,",
            "{\"a\": \"x",
            "/*",
            "{//",
            "{\"a\":1,,",
        ] {
            let _ = commented_members(text);
            let _ = parse(text);
        }
    }
}
