//! The only binding to JavaScript: one stateful `Core` object with coarse, typed methods.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::catalog::{build_catalog, CatalogSources, CatalogStats, Warning};
use crate::input::{parse_input, Input};
use crate::item::Item;
use crate::rank::{parse_plain, Index, Mode, Query, RankOptions};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
export type ItemKind = "command" | "setting" | "script" | "git" | "file" | "terminal" | "custom" | "pack" | "slash";
/** What an action can do (crate/src/risk): every class but "safe" makes a plan confirmed. */
export type Effect = "safe" | "reachesShell" | "runsProjectCode" | "installsCode" | "changesWhatRuns" | "changesTrust"
  | "opensNetwork" | "actsOnRemote" | "losesData" | "lowersGuard" | "unreviewed";
export type ValueType = "boolean" | "integer" | "number" | "string" | "array" | "object" | "null";
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export interface Constraint { types?: ValueType[]; enum?: JsonValue[]; minimum?: number; maximum?: number }
export interface SettingSchema {
  types: ValueType[]; enum?: JsonValue[]; enumDescriptions?: string[]; minimum?: number; maximum?: number;
  default?: JsonValue; description?: string; restricted: boolean; machine?: boolean; alternatives?: Constraint[];
}
export type EnterAction = "run" | "toggle" | "choose" | "edit";
export interface Item {
  id: string; kind: ItemKind; action: EnterAction; title: string; detail?: string; keywords?: string[]; source: string;
  fromWorkspace: boolean; risk: Effect; command?: string; key?: string; keybinding?: string; globalKeybinding?: boolean;
  derivedTitle?: boolean; setting?: SettingSchema;
}
export interface CatalogSources {
  keybindingsSchema?: string; defaultSettings?: string; resourceLanguageSchema?: string;
  defaultKeybindings?: string; extensions?: string; registeredCommands?: string;
}
export interface Warning { source: string; message: string }
export interface CatalogStats {
  total: number; byKind: Record<string, number>; bySource: Record<string, number>;
  commandsWithVscodeTitle: number; settingsWithType: number; commandsWithArgs: number; warnings: number;
}
/** `full` adds each result's source, command and key, which the popup does not need: each string costs a crossing.
 * `related` (default true, mode "all" only): when few rows match every word, the request ranker's best follow, marked. */
export interface RankParams { query: string; limit?: number; mode?: "all" | "any"; recent?: string[]; kinds?: ItemKind[]; full?: boolean; related?: boolean }
/** What the user typed, by the core's one grammar (crate/src/input.rs). */
export interface KindFilter { prefix: string; kinds: ItemKind[]; label: string }
export type Input =
  | { kind: "search"; filter?: KindFilter | null; query: string }
  | { kind: "shell"; command: string }
  | { kind: "slash"; name: string; args: string; withArgs: boolean }
  | { kind: "do"; request: string };
/** What a ranked result carries: the item without its schema and keywords, to keep results light. */
/** `badge`: the class in the popup's words, only for classes worth one ("runs code", "acts on remote"). */
export type ItemSummary = Pick<Item, "id" | "kind" | "action" | "title" | "detail" | "fromWorkspace" | "risk" | "keybinding">
  & Partial<Pick<Item, "source" | "command" | "key" | "derivedTitle">> & { badge?: string };
/** `related`: found by the request ranker, not by every word; listed below the "Related" divider, after every unmarked row. */
export interface RankedResult { item: ItemSummary; score: number; highlights: [number, number][]; related?: true }
export interface RankResult { input: Input; results: RankedResult[] }
/** `stack` is filled in by the core from the project it built. */
export interface PromptContext { os: string; language?: string; textSelected: boolean }
/** `search`: the phrases of the model's search round, `round` how many rounds there were (at most 2). */
export interface PrepareDoParams { request: string; context: PromptContext; limit?: number; recent?: string[]; search?: string[]; round?: number }
/** `args`: a command's argument schema in compact form, when VS Code declares one. */
export interface ShortlistEntry { id: string; kind: ItemKind; title: string; fromWorkspace: boolean; args?: string }
export interface SettingFacts { key: string; types: ValueType[]; allowed?: JsonValue[]; minimum?: number; maximum?: number; fromWorkspace: boolean }
export interface Shortlist { entries: ShortlistEntry[]; settings: SettingFacts[] }
export type PrepareDoResult =
  | { ok: true; shortlist: Shortlist; prompt: { system: string; user: string } }
  | { ok: false; code: string; message: string };
