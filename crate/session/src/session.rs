//! One window's catalog: VS Code's items, the project's and the slash commands, indexed together,
//! and every question the shell asks of them, answered with typed results.
//!
//! This is plain Rust, tested natively; the wasm binding only converts its inputs and results.

use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use solidus_agent::host::system_prompt_for;
use solidus_agent::{
    check_response_with, find_text, parse_answer, prepare_request, Answer, PromptContext,
    ShortlistOptions, ValidateOptions, ValidatedPlan, DEFAULT_SHORTLIST_LIMIT, MAX_SEARCH_ROUNDS,
    MAX_SEARCH_TERMS, MAX_SEARCH_TERM_CHARS,
};
use solidus_model::effect::Effect;
use solidus_model::host::{capitalized, Host, NO_PROCESSES};
use solidus_model::item::{EnterAction, Item, ItemKind};
use solidus_rank::{parse_plain, Index, Mode, Query, RankOptions};
use solidus_sources::catalog::{build_catalog, CatalogSources, CatalogStats, Warning};
use solidus_sources::project::{
    self, CustomCommand, CustomStep, ProjectCatalog, ProjectFacts, ProjectInput, RunSpec,
};
use solidus_sources::slash::{self, DiscoverInput, Discovery, ExpandRequest, Expansion};

use crate::input::{parse_input, Input, BUILTIN_SLASH_NAMES};
use crate::merge::BaseItems;

/// How many rows `rank` gives when the caller does not say.
pub const DEFAULT_RANK_LIMIT: usize = 50;

/// How many entries `find_entries` gives when the caller does not say.
pub const DEFAULT_FIND_LIMIT: usize = 20;

/// `true` on the wire: the `ok` of a result that holds what was asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Yes;

impl Serialize for Yes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(true)
    }
}

/// `false` on the wire: the `ok` of a result that says why not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct No;

impl Serialize for No {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(false)
    }
}

/// In TypeScript, `Yes` and `No` are the literals they serialize as, so the shell narrows a result by its `ok`.
#[cfg(feature = "ts")]
mod literal_types {
    use ts_rs::{Config, TS};

    /// A unit type that TypeScript sees as one boolean literal.
    macro_rules! boolean_literal {
        ($type:ty, $literal:literal) => {
            impl TS for $type {
                type WithoutGenerics = Self;
                type OptionInnerType = Self;
                fn name(_: &Config) -> String {
                    $literal.to_string()
                }
                fn inline(_: &Config) -> String {
                    $literal.to_string()
                }
            }
        };
    }

    boolean_literal!(super::Yes, "true");
    boolean_literal!(super::No, "false");
}

/// Why a request was refused: a stable code for the shell and a sentence for the user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Refusal {
    pub ok: No,
    pub code: &'static str,
    pub message: String,
}

impl Refusal {
    fn new(code: &'static str, message: String) -> Refusal {
        Refusal {
            ok: No,
            code,
            message,
        }
    }
}

/// An item without its schema and keywords; `Session::item` gives the whole item on demand.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ItemSummary<'a> {
    pub id: &'a str,
    pub kind: ItemKind,
    pub action: EnterAction,
    pub title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub detail: Option<&'a str>,
    pub from_workspace: bool,
    pub risk: Effect,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub badge: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub keybinding: Option<&'a str>,
    // Only with `full`: the popup never shows these, and each string costs a crossing.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub command: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub key: Option<&'a str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub derived_title: bool,
}

impl<'a> ItemSummary<'a> {
    pub fn new(item: &'a Item, full: bool) -> Self {
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

/// One row of `rank`'s answer.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RankedResult"))]
pub struct RankedRow<'a> {
    pub item: ItemSummary<'a>,
    pub score: i64,
    pub highlights: Vec<[u32; 2]>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub related: bool,
}

/// Every item's `ItemSummary`, serialised as a list (`Session::summaries`).
pub struct Summaries<'a> {
    items: &'a [Item],
    full: bool,
}

impl Serialize for Summaries<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(
            self.items
                .iter()
                .map(|item| ItemSummary::new(item, self.full)),
        )
    }
}

