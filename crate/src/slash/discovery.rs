//! Turns the files the shell found into commands: which files are commands, their names, their
//! metadata, and which command wins when several share a name.
//!
//! Order decides everything: providers by priority (then registration), each tool's own scope order,
//! root order, then path. The first command of each name is active; the others stay listed with what
//! shadows them. A file command never shadows one of Solidus's built-in names.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::dialect::{claude, codex, dialect, gemini, opencode};
use super::expand::{render_command, InputRequest};
use super::folders::layout;
use super::frontmatter::{describe, parse_frontmatter, Frontmatter};
use super::{Provider, Scope, Target, Tool};

/// Files larger than this are skipped: no real command is near it, and it bounds every later pass.
pub const MAX_TEXT_BYTES: usize = 1024 * 1024;

/// One file found in a provider's folder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CandidateFile {
    pub provider: Provider,
    pub scope: Scope,
    /// The folder it was found in ([`super::SearchFolder::dir`]).
    pub root: String,
    /// Relative to `root`, `/`-separated.
    pub path: String,
    /// The file's text; `None` when the shell did not read it (see `read_error`).
    #[serde(default)]
    pub text: Option<String>,
    /// Why the shell could not give the text: too big, binary, unreadable, a symlink loop.
    #[serde(default)]
    pub read_error: Option<String>,
    /// The path is ignored by the project's `.gitignore`.
    #[serde(default)]
    pub gitignored: bool,
    /// Set, to the real path a link leads to, when the file or folder really lies where its folder
    /// may not reach ([`super::SearchFolder::within`], [`super::SearchFolder::not_within`]); the shell
    /// then leaves `text` unread.
    #[serde(default)]
    pub outside: Option<String>,
    /// The plugin or extension of its folder ([`super::SearchFolder::namespace`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
}

/// Everything discovery needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DiscoverInput {
    /// The files, listed folder by folder in the order of [`super::SearchPlan::folders`].
    pub files: Vec<CandidateFile>,
    /// Providers switched on; `None` means all.
    pub enabled: Option<Vec<Provider>>,
    /// Solidus's own slash names (`do`, …): file commands never take these.
    pub builtins: Vec<String>,
    /// False in an untrusted workspace: project-scope files are skipped.
    pub trusted: bool,
}

impl Default for DiscoverInput {
    fn default() -> DiscoverInput {
        DiscoverInput {
            files: Vec::new(),
            enabled: None,
            builtins: Vec::new(),
            trusted: true,
        }
    }
}

/// A discovered command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    pub namespace: Option<String>,
    /// The template expanded at run time (frontmatter removed; Gemini's `prompt`).
    pub body: String,
    /// What the file hides, when it holds characters a screen does not show
    /// ([`crate::hidden`]): they are shown as `⟨U+XXXX⟩` in the description and taken out of the
    /// text an expansion sends.
    #[serde(default)]
    pub hidden_text: Option<String>,
}

/// A name the tool changed: what the file alone would give, and the tool's reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rename {
    pub from: String,
    pub reason: String,
}

/// Why a candidate is not a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SkipReason {
    ProviderDisabled,
    Untrusted,
    Hidden,
    Gitignored,
    /// Wrong extension, or deeper than the tool looks.
    NotACommandFile,
    NotUserInvocable,
    Unreadable,
    TooBig,
    Binary,
    InvalidToml,
    MissingPrompt,
    /// Codex ignores a prompt whose name is one of its built-in commands.
    NamedLikeBuiltin,
    /// Frontmatter the tool cannot read, where it skips the file (OpenCode).
    InvalidFrontmatter,
    /// A project file or folder whose real path leaves the workspace folder, or a user one that a
    /// link leads into a workspace.
    OutsideFolder,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SkippedFile {
    pub provider: Provider,
    pub scope: Scope,
    pub root: String,
    pub path: String,
    pub reason: SkipReason,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum WarningCode {
    /// Loaded anyway, through the `key: value` fallback.
    InvalidFrontmatter,
    /// A frontmatter `target` that is not `do`, `chat` or `clipboard`; ignored.
    BadTarget,
    /// The name holds a space, so `/name` cannot be typed; `/<tool>.<name>` cannot either.
    UntypableName,
    Unreadable,
    TooBig,
    Binary,
    InvalidToml,
    MissingPrompt,
    /// Skipped: a link leads where its folder may not reach.
    OutsideFolder,
    /// Loaded, but the file holds characters a screen does not show.
    HiddenText,
}

/// Something the user should know about one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SlashWarning {
    pub code: WarningCode,
    pub provider: Provider,
    pub scope: Scope,
    pub root: String,
    pub path: String,
    pub message: String,
}

