//! Builds the catalog of commands and settings from the documents VS Code hands an extension.
//!
//! The inputs are the raw document texts (what "Export Catalog Snapshot" writes), so the same
//! function serves the live editor, a snapshot and the fixture folder.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use solidus_model::item::{EnterAction, Item, ItemKind};
use solidus_model::jsonc;
use solidus_model::schema::{clean_markdown, Constraint, SettingSchema, ValueType};
use solidus_model::text::{command_title_from_id, id_words, setting_title};

/// The raw documents the catalog is built from; every field is optional so a partial host
/// (or a damaged snapshot) still yields what it can.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct CatalogSources {
    /// `vscode://schemas/keybindings`: command ids and titles.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub keybindings_schema: Option<String>,
    /// `vscode://defaultsettings/defaultSettings.jsonc`: every core setting with comments.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub default_settings: Option<String>,
    /// `vscode://schemas/settings/resourceLanguage`: full schemas of many settings.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub resource_language_schema: Option<String>,
    /// `vscode://defaultsettings/keybindings.json`: default key bindings.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub default_keybindings: Option<String>,
    /// JSON array of `{ id, builtin, displayName, contributes }`, one per extension.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub extensions: Option<String>,
    /// JSON array of every registered command id.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub registered_commands: Option<String>,
}

/// A source entry that was skipped, and why; the rest of the catalog is still built.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Warning {
    pub source: String,
    pub message: String,
}

/// The built catalog: items in a stable order plus what was skipped.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Catalog {
    pub items: Vec<Item>,
    pub warnings: Vec<Warning>,
}

/// Counts of a catalog, by kind and by where titles came from.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CatalogStats {
    pub total: usize,
    pub by_kind: BTreeMap<String, usize>,
    pub by_source: BTreeMap<String, usize>,
    /// Commands whose title VS Code itself gives (schema or contribution).
    pub commands_with_vscode_title: usize,
    pub settings_with_type: usize,
    /// Commands a plan may pass schema-checked `args` to.
    pub commands_with_args: usize,
    pub warnings: usize,
}

/// Friendly slash names and titles for the most used commands; only ids the host reports are used.
const CURATED: &[(&str, &str, &str)] = &[
    ("editor.action.formatDocument", "/format", "Format Document"),
    (
        "workbench.action.toggleZenMode",
        "/zen",
        "View: Toggle Zen Mode",
    ),
    (
        "editor.action.toggleWordWrap",
        "/wrap",
        "View: Toggle Word Wrap",
    ),
    (
        "editor.action.toggleMinimap",
        "/minimap",
        "View: Toggle Minimap",
    ),
    ("workbench.action.files.save", "/save", "File: Save"),
    (
        "workbench.action.files.saveAll",
        "/saveall",
        "File: Save All Files",
    ),
    (
        "workbench.action.closeActiveEditor",
        "/close",
        "View: Close Editor",
    ),
    (
        "workbench.action.closeAllEditors",
        "/closeall",
        "View: Close All Editors",
    ),
    (
        "workbench.action.togglePanel",
        "/panel",
        "View: Toggle Panel Visibility",
    ),
    (
        "workbench.action.toggleSidebarVisibility",
        "/sidebar",
        "View: Toggle Primary Side Bar Visibility",
    ),
    (
        "workbench.action.terminal.new",
        "/terminal",
        "Terminal: Create New Terminal",
    ),
    (
        "workbench.action.reloadWindow",
        "/reload",
        "Developer: Reload Window",
    ),
    (
        "workbench.action.selectTheme",
        "/theme",
        "Preferences: Color Theme",
    ),
    (
        "workbench.action.openSettings",
        "/settings",
        "Preferences: Open Settings (UI)",
    ),
    (
        "workbench.action.openGlobalKeybindings",
        "/keys",
        "Preferences: Open Keyboard Shortcuts",
    ),
    (
        "editor.action.commentLine",
        "/comment",
        "Toggle Line Comment",
    ),
    (
        "editor.action.organizeImports",
        "/imports",
        "Organize Imports",
    ),
    ("editor.action.rename", "/rename", "Rename Symbol"),
    (
        "workbench.action.findInFiles",
        "/search",
        "Search: Find in Files",
    ),
    ("workbench.action.gotoLine", "/line", "Go to Line/Column"),
    ("editor.action.fontZoomIn", "/bigger", "Editor Font Zoom In"),
    (
        "editor.action.fontZoomOut",
        "/smaller",
        "Editor Font Zoom Out",
    ),
    (
        "workbench.action.splitEditor",
        "/split",
        "View: Split Editor",
    ),
    (
        "editor.action.sortLinesAscending",
        "/sort",
        "Sort Lines Ascending",
    ),
    (
        "editor.action.trimTrailingWhitespace",
        "/trim",
        "Trim Trailing Whitespace",
    ),
    (
        "workbench.action.toggleFullScreen",
        "/fullscreen",
        "View: Toggle Full Screen",
    ),
    (
        "editor.action.toggleRenderWhitespace",
        "/whitespace",
        "View: Toggle Render Whitespace",
    ),
    (
        "workbench.action.files.newUntitledFile",
        "/new",
        "File: New Untitled Text File",
    ),
    (
        "workbench.action.openRecent",
        "/recent",
        "File: Open Recent",
    ),
];

