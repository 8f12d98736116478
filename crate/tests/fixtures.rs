//! The catalog and ranker over the real documents VS Code 1.139.1 hands an extension.

use solidus_core::catalog::{build_catalog, CatalogSources};
use solidus_core::rank::{parse_query, Index, RankOptions};
use solidus_core::{Effect, EnterAction, ItemKind};

fn sources() -> CatalogSources {
    solidus_devkit::fixture_sources()
}

#[test]
fn fixture_catalog_has_every_public_command_and_setting() {
    let catalog = build_catalog(&sources());
    let stats = catalog.stats();
    // Counted independently from the fixture files (see the fixture README and the issue).
    assert_eq!(stats.by_kind["command"], 2909);
    // 2,062 commands VS Code titles, less 61 whose only text is a description sentence the
    // palette neither names nor shapes (named from the id instead, the sentence kept as a
    // keyword), plus 212 untitled ones the captured palette table names (Undo, File: Save As...).
    assert_eq!(stats.commands_with_vscode_title, 2062 - 61 + 212);
    assert_eq!(stats.by_kind["setting"], 1937);
    assert_eq!(stats.settings_with_type, 1937);
    assert_eq!(stats.commands_with_args, 100);
    assert!(catalog
        .items
        .iter()
        .all(|i| !i.command.as_deref().unwrap_or("x").starts_with('_')));
    let mut ids: Vec<&str> = catalog.items.iter().map(|i| i.id.as_str()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), catalog.items.len(), "ids are unique");
    assert!(catalog.warnings.is_empty(), "{:?}", catalog.warnings);
}

#[test]
fn settings_carry_their_schema() {
    let catalog = build_catalog(&sources());
    let find = |key: &str| {
        catalog
            .items
            .iter()
            .find(|i| i.key.as_deref() == Some(key))
            .expect(key)
    };
    let font = find("editor.fontSize").setting.clone().unwrap();
    assert_eq!((font.minimum, font.maximum), (Some(6.0), Some(100.0)));
    assert_eq!(font.description, "Controls the font size in pixels.");
    let wrap = find("editor.wordWrap").setting.clone().unwrap();
    let values: Vec<&str> = wrap.enum_values.iter().filter_map(|v| v.as_str()).collect();
    assert_eq!(values, ["off", "on", "wordWrapColumn", "bounded"]);
    assert_eq!(
        wrap.enum_descriptions[1],
        "Lines will wrap at the viewport width."
    );
    // From the default settings comments only (not in the resource-language schema).
    let telemetry = find("telemetry.feedback.enabled").setting.clone().unwrap();
    assert_eq!(telemetry.types, [solidus_core::ValueType::Boolean]);
    assert!(telemetry
        .description
        .starts_with("Enable feedback mechanisms"));
    // Extension configuration with a union type.
    let git_path = find("git.path");
    assert_eq!(git_path.risk, Effect::ChangesWhatRuns);
    assert_eq!(find("editor.fontSize").risk, Effect::Safe);
    assert_eq!(find("editor.wordWrap").title, "Editor: Word Wrap");
    // Enter toggles booleans, offers enum values, and asks for anything else.
    assert_eq!(find("editor.wordWrap").action, EnterAction::Choose);
    assert_eq!(find("editor.fontSize").action, EnterAction::Edit);
    assert_eq!(find("editor.minimap.enabled").action, EnterAction::Toggle);
    // Boolean-or-string is not a plain toggle.
    assert_eq!(find("editor.indentSize").action, EnterAction::Edit);
}

#[test]
fn commands_get_titles_categories_and_keybindings() {
    let catalog = build_catalog(&sources());
    let find = |id: &str| {
        catalog
            .items
            .iter()
            .find(|i| i.command.as_deref() == Some(id))
            .expect(id)
    };
    assert_eq!(
        find("workbench.action.showCommands").title,
        "Show All Commands"
    );
    assert_eq!(
        find("workbench.action.showCommands").keybinding.as_deref(),
        Some("Ctrl+Shift+P")
    );
    assert_eq!(find("git.clone").title, "Git: Clone");
    assert_eq!(
        find("editor.action.toggleWordWrap").title,
        "View: Toggle Word Wrap"
    );
    assert!(find("editor.action.toggleWordWrap")
        .keywords
        .contains(&"/wrap".to_string()));
    assert_eq!(find("git.clone").kind, ItemKind::Command);
}

