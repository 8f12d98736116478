//! Every case of `conformance/omp-dialect.jsonl`, the executable form of the Solidus slash dialect.
//!
//! Commands go through discovery like real files do (a `.solidus/commands/c.md` in the project), so
//! the cases check the whole path from file text to expanded text.

use std::path::PathBuf;

use serde_json::Value;
use solidus_core::slash::{
    discover, parse_args, split_command, CandidateFile, DiscoverInput, Discovery, ExpandRequest,
    Provider, Scope,
};

fn shared() -> PathBuf {
    std::env::var_os("SOLIDUS_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"))
}

fn one_command(file_text: &str) -> Discovery {
    discover(&DiscoverInput {
        files: vec![CandidateFile {
            provider: Provider::Solidus,
            scope: Scope::Project,
            root: "/p/.solidus/commands".into(),
            path: "c.md".into(),
            text: Some(file_text.into()),
            read_error: None,
            gitignored: false,
            outside: None,
            namespace: None,
        }],
        ..DiscoverInput::default()
    })
}

fn text(case: &Value, key: &str) -> String {
    case[key]
        .as_str()
        .unwrap_or_else(|| panic!("case {} has no string `{key}`", case["id"]))
        .to_string()
}

#[test]
fn every_conformance_case_passes() {
    let path = shared().join("conformance/omp-dialect.jsonl");
    let cases = std::fs::read_to_string(&path).expect("conformance file");
    let mut failures = Vec::new();
    let mut count = 0;
    for line in cases.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("a JSON case");
        let id = case["id"].as_str().unwrap_or("?").to_string();
        let expect = &case["expect"];
        let got: Value = match case["kind"].as_str() {
            Some("args") => serde_json::json!(parse_args(&text(&case, "input"))),
            Some("split") => match split_command(&text(&case, "input")) {
                Some(s) => serde_json::json!({"name": s.name, "args": s.args}),
                None => Value::Null,
            },
            Some("expand") => {
                let discovery = one_command(&text(&case, "body"));
                let expansion = discovery.expand(&ExpandRequest {
                    text: text(&case, "input"),
                    ..ExpandRequest::default()
                });
                assert!(expansion.ok, "{id}: {:?}", expansion.error);
                Value::String(expansion.text)
            }
            Some("describe") => {
                let discovery = one_command(&text(&case, "file"));
                Value::String(discovery.commands[0].description.clone())
            }
            other => panic!("{id}: unknown kind {other:?}"),
        };
        count += 1;
        if &got != expect {
            failures.push(format!("{id}: expected {expect}, got {got}"));
        }
    }
    assert!(
        count >= 50,
        "only {count} cases read from {}",
        path.display()
    );
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!("conformance: {count} of {count} cases pass");
}
