//! The plan judgement over VS Code 1.139.1: input lands where earlier steps left the focus, so a
//! chain of harmless-looking steps is judged by what it does together, and its harmless twin is
//! not confirmed. Each case says why it is in the table.

mod agent_common;
mod xorshift;

use serde_json::{json, Value};
use solidus_core::agent::{validate_plan, RawPlan, ValidatedPlan};
use solidus_core::risk::Effect;
use xorshift::Rng;

fn plan(steps: Value) -> ValidatedPlan {
    let raw = RawPlan {
        reply: "r".into(),
        steps: steps.as_array().cloned().expect("steps"),
    };
    validate_plan(&raw, agent_common::fixture())
}

fn cmd(id: &str) -> Value {
    json!({"type": "item", "id": format!("command:{id}")})
}

fn cmd_args(id: &str, args: Value) -> Value {
    json!({"type": "item", "id": format!("command:{id}"), "args": args})
}

fn typed(text: &str) -> Value {
    cmd_args("type", json!({ "text": text }))
}

/// Chains that must be confirmed: (steps, the step's class the chain raises to, words the
/// dialog must name, why).
#[test]
fn chains_that_inject_into_something_sensitive_are_confirmed() {
    let cases: Vec<(Value, Effect, &str, &str)> = vec![
        (
            json!([
                cmd("workbench.action.openSettingsJson"),
                cmd("editor.action.selectAll"),
                typed("{\"chat.tools.global.autoApprove\": true}"),
                cmd("workbench.action.files.save")
            ]),
            Effect::ChangesTrust,
            "types into your user settings (settings.json), opened by step 1",
            "rewrites every guard and trust setting at once",
        ),
        (
            json!([
                cmd("workbench.action.openWorkspaceSettingsFile"),
                cmd("editor.action.clipboardPasteAction")
            ]),
            Effect::ChangesTrust,
            "pastes the clipboard into the workspace settings",
            "the clipboard is text the guard never sees",
        ),
        (
            json!([
                cmd("workbench.action.openGlobalKeybindingsFile"),
                typed(
                    "[{\"key\":\"enter\",\"command\":\"workbench.action.terminal.sendSequence\"}]"
                )
            ]),
            Effect::ChangesWhatRuns,
            "your keybindings (keybindings.json)",
            "a key bound to send a shell line",
        ),
        (
            json!([
                cmd("workbench.action.tasks.openUserTasks"),
                cmd_args("editor.action.insertSnippet", json!({"snippet": "x"}))
            ]),
            Effect::RunsProjectCode,
            "inserts a snippet into the tasks file",
            "tasks are commands that run",
        ),
        (
            json!([cmd("workbench.mcp.openUserMcpJson"), typed("{}")]),
            Effect::InstallsCode,
            "the MCP servers file",
            "MCP servers are programs the editor starts",
        ),
        (
            json!([
                cmd("workbench.action.openSettingsJson"),
                cmd("editor.action.deleteLines"),
                cmd("workbench.action.files.save")
            ]),
            Effect::ChangesTrust,
            "edits your user settings",
            "an edit without typing still changes the file, and saving it counts",
        ),
        (
            json!([typed("x")]),
            Effect::Unreviewed,
            "types into whatever is focused",
            "nothing tells the guard where the text lands",
        ),
        (
            json!([
                cmd("workbench.action.showCommands"),
                cmd("workbench.action.acceptSelectedQuickOpenItem")
            ]),
            Effect::Unreviewed,
            "runs whichever command the palette lists first",
            "the palette's first entry can be any command",
        ),
        (
            json!([
                cmd("workbench.action.quickOpen"),
                typed(">Git: Push"),
                cmd("quickInput.accept")
            ]),
            Effect::Unreviewed,
            "Quick Open",
            "a query the model typed can name any command or task",
        ),
        (
            json!([
                cmd("workbench.action.terminal.new"),
                cmd("editor.action.clipboardPasteAction")
            ]),
            Effect::ReachesShell,
            "pastes the clipboard into a terminal, opened by step 1",
            "a pasted line break runs the line",
        ),
        (
            json!([{"type": "terminal", "command": "ls"}, typed("rm -rf ~\n")]),
            Effect::ReachesShell,
            "types into a terminal",
            "the terminal step leaves the terminal focused",
        ),
        (
            json!([
                cmd("workbench.debug.action.toggleRepl"),
                typed("process.exit()"),
                cmd("repl.action.acceptInput")
            ]),
            Effect::RunsProjectCode,
            "the Debug Console",
            "the console evaluates its input in the debugged program",
        ),
        (
            json!([
                cmd("workbench.action.files.newUntitledFile"),
                cmd("notification.acceptPrimaryAction")
            ]),
            Effect::Unreviewed,
            "presses the main button of a notification",
            "a notification's button can install, trust or run anything",
        ),
        (
            json!([
                cmd("workbench.action.files.newUntitledFile"),
                cmd("workbench.action.toggleZenMode"),
                typed("x")
            ]),
            Effect::Unreviewed,
            "whatever is focused",
            "a command the focus model has no entry for leaves the focus unknown",
        ),
    ];
    for (steps, effect, words, why) in cases {
        let judged = plan(steps.clone());
        assert!(judged.dropped.is_empty(), "{steps}: {:?}", judged.dropped);
        assert!(judged.must_confirm, "{steps}: {why}");
        assert!(
            judged.steps.iter().any(|s| s.risk == effect),
            "{steps}: {why}: {:?}",
            judged.steps.iter().map(|s| s.risk).collect::<Vec<_>>()
        );
        let dialog = judged.summary();
        assert!(
            dialog.contains(words),
            "{why}: the dialog lacks “{words}”:\n{dialog}"
        );
    }
}

