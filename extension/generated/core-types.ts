// The TypeScript types of what crosses between the Rust core and the shell, generated from the Rust
// types by crate/tests/boundary.rs (ts-rs). Do not edit: change the Rust type, then run
// `UPDATE_EXPECT=1 cargo test -p solidus-core --test boundary`.

/**
 * The raw documents the catalog is built from; every field is optional so a partial host
 * (or a damaged snapshot) still yields what it can.
 */
export type CatalogSources = {
/**
 * `vscode://schemas/keybindings`: command ids and titles.
 */
keybindingsSchema?: string,
/**
 * `vscode://defaultsettings/defaultSettings.jsonc`: every core setting with comments.
 */
defaultSettings?: string,
/**
 * `vscode://schemas/settings/resourceLanguage`: full schemas of many settings.
 */
resourceLanguageSchema?: string,
/**
 * `vscode://defaultsettings/keybindings.json`: default key bindings.
 */
defaultKeybindings?: string,
/**
 * JSON array of `{ id, builtin, displayName, contributes }`, one per extension.
 */
extensions?: string,
/**
 * JSON array of every registered command id.
 */
registeredCommands?: string, };

/**
 * Counts of a catalog, by kind and by where titles came from.
 */
export type CatalogStats = { total: number, byKind: { [key in string]: number }, bySource: { [key in string]: number },
/**
 * Commands whose title VS Code itself gives (schema or contribution).
 */
commandsWithVscodeTitle: number, settingsWithType: number,
/**
 * Commands a plan may pass schema-checked `args` to.
 */
commandsWithArgs: number, warnings: number, };

/**
 * A model's answer as a checked plan, or why it is not one.
 */
export type CheckPlanResult = { ok: true, plan: ValidatedPlan, } | Refusal;

/**
 * What the shell asks `check_setting`: a typed text or a value for one setting.
 */
export type CheckSettingParams = { key: string, text?: string, value?: JsonValue, };

/**
 * A setting value checked against its schema: the value to write, or why it does not fit.
 */
export type CheckSettingResult = { ok: true, value: JsonValue, expectation: string, } | { ok: false, message: string,
/**
 * What the schema expects; absent when the setting is unknown.
 */
expectation?: string, };

/**
 * One alternative of a setting's schema (`anyOf`/`oneOf` give several).
 */
export type Constraint = {
/**
 * Empty means any type.
 */
types?: Array<ValueType>, enum?: Array<JsonValue>, minimum?: number, maximum?: number, };

/**
 * A custom command as read from the setting.
 */
export type CustomCommand = {
/**
 * `custom:<name>`.
 */
id: string, name: string, description?: string,
/**
 * The steps that were understood, in order.
 */
steps: Array<CustomStep>,
/**
 * The class of its first step that needs confirmation, else safe.
 */
risk: Effect,
/**
 * The class in plain words, for the confirmation dialog.
 */
riskLabel: string,
/**
 * Why it cannot run; empty when it can. Such a command is not offered as an item.
 */
problems: Array<string>, };

/**
 * One step of a custom command, as the shell runs it.
 */
export type CustomStep = { "type": "command", command: string, args?: JsonValue, } | { "type": "setting", key: string, value: JsonValue, } | { "type": "terminal", command: string, };

/**
 * A step the validator refused, and why.
 */
export type DroppedStep = {
/**
 * Position in the model's `steps` list, from 0.
 */
step: number, reason: string, };

/**
 * What an action can do. Every class but `Safe` forces a plan's confirmation, whatever
 * `solidus.ai.confirmBeforeRun` says.
 */
export type Effect = "safe" | "reachesShell" | "runsProjectCode" | "installsCode" | "changesWhatRuns" | "changesTrust" | "opensNetwork" | "actsOnRemote" | "losesData" | "lowersGuard" | "unreviewed";

/**
 * What Enter does on an item in the popup.
 */
export type EnterAction = "run" | "toggle" | "choose" | "edit";

