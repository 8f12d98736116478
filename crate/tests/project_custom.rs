//! Custom commands from `solidus.customCommands`: validation against known commands and setting
//! schemas, and the risk of each macro.

use serde_json::{json, Value};
use solidus_core::catalog::build_catalog;
use solidus_core::project::{
    build_project, parse_custom_commands, CustomStep, Known, ProjectInput,
};
use solidus_core::{Effect, ItemKind, SettingSchema};

fn schemas() -> Vec<(&'static str, SettingSchema)> {
    vec![
        (
            "editor.fontSize",
            SettingSchema::from_json(
                &json!({"type": "number", "minimum": 6, "maximum": 100}),
                None,
            ),
        ),
        (
            "editor.wordWrap",
            SettingSchema::from_json(
                &json!({"type": "string", "enum": ["off", "on", "wordWrapColumn", "bounded"]}),
                None,
            ),
        ),
        (
            "python.defaultInterpreterPath",
            SettingSchema::from_json(&json!({"type": "string"}), None),
        ),
        (
            "files.autoSave",
            SettingSchema::from_json(
                &json!({"type": "string", "enum": ["off", "afterDelay"], "restricted": true}),
                None,
            ),
        ),
    ]
}

fn known<'a>(schemas: &'a [(&'static str, SettingSchema)]) -> Known<'a> {
    let mut known = Known::new();
    known.add_command("editor.action.formatDocument", Effect::Safe);
    known.add_command("workbench.action.files.save", Effect::Safe);
    known.add_command(
        "workbench.action.terminal.sendSequence",
        Effect::ReachesShell,
    );
    for (key, schema) in schemas {
        known.add_setting(key, schema);
    }
    known
}

/// `(name, risk, problems)` of each command read.
fn check(value: Value) -> Vec<(String, Effect, Vec<String>)> {
    let schemas = schemas();
    let (commands, _) = parse_custom_commands(&value, &known(&schemas));
    commands
        .into_iter()
        .map(|c| (c.name, c.risk, c.problems))
        .collect()
}

#[test]
fn a_macro_takes_the_class_of_its_first_risky_step() {
    let table: Vec<(Value, Effect)> = vec![
        (
            json!([{"command": "editor.action.formatDocument"}, {"command": "workbench.action.files.save"}]),
            Effect::Safe,
        ),
        (
            json!([{"setting": "editor.wordWrap", "value": "on"}, {"setting": "editor.fontSize", "value": 14.5}]),
            Effect::Safe,
        ),
        (
            json!([{"command": "editor.action.formatDocument"}, {"terminal": "npm test"}]),
            Effect::ReachesShell,
        ),
        (
            json!([{"setting": "python.defaultInterpreterPath", "value": "/usr/bin/python3"}]),
            Effect::ChangesWhatRuns,
        ),
        (
            // The schema says restricted, so the macro is confirmed.
            json!([{"setting": "files.autoSave", "value": "afterDelay"}]),
            Effect::ChangesTrust,
        ),
        (
            json!([{"command": "workbench.action.terminal.sendSequence", "args": {"text": "ls\n"}}]),
            Effect::ReachesShell,
        ),
    ];
    for (steps, risk) in table {
        let result = check(json!([{"name": "M", "steps": steps.clone()}]));
        assert_eq!(
            result,
            [("M".to_string(), risk, Vec::<String>::new())],
            "{steps}"
        );
    }
}

#[test]
fn bad_steps_are_reported_and_the_macro_is_not_offered() {
    let table: Vec<(Value, &str)> = vec![
        (json!([{"command": "editor.action.formatDocument"}, {"command": "foo.bar"}]), "step 2: unknown command foo.bar"),
        (json!([{"setting": "editor.fontSize", "value": 500}]), "step 1: editor.fontSize: 500 is above the maximum of 100"),
        (json!([{"setting": "editor.wordWrap", "value": "sideways"}]), "step 1: editor.wordWrap: \"sideways\" is not one of \"off\", \"on\", \"wordWrapColumn\", \"bounded\""),
        (json!([{"setting": "editor.fontSize"}]), "step 1: editor.fontSize needs a value"),
        (json!([{"setting": "no.such.setting", "value": 1}]), "step 1: unknown setting no.such.setting"),
        (json!([{"terminal": "   "}]), "step 1: terminal must be non-empty text"),
        (json!([{"terminal": "make\nrm -rf /"}]), "step 1: a terminal command must be one line; use one step per line"),
        (json!([{"command": "editor.action.formatDocument", "arg": 1}]), "step 1: unknown field arg"),
        (json!([{"command": "editor.action.formatDocument", "terminal": "ls"}]), "step 1: has both command and terminal"),
        (json!([{}]), "step 1: needs one of command, setting or terminal"),
        (json!(["editor.action.formatDocument"]), "step 1: not an object"),
        (json!([]), "it has no steps"),
        (json!("editor.action.formatDocument"), "steps must be a list"),
    ];
    for (steps, problem) in table {
        let value = json!([{"name": "Broken", "steps": steps.clone()}]);
        let result = check(value.clone());
        assert_eq!(result.len(), 1);
        assert_eq!(result[0].2, [problem], "{steps}");
        let schemas = schemas();
        let input = ProjectInput {
            custom_commands: Some(value),
            ..Default::default()
        };
        let catalog = build_project(&input, &known(&schemas));
        assert!(
            catalog.items.iter().all(|i| i.kind != ItemKind::Custom),
            "{steps}"
        );
        assert_eq!(catalog.custom_commands.len(), 1);
        let warning = catalog
            .warnings
            .iter()
            .find(|w| w.source == "solidus.customCommands")
            .unwrap();
        assert_eq!(warning.message, format!("Broken: not offered, {problem}"));
    }
}

#[test]
fn every_problem_of_a_macro_is_listed() {
    let result = check(
        json!([{"name": "Two", "steps": [{"command": "nope"}, {"setting": "editor.fontSize", "value": "big"}]}]),
    );
    assert_eq!(
        result[0].2,
        [
            "step 1: unknown command nope",
            "step 2: editor.fontSize: expected a number, got string"
        ]
    );
}

#[test]
fn the_list_itself_is_checked() {
    let schemas = schemas();
    let known = known(&schemas);
    let value = json!([
        {"name": "Save", "steps": [{"command": "workbench.action.files.save"}], "icon": "x", "description": 3},
        {"name": "Save", "steps": [{"command": "workbench.action.files.save"}]},
        {"steps": []},
        {"name": "", "steps": []},
        7
    ]);
    let (commands, warnings) = parse_custom_commands(&value, &known);
    assert_eq!(commands.len(), 1);
    let messages: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "Save: unknown field icon, ignored",
            "Save: description is not text, ignored",
            "Save: the name is used twice, the second is skipped",
            "entry 3 needs a name (a short line of text), skipped",
            "entry 4 needs a name (a short line of text), skipped",
            "entry 5 is not an object, skipped",
        ]
    );
    let (none, warnings) = parse_custom_commands(&json!({"name": "x"}), &known);
    assert!(none.is_empty());
    assert_eq!(warnings[0].message, "expected a list of commands, ignored");
    assert_eq!(
        parse_custom_commands(&Value::Null, &known),
        (Vec::new(), Vec::new())
    );
}

