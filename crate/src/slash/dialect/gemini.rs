//! Gemini CLI's rules for its TOML commands.
//!
//! Names cleaned part by part, the default description, the whitespace of `{{args}}`, its shell
//! quoting, and the renaming of names that collide.
//!
//! Read from google-gemini/gemini-cli at 5411f113 (`FileCommandLoader.ts`,
//! `SlashCommandResolver.ts`, `prompt-processors/shellProcessor.ts`, `utils/commands.ts`).

use std::borrow::Cow;
use std::collections::HashMap;

use crate::slash::discovery::{Rename, SlashCommand};
use crate::slash::{Provider, Scope, Tool};

/// Longest name part, in UTF-16 units; a longer part keeps 47 units and gains `...`.
const MAX_PART: usize = 50;

/// Longest description, in UTF-16 units; a longer one keeps 97 units and gains `...`.
const MAX_DESCRIPTION: usize = 100;

/// The built-in commands every Gemini CLI session has (those behind a setting are left out):
/// a file command with one of these names is renamed by scope, never the built-in.
pub(crate) const BUILTINS: &[&str] = &[
    "about",
    "auth",
    "bug",
    "bug-memory",
    "chat",
    "clear",
    "commands",
    "compress",
    "copy",
    "corgi",
    "directory",
    "docs",
    "editor",
    "export-session",
    "extensions",
    "footer",
    "gemma",
    "help",
    "ide",
    "init",
    "mcp",
    "memory",
    "model",
    "policies",
    "privacy",
    "quit",
    "resume",
    "rewind",
    "settings",
    "setup-github",
    "shortcuts",
    "stats",
    "tasks",
    "terminal-setup",
    "theme",
    "tools",
    "vim",
];

/// The command name of `stem_path` (the path without `.toml`, `/`-separated): each part keeps
/// `A-Z a-z 0-9 _ - .` and turns every other UTF-16 unit into `_`, so an emoji becomes `__`
/// and `:` can never fake a namespace; parts are joined with `:`.
pub(crate) fn command_name(stem_path: &str) -> String {
    let parts: Vec<String> = stem_path.split('/').map(clean_part).collect();
    parts.join(":")
}

fn clean_part(part: &str) -> String {
    let mut out = String::with_capacity(part.len());
    for c in part.chars() {
        if c.is_ascii_alphanumeric() || "_-.".contains(c) {
            out.push(c);
        } else {
            for _ in 0..c.len_utf16() {
                out.push('_');
            }
        }
    }
    // Only ASCII is left, so bytes are UTF-16 units.
    if out.len() > MAX_PART {
        out.truncate(MAX_PART - 3);
        out.push_str("...");
    }
    out
}

/// Gemini's description: the file's own when it is a non-empty string, else
/// `Custom command from <file name>`; then control characters and escape sequences removed,
/// whitespace runs turned into one space, and more than 100 UTF-16 units cut to 97 plus `...`.
/// The cut never splits a character, where Gemini may split a surrogate pair.
pub(crate) fn describe(description: Option<&str>, file_name: &str) -> String {
    let text = match description {
        Some(d) if !d.is_empty() => Cow::Borrowed(d),
        _ => Cow::Owned(format!("Custom command from {file_name}")),
    };
    let clean = collapse_whitespace_keeping_ends(&strip_unsafe(&text));
    let units: usize = clean.chars().map(char::len_utf16).sum();
    if units <= MAX_DESCRIPTION {
        return clean;
    }
    let mut out = String::new();
    let mut used = 0;
    for c in clean.chars() {
        if used + c.len_utf16() > MAX_DESCRIPTION - 3 {
            break;
        }
        used += c.len_utf16();
        out.push(c);
    }
    out.push_str("...");
    out
}

/// Removes ANSI escape sequences and the characters Gemini will not display (C0 and C1
/// controls other than tab and line breaks, bidirectional marks, zero-width space, BOM).
fn strip_unsafe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            match chars.peek() {
                // CSI: parameters and intermediates, then one final byte.
                Some('[') => {
                    chars.next();
                    for n in chars.by_ref() {
                        if ('\u{40}'..='\u{7e}').contains(&n) {
                            break;
                        }
                    }
                }
                // OSC: up to BEL or ESC \.
                Some(']') => {
                    chars.next();
                    while let Some(n) = chars.next() {
                        if n == '\u{7}' || (n == '\u{1b}' && chars.next_if_eq(&'\\').is_some()) {
                            break;
                        }
                    }
                }
                _ => {}
            }
            continue;
        }
        let unsafe_char = matches!(c,
            '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
            | '\u{200b}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}' | '\u{feff}');
        if !unsafe_char {
            out.push(c);
        }
    }
    out
}