/**
 * The catalog as `solidus_find` answers it, or why not.
 */
export type FindResult = { ok: true, text: string, } | Refusal;

/**
 * One text as the shell needs it: without hidden characters (for a model or a terminal), with
 * each one marked (for a dialog), and what they were in words (absent when there were none).
 */
export type HiddenTextReport = { text: string, shown: string, hidden: string | null, };

/**
 * What the host running the extension can do; the shell reports it once, the core decides with it.
 */
export type HostCapabilities = {
/**
 * False in the web worker extension host (vscode.dev, github.dev): no shell, no terminal
 * process, no Node. Unknown counts as the desktop host, which is how every host ran before.
 */
processes: boolean, };

/**
 * What the user typed, parsed once.
 */
export type Input = { "kind": "search", filter: KindFilter | null,
/**
 * The text after the filter's prefix.
 */
query: string, } | { "kind": "shell", command: string, } | { "kind": "slash", name: string, args: string, withArgs: boolean, } | { "kind": "do", request: string, };

/**
 * One action in the catalog.
 */
export type Item = {
/**
 * Stable across sessions and machines: `command:<id>`, `setting:<key>`, and so on.
 */
id: string, kind: ItemKind, action: EnterAction, title: string, detail?: string, keywords?: Array<string>,
/**
 * Where the item came from: `core`, `registered`, or `extension:<id>`.
 */
source: string,
/**
 * True for anything read from the workspace; its text is data, never instructions.
 */
fromWorkspace: boolean,
/**
 * What running it can do, decided by `risk` alone.
 */
risk: Effect,
/**
 * The VS Code command id, for command items.
 */
command?: string,
/**
 * The setting key, for setting items.
 */
key?: string, keybinding?: string,
/**
 * True when the default keybinding applies everywhere (no `when` clause).
 */
globalKeybinding?: boolean,
/**
 * True when VS Code gave no title and Solidus made one (from its own table or the id).
 */
derivedTitle?: boolean,
/**
 * Boxed: most items are commands without one, and the box keeps every item small.
 */
setting?: SettingSchema, };

/**
 * What sort of action an item is; decides how the shell runs it.
 */
export type ItemKind = "command" | "setting" | "script" | "git" | "file" | "terminal" | "custom" | "pack" | "slash";

/**
 * An item without its schema and keywords; `Session::item` gives the whole item on demand.
 */
export type ItemSummary = { id: string, kind: ItemKind, action: EnterAction, title: string, detail?: string, fromWorkspace: boolean, risk: Effect, badge?: string, keybinding?: string, source?: string, command?: string, key?: string, derivedTitle?: boolean, };

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

/**
 * A leading character that narrows the search to some kinds, as `>` does in VS Code's palette.
 */
export type KindFilter = { prefix: string, kinds: Array<ItemKind>,
/**
 * What the filtered list holds, in the popup's words.
 */
label: string, };

/**
 * The plan's dialog, in the words the user reads.
 */
export type PlanConfirmation = {
/**
 * The title line: the model's reply, or a plain question when it sent none.
 */
message: string,
/**
 * Numbered steps with the model's `why`; on every step whose class needs confirmation that
 * class and its reason; the exact shell line where the description lacks it; then what was
 * left out or cut, so the user knows the plan is not all the model asked for.
 */
detail: string, };

/**
 * What the shell does with a validated plan.
 */
export type PlanOutcome = "run" | "replyOnly";

/**
 * A step that passed every check.
 */
export type PlanStep = {
/**
 * Position in the model's `steps` list, from 0.
 */
step: number,
/**
 * The model's few words on why; display only.
 */
why: string,
/**
 * The step in plain words for the confirmation dialog; shell commands appear in full.
 */
description: string,
/**
 * What the step can do, from the catalog and the reviewed rules (never the model's text).
 */
risk: Effect,
/**
 * The class in plain words, for the dialog (`acts on a remote`).
 */
riskLabel: string,
/**
 * Why the step is in its class (`sends commits to a remote; …`).
 */
riskReason: string,
/**
 * The exact line it sends to a shell, when it reaches one: a terminal step's command, a
 * script's or pack's command line with its arguments, a task's or custom command's steps.
 */
commandLine?: string, } & ({ "type": "item", id: string, kind: ItemKind, title: string, command?: string, args?: string,
/**
 * The JSON argument of a command whose schema VS Code declares; it passed that schema.
 */
commandArgs?: JsonValue, } | { "type": "setting", key: string, title: string, value: JsonValue, } | { "type": "terminal", command: string, });

