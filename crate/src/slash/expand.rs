//! Expanding a command body with the typed arguments, one dialect per tool, in a single pass.
//!
//! The body is cut into tokens once; argument values are written into the output and never scanned
//! again, so text a user types (`$1`, `{{arg 2}}`, `` !`rm` ``) stays literal. Shell lines and file
//! references are only reported, as segments: the shell confirms and runs or reads them.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::args::{shell_quote, shell_quote_in, shell_quote_in_with, split_command, QuoteContext};
use super::dialect::opencode::{self, Position};
use super::dialect::{claude, codex, dialect, Unplaced};
use super::discovery::{Discovery, SlashCommand};
use super::scan::{tokenize, Tok};
use super::template::{pair_blocks, Role, Tag, Var};
use super::{Provider, Scope, Target, Tool};

/// What the shell asks to expand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ExpandRequest {
    /// What the user typed, e.g. `/review a.ts "b c"` or `/claude.review x`.
    pub text: String,
    /// Answers to Copilot `${input:name}` variables, asked by the shell.
    pub inputs: BTreeMap<String, String>,
    /// Editor values for Copilot variables: `selection`, `selectedText`, `file`, `fileBasename`,
    /// `fileDirname`, `fileBasenameNoExtension`, `workspaceFolder`, `workspaceFolderBasename`.
    pub context: BTreeMap<String, String>,
}

/// A variable the user must supply before the text can be sent (Copilot `${input:name}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InputRequest {
    pub name: String,
    /// The text after the second colon of `${input:name:placeholder}`, for the input box.
    pub placeholder: Option<String>,
}

/// One piece of the expanded text, in order; joined, the `text` fields give [`Rendered::text`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Segment {
    Text {
        text: String,
    },
    /// A shell line such as `` !`git diff $1` `` or `!{git log}`: `command` is the resolved command
    /// with argument values shell-quoted; `text` is how it appears in the expanded text. It must not
    /// run without a confirmation showing `command`; its output replaces `text` when it does.
    Shell {
        command: String,
        text: String,
    },
    /// A file reference (`@path`, `@{path}`): the shell may replace `text` by the file's content when
    /// `path` lies inside the workspace, else it leaves `text`.
    File {
        path: String,
        text: String,
    },
}

impl Segment {
    pub fn text(&self) -> &str {
        match self {
            Segment::Text { text } | Segment::Shell { text, .. } | Segment::File { text, .. } => {
                text
            }
        }
    }
}

/// A body expanded by its tool's rules.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rendered {
    /// False when the arguments cannot satisfy the command (Codex named arguments); see `error`.
    pub ok: bool,
    pub error: Option<String>,
    /// The expanded text, trimmed at both ends; shell lines and file references appear as written.
    pub text: String,
    pub segments: Vec<Segment>,
    /// The resolved shell commands, in order (also in `segments`).
    pub shell: Vec<String>,
    /// The referenced paths, in order (also in `segments`).
    pub files: Vec<String>,
    /// Inputs still missing: ask for them, then expand again with `inputs` filled.
    pub needs_input: Vec<InputRequest>,
    pub warnings: Vec<String>,
}

/// Which command an expansion used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// What hidden characters ([`crate::hidden`]) were taken out of `text` and the text segments,
    /// in words, so the user is told before the text goes anywhere.
    #[serde(default)]
    pub hidden: Option<String>,
    /// Set, with `ok` false, when no command matched but the text is clearly meant for a tool
    /// that refuses it (Codex's `/prompts:<name>`, a Claude plugin's `/<plugin>:<name>`,
    /// `/<tool>.<name>`): why, to be shown instead of the text being sent on.
    #[serde(default)]
    pub refusal: Option<String>,
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
        };
        remove_hidden(&mut expansion);
        expansion
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

/// Expands one body by `tool`'s rules; `name` and `args` (the text after the name) are what the user
/// typed. This is the whole expansion without the lookup, for previews and tests.
///
/// Costs one pass over the body; the output never holds more than the body plus the arguments once
/// per placeholder.
pub fn render_body(
    tool: Tool,
    body: &str,
    name: &str,
    args: &str,
    inputs: &BTreeMap<String, String>,
    context: &BTreeMap<String, String>,
) -> Rendered {
    render_command(tool, body, name, args, &[], inputs, context)
}

