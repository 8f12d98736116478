//! The only binding to JavaScript: one stateful `Core` object with coarse, typed methods.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::catalog::CatalogSources;
use crate::input::parse_input;
use crate::project::ProjectInput;
use crate::session::{CheckSettingParams, PrepareDoParams, RankParams, Session};
use crate::slash::{DiscoverInput, ExpandRequest};

// The types of every value that crosses, generated from the Rust types (crate/tests/boundary.rs
// fails when this file is stale) and embedded in `solidus_core.d.ts`, where the names below resolve.
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = include_str!("../../extension/generated/core-types.ts");

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "CatalogSources")]
    pub type JsCatalogSources;
    #[wasm_bindgen(typescript_type = "HostCapabilities")]
    pub type JsHostCapabilities;
    #[wasm_bindgen(typescript_type = "RankParams")]
    pub type JsRankParams;
    #[wasm_bindgen(typescript_type = "RankResult")]
    pub type JsRankResult;
    #[wasm_bindgen(typescript_type = "RankRows")]
    pub type JsRankRows;
    #[wasm_bindgen(typescript_type = "ItemSummary[]")]
    pub type JsItemSummaries;
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
    #[wasm_bindgen(typescript_type = "ReadSettingResult")]
    pub type JsReadSettingResult;
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

/// The most steps a plan keeps (the core cuts the rest), so the shell never restates the number.
#[wasm_bindgen(js_name = maxPlanSteps)]
pub fn max_plan_steps() -> usize {
    crate::agent::MAX_STEPS
}

/// How many search rounds one /do request may take before it must plan.
#[wasm_bindgen(js_name = maxSearchRounds)]
pub fn max_search_rounds() -> usize {
    crate::agent::MAX_SEARCH_ROUNDS
}