/**
 * What the shell asks `prepare_do` for: one round of a /do request.
 */
export type PrepareDoParams = { request: string, context: PromptContext, limit?: number, recent?: Array<string>, search?: Array<string>, round?: number, };

/**
 * The shortlist and prompt for a /do request, or why it was refused.
 */
export type PrepareDoResult = { ok: true, shortlist: Shortlist, prompt: Prompt, } | Refusal;

/**
 * One file of a workspace folder, as the shell read it.
 */
export type ProjectFileInput = {
/**
 * Relative to the folder root, `/`-separated (`packages/web/package.json`).
 */
path: string,
/**
 * The file's text; empty for files whose presence is all that matters (lockfiles, markers).
 */
text: string, };

/**
 * What the shell should read; see the module documentation for the two rounds.
 */
export type ProjectFileRequest = {
/**
 * Root-level file names read in every folder, when they exist (`roots` has the picks).
 */
read: Array<string>,
/**
 * Patterns relative to every folder root (no `**`) whose matches are sent with empty text.
 * With `read` and the member globs, these are every file a rebuild depends on: watch them.
 */
presence: Array<string>,
/**
 * Member globs per folder, found in the root files already read (round 2).
 */
folders: Array<ProjectFolderRequest>,
/**
 * Every input folder in order, under the name the core gives it, with its root picks.
 */
roots: Array<ProjectRootRequest>, };

/**
 * One workspace folder.
 */
export type ProjectFolderInput = {
/**
 * The folder's name in the workspace; part of every id, so it must be stable.
 */
name: string,
/**
 * A display path; never used to find files.
 */
root: string, files: Array<ProjectFileInput>,
/**
 * The root-level file names the shell listed; only `files_to_read` looks at them.
 */
entries?: Array<string>, };

/**
 * Member globs of one folder: expand each relative to the folder root, skipping `exclude`.
 */
export type ProjectFolderRequest = { name: string,
/**
 * Matches are read and sent with their text.
 */
read: Array<string>,
/**
 * Matches are sent with empty text.
 */
presence: Array<string>,
/**
 * Matches of these are left out (always `**\/node_modules/**`).
 */
exclude: Array<string>, };

/**
 * Everything `build_project` needs; every field is optional on the wire.
 */
export type ProjectInput = { folders: Array<ProjectFolderInput>,
/**
 * Workspace Trust. False (also when missing) withholds every script and pack.
 */
trusted: boolean, os: ProjectOs,
/**
 * Stack ids whose pack is switched off, from `solidus.packs.<id>: false`.
 */
disabledPacks?: Array<string>,
/**
 * The value of `solidus.customCommands` as VS Code returns it; see `custom`.
 */
customCommands?: JsonValue,
/**
 * VS Code's tasks, as `vscode.tasks.fetchTasks` reported them.
 */
tasks?: Array<ProjectTaskInput>, };

/**
 * The operating system the commands will run on; decides quoting and a few program names.
 * Accepts Node's `process.platform` values too.
 */
export type ProjectOs = "linux" | "macos" | "windows";

/**
 * What `set_project` answers, borrowed from the built project.
 */
export type ProjectResult = { stats: CatalogStats, tasks: Array<ProjectTask>, customCommands: Array<CustomCommand>, stacks: Array<ProjectStack>, stackContext: string, restricted: string | null, hiddenScripts: number, warnings: Array<Warning>, };

/**
 * One folder's name and the listed root entries to send: the core matches them, not the shell.
 */