/// JavaScript's `\s`: the characters Gemini's `split(/\s+/)` and `replace(/\s+/g)` treat as
/// whitespace (it differs from Rust's `char::is_whitespace` at U+0085 and U+FEFF).
fn js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

fn collapse_whitespace_keeping_ends(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_space = false;
    for c in text.chars() {
        if js_space(c) {
            if !in_space {
                out.push(' ');
            }
            in_space = true;
        } else {
            out.push(c);
            in_space = false;
        }
    }
    out
}

/// The argument text `{{args}}` receives: Gemini splits what was typed on whitespace runs and
/// joins the words with one space, so newlines and tabs in the arguments become spaces.
pub fn collapse_whitespace(raw: &str) -> Cow<'_, str> {
    let words: Vec<&str> = raw.split(js_space).filter(|w| !w.is_empty()).collect();
    let joined = words.join(" ");
    if joined == raw {
        Cow::Borrowed(raw)
    } else {
        Cow::Owned(joined)
    }
}

/// Quotes `{{args}}` inside `!{…}` the way Gemini's POSIX path does (shell-quote 1.8.3): empty
/// stays empty; a value with a double quote, whitespace or backslash and no single quote goes
/// in single quotes; one with a single quote goes in double quotes with `"`, `\`, `$`, `` ` ``
/// and `!` escaped; anything else has each shell character backslash-escaped.
///
/// One departure, for safety: a `~` is escaped too (as later shell-quote releases do), so a
/// value never expands to a home folder.
pub fn quote(value: &str) -> String {
    if value.is_empty() {
        return String::new();
    }
    let any = |set: &str| value.chars().any(|c| set.contains(c) || js_space(c));
    if !value.contains('\'') && any("\"\\") {
        return format!("'{value}'");
    }
    if any("\"'") {
        let mut out = String::from("\"");
        for c in value.chars() {
            if "\"\\$`!".contains(c) {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
        return out;
    }
    const SPECIAL: &str = "#!\"$&'()*,:;<=>?@[\\]^`{|}~";
    let chars: Vec<char> = value.chars().collect();
    let mut out = String::with_capacity(value.len() + 8);
    for (k, &c) in chars.iter().enumerate() {
        // shell-quote leaves the colon of a drive letter bare (`C:\$x`): a colon after a
        // letter and before another special character.
        let drive_colon = c == ':'
            && k > 0
            && chars[k - 1].is_ascii_alphabetic()
            && chars.get(k + 1).is_some_and(|n| SPECIAL.contains(*n));
        if SPECIAL.contains(c) && !drive_colon {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A Gemini command awaiting its final name, in Gemini's load order (user scope, then project,
/// then the extensions by name).
pub(crate) struct Claim {
    pub scope: Scope,
    pub name: String,
    /// The extension that ships it, if any.
    pub extension: Option<String>,
}

/// What the resolver decided for one claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Resolved {
    pub name: String,
    /// Why the name changed, when it did.
    pub reason: Option<String>,
    /// A later claim took the same final name and replaced this one, as Gemini's map does.
    pub replaced_by: Option<usize>,
}

enum Owner {
    Builtin,
    Claim(usize),
}

/// The renamed form's base: `user.<name>` and `workspace.<name>` for files, `<extension>:<name>`
/// for an extension's (the resolver's `getRenamedName`; its tests use `:` for extensions where
/// docs/extensions shows `.`, and the code wins).
fn renamed_base(claim: &Claim, name: &str) -> String {
    match (&claim.extension, claim.scope) {
        (Some(ext), _) => format!("{ext}:{name}"),
        (None, Scope::User) => format!("user.{name}"),
        (None, Scope::Project) => format!("workspace.{name}"),
    }
}

/// The first free renamed form, then the same with `1`, `2`, … appended.
fn free_name(claim: &Claim, name: &str, taken: &HashMap<String, Owner>) -> String {
    let base = renamed_base(claim, name);
    let mut candidate = base.clone();
    let mut n = 1;
    while taken.contains_key(&candidate) {
        candidate = format!("{base}{n}");
        n += 1;
    }
    candidate
}

/// Gemini's conflict rules: built-ins keep their names; when a file command meets a name seen
/// before, it is renamed `user.<name>` or `workspace.<name>` and so is the command holding the
/// name (unless that is a built-in). A rename that lands on a taken name replaces its holder,
/// exactly as Gemini's map assignment does.
pub(crate) fn resolve(builtins: &[&str], claims: &[Claim]) -> Vec<Resolved> {
    let mut taken: HashMap<String, Owner> = HashMap::new();
    let mut seen: HashMap<String, ()> = HashMap::new();
    for b in builtins {
        taken.insert((*b).to_string(), Owner::Builtin);
        seen.insert((*b).to_string(), ());
    }
    let mut out: Vec<Resolved> = claims
        .iter()
        .map(|c| Resolved {
            name: c.name.clone(),
            reason: None,
            replaced_by: None,
        })
        .collect();
    for (i, claim) in claims.iter().enumerate() {
        let original = &claim.name;
        let mut name = original.clone();
        if seen.contains_key(original) {
            name = free_name(claim, original, &taken);
            match taken.get(original) {
                Some(Owner::Builtin) => {
                    out[i].reason = Some(format!(
                        "Gemini keeps /{original} for its built-in command and renames this one"
                    ));
                }
                Some(Owner::Claim(j)) => {
                    let j = *j;
                    let moved = free_name(&claims[j], original, &taken);
                    taken.remove(original);
                    taken.insert(moved.clone(), Owner::Claim(j));
                    out[j].name = moved;
                    out[j].reason = Some(collision(original));
                    out[i].reason = Some(collision(original));
                }
                None => out[i].reason = Some(collision(original)),
            }
        } else {
            seen.insert(original.clone(), ());
        }
        if let Some(Owner::Claim(k)) = taken.insert(name.clone(), Owner::Claim(i)) {
            out[k].replaced_by = Some(i);
        }
        out[i].name = name;
    }
    out
}

/// Names the Gemini commands among discovery's `(root rank, key, command)` rows the way Gemini's
/// resolver does, in Gemini's load order (user scope, then project); returns, by key, each
/// command a later one replaced and that one's key.
pub(crate) fn name_commands(loaded: &mut [(usize, usize, SlashCommand)]) -> HashMap<usize, usize> {
    let mut order: Vec<usize> = (0..loaded.len())
        .filter(|&i| loaded[i].2.tool == Tool::Gemini)
        .collect();
    order.sort_by_key(|&i| {
        let (rank, _, c) = &loaded[i];
        let kind = match (&c.namespace, c.scope) {
            (None, Scope::User) => 0,
            (None, Scope::Project) => 1,
            (Some(_), _) => 2,
        };
        let ext = c.namespace.as_deref().unwrap_or("");
        (
            kind,
            ext.to_lowercase(),
            ext.to_string(),
            *rank,
            c.path.clone(),
        )
    });
    let claims: Vec<Claim> = order
        .iter()
        .map(|&i| Claim {
            scope: loaded[i].2.scope,
            name: loaded[i].2.name.clone(),
            extension: match loaded[i].2.provider {
                Provider::GeminiExtensions => loaded[i].2.namespace.clone(),
                _ => None,
            },
        })
        .collect();
    let mut replaced = HashMap::new();
    for (k, resolved) in resolve(BUILTINS, &claims).into_iter().enumerate() {
        let command = &mut loaded[order[k]].2;
        if let Some(reason) = resolved.reason {
            command.rename = Some(match command.rename.take() {
                Some(earlier) => Rename {
                    from: earlier.from,
                    reason: format!("{}; then {reason}", earlier.reason),
                },
                None => Rename {
                    from: command.name.clone(),
                    reason,
                },
            });
        }
        command.name = resolved.name;
        if let Some(by) = resolved.replaced_by {
            replaced.insert(loaded[order[k]].1, loaded[order[by]].1);
        }
    }
    replaced
}

fn collision(name: &str) -> String {
    format!(
        "several Gemini commands are named /{name}; Gemini renames each by its scope or extension"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_only_safe_characters() {
        assert_eq!(command_name("git/commit"), "git:commit");
        assert_eq!(command_name("a:b c"), "a_b_c");
        assert_eq!(command_name("😀x"), "__x");
    }
}