/// [`render_body`] for a command that declares argument names (Claude's frontmatter
/// `arguments`, where `$name` is the argument at that name's position).
pub fn render_command(
    tool: Tool,
    body: &str,
    name: &str,
    args: &str,
    argument_names: &[String],
    inputs: &BTreeMap<String, String>,
    context: &BTreeMap<String, String>,
) -> Rendered {
    let rules = dialect(tool);
    let mut toks = tokenize(tool, body, argument_names);
    let raw = args.trim();
    let whole = (rules.raw_args)(raw);
    let mut warnings = Vec::new();
    let mut named = BTreeMap::new();
    let mut input_values = BTreeMap::new();
    let mut leftover = raw.to_string();
    let words = (rules.split_args)(raw);
    let fail = |error: String| Rendered {
        ok: false,
        error: Some(error),
        ..Rendered::default()
    };

    if let Some(Tok::Unclosed(opener)) = toks.iter().find(|t| matches!(t, Tok::Unclosed(_))) {
        // Gemini refuses the whole command rather than guess where the injection ends.
        return fail(format!(
            "/{name}: an `{opener}` has no matching `}}` (Gemini needs balanced braces)"
        ));
    }

    if tool == Tool::OpenCode {
        let last = toks
            .iter()
            .filter_map(|t| match t {
                Tok::Number(n) => Some(*n),
                _ => None,
            })
            .max();
        if let Some(last) = last {
            for t in &mut toks {
                if let Tok::Number(n) = *t {
                    *t = match opencode::position(n, last, words.len()) {
                        Position::Word(i) => Tok::Arg(i),
                        Position::Rest(i) => Tok::Rest(i),
                        Position::Empty => Tok::Arg(usize::MAX),
                        Position::Undefined => Tok::Lit("undefined"),
                    };
                }
            }
        }
    }

    if tool == Tool::Codex {
        let wanted: Vec<&str> = codex::placeholder_names(body);
        if !wanted.is_empty() {
            match codex::named_values(name, &words, &wanted) {
                Ok(values) => named = values,
                Err(error) => return fail(error),
            }
        }
    }

    if tool == Tool::Copilot {
        let declared: BTreeSet<&str> = toks
            .iter()
            .filter_map(|t| match t {
                Tok::Input { name, .. } => Some(*name),
                _ => None,
            })
            .collect();
        // `name=value` words fill declared inputs (as VS Code allows); other words are the request.
        let mut rest = Vec::new();
        for word in &words {
            match word.split_once('=') {
                Some((k, v)) if declared.contains(k) => {
                    input_values.insert(k.to_string(), v.to_string());
                }
                _ => rest.push(word.as_str()),
            }
        }
        if !input_values.is_empty() {
            leftover = rest.join(" ");
        }
        for (k, v) in inputs {
            input_values.entry(k.clone()).or_insert_with(|| v.clone());
        }
    }

    let ctx = Ctx {
        tool,
        words: &words,
        raw: &whole,
        named: &named,
        inputs: &input_values,
        context,
    };
    let mut out = Out {
        quote: Some(rules.quote),
        blank_shell_vanishes: rules.blank_shell_vanishes,
        ..Out::default()
    };
    let mut needs_input: Vec<InputRequest> = Vec::new();
    let mut missing_context = BTreeSet::new();
    let tags: Vec<Option<Tag>> = toks
        .iter()
        .map(|t| match t {
            Tok::Tag(tag, _) => Some(*tag),
            _ => None,
        })
        .collect();
    let roles = pair_blocks(&tags);
    let mut i = 0;
    while i < toks.len() {
        match roles[i] {
            Role::Open { else_at, close_at } => {
                let taken = match toks[i] {
                    Tok::Tag(Tag::Open { negate, cond }, _) => ctx.truthy(cond) != negate,
                    _ => false,
                };
                i = match (taken, else_at) {
                    (true, _) => i + 1,
                    (false, Some(e)) => e + 1,
                    (false, None) => close_at + 1,
                };
                continue;
            }
            Role::Else { close_at } => {
                i = close_at + 1;
                continue;
            }
            Role::Close => {
                i += 1;
                continue;
            }
            Role::Plain => {}
        }
        match &toks[i] {
            Tok::Input {
                name,
                placeholder,
                raw,
            } => match ctx.inputs.get(*name) {
                Some(v) => out.value(v),
                None => {
                    out.lit(raw);
                    if !needs_input.iter().any(|n| n.name == *name) {
                        needs_input.push(InputRequest {
                            name: name.to_string(),
                            placeholder: placeholder.map(str::to_string),
                        });
                    }
                }
            },
            Tok::Context { name, raw } => match ctx.context.get(*name) {
                Some(v) => out.value(v),
                None => {
                    out.lit(raw);
                    missing_context.insert(*name);
                }
            },
            tok => ctx.write(tok, &mut out),
        }
        i += 1;
    }
    if out.overflow {
        return Rendered {
            ok: false,
            error: Some(format!(
                "/{name}: the expansion is over {MAX_EXPANSION_BYTES} bytes"
            )),
            ..Rendered::default()
        };
    }
    let mut segments = out.finish();
    if tool == Tool::OpenCode {
        attach_once(&mut segments);
    }
    // Gemini appends to the prompt as written, so its trailing newline stays before the appended
    // invocation; the other tools' texts are trimmed first.
    if rules.unplaced != Unplaced::Invocation {
        trim_segments(&mut segments);
    }

    let placeholder = toks.iter().any(|t| {
        matches!(
            t,
            Tok::Arg(_)
                | Tok::ArgOr(..)
                | Tok::Rest(_)
                | Tok::Joined
                | Tok::Raw
                | Tok::Named(_)
                | Tok::Tag(Tag::Var(_) | Tag::Arg(_) | Tag::Open { .. }, _)
        )
    });
    // Gemini decides by the text alone: `{{args}}` anywhere, even inside `@{…}`, counts.
    let placeholder = placeholder || (tool == Tool::Gemini && body.contains("{{args}}"));
    let unplaced = !placeholder && !whole.is_empty();
    let append = match rules.unplaced {
        Unplaced::ArgumentsLine if unplaced => Some(format!("ARGUMENTS: {raw}")),
        // Gemini appends the invocation as typed, inner spacing and all.
        Unplaced::Invocation if unplaced => Some(format!("/{name} {}", args.trim_end())),
        Unplaced::Text if unplaced => Some(raw.to_string()),
        Unplaced::Leftover if !leftover.is_empty() => Some(leftover.clone()),
        Unplaced::Ignored if unplaced => {
            warnings.push("the arguments were ignored: the command has no placeholder".to_string());
            None
        }
        _ => None,
    };
    if let Some(append) = append {
        let sep = if segments.is_empty() { "" } else { "\n\n" };
        push_text(&mut segments, &format!("{sep}{append}"));
    }
    trim_segments(&mut segments);
    if !missing_context.is_empty() {
        let names: Vec<&str> = missing_context.into_iter().collect();
        warnings.push(format!(
            "no editor value for {}; left as written",
            names.join(", ")
        ));
    }

    let text = segments.iter().map(Segment::text).collect();
    let shell = segments
        .iter()
        .filter_map(|s| match s {
            Segment::Shell { command, .. } => Some(command.clone()),
            _ => None,
        })
        .collect();
    let files = segments
        .iter()
        .filter_map(|s| match s {
            Segment::File { path, .. } => Some(path.clone()),
            _ => None,
        })
        .collect();
    Rendered {
        ok: true,
        error: None,
        text,
        segments,
        shell,
        files,
        needs_input,
        warnings,
    }
}

