//! Slash commands from files: where each tool keeps them, which file becomes which command, and how
//! `/name args` expands by the rules of the tool that owns the file.
//!
//! The core does no IO. The shell asks [`search_folders`] where to look, lists and reads those folders,
//! hands the files to [`discover`], and later passes what the user typed to [`Discovery::expand`].
//! Expected failures (a broken file, a missing argument) come back as data, never as a panic.

pub mod args;
pub(crate) mod dialect;
pub mod discovery;
pub mod expand;
pub mod folders;
pub mod frontmatter;
pub mod items;
mod scan;
mod template;

use serde::{Deserialize, Serialize};

pub use args::{
    parse_args, parse_args_shlex, shell_quote, shell_quote_in, shell_quote_in_with, split_command,
    CommandSplit, QuoteContext,
};
pub use dialect::codex::split_args as parse_args_codex;
pub use dialect::gemini::{collapse_whitespace as gemini_args, quote as shell_quote_gemini};
pub use dialect::opencode::split_args as parse_args_opencode;
pub use discovery::{
    discover, CandidateFile, DiscoverInput, Discovery, Rename, SkipReason, SkippedFile,
    SlashCommand, SlashWarning, WarningCode, MAX_TEXT_BYTES,
};
pub use expand::{
    render_body, render_command, CommandRef, ExpandRequest, Expansion, InputRequest, Rendered,
    Segment, MAX_EXPANSION_BYTES,
};
pub use folders::{search_folders, ListedFile, Listing, SearchFolder, SearchPlan, SearchRequest};
pub use frontmatter::{describe, describe_body, parse_frontmatter, Frontmatter};

/// The tool whose rules name and expand a command (its dialect).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Tool {
    /// Solidus's own commands, in the reference (`omp`) dialect with its bugs fixed.
    Solidus,
    Claude,
    Codex,
    Gemini,
    Cursor,
    Copilot,
    #[serde(rename = "opencode")]
    OpenCode,
}

impl Tool {
    pub const ALL: [Tool; 7] = [
        Tool::Solidus,
        Tool::Claude,
        Tool::Codex,
        Tool::Gemini,
        Tool::Cursor,
        Tool::Copilot,
        Tool::OpenCode,
    ];

    /// The id used in `/<tool>.<name>` and in settings.
    pub fn id(self) -> &'static str {
        match self {
            Tool::Solidus => "solidus",
            Tool::Claude => "claude",
            Tool::Codex => "codex",
            Tool::Gemini => "gemini",
            Tool::Cursor => "cursor",
            Tool::Copilot => "copilot",
            Tool::OpenCode => "opencode",
        }
    }

    pub fn from_id(id: &str) -> Option<Tool> {
        Tool::ALL.into_iter().find(|t| t.id() == id)
    }
}

/// One kind of command folder, with its own priority. The declaration order is the registration
/// order that breaks priority ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Provider {
    /// `.solidus/commands/*.md` and `~/.solidus/commands/*.md`.
    Solidus,
    /// `.claude/skills/<name>/SKILL.md`: registered before commands because Claude Code lets a skill
    /// win over a command of the same name.
    ClaudeSkills,
    /// `.claude/commands/**/*.md`.
    Claude,
    /// `<plugin>/commands/**/*.md` for each plugin in `~/.claude/plugins/installed_plugins.json`,
    /// named `<plugin>:<command>`; registered before Codex, so it wins the tie at priority 70.
    ClaudePlugins,
    /// `<plugin>/skills/<name>/SKILL.md` of the same plugins, named `<plugin>:<name>`.
    ClaudePluginSkills,
    /// `~/.codex/prompts/*.md`.
    Codex,
    /// `.agents/skills/<name>/SKILL.md` and `~/.agents/skills`: the open Agent Skills folders that
    /// Codex reads in place of its old prompts.
    AgentSkills,
    /// `.gemini/commands/**/*.toml`.
    Gemini,
    /// `<extension>/commands/**/*.toml` for each extension in `~/.gemini/extensions` that is on for
    /// the workspace; named and renamed by Gemini's loader and resolver.
    GeminiExtensions,
    /// `.cursor/commands/*.md`.
    Cursor,
    /// `.github/skills/<name>/SKILL.md` and `~/.copilot/skills`: Agent Skills as Copilot reads
    /// them (VS Code, Copilot CLI); registered before prompt files, so a skill wins a tie.
    CopilotSkills,
    /// `.github/prompts/*.prompt.md`.
    Copilot,
    /// `.opencode/commands/**/*.md` and the legacy `.opencode/command/`.
    #[serde(rename = "opencode")]
    OpenCode,
    /// `.agent/commands/*.md` and `.agents/commands/*.md` (project and home): oh-my-pi's `agents`
    /// provider, Markdown in the reference dialect. Last, because the folder is shared by many
    /// tools and each tool's own folder should win its names.
    Agents,
}

impl Provider {
    pub const ALL: [Provider; 14] = [
        Provider::Solidus,
        Provider::ClaudeSkills,
        Provider::Claude,
        Provider::ClaudePlugins,
        Provider::ClaudePluginSkills,
        Provider::Codex,
        Provider::AgentSkills,
        Provider::Gemini,
        Provider::GeminiExtensions,
        Provider::Cursor,
        Provider::CopilotSkills,
        Provider::Copilot,
        Provider::OpenCode,
        Provider::Agents,
    ];

