//! The boundary drift check: what the core sends to JavaScript has exactly the fields the
//! hand-written TypeScript types in `src/wasm.rs` declare, checked on real values.
//!
//! Every key a serialized value carries must be declared in its TypeScript type, and every
//! field an interface declares without `?` must be present. A Rust field renamed, added or
//! dropped without the TypeScript following fails here, not in the editor.

mod agent_common;
mod project_common;

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::{json, Value};
use solidus_core::agent::{check_response_with, shortlist, ShortlistOptions, ValidateOptions};
use solidus_core::catalog::{build_catalog, CatalogSources};
use solidus_core::input::parse_input;
use solidus_core::project::{self, files_to_read, ProjectFacts};
use solidus_core::slash::{
    discover, search_folders, CandidateFile, DiscoverInput, ExpandRequest, Provider, Scope,
    SearchRequest,
};

/// One declared TypeScript type: its fields, and which of them are required (interfaces only:
/// a union's fields are each some variant's, so none is required of every value).
#[derive(Debug, Default)]
struct Declared {
    fields: BTreeSet<String>,
    /// Only an interface's fields are required; a union or intersection alias has none here.
    required: BTreeSet<String>,
}

/// The TypeScript section of `src/wasm.rs`.
fn typescript() -> String {
    let source = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/wasm.rs"))
        .expect("src/wasm.rs");
    let start = source.find("r#\"").expect("the TypeScript section") + 3;
    let end = start + source[start..].find("\"#;").expect("its end");
    source[start..end].to_string()
}

/// Each `export interface` and `export type`, by name.
fn declarations(ts: &str) -> BTreeMap<String, Declared> {
    let mut out = BTreeMap::new();
    let starts: Vec<usize> = ts.match_indices("export ").map(|(at, _)| at).collect();
    for (n, &at) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(ts.len());
        let text = &ts[at..end];
        let (interface, rest) = if let Some(rest) = text.strip_prefix("export interface ") {
            (true, rest)
        } else if let Some(rest) = text.strip_prefix("export type ") {
            (false, rest)
        } else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut declared = Declared::default();
        for body in top_level_objects(rest) {
            for entry in split_entries(&body) {
                let entry = entry.trim();
                let key: String = entry
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if key.is_empty() {
                    continue; // An index signature such as `[detail: string]`.
                }
                let optional = entry[key.len()..].trim_start().starts_with('?');
                declared.fields.insert(key.clone());
                if interface && !optional {
                    declared.required.insert(key);
                }
            }
        }
        out.insert(name, declared);
    }
    out
}

/// The bodies of the `{ … }` objects at the outermost level of a declaration.
fn top_level_objects(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (at, c) in text.char_indices() {
        match c {
            '{' => {
                if depth == 0 {
                    start = at + 1;
                }
                depth += 1;
            }
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    out.push(text[start..at].to_string());
                }
            }
            _ => {}
        }
    }
    out
}

/// The `;`-separated entries of an object body, nested objects and brackets kept whole.
fn split_entries(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    for c in body.chars() {
        match c {
            '{' | '[' | '(' | '<' => depth += 1,
            '}' | ']' | ')' | '>' => depth -= 1,
            _ => {}
        }
        if (c == ';' || c == '\n') && depth == 0 {
            out.push(std::mem::take(&mut current));
        } else {
            current.push(c);
        }
    }
    out.push(current);
    out
}

/// Checks a value (or each element of an array) against a declared type; returns the problems.
fn drift(types: &BTreeMap<String, Declared>, name: &str, value: &Value) -> Vec<String> {
    let Some(declared) = types.get(name) else {
        return vec![format!("{name} is not declared in the TypeScript section")];
    };
    let values: Vec<&Value> = match value {
        Value::Array(items) => items.iter().collect(),
        other => vec![other],
    };
    let mut problems = BTreeSet::new();
    for value in values {
        let Some(object) = value.as_object() else {
            problems.insert(format!("{name}: a {value} where an object is declared"));
            continue;
        };
        for key in object.keys() {
            if !declared.fields.contains(key) {
                problems.insert(format!("{name}.{key} is sent but not declared"));
            }
        }
        for key in &declared.required {
            if !object.contains_key(key) {
                problems.insert(format!("{name}.{key} is declared required but not sent"));
            }
        }
    }
    problems.into_iter().collect()
}

fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("serializable")
}

