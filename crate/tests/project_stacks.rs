//! Stack detection, packs (on when detected, off when disabled), and the built-in Git, file and
//! terminal items checked against what VS Code 1.139.1 really registers.

mod project_common;

use std::collections::HashSet;
use std::path::PathBuf;

use project_common::{build, folder, input};
use serde_json::Value;
use solidus_core::catalog::{build_catalog, CatalogSources};
use solidus_core::project::builtin::{FILE_ACTIONS, GIT_ACTIONS, SHELL_FILE_ACTIONS};
use solidus_core::project::{build_project, Known, Os};
use solidus_core::{Effect, ItemKind};

#[test]
fn stacks_are_detected_from_markers() {
    // (files, expected stack ids, expected context line)
    let table: &[(&[&str], &[&str], &str)] = &[
        (
            &["package.json", "pnpm-lock.yaml"],
            &["node"],
            "Node (pnpm)",
        ),
        (&["package.json"], &["node"], "Node (npm)"),
        (&["Cargo.toml", "src/main.rs"], &["rust"], "Rust (cargo)"),
        (&["pyproject.toml", "uv.lock"], &["python"], "Python (uv)"),
        (&["requirements.txt"], &["python"], "Python (pip)"),
        (
            &["pyproject.toml", "poetry.lock"],
            &["python"],
            "Python (poetry)",
        ),
        (&["go.mod", "go.sum"], &["go"], "Go"),
        (&["pom.xml", "mvnw"], &["java"], "Java (maven)"),
        (&["build.gradle.kts", "gradlew"], &["java"], "Java (gradle)"),
        (
            &["App.sln", "src/App/App.csproj"],
            &["dotnet"],
            ".NET (dotnet)",
        ),
        (&["src/App/App.csproj"], &[], ""),
        (&["deno.jsonc"], &["deno"], "Deno"),
        (&["composer.json"], &["php"], "PHP (composer)"),
        (&["Gemfile", "Gemfile.lock"], &["ruby"], "Ruby (bundler)"),
        (&["mix.exs"], &["elixir"], "Elixir (mix)"),
        (&["CMakeLists.txt"], &["cmake"], "C/C++ (CMake)"),
        (
            &["compose.yaml", "Dockerfile"],
            &["docker"],
            "Docker (compose)",
        ),
        (&["README.md", "LICENSE"], &[], ""),
        (
            &[
                "package.json",
                "yarn.lock",
                "Cargo.toml",
                "pyproject.toml",
                "go.mod",
            ],
            &["node", "rust", "python", "go"],
            "Node (yarn), Rust (cargo), Python (pip), Go",
        ),
    ];
    for (files, ids, context) in table {
        let files: Vec<(&str, &str)> = files.iter().map(|f| (*f, "")).collect();
        let catalog = build(&input(vec![folder("f", &files)]));
        let found: Vec<&str> = catalog.stacks.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(found, *ids, "{files:?}");
        assert_eq!(catalog.stack_context, *context, "{files:?}");
    }
}

fn pack_lines(
    catalog: &solidus_core::project::ProjectCatalog,
    stack: &str,
) -> Vec<(String, String)> {
    catalog
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Pack && i.id.starts_with(&format!("pack:{stack}:")))
        .map(|i| {
            (
                i.id.clone(),
                catalog.run(&i.id).unwrap().command_line.clone(),
            )
        })
        .collect()
}

