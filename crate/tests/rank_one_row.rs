//! One row per action: a Git or file item and the VS Code command it wraps are one row, with
//! the command's keybinding and palette title, and never a lower class than the guard gives it.

#[path = "project_common/mod.rs"]
mod project_common;

use std::collections::HashMap;

use project_common::{folder, input};
use solidus_core::catalog::{build_catalog, Catalog};
use solidus_core::project::{build_project, Known, ProjectCatalog};
use solidus_core::rank::{parse_query, Index, Mode, RankOptions};
use solidus_core::{Effect, Item, ItemKind};

fn fixture_catalog() -> Catalog {
    build_catalog(&solidus_devkit::fixture_sources())
}

/// The fixture's catalog with a plain workspace's built-in Git and file items merged in.
fn merged() -> (Catalog, ProjectCatalog, HashMap<String, Item>) {
    let mut catalog = fixture_catalog();
    let commands = catalog
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Command)
        .map(|i| (i.command.clone().unwrap(), i.clone()))
        .collect();
    let known = Known::from_items(&catalog.items);
    let project = build_project(&input(vec![folder("w", &[("README.md", "")])]), &known);
    project.merge_into(&mut catalog);
    (catalog, project, commands)
}

#[test]
fn git_push_is_one_row_in_the_popup_and_in_the_shortlist() {
    let index = Index::new(merged().0.items);
    let query = parse_query("git push");
    let popup = index.rank_with_related(&query, &RankOptions::default());
    let any = index.rank(
        &query,
        &RankOptions {
            mode: Mode::Any,
            limit: 60,
            ..RankOptions::default()
        },
    );
    for rows in [&popup, &any] {
        let pushes: Vec<&str> = rows
            .iter()
            .map(|r| &index.items()[r.index])
            .filter(|i| i.title == "Git: Push" || i.command.as_deref() == Some("git.push"))
            .map(|i| i.id.as_str())
            .collect();
        assert_eq!(pushes, ["git:push"]);
    }
    assert_eq!(index.items()[popup[0].index].id, "git:push");
}

#[test]
fn every_wrapper_takes_its_command_s_place_keybinding_and_class() {
    let (catalog, project, commands) = merged();
    let wrappers: Vec<&Item> = project
        .items
        .iter()
        .filter(|i| matches!(i.kind, ItemKind::Git | ItemKind::File) && i.command.is_some())
        .collect();
    assert!(wrappers.len() >= 15, "{} wrappers", wrappers.len());
    for wrapper in wrappers {
        let command = wrapper.command.as_deref().unwrap();
        let rows: Vec<&Item> = catalog
            .items
            .iter()
            .filter(|i| i.command.as_deref() == Some(command))
            .collect();
        assert_eq!(rows.len(), 1, "{command}: {rows:?}");
        let row = rows[0];
        assert_eq!(row.id, wrapper.id);
        let vscode = &commands[command];
        assert!(row.risk >= vscode.risk, "{command}: {:?}", row.risk);
        assert_eq!(row.keybinding, vscode.keybinding, "{command}");
        if !vscode.derived_title && vscode.title != row.title {
            assert!(row.keywords.contains(&vscode.title), "{command}");
        }
    }
    // File: Open Recent… answers to VS Code's key for it.
    let recent = catalog
        .items
        .iter()
        .find(|i| i.id == "file:open-recent")
        .unwrap();
    assert!(recent.keybinding.is_some());
}

#[test]
fn a_wrapper_never_lowers_the_guard_s_class_of_its_command() {
    // A wrapper that calls a push safe (a mistaken or forged class) must not make it so.
    let forged = Item {
        id: "git:push".to_string(),
        kind: ItemKind::Git,
        title: "Git: Push".to_string(),
        source: "builtin".to_string(),
        risk: Effect::Safe,
        command: Some("git.push".to_string()),
        ..Item::default()
    };
    for moved in [false, true] {
        let mut catalog = fixture_catalog();
        let mut project = ProjectCatalog {
            items: vec![forged.clone()],
            ..Default::default()
        };
        if moved {
            project.move_items_into(&mut catalog);
        } else {
            project.merge_into(&mut catalog);
        }
        let row = catalog.items.iter().find(|i| i.id == "git:push").unwrap();
        assert_eq!(row.risk, Effect::ActsOnRemote);
        assert!(!catalog.items.iter().any(|i| i.id == "command:git.push"));
    }
}

#[test]
fn the_palette_s_title_finds_the_wrapper() {
    let index = Index::new(merged().0.items);
    // VS Code calls git.checkout "Git: Checkout to..."; Solidus calls it Git: Switch Branch…;
    // the palette's name, a keyword now, still finds it in the first five.
    let rows = index.rank_with_related(&parse_query("checkout to"), &RankOptions::default());
    let first: Vec<&str> = rows
        .iter()
        .take(5)
        .map(|r| index.items()[r.index].id.as_str())
        .collect();
    assert!(first.contains(&"git:switch-branch"), "{first:?}");
}

#[test]
fn a_commands_variants_under_its_name_are_not_rows_of_their_own() {
    let catalog = fixture_catalog();
    let hidden = |id: &str| {
        catalog
            .items
            .iter()
            .find(|i| i.command.as_deref() == Some(id))
            .unwrap_or_else(|| panic!("{id} is in the catalog"))
            .palette_hidden
    };
    // A menu's icon for New Chat, the editor's `default:` fallback, the no-formatter variant.
    for variant in [
        "workbench.action.chat.newChat.commentIcon",
        "workbench.action.openChat.copilotIcon",
        "default:paste",
        "editor.action.formatDocument.none",
    ] {
        assert!(hidden(variant), "{variant}");
    }
    // The commands they vary stay; so does a longer id under another title.
    for command in [
        "workbench.action.chat.newChat",
        "paste",
        "editor.action.formatDocument",
        "editor.action.formatDocument.multiple",
    ] {
        assert!(!hidden(command), "{command}");
    }
    // No first five rows hold a command and its variant under one title.
    let index = Index::new(catalog.items);
    for query in [
        "new chat",
        "format document",
        "paste",
        "can you format this file",
    ] {
        let rows = index.rank_with_related(&parse_query(query), &RankOptions::default());
        let shown: Vec<(&str, &str)> = rows
            .iter()
            .take(5)
            .filter_map(|r| {
                let item = &index.items()[r.index];
                Some((item.command.as_deref()?, item.title.as_str()))
            })
            .collect();
        for (a, title) in &shown {
            for (b, other) in &shown {
                let variant = a.strip_prefix(b).is_some_and(|rest| rest.starts_with('.'))
                    || a.strip_prefix("default:") == Some(b);
                assert!(!(variant && title == other), "{query}: {shown:?}");
            }
        }
    }
}