export type ProjectRootRequest = {
/**
 * Unique among the folders (a repeated name gets `~2`, `~3`); ids are built from it.
 */
name: string,
/**
 * Entries to read and send with their text.
 */
read: Array<string>,
/**
 * Entries to send with empty text.
 */
presence: Array<string>, };

/**
 * A detected stack.
 */
export type ProjectStack = {
/**
 * `node`, `rust`, `python`, …: the key of `solidus.packs.<id>`.
 */
id: string, name: string,
/**
 * The tool found with it (`pnpm`, `uv`, `gradle`, …), from the first folder.
 */
tool?: string, folders: Array<string>,
/**
 * The files that gave it away.
 */
evidence: Array<string>, packEnabled: boolean, };

/**
 * One VS Code task item: which input task it runs, and how the dialog names it.
 */
export type ProjectTask = {
/**
 * `task <source>: <name>`, what the plan's dialog shows in place of a command line.
 */
label: string, id: string,
/**
 * The position in `ProjectInput::tasks`.
 */
index: number, };

/**
 * One task as the shell saw it.
 */
export type ProjectTaskInput = {
/**
 * The task's name (its label without the source).
 */
name: string,
/**
 * Who provides it: `Workspace` for `tasks.json`, else the provider (`typescript`, `gulp`, …).
 */
source: string,
/**
 * The workspace folder it belongs to; empty for workspace-wide or user tasks.
 */
folder: string,
/**
 * The task's own detail, or the command line it runs.
 */
detail: string, };

/**
 * The two messages sent to the model.
 */
export type Prompt = { system: string, user: string, };

/**
 * What the shell knows about the editor when the request is made.
 */
export type PromptContext = {
/**
 * `process.platform`: `linux`, `darwin`, `win32`.
 */
os: string,
/**
 * The language id of the active editor, if one is open.
 */
language?: string,
/**
 * Whether the active editor has a non-empty selection.
 */
textSelected: boolean,
/**
 * Detected project stacks, e.g. `["rust", "node"]`; read from the workspace, so untrusted.
 */
stack?: Array<string>, };

/**
 * `all`: every word must match (the popup). `any`: any word may match (the /do shortlist).
 */
export type RankMode = "all" | "any";

/**
 * What the shell asks `rank` for.
 */
export type RankParams = { query: string, limit?: number, mode?: RankMode, recent?: Array<string>, kinds?: Array<ItemKind>, full?: boolean, related?: boolean, };

/**
 * What `rank` answers: what the text is, by the grammar, and the rows for it.
 */
export type RankResult = { input: Input, results: Array<RankedResult>, };

/**
 * What `rank_rows` answers: `rank`'s rows with each item as its place in `summaries` of
 * `revision`. The popup ranks on every key; its items cross once per revision, not per key.
 */
export type RankRows = { input: Input, revision: number, results: Array<RankedIndex>, };

/**
 * One row of `rank_rows`' answer: the item by its place in `summaries`.
 */
export type RankedIndex = { index: number, score: number, highlights: Array<[number, number]>, related?: boolean, };

/**
 * One row of `rank`'s answer.
 */
export type RankedResult = { item: ItemSummary, score: number, highlights: Array<[number, number]>, related?: boolean, };

/**
 * A setting's current value as an agent may be told it, or why not.
 */
export type ReadSettingResult = { ok: true, key: string, value: JsonValue, expectation: string, } | { ok: false, message: string, };

/**
 * Why a request was refused: a stable code for the shell and a sentence for the user.
 */
export type Refusal = { ok: false, code: string, message: string, };

/**
 * An argument an item takes; the shell asks for it before running.
 */
export type RunParam = { name: string,
/**
 * False when the parameter has a default or may be given zero times.
 */
required: boolean,
/**
 * Takes any number of values (`+name`, `*name` in a justfile).
 */
variadic: boolean, default?: string, };