export type PlanStep = { step: number; why: string; description: string; risk: Effect; riskLabel: string; riskReason: string; commandLine?: string } & (
  | { type: "item"; id: string; kind: ItemKind; title: string; command?: string; args?: string; commandArgs?: JsonValue }
  | { type: "setting"; key: string; title: string; value: JsonValue }
  | { type: "terminal"; command: string });
export interface ValidatedPlan {
  reply: string; steps: PlanStep[]; dropped: { step: number; reason: string }[]; cut: number;
  mustConfirm: boolean; outcome: "run" | "replyOnly"; confirmation: { message: string; detail: string };
}
/** `solidus_find`'s answer text: the ranked entries as /do's prompt lists them. */
export type FindResult = { ok: true; text: string } | { ok: false; code: string; message: string };
export type CheckPlanResult = { ok: true; plan: ValidatedPlan } | { ok: false; code: string; message: string };
export type SlashProvider =
  | "solidus" | "claude-skills" | "claude" | "claude-plugins" | "claude-plugin-skills" | "codex" | "agent-skills"
  | "gemini" | "gemini-extensions" | "cursor" | "copilot-skills" | "copilot" | "opencode" | "agents";
export type SlashScope = "project" | "user";
export type SlashTarget = "do" | "chat" | "clipboard";
export interface SlashSearchRequest {
  projectRoots: string[]; home?: string; enabled?: SlashProvider[]; trusted: boolean; codexHome?: string;
  /** The texts of the plan's `manifests` that exist, by path. */
  manifests?: Record<string, string>;
  /** What listing the plan's `listings` found: each folder, and its named file's text when readable. */
  listed?: SlashListedFile[];
}
export interface SlashListedFile { listing: string; dir: string; text?: string | null }
export interface SlashListing { dir: string; file: string }
export interface SlashSearchFolder {
  provider: SlashProvider; scope: SlashScope; dir: string; maxDepth: number; suffix: string;
  /** Files must really lie inside this folder (links followed), else they are passed with `outside`, unread. */
  within?: string | null;
  /** Files reached through a link must not really lie inside these folders. */
  notWithin?: string[];
  /** The plugin or extension the folder belongs to; copied into each candidate found there. */
  namespace?: string;
}
export interface SlashSearchPlan { folders: SlashSearchFolder[]; manifests: string[]; listings: SlashListing[]; warnings: string[] }
export interface SlashCandidateFile {
  provider: SlashProvider; scope: SlashScope; root: string; path: string; text?: string; readError?: string; gitignored?: boolean;
  /** The real path a link leads to, where the folder may not reach (the text is then not read). */
  outside?: string;
  /** The folder's `namespace` (its plugin or extension). */
  namespace?: string;
}
/** `builtins` adds to the core's own slash names (`do`), which file commands never take. */
export interface SlashDiscoverInput { files: SlashCandidateFile[]; enabled?: SlashProvider[]; builtins?: string[]; trusted: boolean }
export interface SlashInputRequest { name: string; [detail: string]: JsonValue }
export interface SlashCommand {
  id: string; name: string; tool: string; provider: SlashProvider; scope: SlashScope; root: string; path: string;
  description: string; argumentHint?: string | null; target?: SlashTarget | null; model?: string | null; agent?: string | null; allowedTools: string[];
  inputs: SlashInputRequest[]; runsShell: boolean; riskBadge?: string | null; shadowedBy?: string | null;
  arguments?: string[]; rename?: { from: string; reason: string } | null; namespace?: string; body: string;
  /** What the file hides (characters a screen does not show), in words, when it hides any. */
  hiddenText?: string | null;
}
export interface SlashDiscovery {
  commands: SlashCommand[];
  skipped: { provider: SlashProvider; scope: SlashScope; root: string; path: string; reason: string; message: string }[];
  warnings: { code: string; provider: SlashProvider; scope: SlashScope; root: string; path: string; message: string }[];
}
export interface SlashExpandRequest { text: string; inputs?: Record<string, string>; context?: Record<string, string> }
export interface SlashCommandRef { id: string; name: string; tool: string; provider: SlashProvider; scope: SlashScope; root: string; path: string }
export type SlashSegment = { kind: "text"; text: string } | { kind: "shell"; command: string; text: string } | { kind: "file"; path: string; text: string };
export interface SlashExpansion {
  matched: boolean; command?: SlashCommandRef | null; alternatives: SlashCommandRef[]; target?: SlashTarget | null; ok: boolean; error?: string | null;
  text: string; segments: SlashSegment[]; shell: string[]; files: string[]; needsInput: SlashInputRequest[]; warnings: string[];
  /** What hidden characters were taken out of `text`, in words, when there were any. */
  hidden?: string | null;
  /** The text is clearly meant for a tool that would refuse it (an unknown `/prompts:<name>`, a plugin
   * command its plugin lacks): why, to show instead of sending the text on. */
  refusal?: string | null;
}
/** Text with its hidden characters taken out (`text`) or marked `⟨U+XXXX⟩` (`shown`), and what they were. */
export interface HiddenTextReport { text: string; shown: string; hidden?: string | null }
export type ProjectOs = "linux" | "macos" | "windows";
export interface ProjectFileInput { path: string; text: string }
export interface ProjectFolderInput { name: string; root: string; files: ProjectFileInput[]; entries?: string[] }
export interface ProjectTaskInput { name: string; source: string; folder: string; detail: string }
export interface ProjectInput { folders: ProjectFolderInput[]; trusted: boolean; os: ProjectOs; disabledPacks?: string[]; customCommands?: JsonValue; tasks?: ProjectTaskInput[] }
export interface ProjectFileRequest {
  read: string[]; presence: string[];
  folders: { name: string; read: string[]; presence: string[]; exclude: string[] }[];
  roots: { name: string; read: string[]; presence: string[] }[];
}
export interface RunSpec {
  id: string; folders: string[]; cwd: string; argv: string[]; commandLine: string;
  params: { name: string; required: boolean; variadic: boolean; default?: string }[]; terminalName: string;
}
export interface ProjectStack { id: string; name: string; tool?: string; folders: string[]; evidence: string[]; packEnabled: boolean }
export type CustomStep =
  | { type: "command"; command: string; args?: JsonValue }
  | { type: "setting"; key: string; value: JsonValue }
  | { type: "terminal"; command: string };
