//! Shared helpers for the agent tests: the fixture catalog, small hand-built catalogs, plans.

#![allow(dead_code)]

use serde_json::{json, Value};
use solidus_core::catalog::CatalogSources;
use solidus_core::rank::Index;
use solidus_core::{Item, SettingSchema};

/// The documents VS Code 1.139.1 reported, as the fixture folder records them.
pub fn fixture_sources() -> CatalogSources {
    solidus_devkit::fixture_sources()
}

/// The catalog of VS Code 1.139.1 as the fixture folder records it, indexed once per test binary.
pub fn fixture() -> &'static Index {
    solidus_devkit::fixture_index()
}

/// An item from JSON, so new optional fields on `Item` do not break these tests.
pub fn item(value: Value) -> Item {
    serde_json::from_value(value).expect("test item")
}

/// A setting item with a JSON-schema property, as an extension would contribute it.
pub fn setting(key: &str, property: Value) -> Item {
    let schema = SettingSchema::from_json(&property, None);
    let risk = solidus_core::risk::setting_effect(key, Some(&schema));
    item(json!({
        "id": format!("setting:{key}"),
        "kind": "setting",
        "title": key,
        "source": "test",
        "risk": risk,
        "key": key,
        "setting": serde_json::to_value(&schema).expect("schema"),
    }))
}

/// A command item with a title.
pub fn command(id: &str, title: &str, risk: &str) -> Item {
    item(json!({
        "id": format!("command:{id}"),
        "kind": "command",
        "title": title,
        "source": "test",
        "risk": risk,
        "command": id,
    }))
}

/// An item of another kind, read from the workspace or not.
pub fn other(id: &str, kind: &str, title: &str, from_workspace: bool, risk: &str) -> Item {
    item(json!({
        "id": id,
        "kind": kind,
        "title": title,
        "source": if from_workspace { "workspace" } else { "builtin" },
        "fromWorkspace": from_workspace,
        "risk": risk,
    }))
}

/// A plan answer as a model would write it.
pub fn answer(reply: &str, steps: Value) -> String {
    json!({ "reply": reply, "steps": steps }).to_string()
}