#[test]
fn word_wrap_finds_the_setting_and_the_toggle() {
    let catalog = build_catalog(&sources());
    let index = Index::new(catalog.items);
    let ranked = index.rank(
        &parse_query("word wrap"),
        &RankOptions {
            limit: 10,
            ..Default::default()
        },
    );
    let ids: Vec<&str> = ranked
        .iter()
        .map(|r| index.items()[r.index].id.as_str())
        .collect();
    assert!(ids.contains(&"setting:editor.wordWrap"), "{ids:?}");
    assert!(
        ids.contains(&"command:editor.action.toggleWordWrap"),
        "{ids:?}"
    );
    let setting = ranked
        .iter()
        .find(|r| index.items()[r.index].id == "setting:editor.wordWrap")
        .unwrap();
    // "Editor: Word Wrap": "Word Wrap" spans UTF-16 units 8..17.
    assert_eq!(setting.highlights, vec![[8, 12], [13, 17]]);
}

/// Every note names a command or setting VS Code 1.139.1 has, and the notes cover most commands
/// and settings: a note on a renamed or removed id is dead text, found by nobody.
#[test]
fn notes_name_real_commands_and_settings() {
    let catalog = build_catalog(&sources());
    let commands: std::collections::HashSet<&str> = catalog
        .items
        .iter()
        .filter_map(|item| item.command.as_deref())
        .collect();
    let settings: std::collections::HashSet<&str> = catalog
        .items
        .iter()
        .filter_map(|item| item.key.as_deref())
        .collect();
    let stale: Vec<&str> = solidus_core::notes::noted_commands()
        .filter(|id| !commands.contains(id))
        .chain(solidus_core::notes::noted_settings().filter(|key| !settings.contains(key)))
        .collect();
    assert!(stale.is_empty(), "notes on unknown ids: {stale:?}");
    let noted = solidus_core::notes::noted_commands().count();
    assert!(
        noted * 10 >= commands.len() * 8,
        "{noted} notes for {} commands",
        commands.len()
    );
    let noted = solidus_core::notes::noted_settings().count();
    assert!(
        noted * 10 >= settings.len() * 6,
        "{noted} notes for {} settings",
        settings.len()
    );
}

/// A note is searched like a setting's description: a request in the note's own words, none
/// of them in the item's title, id, keywords or description, finds the item in `any` mode.
#[test]
fn a_request_in_a_notes_words_finds_the_item() {
    let catalog = build_catalog(&sources());
    let index = Index::new(catalog.items);
    let mut tried = 0;
    let mut found = 0;
    for item in index.items() {
        let Some(note) = solidus_core::notes::for_item(item) else {
            continue;
        };
        let described = item.setting.as_ref().map_or("", |s| s.description.as_str());
        let known = format!(
            "{} {} {} {} {}",
            item.title,
            item.command.as_deref().unwrap_or(""),
            item.key.as_deref().unwrap_or(""),
            item.keywords.join(" "),
            described
        )
        .to_lowercase();
        let words: Vec<&str> = note
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.len() > 3 && !known.contains(&w.to_lowercase()))
            .collect();
        if words.len() < 4 {
            continue;
        }
        tried += 1;
        let ranked = index.rank(
            &parse_query(&words.join(" ")),
            &RankOptions {
                limit: 60,
                mode: solidus_core::Mode::Any,
                ..Default::default()
            },
        );
        if ranked.iter().any(|r| index.items()[r.index].id == item.id) {
            found += 1;
        }
    }
    // Near-twin items share their notes' words (each view's toggle and remove, each language's
    // lint rule), so not every note finds its own item in the first 60; nearly all must.
    assert!(tried > 1000, "{tried} notes tried");
    assert!(
        found * 10 >= tried * 9,
        "{found} of {tried} notes found their item"
    );
}
