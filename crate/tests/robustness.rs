//! Arbitrary input never panics: the JSONC reader, the catalog builder, schemas and the ranker.
//!
//! A small deterministic generator stands in for a fuzzer so the test is repeatable and fast.

mod xorshift;
use xorshift::Rng;

use serde_json::Value;
use solidus_core::catalog::{build_catalog, CatalogSources};
use solidus_core::jsonc;
use solidus_core::rank::{parse_query, Index, Mode, RankOptions};
use solidus_core::SettingSchema;

impl Rng {
    /// A string biased towards JSON punctuation, comments, escapes and non-ASCII text.
    fn text(&mut self, max: usize) -> String {
        const PIECES: &[&str] = &[
            "{",
            "}",
            "[",
            "]",
            ":",
            ",",
            "\"",
            "\\",
            "//",
            "/*",
            "*/",
            "\n",
            " ",
            "\t",
            "a",
            "key",
            "1",
            "-2.5e3",
            "true",
            "null",
            "é",
            "😀",
            "\u{0}",
            "\"type\"",
            "\"enum\"",
            "\"$ref\"",
            "\"anyOf\"",
            "\"properties\"",
            "\"commandNames\"",
            "\"contributes\"",
            "//  - on: x",
            "[",
            "\"minimum\"",
            "1e400",
        ];
        let len = self.below(max + 1);
        (0..len).map(|_| PIECES[self.below(PIECES.len())]).collect()
    }

    /// A JSON value shaped like a setting schema: known keywords with values of any type.
    fn schema_value(&mut self, depth: u8) -> Value {
        const KEYS: &[&str] = &[
            "type",
            "enum",
            "enumDescriptions",
            "minimum",
            "maximum",
            "default",
            "anyOf",
            "oneOf",
            "$ref",
            "items",
            "restricted",
            "description",
        ];
        const TYPES: &[&str] = &[
            "string", "number", "integer", "boolean", "array", "object", "null", "bogus",
        ];
        match self.below(if depth > 2 { 5 } else { 8 }) {
            0 => Value::Null,
            1 => Value::Bool(self.below(2) == 0),
            2 => serde_json::json!(self.below(200) as f64 - 50.5),
            3 => Value::String(TYPES[self.below(TYPES.len())].to_string()),
            4 => Value::String(self.text(4)),
            5 | 6 => {
                let mut map = serde_json::Map::new();
                for _ in 0..self.below(5) {
                    map.insert(
                        KEYS[self.below(KEYS.len())].to_string(),
                        self.schema_value(depth + 1),
                    );
                }
                Value::Object(map)
            }
            _ => Value::Array(
                (0..self.below(4))
                    .map(|_| self.schema_value(depth + 1))
                    .collect(),
            ),
        }
    }
}

#[test]
fn jsonc_reader_never_panics() {
    let mut rng = Rng(0x5eed);
    for _ in 0..5_000 {
        let text = rng.text(60);
        let _ = jsonc::parse(&text);
        let _ = jsonc::commented_members(&text);
        let stripped = jsonc::strip(&text);
        assert_eq!(stripped.len(), text.len(), "strip keeps offsets");
    }
}

#[test]
fn catalog_builder_never_panics_and_reports_what_it_skips() {
    let mut rng = Rng(0xca7a);
    for _ in 0..1_000 {
        let mut field = || {
            if rng.below(4) == 0 {
                None
            } else {
                Some(rng.text(40))
            }
        };
        let sources = CatalogSources {
            keybindings_schema: field(),
            default_settings: field(),
            resource_language_schema: field(),
            default_keybindings: field(),
            extensions: field(),
            registered_commands: field(),
        };
        let catalog = build_catalog(&sources);
        let index = Index::new(catalog.items);
        let _ = index.rank(&parse_query("a key"), &RankOptions::default());
    }
}

#[test]
fn oddly_shaped_documents_become_warnings() {
    let sources = CatalogSources {
        keybindings_schema: Some(r#"{"definitions": {"commandNames": {"enum": [1, "ok.command", null], "enumDescriptions": "x"}}}"#.into()),
        extensions: Some(r#"[{"id": "e.x", "contributes": {"commands": {"command": "e.one", "title": {"value": "One", "original": "One"}}, "configuration": 5}}, 7]"#.into()),
        resource_language_schema: Some(r#"{"properties": {"a.b": 3, "c.d": {"type": "bogus"}}}"#.into()),
        registered_commands: Some("{}".into()),
        ..Default::default()
    };
    let catalog = build_catalog(&sources);
    let ids: Vec<&str> = catalog.items.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(ids, ["command:ok.command", "command:e.one", "setting:c.d"]);
    assert_eq!(catalog.items[1].title, "One");
    let messages: Vec<String> = catalog
        .warnings
        .iter()
        .map(|w| format!("{}: {}", w.source, w.message))
        .collect();
    assert_eq!(
        messages,
        [
            "keybindingsSchema: command id at 0 is not a string, skipped",
            "keybindingsSchema: command id at 2 is not a string, skipped",
            "extensions: extension at 1 has no id, skipped",
            "registeredCommands: expected an array, skipped",
            "resourceLanguageSchema: a.b: schema is not an object, skipped",
            "extension:e.x: contributes.configuration has an unexpected shape, skipped",
        ]
    );
}

#[test]
fn schemas_and_values_never_panic() {
    let mut rng = Rng(0x5c4e);
    for _ in 0..5_000 {
        let property = rng.schema_value(0);
        let schema =
            SettingSchema::from_json(&property, property.get("$defs").and_then(Value::as_object));
        assert!(
            !schema.types.is_empty(),
            "every schema has a type: {property}"
        );
        let _ = schema.parse_text(&rng.text(10));
        let _ = schema.check(&property);
        let _ = schema.expectation();
        let value = rng.schema_value(1);
        let _ = schema.check(&value);
    }
}

#[test]
fn ranker_never_panics_on_arbitrary_queries() {
    let mut rng = Rng(0x9a4c);
    let sources = CatalogSources {
        extensions: Some(
            r#"[{"id": "t.t", "contributes": {"commands": [
                {"command": "t.a", "title": "Café 😀 Ünïcode"}, {"command": "t.b", "title": "İstanbul ǅ ß"},
                {"command": "t.c", "title": ""}, {"command": "t.d", "title": "Toggle Word Wrap"}]}}]"#
                .into(),
        ),
        ..Default::default()
    };
    let index = Index::new(build_catalog(&sources).items);
    for _ in 0..5_000 {
        let text = rng.text(12);
        let mode = if rng.below(2) == 0 {
            Mode::All
        } else {
            Mode::Any
        };
        let options = RankOptions {
            limit: rng.below(5),
            mode,
            recent: vec!["command:t.d".into()],
            kinds: Vec::new(),
        };
        for result in index.rank(&parse_query(&text), &options) {
            let title_units = index.items()[result.index].title.encode_utf16().count() as u32;
            assert!(result
                .highlights
                .iter()
                .all(|[s, e]| s < e && *e <= title_units));
        }
    }
}
