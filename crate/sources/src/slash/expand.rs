//! Expanding what the user typed: finding the command a `/name args` line names among the
//! discovered ones, rendering its body (`render`), and taking out what the user could not see.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::args::split_command;
use super::command::{InputRequest, SlashCommand};
use super::dialect::claude;
use super::discovery::Discovery;
use super::render::{render_command, Segment};
use super::{Provider, Scope, Target, Tool};

/// What the shell asks to expand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SlashExpandRequest"))]
#[serde(rename_all = "camelCase", default)]
pub struct ExpandRequest {
    /// What the user typed, e.g. `/review a.ts "b c"` or `/claude.review x`.
    pub text: String,
    /// Answers to Copilot `${input:name}` variables, asked by the shell.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub inputs: BTreeMap<String, String>,
    /// Editor values for Copilot variables: `selection`, `selectedText`, `file`, `fileBasename`,
    /// `fileDirname`, `fileBasenameNoExtension`, `workspaceFolder`, `workspaceFolderBasename`.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub context: BTreeMap<String, String>,
}

/// Which command an expansion used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SlashCommandRef"))]
#[serde(rename_all = "camelCase")]
pub struct CommandRef {
    pub id: String,
    pub name: String,
    pub tool: Tool,
    pub provider: Provider,
    pub scope: Scope,
    pub root: String,
    pub path: String,
}

impl CommandRef {
    fn of(command: &SlashCommand) -> CommandRef {
        CommandRef {
            id: command.id.clone(),
            name: command.name.clone(),
            tool: command.tool,
            provider: command.provider,
            scope: command.scope,
            root: command.root.clone(),
            path: command.path.clone(),
        }
    }
}

/// The result of [`Discovery::expand`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SlashExpansion"))]
#[serde(rename_all = "camelCase")]
pub struct Expansion {
    /// False when the text names no active command: it then passes on unchanged in `text`.
    pub matched: bool,
    pub command: Option<CommandRef>,
    /// Other commands with the same name (shadowed ones), for a picker.
    pub alternatives: Vec<CommandRef>,
    /// The command's own target from its frontmatter, if any; else the setting applies.
    pub target: Option<Target>,
    pub ok: bool,
    pub error: Option<String>,
    pub text: String,
    pub segments: Vec<Segment>,
    pub shell: Vec<String>,
    pub files: Vec<String>,
    pub needs_input: Vec<InputRequest>,
    pub warnings: Vec<String>,
    /// What hidden characters ([`solidus_model::hidden`]) were taken out of `text` and the text segments,
    /// in words, so the user is told before the text goes anywhere.
    #[serde(default)]
    pub hidden: Option<String>,
    /// Set, with `ok` false, when no command matched but the text is clearly meant for a tool
    /// that refuses it (Codex's `/prompts:<name>`, a Claude plugin's `/<plugin>:<name>`,
    /// `/<tool>.<name>`): why, to be shown instead of the text being sent on.
    #[serde(default)]
    pub refusal: Option<String>,
    /// Further Claude commands or skills the typed arguments name as `/<name>` words, whose
    /// bodies follow the first one's, as Claude Code loads a skill named mid-message.
    #[serde(default)]
    pub also: Vec<CommandRef>,
}