#[test]
fn what_the_core_sends_matches_its_typescript_types() {
    let types = declarations(&typescript());
    assert!(types.len() > 40, "parsed only {} declarations", types.len());
    let mut samples: Vec<(&str, Value)> = Vec::new();

    let catalog = agent_common::fixture();
    let items: Vec<Value> = catalog.items().iter().map(to_value).collect();
    let schemas: Vec<Value> = items
        .iter()
        .filter_map(|i| i.get("setting").cloned())
        .collect();
    samples.push(("Item", Value::Array(items)));
    samples.push(("SettingSchema", Value::Array(schemas)));
    let built = build_catalog(&CatalogSources::default());
    samples.push(("CatalogStats", to_value(&built.stats())));

    let project_input = project_common::input(vec![project_common::folder(
        "app",
        &[
            (
                "package.json",
                r#"{"name": "app", "scripts": {"build": "tsc"}, "workspaces": ["packages/*"]}"#,
            ),
            ("justfile", "deploy env:\n    ./deploy.sh {{env}}\n"),
            ("Cargo.toml", "[package]\nname = \"app\"\n"),
            ("pnpm-lock.yaml", ""),
        ],
    )]);
    let mut input = project_input.clone();
    input.custom_commands = Some(
        json!({"tidy": {"steps": [{"command": "editor.action.formatDocument"}, {"terminal": "npm run lint"}]}}),
    );
    let known = project::Known::from_items(catalog.items());
    let mut built_project = project::build_project(&input, &known);
    samples.push(("Warning", to_value(&built_project.warnings)));
    samples.push((
        "ProjectFileRequest",
        to_value(&files_to_read(&project_input)),
    ));
    let project_items: Vec<Value> = built_project.items.iter().map(to_value).collect();
    samples.push(("Item", Value::Array(project_items)));
    let facts = ProjectFacts::take(&mut built_project, &input);
    samples.push(("RunSpec", to_value(&facts.runs)));
    samples.push(("ProjectStack", to_value(&facts.stacks)));
    samples.push(("CustomCommand", to_value(&facts.custom_commands)));

    let discovery = discover(&DiscoverInput {
        files: vec![
            CandidateFile {
                provider: Provider::Claude,
                scope: Scope::Project,
                root: "/w/.claude/commands".into(),
                path: "review.md".into(),
                text: Some("---\ndescription: Review\nargument-hint: <file>\nallowed-tools: Bash\n---\nReview $ARGUMENTS !`git diff`\n".into()),
                read_error: None,
                gitignored: false,
                outside: None,
                namespace: None,
            },
            CandidateFile {
                provider: Provider::Gemini,
                scope: Scope::User,
                root: "/h/.gemini/commands".into(),
                path: "broken.toml".into(),
                text: Some("prompt = ".into()),
                read_error: None,
                gitignored: false,
                outside: None,
                namespace: None,
            },
            CandidateFile {
                provider: Provider::Copilot,
                scope: Scope::Project,
                root: "/w/.github/prompts".into(),
                path: "ask.prompt.md".into(),
                text: Some("Ask about ${input:topic:a topic} in #file:a.ts".into()),
                read_error: None,
                gitignored: false,
                outside: None,
                namespace: None,
            },
        ],
        ..Default::default()
    });
    samples.push(("SlashDiscovery", to_value(&discovery)));
    samples.push(("SlashCommand", to_value(&discovery.commands)));
    let slash_items: Vec<Value> = discovery.items().iter().map(to_value).collect();
    samples.push(("Item", Value::Array(slash_items)));
    for text in ["/review a.ts", "/ask", "/nothing here"] {
        let expansion = discovery.expand(&ExpandRequest {
            text: text.into(),
            ..Default::default()
        });
        samples.push(("SlashExpansion", to_value(&expansion)));
        if let Some(command) = &expansion.command {
            samples.push(("SlashCommandRef", to_value(command)));
        }
        samples.push(("SlashSegment", to_value(&expansion.segments)));
    }
    samples.push((
        "SlashSearchPlan",
        to_value(&search_folders(&SearchRequest {
            project_roots: vec!["/w".into()],
            home: Some("/h".into()),
            trusted: true,
            ..Default::default()
        })),
    ));

    let plan = check_response_with(
        &agent_common::answer(
            "ok",
            json!([
                {"type": "setting", "key": "editor.fontSize", "value": 16},
                {"type": "item", "id": "command:editor.action.formatDocument"},
                {"type": "terminal", "command": "ls"},
                {"type": "item", "id": "command:nope"}
            ]),
        ),
        catalog,
        &ValidateOptions::default(),
    )
    .expect("a plan");
    samples.push(("ValidatedPlan", to_value(&plan)));
    samples.push(("PlanStep", to_value(&plan.steps)));
    samples.push((
        "Shortlist",
        to_value(&shortlist(
            catalog,
            "make the font bigger",
            &ShortlistOptions::default(),
        )),
    ));
    for text in ["font", ">format", "$ ls", "/review x", "/do it"] {
        samples.push(("Input", to_value(&parse_input(text))));
    }

    let problems: Vec<String> = samples
        .iter()
        .flat_map(|(name, value)| drift(&types, name, value))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    assert!(
        problems.is_empty(),
        "the TypeScript types in src/wasm.rs have drifted:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_check_sees_a_renamed_field() {
    let types = declarations(
        "export interface Warning { source: string; message: string }\nexport type X = { a: number } & ({ b: 1 } | { c?: 2 });\n",
    );
    assert!(drift(&types, "Warning", &json!({"source": "s", "message": "m"})).is_empty());
    assert_eq!(
        drift(&types, "Warning", &json!({"source": "s", "text": "m"})),
        [
            "Warning.message is declared required but not sent",
            "Warning.text is sent but not declared"
        ]
    );
    assert!(drift(&types, "X", &json!({"a": 1, "c": 2})).is_empty());
    assert_eq!(
        drift(&types, "X", &json!({"a": 1, "d": 2})),
        ["X.d is sent but not declared"]
    );
}