export interface CustomCommand { id: string; name: string; description?: string; steps: CustomStep[]; risk: Effect; riskLabel: string; problems: string[] }
export interface ProjectResult {
  stats: CatalogStats; tasks: { id: string; index: number; label: string }[]; customCommands: CustomCommand[];
  stacks: ProjectStack[]; stackContext: string; restricted?: string; hiddenScripts: number; warnings: Warning[];
}
export interface CheckSettingParams { key: string; text?: string; value?: JsonValue }
export type CheckSettingResult =
  | { ok: true; value: JsonValue; expectation: string }
  | { ok: false; message: string; expectation?: string };
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "CatalogSources")]
    pub type JsCatalogSources;
    #[wasm_bindgen(typescript_type = "RankParams")]
    pub type JsRankParams;
    #[wasm_bindgen(typescript_type = "RankResult")]
    pub type JsRankResult;
    #[wasm_bindgen(typescript_type = "CatalogStats")]
    pub type JsCatalogStats;
    #[wasm_bindgen(typescript_type = "Warning[]")]
    pub type JsWarnings;
    #[wasm_bindgen(typescript_type = "Item | undefined")]
    pub type JsItemOrUndefined;
    #[wasm_bindgen(typescript_type = "Item[]")]
    pub type JsItems;
    #[wasm_bindgen(typescript_type = "CheckSettingParams")]
    pub type JsCheckSettingParams;
    #[wasm_bindgen(typescript_type = "CheckSettingResult")]
    pub type JsCheckSettingResult;
    #[wasm_bindgen(typescript_type = "PrepareDoParams")]
    pub type JsPrepareDoParams;
    #[wasm_bindgen(typescript_type = "PrepareDoResult")]
    pub type JsPrepareDoResult;
    #[wasm_bindgen(typescript_type = "CheckPlanResult")]
    pub type JsCheckPlanResult;
    #[wasm_bindgen(typescript_type = "FindResult")]
    pub type JsFindResult;
    #[wasm_bindgen(typescript_type = "ProjectInput")]
    pub type JsProjectInput;
    #[wasm_bindgen(typescript_type = "ProjectFileRequest")]
    pub type JsProjectFileRequest;
    #[wasm_bindgen(typescript_type = "ProjectResult")]
    pub type JsProjectResult;
    #[wasm_bindgen(typescript_type = "SlashSearchRequest")]
    pub type JsSlashSearchRequest;
    #[wasm_bindgen(typescript_type = "SlashSearchPlan")]
    pub type JsSlashSearchPlan;
    #[wasm_bindgen(typescript_type = "HiddenTextReport")]
    pub type JsHiddenTextReport;
    #[wasm_bindgen(typescript_type = "SlashProvider[]")]
    pub type JsSlashProviders;
    #[wasm_bindgen(typescript_type = "SlashDiscoverInput")]
    pub type JsSlashDiscoverInput;
    #[wasm_bindgen(typescript_type = "SlashDiscovery")]
    pub type JsSlashDiscovery;
    #[wasm_bindgen(typescript_type = "SlashExpandRequest")]
    pub type JsSlashExpandRequest;
    #[wasm_bindgen(typescript_type = "SlashExpansion")]
    pub type JsSlashExpansion;
    #[wasm_bindgen(typescript_type = "RunSpec | undefined")]
    pub type JsRunSpecOrUndefined;
    #[wasm_bindgen(typescript_type = "CustomCommand | undefined")]
    pub type JsCustomCommandOrUndefined;
    #[wasm_bindgen(typescript_type = "Input")]
    pub type JsInput;
}

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs the panic hook once; the message is kept so the shell can log it after the trap.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        LAST_PANIC.with(|slot| {
            if let Ok(mut slot) = slot.try_borrow_mut() {
                *slot = Some(message);
            }
        });
    }));
}