/// Builds the catalog. Never fails: each malformed source or entry becomes a warning.
/// Cost: parses every document once; about 5 MB of JSON for a stock VS Code.
pub fn build_catalog(sources: &CatalogSources) -> Catalog {
    let mut builder = Builder::default();
    builder.read_keybindings(sources.default_keybindings.as_deref());
    builder.read_keybindings_schema(sources.keybindings_schema.as_deref());
    let extensions = builder.read_extensions(sources.extensions.as_deref());
    builder.read_registered(sources.registered_commands.as_deref());
    builder.read_default_settings(sources.default_settings.as_deref());
    builder.read_resource_language(sources.resource_language_schema.as_deref());
    for ext in &extensions {
        builder.read_extension_configuration(ext);
    }
    builder.finish()
}

impl Catalog {
    /// Counts by kind and source, as the CLI's `catalog` command prints them.
    pub fn stats(&self) -> CatalogStats {
        let mut stats = CatalogStats {
            total: self.items.len(),
            warnings: self.warnings.len(),
            ..Default::default()
        };
        for item in &self.items {
            *stats
                .by_kind
                .entry(item.kind.as_str().to_string())
                .or_default() += 1;
            let source = if item.source.starts_with("extension:") {
                "extension"
            } else {
                item.source.as_str()
            };
            *stats
                .by_source
                .entry(format!("{}:{}", item.kind.as_str(), source))
                .or_default() += 1;
            if item.kind == ItemKind::Command && !item.derived_title {
                stats.commands_with_vscode_title += 1;
            }
            if item.setting.as_ref().is_some_and(|s| !s.types.is_empty()) {
                stats.settings_with_type += 1;
            }
            if item.arguments.is_some() {
                stats.commands_with_args += 1;
            }
        }
        stats
    }
}

#[derive(Default)]
struct CommandEntry {
    title: Option<String>,
    category: Option<String>,
    source: String,
    extension_name: Option<String>,
}

#[derive(Default)]
struct Builder {
    commands: HashMap<String, CommandEntry>,
    command_order: Vec<String>,
    settings: HashMap<String, (SettingSchema, String)>,
    setting_order: Vec<String>,
    keybindings: HashMap<String, String>,
    /// Commands bound to a key everywhere (no `when` clause): the editor's everyday commands.
    global_keybindings: std::collections::HashSet<String>,
    /// Argument schemas by command id, from the keybindings schema.
    command_args: HashMap<String, solidus_model::args::CommandArgs>,
    /// Commands an extension keeps out of the palette (`menus.commandPalette`, `"when": "false"`).
    palette_hidden: std::collections::HashSet<String>,
    /// The words a setting's schema lists for search (`keywords`, and the `tags` that are words).
    setting_keywords: HashMap<String, Vec<String>>,
    warnings: Vec<Warning>,
}

struct Extension {
    id: String,
    contributes: Value,
}

impl Builder {
    fn warn(&mut self, source: &str, message: impl Into<String>) {
        self.warnings.push(Warning {
            source: source.to_string(),
            message: message.into(),
        });
    }