impl Discovery {
    /// Finds the command `text` names and expands it.
    ///
    /// A bare `/name` uses the active command of that name; `/<tool>.<name>` (`/claude.review`,
    /// `/gemini.git:commit`) picks the first command of that tool with that name, shadowed or not,
    /// unless a command is literally named `<tool>.<name>`. Anything else passes through unchanged.
    pub fn expand(&self, request: &ExpandRequest) -> Expansion {
        let pass = || Expansion {
            ok: true,
            text: request.text.clone(),
            segments: vec![Segment::Text {
                text: request.text.clone(),
            }],
            ..Expansion::default()
        };
        let Some(split) = split_command(&request.text) else {
            return pass();
        };
        let found = match self.resolve(&split.name) {
            Some((command, alternatives)) => Some((command, alternatives, split.args.clone())),
            None => self.resolve_claude_name(&request.text),
        };
        let Some((command, alternatives, args)) = found else {
            let mut expansion = pass();
            if let Some(why) = self.refusal(&split.name) {
                expansion.ok = false;
                expansion.error = Some(why.clone());
                expansion.refusal = Some(why);
            }
            return expansion;
        };
        let mut context = request.context.clone();
        if command.tool == Tool::Claude {
            claude::fill_variables(command, &mut context);
        }
        let r = render_command(
            command.provider.expands_as(),
            &command.body,
            &command.name,
            &args,
            &command.arguments,
            &request.inputs,
            &context,
        );
        let mut expansion = Expansion {
            matched: true,
            command: Some(CommandRef::of(command)),
            alternatives: alternatives.into_iter().map(CommandRef::of).collect(),
            target: command.target,
            ok: r.ok,
            error: r.error,
            text: r.text,
            segments: r.segments,
            shell: r.shell,
            files: r.files,
            needs_input: r.needs_input,
            warnings: r.warnings,
            hidden: None,
            refusal: None,
            also: Vec::new(),
        };
        if command.tool == Tool::Claude {
            self.append_named_skills(command, &args, &request.inputs, &context, &mut expansion);
        }
        remove_hidden(&mut expansion);
        expansion
    }

    /// Claude Code loads a skill the user names as `/<name>` anywhere in the message (CHANGELOG
    /// 2.1.110: "invoked via `/<skill>` mid-message"), so each further Claude command or skill
    /// the typed arguments name as a whole word is rendered after the first one, without
    /// arguments. Only what the user typed is read: a name inside a body never loads another.
    fn append_named_skills(
        &self,
        first: &SlashCommand,
        args: &str,
        inputs: &BTreeMap<String, String>,
        context: &BTreeMap<String, String>,
        expansion: &mut Expansion,
    ) {
        let mut seen = vec![first.id.as_str()];
        for word in args.split_whitespace() {
            if expansion.also.len() >= claude::MAX_NAMED_SKILLS {
                break;
            }
            let Some(name) = word.strip_prefix('/').filter(|n| !n.is_empty()) else {
                continue;
            };
            let Some((other, _)) = self.resolve(name) else {
                continue;
            };
            if other.tool != Tool::Claude || seen.contains(&other.id.as_str()) {
                continue;
            }
            seen.push(other.id.as_str());
            let mut own_context = context.clone();
            claude::fill_variables(other, &mut own_context);
            let r = render_command(
                other.provider.expands_as(),
                &other.body,
                &other.name,
                "",
                &other.arguments,
                inputs,
                &own_context,
            );
            let gap = "\n\n";
            expansion.text.push_str(gap);
            expansion.text.push_str(&r.text);
            expansion.segments.push(Segment::Text { text: gap.into() });
            expansion.segments.extend(r.segments);
            expansion.shell.extend(r.shell);
            expansion.files.extend(r.files);
            expansion.needs_input.extend(r.needs_input);
            expansion.warnings.extend(r.warnings);
            if !r.ok && expansion.ok {
                expansion.ok = false;
                expansion.error = r.error;
            }
            expansion.also.push(CommandRef::of(other));
        }
        if expansion.text.len() > super::MAX_EXPANSION_BYTES {
            expansion.ok = false;
            expansion.error = Some(format!(
                "/{}: with the skills it names, the expansion is over {} bytes",
                first.name,
                super::MAX_EXPANSION_BYTES
            ));
        }
    }

