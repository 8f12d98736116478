//! The plan judgement: what a list of steps does together, not only what each step is called.
//!
//! Input lands wherever the focus is. A plan can open the user's `settings.json` and `type`, or
//! open Quick Open with `>` and accept the first item; each step alone is harmless. So the plan
//! is walked in order, keeping what each step leaves focused, and a step that injects input takes
//! the class of what it lands in. Where the focus cannot be known, an injection is confirmed.
//! [`judge_plan`] is the one judgement: `/do`'s validator, custom commands and anything else that
//! runs several steps call it, so the badge, the dialog and `mustConfirm` agree.

use serde_json::Value;

use super::{Effect, Verdict};

/// One step as the judgement sees it: what it is, and its own verdict (from the rules).
#[derive(Clone, Debug)]
pub struct PlanAction<'a> {
    pub kind: ActionKind<'a>,
    pub own: Verdict,
}

/// What a step is, for the focus model.
#[derive(Clone, Copy, Debug)]
pub enum ActionKind<'a> {
    /// A VS Code command with the argument it is given (the plan's or the macro's).
    Command {
        id: &'a str,
        args: Option<&'a Value>,
    },
    /// A setting write: it moves no focus.
    Setting,
    /// A shell line sent to a terminal, which is then focused.
    Terminal,
    /// Anything else (scripts, tasks, packs, slash and custom commands): the focus is unknown after.
    Other,
}

/// The judgement of a whole plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanJudgement {
    /// Each step's verdict in the plan: its own, or the class of what it lands in when worse.
    pub steps: Vec<Verdict>,
    /// The plan's class: safe only when every step is.
    pub effect: Effect,
    /// The chains in plain words (`step 3 types into your user settings (settings.json), opened
    /// by step 1`), for the dialog.
    pub chain: Vec<String>,
}

impl PlanJudgement {
    /// Whether the plan must be confirmed, whatever `solidus.ai.confirmBeforeRun` says.
    pub fn must_confirm(&self) -> bool {
        self.effect.needs_confirmation()
    }
}

/// VS Code's own files whose content decides what runs, what is trusted or what is guarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ConfigFile {
    UserSettings,
    WorkspaceSettings,
    Keybindings,
    Tasks,
    Launch,
    Mcp,
    LanguageModels,
}

impl ConfigFile {
    fn name(self) -> &'static str {
        match self {
            ConfigFile::UserSettings => "your user settings (settings.json)",
            ConfigFile::WorkspaceSettings => "the workspace settings (settings.json)",
            ConfigFile::Keybindings => "your keybindings (keybindings.json)",
            ConfigFile::Tasks => "the tasks file (tasks.json)",
            ConfigFile::Launch => "the launch configurations (launch.json)",
            ConfigFile::Mcp => "the MCP servers file (mcp.json)",
            ConfigFile::LanguageModels => "the language models file",
        }
    }

    /// What text written into the file can do, as a class and its words.
    fn landing(self) -> (Effect, &'static str) {
        match self {
            ConfigFile::UserSettings | ConfigFile::WorkspaceSettings => (
                Effect::ChangesTrust,
                "can rewrite any guard, trust or program setting",
            ),
            ConfigFile::Keybindings => (
                Effect::ChangesWhatRuns,
                "can bind a key to any command or shell line",
            ),
            ConfigFile::Tasks => (Effect::RunsProjectCode, "defines the commands tasks run"),
            ConfigFile::Launch => (
                Effect::RunsProjectCode,
                "defines the programs debugging runs",
            ),
            ConfigFile::Mcp => (
                Effect::InstallsCode,
                "defines the MCP servers the editor starts",
            ),
            ConfigFile::LanguageModels => (
                Effect::OpensNetwork,
                "defines which models and endpoints requests go to",
            ),
        }
    }
}

/// What Quick Open does with the item it lists first for a query.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Query {
    /// No query: the most recently used editor, which can be any file.
    Empty,
    /// Text the plan wrote or typed, as given.
    Text(String),
    /// Text typed into it that the guard cannot see.
    Unknown,
}

/// What is focused after a step.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Focus {
    /// Nothing the guard can name: the plan's start, or after a command it has no focus entry for.
    Unknown,
    /// A new, empty editor.
    PlainEditor,
    Config(ConfigFile),
    Terminal,
    /// The Debug Console's input, which evaluates what it is given.
    Console,
    QuickOpen(Query),
}

