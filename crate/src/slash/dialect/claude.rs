//! Claude Code's rules that go beyond a token pattern: the argument names a command declares, its
//! frontmatter readings (booleans, descriptions, tool lists) and the `${…}` variables it fills.
//!
//! Claude Code's source is not public; the rules come from its documentation
//! (code.claude.com/docs/en/skills, slash-commands) and anthropics/claude-code `CHANGELOG.md`
//! at 5cfc0a19 (2.1.19 `$0`, 2.1.163 `\$`, 2.1.210 unmatched `$N` kept).

use std::collections::BTreeMap;

use serde_json::Value;

use crate::slash::discovery::SlashCommand;
use crate::slash::{Frontmatter, Provider};

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

/// Claude Code's description: the frontmatter `description` when it is non-empty text or a bare
/// number (`description: 3000` is coerced to `"3000"`, CHANGELOG 2.1.47); else the first body
/// line, as for the other Markdown tools.
pub(crate) fn describe(fm: &Frontmatter) -> String {
    match fm.fields.get("description") {
        Some(Value::Number(n)) => n.to_string(),
        _ => crate::slash::describe(fm),
    }
}

/// A boolean frontmatter field as Claude Code reads it: `true`/`false` and, since 2.1.218,
/// `yes`/`no`/`on`/`off`/`1`/`0` in any case. YAML 1.2 reads those as text (or numbers), so the
/// text is looked at again here.
pub(crate) fn boolean(fm: &Frontmatter, key: &str) -> Option<bool> {
    match fm.fields.get(key)? {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => match n.as_i64() {
            Some(1) => Some(true),
            Some(0) => Some(false),
            _ => None,
        },
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" | "1" => Some(true),
            "false" | "no" | "off" | "0" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// `allowed-tools` written as one string: tools separated by commas or by spaces, where a space
/// inside a tool's parentheses (`Bash(git add:*)`) belongs to that tool.
pub(crate) fn tool_list(text: &str) -> Vec<String> {
    let mut tools = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => {
                depth += 1;
                current.push(c);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                current.push(c);
            }
            ',' if depth == 0 => tools.push(std::mem::take(&mut current)),
            c if c.is_whitespace() && depth == 0 => tools.push(std::mem::take(&mut current)),
            c => current.push(c),
        }
    }
    tools.push(current);
    tools
        .into_iter()
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .collect()
}

/// The `${…}` variables Claude Code fills in a command or skill body: the skill's own folder
/// (2.1.69), the plugin's root and the project folder. `CLAUDE_SESSION_ID` (2.1.9) has no value
/// outside a Claude session, so it stays as written, with a warning.
pub(crate) const VARIABLES: &[&str] = &[
    "CLAUDE_SKILL_DIR",
    "CLAUDE_PLUGIN_ROOT",
    "CLAUDE_PROJECT_DIR",
    "CLAUDE_SESSION_ID",
];

/// Adds the values of [`VARIABLES`] this command has to `context`: the skill folder of a skill,
/// the root of a plugin, and the workspace folder (the editor's `workspaceFolder`) as the project.
pub(crate) fn fill_variables(command: &SlashCommand, context: &mut BTreeMap<String, String>) {
    let root = command.root.trim_end_matches(['/', '\\']);
    if command.provider.is_skills() {
        if let Some((folder, _)) = command.path.rsplit_once('/') {
            context.insert("CLAUDE_SKILL_DIR".into(), format!("{root}/{folder}"));
        }
    }
    if matches!(
        command.provider,
        Provider::ClaudePlugins | Provider::ClaudePluginSkills
    ) {
        // The plan lists `<plugin>/commands` and `<plugin>/skills`.
        if let Some((plugin, _)) = root.rsplit_once(['/', '\\']) {
            context.insert("CLAUDE_PLUGIN_ROOT".into(), plugin.to_string());
        }
    }
    if let Some(project) = context.get("workspaceFolder").cloned() {
        context
            .entry("CLAUDE_PROJECT_DIR".into())
            .or_insert(project);
    }
}