/// One row of `rank_rows`' answer: the item by its place in `summaries`.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RankedIndex"))]
pub struct RankedIndex {
    pub index: u32,
    pub score: i64,
    pub highlights: Vec<[u32; 2]>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub related: bool,
}

/// What `rank_rows` answers: `rank`'s rows with each item as its place in `summaries` of
/// `revision`. The popup ranks on every key; its items cross once per revision, not per key.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RankRows"))]
pub struct RankRows {
    pub input: Input,
    pub revision: u32,
    pub results: Vec<RankedIndex>,
}

/// What `rank` answers: what the text is, by the grammar, and the rows for it.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RankResult"))]
pub struct Ranking<'a> {
    pub input: Input,
    pub results: Vec<RankedRow<'a>>,
}

/// What the shell asks `rank` for.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RankParams {
    pub query: String,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<usize>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mode: Option<Mode>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub recent: Vec<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub kinds: Vec<ItemKind>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub full: bool,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub related: Option<bool>,
}

/// What `set_project` answers, borrowed from the built project.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ProjectResult"))]
#[serde(rename_all = "camelCase")]
pub struct ProjectView<'a> {
    pub stats: &'a CatalogStats,
    pub tasks: &'a [project::TaskFact],
    pub custom_commands: &'a [CustomCommand],
    pub stacks: &'a [project::Stack],
    pub stack_context: &'a str,
    pub restricted: Option<&'a str>,
    pub hidden_scripts: usize,
    pub warnings: &'a [Warning],
}

/// What the shell asks `prepare_do` for: one round of a /do request.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PrepareDoParams {
    pub request: String,
    pub context: PromptContext,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<usize>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub recent: Vec<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub search: Vec<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub round: usize,
}

/// The shortlist and prompt for a /do request, or why it was refused.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum PrepareDoResult {
    Ready {
        ok: Yes,
        shortlist: solidus_agent::Shortlist,
        prompt: solidus_agent::Prompt,
    },
    Refused(Refusal),
}

/// A model's answer as a checked plan, or why it is not one.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum CheckPlanResult {
    Checked { ok: Yes, plan: ValidatedPlan },
    Refused(Refusal),
}

/// The catalog as `solidus_find` answers it, or why not.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum FindResult {
    Found { ok: Yes, text: String },
    Refused(Refusal),
}

/// What the shell asks `check_setting`: a typed text or a value for one setting.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CheckSettingParams {
    pub key: String,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub value: Option<Value>,
}

/// A setting value checked against its schema: the value to write, or why it does not fit.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum CheckSettingResult {
    Valid {
        ok: Yes,
        value: Value,
        expectation: String,
    },
    Invalid {
        ok: No,
        message: String,
        /// What the schema expects; absent when the setting is unknown.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        expectation: Option<String>,
    },
}

/// A setting's current value as an agent may be told it, or why not.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum ReadSettingResult {
    Told {
        ok: Yes,
        key: String,
        value: Value,
        expectation: String,
    },
    Withheld {
        ok: No,
        message: String,
    },
}

/// The catalog, indexed and ready to rank, with what the project and slash builds found.
pub struct Session {
    index: Index,
    warnings: Vec<Warning>,
    stats: CatalogStats,
    /// Where the items from VS Code's documents are; the index holds them, then the project's,
    /// then the slash commands' (the last `slash_items`).
    base: BaseItems,
    /// What the last project build found beyond its items: run specs, tasks, custom commands.
    facts: ProjectFacts,
    /// The last slash discovery; its commands are the index's last `slash_items` items.
    slash: Discovery,
    slash_items: usize,
    /// What the extension host can do; items and steps it cannot run are left out with the reason.
    host: Host,
    /// Counts the changes of the index's items, so a shell that keeps `summaries` knows when
    /// they are stale (`rank_rows` says which revision its indexes are in).
    revision: u32,
}

impl Session {
    /// Builds the catalog from the host's raw documents; malformed parts become warnings.
    pub fn new(sources: &CatalogSources) -> Session {
        let catalog = build_catalog(sources);
        let stats = catalog.stats();
        let base = BaseItems::new(catalog.items.len());
        Session {
            index: Index::new(catalog.items),
            warnings: catalog.warnings,
            stats,
            base,
            facts: Default::default(),
            slash: Default::default(),
            slash_items: 0,
            host: Host::default(),
            revision: 0,
        }
    }

