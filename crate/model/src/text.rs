//! Small text helpers: words out of ids, titles out of setting keys, UTF-16 offsets, display lines.

use crate::hidden::is_hidden_char;

/// Splits an identifier into lowercase words at dots, dashes, underscores, slashes, colons and
/// camelCase humps: `editor.wordWrapColumn` → `editor word wrap column`.
pub fn id_words(id: &str) -> Vec<String> {
    let mut words = Vec::new();
    for part in id.split(|c: char| !c.is_alphanumeric()) {
        let chars: Vec<char> = part.chars().collect();
        let mut start = 0;
        for i in 1..chars.len() {
            let (prev, cur) = (chars[i - 1], chars[i]);
            let next_lower = chars.get(i + 1).is_some_and(|c| c.is_lowercase());
            let hump = (prev.is_lowercase() && cur.is_uppercase())
                || (prev.is_uppercase() && cur.is_uppercase() && next_lower)
                || (prev.is_alphabetic() && cur.is_ascii_digit())
                || (prev.is_ascii_digit() && cur.is_alphabetic());
            if hump {
                words.push(chars[start..i].iter().collect::<String>().to_lowercase());
                start = i;
            }
        }
        if start < chars.len() {
            words.push(chars[start..].iter().collect::<String>().to_lowercase());
        }
    }
    words
}

/// The title VS Code's settings editor shows for a key: `editor.minimap.enabled` →
/// `Editor › Minimap: Enabled`.
pub fn setting_title(key: &str) -> String {
    let parts: Vec<&str> = key.split('.').collect();
    let (last, groups) = parts
        .split_last()
        .map(|(l, g)| (*l, g))
        .unwrap_or((key, &[]));
    let groups: Vec<String> = groups.iter().map(|g| humanize(g)).collect();
    if groups.is_empty() {
        humanize(last)
    } else {
        format!("{}: {}", groups.join(" › "), humanize(last))
    }
}

/// A title for a command VS Code gives none, read from its id's structure: the name is the last
/// segment split at its humps, a run of lowercase letters also split where it is two words
/// `is_word` knows (`stickyScrollselect` → Sticky Scroll Select), and the category is the
/// nearest segment before it that names a part of VS Code (`action` names none):
/// `list.stickyScrollselect` → `List: Sticky Scroll Select`. After a `:` (`default:undo`)
/// only the name is kept: the prefix is a dispatch detail, not a part of the editor.
pub fn command_title_from_id(id: &str, is_word: impl Fn(&str) -> bool) -> String {
    let dotted = id.rsplit(':').next().unwrap_or(id);
    let mut segments = dotted.split('.').filter(|s| !s.is_empty());
    let last = segments.next_back().unwrap_or(dotted);
    let name: Vec<String> = id_words(last)
        .into_iter()
        .flat_map(|w| split_compound(&w, &is_word))
        .collect();
    let name = humanize(&name.join(" "));
    let category = segments
        .rev()
        .find(|s| !matches!(*s, "action" | "actions"))
        .map(humanize);
    match category {
        Some(c) if !c.is_empty() && !name.starts_with(&c) => format!("{c}: {name}"),
        _ => name,
    }
}

/// The shortest part either side of a split compound: two letters are too often a fragment
/// (`re`, `on`) to say the run was two words.
const MIN_COMPOUND_PART: usize = 3;

/// `scrollselect` → `scroll select` when the run is no word but its two halves are; the
/// longest known first half wins. Anything else stays as it is.
fn split_compound(word: &str, is_word: &impl Fn(&str) -> bool) -> Vec<String> {
    let whole = || vec![word.to_string()];
    if !word.is_ascii() || word.len() < 2 * MIN_COMPOUND_PART || is_word(word) {
        return whole();
    }
    (MIN_COMPOUND_PART..=word.len() - MIN_COMPOUND_PART)
        .rev()
        .find(|&at| is_word(&word[..at]) && is_word(&word[at..]))
        .map_or_else(whole, |at| {
            vec![word[..at].to_string(), word[at..].to_string()]
        })
}

