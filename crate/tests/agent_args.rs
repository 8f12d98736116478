//! Command arguments in plans: checked against the schemas VS Code declares, and `runCommands`
//! opened into steps of its own, each checked and judged.

mod agent_common;

use agent_common::fixture;
use serde_json::json;
use solidus_core::agent::{check_response, StepAction, ValidatedPlan};
use solidus_core::risk::{command_args_verdict, Effect};

fn plan(steps: serde_json::Value) -> ValidatedPlan {
    let text = json!({"reply": "r", "steps": steps}).to_string();
    check_response(&text, fixture()).expect("a readable plan")
}

fn reason(plan: &ValidatedPlan) -> &str {
    assert!(plan.steps.is_empty(), "{:?}", plan.steps);
    &plan.dropped[0].reason
}

#[test]
fn about_a_hundred_commands_take_schema_checked_args() {
    let with_args: Vec<&str> = fixture()
        .items()
        .iter()
        .filter(|i| i.arguments.is_some())
        .filter_map(|i| i.command.as_deref())
        .collect();
    // The fixture declares 101; `_notebook.selectKernel` is private and never listed.
    assert_eq!(with_args.len(), 100, "{with_args:?}");
    for id in [
        "workbench.action.findInFiles",
        "cursorMove",
        "workbench.action.quickOpen",
    ] {
        assert!(with_args.contains(&id), "{id}");
    }
    if std::env::var_os("SOLIDUS_LIST_ARGS").is_some() {
        for item in fixture().items().iter().filter(|i| i.arguments.is_some()) {
            eprintln!("{:?} {}", item.risk, item.id);
        }
    }
}