    fn parse_document(&mut self, source: &str, text: Option<&str>) -> Option<Value> {
        let text = text?;
        match jsonc::parse(text) {
            Ok(value) => Some(value),
            Err(e) => {
                self.warn(source, format!("not valid JSON, skipped: {e}"));
                None
            }
        }
    }

    fn add_command(&mut self, id: &str, entry: CommandEntry) {
        if id.is_empty() || id.starts_with('_') {
            return;
        }
        match self.commands.get_mut(id) {
            Some(existing) => {
                if existing.title.is_none() && entry.title.is_some() {
                    existing.title = entry.title;
                    existing.category = entry.category;
                    existing.source = entry.source;
                    existing.extension_name = entry.extension_name;
                }
            }
            None => {
                self.command_order.push(id.to_string());
                self.commands.insert(id.to_string(), entry);
            }
        }
    }

    fn read_keybindings(&mut self, text: Option<&str>) {
        let Some(doc) = self.parse_document("defaultKeybindings", text) else {
            return;
        };
        let Some(list) = doc.as_array() else {
            self.warn("defaultKeybindings", "expected an array, skipped");
            return;
        };
        for entry in list {
            let (Some(command), Some(key)) = (
                entry.get("command").and_then(Value::as_str),
                entry.get("key").and_then(Value::as_str),
            ) else {
                continue;
            };
            if command.starts_with('-') {
                continue;
            }
            // Later entries win, as in VS Code's own resolution.
            self.keybindings
                .insert(command.to_string(), pretty_key(key));
            if entry.get("when").is_none() {
                self.global_keybindings.insert(command.to_string());
            }
        }
    }