/// The message of the last panic, if any; read by the shell after a wasm trap.
#[wasm_bindgen(js_name = lastPanic)]
pub fn last_panic() -> Option<String> {
    LAST_PANIC.with(|slot| slot.try_borrow().ok().and_then(|s| s.clone()))
}

/// Panics on purpose so tests can prove the shell recovers; never called otherwise.
#[wasm_bindgen(js_name = debugPanic)]
pub fn debug_panic(message: String) {
    panic!("{message}");
}

/// Bytes of linear memory the module holds now (it only grows); for the scale benchmark.
#[wasm_bindgen(js_name = memoryBytes)]
pub fn memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64
}

#[wasm_bindgen(js_name = coreVersion)]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("could not convert the result: {e}")))
}

fn from_js<T: for<'de> Deserialize<'de>>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("bad {what}: {e}")))
}

/// An item without its schema and keywords; `Core::item` gives the whole item on demand.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ItemSummary<'a> {
    id: &'a str,
    kind: crate::item::ItemKind,
    action: crate::item::EnterAction,
    title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<&'a str>,
    from_workspace: bool,
    risk: crate::risk::Effect,
    #[serde(skip_serializing_if = "Option::is_none")]
    badge: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    keybinding: Option<&'a str>,
    // Only with `full`: the popup never shows these, and each string costs a crossing.
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    command: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    key: Option<&'a str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    derived_title: bool,
}

impl<'a> ItemSummary<'a> {
    fn new(item: &'a Item, full: bool) -> Self {
        ItemSummary {
            id: &item.id,
            kind: item.kind,
            action: item.action,
            title: &item.title,
            detail: item.detail.as_deref(),
            from_workspace: item.from_workspace,
            risk: item.risk,
            badge: item.risk.badge(),
            keybinding: item.keybinding.as_deref(),
            source: full.then_some(item.source.as_str()),
            command: item.command.as_deref().filter(|_| full),
            key: item.key.as_deref().filter(|_| full),
            derived_title: full && item.derived_title,
        }
    }
}

#[derive(Serialize)]
struct RankedView<'a> {
    item: ItemSummary<'a>,
    score: i64,
    highlights: &'a [[u32; 2]],
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    related: bool,
}