/// How a step puts input somewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// Where the focus is.
    Focus,
    /// Always a terminal.
    Terminal,
    /// Always the Debug Console.
    Console,
    /// Always the keybindings (the keybindings editor's when-clause input).
    Keybindings,
    /// Whatever a notification's button does: the guard cannot see it.
    Hidden,
}

/// Commands that inject input, reviewed from VS Code 1.139.1's command list (every id that types,
/// pastes, inserts, accepts or sends), with the words the dialog uses and where the input lands.
const INJECTORS: &[(&str, &str, Target)] = &[
    ("type", "types into", Target::Focus),
    ("default:type", "types into", Target::Focus),
    ("compositionType", "types into", Target::Focus),
    ("default:compositionType", "types into", Target::Focus),
    ("replacePreviousChar", "types into", Target::Focus),
    ("default:replacePreviousChar", "types into", Target::Focus),
    ("paste", "pastes the clipboard into", Target::Focus),
    ("default:paste", "pastes the clipboard into", Target::Focus),
    (
        "editor.action.clipboardPasteAction",
        "pastes the clipboard into",
        Target::Focus,
    ),
    (
        "editor.action.pasteAs",
        "pastes the clipboard into",
        Target::Focus,
    ),
    (
        "editor.action.pasteAsText",
        "pastes the clipboard into",
        Target::Focus,
    ),
    ("insertSnippet", "inserts a snippet into", Target::Focus),
    (
        "editor.action.insertSnippet",
        "inserts a snippet into",
        Target::Focus,
    ),
    ("acceptSnippet", "inserts a snippet into", Target::Focus),
    (
        "acceptSelectedSuggestion",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "acceptAlternativeSelectedSuggestion",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "acceptSelectedSuggestionOnEnter",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "focusAndAcceptSuggestion",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "insertBestCompletion",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "insertNextSuggestion",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "insertPrevSuggestion",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "acceptSelectedCodeAction",
        "applies a code action in",
        Target::Focus,
    ),
    (
        "editor.action.inlineSuggest.commit",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "editor.action.inlineSuggest.commitAlternativeAction",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "editor.action.inlineSuggest.acceptNextWord",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "editor.action.inlineSuggest.acceptNextLine",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "editor.action.accessibleViewAcceptInlineCompletion",
        "accepts a suggestion in",
        Target::Focus,
    ),
    (
        "workbench.action.acceptSelectedQuickOpenItem",
        "accepts the selected item of",
        Target::Focus,
    ),
    (
        "workbench.action.alternativeAcceptSelectedQuickOpenItem",
        "accepts the selected item of",
        Target::Focus,
    ),
    (
        "quickInput.accept",
        "accepts the selected item of",
        Target::Focus,
    ),
    (
        "quickInput.acceptInBackground",
        "accepts the selected item of",
        Target::Focus,
    ),
    (
        "workbench.action.terminal.sendSequence",
        "types into",
        Target::Terminal,
    ),
    (
        "workbench.action.terminal.writeDataToTerminal",
        "types into",
        Target::Terminal,
    ),
    (
        "workbench.action.terminal.paste",
        "pastes the clipboard into",
        Target::Terminal,
    ),
    (
        "workbench.action.terminal.pasteSelection",
        "pastes the selection into",
        Target::Terminal,
    ),
    (
        "workbench.action.terminal.acceptSelectedSuggestion",
        "accepts a suggestion in",
        Target::Terminal,
    ),
    (
        "workbench.action.terminal.acceptSelectedSuggestionEnter",
        "accepts a suggestion in",
        Target::Terminal,
    ),
    (
        "repl.action.acceptInput",
        "runs the input of",
        Target::Console,
    ),
    (
        "debug.replPaste",
        "pastes the clipboard into",
        Target::Console,
    ),
    (
        "editor.debug.action.selectionToRepl",
        "sends the selection to",
        Target::Console,
    ),
    (
        "keybindings.editor.acceptWhenExpression",
        "accepts a when clause in",
        Target::Keybindings,
    ),
    (
        "notification.acceptPrimaryAction",
        "presses the main button of",
        Target::Hidden,
    ),
];