    /// Higher wins; equal priorities fall back to [`Provider::registration`].
    pub fn priority(self) -> u32 {
        match self {
            Provider::Solidus => 100,
            Provider::ClaudeSkills | Provider::Claude => 80,
            Provider::ClaudePlugins
            | Provider::ClaudePluginSkills
            | Provider::Codex
            | Provider::AgentSkills => 70,
            Provider::Gemini | Provider::GeminiExtensions => 60,
            Provider::Cursor => 50,
            Provider::CopilotSkills | Provider::Copilot => 40,
            Provider::OpenCode => 30,
            Provider::Agents => 20,
        }
    }

    /// Position in registration order.
    pub fn registration(self) -> usize {
        Provider::ALL
            .iter()
            .position(|p| *p == self)
            .unwrap_or(usize::MAX)
    }

    pub fn tool(self) -> Tool {
        match self {
            Provider::Solidus | Provider::Agents => Tool::Solidus,
            Provider::ClaudeSkills
            | Provider::Claude
            | Provider::ClaudePlugins
            | Provider::ClaudePluginSkills => Tool::Claude,
            Provider::Codex | Provider::AgentSkills => Tool::Codex,
            Provider::Gemini | Provider::GeminiExtensions => Tool::Gemini,
            Provider::Cursor => Tool::Cursor,
            Provider::CopilotSkills | Provider::Copilot => Tool::Copilot,
            Provider::OpenCode => Tool::OpenCode,
        }
    }

    /// The rules that expand this provider's bodies. An Agent Skill outside Claude Code has no
    /// placeholders: Copilot attaches the skill file and sends what was typed as the request, and
    /// Codex injects the skill beside the message. That is a Cursor command's rule (the body,
    /// then the typed text after a blank line), so those skills expand by it.
    pub fn expands_as(self) -> Tool {
        match self {
            Provider::AgentSkills | Provider::CopilotSkills => Tool::Cursor,
            other => other.tool(),
        }
    }

    /// The provider reads `<name>/SKILL.md` folders (Agent Skills) rather than command files.
    pub fn is_skills(self) -> bool {
        matches!(
            self,
            Provider::ClaudeSkills
                | Provider::ClaudePluginSkills
                | Provider::AgentSkills
                | Provider::CopilotSkills
        )
    }

    /// Which scope wins inside this provider: the tools disagree, so each keeps its own rule.
    /// Claude Code and Codex put the user's commands first; the others let the project override.
    pub fn scope_order(self) -> [Scope; 2] {
        match self {
            Provider::ClaudeSkills
            | Provider::Claude
            | Provider::ClaudePlugins
            | Provider::ClaudePluginSkills
            | Provider::Codex => [Scope::User, Scope::Project],
            _ => [Scope::Project, Scope::User],
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Provider::Solidus => "solidus",
            Provider::ClaudeSkills => "claude-skills",
            Provider::Claude => "claude",
            Provider::ClaudePlugins => "claude-plugins",
            Provider::ClaudePluginSkills => "claude-plugin-skills",
            Provider::Codex => "codex",
            Provider::AgentSkills => "agent-skills",
            Provider::Gemini => "gemini",
            Provider::GeminiExtensions => "gemini-extensions",
            Provider::Cursor => "cursor",
            Provider::CopilotSkills => "copilot-skills",
            Provider::Copilot => "copilot",
            Provider::OpenCode => "opencode",
            Provider::Agents => "agents",
        }
    }
}

/// Where a command file lives: in the workspace or in the user's home.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Scope {
    Project,
    User,
}

impl Scope {
    pub fn id(self) -> &'static str {
        match self {
            Scope::Project => "project",
            Scope::User => "user",
        }
    }
}

/// Where the expanded text goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Target {
    /// A `/do` request, through every guard of the agent.
    Do,
    /// VS Code chat, pre-filled and not sent.
    Chat,
    Clipboard,
}

impl Target {
    pub fn from_id(id: &str) -> Option<Target> {
        match id.trim() {
            "do" => Some(Target::Do),
            "chat" => Some(Target::Chat),
            "clipboard" => Some(Target::Clipboard),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_the_serialized_names() {
        for tool in Tool::ALL {
            assert_eq!(serde_json::to_value(tool).ok(), Some(tool.id().into()));
            assert_eq!(Tool::from_id(tool.id()), Some(tool));
        }
        for provider in Provider::ALL {
            assert_eq!(
                serde_json::to_value(provider).ok(),
                Some(provider.id().into())
            );
        }
        let segment = Segment::Shell {
            command: "ls".into(),
            text: "!`ls`".into(),
        };
        assert_eq!(
            serde_json::to_value(segment).ok(),
            Some(serde_json::json!({"kind": "shell", "command": "ls", "text": "!`ls`"}))
        );
    }

    #[test]
    fn every_provider_has_a_distinct_priority_and_registration_slot() {
        let mut keys: Vec<(std::cmp::Reverse<u32>, usize)> = Provider::ALL
            .iter()
            .map(|p| (std::cmp::Reverse(p.priority()), p.registration()))
            .collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), Provider::ALL.len());
        assert_eq!(Provider::Solidus.priority(), 100);
        assert_eq!(Provider::Claude.priority(), 80);
        assert_eq!(Provider::ClaudePlugins.priority(), 70);
        assert_eq!(Provider::Codex.priority(), 70);
    }
}