    fn read_keybindings_schema(&mut self, text: Option<&str>) {
        let Some(doc) = self.parse_document("keybindingsSchema", text) else {
            return;
        };
        self.command_args = solidus_model::args::command_args(&doc)
            .into_iter()
            .collect();
        let names = doc.pointer("/definitions/commandNames");
        let ids = names.and_then(|n| n.get("enum")).and_then(Value::as_array);
        let Some(ids) = ids else {
            self.warn(
                "keybindingsSchema",
                "no definitions.commandNames.enum, skipped",
            );
            return;
        };
        let empty = Vec::new();
        let titles = names
            .and_then(|n| n.get("enumDescriptions"))
            .and_then(Value::as_array)
            .unwrap_or(&empty);
        for (i, id) in ids.iter().enumerate() {
            let Some(id) = id.as_str() else {
                self.warn(
                    "keybindingsSchema",
                    format!("command id at {i} is not a string, skipped"),
                );
                continue;
            };
            let title = titles
                .get(i)
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|t| !t.is_empty());
            self.add_command(
                id,
                CommandEntry {
                    title: title.map(String::from),
                    source: "core".into(),
                    ..Default::default()
                },
            );
        }
    }

    fn read_extensions(&mut self, text: Option<&str>) -> Vec<Extension> {
        let Some(doc) = self.parse_document("extensions", text) else {
            return Vec::new();
        };
        let Some(list) = doc.as_array() else {
            self.warn("extensions", "expected an array, skipped");
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, ext) in list.iter().enumerate() {
            let Some(id) = ext.get("id").and_then(Value::as_str) else {
                self.warn("extensions", format!("extension at {i} has no id, skipped"));
                continue;
            };
            let display = ext
                .get("displayName")
                .and_then(Value::as_str)
                .map(String::from);
            let contributes = ext.get("contributes").cloned().unwrap_or(Value::Null);
            let commands = match contributes.get("commands") {
                Some(Value::Array(list)) => list.clone(),
                Some(single @ Value::Object(_)) => vec![single.clone()],
                _ => Vec::new(),
            };
            for command in commands {
                let Some(command_id) = command.get("command").and_then(Value::as_str) else {
                    self.warn(
                        &format!("extension:{id}"),
                        "a contributed command has no id, skipped",
                    );
                    continue;
                };
                let title = localized(command.get("title"));
                let category = localized(command.get("category"));
                self.add_command(
                    command_id,
                    CommandEntry {
                        title,
                        category,
                        source: format!("extension:{id}"),
                        extension_name: display.clone().filter(|d| !d.starts_with('%')),
                    },
                );
            }
            self.read_palette_menu(&contributes);
            out.push(Extension {
                id: id.to_string(),
                contributes,
            });
        }
        out
    }

    /// Notes the commands a `menus.commandPalette` entry hides everywhere (`"when": "false"`):
    /// menu-only commands that need the menu's context. A `when` with a condition still shows
    /// the command where it applies, so it counts as visible.
    fn read_palette_menu(&mut self, contributes: &Value) {
        let entries = contributes
            .pointer("/menus/commandPalette")
            .and_then(Value::as_array);
        for entry in entries.into_iter().flatten() {
            let hidden = entry
                .get("when")
                .and_then(Value::as_str)
                .is_some_and(|w| w.trim() == "false");
            if let (true, Some(command)) = (hidden, entry.get("command").and_then(Value::as_str)) {
                self.palette_hidden.insert(command.to_string());
            }
        }
    }

    fn read_registered(&mut self, text: Option<&str>) {
        let Some(doc) = self.parse_document("registeredCommands", text) else {
            return;
        };
        let Some(list) = doc.as_array() else {
            self.warn("registeredCommands", "expected an array, skipped");
            return;
        };
        for id in list.iter().filter_map(Value::as_str) {
            self.add_command(
                id,
                CommandEntry {
                    source: "registered".into(),
                    ..Default::default()
                },
            );
        }
    }

    fn add_setting(&mut self, key: &str, schema: SettingSchema, source: &str) {
        if key.is_empty() || key.starts_with('[') {
            return;
        }
        if !self.settings.contains_key(key) {
            self.setting_order.push(key.to_string());
        }
        self.settings
            .insert(key.to_string(), (schema, source.to_string()));
    }

    fn read_default_settings(&mut self, text: Option<&str>) {
        let Some(text) = text else { return };
        let members = jsonc::commented_members(text);
        if members.is_empty() && !text.trim().is_empty() {
            self.warn("defaultSettings", "no settings found in the document");
        }
        for member in members {
            let value = match member.value {
                Ok(v) => v,
                Err(e) => {
                    self.warn(
                        "defaultSettings",
                        format!("{}: malformed default, skipped: {e}", member.key),
                    );
                    continue;
                }
            };
            let schema = schema_from_comments(&member.comments, value);
            self.add_setting(&member.key, schema, "core");
        }
    }

    fn read_resource_language(&mut self, text: Option<&str>) {
        let Some(doc) = self.parse_document("resourceLanguageSchema", text) else {
            return;
        };
        let defs = doc.get("$defs").and_then(Value::as_object);
        let Some(properties) = doc.get("properties").and_then(Value::as_object) else {
            self.warn("resourceLanguageSchema", "no properties, skipped");
            return;
        };
        for (key, property) in properties {
            if !property.is_object() {
                self.warn(
                    "resourceLanguageSchema",
                    format!("{key}: schema is not an object, skipped"),
                );
                continue;
            }
            let mut schema = SettingSchema::from_json(property, defs);
            self.keep_better_description(key, &mut schema);
            self.add_search_words(key, property);
            self.add_setting(key, schema, "core");
        }
    }

    fn read_extension_configuration(&mut self, ext: &Extension) {
        let source = format!("extension:{}", ext.id);
        let blocks = match ext.contributes.get("configuration") {
            Some(Value::Array(list)) => list.clone(),
            Some(single @ Value::Object(_)) => vec![single.clone()],
            None | Some(Value::Null) => return,
            Some(_) => {
                self.warn(
                    &source,
                    "contributes.configuration has an unexpected shape, skipped",
                );
                return;
            }
        };
        for block in blocks {
            let Some(properties) = block.get("properties").and_then(Value::as_object) else {
                continue;
            };
            for (key, property) in properties {
                if !property.is_object() {
                    self.warn(&source, format!("{key}: schema is not an object, skipped"));
                    continue;
                }
                let mut schema = SettingSchema::from_json(property, None);
                self.keep_better_description(key, &mut schema);
                self.add_search_words(key, property);
                // Core defaults already list extension settings; the extension's own schema is fuller.
                self.add_setting(key, schema, &source);
            }
        }
    }

    /// The words VS Code's settings search matches a setting by besides its text: the schema's
    /// `keywords` (`tooltip` for `editor.hover.enabled`) and its `tags` that are words
    /// (`accessibility`, `experimental`); camelCase tags (`onExP`) are flags for VS Code's own
    /// filters, not words a user types.
    fn add_search_words(&mut self, key: &str, property: &Value) {
        let strings = |name: &str| {
            property
                .get(name)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
        };
        let tags = strings("tags").filter(|t| t.chars().all(|c| c.is_lowercase()));
        let words: Vec<String> = strings("keywords").chain(tags).map(String::from).collect();
        if words.is_empty() {
            return;
        }
        let known = self.setting_keywords.entry(key.to_string()).or_default();
        for word in words {
            if !known.contains(&word) {
                known.push(word);
            }
        }
    }

    /// The words of every name VS Code gives: its command titles and setting keys. A derived
    /// title splits a run of letters only into two of these.
    fn vscode_words(&self) -> std::collections::HashSet<String> {
        let titles = self
            .commands
            .values()
            .filter_map(|c| c.title.as_deref())
            .flat_map(|t| t.split(|c: char| !c.is_alphanumeric()))
            .map(str::to_lowercase);
        let keys = self.setting_order.iter().flat_map(|k| id_words(k));
        titles.chain(keys).filter(|w| !w.is_empty()).collect()
    }

    /// A schema without a description (or with `%placeholder%` text) keeps the one from comments.
    fn keep_better_description(&self, key: &str, schema: &mut SettingSchema) {
        if let Some((old, _)) = self.settings.get(key) {
            if schema.description.is_empty() || schema.description.starts_with('%') {
                schema.description = old.description.clone();
            }
            if schema.enum_descriptions.iter().all(String::is_empty)
                && old.enum_values == schema.enum_values
            {
                schema.enum_descriptions = old.enum_descriptions.clone();
            }
            if schema.default.is_none() {
                schema.default = old.default.clone();
            }
        }
    }

    fn finish(mut self) -> Catalog {
        let curated: HashMap<&str, (&str, &str)> = CURATED
            .iter()
            .map(|(id, slash, title)| (*id, (*slash, *title)))
            .collect();
        let mut items = Vec::with_capacity(self.command_order.len() + self.setting_order.len());
        let vscode_words = self.vscode_words();
        for id in std::mem::take(&mut self.command_order) {
            let Some(entry) = self.commands.remove(&id) else {
                continue;
            };
            let friendly = curated.get(id.as_str());
            let reported = entry.title.as_ref().map(|t| match &entry.category {
                Some(c) if !c.is_empty() && !t.starts_with(&format!("{c}:")) => format!("{c}: {t}"),
                _ => t.clone(),
            });
            // A description sentence is never a title; it stays searchable as a keyword.
            let mut description = None;
            let vscode_title = match reported {
                Some(t) if t.contains(": ") => Some(t),
                reported => {
                    let from_schema = reported
                        .as_deref()
                        .and_then(|t| crate::palette::from_schema(&id, t));
                    let label = crate::palette::label(&id).map(String::from).or(from_schema);
                    match reported {
                        Some(t) if crate::palette::is_sentence(&t) => {
                            description = Some(t);
                            label
                        }
                        // The schema's own words stay searchable under the palette's label.
                        Some(t) => match label {
                            Some(label) => {
                                description = Some(t);
                                Some(label)
                            }
                            None => Some(t),
                        },
                        None => label,
                    }
                }
            };
            let derived_title = vscode_title.is_none();
            let (title, detail) = match (vscode_title, friendly) {
                (Some(t), _) => (t, None),
                (None, Some((_, title))) => (title.to_string(), None),
                // The id is the only name VS Code has for it, so show it.
                (None, None) => (
                    command_title_from_id(&id, |w| vscode_words.contains(w)),
                    Some(id.clone()),
                ),
            };
            let mut keywords = Vec::new();
            if let Some((slash, _)) = friendly {
                keywords.push(slash.to_string());
            }
            if let Some(name) = &entry.extension_name {
                keywords.push(name.clone());
            }
            keywords.extend(description);
            items.push(Item {
                id: format!("command:{id}"),
                kind: ItemKind::Command,
                action: EnterAction::Run,
                title,
                detail,
                keywords,
                source: entry.source,
                from_workspace: false,
                risk: solidus_guard::command_effect(&id),
                keybinding: self.keybindings.get(&id).cloned(),
                global_keybinding: self.global_keybindings.contains(&id),
                derived_title,
                palette_hidden: self.palette_hidden.contains(&id),
                arguments: self.command_args.remove(&id).map(Box::new),
                command: Some(id),
                key: None,
                setting: None,
            });
        }
        hide_variants(&mut items);
        for key in std::mem::take(&mut self.setting_order) {
            let Some((schema, source)) = self.settings.remove(&key) else {
                continue;
            };
            let risk = solidus_guard::setting_effect(&key, Some(&schema));
            items.push(Item {
                id: format!("setting:{key}"),
                kind: ItemKind::Setting,
                action: EnterAction::for_setting(&schema),
                title: setting_title(&key),
                detail: Some(key.clone()),
                keywords: self.setting_keywords.remove(&key).unwrap_or_default(),
                source,
                from_workspace: false,
                risk,
                command: None,
                keybinding: None,
                global_keybinding: false,
                derived_title: false,
                palette_hidden: false,
                key: Some(key),
                setting: Some(Box::new(schema)),
                arguments: None,
            });
        }
        Catalog {
            items,
            warnings: self.warnings,
        }
    }
}