/// Commands that save the focused file: after an edit to a config file, saving it counts.
const SAVERS: &[&str] = &[
    "workbench.action.files.save",
    "workbench.action.files.saveAll",
    "workbench.action.files.saveWithoutFormatting",
    "workbench.action.files.saveFiles",
    "saveAll",
];

/// Commands that open a config file, reviewed from the fixture. A settings editor that may show
/// the JSON file (`workbench.settings.editor`) counts as the file.
const CONFIG_OPENERS: &[(&str, ConfigFile)] = &[
    (
        "workbench.action.openSettingsJson",
        ConfigFile::UserSettings,
    ),
    ("workbench.action.openSettings", ConfigFile::UserSettings),
    (
        "workbench.action.openGlobalSettings",
        ConfigFile::UserSettings,
    ),
    (
        "workbench.action.openApplicationSettingsJson",
        ConfigFile::UserSettings,
    ),
    (
        "workbench.action.openRemoteSettings",
        ConfigFile::UserSettings,
    ),
    (
        "workbench.action.openRemoteSettingsFile",
        ConfigFile::UserSettings,
    ),
    ("settings.switchToJSON", ConfigFile::UserSettings),
    (
        "settings.action.focusSettingsFile",
        ConfigFile::UserSettings,
    ),
    (
        "workbench.action.openWorkspaceSettings",
        ConfigFile::WorkspaceSettings,
    ),
    (
        "workbench.action.openWorkspaceSettingsFile",
        ConfigFile::WorkspaceSettings,
    ),
    (
        "workbench.action.openFolderSettings",
        ConfigFile::WorkspaceSettings,
    ),
    (
        "workbench.action.openFolderSettingsFile",
        ConfigFile::WorkspaceSettings,
    ),
    (
        "workbench.action.openWorkspaceConfigFile",
        ConfigFile::WorkspaceSettings,
    ),
    (
        "workbench.action.openGlobalKeybindingsFile",
        ConfigFile::Keybindings,
    ),
    (
        "workbench.action.openGlobalKeybindings",
        ConfigFile::Keybindings,
    ),
    (
        "keybindings.editor.showUserKeybindings",
        ConfigFile::Keybindings,
    ),
    ("workbench.action.tasks.openUserTasks", ConfigFile::Tasks),
    (
        "workbench.action.tasks.openWorkspaceFileTasks",
        ConfigFile::Tasks,
    ),
    (
        "workbench.action.tasks.configureTaskRunner",
        ConfigFile::Tasks,
    ),
    (
        "workbench.action.tasks.configureDefaultBuildTask",
        ConfigFile::Tasks,
    ),
    (
        "workbench.action.tasks.configureDefaultTestTask",
        ConfigFile::Tasks,
    ),
    ("workbench.action.debug.configure", ConfigFile::Launch),
    ("debug.addConfiguration", ConfigFile::Launch),
    ("workbench.mcp.openUserMcpJson", ConfigFile::Mcp),
    ("workbench.mcp.openRemoteUserMcpJson", ConfigFile::Mcp),
    ("workbench.mcp.openWorkspaceMcpJson", ConfigFile::Mcp),
    ("workbench.mcp.openWorkspaceFolderMcpJson", ConfigFile::Mcp),
    ("workbench.mcp.addConfiguration", ConfigFile::Mcp),
    (
        "workbench.action.openLanguageModelsJson",
        ConfigFile::LanguageModels,
    ),
];

/// Quick Open's modes by the query's prefix: the class of accepting its first item.
const QUICK_OPEN_PREFIXES: &[(&str, Effect, &str)] = &[
    (
        ">",
        Effect::Unreviewed,
        "runs whichever command the palette lists first",
    ),
    ("task ", Effect::RunsProjectCode, "runs a task"),
    (
        "debug ",
        Effect::RunsProjectCode,
        "starts debugging, which runs the program",
    ),
    (
        "ext install ",
        Effect::InstallsCode,
        "installs an extension",
    ),
    ("ext ", Effect::InstallsCode, "acts on extensions"),
    ("term ", Effect::Safe, "shows a terminal"),
    ("view ", Effect::Safe, "shows a view"),
    ("edt ", Effect::Safe, "shows an open editor"),
    ("@", Effect::Safe, "moves to a symbol"),
    ("#", Effect::Safe, "moves to a symbol"),
    (":", Effect::Safe, "moves to a line"),
    ("%", Effect::Safe, "moves to a search result"),
    ("?", Effect::Safe, "shows Quick Open's help"),
];