/**
 * How the shell runs a script, pack or terminal item: in a terminal, in `cwd` of one of
 * `folders`, with `argv` (or `command_line`, the same words quoted for the OS's shell).
 */
export type RunSpec = {
/**
 * The item's id.
 */
id: string,
/**
 * Workspace folder names it can run in: one for a script, each folder where a pack's
 * stack was found, none for `term:run` (the shell uses the active folder).
 */
folders: Array<string>,
/**
 * Relative to the folder root; empty for the root.
 */
cwd: string,
/**
 * Program and arguments, unquoted; empty for `term:run`, whose argument is the command.
 */
argv: Array<string>,
/**
 * `argv` quoted for the OS's default shell; arguments are appended with `command_line`.
 */
commandLine: string,
/**
 * Arguments the item takes; non-empty means the shell asks for them (or a plan gives them).
 */
params: Array<RunParam>,
/**
 * A name for the terminal, such as `npm: build`.
 */
terminalName: string, };

/**
 * A shortlisted setting again, by exact key, with what values it takes.
 */
export type SettingFacts = { key: string,
/**
 * The JSON types the schema allows, e.g. `["number"]`.
 */
types: Array<ValueType>,
/**
 * The only values allowed, when the schema lists them; empty otherwise.
 */
allowed?: Array<JsonValue>, minimum?: number, maximum?: number, fromWorkspace: boolean, };

/**
 * What a setting may hold, with what the user is shown about it.
 */
export type SettingSchema = {
/**
 * Every type any alternative allows; never empty once the catalog is built.
 */
types: Array<ValueType>, enum?: Array<JsonValue>, enumDescriptions?: Array<string>, minimum?: number, maximum?: number, default?: JsonValue, description?: string,
/**
 * VS Code marks settings that can make the workspace run code as `restricted`.
 */
restricted: boolean,
/**
 * VS Code scopes it to the machine (`machine`, `machine-overridable`): it names something on
 * this computer, such as a program's path.
 */
machine?: boolean,
/**
 * The alternatives a value is checked against; one of them must accept it.
 */
alternatives?: Array<Constraint>, };

/**
 * The shortlist: ranked items, then every setting among them again with its facts.
 */
export type Shortlist = { entries: Array<ShortlistEntry>,
/**
 * Settings of `entries`, in the same order.
 */
settings: Array<SettingFacts>, };

/**
 * One shortlisted item, as the prompt lists it.
 */
export type ShortlistEntry = { id: string, kind: ItemKind, title: string,
/**
 * Workspace text is listed as data, never among the trusted lines.
 */
fromWorkspace: boolean,
/**
 * A command's argument schema in compact form, when VS Code declares one.
 */
args?: string, };

/**
 * One file found in a provider's folder.
 */
export type SlashCandidateFile = { provider: SlashProvider, scope: SlashScope,
/**
 * The folder it was found in ([`super::SearchFolder::dir`]).
 */
root: string,
/**
 * Relative to `root`, `/`-separated.
 */
path: string,
/**
 * The file's text; `None` when the shell did not read it (see `read_error`).
 */
text?: string,
/**
 * Why the shell could not give the text: too big, binary, unreadable, a symlink loop.
 */
readError?: string,
/**
 * The path is ignored by the project's `.gitignore`.
 */
gitignored?: boolean,
/**
 * Set, to the real path a link leads to, when the file or folder really lies where its folder
 * may not reach ([`super::SearchFolder::within`], [`super::SearchFolder::not_within`]); the shell
 * then leaves `text` unread.
 */
outside?: string,
/**
 * The plugin or extension of its folder ([`super::SearchFolder::namespace`]).
 */
namespace?: string,
/**
 * The Claude Code plugin's own folder ([`super::SearchFolder::plugin_root`]).
 */
pluginRoot?: string | null, };

/**
 * A discovered command.
 */