/// The discovered commands, in precedence order (active and shadowed together), and what was left out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Discovery {
    pub commands: Vec<SlashCommand>,
    pub skipped: Vec<SkippedFile>,
    pub warnings: Vec<SlashWarning>,
}

impl Discovery {
    /// Commands that win their name.
    pub fn active(&self) -> impl Iterator<Item = &SlashCommand> {
        self.commands.iter().filter(|c| c.shadowed_by.is_none())
    }
}

/// Decides which candidates are commands and which command wins each name.
///
/// Never fails: every candidate ends up in `commands` or in `skipped`, and problems worth showing
/// are in `warnings`. Costs one frontmatter parse and one tokenising pass per file.
pub fn discover(input: &DiscoverInput) -> Discovery {
    let mut out = Discovery::default();
    let mut root_rank: HashMap<&str, usize> = HashMap::new();
    let mut loaded: Vec<(usize, usize, SlashCommand)> = Vec::new();
    for file in &input.files {
        let next = root_rank.len();
        let rank = *root_rank.entry(file.root.as_str()).or_insert(next);
        match load(file, input, &mut out.warnings) {
            Ok(command) => loaded.push((rank, loaded.len(), command)),
            Err((reason, message)) => out.skipped.push(SkippedFile {
                provider: file.provider,
                scope: file.scope,
                root: file.root.clone(),
                path: file.path.clone(),
                reason,
                message,
            }),
        }
    }
    let replaced = gemini::name_commands(&mut loaded);
    loaded.sort_by(|(ra, _, a), (rb, _, b)| {
        let scope_rank =
            |c: &SlashCommand| c.provider.scope_order().iter().position(|s| *s == c.scope);
        (
            std::cmp::Reverse(a.provider.priority()),
            a.provider.registration(),
            scope_rank(a),
            ra,
            &a.path,
        )
            .cmp(&(
                std::cmp::Reverse(b.provider.priority()),
                b.provider.registration(),
                scope_rank(b),
                rb,
                &b.path,
            ))
    });

    let builtins: HashSet<&str> = input.builtins.iter().map(String::as_str).collect();
    let mut winners: HashMap<String, String> = HashMap::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut id_of: HashMap<usize, String> = HashMap::new();
    for (_, key, mut command) in loaded {
        let base = format!(
            "{}:{}:{}",
            command.provider.id(),
            command.scope.id(),
            command.path
        );
        let seen = ids.entry(base.clone()).or_insert(0);
        *seen += 1;
        command.id = if *seen == 1 {
            base
        } else {
            format!("{base}#{seen}")
        };
        id_of.insert(key, command.id.clone());
        command.shadowed_by = if builtins.contains(command.name.as_str()) {
            Some(format!("builtin:{}", command.name))
        } else if replaced.contains_key(&key) {
            // Filled in below, once the command that replaced it has its id.
            Some(String::new())
        } else if let Some(winner) = winners.get(&command.name) {
            Some(winner.clone())
        } else {
            winners.insert(command.name.clone(), command.id.clone());
            None
        };
        out.commands.push(command);
    }
    for command in &mut out.commands {
        if command.shadowed_by.as_deref() == Some("") {
            command.shadowed_by = replaced
                .iter()
                .find(|(loser, _)| id_of.get(loser) == Some(&command.id))
                .and_then(|(_, winner)| id_of.get(winner).cloned());
        }
    }
    out
}

type Skip = (SkipReason, String);