/// What `setProject` returns (`ProjectResult`), borrowed from the built project.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProjectView<'a> {
    stats: &'a CatalogStats,
    tasks: &'a [crate::project::TaskFact],
    custom_commands: &'a [crate::project::CustomCommand],
    stacks: &'a [crate::project::Stack],
    stack_context: &'a str,
    restricted: Option<&'a str>,
    hidden_scripts: usize,
    warnings: &'a [Warning],
}

#[derive(Serialize)]
struct RankView<'a> {
    input: &'a Input,
    results: Vec<RankedView<'a>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RankParams {
    query: String,
    #[serde(default)]
    limit: Option<usize>,
    #[serde(default)]
    mode: Option<Mode>,
    #[serde(default)]
    recent: Vec<String>,
    #[serde(default)]
    kinds: Vec<crate::item::ItemKind>,
    #[serde(default)]
    full: bool,
    #[serde(default)]
    related: Option<bool>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PrepareDoParams {
    request: String,
    context: crate::agent::PromptContext,
    #[serde(default)]
    limit: Option<usize>,
    #[serde(default)]
    recent: Vec<String>,
    #[serde(default)]
    search: Vec<String>,
    #[serde(default)]
    round: usize,
}

#[derive(Deserialize)]
struct CheckSettingParams {
    key: String,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    value: Option<Value>,
}

/// The catalog, indexed and ready to rank. Build once per catalog; free it on dispose.
#[wasm_bindgen]
pub struct Core {
    index: Index,
    warnings: Vec<Warning>,
    stats: CatalogStats,
    /// Where the items from VS Code's documents are; the index holds them, then the project's,
    /// then the slash commands' (the last `slash_items`).
    base: crate::merge::BaseItems,
    /// What the last project build found beyond its items: run specs, tasks, custom commands.
    facts: crate::project::ProjectFacts,
    /// The last slash discovery; its commands are the index's last `slash_items` items.
    slash: crate::slash::Discovery,
    slash_items: usize,
}

#[wasm_bindgen]
impl Core {
    /// Builds the catalog from the host's raw documents; malformed parts become warnings.
    #[wasm_bindgen(constructor)]
    pub fn new(sources: JsCatalogSources) -> Result<Core, JsError> {
        let sources: CatalogSources = from_js(sources.into(), "catalog sources")?;
        let catalog = build_catalog(&sources);
        let stats = catalog.stats();
        let base = crate::merge::BaseItems::new(catalog.items.len());
        Ok(Core {
            index: Index::new(catalog.items),
            warnings: catalog.warnings,
            stats,
            base,
            facts: Default::default(),
            slash: Default::default(),
            slash_items: 0,
        })
    }

    pub fn stats(&self) -> Result<JsCatalogStats, JsError> {
        Ok(to_js(&self.stats)?.into())
    }

    pub fn warnings(&self) -> Result<JsWarnings, JsError> {
        Ok(to_js(&self.warnings)?.into())
    }

    /// Every item, in catalog order. Cost: copies the whole catalog into JavaScript.
    pub fn items(&self) -> Result<JsItems, JsError> {
        Ok(to_js(&self.index.items())?.into())
    }

    pub fn item(&self, id: &str) -> Result<JsItemOrUndefined, JsError> {
        Ok(match self.index.get(id) {
            Some(item) => to_js(item)?.into(),
            None => JsValue::UNDEFINED.into(),
        })
    }

