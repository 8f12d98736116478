//! The only binding to JavaScript: one stateful `Core` object with coarse, typed methods.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::catalog::{build_catalog, CatalogSources, CatalogStats, Warning};
use crate::item::Item;
use crate::rank::{parse_query, Index, Mode, Query, RankOptions};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
export type ItemKind = "command" | "setting" | "script" | "git" | "file" | "terminal" | "custom" | "pack" | "slash";
export type Risk = "safe" | "reachesShell";
export type ValueType = "boolean" | "integer" | "number" | "string" | "array" | "object" | "null";
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export interface Constraint { types?: ValueType[]; enum?: JsonValue[]; minimum?: number; maximum?: number }
export interface SettingSchema {
  types: ValueType[]; enum?: JsonValue[]; enumDescriptions?: string[]; minimum?: number; maximum?: number;
  default?: JsonValue; description?: string; restricted: boolean; alternatives?: Constraint[];
}
export type EnterAction = "run" | "toggle" | "choose" | "edit";
export interface Item {
  id: string; kind: ItemKind; action: EnterAction; title: string; detail?: string; keywords?: string[]; source: string;
  fromWorkspace: boolean; risk: Risk; command?: string; key?: string; keybinding?: string; globalKeybinding?: boolean;
  derivedTitle?: boolean; setting?: SettingSchema;
}
export interface CatalogSources {
  keybindingsSchema?: string; defaultSettings?: string; resourceLanguageSchema?: string;
  defaultKeybindings?: string; extensions?: string; registeredCommands?: string;
}
export interface Warning { source: string; message: string }
export interface CatalogStats {
  total: number; byKind: Record<string, number>; bySource: Record<string, number>;
  commandsWithVscodeTitle: number; settingsWithType: number; warnings: number;
}
export interface RankParams { query: string; limit?: number; mode?: "all" | "any"; recent?: string[]; kinds?: ItemKind[] }
export interface Query { text: string; words: string[]; slash?: string; args: string }
/** What a ranked result carries: the item without its schema and keywords, to keep results light. */
export type ItemSummary = Omit<Item, "setting" | "keywords">;
export interface RankedResult { item: ItemSummary; score: number; highlights: [number, number][] }
export interface RankResult { query: Query; results: RankedResult[] }
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
    source: &'a str,
    from_workspace: bool,
    risk: crate::item::Risk,
    #[serde(skip_serializing_if = "Option::is_none")]
    command: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    key: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    keybinding: Option<&'a str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    derived_title: bool,
}

impl<'a> From<&'a Item> for ItemSummary<'a> {
    fn from(item: &'a Item) -> Self {
        ItemSummary {
            id: &item.id,
            kind: item.kind,
            action: item.action,
            title: &item.title,
            detail: item.detail.as_deref(),
            source: &item.source,
            from_workspace: item.from_workspace,
            risk: item.risk,
            command: item.command.as_deref(),
            key: item.key.as_deref(),
            keybinding: item.keybinding.as_deref(),
            derived_title: item.derived_title,
        }
    }
}

#[derive(Serialize)]
struct RankedView<'a> {
    item: ItemSummary<'a>,
    score: i64,
    highlights: &'a [[u32; 2]],
}

#[derive(Serialize)]
struct RankView<'a> {
    query: &'a Query,
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
}

#[wasm_bindgen]
impl Core {
    /// Builds the catalog from the host's raw documents; malformed parts become warnings.
    #[wasm_bindgen(constructor)]
    pub fn new(sources: JsCatalogSources) -> Result<Core, JsError> {
        let sources: CatalogSources = from_js(sources.into(), "catalog sources")?;
        let catalog = build_catalog(&sources);
        let stats = catalog.stats();
        Ok(Core {
            index: Index::new(catalog.items),
            warnings: catalog.warnings,
            stats,
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

    /// Ranks the catalog for typed text.
    pub fn rank(&self, params: JsRankParams) -> Result<JsRankResult, JsError> {
        let params: RankParams = from_js(params.into(), "rank parameters")?;
        let query = parse_query(&params.query);
        let options = RankOptions {
            limit: params.limit.unwrap_or(50),
            mode: params.mode.unwrap_or_default(),
            recent: params.recent,
            kinds: params.kinds,
        };
        let ranked = self.index.rank(&query, &options);
        let results = ranked
            .iter()
            .map(|r| RankedView {
                item: (&self.index.items()[r.index]).into(),
                score: r.score,
                highlights: &r.highlights,
            })
            .collect();
        Ok(to_js(&RankView {
            query: &query,
            results,
        })?
        .into())
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