fn load(
    file: &CandidateFile,
    input: &DiscoverInput,
    warnings: &mut Vec<SlashWarning>,
) -> Result<SlashCommand, Skip> {
    let provider = file.provider;
    let mut warn = |code, message: String| {
        warnings.push(SlashWarning {
            code,
            provider,
            scope: file.scope,
            root: file.root.clone(),
            path: file.path.clone(),
            message,
        })
    };
    if input
        .enabled
        .as_ref()
        .is_some_and(|on| !on.contains(&provider))
    {
        return Err((
            SkipReason::ProviderDisabled,
            format!("{} commands are switched off", provider.id()),
        ));
    }
    if file.scope == Scope::Project && !input.trusted {
        return Err((
            SkipReason::Untrusted,
            "project commands are not loaded in an untrusted workspace".into(),
        ));
    }
    if let Some(real) = &file.outside {
        let message = match file.scope {
            Scope::Project => format!(
                "a link to {real}, outside the workspace folder; project commands must stay inside it"
            ),
            Scope::User => format!(
                "a link to {real}, inside a workspace folder; a user command never comes from a workspace"
            ),
        };
        warn(WarningCode::OutsideFolder, message.clone());
        return Err((SkipReason::OutsideFolder, message));
    }
    let path = normalise(&file.path);
    let tool = provider.tool();
    let rules = dialect(tool);
    if !rules.loads_hidden && path.split('/').any(|s| s.starts_with('.')) {
        return Err((SkipReason::Hidden, "hidden file or folder".into()));
    }
    if rules.honours_gitignore && file.gitignored {
        return Err((SkipReason::Gitignored, "ignored by .gitignore".into()));
    }
    let stem_path = match provider {
        Provider::Codex => codex::prompt_stem(&path),
        _ => command_path(provider, &path),
    }
    .map_err(|m| (SkipReason::NotACommandFile, m))?;
    if provider == Provider::Codex && codex::BUILTINS.contains(&stem_path) {
        return Err((
            SkipReason::NamedLikeBuiltin,
            format!("Codex ignores a prompt named like its built-in /{stem_path}"),
        ));
    }

    let mut skip = |reason, code, message: String| {
        warn(code, message.clone());
        Err((reason, message))
    };
    if let Some(error) = &file.read_error {
        return skip(
            SkipReason::Unreadable,
            WarningCode::Unreadable,
            format!("not read: {error}"),
        );
    }
    let Some(text) = &file.text else {
        return skip(
            SkipReason::Unreadable,
            WarningCode::Unreadable,
            "not read: no text given".into(),
        );
    };
    if text.len() > MAX_TEXT_BYTES {
        return skip(
            SkipReason::TooBig,
            WarningCode::TooBig,
            format!(
                "{} bytes is over the {} byte limit",
                text.len(),
                MAX_TEXT_BYTES
            ),
        );
    }
    if text.contains('\0') {
        return skip(
            SkipReason::Binary,
            WarningCode::Binary,
            "binary file (contains NUL bytes)".into(),
        );
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Windows line endings become `\n` so every dialect sees one kind of line.
    let text = if text.contains('\r') {
        text.replace("\r\n", "\n")
    } else {
        text.to_string()
    };

    let (fm, body, description) = if tool == Tool::Gemini {
        let table: toml::Table = match text.parse() {
            Ok(t) => t,
            Err(e) => {
                let first = e.to_string();
                let first = first.lines().next().unwrap_or("").trim();
                return skip(
                    SkipReason::InvalidToml,
                    WarningCode::InvalidToml,
                    format!("not valid TOML: {first}"),
                );
            }
        };
        let Some(prompt) = table.get("prompt").and_then(toml::Value::as_str) else {
            return skip(
                SkipReason::MissingPrompt,
                WarningCode::MissingPrompt,
                "no `prompt` string".into(),
            );
        };
        // Gemini's schema rejects the whole file when `description` is there but not a string.
        let description = table.get("description");
        if description.is_some_and(|d| !d.is_str()) {
            return skip(
                SkipReason::InvalidToml,
                WarningCode::InvalidToml,
                "`description` is not a string (Gemini skips the file)".into(),
            );
        }
        let file_name = path.rsplit('/').next().unwrap_or(&path);
        let mut description =
            gemini::describe(description.and_then(toml::Value::as_str), file_name);
        // Gemini tags an extension's commands with the extension's name, after the cut.
        if let (Provider::GeminiExtensions, Some(ext)) = (provider, &file.namespace) {
            description = format!("[{ext}] {description}");
        }
        (Frontmatter::default(), prompt.to_string(), description)
    } else if provider == Provider::Codex {
        // Codex reads its prompts' frontmatter line by line, not as YAML.
        let prompt = codex::read_prompt(&text);
        let mut fm = Frontmatter {
            body: prompt.body.clone(),
            ..Frontmatter::default()
        };
        for (key, value) in [
            ("description", prompt.description),
            ("argument-hint", prompt.argument_hint),
        ] {
            if let Some(value) = value {
                fm.fields.insert(key.into(), Value::String(value));
            }
        }
        // Codex's popup shows `send saved prompt` for a prompt without a description.
        let description = fm
            .text("description")
            .unwrap_or_else(|| codex::DEFAULT_DESCRIPTION.to_string());
        (fm, prompt.body, description)
    } else {
        let mut fm = parse_frontmatter(&text);
        if tool == Tool::OpenCode && fm.present && fm.warning.is_some() {
            // OpenCode tries once more with colons quoted, and skips what still fails.
            let retried = opencode::sanitize_frontmatter(&text).map(|t| parse_frontmatter(&t));
            match retried {
                Some(again) if again.warning.is_none() => fm = again,
                _ => {
                    return skip(
                        SkipReason::InvalidFrontmatter,
                        WarningCode::InvalidFrontmatter,
                        "frontmatter is not valid YAML, even with OpenCode's fallback; OpenCode skips the file"
                            .into(),
                    )
                }
            }
        }
        if let Some(w) = &fm.warning {
            warn(WarningCode::InvalidFrontmatter, w.clone());
        }
        let description = match tool {
            // Claude Code turns a bare number (`description: 3000`) into text.
            Tool::Claude => claude::describe(&fm),
            // VS Code reads a prompt file's or skill's description from its header only.
            Tool::Copilot => fm.string("description").unwrap_or_default(),
            _ if provider.is_skills() => fm.string("description").unwrap_or_default(),
            _ => describe(&fm),
        };
        let body = fm.body.clone();
        (fm, body, description)
    };

    // Hidden characters anywhere in the file (frontmatter included) are announced; the text keeps
    // them so the file is read as its tool reads it, and expansion takes them out.
    let hidden = crate::hidden::HiddenSummary::of(&crate::hidden::find_hidden(&text));
    let hidden_text = (!hidden.is_empty()).then(|| hidden.describe());
    if let Some(what) = &hidden_text {
        warn(
            WarningCode::HiddenText,
            format!(
                "the file holds {what}; they are shown as ⟨U+…⟩ and removed from what it sends"
            ),
        );
    }

    let stem = stem_path.rsplit('/').next().unwrap_or(stem_path);
    let mut rename = None;
    let namespaced = |name: String| match &file.namespace {
        Some(ns) => format!("{ns}:{name}"),
        None => name,
    };
    let name = match provider {
        Provider::Solidus | Provider::Cursor | Provider::Agents => stem.to_string(),
        Provider::Claude => stem_path.replace('/', ":"),
        // Claude Code names a plugin's commands and skills `<plugin>:<name>`.
        Provider::ClaudePlugins => namespaced(stem_path.replace('/', ":")),
        Provider::ClaudePluginSkills => namespaced(stem_path.to_string()),
        // Agent Skills are named by their folder, as Claude Code names its own (the standard
        // asks the frontmatter `name` to match it).
        Provider::AgentSkills | Provider::CopilotSkills => stem_path.to_string(),
        Provider::Gemini | Provider::GeminiExtensions => {
            let plain = stem_path.replace('/', ":");
            let name = gemini::command_name(stem_path);
            if name != plain {
                rename = Some(Rename {
                    from: plain,
                    reason: "Gemini turns every character but A-Z, a-z, 0-9, _, - and . into _ and cuts a part over 50 characters to 47 plus ...".into(),
                });
            }
            name
        }
        // Claude Code names a skill by its folder, whatever its frontmatter `name` says.
        Provider::ClaudeSkills => stem_path.to_string(),
        Provider::Codex => format!("prompts:{stem}"),
        Provider::Copilot => typable_name(&fm).unwrap_or_else(|| stem.to_string()),
        Provider::OpenCode => stem_path.to_string(),
    };
    if provider.is_skills() && skill_bool(tool, &fm, "user-invocable") == Some(false) {
        return Err((
            SkipReason::NotUserInvocable,
            "skill is not user-invocable".into(),
        ));
    }
    if name.contains(char::is_whitespace) {
        warn(
            WarningCode::UntypableName,
            format!("the name `{name}` holds a space and cannot be typed"),
        );
    }
    let target = match fm.text("target") {
        Some(t) => {
            let target = Target::from_id(&t);
            if target.is_none() {
                warn(
                    WarningCode::BadTarget,
                    format!("target `{t}` is not do, chat or clipboard; ignored"),
                );
            }
            target
        }
        None => None,
    };
    let arguments = match tool {
        Tool::Claude => claude::argument_names(&fm),
        _ => Vec::new(),
    };
    let preview = render_command(
        provider.expands_as(),
        &body,
        &name,
        "",
        &arguments,
        &BTreeMap::new(),
        &BTreeMap::new(),
    );
    Ok(SlashCommand {
        id: String::new(),
        name,
        tool,
        provider,
        scope: file.scope,
        root: file.root.clone(),
        path,
        description: crate::hidden::reveal_hidden(&description),
        argument_hint: argument_hint(&fm).map(|hint| crate::hidden::reveal_hidden(&hint)),
        target,
        model: fm.text("model"),
        agent: fm.text("agent").or_else(|| fm.text("mode")),
        allowed_tools: allowed_tools(&fm),
        inputs: preview.needs_input,
        runs_shell: !preview.shell.is_empty(),
        risk_badge: (!preview.shell.is_empty())
            .then(|| crate::risk::Effect::ReachesShell.badge())
            .flatten()
            .map(str::to_string),
        shadowed_by: None,
        arguments,
        rename,
        namespace: file.namespace.clone(),
        body,
        hidden_text,
    })
}

/// A boolean skill field by the tool's reading: Claude Code also takes `yes`/`no`/`on`/`off`/`1`/`0`
/// in any case; the others YAML's `true`/`false`.
fn skill_bool(tool: Tool, fm: &Frontmatter, key: &str) -> Option<bool> {
    match tool {
        Tool::Claude => claude::boolean(fm, key),
        _ => fm.bool(key),
    }
}

/// Frontmatter `name`, when it can be typed after `/`; display titles such as
/// `name: "Apple App Store Reviewer"` leave the file name in charge instead.
fn typable_name(fm: &Frontmatter) -> Option<String> {
    fm.string("name")
        .filter(|n| !n.contains(char::is_whitespace))
}

fn normalise(path: &str) -> String {
    path.replace('\\', "/")
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect::<Vec<_>>()
        .join("/")
}

/// The path without its command suffix when the provider reads this file; else why not.
fn command_path(provider: Provider, path: &str) -> Result<&str, String> {
    let (max_depth, suffix) = layout(provider);
    let depth = path.split('/').count();
    if depth as u64 > u64::from(max_depth) {
        return Err(format!(
            "{} does not look {depth} folders deep",
            provider.id()
        ));
    }
    if provider.is_skills() {
        return match path.strip_suffix(suffix) {
            Some(dir) if depth == 2 => Ok(dir),
            _ => Err("a skill is `<name>/SKILL.md`".into()),
        };
    }
    match path.strip_suffix(suffix) {
        Some(stem) if !stem.is_empty() && !stem.ends_with('/') => Ok(stem),
        _ => Err(format!("not a `{suffix}` file")),
    }
}

/// `argument-hint` as text; YAML reads `[file]` as a list, which is written back in brackets.
fn argument_hint(fm: &Frontmatter) -> Option<String> {
    match fm.fields.get("argument-hint")? {
        Value::Array(items) => {
            let parts: Vec<String> = items
                .iter()
                .map(|v| match v {
                    Value::String(s) => format!("[{s}]"),
                    other => format!("[{other}]"),
                })
                .collect();
            Some(parts.join(" "))
        }
        _ => fm.text("argument-hint").filter(|s| !s.trim().is_empty()),
    }
}

fn allowed_tools(fm: &Frontmatter) -> Vec<String> {
    match fm.fields.get("allowed-tools") {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect(),
        Some(Value::String(s)) => claude::tool_list(s),
        _ => Vec::new(),
    }
}