    /// Parses typed text by the popup's grammar and ranks the catalog for it: words for a
    /// search (narrowed by a kind filter), the slash commands for `/name` (only the exact name
    /// once arguments follow), nothing for `$ command` and `/do request`, which the shell
    /// dispatches on `input`.
    pub fn rank(&self, params: JsRankParams) -> Result<JsRankResult, JsError> {
        let params: RankParams = from_js(params.into(), "rank parameters")?;
        let input = parse_input(&params.query);
        let mut kinds = params.kinds;
        let mut exact_slash = None;
        let query = match &input {
            Input::Search { filter, query } => {
                if let Some(filter) = filter {
                    kinds = filter.kinds.to_vec();
                }
                Some(parse_plain(query))
            }
            Input::Slash {
                name,
                args,
                with_args,
            } => {
                let name = name.to_lowercase();
                if *with_args {
                    exact_slash = Some(format!("/{name}"));
                }
                Some(Query {
                    text: params.query.clone(),
                    words: Vec::new(),
                    slash: Some(name),
                    args: args.clone(),
                })
            }
            Input::Shell { .. } | Input::Do { .. } => None,
        };
        let ranked = match &query {
            Some(query) => {
                let options = RankOptions {
                    limit: params.limit.unwrap_or(50),
                    mode: params.mode.unwrap_or_default(),
                    recent: params.recent,
                    kinds,
                };
                if params.related.unwrap_or(true) {
                    self.index.rank_with_related(query, &options)
                } else {
                    self.index.rank(query, &options)
                }
            }
            None => Vec::new(),
        };
        let items = self.index.items();
        let results = ranked
            .iter()
            .filter(|r| {
                // With arguments typed, only a command of exactly that name is meant.
                exact_slash.as_deref().is_none_or(|name| {
                    items[r.index]
                        .keywords
                        .iter()
                        .any(|k| k.eq_ignore_ascii_case(name))
                })
            })
            .map(|r| RankedView {
                item: ItemSummary::new(&items[r.index], params.full),
                score: r.score,
                highlights: &r.highlights,
                related: r.related,
            })
            .collect();
        Ok(to_js(&RankView {
            input: &input,
            results,
        })?
        .into())
    }

    /// Adds the workspace's scripts, packs, Git, file and terminal actions and custom commands
    /// to the catalog, replacing the previous project items. Cost: re-indexes the catalog.
    #[wasm_bindgen(js_name = setProject)]
    pub fn set_project(&mut self, input: JsProjectInput) -> Result<JsProjectResult, JsError> {
        let input: crate::project::ProjectInput = from_js(input.into(), "project input")?;
        // Wasm memory never shrinks, so the peak is what counts: the old index goes before the
        // project is built, the result goes out to JavaScript before the new index is built.
        let mut items = std::mem::replace(&mut self.index, Index::new(Vec::new())).into_items();
        let slash = items.split_off(items.len().saturating_sub(self.slash_items));
        let base = self.base.take(items);
        let known = crate::project::Known::from_items(&base);
        let mut project = crate::project::build_project(&input, &known);
        drop(known);
        self.facts = crate::project::ProjectFacts::take(&mut project, &input);
        drop(input);
        let mut catalog = self.base.merge(base, &mut project);
        self.slash_items = slash.len();
        catalog.items.extend(slash);
        self.stats = catalog.stats();
        self.stats.warnings = self.warnings.len();
        // Serialized straight from the project, with no JSON value tree in between.
        let result = ProjectView {
            stats: &self.stats,
            tasks: &self.facts.tasks,
            custom_commands: &self.facts.custom_commands,
            stacks: &self.facts.stacks,
            stack_context: &self.facts.stack_context,
            restricted: project.restricted.as_deref(),
            hidden_scripts: project.hidden_scripts,
            warnings: &project.warnings,
        };
        let sent = to_js(&result);
        drop(project);
        self.index = Index::new(catalog.items);
        Ok(sent?.into())
    }

    /// Discovers the slash commands in the files the shell read and puts them in the catalog in
    /// place of the previous ones. Cost: parses every file once, then re-indexes the catalog
    /// unless there were no commands and are none.
    #[wasm_bindgen(js_name = setSlash)]
    pub fn set_slash(&mut self, input: JsSlashDiscoverInput) -> Result<JsSlashDiscovery, JsError> {
        let mut input: crate::slash::DiscoverInput =
            from_js(input.into(), "slash discovery input")?;
        // Solidus's own names are the core's to know; a shell's list only adds to them.
        for name in crate::input::BUILTIN_SLASH_NAMES {
            if !input.builtins.iter().any(|b| b == name) {
                input.builtins.push(name.to_string());
            }
        }
        self.slash = crate::slash::discover(&input);
        drop(input);
        let sent = to_js(&self.slash);
        // No commands before and none now (most workspaces): the catalog is the one indexed, and
        // re-indexing it would block the host for 0.05-0.8 s right after each startup build.
        if self.slash_items == 0 && self.slash.items().is_empty() {
            return Ok(sent?.into());
        }
        let mut items = std::mem::replace(&mut self.index, Index::new(Vec::new())).into_items();
        items.truncate(items.len().saturating_sub(self.slash_items));
        let slash = self.slash.items();
        self.slash_items = slash.len();
        items.extend(slash);
        self.index = Index::new(items);
        Ok(sent?.into())
    }

