//! Hidden characters in workspace names: each family, in a script's name, a script's command line,
//! a task and a custom command, is shown as a mark or refused, always with a warning.

mod project_common;

use project_common::{build, folder, input, warnings};
use solidus_core::hidden::{find_hidden, has_hidden};
use solidus_core::project::{parse_custom_commands, Known, TaskInput};

/// One sample of each family, as an attacker would hide it in a name.
const FAMILIES: [(&str, &str); 6] = [
    ("tag", "\u{E0069}\u{E0067}\u{E006E}"),
    ("bidi override", "\u{202E}"),
    ("bidi isolate", "\u{2067}"),
    ("zero-width", "\u{200B}"),
    ("word joiner", "\u{2060}"),
    ("blank", "\u{3164}"),
];

fn package_json(name: &str, command: &str) -> String {
    serde_json::json!({ "name": "app", "scripts": { name: command } }).to_string()
}

#[test]
fn a_hidden_character_in_a_script_name_refuses_it_since_its_command_line_holds_the_name() {
    for (family, hidden) in FAMILIES {
        let text = package_json(&format!("de{hidden}ploy"), "node deploy.js");
        let catalog = build(&input(vec![folder("app", &[("package.json", &text)])]));
        assert!(
            !catalog
                .items
                .iter()
                .any(|i| i.id.starts_with("script:npm:")),
            "{family}: `npm run` with a hidden name is not offered"
        );
        assert!(catalog.runs.iter().all(|r| !has_hidden(&r.command_line)));
        let said = warnings(&catalog).join("\n");
        assert!(said.contains("is not offered"), "{family}: {said}");
        assert!(
            said.contains("⟨U+"),
            "{family}: the warning shows the character: {said}"
        );
    }
}

#[test]
fn a_hidden_character_in_a_script_body_is_shown_as_a_mark_with_a_warning() {
    for (family, hidden) in FAMILIES {
        let text = package_json("test", &format!("echo ok{hidden} && node test.js"));
        let catalog = build(&input(vec![folder("app", &[("package.json", &text)])]));
        let item = catalog
            .items
            .iter()
            .find(|i| i.id.starts_with("script:npm:"))
            .unwrap_or_else(|| panic!("{family}: the script is listed"));
        // The popup row and the prompt (which list the detail) show where the character is.
        let detail = item.detail.as_deref().unwrap_or("");
        assert!(
            !has_hidden(detail) && detail.contains("⟨U+"),
            "{family}: {detail}"
        );
        assert!(!has_hidden(&item.title));
        let said = warnings(&catalog).join("\n");
        assert!(said.contains("hidden character"), "{family}: {said}");
    }
}

#[test]
fn the_harmless_twin_an_emoji_in_a_script_name_is_left_alone() {
    let text = package_json("ship ❤\u{FE0F}", "node ship.js");
    let catalog = build(&input(vec![folder("app", &[("package.json", &text)])]));
    let item = catalog
        .items
        .iter()
        .find(|i| i.id.starts_with("script:npm:"))
        .expect("listed");
    assert_eq!(item.title, "npm: ship ❤\u{FE0F}");
    assert!(warnings(&catalog).iter().all(|w| !w.contains("hidden")));
}

#[test]
fn a_hidden_character_in_a_task_name_is_shown_as_a_mark() {
    for (family, hidden) in FAMILIES {
        let mut project = input(vec![folder("app", &[])]);
        project.tasks = vec![TaskInput {
            name: format!("build{hidden}"),
            source: "Workspace".into(),
            folder: "app".into(),
            detail: format!("make{hidden} all"),
        }];
        let catalog = build(&project);
        let task = catalog
            .items
            .iter()
            .find(|i| i.id.starts_with("task:"))
            .unwrap_or_else(|| panic!("{family}: the task is listed"));
        assert!(
            !has_hidden(&task.title) && task.title.contains("⟨U+"),
            "{family}: {}",
            task.title
        );
        assert!(!has_hidden(task.detail.as_deref().unwrap_or("")));
        assert!(warnings(&catalog).join("\n").contains("hidden character"));
    }
}

#[test]
fn a_custom_command_whose_terminal_step_hides_text_is_refused() {
    for (family, hidden) in FAMILIES {
        let value = serde_json::json!([{ "name": "ship", "steps": [{ "terminal": format!("git push{hidden}") }] }]);
        let (commands, _) = parse_custom_commands(&value, &Known::new());
        let problems = commands
            .iter()
            .flat_map(|c| c.problems.iter())
            .cloned()
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            problems.contains("hidden character"),
            "{family}: {problems}"
        );
    }
}

#[test]
fn every_family_is_found_by_the_one_function() {
    for (family, hidden) in FAMILIES {
        assert!(!find_hidden(&format!("a{hidden}b")).is_empty(), "{family}");
    }
}
