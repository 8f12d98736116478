//! A discovered slash command: what the tool would run under a name, with where it came from.
//!
//! Its own module so the dialects (which name and rename commands), discovery (which finds them)
//! and expansion (which runs them) share it without importing each other.

use serde::{Deserialize, Serialize};

use super::{Provider, Scope, Target, Tool};

/// A discovered command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SlashCommand {
    /// `<provider>:<scope>:<path>`, with `#2`, `#3`… when several roots hold the same path.
    pub id: String,
    /// What follows the `/`, by the tool's naming rule.
    pub name: String,
    /// The dialect that expands it.
    pub tool: Tool,
    pub provider: Provider,
    pub scope: Scope,
    pub root: String,
    pub path: String,
    pub description: String,
    pub argument_hint: Option<String>,
    /// Frontmatter `target`, when it names one.
    pub target: Option<Target>,
    pub model: Option<String>,
    /// Copilot's `agent` (or legacy `mode`), OpenCode's `agent`.
    pub agent: Option<String>,
    /// Claude's `allowed-tools`, a YAML list or a comma-separated string.
    pub allowed_tools: Vec<String>,
    /// Copilot `${input:…}` variables the body declares.
    pub inputs: Vec<InputRequest>,
    /// The body has shell lines: running it reaches a shell (after confirmation).
    pub runs_shell: bool,
    /// The popup's badge for it, from the one risk policy.
    #[serde(default)]
    pub risk_badge: Option<String>,
    /// The id of the command that wins this name, or `builtin:<name>`; `None` when this one is active.
    pub shadowed_by: Option<String>,
    /// Claude's frontmatter `arguments`: `$name` in the body is the argument at that position.
    #[serde(default)]
    pub arguments: Vec<String>,
    /// Set when the tool names the command otherwise than its file says, and why.
    #[serde(default)]
    pub rename: Option<Rename>,
    /// The Claude Code plugin or Gemini CLI extension that ships it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub namespace: Option<String>,
    /// The folder of the Claude Code plugin that ships it: `${CLAUDE_PLUGIN_ROOT}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plugin_root: Option<String>,
    /// The template expanded at run time (frontmatter removed; Gemini's `prompt`).
    pub body: String,
    /// What the file hides, when it holds characters a screen does not show
    /// ([`solidus_model::hidden`]): they are shown as `⟨U+XXXX⟩` in the description and taken out of the
    /// text an expansion sends.
    #[serde(default)]
    pub hidden_text: Option<String>,
}

/// A name the tool changed: what the file alone would give, and the tool's reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SlashRename"))]
#[serde(rename_all = "camelCase")]
pub struct Rename {
    pub from: String,
    pub reason: String,
}

/// A variable the user must supply before the text can be sent (Copilot `${input:name}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SlashInputRequest"))]
#[serde(rename_all = "camelCase")]
pub struct InputRequest {
    pub name: String,
    /// The text after the second colon of `${input:name:placeholder}`, for the input box.
    pub placeholder: Option<String>,
}