export type SlashCommand = {
/**
 * `<provider>:<scope>:<path>`, with `#2`, `#3`… when several roots hold the same path.
 */
id: string,
/**
 * What follows the `/`, by the tool's naming rule.
 */
name: string,
/**
 * The dialect that expands it.
 */
tool: SlashTool, provider: SlashProvider, scope: SlashScope, root: string, path: string, description: string, argumentHint: string | null,
/**
 * Frontmatter `target`, when it names one.
 */
target: SlashTarget | null, model: string | null,
/**
 * Copilot's `agent` (or legacy `mode`), OpenCode's `agent`.
 */
agent: string | null,
/**
 * Claude's `allowed-tools`, a YAML list or a comma-separated string.
 */
allowedTools: Array<string>,
/**
 * Copilot `${input:…}` variables the body declares.
 */
inputs: Array<SlashInputRequest>,
/**
 * The body has shell lines: running it reaches a shell (after confirmation).
 */
runsShell: boolean,
/**
 * The popup's badge for it, from the one risk policy.
 */
riskBadge: string | null,
/**
 * The id of the command that wins this name, or `builtin:<name>`; `None` when this one is active.
 */
shadowedBy: string | null,
/**
 * Claude's frontmatter `arguments`: `$name` in the body is the argument at that position.
 */
arguments: Array<string>,
/**
 * Set when the tool names the command otherwise than its file says, and why.
 */
rename: SlashRename | null,
/**
 * The Claude Code plugin or Gemini CLI extension that ships it.
 */
namespace?: string,
/**
 * The folder of the Claude Code plugin that ships it: `${CLAUDE_PLUGIN_ROOT}`.
 */
pluginRoot?: string | null,
/**
 * The template expanded at run time (frontmatter removed; Gemini's `prompt`).
 */
body: string,
/**
 * What the file hides, when it holds characters a screen does not show
 * ([`solidus_model::hidden`]): they are shown as `⟨U+XXXX⟩` in the description and taken out of the
 * text an expansion sends.
 */
hiddenText: string | null, };

/**
 * Which command an expansion used.
 */
export type SlashCommandRef = { id: string, name: string, tool: SlashTool, provider: SlashProvider, scope: SlashScope, root: string, path: string, };

/**
 * Everything discovery needs.
 */
export type SlashDiscoverInput = {
/**
 * The files, listed folder by folder in the order of [`super::SearchPlan::folders`].
 */
files: Array<SlashCandidateFile>,
/**
 * Providers switched on; `None` means all.
 */
enabled?: Array<SlashProvider>,
/**
 * Solidus's own slash names (`do`, …): file commands never take these.
 */
builtins?: Array<string>,
/**
 * False in an untrusted workspace: project-scope files are skipped.
 */
trusted: boolean, };

/**
 * The discovered commands, in precedence order (active and shadowed together), and what was left out.
 */
export type SlashDiscovery = { commands: Array<SlashCommand>, skipped: Array<SlashSkippedFile>, warnings: Array<SlashWarning>, };

/**
 * What the shell asks to expand.
 */
export type SlashExpandRequest = {
/**
 * What the user typed, e.g. `/review a.ts "b c"` or `/claude.review x`.
 */
text: string,
/**
 * Answers to Copilot `${input:name}` variables, asked by the shell.
 */
inputs?: { [key in string]: string },
/**
 * Editor values for Copilot variables: `selection`, `selectedText`, `file`, `fileBasename`,
 * `fileDirname`, `fileBasenameNoExtension`, `workspaceFolder`, `workspaceFolderBasename`.
 */
context?: { [key in string]: string }, };

/**
 * The result of [`Discovery::expand`].
 */