/// `wordWrapColumn` → `Word Wrap Column`; known short words keep their usual spelling.
pub fn humanize(segment: &str) -> String {
    id_words(segment)
        .iter()
        .map(|w| match w.as_str() {
            "ui" | "url" | "css" | "html" | "json" | "id" | "ssh" | "api" | "cpu" | "gpu"
            | "npm" | "uri" => w.to_uppercase(),
            "javascript" => "JavaScript".to_string(),
            "typescript" => "TypeScript".to_string(),
            _ => {
                let mut c = w.chars();
                match c.next() {
                    Some(first) => first.to_uppercase().chain(c).collect(),
                    None => String::new(),
                }
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Converts char indices into merged `[start, end)` ranges in UTF-16 code units.
pub fn utf16_ranges(text: &str, char_indices: &[usize]) -> Vec<[u32; 2]> {
    if char_indices.is_empty() {
        return Vec::new();
    }
    // The room a first push would make, made directly: most titles mark a few ranges.
    let mut ranges: Vec<[u32; 2]> = Vec::with_capacity(4);
    // Indices already in order, as a title's words mostly give them, need no sorted copy.
    let copy: Vec<usize>;
    let sorted = if char_indices.windows(2).all(|pair| pair[0] < pair[1]) {
        char_indices
    } else {
        let mut indices = char_indices.to_vec();
        indices.sort_unstable();
        indices.dedup();
        copy = indices;
        &copy
    };
    // In ASCII text a char index is its UTF-16 offset: the popup's titles almost all are, and
    // highlighting runs on every row of every key.
    if text.is_ascii() {
        for &i in sorted.iter().take_while(|&&i| i < text.len()) {
            let at = i as u32;
            match ranges.last_mut() {
                Some(last) if last[1] == at => last[1] = at + 1,
                _ => ranges.push([at, at + 1]),
            }
        }
        return ranges;
    }
    let mut wanted = sorted.iter().peekable();
    let mut offset: u32 = 0;
    for (i, c) in text.chars().enumerate() {
        let Some(&&next) = wanted.peek() else {
            break;
        };
        let width = c.len_utf16() as u32;
        if next == i {
            wanted.next();
            match ranges.last_mut() {
                Some(last) if last[1] == offset => last[1] = offset + width,
                _ => ranges.push([offset, offset + width]),
            }
        }
        offset += width;
    }
    ranges
}

/// One line of display text: control and hidden characters become visible `⟨U+XXXX⟩` marks,
/// runs of whitespace become one space. Used for titles shown to the model and to the user.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() && !is_hidden_char(c) {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        if c.is_control() || is_hidden_char(c) {
            out.push_str(&crate::hidden::mark(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// Cuts text to `max` characters, marking the cut with `…`.
pub fn ellipsize(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((byte, _)) => format!("{}…", &text[..byte]),
    }
}

/// A JSON value's kind in words, for messages.
pub fn kind_of(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "true or false",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "text",
        serde_json::Value::Array(_) => "a list",
        serde_json::Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_shows_what_would_hide() {
        assert_eq!(one_line("  a\n\tb  "), "a b");
        assert_eq!(one_line("x\u{202E}y"), "x⟨U+202E⟩y");
        assert_eq!(one_line("bell\u{7}"), "bell⟨U+0007⟩");
        assert_eq!(one_line("a\u{2028}b"), "a⟨U+2028⟩b");
    }

    #[test]
    fn ellipsize_counts_characters() {
        assert_eq!(ellipsize("héllo", 3), "hél…");
        assert_eq!(ellipsize("abc", 3), "abc");
    }

    #[test]
    fn ids_split_into_words() {
        assert_eq!(
            id_words("editor.wordWrapColumn"),
            ["editor", "word", "wrap", "column"]
        );
        assert_eq!(
            id_words("workbench.action.files.saveAs"),
            ["workbench", "action", "files", "save", "as"]
        );
        assert_eq!(id_words("HTMLParser-v2"), ["html", "parser", "v", "2"]);
        assert!(id_words("").is_empty());
    }

    #[test]
    fn setting_titles_follow_the_settings_editor() {
        assert_eq!(setting_title("editor.wordWrap"), "Editor: Word Wrap");
        assert_eq!(
            setting_title("editor.minimap.enabled"),
            "Editor › Minimap: Enabled"
        );
        assert_eq!(setting_title("plain"), "Plain");
    }

    #[test]
    fn command_titles_come_from_the_id_structure() {
        let known = |w: &str| ["sticky", "scroll", "select", "list"].contains(&w);
        assert_eq!(
            command_title_from_id("editor.action.toggleWordWrap", known),
            "Editor: Toggle Word Wrap"
        );
        assert_eq!(command_title_from_id("default:undo", known), "Undo");
        assert_eq!(
            command_title_from_id("list.stickyScrollselect", known),
            "List: Sticky Scroll Select"
        );
        // A run that is no two known words stays whole; so does one that is a word itself.
        assert_eq!(
            command_title_from_id("list.stickyScrollzzzqqq", known),
            "List: Sticky Scrollzzzqqq"
        );
        assert_eq!(command_title_from_id("cursorUndo", known), "Cursor Undo");
        // A name that already starts with its category does not repeat it.
        assert_eq!(
            command_title_from_id("list.listSelect", known),
            "List Select"
        );
    }

    #[test]
    fn ranges_count_utf16_code_units() {
        // 'é' is one unit, '😀' is two.
        assert_eq!(utf16_ranges("é😀ab", &[1, 2, 3]), vec![[1, 5]]);
        assert_eq!(utf16_ranges("abc", &[0, 2]), vec![[0, 1], [2, 3]]);
        assert_eq!(utf16_ranges("😀x", &[1]), vec![[2, 3]]);
    }
}