    /// Expands typed text such as `/review a.ts "b c"` with the current commands; nothing runs.
    #[wasm_bindgen(js_name = expandSlash)]
    pub fn expand_slash(&self, request: JsSlashExpandRequest) -> Result<JsSlashExpansion, JsError> {
        let request: crate::slash::ExpandRequest = from_js(request.into(), "slash expand request")?;
        Ok(to_js(&self.slash.expand(&request))?.into())
    }

    /// How a script, pack or terminal item runs, if it is one.
    #[wasm_bindgen(js_name = runSpec)]
    pub fn run_spec(&self, id: &str) -> Result<JsRunSpecOrUndefined, JsError> {
        Ok(match self.facts.run(id) {
            Some(spec) => to_js(spec)?.into(),
            None => JsValue::UNDEFINED.into(),
        })
    }

    /// A custom command by its item id, runnable or not.
    #[wasm_bindgen(js_name = customCommand)]
    pub fn custom_command(&self, id: &str) -> Result<JsCustomCommandOrUndefined, JsError> {
        Ok(match self.facts.custom(id) {
            Some(command) => to_js(command)?.into(),
            None => JsValue::UNDEFINED.into(),
        })
    }

    /// The exact line an item sends to a shell with these arguments (see `ProjectFacts`).
    #[wasm_bindgen(js_name = commandLine)]
    pub fn command_line(&self, id: &str, args: Option<String>) -> Option<String> {
        self.facts.command_line(id, args.as_deref())
    }

    /// Builds the /do shortlist and prompt for a request; a refused request is data, not a throw.
    #[wasm_bindgen(js_name = prepareDo)]
    pub fn prepare_do(&self, params: JsPrepareDoParams) -> Result<JsPrepareDoResult, JsError> {
        let mut params: PrepareDoParams = from_js(params.into(), "/do parameters")?;
        // The core detected the stacks; the shell does not send them back.
        params.context.stack = crate::project::stack::names(&self.facts.stacks);
        let options = crate::agent::ShortlistOptions {
            limit: params
                .limit
                .unwrap_or(crate::agent::DEFAULT_SHORTLIST_LIMIT),
            recent: params.recent,
            // The shell sends what `searchWords` read; bounded again here all the same.
            search: params
                .search
                .iter()
                .take(crate::agent::MAX_SEARCH_TERMS)
                .map(|p| {
                    p.chars()
                        .take(crate::agent::MAX_SEARCH_TERM_CHARS)
                        .collect()
                })
                .collect(),
            round: params.round.min(crate::agent::MAX_SEARCH_ROUNDS),
        };
        let result = match crate::agent::prepare_request(
            &self.index,
            &params.request,
            &params.context,
            &options,
        ) {
            Ok(prepared) => {
                serde_json::json!({"ok": true, "shortlist": prepared.shortlist, "prompt": prepared.prompt})
            }
            Err(e) => serde_json::json!({"ok": false, "code": e.code(), "message": e.to_string()}),
        };
        Ok(to_js(&result)?.into())
    }

    /// Parses a model's raw answer and validates the plan against the whole catalog.
    #[wasm_bindgen(js_name = checkPlan)]
    pub fn check_plan(&self, text: &str) -> Result<JsCheckPlanResult, JsError> {
        let options = crate::agent::ValidateOptions {
            arguments: self.facts.arguments(),
        };
        let result = match crate::agent::check_response_with(text, &self.index, &options) {
            Ok(plan) => {
                let plan = plan.with_command_lines(|id, args| self.facts.command_line(id, args));
                serde_json::json!({"ok": true, "plan": plan})
            }
            Err(e) => serde_json::json!({"ok": false, "code": e.code(), "message": e.to_string()}),
        };
        Ok(to_js(&result)?.into())
    }