export type SlashExpansion = {
/**
 * False when the text names no active command: it then passes on unchanged in `text`.
 */
matched: boolean, command: SlashCommandRef | null,
/**
 * Other commands with the same name (shadowed ones), for a picker.
 */
alternatives: Array<SlashCommandRef>,
/**
 * The command's own target from its frontmatter, if any; else the setting applies.
 */
target: SlashTarget | null, ok: boolean, error: string | null, text: string, segments: Array<SlashSegment>, shell: Array<string>, files: Array<string>, needsInput: Array<SlashInputRequest>, warnings: Array<string>,
/**
 * What hidden characters ([`solidus_model::hidden`]) were taken out of `text` and the text segments,
 * in words, so the user is told before the text goes anywhere.
 */
hidden: string | null,
/**
 * Set, with `ok` false, when no command matched but the text is clearly meant for a tool
 * that refuses it (Codex's `/prompts:<name>`, a Claude plugin's `/<plugin>:<name>`,
 * `/<tool>.<name>`): why, to be shown instead of the text being sent on.
 */
refusal: string | null,
/**
 * Further Claude commands or skills the typed arguments name as `/<name>` words, whose
 * bodies follow the first one's, as Claude Code loads a skill named mid-message.
 */
also: Array<SlashCommandRef>, };

/**
 * A variable the user must supply before the text can be sent (Copilot `${input:name}`).
 */
export type SlashInputRequest = { name: string,
/**
 * The text after the second colon of `${input:name:placeholder}`, for the input box.
 */
placeholder: string | null, };

/**
 * One folder found by a [`Listing`], and the text of its file.
 */
export type SlashListedFile = {
/**
 * The listing's `dir`.
 */
listing: string,
/**
 * The folder found in it, joined with `/`.
 */
dir: string,
/**
 * The text of `<dir>/<file>`; `None` when it is missing or unreadable.
 */
text?: string | null, };

/**
 * A folder to list one level deep, reading one file in each folder found (Gemini's
 * `~/.gemini/extensions/<ext>/gemini-extension.json`).
 */
export type SlashListing = { dir: string, file: string, };

/**
 * One kind of command folder, with its own priority. The declaration order is the registration
 * order that breaks priority ties.
 */
export type SlashProvider = "solidus" | "claude-skills" | "claude" | "claude-plugins" | "claude-plugin-skills" | "codex" | "agent-skills" | "gemini" | "gemini-extensions" | "cursor" | "copilot-skills" | "copilot" | "opencode" | "agents";

/**
 * A name the tool changed: what the file alone would give, and the tool's reason.
 */
export type SlashRename = { from: string, reason: string, };

/**
 * Where a command file lives: in the workspace or in the user's home.
 */
export type SlashScope = "project" | "user";

/**
 * One folder to list.
 */
export type SlashSearchFolder = { provider: SlashProvider, scope: SlashScope,
/**
 * The folder, joined with `/`; candidates found in it carry this string as their `root`.
 */
dir: string,
/**
 * How deep to list: 1 means only files directly inside `dir`.
 */
maxDepth: number,
/**
 * Only files whose path relative to `dir` ends with this can be commands (`.md`, `.toml`,
 * `.prompt.md`, `/SKILL.md`): the shell need not read the others (it may still pass them,
 * without text, to have them reported as skipped).
 */
suffix: string,
/**
 * A project folder's files must really lie inside this workspace folder: a file or folder
 * whose real path (links followed) leaves it is passed with [`CandidateFile::outside`] set and
 * its text unread, so no byte of a file elsewhere on the machine reaches a prompt.
 *
 * [`CandidateFile::outside`]: super::CandidateFile::outside
 */
within: string | null,
/**
 * A user folder's files may follow links anywhere (people keep commands in a dotfiles
 * repository) except into these workspace folders, whose text would otherwise load as the
 * user's own, in Restricted Mode too. Only a link counts: a user folder that lies inside a
 * workspace by its own path (the workspace is the home folder) is the user's.
 */
notWithin: Array<string>,
/**
 * The plugin or extension the folder belongs to: Claude Code names its commands
 * `<plugin>:<command>`, Gemini CLI renames its clashing commands `<extension>:<command>`.
 * The shell copies it into each candidate found there.
 */
namespace?: string,
/**
 * The Claude Code plugin's own folder, for `${CLAUDE_PLUGIN_ROOT}`: its commands may live in
 * any folder its `plugin.json` names. The shell copies it into each candidate found there.
 */
pluginRoot?: string | null, };

