//! Codex CLI's rules for its saved prompts.
//!
//! Which files are prompts, their frontmatter, how the typed arguments split (the `shlex`
//! crate's iterator), and the named-placeholder mode.
//!
//! Read from openai/codex: `codex-rs/core/src/custom_prompts.rs` at 035a9419,
//! `codex-rs/tui/src/bottom_pane/prompt_args.rs` at adc4676f and 09e67f20,
//! `codex-rs/tui/src/slash_command.rs` at 001cb8e2, `codex-rs/tui/src/bottom_pane/command_popup.rs`
//! at 4a1707e1 (built-in names excluded, the default description).

use std::collections::BTreeMap;

use crate::slash::args::{read_double_quoted, read_single_quoted};

/// What Codex's popup shows for a prompt without a `description`
/// (`codex-rs/tui/src/bottom_pane/command_popup.rs` at 4a1707e1).
pub(crate) const DEFAULT_DESCRIPTION: &str = "send saved prompt";

/// Codex's visible built-in slash commands; a prompt file with one of these stems is ignored.
pub(crate) const BUILTINS: &[&str] = &[
    "model",
    "output-style",
    "approvals",
    "experimental",
    "skills",
    "review",
    "new",
    "resume",
    "init",
    "compact",
    "diff",
    "mention",
    "status",
    "mcp",
    "logout",
    "quit",
    "exit",
    "feedback",
    "ps",
];

/// The prompt name of a file directly in the prompts folder: its stem, when the extension is
/// `md` in any case. A dotfile counts (`.x.md` is `.x`); `.md` alone has no extension.
pub(crate) fn prompt_stem(path: &str) -> Result<&str, String> {
    if path.contains('/') {
        return Err("codex reads only files directly in its prompts folder".into());
    }
    match path.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() && ext.eq_ignore_ascii_case("md") => Ok(stem),
        _ => Err("not a `.md` file (Codex accepts the suffix in any case)".into()),
    }
}

/// What Codex reads from a prompt file.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct PromptFile {
    pub description: Option<String>,
    pub argument_hint: Option<String>,
    pub body: String,
}

/// Codex's own frontmatter reader: `key: value` lines between `---` lines, keys in any case,
/// `argument-hint` or `argument_hint`, one pair of surrounding quotes removed, the last value
/// winning. An unterminated block leaves the whole text as the body, with no metadata.
pub(crate) fn read_prompt(text: &str) -> PromptFile {
    let mut lines = text.lines();
    let whole = || PromptFile {
        body: text.to_string(),
        ..PromptFile::default()
    };
    match lines.next() {
        Some(first) if first.trim() == "---" => {}
        _ => return whole(),
    }
    let mut file = PromptFile::default();
    let mut closed = false;
    let mut body: Vec<&str> = Vec::new();
    for line in lines {
        if closed {
            body.push(line);
            continue;
        }
        let trimmed = line.trim();
        if trimmed == "---" {
            closed = true;
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some((key, value)) = trimmed.split_once(':') else {
            continue;
        };
        let value = unquote(value.trim()).to_string();
        match key.trim().to_ascii_lowercase().as_str() {
            "description" => file.description = Some(value),
            "argument-hint" | "argument_hint" => file.argument_hint = Some(value),
            _ => {}
        }
    }
    if !closed {
        return whole();
    }
    file.body = body.join("\n");
    file
}

fn unquote(value: &str) -> &str {
    let b = value.as_bytes();
    if b.len() >= 2 && (b[0] == b'"' || b[0] == b'\'') && b[b.len() - 1] == b[0] {
        &value[1..value.len() - 1]
    } else {
        value
    }
}

/// The words Codex takes from the typed text, as the `shlex` crate's iterator yields them:
/// POSIX quoting (no escapes inside `'…'`), a `#` that starts a word comments out the rest of
/// its line, and an unterminated quote or trailing backslash drops that last word and ends the
/// list, keeping the words before it.
pub fn split_args(input: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut chars = input.chars().peekable();
    'words: loop {
        // Skip blanks and comments up to the next word.
        loop {
            match chars.peek() {
                None => break 'words,
                Some(' ' | '\t' | '\n') => {
                    chars.next();
                }
                Some('#') => {
                    for c in chars.by_ref() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                Some(_) => break,
            }
        }
        let mut word = String::new();
        while let Some(c) = chars.next() {
            match c {
                ' ' | '\t' | '\n' => break,
                '\\' => match chars.next() {
                    Some('\n') => {}
                    Some(next) => word.push(next),
                    None => break 'words,
                },
                // An unclosed quote ends the words there, dropping the open one, as shlex does.
                '\'' if !read_single_quoted(&mut chars, &mut word) => break 'words,
                '"' if !read_double_quoted(&mut chars, &mut word) => break 'words,
                '\'' | '"' => {}
                _ => word.push(c),
            }
        }
        words.push(word);
    }
    words
}

/// The length of a named placeholder's name at the start of `after` (the text after a `$`):
/// an ASCII capital, then capitals, digits and `_`; `None` when there is none.
pub(crate) fn name_len(after: &str) -> Option<usize> {
    let b = after.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_uppercase) {
        return None;
    }
    Some(
        b.iter()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || **c == b'_')
            .count(),
    )
}

/// The named placeholders of a body, in order of first appearance: `$NAME` not preceded by
/// another `$`, other than `$ARGUMENTS`. Any one switches the prompt to named mode.
pub(crate) fn placeholder_names(body: &str) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    let b = body.as_bytes();
    for (i, _) in body.match_indices('$') {
        if i > 0 && b[i - 1] == b'$' {
            continue;
        }
        let after = &body[i + 1..];
        if let Some(len) = name_len(after) {
            let name = &after[..len];
            if name != "ARGUMENTS" && !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// Named mode: every word must be `KEY=value` with a key, and every placeholder needs a value.
/// Errors name the command as Codex's do.
pub(crate) fn named_values(
    command: &str,
    words: &[String],
    wanted: &[&str],
) -> Result<BTreeMap<String, String>, String> {
    let mut values = BTreeMap::new();
    for word in words {
        match word.split_once('=') {
            Some(("", _)) => {
                return Err(format!(
                    "could not parse /{command}: expected a name before `=` in `{word}`"
                ))
            }
            Some((key, value)) => {
                values.insert(key.to_string(), value.to_string());
            }
            None => {
                return Err(format!(
                    "could not parse /{command}: expected key=value but found `{word}` (wrap values with spaces in double quotes)"
                ))
            }
        }
    }
    let missing: Vec<&str> = wanted
        .iter()
        .copied()
        .filter(|w| !values.contains_key(*w))
        .collect();
    if missing.is_empty() {
        Ok(values)
    } else {
        Err(format!(
            "missing required args for /{command}: {} (give them as key=value, quoting values with spaces)",
            missing.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_skip_escaped_and_arguments() {
        assert_eq!(placeholder_names("$$USER $REAL $ARGUMENTS $REAL"), ["REAL"]);
        assert_eq!(placeholder_names("$ARGUMENTS_X"), ["ARGUMENTS_X"]);
    }
}