/// Quick Open's entry points and the query each starts with.
const QUICK_OPENERS: &[(&str, &str)] = &[
    ("workbench.action.quickOpen", ""),
    ("workbench.action.quickOpenWithModes", ""),
    ("workbench.action.showCommands", ">"),
    ("workbench.action.showCommandsQuickAccess", ">"),
    ("workbench.action.gotoSymbol", "@"),
    ("workbench.action.showAllSymbols", "#"),
    ("workbench.action.gotoLine", ":"),
    ("workbench.action.quickTextSearch", "%"),
    ("workbench.action.quickOpenView", "view "),
    ("workbench.action.quickOpenTerm", "term "),
];

/// Commands that focus the Debug Console's input.
const CONSOLE_OPENERS: &[&str] = &[
    "workbench.debug.action.toggleRepl",
    "workbench.debug.action.focusRepl",
    "workbench.panel.repl.view.focus",
    "repl.input.focus",
    "workbench.action.debug.selectRepl",
    "workbench.action.debug.selectDebugConsole",
    "workbench.action.debug.nextConsole",
    "workbench.action.debug.prevConsole",
];

/// Commands that open an empty editor.
const PLAIN_OPENERS: &[&str] = &[
    "workbench.action.files.newUntitledFile",
    "openEditors.newUntitledFile",
];

/// Prefixes of in-place commands that may change the focused file: editing, formatting, cutting,
/// undoing, snippet moves. With [`READ_ONLY_PREFIXES`] they are the commands that act inside the
/// focused editor or widget and keep the focus there.
const EDITING_PREFIXES: &[&str] = &[
    "editor.action.",
    "editor.emmet.action.",
    "delete",
    "cut",
    "default:cut",
    "undo",
    "redo",
    "default:undo",
    "default:redo",
    "tab",
    "outdent",
    "lineBreakInsert",
    "jumpTo",
    "leaveSnippet",
];

/// In-place commands that only move, select, find or show: they leave a file as it was.
const READ_ONLY_PREFIXES: &[&str] = &[
    "cursor",
    "scroll",
    "editorScroll",
    "select",
    "copy",
    "editor.action.clipboardCopy",
    "editor.action.selectAll",
    "editor.action.smartSelect",
    "editor.action.nextMatch",
    "editor.action.previousMatch",
    "editor.action.nextSelectionMatch",
    "editor.action.previousSelectionMatch",
    "editor.action.goToMatchFindAction",
    "editor.action.fontZoom",
    "editor.action.toggle",
    "editor.fold",
    "editor.unfold",
    "editor.toggleFold",
    "expandLineSelection",
    "removeSecondaryCursors",
    "createCursor",
    "columnSelect",
    "setSelection",
    "revealLine",
    "actions.find",
    "toggleFind",
    "closeFindWidget",
    "hideSuggestWidget",
    "editor.cancelOperation",
];

fn starts_with_any(id: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|p| id.starts_with(p))
}

/// The walk's state: the focus, which step set it, and whether the plan edited a config file.
struct Walk {
    focus: Focus,
    set_by: Option<usize>,
    edited: bool,
}

impl Walk {
    fn focus(&mut self, focus: Focus, step: usize) {
        self.focus = focus;
        self.set_by = Some(step);
        self.edited = false;
    }

    fn lose_focus(&mut self) {
        self.focus = Focus::Unknown;
        self.set_by = None;
        self.edited = false;
    }

    fn opened_by(&self) -> String {
        match self.set_by {
            Some(n) => format!(", opened by step {}", n + 1),
            None => String::new(),
        }
    }

    /// The class and words of input landing in the focus.
    fn landing(&self, verb: &str) -> (Effect, String) {
        match &self.focus {
            Focus::Unknown => (
                Effect::Unreviewed,
                format!(
                    "{verb} whatever is focused, which the guard cannot see (it may be a settings file or a terminal)"
                ),
            ),
            Focus::PlainEditor => (Effect::Safe, format!("{verb} a new editor")),
            Focus::Config(file) => {
                let (effect, does) = file.landing();
                (
                    effect,
                    format!("{verb} {}{}, which {does}", file.name(), self.opened_by()),
                )
            }
            Focus::Terminal => (
                Effect::ReachesShell,
                format!("{verb} a terminal{}, where a line break runs it", self.opened_by()),
            ),
            Focus::Console => (
                Effect::RunsProjectCode,
                format!("{verb} the Debug Console{}, which evaluates it", self.opened_by()),
            ),
            Focus::QuickOpen(query) => quick_open_landing(verb, query, &self.opened_by()),
        }
    }
}