/**
 * The folders to list, in precedence order: list them in this order and pass their files to
 * [`super::discover`] in the same order.
 */
export type SlashSearchPlan = { folders: Array<SlashSearchFolder>,
/**
 * Files to read and hand back in [`SearchRequest::manifests`], then ask again.
 */
manifests: Array<string>,
/**
 * Folders to list one level deep, handing back what was found in [`SearchRequest::listed`].
 */
listings: Array<SlashListing>, warnings: Array<string>, };

/**
 * What the shell knows when it asks where to look.
 */
export type SlashSearchRequest = {
/**
 * Workspace folders, in the editor's order; earlier ones win on equal names.
 */
projectRoots: Array<string>,
/**
 * The user's home folder; without it no user-scope folder is listed.
 */
home?: string,
/**
 * Providers switched on in settings; `None` means all.
 */
enabled?: Array<SlashProvider>,
/**
 * False in an untrusted workspace: project folders are then not listed at all.
 */
trusted: boolean,
/**
 * `CODEX_HOME` when set; else `<home>/.codex`.
 */
codexHome?: string,
/**
 * The texts of the files the plan names in [`SearchPlan::manifests`], by path, once the shell
 * has read those that exist (the Claude plugin list and settings, Gemini's extension
 * enablement).
 */
manifests?: { [key in string]: string },
/**
 * What the shell found listing [`SearchPlan::listings`]: one entry per folder directly inside
 * a listed folder, with the text of the file the listing names, when it could read it.
 */
listed?: Array<SlashListedFile>, };

/**
 * One piece of the expanded text, in order; joined, the `text` fields give [`Rendered::text`].
 */
export type SlashSegment = { "kind": "text", text: string, } | { "kind": "shell", command: string, text: string, } | { "kind": "file", path: string, text: string, };

/**
 * Why a candidate is not a command.
 */
export type SlashSkipReason = "providerDisabled" | "untrusted" | "hidden" | "gitignored" | "notACommandFile" | "notUserInvocable" | "unreadable" | "tooBig" | "binary" | "invalidToml" | "missingPrompt" | "namedLikeBuiltin" | "invalidFrontmatter" | "outsideFolder";

export type SlashSkippedFile = { provider: SlashProvider, scope: SlashScope, root: string, path: string, reason: SlashSkipReason, message: string, };

/**
 * Where the expanded text goes.
 */
export type SlashTarget = "do" | "chat" | "clipboard";

/**
 * The tool whose rules name and expand a command (its dialect).
 */
export type SlashTool = "solidus" | "claude" | "codex" | "gemini" | "cursor" | "copilot" | "opencode";

/**
 * Something the user should know about one file.
 */
export type SlashWarning = { code: SlashWarningCode, provider: SlashProvider, scope: SlashScope, root: string, path: string, message: string, };

export type SlashWarningCode = "invalidFrontmatter" | "badTarget" | "untypableName" | "unreadable" | "tooBig" | "binary" | "invalidToml" | "missingPrompt" | "outsideFolder" | "hiddenText";

/**
 * The plan after validation.
 */
export type ValidatedPlan = { reply: string, steps: Array<PlanStep>, dropped: Array<DroppedStep>,
/**
 * How many of the model's steps were cut off unread after the first `MAX_STEPS` kept ones.
 */
cut: number,
/**
 * True exactly when a kept step's class needs confirmation; then the plan is always
 * confirmed, whatever `solidus.ai.confirmBeforeRun` says.
 */
mustConfirm: boolean, outcome: PlanOutcome,
/**
 * What the dialog shows: see [`ValidatedPlan::confirmation`].
 */
confirmation: PlanConfirmation, };

/**
 * A JSON value type a setting may hold.
 */
export type ValueType = "boolean" | "integer" | "number" | "string" | "array" | "object" | "null";

/**
 * A source entry that was skipped, and why; the rest of the catalog is still built.
 */
export type Warning = { source: string, message: string, };