struct Ctx<'a> {
    tool: Tool,
    words: &'a [String],
    /// What a whole-text placeholder receives, by the tool's rule.
    raw: &'a str,
    named: &'a BTreeMap<String, String>,
    inputs: &'a BTreeMap<String, String>,
    context: &'a BTreeMap<String, String>,
}

impl Ctx<'_> {
    fn truthy(&self, var: Var) -> bool {
        match var {
            Var::Arguments | Var::Args => !self.words.is_empty(),
        }
    }

    fn write(&self, tok: &Tok<'_>, out: &mut Out) {
        match *tok {
            Tok::Lit(s) => out.lit(s),
            Tok::Arg(i) => {
                if let Some(w) = self.words.get(i) {
                    out.value(w);
                }
            }
            Tok::ArgOr(i, raw) => match self.words.get(i) {
                Some(w) => out.value(w),
                None => out.lit(raw),
            },
            Tok::Rest(i) => out.values(self.words.get(i..).unwrap_or_default()),
            Tok::Joined => out.values(self.words),
            Tok::Raw => {
                if out.in_shell() && self.tool != Tool::Gemini {
                    out.values(self.words);
                } else {
                    // Gemini quotes its raw `{{args}}` as one shell word.
                    out.value(self.raw);
                }
            }
            Tok::Named(n) => match self.named.get(n) {
                Some(v) => out.value(v),
                None => {
                    out.lit("$");
                    out.lit(n);
                }
            },
            Tok::ShellOpen(s) => out.shell_open(s),
            Tok::ShellClose(s) => out.shell_close(s),
            Tok::File { path, raw } => out.file(path, raw),
            Tok::Tag(tag, raw) => match tag {
                Tag::Var(Var::Arguments) => out.values(self.words),
                Tag::Var(Var::Args) => out.value(&self.words.join(",")),
                Tag::Arg(n) => {
                    if let Some(w) = n.checked_sub(1).and_then(|k| self.words.get(k)) {
                        out.value(w);
                    }
                }
                // Unpaired block tags are text.
                Tag::Open { .. } | Tag::Else | Tag::Close { .. } => out.lit(raw),
            },
            Tok::Input { raw, .. } | Tok::Context { raw, .. } => out.lit(raw),
            // Resolved or refused before writing starts.
            Tok::Number(_) | Tok::Unclosed(_) => {}
        }
    }
}