/// Accepting (or typing into) Quick Open with a query.
fn quick_open_landing(verb: &str, query: &Query, opened_by: &str) -> (Effect, String) {
    let text = match query {
        Query::Text(text) => text,
        Query::Empty => {
            return (
                Effect::Safe,
                format!("{verb} Quick Open{opened_by}, whose first item is the file used last"),
            )
        }
        Query::Unknown => {
            return (
                Effect::Unreviewed,
                format!("{verb} Quick Open{opened_by} with a query the guard cannot see, which can run any command or task"),
            )
        }
    };
    let shown = shown(text);
    if let Some((prefix, effect, does)) = QUICK_OPEN_PREFIXES
        .iter()
        .find(|(p, _, _)| text.trim_start().starts_with(p))
    {
        return (
            *effect,
            format!("{verb} Quick Open{opened_by} with “{shown}” ({prefix:?} mode), which {does}"),
        );
    }
    // No mode prefix: Quick Open lists files. A config file's name there opens that file.
    (
        Effect::Safe,
        format!("{verb} Quick Open{opened_by} with “{shown}”, which opens a file"),
    )
}

/// The config file a Quick Open file query names, if any.
fn config_file_named(query: &str) -> Option<ConfigFile> {
    let lower = query.to_ascii_lowercase();
    let named = |name: &str| lower.contains(name);
    if named("settings.json") || lower.ends_with(".code-workspace") {
        Some(ConfigFile::WorkspaceSettings)
    } else if named("keybindings.json") {
        Some(ConfigFile::Keybindings)
    } else if named("tasks.json") {
        Some(ConfigFile::Tasks)
    } else if named("launch.json") {
        Some(ConfigFile::Launch)
    } else if named("mcp.json") {
        Some(ConfigFile::Mcp)
    } else {
        None
    }
}

/// The text query a Quick Open command is given: a string, or `{ "query": … }`.
fn query_arg(args: Option<&Value>) -> Option<&str> {
    match args? {
        Value::String(text) => Some(text),
        Value::Object(map) => map.get("query").and_then(Value::as_str),
        _ => None,
    }
}

/// Judges a plan: each step's own verdict, raised to the class of what its input lands in, and
/// the plan's class. Model text can never lower a step: a step keeps its own class whenever that
/// needs confirmation. Cost: one pass over the steps, a scan of short tables per command.
pub fn judge_plan(steps: &[PlanAction]) -> PlanJudgement {
    let mut walk = Walk {
        focus: Focus::Unknown,
        set_by: None,
        edited: false,
    };
    let mut verdicts = Vec::with_capacity(steps.len());
    let mut chain = Vec::new();
    for (n, step) in steps.iter().enumerate() {
        let landed = match step.kind {
            ActionKind::Command { id, args } => command_step(&mut walk, n, id, args),
            ActionKind::Setting => None,
            ActionKind::Terminal => {
                walk.focus(Focus::Terminal, n);
                None
            }
            ActionKind::Other => {
                walk.lose_focus();
                None
            }
        };
        let verdict = match landed {
            Some((effect, words)) if effect.needs_confirmation() => {
                chain.push(format!("step {} {words}", n + 1));
                if step.own.effect.needs_confirmation() {
                    Verdict::new(step.own.effect, format!("{}; it {words}", step.own.reason))
                } else {
                    Verdict::new(effect, format!("it {words}"))
                }
            }
            _ => step.own.clone(),
        };
        verdicts.push(verdict);
    }
    let effect = super::worst(verdicts.iter().map(|v| v.effect));
    PlanJudgement {
        steps: verdicts,
        effect,
        chain,
    }
}