/// The harmless twins: the same shapes landing somewhere harmless, which must run without the
/// dialog (over-confirming teaches users to click through).
#[test]
fn harmless_twins_are_not_confirmed() {
    let cases: Vec<(Value, &str)> = vec![
        (
            json!([
                cmd("workbench.action.files.newUntitledFile"),
                typed("hello"),
                cmd("editor.action.formatDocument"),
                typed(" world")
            ]),
            "typing into a new editor, through an in-place edit",
        ),
        (
            json!([
                cmd("workbench.action.files.newUntitledFile"),
                cmd("editor.action.clipboardPasteAction")
            ]),
            "pasting into a new editor",
        ),
        (
            json!([
                cmd("workbench.action.openSettingsJson"),
                cmd("cursorBottom"),
                cmd("editor.action.selectAll"),
                cmd("workbench.action.files.save")
            ]),
            "looking at settings.json and saving it unchanged",
        ),
        (
            json!([
                cmd("workbench.action.quickOpen"),
                cmd("workbench.action.acceptSelectedQuickOpenItem")
            ]),
            "Quick Open without a query opens the file used last",
        ),
        (
            json!([cmd("workbench.action.terminal.new")]),
            "a terminal at its prompt, nothing typed",
        ),
        (
            json!([{"type": "setting", "key": "editor.fontSize", "value": 15}, cmd("workbench.action.files.newUntitledFile"), typed("x")]),
            "a setting write moves no focus",
        ),
    ];
    for (steps, why) in cases {
        let judged = plan(steps.clone());
        assert!(judged.dropped.is_empty(), "{steps}: {:?}", judged.dropped);
        assert!(!judged.must_confirm, "{why}: {}", judged.summary());
    }
}

