//! VS Code tasks as items: which sources are listed, how they read, how an item points back at
//! its task, and that Restricted Mode withholds them.

mod project_common;

use project_common::{build, folder, input};
use solidus_core::project::{TaskInput, TaskRef};
use solidus_core::{Effect, ItemKind};

fn task(name: &str, source: &str, folder: &str, detail: &str) -> TaskInput {
    TaskInput {
        name: name.into(),
        source: source.into(),
        folder: folder.into(),
        detail: detail.into(),
    }
}

fn tasks() -> Vec<TaskInput> {
    vec![
        task("build", "npm", "app", "tsc -p ."),
        task("serve docs", "Workspace", "app", "mkdocs serve"),
        task("tsc: build - tsconfig.json", "typescript", "app", ""),
        task("check", "Cargo", "app", "cargo check"),
        task("", "Workspace", "app", "echo nameless"),
        task("deploy", "Workspace", "", "./deploy.sh"),
    ]
}

#[test]
fn tasks_from_other_providers_become_script_items_and_point_at_their_task() {
    let mut project = input(vec![folder("app", &[])]);
    project.tasks = tasks();
    let catalog = build(&project);
    let listed: Vec<(&str, &str, Option<&str>)> = catalog
        .items
        .iter()
        .filter(|i| i.source == "project:tasks")
        .map(|i| (i.id.as_str(), i.title.as_str(), i.detail.as_deref()))
        .collect();
    // npm and Cargo tasks repeat scripts Solidus reads from the files itself.
    assert_eq!(
        listed,
        [
            (
                "task:Workspace:app:serve docs",
                "Task: serve docs",
                Some("mkdocs serve")
            ),
            (
                "task:typescript:app:tsc: build - tsconfig.json",
                "Task: typescript: tsc: build - tsconfig.json",
                None
            ),
            (
                "task:Workspace::deploy",
                "Task: deploy",
                Some("./deploy.sh")
            ),
        ]
    );
    assert_eq!(
        catalog.tasks,
        [
            TaskRef {
                id: "task:Workspace:app:serve docs".into(),
                index: 1
            },
            TaskRef {
                id: "task:typescript:app:tsc: build - tsconfig.json".into(),
                index: 2
            },
            TaskRef {
                id: "task:Workspace::deploy".into(),
                index: 5
            },
        ]
    );
    for item in catalog.items.iter().filter(|i| i.source == "project:tasks") {
        assert_eq!(item.kind, ItemKind::Script);
        assert_eq!(item.risk, Effect::ReachesShell, "{}", item.id);
        assert!(item.from_workspace);
        assert!(
            catalog.run(&item.id).is_none(),
            "tasks run through VS Code, not a command line"
        );
    }
    assert!(
        catalog
            .warnings
            .iter()
            .any(|w| w.message.contains("has an empty name")),
        "{:?}",
        catalog.warnings
    );
}

#[test]
fn multi_root_task_titles_name_their_folder() {
    let mut project = input(vec![folder("app", &[]), folder("docs", &[])]);
    project.tasks = vec![task("serve", "Workspace", "docs", "")];
    let catalog = build(&project);
    let item = catalog
        .items
        .iter()
        .find(|i| i.source == "project:tasks")
        .unwrap();
    assert_eq!(item.title, "Task: serve (docs)");
}

#[test]
fn restricted_mode_lists_no_task_and_counts_them_as_hidden() {
    let mut project = input(vec![folder(
        "app",
        &[("package.json", r#"{"scripts": {"a": "x"}}"#)],
    )]);
    project.tasks = tasks();
    project.trusted = false;
    let catalog = build(&project);
    assert!(
        catalog.items.iter().all(|i| !i.from_workspace),
        "{:?}",
        catalog.items
    );
    assert!(catalog.tasks.is_empty());
    // One package script and the three listable tasks.
    assert_eq!(catalog.hidden_scripts, 4);
    assert!(catalog
        .restricted
        .as_deref()
        .unwrap()
        .contains("4 workspace scripts"));
}