/// Hides a command's variants from the palette: a command whose id is another command's id with
/// a suffix (`workbench.action.chat.newChat.commentIcon`, a menu's icon for New Chat;
/// `editor.action.formatDocument.none`) or a `default:` prefix (`default:paste`, the editor's
/// fallback for Paste), under the same title or the other's title without its category (New
/// Chat Editor for Chat: New Chat Editor), from the same source. Both run the one action;
/// listing each would show one name twice, so the variant ranks with the menu-only commands and
/// /do is not offered it. The same source only: an extension's command named `git` and titled
/// Git: Push must not push the real Git: Push down below its own.
/// Cost: one hash lookup per command.
fn hide_variants(items: &mut [Item]) {
    let by_id: HashMap<&str, &Item> = items
        .iter()
        .filter_map(|item| Some((item.command.as_deref()?, item)))
        .collect();
    let variants: Vec<usize> = items
        .iter()
        .enumerate()
        .filter(|(_, item)| {
            let Some(id) = item.command.as_deref() else {
                return false;
            };
            let base = id
                .strip_prefix("default:")
                .or_else(|| id.rsplit_once('.').map(|(base, _)| base));
            base.and_then(|base| by_id.get(base)).is_some_and(|base| {
                base.source == item.source
                    && (base.title == item.title
                        || base
                            .title
                            .split_once(": ")
                            .is_some_and(|(_, name)| name == item.title))
            })
        })
        .map(|(at, _)| at)
        .collect();
    for at in variants {
        items[at].palette_hidden = true;
    }
}