/// A shell line being built: its opener, the command so far, and the quoting in force at its end.
struct ShellLine {
    opener: String,
    command: String,
    quote: QuoteContext,
}

/// Largest expansion, in bytes: a hostile body repeating `$ARGUMENTS` must not exhaust memory.
pub const MAX_EXPANSION_BYTES: usize = 4 * 1024 * 1024;

/// Builds segments; inside a shell line argument values are quoted for the shell.
#[derive(Default)]
struct Out {
    /// The tool's quoting outside the author's quotes.
    quote: Option<fn(&str) -> String>,
    blank_shell_vanishes: bool,
    segments: Vec<Segment>,
    text: String,
    /// The shell line being read.
    shell: Option<ShellLine>,
    written: usize,
    overflow: bool,
}

impl Out {
    fn in_shell(&self) -> bool {
        self.shell.is_some()
    }

    /// Counts `n` more bytes; false once the limit is passed, and from then on nothing is written.
    fn room(&mut self, n: usize) -> bool {
        self.written = self.written.saturating_add(n);
        self.overflow |= self.written > MAX_EXPANSION_BYTES;
        !self.overflow
    }

    fn lit(&mut self, s: &str) {
        if !self.room(s.len()) {
            return;
        }
        match &mut self.shell {
            Some(line) => {
                line.command.push_str(s);
                line.quote = line.quote.after(s);
            }
            None => self.text.push_str(s),
        }
    }

    fn value(&mut self, v: &str) {
        if !self.room(v.len()) {
            return;
        }
        match &mut self.shell {
            Some(line) => {
                let bare = self.quote.unwrap_or(shell_quote);
                line.command
                    .push_str(&shell_quote_in_with(v, line.quote, bare));
                // The value is one plain character as far as the author's quoting goes.
                line.quote = line.quote.after("x");
            }
            None => self.text.push_str(v),
        }
    }

