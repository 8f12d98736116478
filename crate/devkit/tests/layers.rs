//! The core's layering as tests: each member depends only on the members below it, only the
//! binding knows JavaScript, and no layer does IO. ARCHITECTURE.md states these rules; Cargo
//! refuses a cycle by itself, and these tests refuse an upward edge that would not be a cycle yet.

use std::path::{Path, PathBuf};

/// The layers from the bottom up, each with the members it may use. Changing this table is
/// changing the architecture: ARCHITECTURE.md's code map says why each edge exists.
const LAYERS: &[(&str, &[&str])] = &[
    ("model", &[]),
    ("guard", &["model"]),
    ("lexicon", &["model"]),
    ("rank", &["model", "lexicon"]),
    ("sources", &["model", "guard"]),
    ("agent", &["model", "guard", "rank"]),
    ("session", &["model", "guard", "rank", "sources", "agent"]),
];

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The `solidus-*` crates a member's Cargo.toml names, in any dependency table.
fn solidus_dependencies(member: &str) -> Vec<String> {
    let path = crate_dir().join(member).join("Cargo.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("solidus-"))
        .filter_map(|rest| rest.split(|c: char| !c.is_ascii_alphanumeric()).next())
        .map(str::to_string)
        .collect()
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir:?}: {e}")) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

#[test]
fn every_layer_depends_only_on_the_layers_below_it() {
    let members: Vec<&str> = LAYERS.iter().map(|(m, _)| *m).collect();
    for (at, (member, allowed)) in LAYERS.iter().enumerate() {
        for dependency in solidus_dependencies(member) {
            assert!(
                allowed.contains(&dependency.as_str()),
                "{member} depends on solidus-{dependency}, which its row of LAYERS does not allow"
            );
            let below = members[..at].contains(&dependency.as_str());
            assert!(
                below,
                "{member} depends on {dependency}, which is not below it"
            );
        }
    }
}

#[test]
fn every_member_of_the_workspace_has_a_row() {
    let manifest = std::fs::read_to_string(crate_dir().join("../Cargo.toml")).expect("Cargo.toml");
    let listed: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.trim().strip_prefix("\"crate/"))
        .filter_map(|l| l.strip_suffix("\","))
        .collect();
    for member in &listed {
        assert!(
            *member == "devkit" || LAYERS.iter().any(|(m, _)| m == member),
            "crate/{member} is a workspace member without a row in LAYERS"
        );
    }
    for (member, _) in LAYERS {
        assert!(
            listed.contains(member),
            "{member} is not a workspace member"
        );
    }
}

#[test]
fn only_the_binding_knows_javascript_and_no_layer_does_io() {
    const JAVASCRIPT: &[&str] = &["wasm_bindgen", "js_sys", "serde_wasm_bindgen", "web_sys"];
    // The layers take text in and give values out; the shell reads files, spawns and talks HTTP.
    const IO: &[&str] = &["std::fs", "std::net", "std::process", "std::env"];
    for (member, _) in LAYERS {
        for file in rust_files(&crate_dir().join(member).join("src")) {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for word in JAVASCRIPT.iter().chain(IO) {
                assert!(
                    !text.contains(word),
                    "{} uses {word}: only crate/src/wasm.rs talks to JavaScript, and no layer does IO",
                    file.display()
                );
            }
        }
    }
}