/// Titles and categories may be plain strings or `{ value, original }` objects.
fn localized(value: Option<&Value>) -> Option<String> {
    let text = match value? {
        Value::String(s) => s.clone(),
        Value::Object(o) => o
            .get("value")
            .or_else(|| o.get("original"))
            .and_then(Value::as_str)?
            .to_string(),
        _ => return None,
    };
    let text = text.trim().to_string();
    // `%key%` is an untranslated placeholder, as good as no title.
    let placeholder = text.starts_with('%') && text.ends_with('%');
    (!text.is_empty() && !placeholder).then_some(text)
}

/// Reads a setting's description and enum values out of the comments above it.
fn schema_from_comments(comments: &[String], default: Value) -> SettingSchema {
    let mut lines: Vec<&str> = comments.iter().map(|c| c.trim_end()).collect();
    // A short first line followed by more comment is a section header such as `Editor`.
    if lines.len() > 1 {
        let first = lines[0].trim();
        let words = first.split_whitespace().count();
        if (1..=3).contains(&words) && !first.ends_with(['.', ':', ')']) {
            lines.remove(0);
        }
    }
    let mut description = Vec::new();
    let mut enum_values = Vec::new();
    let mut enum_descriptions = Vec::new();
    for line in lines {
        // VS Code writes an enum value as `//  - value: text` or `//  - value`, two spaces in;
        // a bullet list inside a description has one (`// - ${capture}: …`), and is text.
        if let Some(rest) = line.strip_prefix("  - ") {
            let (name, text) = rest.split_once(": ").unwrap_or((rest, ""));
            let name = name.trim();
            if !name.is_empty() && !name.contains(' ') {
                enum_values.push(name.to_string());
                enum_descriptions.push(clean_markdown(text.trim()));
                continue;
            }
        }
        let line = line.trim();
        if !line.is_empty() {
            description.push(line);
        }
    }
    let default_type = match ValueType::of(&default) {
        ValueType::Integer => ValueType::Number,
        other => other,
    };
    let enum_json: Vec<Value> = enum_values
        .iter()
        .map(|v| match default_type {
            // `null` stands for "none" among string values (`workbench.iconTheme`).
            _ if v == "null" => Some(Value::Null),
            ValueType::Number => v
                .parse::<f64>()
                .ok()
                .and_then(serde_json::Number::from_f64)
                .map(Value::Number),
            ValueType::Boolean => v.parse::<bool>().ok().map(Value::Bool),
            _ => Some(Value::String(v.clone())),
        })
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default();
    // A list that does not hold the default is not the setting's enum: every setting must
    // accept its own default.
    let holds_default = enum_json
        .iter()
        .any(|v| match (v.as_f64(), default.as_f64()) {
            (Some(a), Some(b)) => a == b,
            _ => *v == default,
        });
    let enum_json = if holds_default || default.is_null() {
        enum_json
    } else {
        Vec::new()
    };
    let mut types = if default_type == ValueType::Null {
        Vec::new()
    } else {
        vec![default_type]
    };
    if enum_json.contains(&Value::Null) && !types.is_empty() {
        types.push(ValueType::Null);
    }
    let mut schema = SettingSchema {
        description: clean_markdown(&description.join(" ")),
        enum_descriptions: if enum_json.is_empty() {
            Vec::new()
        } else {
            enum_descriptions
        },
        default: Some(default),
        alternatives: vec![Constraint {
            types,
            enum_values: enum_json,
            minimum: None,
            maximum: None,
        }],
        ..Default::default()
    };
    schema.summarise();
    schema
}