/// Commands after Quick Open, with their arguments.
type Steps = Vec<(&'static str, Option<Value>)>;

/// Quick Open's query decides what accepting does; a file's name is harmless, a config file's
/// name leads the focus into that file. The query reaches the judgement through a macro or any
/// caller that passes `workbench.action.quickOpen` its string argument.
#[test]
fn quick_open_queries_decide_what_accepting_does() {
    use solidus_core::risk::{judge_plan, ActionKind, PlanAction, Verdict};
    let safe = || Verdict::new(Effect::Safe, "safe");
    let query = |q: &str, then: &[(&str, Option<Value>)]| {
        let q = json!(q);
        let mut actions = vec![PlanAction {
            kind: ActionKind::Command {
                id: "workbench.action.quickOpen",
                args: Some(&q),
            },
            own: safe(),
        }];
        let args: Vec<Option<Value>> = then.iter().map(|(_, a)| a.clone()).collect();
        for ((id, _), args) in then.iter().zip(&args) {
            actions.push(PlanAction {
                kind: ActionKind::Command {
                    id,
                    args: args.as_ref(),
                },
                own: safe(),
            });
        }
        judge_plan(&actions).effect
    };
    let accept = ("workbench.action.acceptSelectedQuickOpenItem", None);
    let cases: &[(&str, Steps, Effect, &str)] = &[
        (
            "src/main.rs",
            vec![accept.clone()],
            Effect::Safe,
            "opens a file",
        ),
        (
            ">Git: Push",
            vec![accept.clone()],
            Effect::Unreviewed,
            "runs a command by name",
        ),
        (
            "task build",
            vec![accept.clone()],
            Effect::RunsProjectCode,
            "runs a task",
        ),
        (
            "ext install evil.ext",
            vec![accept.clone()],
            Effect::InstallsCode,
            "installs an extension",
        ),
        (
            "@main",
            vec![accept.clone()],
            Effect::Safe,
            "moves to a symbol",
        ),
        (
            ".vscode/settings.json",
            vec![accept.clone(), ("type", Some(json!({"text": "{}"})))],
            Effect::ChangesTrust,
            "opens the workspace settings, then types into them",
        ),
        (
            "README.md",
            vec![accept.clone(), ("type", Some(json!({"text": "x"})))],
            Effect::Safe,
            "opens a plain file, then types into it",
        ),
    ];
    for (q, then, effect, why) in cases {
        assert_eq!(query(q, then), *effect, "{q}: {why}");
    }
}

/// A guard lowered and then used: each step is confirmed on its own and the plan as one.
#[test]
fn a_guard_lowered_then_used_is_confirmed_and_raising_is_free() {
    let judged = plan(json!([
        {"type": "setting", "key": "terminal.integrated.enableMultiLinePasteWarning", "value": "never"},
        cmd("workbench.action.terminal.new"),
        cmd("workbench.action.terminal.paste"),
    ]));
    assert!(judged.must_confirm);
    assert_eq!(judged.steps[0].risk, Effect::LowersGuard);
    assert_eq!(judged.steps[2].risk, Effect::ReachesShell);
    let judged = plan(json!([
        {"type": "setting", "key": "terminal.integrated.enableMultiLinePasteWarning", "value": "always"},
        {"type": "setting", "key": "git.confirmForcePush", "value": true},
    ]));
    assert!(
        !judged.must_confirm,
        "raising a guard is free: {}",
        judged.summary()
    );
}

/// Steps that change the focus and steps that need a focus, for the property below.
const POOL: &[&str] = &[
    "workbench.action.openSettingsJson",
    "workbench.action.openGlobalKeybindingsFile",
    "workbench.action.tasks.openUserTasks",
    "workbench.action.files.newUntitledFile",
    "workbench.action.terminal.new",
    "workbench.action.showCommands",
    "workbench.action.quickOpen",
    "workbench.debug.action.toggleRepl",
    "workbench.action.toggleZenMode",
    "editor.action.selectAll",
    "editor.action.deleteLines",
    "editor.action.formatDocument",
    "cursorBottom",
    "editor.action.clipboardPasteAction",
    "workbench.action.acceptSelectedQuickOpenItem",
    "quickInput.accept",
    "repl.action.acceptInput",
    "workbench.action.files.save",
    "git.pushForce",
    "git.stage",
    "type",
];

fn pool_step(rng: &mut Rng) -> Value {
    match rng.below(POOL.len() + 2) {
        n if n == POOL.len() => {
            json!({"type": "setting", "key": "files.hotExit", "value": rng.pick(&["off", "onExitAndWindowClose"])})
        }
        n if n > POOL.len() => json!({"type": "terminal", "command": "ls"}),
        n if POOL[n] == "type" => typed("x"),
        n => cmd(POOL[n]),
    }
}

/// Padding a plan never hides what it does: every step whose own class needs confirmation keeps
/// it, and a plan that needed confirmation still does, when steps are appended, prepended or
/// interleaved. (A step that moves the focus may rightly change where a later injection lands, so
/// the property is stated over what steps are, not over where the focus happens to be; appending
/// never changes an earlier step's verdict at all.)
#[test]
fn padding_a_plan_never_lowers_its_verdict() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..400 {
        let len = 1 + rng.below(4);
        let base: Vec<Value> = (0..len).map(|_| pool_step(&mut rng)).collect();
        let before = plan(Value::Array(base.clone()));
        let own: Vec<bool> = base
            .iter()
            .map(|s| plan(json!([s])).steps[0].risk.needs_confirmation() && !is_injector(s))
            .collect();
        // Append: the steps before keep their verdicts exactly.
        let mut appended = base.clone();
        for _ in 0..1 + rng.below(3) {
            appended.push(pool_step(&mut rng));
        }
        let after = plan(Value::Array(appended));
        for (a, b) in before.steps.iter().zip(&after.steps) {
            assert_eq!(
                (a.risk, &a.risk_reason),
                (b.risk, &b.risk_reason),
                "appending changed a verdict"
            );
        }
        assert!(!before.must_confirm || after.must_confirm);
        // Prepend and interleave: every step's own class still holds.
        let mut mixed = Vec::new();
        let mut origin = Vec::new();
        for _ in 0..rng.below(3) {
            mixed.push(pool_step(&mut rng));
            origin.push(None);
        }
        for (i, step) in base.iter().enumerate() {
            mixed.push(step.clone());
            origin.push(Some(i));
            if rng.below(2) == 0 {
                mixed.push(pool_step(&mut rng));
                origin.push(None);
            }
        }
        let padded = plan(Value::Array(mixed.clone()));
        for (step, from) in padded.steps.iter().zip(&origin) {
            if let Some(i) = from {
                assert!(
                    !own[*i] || step.risk.needs_confirmation(),
                    "a padded plan lowered {}: {mixed:?}",
                    base[*i]
                );
            }
        }
        if own.iter().any(|o| *o) {
            assert!(padded.must_confirm, "{mixed:?}");
        }
    }
}