#[test]
fn runnable_macros_become_custom_items_with_their_steps() {
    let schemas = schemas();
    let input = ProjectInput {
        custom_commands: Some(json!([
            {"name": "Tidy", "description": "Format and save", "steps": [
                {"command": "editor.action.formatDocument"},
                {"command": "workbench.action.files.save", "args": {"force": true}}
            ]},
            {"name": "Test", "steps": [{"setting": "editor.wordWrap", "value": "on"}, {"terminal": "npm test"}]}
        ])),
        ..Default::default()
    };
    let catalog = build_project(&input, &known(&schemas));
    let customs: Vec<(&str, &str, Option<&str>, Effect, bool)> = catalog
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Custom)
        .map(|i| {
            (
                i.id.as_str(),
                i.title.as_str(),
                i.detail.as_deref(),
                i.risk,
                i.from_workspace,
            )
        })
        .collect();
    assert_eq!(
        customs,
        [
            (
                "custom:Tidy",
                "Tidy",
                Some("Format and save"),
                Effect::Safe,
                false
            ),
            (
                "custom:Test",
                "Test",
                Some("set editor.wordWrap to \"on\", then run npm test"),
                Effect::ReachesShell,
                false
            ),
        ]
    );
    assert_eq!(
        catalog.custom_commands[0].steps,
        [
            CustomStep::Command {
                command: "editor.action.formatDocument".into(),
                args: None
            },
            CustomStep::Command {
                command: "workbench.action.files.save".into(),
                args: Some(json!({"force": true}))
            },
        ]
    );
    let wire = serde_json::to_value(&catalog.custom_commands[1]).unwrap();
    assert_eq!(
        wire["steps"],
        json!([{"type": "setting", "key": "editor.wordWrap", "value": "on"}, {"type": "terminal", "command": "npm test"}])
    );
    assert_eq!(wire["risk"], json!("reachesShell"));
}

#[test]
fn validation_against_the_real_catalog() {
    let catalog = build_catalog(&solidus_devkit::fixture_sources());
    let known = Known::from_items(&catalog.items);
    let (commands, _) = parse_custom_commands(
        &json!([
            {"name": "Zen", "steps": [{"command": "workbench.action.toggleZenMode"}, {"setting": "editor.fontSize", "value": 16}]},
            {"name": "Huge", "steps": [{"setting": "editor.fontSize", "value": 500}]},
            {"name": "Font", "steps": [{"setting": "terminal.integrated.fontSize", "value": 12}]},
            {"name": "Profile", "steps": [{"setting": "terminal.integrated.defaultProfile.linux", "value": "bash"}]},
            {"name": "Typo", "steps": [{"command": "workbench.action.toggleZenMood"}]}
        ]),
        &known,
    );
    let summary: Vec<(&str, Effect, usize)> = commands
        .iter()
        .map(|c| (c.name.as_str(), c.risk, c.problems.len()))
        .collect();
    assert_eq!(
        summary,
        [
            ("Zen", Effect::Safe, 0),
            ("Huge", Effect::Safe, 1),
            // Cosmetic keys stay free even under `terminal.`.
            ("Font", Effect::Safe, 0),
            ("Profile", Effect::ChangesWhatRuns, 0),
            ("Typo", Effect::Safe, 1)
        ]
    );
}