    /// Says what the extension host can do; set before `set_project`, which leaves out what it
    /// cannot run. Until called, the host is taken to start processes (the desktop host).
    pub fn set_host(&mut self, host: Host) {
        self.host = host;
    }

    pub fn stats(&self) -> &CatalogStats {
        &self.stats
    }

    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The index over every item: VS Code's, the project's and the slash commands'.
    pub fn index(&self) -> &Index {
        &self.index
    }

    pub fn item(&self, id: &str) -> Option<&Item> {
        self.index.get(id)
    }

    /// Parses typed text by the popup's grammar and ranks the catalog for it: words for a
    /// search (narrowed by a kind filter), the slash commands for `/name` (only the exact name
    /// once arguments follow), nothing for `$ command` and `/do request`, which the shell
    /// dispatches on `input`.
    pub fn rank(&self, params: RankParams) -> Ranking<'_> {
        let full = params.full;
        let rows = self.rank_rows(params);
        let items = self.index.items();
        Ranking {
            input: rows.input,
            results: rows
                .results
                .into_iter()
                .map(|r| RankedRow {
                    item: ItemSummary::new(&items[r.index as usize], full),
                    score: r.score,
                    highlights: r.highlights,
                    related: r.related,
                })
                .collect(),
        }
    }

    /// `rank` with each item as its place in `summaries`: the popup's path, which keeps the
    /// summaries and so sends per key only what the ranking decides.
    pub fn rank_rows(&self, params: RankParams) -> RankRows {
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
                    limit: params.limit.unwrap_or(DEFAULT_RANK_LIMIT),
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
            .into_iter()
            .filter(|r| {
                // With arguments typed, only a command of exactly that name is meant.
                exact_slash.as_deref().is_none_or(|name| {
                    items[r.index]
                        .keywords
                        .iter()
                        .any(|k| k.eq_ignore_ascii_case(name))
                })
            })
            .map(|r| RankedIndex {
                index: r.index as u32,
                score: r.score,
                highlights: r.highlights,
                related: r.related,
            })
            .collect();
        RankRows {
            input,
            revision: self.revision,
            results,
        }
    }

    /// Every item's summary, in index order: what `rank_rows`' indexes point at, for this
    /// `revision`. Serialised one by one, never held as a list: wasm memory keeps its peak.
    /// Cost: a summary per item; a shell asks once per revision.
    pub fn summaries(&self, full: bool) -> Summaries<'_> {
        Summaries {
            items: self.index.items(),
            full,
        }
    }

    /// Which change of the items `summaries` and `rank_rows` describe.
    pub fn revision(&self) -> u32 {
        self.revision
    }

    /// Adds the workspace's scripts, packs, Git, file and terminal actions and custom commands
    /// to the catalog, replacing the previous project items; `send` gets the answer before the
    /// new index is built. Cost: re-indexes the catalog.
    pub fn set_project<R>(
        &mut self,
        input: ProjectInput,
        send: impl FnOnce(&ProjectView<'_>) -> R,
    ) -> R {
        // Wasm memory never shrinks, so the peak is what counts: the old index goes before the
        // project is built, the answer goes out before the new index is built.
        let mut items = std::mem::replace(&mut self.index, Index::new(Vec::new())).into_items();
        let slash = items.split_off(items.len().saturating_sub(self.slash_items));
        let base = self.base.take(items);
        let known = project::Known::from_items(&base);
        let mut project = project::build_project(&input, &known);
        drop(known);
        self.facts = ProjectFacts::take(&mut project, &input);
        withhold(&self.host, &mut project, &mut self.facts);
        drop(input);
        let mut catalog = self.base.merge(base, &mut project);
        self.slash_items = slash.len();
        catalog.items.extend(slash);
        self.stats = catalog.stats();
        self.stats.warnings = self.warnings.len();
        // Sent straight from the project, with no JSON value tree in between.
        let view = ProjectView {
            stats: &self.stats,
            tasks: &self.facts.tasks,
            custom_commands: &self.facts.custom_commands,
            stacks: &self.facts.stacks,
            stack_context: &self.facts.stack_context,
            restricted: project.restricted.as_deref(),
            hidden_scripts: project.hidden_scripts,
            warnings: &project.warnings,
        };
        let sent = send(&view);
        drop(project);
        self.index = Index::new(catalog.items);
        self.revision = self.revision.wrapping_add(1);
        sent
    }

    /// Discovers the slash commands in the files the shell read and puts them in the catalog in
    /// place of the previous ones; `send` gets the discovery before the catalog is re-indexed.
    /// Cost: parses every file once, then re-indexes unless there were no commands and are none.
    pub fn set_slash<R>(
        &mut self,
        mut input: DiscoverInput,
        send: impl FnOnce(&Discovery) -> R,
    ) -> R {
        // Solidus's own names are the core's to know; a shell's list only adds to them.
        for name in BUILTIN_SLASH_NAMES {
            if !input.builtins.iter().any(|b| b == name) {
                input.builtins.push(name.to_string());
            }
        }
        self.slash = slash::discover(&input);
        drop(input);
        let sent = send(&self.slash);
        // No commands before and none now (most workspaces): the catalog is the one indexed, and
        // re-indexing it would block the host for 0.05-0.8 s right after each startup build.
        if self.slash_items == 0 && self.slash.items().is_empty() {
            return sent;
        }
        let mut items = std::mem::replace(&mut self.index, Index::new(Vec::new())).into_items();
        items.truncate(items.len().saturating_sub(self.slash_items));
        let slash = self.slash.items();
        self.slash_items = slash.len();
        items.extend(slash);
        self.index = Index::new(items);
        self.revision = self.revision.wrapping_add(1);
        sent
    }

    /// The last slash discovery.
    pub fn slash(&self) -> &Discovery {
        &self.slash
    }

    /// Expands typed text such as `/review a.ts "b c"` with the current commands; nothing runs.
    pub fn expand_slash(&self, request: &ExpandRequest) -> Expansion {
        let mut expansion = self.slash.expand(request);
        if !expansion.shell.is_empty() {
            if let Some(reason) = self.host.terminal_refusal() {
                // Refused before any input is asked for: the shell lines could never run here.
                expansion.ok = false;
                expansion.needs_input.clear();
                expansion.error = Some(format!("it runs shell commands, and {reason}"));
            }
        }
        expansion
    }

    /// How a script, pack or terminal item runs, if it is one.
    pub fn run_spec(&self, id: &str) -> Option<&RunSpec> {
        self.facts.run(id)
    }

    /// A custom command by its item id, runnable or not.
    pub fn custom_command(&self, id: &str) -> Option<&CustomCommand> {
        self.facts.custom(id)
    }

    /// The exact line an item sends to a shell with these arguments (see `ProjectFacts`).
    pub fn command_line(&self, id: &str, args: Option<&str>) -> Option<String> {
        self.facts.command_line(id, args)
    }

    /// Builds the /do shortlist and prompt for a request; a refused request is data, not an error.
    pub fn prepare_do(&self, mut params: PrepareDoParams) -> PrepareDoResult {
        // The core detected the stacks; the shell does not send them back.
        params.context.stack = project::stack::names(&self.facts.stacks);
        let options = ShortlistOptions {
            limit: params.limit.unwrap_or(DEFAULT_SHORTLIST_LIMIT),
            recent: params.recent,
            // The shell sends what `search_words` read; bounded again here all the same.
            search: params
                .search
                .iter()
                .take(MAX_SEARCH_TERMS)
                .map(|p| p.chars().take(MAX_SEARCH_TERM_CHARS).collect())
                .collect(),
            round: params.round.min(MAX_SEARCH_ROUNDS),
        };
        match prepare_request(&self.index, &params.request, &params.context, &options) {
            Ok(mut prepared) => {
                prepared.prompt.system = system_prompt_for(&self.host, &prepared.prompt.system);
                PrepareDoResult::Ready {
                    ok: Yes,
                    shortlist: prepared.shortlist,
                    prompt: prepared.prompt,
                }
            }
            Err(e) => PrepareDoResult::Refused(Refusal::new(e.code(), e.to_string())),
        }
    }

    /// Parses a model's raw answer and validates the plan against the whole catalog.
    pub fn check_plan(&self, text: &str) -> CheckPlanResult {
        let options = ValidateOptions {
            arguments: self.facts.arguments(),
            host: self.host,
        };
        match check_response_with(text, &self.index, &options) {
            Ok(plan) => CheckPlanResult::Checked {
                ok: Yes,
                plan: plan.with_command_lines(|id, args| self.facts.command_line(id, args)),
            },
            Err(e) => CheckPlanResult::Refused(Refusal::new(e.code(), e.to_string())),
        }
    }

    /// The catalog ranked for an agent's words, as `solidus_find` answers.
    pub fn find_entries(&self, words: &str, limit: Option<usize>) -> FindResult {
        match find_text(&self.index, words, limit.unwrap_or(DEFAULT_FIND_LIMIT)) {
            Ok(text) => FindResult::Found { ok: Yes, text },
            Err(e) => FindResult::Refused(Refusal::new(e.code(), e.to_string())),
        }
    }

    /// The phrases of a /do answer that asks to search instead of planning, if it is one.
    pub fn search_words(&self, text: &str) -> Option<Vec<String>> {
        match parse_answer(text) {
            Ok(Answer::Search(words)) => Some(words),
            _ => None,
        }
    }

    /// Whether an agent may be told a setting's current value (`value`, as the editor reads it):
    /// only a key the catalog knows, and only a value the schema's `disclosable` allows.
    pub fn read_setting(&self, key: &str, value: Value) -> ReadSettingResult {
        let Some(schema) = self
            .index
            .get(&format!("setting:{key}"))
            .and_then(|i| i.setting.as_ref())
        else {
            return ReadSettingResult::Withheld {
                ok: No,
                message: format!("{key} is not a setting Solidus knows"),
            };
        };
        match schema.disclosable(&value) {
            Ok(()) => ReadSettingResult::Told {
                ok: Yes,
                key: key.to_string(),
                value,
                expectation: schema.expectation(),
            },
            Err(why) => ReadSettingResult::Withheld {
                ok: No,
                message: format!("{key}: {why}"),
            },
        }
    }

    /// Checks a typed text or a value against a setting's schema before anything is written.
    pub fn check_setting(&self, params: &CheckSettingParams) -> CheckSettingResult {
        let schema = self
            .index
            .get(&format!("setting:{}", params.key))
            .and_then(|i| i.setting.as_ref());
        let Some(schema) = schema else {
            return CheckSettingResult::Invalid {
                ok: No,
                message: format!("unknown setting {}", params.key),
                expectation: None,
            };
        };
        let outcome = match (&params.text, &params.value) {
            (Some(text), _) => schema.parse_text(text),
            (None, Some(value)) => schema.check(value).map(|()| value.clone()),
            (None, None) => Err("no value given".to_string()),
        };
        match outcome {
            Ok(value) => CheckSettingResult::Valid {
                ok: Yes,
                value,
                expectation: schema.expectation(),
            },
            Err(message) => CheckSettingResult::Invalid {
                ok: No,
                message,
                expectation: Some(schema.expectation()),
            },
        }
    }
}

/// Takes out of a project build what this host cannot run: shell-bound items, and custom
/// commands with a terminal step (given the reason as a problem, so the shell says why).
/// The reason joins `restricted`, which the popup shows where scripts are looked for.
fn withhold(host: &Host, project: &mut ProjectCatalog, facts: &mut ProjectFacts) {
    if host.processes {
        return;
    }
    let mut shell_custom = Vec::new();
    for command in &mut facts.custom_commands {
        let has_terminal = command
            .steps
            .iter()
            .any(|s| matches!(s, CustomStep::Terminal { .. }));
        if has_terminal {
            command.problems.push(NO_PROCESSES.to_string());
            shell_custom.push(command.id.clone());
        }
    }
    let before = project.items.len();
    project
        .items
        .retain(|item| host.refusal(item).is_none() && !shell_custom.contains(&item.id));
    if project.items.len() != before || !shell_custom.is_empty() {
        project.restricted = Some(match project.restricted.take() {
            Some(trust) => format!("{trust}; {NO_PROCESSES}"),
            None => capitalized(NO_PROCESSES),
        });
    }
}