#[test]
fn valid_args_are_kept_as_json_and_shown() {
    let plan = plan(
        json!([{"type": "item", "id": "command:workbench.action.findInFiles",
        "args": {"query": "TODO", "triggerSearch": true}, "why": "search"}]),
    );
    assert!(plan.dropped.is_empty(), "{:?}", plan.dropped);
    let step = &plan.steps[0];
    match &step.action {
        StepAction::Item {
            command_args, args, ..
        } => {
            assert_eq!(
                command_args,
                &Some(json!({"query": "TODO", "triggerSearch": true}))
            );
            assert_eq!(args, &None);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        step.description,
        r#"Run command Search: Find in Files with: {"query":"TODO","triggerSearch":true}"#
    );
    // The class is the command's, whatever the arguments say.
    assert_eq!(step.risk, Effect::Safe);
    assert!(!plan.must_confirm);
    // A string schema takes text as it is.
    let quick = plan_of_one(
        json!({"type": "item", "id": "command:workbench.action.quickOpen", "args": "main.rs"}),
    );
    assert!(quick.dropped.is_empty(), "{:?}", quick.dropped);
}

fn plan_of_one(step: serde_json::Value) -> ValidatedPlan {
    plan(json!([step]))
}

#[test]
fn invalid_args_are_dropped_with_the_reason() {
    let cases = [
        (
            json!({"query": 3}),
            "args.query must be string, not a number",
        ),
        (
            json!({"query": "x", "runEverything": true}),
            "has no property “runEverything”",
        ),
        (json!(["x"]), "args must be object, not a list"),
    ];
    for (args, expected) in cases {
        let plan = plan_of_one(
            json!({"type": "item", "id": "command:workbench.action.findInFiles", "args": args}),
        );
        assert!(reason(&plan).contains(expected), "{}", reason(&plan));
    }
    let wrong_enum = plan_of_one(
        json!({"type": "item", "id": "command:cursorMove", "args": {"to": "sideways"}}),
    );
    assert!(
        reason(&wrong_enum).contains("args.to must be one of \"left\""),
        "{}",
        reason(&wrong_enum)
    );
    let missing = plan_of_one(json!({"type": "item", "id": "command:cursorMove"}));
    assert!(
        reason(&missing).starts_with("“cursorMove” needs args: {by?: "),
        "{}",
        reason(&missing)
    );
    let required_property =
        plan_of_one(json!({"type": "item", "id": "command:cursorMove", "args": {"by": "line"}}));
    assert!(
        reason(&required_property).contains("needs the property “to”"),
        "{}",
        reason(&required_property)
    );
    // A command VS Code declares no schema for still takes none.
    let none = plan_of_one(
        json!({"type": "item", "id": "command:editor.action.formatDocument", "args": {"x": 1}}),
    );
    assert!(reason(&none).contains("takes no args"), "{}", reason(&none));
    // Argument text is shown in the dialog, so it must read true.
    let hidden = plan_of_one(
        json!({"type": "item", "id": "command:workbench.action.findInFiles", "args": {"query": "a\u{202E}b"}}),
    );
    assert!(
        reason(&hidden).contains("invisible character U+202E"),
        "{}",
        reason(&hidden)
    );
}

#[test]
fn run_commands_becomes_one_judged_step_per_command() {
    let plan = plan_of_one(
        json!({"type": "item", "id": "command:runCommands", "args": {"commands": [
            {"command": "cursorMove", "args": {"to": "down", "value": 2}},
            "editor.action.formatDocument",
            "workbench.action.terminal.runSelectedText"
        ]}}),
    );
    assert!(plan.dropped.is_empty(), "{:?}", plan.dropped);
    let commands: Vec<Option<&str>> = plan
        .steps
        .iter()
        .map(|s| match &s.action {
            StepAction::Item { command, .. } => command.as_deref(),
            _ => None,
        })
        .collect();
    assert_eq!(
        commands,
        [
            Some("cursorMove"),
            Some("editor.action.formatDocument"),
            Some("workbench.action.terminal.runSelectedText")
        ]
    );
    assert!(plan.steps.iter().all(|s| s.step == 0));
    // The nested shell command is judged as itself, so the plan is confirmed.
    assert_eq!(plan.steps[2].risk, Effect::ReachesShell);
    assert!(plan.must_confirm);
    assert!(
        plan.confirmation.detail.contains("⚠ reaches a shell"),
        "{}",
        plan.confirmation.detail
    );
}

#[test]
fn run_commands_is_refused_whole_when_one_command_fails() {
    let refused = [
        (
            json!({"commands": ["editor.action.formatDocument", "invented.command"]}),
            "runCommands command 2: unknown command “invented.command”",
        ),
        (
            json!({"commands": [{"command": "runCommands", "args": {"commands": []}}]}),
            "runCommands inside runCommands is not accepted",
        ),
        (
            json!({"commands": [{"command": "cursorMove", "args": {"to": "nowhere"}}]}),
            "runCommands command 1: “cursorMove”: args.to must be one of",
        ),
        (
            json!({"commands": [{"command": "editor.action.formatDocument", "args": {"a": 1}}]}),
            "takes no args",
        ),
        (
            json!({"commands": [{"command": "cursorMove", "args": {"to": "up"}, "when": "true"}]}),
            "unknown field “when”",
        ),
        (json!({"commands": []}), "needs args"),
        (json!({"commands": ["cursorUp"], "extra": 1}), "needs args"),
        (json!(null), "needs args"),
    ];
    for (args, expected) in refused {
        let plan = plan_of_one(json!({"type": "item", "id": "command:runCommands", "args": args}));
        assert!(
            reason(&plan).contains(expected),
            "{args}: {}",
            reason(&plan)
        );
    }
    // Arguments can raise a class: a named terminal profile starts without the user picking it.
    // (The fixture's editor has no profiles, so its schema allows none; the guard is asked here.)
    let profile = fixture()
        .get("command:workbench.action.terminal.newWithProfile")
        .expect("in the catalog");
    assert_eq!(profile.risk, Effect::Safe);
    let verdict = command_args_verdict(profile, Some(&json!({"profileName": "bash"})));
    assert_eq!(verdict.effect, Effect::ReachesShell);
    assert_eq!(command_args_verdict(profile, None).effect, Effect::Safe);
    let long: Vec<&str> = std::iter::repeat_n("cursorUp", 11).collect();
    let plan = plan_of_one(
        json!({"type": "item", "id": "command:runCommands", "args": {"commands": long}}),
    );
    assert!(
        reason(&plan).contains("longer than 10 steps"),
        "{}",
        reason(&plan)
    );
}

#[test]
fn the_prompt_shows_a_shortlisted_commands_schema_compactly() {
    use solidus_core::agent::{prepare_request, PromptContext, ShortlistOptions};
    let prepared = prepare_request(
        fixture(),
        "find in files",
        &PromptContext::default(),
        &ShortlistOptions::default(),
    )
    .expect("a prompt");
    let line = prepared
        .prompt
        .user
        .lines()
        .find(|l| l.starts_with("command:workbench.action.findInFiles |"))
        .expect("find in files is shortlisted");
    assert!(
        line.ends_with("| args optional {filesToExclude?: string, filesToInclude?: string, isCaseSensitive?: boolean, isRegex?: boolean, matchWholeWord?: boolean, onlyOpenEditors?: boolean, preserveCase?: boolean, query?: string, replace?: string, showIncludesExcludes?: boolean, triggerSearch?: boolean, useExcludeSettingsAndIgnoreFiles?: boolean}"),
        "{line}"
    );
    // runCommands says what it takes in Solidus's words, not VS Code's enum of every command.
    let run = prepare_request(
        fixture(),
        "run commands",
        &PromptContext::default(),
        &ShortlistOptions::default(),
    )
    .expect("a prompt");
    let line = run
        .prompt
        .user
        .lines()
        .find(|l| l.starts_with("command:runCommands |"))
        .expect("runCommands is shortlisted");
    assert!(
        line.ends_with(
            "| args {commands: (command id | {command: command id, args?: its args})[]}"
        ),
        "{line}"
    );
    // Commands without a schema keep their three columns.
    assert!(prepared
        .prompt
        .user
        .lines()
        .filter(|l| l.starts_with("command:"))
        .any(|l| !l.contains("| args ")));
}

#[test]
fn find_lists_entries_with_setting_facts_and_args() {
    use solidus_core::agent::{find_text, MAX_FIND_ENTRIES};
    let text = find_text(fixture(), "font size", 10).expect("entries");
    assert!(text.starts_with("Actions (id | kind | title | args, for commands that take them):\n"));
    assert!(
        text.contains("\neditor.fontSize | number | any | 6 to 100\n")
            || text.contains("\neditor.fontSize | number |"),
        "{text}"
    );
    // Ten entries, their settings again with facts, two headers.
    assert!(text.lines().filter(|l| l.contains(" | ")).count() <= 10 + 10 + 2);
    let search = find_text(fixture(), "find in files", 20).expect("entries");
    assert!(
        search.contains("command:workbench.action.findInFiles | command | "),
        "{search}"
    );
    assert!(search.contains("| args optional {"), "{search}");
    assert!(find_text(fixture(), "  ", 5).is_err());
    let many = find_text(fixture(), "editor", 1000).expect("entries");
    let actions = many
        .split("\nSettings")
        .next()
        .unwrap_or_default()
        .lines()
        .count()
        - 1;
    assert!(actions <= MAX_FIND_ENTRIES, "{actions}");
}