fn is_injector(step: &Value) -> bool {
    let id = step["id"].as_str().unwrap_or("");
    ["type", "paste", "accept", "Accept", "Paste"]
        .iter()
        .any(|w| id.contains(w))
}

#[test]
fn every_pool_step_is_kept() {
    for id in POOL {
        let step = if *id == "type" { typed("x") } else { cmd(id) };
        let judged = plan(json!([step]));
        assert_eq!(judged.steps.len(), 1, "{id}: {:?}", judged.dropped);
    }
}

/// Custom commands are judged by the same plan judgement, so a macro's badge and its dialog agree.
#[test]
fn custom_commands_are_judged_as_plans() {
    use solidus_core::project::custom::{parse_custom_commands, Known};
    let known = Known::from_items(agent_common::fixture().items());
    let value = json!([
        {"name": "Rewrite settings", "steps": [
            {"command": "workbench.action.openSettingsJson"},
            {"command": "type", "args": {"text": "{}"}}]},
        {"name": "Note", "steps": [
            {"command": "workbench.action.files.newUntitledFile"},
            {"command": "type", "args": {"text": "todo"}}]},
        {"name": "Palette", "steps": [
            {"command": "workbench.action.quickOpen", "args": ">Tasks: Run Task"},
            {"command": "workbench.action.acceptSelectedQuickOpenItem"}]},
    ]);
    let (commands, _) = parse_custom_commands(&value, &known);
    let risks: Vec<Effect> = commands.iter().map(|c| c.risk).collect();
    assert_eq!(
        risks,
        [Effect::ChangesTrust, Effect::Safe, Effect::Unreviewed],
        "settings.json typed into; a new editor typed into; the palette's first command"
    );
}
