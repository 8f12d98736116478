//! OpenCode's rules for its command files: the argument splitter, `$N`, and `@file` references.
//!
//! Read from anomalyco/opencode (formerly sst/opencode): `packages/opencode/src/session/prompt.ts`
//! at 00078e84, `config/command.ts` at 01b622ed, `config/markdown.ts` at 0a8a0ed8.

/// OpenCode's splitter: a word is `[Image N]` (any case, one token with its space), `"…"` or
/// `'…'` (one surrounding quote removed each side, may be empty) or a run of characters that
/// are neither whitespace nor quotes. A quote with no partner is skipped.
pub fn split_args(input: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut rest = input;
    while let Some(c) = rest.chars().next() {
        if let Some(len) = image_token(rest) {
            words.push(rest[..len].to_string());
            rest = &rest[len..];
        } else if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else if c == '"' || c == '\'' {
            match rest[1..].find(c) {
                Some(end) => {
                    words.push(rest[1..1 + end].to_string());
                    rest = &rest[end + 2..];
                }
                None => rest = &rest[1..],
            }
        } else {
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '"' || c == '\'')
                .unwrap_or(rest.len());
            words.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    words
}

/// The length of `[Image <digits>]` (any case, whitespace between) at the start of `text`.
fn image_token(text: &str) -> Option<usize> {
    let head = text.get(..6)?;
    if !head.eq_ignore_ascii_case("[image") {
        return None;
    }
    let after = &text[6..];
    let spaces = after.len() - after.trim_start().len();
    if spaces == 0 {
        return None;
    }
    let digits = after[spaces..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    if digits == 0 || after.as_bytes().get(spaces + digits) != Some(&b']') {
        return None;
    }
    Some(6 + spaces + digits + 1)
}

/// OpenCode's `@file` at byte `at` of `body` (`FILE_REGEX` in `config/markdown.ts`): not after a
/// word character or a backtick; an optional leading `.`, then characters other than
/// whitespace, backticks, commas and dots, then any number of `.` plus such characters, so a
/// sentence's final dot and a comma stay outside. Returns the path, never empty.
pub(crate) fn file_reference(body: &str, at: usize) -> Option<&str> {
    let before = body[..at].chars().next_back();
    if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '`') {
        return None;
    }
    let rest = &body[at + 1..];
    let stop = |c: char| c.is_whitespace() || c == '\u{feff}' || c == '`' || c == ',' || c == '.';
    let run = |from: usize| rest[from..].find(stop).map_or(rest.len(), |k| from + k);
    let mut end = if rest.starts_with('.') { 1 } else { 0 };
    end = run(end);
    while rest[end..].starts_with('.') {
        let next = run(end + 1);
        if next == end + 1 {
            break;
        }
        end = next;
    }
    (end > 0).then(|| &rest[..end])
}

/// What `$N` receives, where `last` is the highest `N` in the body and `words` the arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Position {
    /// One argument, by 0-based index.
    Word(usize),
    /// The arguments from this 0-based index on, joined by spaces (the highest placeholder).
    Rest(usize),
    /// Nothing: there is no such argument.
    Empty,
    /// The literal text `undefined`: OpenCode reads `args[-1]` for a `$0` that is not the
    /// highest placeholder, and JavaScript writes that as `undefined`.
    Undefined,
}

/// OpenCode's rule for `$N` (1-based): past the arguments is empty; the highest placeholder
/// takes the rest; `$0` alone takes the last argument (`args.slice(-1)`).
pub(crate) fn position(n: usize, last: usize, words: usize) -> Position {
    match n {
        0 if last == 0 => Position::Rest(words.saturating_sub(1)),
        0 => Position::Undefined,
        n if n > words => Position::Empty,
        n if n == last => Position::Rest(n - 1),
        n => Position::Word(n - 1),
    }
}

/// OpenCode's second try at a frontmatter strict YAML rejects (`fallbackSanitization` in
/// `config/markdown.ts`): in the first `---` block, a top-level `key: value` line whose key is
/// a plain identifier and whose unquoted value holds a `:` becomes a block scalar. A file that
/// still fails is not a command.
pub(crate) fn sanitize_frontmatter(text: &str) -> Option<String> {
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---")?;
    let block = &rest[..end];
    let mut out = Vec::new();
    for line in block.split('\n') {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || line.starts_with(char::is_whitespace) {
            out.push(line.to_string());
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            out.push(line.to_string());
            continue;
        };
        let key = key.trim_end();
        let plain_key = key
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        let value = value.trim();
        let kept =
            value.is_empty() || value == ">" || value == "|" || value.starts_with(['"', '\'']);
        if plain_key && !kept && value.contains(':') {
            out.push(format!("{key}: |-"));
            out.push(format!("  {value}"));
        } else {
            out.push(line.to_string());
        }
    }
    Some(format!("---\n{}{}", out.join("\n"), &rest[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_tokens_stay_whole() {
        assert_eq!(split_args("a [Image 2] b"), ["a", "[Image 2]", "b"]);
        assert_eq!(split_args("[image  10]"), ["[image  10]"]);
        assert_eq!(split_args("[Image x]"), ["[Image", "x]"]);
    }

    #[test]
    fn file_references_stop_at_sentence_ends() {
        fn at(s: &str) -> Option<&str> {
            file_reference(s, s.find('@').unwrap_or(0))
        }
        assert_eq!(at("see @a.md."), Some("a.md"));
        assert_eq!(at("x@y"), None);
        assert_eq!(at("@ x"), None);
        assert_eq!(at("@.b"), Some(".b"));
    }
}