    /// The catalog ranked for an agent's words, as `solidus_find` answers (at most 40 entries).
    #[wasm_bindgen(js_name = findEntries)]
    pub fn find_entries(&self, words: &str, limit: Option<usize>) -> Result<JsFindResult, JsError> {
        let limit = limit.unwrap_or(20);
        let result = match crate::agent::find_text(&self.index, words, limit) {
            Ok(text) => serde_json::json!({"ok": true, "text": text}),
            Err(e) => serde_json::json!({"ok": false, "code": e.code(), "message": e.to_string()}),
        };
        Ok(to_js(&result)?.into())
    }

    /// The phrases of a /do answer that asks to search instead of planning, if it is one.
    #[wasm_bindgen(js_name = searchWords)]
    pub fn search_words(&self, text: &str) -> Option<Vec<String>> {
        match crate::agent::parse_answer(text) {
            Ok(crate::agent::Answer::Search(words)) => Some(words),
            _ => None,
        }
    }

    /// Checks a typed text or a value against a setting's schema before anything is written.
    #[wasm_bindgen(js_name = checkSetting)]
    pub fn check_setting(
        &self,
        params: JsCheckSettingParams,
    ) -> Result<JsCheckSettingResult, JsError> {
        let params: CheckSettingParams = from_js(params.into(), "setting check")?;
        let schema = self
            .index
            .get(&format!("setting:{}", params.key))
            .and_then(|i| i.setting.as_ref());
        let result = match schema {
            None => {
                serde_json::json!({"ok": false, "message": format!("unknown setting {}", params.key)})
            }
            Some(schema) => {
                let outcome = match (&params.text, &params.value) {
                    (Some(text), _) => schema.parse_text(text),
                    (None, Some(value)) => schema.check(value).map(|()| value.clone()),
                    (None, None) => Err("no value given".to_string()),
                };
                match outcome {
                    Ok(value) => {
                        serde_json::json!({"ok": true, "value": value, "expectation": schema.expectation()})
                    }
                    Err(message) => {
                        serde_json::json!({"ok": false, "message": message, "expectation": schema.expectation()})
                    }
                }
            }
        };
        Ok(to_js(&result)?.into())
    }
}

/// What typed text is, by the popup's one grammar.
#[wasm_bindgen(js_name = parseInput)]
pub fn parse_input_js(text: &str) -> Result<JsInput, JsError> {
    Ok(to_js(&parse_input(text))?.into())
}

/// Which project files the shell should read: call with the root entries first, then with the files read.
#[wasm_bindgen(js_name = projectFilesToRead)]
pub fn project_files_to_read(input: JsProjectInput) -> Result<JsProjectFileRequest, JsError> {
    let input: crate::project::ProjectInput = from_js(input.into(), "project input")?;
    Ok(to_js(&crate::project::files_to_read(&input))?.into())
}

/// Every slash provider id in registration order; `solidus.slash.providers.<id>` settings follow it.
#[wasm_bindgen(js_name = slashProviders)]
pub fn slash_providers() -> Result<JsSlashProviders, JsError> {
    let ids: Vec<&str> = crate::slash::Provider::ALL.iter().map(|p| p.id()).collect();
    Ok(to_js(&ids)?.into())
}

/// Finds characters a screen does not show in workspace-sourced text (crate/src/hidden.rs): the text
/// without them, for a model; the text with each marked, for a dialog; and what they were.
#[wasm_bindgen(js_name = hiddenText)]
pub fn hidden_text(text: &str) -> Result<JsHiddenTextReport, JsError> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Report {
        text: String,
        shown: String,
        hidden: Option<String>,
    }
    let (clean, summary) = crate::hidden::strip_hidden(text);
    let report = Report {
        shown: crate::hidden::reveal_hidden(text),
        text: clean,
        hidden: (!summary.is_empty()).then(|| summary.describe()),
    };
    Ok(to_js(&report)?.into())
}

/// Where to look for slash-command files, given the project roots and the home folder.
#[wasm_bindgen(js_name = slashSearchFolders)]
pub fn slash_search_folders(request: JsSlashSearchRequest) -> Result<JsSlashSearchPlan, JsError> {
    let request: crate::slash::SearchRequest = from_js(request.into(), "slash search request")?;
    Ok(to_js(&crate::slash::search_folders(&request))?.into())
}
