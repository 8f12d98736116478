//! Small text helpers: words out of ids, titles out of setting keys, UTF-16 offsets.

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

/// A title for a command VS Code gives none: `editor.action.toggleWordWrap` → `Toggle Word Wrap`.
pub fn command_title_from_id(id: &str) -> String {
    let last = id.rsplit(['.', ':']).next().unwrap_or(id);
    humanize(last)
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
    let mut ranges: Vec<[u32; 2]> = Vec::new();
    if char_indices.is_empty() {
        return ranges;
    }
    let mut sorted = char_indices.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut wanted = sorted.iter().peekable();
    let mut offset: u32 = 0;
    for (i, c) in text.chars().enumerate() {
        let width = c.len_utf16() as u32;
        if wanted.peek() == Some(&&i) {
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn command_titles_come_from_the_last_segment() {
        assert_eq!(
            command_title_from_id("editor.action.toggleWordWrap"),
            "Toggle Word Wrap"
        );
        assert_eq!(command_title_from_id("default:undo"), "Undo");
    }

    #[test]
    fn ranges_count_utf16_code_units() {
        // 'é' is one unit, '😀' is two.
        assert_eq!(utf16_ranges("é😀ab", &[1, 2, 3]), vec![[1, 5]]);
        assert_eq!(utf16_ranges("abc", &[0, 2]), vec![[0, 1], [2, 3]]);
        assert_eq!(utf16_ranges("😀x", &[1]), vec![[2, 3]]);
    }
}