/// `ctrl+shift+p` → `Ctrl+Shift+P`; chords keep their space.
pub fn pretty_key(key: &str) -> String {
    key.split(' ')
        .map(|chord| {
            chord
                .split('+')
                .map(|part| match part {
                    "ctrl" => "Ctrl".to_string(),
                    "shift" => "Shift".to_string(),
                    "alt" => "Alt".to_string(),
                    "meta" | "cmd" => "Meta".to_string(),
                    "win" => "Win".to_string(),
                    other => {
                        let mut c = other.chars();
                        match c.next() {
                            Some(f) => f.to_uppercase().chain(c).collect(),
                            None => String::new(),
                        }
                    }
                })
                .collect::<Vec<_>>()
                .join("+")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(id: &str, title: &str, source: &str) -> Item {
        Item {
            id: format!("command:{id}"),
            title: title.to_string(),
            source: source.to_string(),
            command: Some(id.to_string()),
            ..Item::default()
        }
    }

    #[test]
    fn only_a_commands_own_variants_are_hidden() {
        let mut items = vec![
            command("git.push", "Git: Push", "vscode.git"),
            command("git.push.menu", "Git: Push", "vscode.git"),
            command("default:paste", "Paste", "vscode"),
            command("paste", "Paste", "vscode"),
            // Another source naming a command `git` with Git: Push's title hides nothing of
            // Git's, and its own `git.push`-like ids are not Git's variants either.
            command("git", "Git: Push", "evil.extension"),
            command("git.push.evil", "Git: Push", "evil.extension"),
        ];
        hide_variants(&mut items);
        let hidden: Vec<&str> = items
            .iter()
            .filter(|i| i.palette_hidden)
            .filter_map(|i| i.command.as_deref())
            .collect();
        assert_eq!(hidden, ["git.push.menu", "default:paste"]);
    }
}