fn owned(table: &[(&str, &str)]) -> Vec<(String, String)> {
    table
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn each_stack_brings_its_pack() {
    let catalog = build(&input(vec![folder(
        "f",
        &[
            ("package.json", "{}"),
            ("pnpm-lock.yaml", ""),
            ("tsconfig.json", ""),
            ("eslint.config.mjs", ""),
            ("Cargo.toml", "[package]\nname = \"x\"\n"),
            ("pyproject.toml", ""),
            ("uv.lock", ""),
            ("go.mod", ""),
        ],
    )]));
    assert_eq!(
        pack_lines(&catalog, "node"),
        owned(&[
            ("pack:node:install", "pnpm install"),
            ("pack:node:test", "pnpm test"),
            ("pack:node:lint", "pnpm exec eslint ."),
            ("pack:node:typecheck", "pnpm exec tsc --noEmit"),
            ("pack:node:outdated", "pnpm outdated"),
        ])
    );
    assert_eq!(
        pack_lines(&catalog, "rust"),
        owned(&[
            ("pack:rust:check", "cargo check --all-targets"),
            ("pack:rust:clippy", "cargo clippy --all-targets"),
            ("pack:rust:fmt-check", "cargo fmt --all --check"),
            ("pack:rust:test", "cargo test --workspace"),
            ("pack:rust:doc", "cargo doc --no-deps --open"),
            ("pack:rust:update", "cargo update"),
        ])
    );
    assert_eq!(
        pack_lines(&catalog, "python"),
        owned(&[
            ("pack:python:pytest", "uv run pytest"),
            ("pack:python:ruff", "uv run ruff check ."),
            ("pack:python:ruff-format", "uv run ruff format ."),
            ("pack:python:install", "uv sync"),
        ])
    );
    assert_eq!(
        pack_lines(&catalog, "go"),
        owned(&[
            ("pack:go:test", "go test ./..."),
            ("pack:go:vet", "go vet ./..."),
            ("pack:go:build", "go build ./..."),
            ("pack:go:fmt", "go fmt ./..."),
            ("pack:go:tidy", "go mod tidy"),
        ])
    );
    for item in catalog.items.iter().filter(|i| i.kind == ItemKind::Pack) {
        assert_eq!(item.risk, Effect::ReachesShell, "{}", item.id);
        assert_eq!(
            item.detail.as_deref(),
            Some(catalog.run(&item.id).unwrap().command_line.as_str())
        );
    }
}

#[test]
fn pack_commands_follow_the_os_and_wrappers() {
    let files = [("pom.xml", ""), ("mvnw", ""), ("requirements.txt", "")];
    let linux = build(&input(vec![folder("j", &files)]));
    let mut windows_input = input(vec![folder("j", &files)]);
    windows_input.os = Os::Windows;
    let windows = build(&windows_input);
    let line = |c: &solidus_core::project::ProjectCatalog, id: &str| {
        c.run(id).unwrap().command_line.clone()
    };
    assert_eq!(line(&linux, "pack:java:test"), "./mvnw test");
    assert_eq!(line(&windows, "pack:java:test"), ".\\mvnw.cmd test");
    assert_eq!(line(&linux, "pack:python:pytest"), "python3 -m pytest");
    assert_eq!(line(&windows, "pack:python:pytest"), "python -m pytest");
    assert_eq!(
        line(&linux, "pack:python:install"),
        "python3 -m pip install -r requirements.txt"
    );
}

#[test]
fn disabled_packs_are_off_but_their_stack_is_still_reported() {
    let files = [("Cargo.toml", "[package]\nname = \"x\"\n"), ("go.mod", "")];
    let mut workspace = input(vec![folder("a", &files)]);
    workspace.disabled_packs = vec!["Rust".to_string()];
    let catalog = build(&workspace);
    assert!(pack_lines(&catalog, "rust").is_empty());
    assert!(!pack_lines(&catalog, "go").is_empty());
    let enabled: Vec<(&str, bool)> = catalog
        .stacks
        .iter()
        .map(|s| (s.id.as_str(), s.pack_enabled))
        .collect();
    assert_eq!(enabled, [("rust", false), ("go", true)]);
    assert_eq!(catalog.stack_context, "Rust (cargo), Go");
    // The Cargo scripts are project scripts, not the pack, so they stay.
    assert!(catalog
        .items
        .iter()
        .any(|i| i.id == "script:cargo:a:.:build"));
}

#[test]
fn a_pack_runs_in_every_folder_with_its_stack() {
    let catalog = build(&input(vec![
        folder("api", &[("go.mod", "")]),
        folder("docs", &[("README.md", "")]),
        folder("worker", &[("go.mod", ""), ("go.work", "")]),
    ]));
    let run = catalog.run("pack:go:test").unwrap();
    assert_eq!(run.folders, ["api", "worker"]);
    let go = &catalog.stacks[0];
    assert_eq!(
        (go.folders.clone(), go.evidence.clone()),
        (
            vec!["api".into(), "worker".into()],
            vec!["go.mod".into(), "go.work".into()]
        )
    );
}

fn shared() -> PathBuf {
    solidus_devkit::shared_dir()
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(shared().join("fixtures/vscode-1.139.1").join(name)).expect(name)
}

#[test]
fn builtin_commands_exist_in_vscode() {
    let extensions: Value = serde_json::from_str(&fixture("extensions.json")).unwrap();
    let git: HashSet<String> = extensions
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["id"] == "vscode.git")
        .flat_map(|e| {
            e["contributes"]["commands"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .filter_map(|c| c["command"].as_str().map(str::to_string))
        .collect();
    assert!(git.len() > 100, "the Git extension's commands were read");
    for action in GIT_ACTIONS {
        let command = action.command.expect("every Git action is a Git command");
        assert!(
            git.contains(command),
            "{command} is not a vscode.git command"
        );
    }
    let registered: Vec<String> =
        serde_json::from_str(&fixture("registered-commands.json")).unwrap();
    for action in FILE_ACTIONS {
        match action.command {
            Some(command) => assert!(
                registered.iter().any(|r| r == command),
                "{command} is not registered"
            ),
            None => assert!(
                SHELL_FILE_ACTIONS.contains(&action.id),
                "{} has no command and no shell side",
                action.id
            ),
        }
    }
}

#[test]
fn builtin_items_against_the_real_catalog_and_merge() {
    let mut catalog = build_catalog(&CatalogSources {
        keybindings_schema: Some(fixture("keybindings-schema.json")),
        default_settings: Some(fixture("default-settings.jsonc")),
        resource_language_schema: Some(fixture("resource-language-settings-schema.json")),
        default_keybindings: Some(fixture("default-keybindings.jsonc")),
        extensions: Some(fixture("extensions.json")),
        registered_commands: Some(fixture("registered-commands.json")),
    });
    let project = {
        let known = Known::from_items(&catalog.items);
        build_project(
            &input(vec![folder("w", &[("Makefile", "all:\n\ttrue\n")])]),
            &known,
        )
    };
    let builtin: Vec<&str> = project
        .items
        .iter()
        .filter(|i| matches!(i.kind, ItemKind::Git | ItemKind::File | ItemKind::Terminal))
        .map(|i| i.id.as_str())
        .collect();
    assert_eq!(
        builtin,
        [
            "git:commit",
            "git:commit-all",
            "git:push",
            "git:pull",
            "git:fetch",
            "git:sync",
            "git:new-branch",
            "git:switch-branch",
            "git:stash",
            "git:pop-stash",
            "git:undo-last-commit",
            "git:discard-changes",
            "file:new",
            "file:rename",
            "file:duplicate",
            "file:delete",
            "file:copy-path",
            "file:copy-relative-path",
            "file:reveal-in-explorer",
            "file:open-recent",
            // code-server has no revealFileInOS, so no "reveal in Finder" item.
            "term:run",
        ]
    );
    let term = project.items.iter().find(|i| i.id == "term:run").unwrap();
    assert_eq!(term.risk, Effect::ReachesShell);
    assert!(project.takes_args("term:run"));
    assert_eq!(project.run("term:run").unwrap().params[0].name, "command");

    let before = catalog.items.len();
    assert!(catalog
        .items
        .iter()
        .any(|i| i.id == "command:git.commitAll"));
    project.merge_into(&mut catalog);
    assert!(
        !catalog
            .items
            .iter()
            .any(|i| i.id == "command:git.commitAll"),
        "wrapped command is not listed twice"
    );
    assert!(
        catalog.items.iter().any(|i| i.id == "command:git.stageAll"),
        "other Git commands stay"
    );
    assert!(catalog.items.iter().any(|i| i.id == "git:commit-all"));
    assert!(catalog.items.iter().any(|i| i.id == "script:make:w:all"));
    let wrapped = 12 + 5; // Git actions and file actions with a VS Code command
    assert_eq!(catalog.items.len(), before - wrapped + project.items.len());
    let ids: HashSet<&str> = catalog.items.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(ids.len(), catalog.items.len());
}

#[test]
fn hosts_without_git_get_no_git_items() {
    let mut known = Known::new();
    known.add_command("workbench.action.openRecent", Effect::Safe);
    known.add_command("revealFileInOS", Effect::Safe);
    let mut workspace = input(Vec::new());
    workspace.os = Os::Macos;
    let catalog = build_project(&workspace, &known);
    let ids: Vec<(&str, &str)> = catalog
        .items
        .iter()
        .map(|i| (i.id.as_str(), i.title.as_str()))
        .collect();
    assert_eq!(
        ids,
        [
            ("file:rename", "File: Rename Active File…"),
            ("file:duplicate", "File: Duplicate Active File…"),
            ("file:delete", "File: Delete Active File (to Trash)"),
            ("file:open-recent", "File: Open Recent…"),
            ("file:reveal-in-os", "File: Reveal Active File in Finder"),
            ("term:run", "Terminal: Run Shell Command…"),
        ]
    );
}