    /// Claude Code ends a command name at a tab or a newline too (CHANGELOG 2.1.147): `/review\tx`
    /// runs a Claude `review` with `x`. Other tools' names still run to the first space.
    fn resolve_claude_name(
        &self,
        text: &str,
    ) -> Option<(&SlashCommand, Vec<&SlashCommand>, String)> {
        let rest = text.strip_prefix('/')?;
        let cut = rest.find([' ', '\t', '\n'])?;
        if rest.as_bytes()[cut] == b' ' {
            return None;
        }
        let (command, alternatives) = self.resolve(&rest[..cut])?;
        (command.tool == Tool::Claude).then(|| (command, alternatives, rest[cut + 1..].to_string()))
    }

    /// Why the tool a name clearly belongs to would refuse it, when no command has it.
    fn refusal(&self, name: &str) -> Option<String> {
        if let Some(prompt) = name.strip_prefix("prompts:").filter(|p| !p.is_empty()) {
            return Some(format!(
                "/{name}: Codex has no saved prompt named {prompt} and refuses an unknown /prompts:<name> \
                 (its prompts are ~/.codex/prompts/<name>.md)"
            ));
        }
        if let Some((plugin, command)) = name.split_once(':') {
            let known = self.commands.iter().any(|c| {
                matches!(
                    c.provider,
                    Provider::ClaudePlugins | Provider::ClaudePluginSkills
                ) && c.namespace.as_deref() == Some(plugin)
            });
            if known {
                return Some(format!(
                    "Unknown command: /{name} (the Claude Code plugin {plugin} has no command or skill {command})"
                ));
            }
        }
        let (tool, rest) = name.split_once('.')?;
        match Tool::from_id(tool)? {
            Tool::Claude => Some(format!(
                "Unknown command: /{rest} (Claude Code has no command or skill of that name here)"
            )),
            Tool::Codex if !rest.starts_with("prompts:") => Some(format!(
                "Codex names saved prompts /prompts:<name>; there is no /{rest}"
            )),
            other => Some(format!("no {} command is named /{rest}", other.id())),
        }
    }

    /// The command a typed name selects and the other commands sharing its name.
    pub fn resolve(&self, name: &str) -> Option<(&SlashCommand, Vec<&SlashCommand>)> {
        if let Some(active) = self
            .commands
            .iter()
            .find(|c| c.name == name && c.shadowed_by.is_none())
        {
            let others = self
                .commands
                .iter()
                .filter(|c| c.name == name && c.id != active.id)
                .collect();
            return Some((active, others));
        }
        let (tool, rest) = name.split_once('.')?;
        let tool = Tool::from_id(tool)?;
        let mut same = self
            .commands
            .iter()
            .filter(|c| c.tool == tool && c.name == rest);
        let first = same.next()?;
        Some((first, same.collect()))
    }
}

/// Takes hidden characters out of what an expansion sends and says what was taken; a shell line
/// that holds any is refused, since the dialog could not show what it runs.
fn remove_hidden(expansion: &mut Expansion) {
    use solidus_model::hidden::{
        find_hidden, has_hidden, reveal_hidden, strip_hidden, HiddenSummary,
    };
    if let Some(line) = expansion.shell.iter().find(|line| has_hidden(line)) {
        expansion.ok = false;
        expansion.error = Some(format!(
            "a shell line holds hidden characters, which could hide what it runs: {}",
            reveal_hidden(line)
        ));
        return;
    }
    let found = find_hidden(&expansion.text);
    if found.is_empty() {
        return;
    }
    expansion.text = strip_hidden(&expansion.text).0;
    for segment in &mut expansion.segments {
        match segment {
            Segment::Text { text } if has_hidden(text) => *text = strip_hidden(text).0,
            // A file reference whose path hides characters is not followed: it stays as text,
            // without them, so the segments still spell the text.
            Segment::File { path, text } if has_hidden(text) => {
                let hidden_path = path.clone();
                expansion.files.retain(|f| *f != hidden_path);
                *segment = Segment::Text {
                    text: strip_hidden(text).0,
                };
            }
            _ => {}
        }
    }
    expansion.hidden = Some(HiddenSummary::of(&found).describe());
}