    fn values(&mut self, words: &[String]) {
        let n = words.iter().map(|w| w.len() + 1).sum();
        if !self.room(n) {
            return;
        }
        match &mut self.shell {
            // Outside the author's quotes each argument is its own word; inside, they share one.
            Some(line) if matches!(line.quote, QuoteContext::Bare | QuoteContext::BareEscaped) => {
                let bare = self.quote.unwrap_or(shell_quote);
                let quoted: Vec<String> = words.iter().map(|w| bare(w)).collect();
                if line.quote == QuoteContext::BareEscaped && !quoted.is_empty() {
                    line.command.push('\\');
                }
                line.command.push_str(&quoted.join(" "));
                line.quote = QuoteContext::Bare;
            }
            Some(line) => {
                let joined = words.join(" ");
                line.command.push_str(&shell_quote_in(&joined, line.quote));
                line.quote = line.quote.after("x");
            }
            None => self.text.push_str(&words.join(" ")),
        }
    }

    fn flush_text(&mut self) {
        if !self.text.is_empty() {
            let text = std::mem::take(&mut self.text);
            push_text(&mut self.segments, &text);
        }
    }

    fn shell_open(&mut self, opener: &str) {
        self.flush_text();
        self.shell = Some(ShellLine {
            opener: opener.to_string(),
            command: String::new(),
            quote: QuoteContext::Bare,
        });
    }

    fn shell_close(&mut self, closer: &str) {
        match self.shell.take() {
            // The tool runs nothing for a blank command and inserts nothing in its place.
            Some(line) if self.blank_shell_vanishes && line.command.trim().is_empty() => {}
            Some(line) => self.segments.push(Segment::Shell {
                text: format!("{}{}{closer}", line.opener, line.command),
                command: line.command.trim().to_string(),
            }),
            None => self.lit(closer),
        }
    }

    fn file(&mut self, path: &str, raw: &str) {
        if self.in_shell() {
            return self.lit(raw);
        }
        self.flush_text();
        self.segments.push(Segment::File {
            path: path.to_string(),
            text: raw.to_string(),
        });
    }

    fn finish(mut self) -> Vec<Segment> {
        // A shell line always has its closer (the tokenizer checked), so this is only defensive.
        if let Some(line) = self.shell.take() {
            self.text.push_str(&line.opener);
            self.text.push_str(&line.command);
        }
        self.flush_text();
        self.segments
    }
}

/// OpenCode attaches each referenced file once: a later `@file` naming a path already attached
/// stays as text.
fn attach_once(segments: &mut [Segment]) {
    let mut seen = BTreeSet::new();
    for segment in segments.iter_mut() {
        if let Segment::File { path, text } = segment {
            if !seen.insert(path.clone()) {
                *segment = Segment::Text {
                    text: std::mem::take(text),
                };
            }
        }
    }
}

fn push_text(segments: &mut Vec<Segment>, text: &str) {
    if let Some(Segment::Text { text: last }) = segments.last_mut() {
        last.push_str(text);
    } else {
        segments.push(Segment::Text {
            text: text.to_string(),
        });
    }
}

/// Trims the expanded text at both ends only; shell and file segments never start or end with
/// whitespace, so trimming the outer text segments is the same as trimming the whole text.
fn trim_segments(segments: &mut Vec<Segment>) {
    while let Some(Segment::Text { text }) = segments.first_mut() {
        let trimmed = text.trim_start();
        if trimmed.is_empty() {
            segments.remove(0);
        } else {
            *text = trimmed.to_string();
            break;
        }
    }
    while let Some(Segment::Text { text }) = segments.last_mut() {
        let trimmed = text.trim_end();
        if trimmed.is_empty() {
            segments.pop();
        } else {
            let len = trimmed.len();
            text.truncate(len);
            break;
        }
    }
}

/// Takes hidden characters out of what an expansion sends and says what was taken; a shell line
/// that holds any is refused, since the dialog could not show what it runs.
fn remove_hidden(expansion: &mut Expansion) {
    use crate::hidden::{find_hidden, has_hidden, reveal_hidden, strip_hidden, HiddenSummary};
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