/// Moves the focus for one command and returns the class of the input it injects, if any.
fn command_step(
    walk: &mut Walk,
    n: usize,
    id: &str,
    args: Option<&Value>,
) -> Option<(Effect, String)> {
    if let Some(&(_, verb, target)) = INJECTORS.iter().find(|(i, _, _)| *i == id) {
        let landed = match target {
            Target::Focus => {
                let accepts = id.contains("QuickOpenItem") || id.starts_with("quickInput.accept");
                let landed = match &walk.focus {
                    // Typed text goes to Quick Open's query or to the editor behind it; VS Code's
                    // `type` does not say which, so the guard cannot tell.
                    Focus::QuickOpen(_) if !accepts => (
                        Effect::Unreviewed,
                        format!("{verb} Quick Open or the editor behind it, which the guard cannot tell apart"),
                    ),
                    _ => walk.landing(verb),
                };
                after_injection(walk, n, accepts);
                landed
            }
            Target::Terminal => {
                walk.focus(Focus::Terminal, n);
                walk.landing(verb)
            }
            Target::Console => {
                walk.focus(Focus::Console, n);
                walk.landing(verb)
            }
            Target::Keybindings => {
                walk.focus(Focus::Config(ConfigFile::Keybindings), n);
                walk.landing(verb)
            }
            Target::Hidden => {
                walk.lose_focus();
                (
                    Effect::Unreviewed,
                    format!("{verb} a notification, whose action the guard cannot see"),
                )
            }
        };
        return Some(landed);
    }
    if SAVERS.contains(&id) {
        if let (Focus::Config(_), true) = (&walk.focus, walk.edited) {
            return Some(walk.landing("saves edits to"));
        }
        return None;
    }
    if let Some(&(_, file)) = CONFIG_OPENERS.iter().find(|(i, _)| *i == id) {
        walk.focus(Focus::Config(file), n);
        return None;
    }
    if let Some(&(_, prefix)) = QUICK_OPENERS.iter().find(|(i, _)| *i == id) {
        let query = match query_arg(args) {
            Some(text) => Query::Text(format!("{prefix}{text}")),
            None if prefix.is_empty() => Query::Empty,
            None => Query::Text(prefix.to_string()),
        };
        walk.focus(Focus::QuickOpen(query), n);
        return None;
    }
    if CONSOLE_OPENERS.contains(&id) {
        walk.focus(Focus::Console, n);
        return None;
    }
    if PLAIN_OPENERS.contains(&id) {
        walk.focus(Focus::PlainEditor, n);
        return None;
    }
    if id.starts_with("workbench.action.terminal.")
        || id.starts_with("workbench.action.createTerminalEditor")
        || id == "terminal.focus"
    {
        walk.focus(Focus::Terminal, n);
        return None;
    }
    // Read-only first: `editor.action.clipboardCopy` is read-only inside the editing family.
    if starts_with_any(id, READ_ONLY_PREFIXES) {
        return None;
    }
    if starts_with_any(id, EDITING_PREFIXES) {
        // An edit in a config file: the file changes (and auto-save may write it).
        if let Focus::Config(_) = walk.focus {
            walk.edited = true;
            return Some(walk.landing("edits"));
        }
        if let Focus::QuickOpen(_) = walk.focus {
            walk.lose_focus();
        }
        return None;
    }
    walk.lose_focus();
    None
}

/// Where the focus is after an injection: accepting Quick Open opens what it listed (a config
/// file its query names, or a plain file); text in a config file edits it.
fn after_injection(walk: &mut Walk, n: usize, accepts: bool) {
    match (&walk.focus, accepts) {
        (Focus::QuickOpen(Query::Text(text)), true) if is_file_query(text) => {
            match config_file_named(text) {
                Some(file) => walk.focus(Focus::Config(file), n),
                None => walk.focus(Focus::PlainEditor, n),
            }
        }
        (_, true) => walk.lose_focus(),
        (Focus::QuickOpen(_), false) => walk.focus = Focus::QuickOpen(Query::Unknown),
        (Focus::Config(_), false) => walk.edited = true,
        _ => {}
    }
}

/// Whether Quick Open lists files for this query (it has no mode prefix).
fn is_file_query(text: &str) -> bool {
    !QUICK_OPEN_PREFIXES
        .iter()
        .any(|(p, _, _)| text.trim_start().starts_with(p))
}

/// Model text inside a reason: control and invisible characters shown as code points, cut short.
fn shown(text: &str) -> String {
    const MAX_SHOWN_CHARS: usize = 80;
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_SHOWN_CHARS {
            out.push('…');
            break;
        }
        let hidden = c.is_control()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}');
        if hidden {
            out.push_str(&format!("<U+{:04X}>", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}