/// The id of the item that runs a typed shell line (`$ command`, a plan's terminal step).
#[wasm_bindgen(js_name = terminalItemId)]
pub fn terminal_item_id() -> String {
    crate::agent::TERMINAL_ITEM_ID.to_string()
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

/// One window's catalog (`solidus_session::Session`), held for JavaScript. Build once per
/// catalog; free it on dispose. Each method converts its input, asks the session, converts back.
#[wasm_bindgen]
pub struct Core {
    session: Session,
}

#[wasm_bindgen]
impl Core {
    /// Builds the catalog from the host's raw documents; malformed parts become warnings.
    #[wasm_bindgen(constructor)]
    pub fn new(sources: JsCatalogSources) -> Result<Core, JsError> {
        let sources: CatalogSources = from_js(sources.into(), "catalog sources")?;
        Ok(Core {
            session: Session::new(&sources),
        })
    }

    /// Says what the extension host can do; set before `setProject`, which leaves out what it
    /// cannot run. Until called, the host is taken to start processes (the desktop host).
    #[wasm_bindgen(js_name = setHost)]
    pub fn set_host(&mut self, host: JsHostCapabilities) -> Result<(), JsError> {
        self.session
            .set_host(from_js(host.into(), "host capabilities")?);
        Ok(())
    }

    pub fn stats(&self) -> Result<JsCatalogStats, JsError> {
        Ok(to_js(self.session.stats())?.into())
    }

    pub fn warnings(&self) -> Result<JsWarnings, JsError> {
        Ok(to_js(&self.session.warnings())?.into())
    }

    /// Every item, in catalog order. Cost: copies the whole catalog into JavaScript.
    pub fn items(&self) -> Result<JsItems, JsError> {
        Ok(to_js(&self.session.index().items())?.into())
    }

    pub fn item(&self, id: &str) -> Result<JsItemOrUndefined, JsError> {
        Ok(match self.session.item(id) {
            Some(item) => to_js(item)?.into(),
            None => JsValue::UNDEFINED.into(),
        })
    }

    /// Parses typed text by the popup's grammar and ranks the catalog for it (`Session::rank`).
    pub fn rank(&self, params: JsRankParams) -> Result<JsRankResult, JsError> {
        let params: RankParams = from_js(params.into(), "rank parameters")?;
        Ok(to_js(&self.session.rank(params))?.into())
    }

    /// `rank` with each item as its place in `summaries` (`Session::rank_rows`): the shell keeps
    /// the summaries of a revision, and a key press sends only scores and highlights across.
    #[wasm_bindgen(js_name = rankRows)]
    pub fn rank_rows(&self, params: JsRankParams) -> Result<JsRankRows, JsError> {
        let params: RankParams = from_js(params.into(), "rank parameters")?;
        Ok(to_js(&self.session.rank_rows(params))?.into())
    }

    /// Every item's summary in index order, as `rank` gives them (`full` adds what the popup
    /// does not show). Cost: the whole catalog once; ask again when the revision changes.
    pub fn summaries(&self, full: bool) -> Result<JsItemSummaries, JsError> {
        Ok(to_js(&self.session.summaries(full))?.into())
    }

    /// Which change of the items `summaries` and `rankRows` describe.
    pub fn revision(&self) -> u32 {
        self.session.revision()
    }

    /// Adds the workspace's items to the catalog in place of the previous project items.
    #[wasm_bindgen(js_name = setProject)]
    pub fn set_project(&mut self, input: JsProjectInput) -> Result<JsProjectResult, JsError> {
        let input: ProjectInput = from_js(input.into(), "project input")?;
        Ok(self.session.set_project(input, |view| to_js(view))?.into())
    }

    /// Discovers the slash commands in the files the shell read and puts them in the catalog.
    #[wasm_bindgen(js_name = setSlash)]
    pub fn set_slash(&mut self, input: JsSlashDiscoverInput) -> Result<JsSlashDiscovery, JsError> {
        let input: DiscoverInput = from_js(input.into(), "slash discovery input")?;
        Ok(self.session.set_slash(input, to_js)?.into())
    }

    /// Expands typed text such as `/review a.ts "b c"` with the current commands; nothing runs.
    #[wasm_bindgen(js_name = expandSlash)]
    pub fn expand_slash(&self, request: JsSlashExpandRequest) -> Result<JsSlashExpansion, JsError> {
        let request: ExpandRequest = from_js(request.into(), "slash expand request")?;
        Ok(to_js(&self.session.expand_slash(&request))?.into())
    }

    /// How a script, pack or terminal item runs, if it is one.
    #[wasm_bindgen(js_name = runSpec)]
    pub fn run_spec(&self, id: &str) -> Result<JsRunSpecOrUndefined, JsError> {
        Ok(match self.session.run_spec(id) {
            Some(spec) => to_js(spec)?.into(),
            None => JsValue::UNDEFINED.into(),
        })
    }

    /// A custom command by its item id, runnable or not.
    #[wasm_bindgen(js_name = customCommand)]
    pub fn custom_command(&self, id: &str) -> Result<JsCustomCommandOrUndefined, JsError> {
        Ok(match self.session.custom_command(id) {
            Some(command) => to_js(command)?.into(),
            None => JsValue::UNDEFINED.into(),
        })
    }

    /// The exact line an item sends to a shell with these arguments.
    #[wasm_bindgen(js_name = commandLine)]
    pub fn command_line(&self, id: &str, args: Option<String>) -> Option<String> {
        self.session.command_line(id, args.as_deref())
    }

    /// Builds the /do shortlist and prompt for a request; a refused request is data, not a throw.
    #[wasm_bindgen(js_name = prepareDo)]
    pub fn prepare_do(&self, params: JsPrepareDoParams) -> Result<JsPrepareDoResult, JsError> {
        let params: PrepareDoParams = from_js(params.into(), "/do parameters")?;
        Ok(to_js(&self.session.prepare_do(params))?.into())
    }

    /// Parses a model's raw answer and validates the plan against the whole catalog.
    #[wasm_bindgen(js_name = checkPlan)]
    pub fn check_plan(&self, text: &str) -> Result<JsCheckPlanResult, JsError> {
        Ok(to_js(&self.session.check_plan(text))?.into())
    }

    /// The catalog ranked for an agent's words, as `solidus_find` answers (at most 40 entries).
    #[wasm_bindgen(js_name = findEntries)]
    pub fn find_entries(&self, words: &str, limit: Option<usize>) -> Result<JsFindResult, JsError> {
        Ok(to_js(&self.session.find_entries(words, limit))?.into())
    }

    /// The phrases of a /do answer that asks to search instead of planning, if it is one.
    #[wasm_bindgen(js_name = searchWords)]
    pub fn search_words(&self, text: &str) -> Option<Vec<String>> {
        self.session.search_words(text)
    }

    /// Whether an agent may be told a setting's current value (`value`, as the editor reads it):
    /// only a key the catalog knows, and only a value the schema's `disclosable` allows.
    #[wasm_bindgen(js_name = readSetting)]
    pub fn read_setting(&self, key: &str, value: JsValue) -> Result<JsReadSettingResult, JsError> {
        let value: serde_json::Value = if value.is_undefined() {
            serde_json::Value::Null
        } else {
            from_js(value, "setting value")?
        };
        Ok(to_js(&self.session.read_setting(key, value))?.into())
    }

    /// Checks a typed text or a value against a setting's schema before anything is written.
    #[wasm_bindgen(js_name = checkSetting)]
    pub fn check_setting(
        &self,
        params: JsCheckSettingParams,
    ) -> Result<JsCheckSettingResult, JsError> {
        let params: CheckSettingParams = from_js(params.into(), "setting check")?;
        Ok(to_js(&self.session.check_setting(&params))?.into())
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

/// Finds characters a screen does not show in workspace-sourced text (crate/model/src/hidden.rs): the text
/// without them, for a model; the text with each marked, for a dialog; and what they were.
#[wasm_bindgen(js_name = hiddenText)]
pub fn hidden_text(text: &str) -> Result<JsHiddenTextReport, JsError> {
    Ok(to_js(&crate::hidden::HiddenTextReport::of(text))?.into())
}

/// Where to look for slash-command files, given the project roots and the home folder.
#[wasm_bindgen(js_name = slashSearchFolders)]
pub fn slash_search_folders(request: JsSlashSearchRequest) -> Result<JsSlashSearchPlan, JsError> {
    let request: crate::slash::SearchRequest = from_js(request.into(), "slash search request")?;
    Ok(to_js(&crate::slash::search_folders(&request))?.into())
}
