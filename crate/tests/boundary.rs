//! The boundary types: generates the TypeScript types of everything that crosses between the core
//! and the shell from the Rust types themselves (ts-rs, reading the serde attributes), and fails
//! when the committed file, `extension/generated/core-types.ts`, differs from what the Rust types say.
//!
//! The wasm binding embeds that file in `crate/pkg/solidus_core.d.ts`, so a field renamed in Rust is
//! a compile error in the shell once the file is regenerated, and a stale file fails here. To
//! regenerate: `UPDATE_EXPECT=1 cargo test -p solidus-core --test boundary`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use solidus_core::catalog::{CatalogSources, CatalogStats, Warning};
use solidus_core::hidden::HiddenTextReport;
use solidus_core::input::Input;
use solidus_core::item::Item;
use solidus_core::project::{CustomCommand, FileRequest, ProjectInput, RunSpec};
use solidus_core::session::{
    CheckPlanResult, CheckSettingParams, CheckSettingResult, FindResult, PrepareDoParams,
    PrepareDoResult, ProjectView, RankParams, RankRows, Ranking, ReadSettingResult,
};
use solidus_core::slash::{
    DiscoverInput, Discovery, ExpandRequest, Expansion, Provider, SearchPlan, SearchRequest,
};
use ts_rs::{Config, TypeVisitor, TS};

/// Where the generated types are committed; `src/wasm.rs` includes this file.
fn generated_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../extension/generated/core-types.ts")
}

/// Collects the declaration of each type reached from the roots, by its TypeScript name.
struct Declarations {
    config: Config,
    by_name: BTreeMap<String, String>,
}

impl Declarations {
    fn add<T: TS + ?Sized + 'static>(&mut self) {
        // Primitives, `true`/`false` and the like are written inline: only named types are declared.
        if T::output_path().is_none() {
            return;
        }
        let name = T::ident(&self.config);
        let docs = T::docs().unwrap_or_default();
        let declaration = format!("{docs}export {}", T::decl(&self.config));
        if let Some(seen) = self.by_name.get(&name) {
            // The same declaration twice is one type seen again (or a shadow such as serde_json's
            // `Value`); two declarations under one name would make the second silently win.
            assert_eq!(
                *seen, declaration,
                "two Rust types are both `{name}` in TypeScript: give one a `ts(rename)`"
            );
            return;
        }
        self.by_name.insert(name, declaration);
        T::visit_dependencies(self);
    }
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        self.add::<T>();
    }
}

/// The file the Rust types say the shell should see: every type a binding method takes or gives
/// (`src/wasm.rs`), with everything they refer to, sorted by name.
fn generate() -> String {
    // Every integer the core sends fits in a double; the shell reads them as numbers.
    let mut declarations = Declarations {
        config: Config::new().with_large_int("number"),
        by_name: BTreeMap::new(),
    };
    declarations.add::<CatalogSources>();
    declarations.add::<solidus_core::host::Host>();
    declarations.add::<CatalogStats>();
    declarations.add::<Warning>();
    declarations.add::<Item>();
    declarations.add::<Input>();
    declarations.add::<RankParams>();
    declarations.add::<RankRows>();
    declarations.add::<Ranking>();
    declarations.add::<PrepareDoParams>();
    declarations.add::<PrepareDoResult>();
    declarations.add::<CheckPlanResult>();
    declarations.add::<ReadSettingResult>();
    declarations.add::<FindResult>();
    declarations.add::<CheckSettingParams>();
    declarations.add::<CheckSettingResult>();
    declarations.add::<ProjectInput>();
    declarations.add::<FileRequest>();
    declarations.add::<ProjectView>();
    declarations.add::<RunSpec>();
    declarations.add::<CustomCommand>();
    declarations.add::<SearchRequest>();
    declarations.add::<SearchPlan>();
    declarations.add::<DiscoverInput>();
    declarations.add::<Discovery>();
    declarations.add::<ExpandRequest>();
    declarations.add::<Expansion>();
    declarations.add::<Provider>();
    declarations.add::<HiddenTextReport>();

    let mut text = String::from(
        "// The TypeScript types of what crosses between the Rust core and the shell, generated from the Rust\n\
         // types by crate/tests/boundary.rs (ts-rs). Do not edit: change the Rust type, then run\n\
         // `UPDATE_EXPECT=1 cargo test -p solidus-core --test boundary`.\n",
    );
    for declaration in declarations.by_name.values() {
        text.push('\n');
        for line in declaration.trim_end().lines() {
            text.push_str(&comment_safe(line.trim_end()));
            text.push('\n');
        }
    }
    text
}

/// A doc line such as "(always `**/node_modules/**`)" would end its `/** … */` comment early:
/// inside a comment's text lines, `*/` is written `*\/`.
fn comment_safe(line: &str) -> String {
    match line.strip_prefix(" * ") {
        Some(text) => format!(" * {}", text.replace("*/", "*\\/")),
        None => line.to_string(),
    }
}

#[test]
fn the_committed_typescript_types_are_the_generated_ones() {
    let generated = generate();
    let path = generated_path();
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
        std::fs::write(&path, &generated).expect("the generated types are written");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != generated {
        let first = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(generated.lines().count()));
        panic!(
            "{} is not what the Rust types say (first difference at line {}):\n  committed: {}\n  generated: {}\n\
             Run `UPDATE_EXPECT=1 cargo test -p solidus-core --test boundary` and commit the file.",
            path.display(),
            first + 1,
            committed.lines().nth(first).unwrap_or("<end of file>"),
            generated.lines().nth(first).unwrap_or("<end of file>"),
        );
    }
}

/// The names the binding's `typescript_type = "…"` attributes use, e.g. `Item | undefined` → `Item`.
fn binding_type_names() -> BTreeSet<String> {
    let source = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/wasm.rs"))
        .expect("src/wasm.rs");
    let mut names = BTreeSet::new();
    for (at, _) in source.match_indices("typescript_type = \"") {
        let rest = &source[at + "typescript_type = \"".len()..];
        let value = &rest[..rest.find('"').expect("the attribute's end")];
        for word in value.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !word.is_empty() && !["undefined", "null", "string", "number"].contains(&word) {
                names.insert(word.to_string());
            }
        }
    }
    names
}

/// The declaration file skips its own checks (`skipLibCheck`), where an unknown name would quietly
/// become `any`: so every name the binding's signatures use must be a generated type.
#[test]
fn every_type_the_binding_names_is_generated() {
    let generated = generate();
    let names = binding_type_names();
    assert!(names.len() > 20, "read only {} names", names.len());
    let missing: Vec<&String> = names
        .iter()
        .filter(|name| !generated.contains(&format!("export type {name} ")))
        .collect();
    assert!(
        missing.is_empty(),
        "src/wasm.rs names types that are not generated: {missing:?}"
    );
}
