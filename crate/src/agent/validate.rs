//! The plan validator: checks every step the model wrote against the catalog, drops what is
//! unknown or malformed with a reason, cuts long plans, describes each kept step in plain words
//! and decides whether the plan must be confirmed.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::args::CommandArgs;
use crate::item::{Item, ItemKind};
use crate::rank::Index;
use crate::risk::{self, Effect, Verdict};

use super::parse::{kind_of, RawPlan};
use super::{ellipsize, is_hidden_char, one_line, terminal_item, MAX_STEPS, TERMINAL_ITEM_ID};

/// Shell command lines longer than this are dropped: a confirmation dialog cannot show them
/// in a way anyone reads.
pub const MAX_COMMAND_CHARS: usize = 2000;

/// Names and keys quoted in reasons are cut to this length.
const MAX_QUOTED_CHARS: usize = 80;

/// The model's `why` is cut to this length for display.
const MAX_WHY_CHARS: usize = 200;

/// Whether an item takes `args`.
///
/// The rule, by kind: the terminal (`term:run`) requires the shell command line; a slash command
/// takes optional argument text (what follows `/name`). Nothing else takes arguments by default:
/// commands are run without any (letting a model pass arguments to arbitrary commands would make
/// `workbench.action.terminal.sendSequence`-like commands into a shell), and scripts, custom
/// commands, packs, Git and file actions run as the catalog defines them. The caller may say
/// otherwise per item with [`ValidateOptions::arguments`], e.g. for a justfile recipe whose run
/// spec has parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Arguments {
    None,
    Optional,
    Required,
}

/// The argument rule for an item by its kind; see [`Arguments`].
pub fn item_arguments(item: &Item) -> Arguments {
    match item.kind {
        ItemKind::Terminal => Arguments::Required,
        ItemKind::Slash => Arguments::Optional,
        _ => Arguments::None,
    }
}

/// What the caller knows beyond the catalog items themselves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateOptions {
    /// Item id → whether it takes `args`, overriding [`item_arguments`]; for example every
    /// project item whose run spec has parameters (required when any parameter is).
    pub arguments: BTreeMap<String, Arguments>,
}

/// What a kept step does, with the catalog's names for it (never the model's).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum StepAction {
    /// Runs a catalog item; `command` is the VS Code command id for command items.
    Item {
        id: String,
        kind: ItemKind,
        title: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        command: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        args: Option<String>,
        /// The JSON argument of a command whose schema VS Code declares; it passed that schema.
        #[serde(
            rename = "commandArgs",
            default,
            skip_serializing_if = "Option::is_none"
        )]
        command_args: Option<Value>,
    },
    /// Writes a setting; the value has passed the schema check.
    Setting {
        key: String,
        title: String,
        value: Value,
    },
    /// Runs a shell command line in the terminal.
    Terminal { command: String },
}

/// A step that passed every check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanStep {
    /// Position in the model's `steps` list, from 0.
    pub step: usize,
    #[serde(flatten)]
    pub action: StepAction,
    /// The model's few words on why; display only.
    pub why: String,
    /// The step in plain words for the confirmation dialog; shell commands appear in full.
    pub description: String,
    /// What the step can do, from the catalog and the reviewed rules (never the model's text).
    pub risk: Effect,
    /// The class in plain words, for the dialog (`acts on a remote`).
    pub risk_label: String,
    /// Why the step is in its class (`sends commits to a remote; …`).
    pub risk_reason: String,
    /// The exact line it sends to a shell, when it reaches one: a terminal step's command, a
    /// script's or pack's command line with its arguments, a task's or custom command's steps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command_line: Option<String>,
}

/// A step the validator refused, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DroppedStep {
    /// Position in the model's `steps` list, from 0.
    pub step: usize,
    pub reason: String,
}

/// What the shell does with a validated plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Outcome {
    /// Show the plan (or, when allowed, skip the dialog) and run its steps.
    Run,
    /// No step is left: show the model's reply as a message and run nothing.
    ReplyOnly,
}

/// The plan after validation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidatedPlan {
    pub reply: String,
    pub steps: Vec<PlanStep>,
    pub dropped: Vec<DroppedStep>,
    /// How many of the model's steps were cut off unread after the first `MAX_STEPS` kept ones.
    pub cut: usize,
    /// True exactly when a kept step's class needs confirmation; then the plan is always
    /// confirmed, whatever `solidus.ai.confirmBeforeRun` says.
    pub must_confirm: bool,
    pub outcome: Outcome,
    /// What the dialog shows: see [`ValidatedPlan::confirmation`].
    pub confirmation: Confirmation,
}

/// The plan's dialog, in the words the user reads.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Confirmation {
    /// The title line: the model's reply, or a plain question when it sent none.
    pub message: String,
    /// Numbered steps with the model's `why`; on every step whose class needs confirmation that
    /// class and its reason; the exact shell line where the description lacks it; then what was
    /// left out or cut, so the user knows the plan is not all the model asked for.
    pub detail: String,
}

impl ValidatedPlan {
    /// The dialog's text, worked out from the steps as they are now.
    pub fn confirmation(&self) -> Confirmation {
        let reply = one_line(&self.reply);
        let message = if reply.is_empty() {
            "Run this plan?".to_string()
        } else {
            reply
        };
        let mut lines: Vec<String> = self
            .steps
            .iter()
            .enumerate()
            .map(|(n, step)| {
                let mut line = format!("{}. {}", n + 1, step.description);
                if !step.why.is_empty() {
                    line.push_str(&format!("  ({})", step.why));
                }
                if step.risk.needs_confirmation() {
                    line.push_str(&format!("\n   ⚠ {}: {}", step.risk_label, step.risk_reason));
                }
                if let Some(shell) = step
                    .command_line
                    .as_deref()
                    .filter(|l| !l.is_empty() && !step.description.contains(*l))
                {
                    line.push_str(&format!("\n   $ {shell}"));
                }
                line
            })
            .collect();
        if !self.dropped.is_empty() {
            let reasons: Vec<&str> = self.dropped.iter().map(|d| d.reason.as_str()).collect();
            lines.push(String::new());
            lines.push(format!(
                "Left out ({}): {}",
                self.dropped.len(),
                reasons.join("; ")
            ));
        }
        if self.cut > 0 {
            lines.push(String::new());
            lines.push(format!(
                "{} more step{} cut off (at most {MAX_STEPS} run).",
                self.cut,
                if self.cut == 1 { "" } else { "s" }
            ));
        }
        Confirmation {
            message,
            detail: lines.join("\n"),
        }
    }

    /// The title and the detail as one text, as a plain dialog shows them.
    pub fn summary(&self) -> String {
        let Confirmation { message, detail } = &self.confirmation;
        if detail.is_empty() {
            message.clone()
        } else {
            format!("{message}\n{detail}")
        }
    }

    /// Sets each step's shell line from what the caller knows of the items (run specs, tasks,
    /// custom commands), then the dialog's text again. Terminal steps keep their own command.
    pub fn with_command_lines(
        mut self,
        line: impl Fn(&str, Option<&str>) -> Option<String>,
    ) -> Self {
        for step in &mut self.steps {
            if let StepAction::Item { id, kind, args, .. } = &step.action {
                if *kind != ItemKind::Terminal {
                    step.command_line = line(id, args.as_deref());
                }
            }
        }
        self.confirmation = self.confirmation();
        self
    }
}

/// Checks every step against the whole catalog (not only the shortlist: any real item is fine).
/// Unknown ids and keys are dropped, never guessed at; values must pass the setting's schema;
/// at most `MAX_STEPS` steps are kept and the rest are cut unread.
/// Cost: one hash lookup and one schema check per step.
pub fn validate_plan(plan: &RawPlan, index: &Index) -> ValidatedPlan {
    validate_plan_with(plan, index, &ValidateOptions::default())
}

/// [`validate_plan`] with per-item argument rules.
pub fn validate_plan_with(
    plan: &RawPlan,
    index: &Index,
    options: &ValidateOptions,
) -> ValidatedPlan {
    let mut steps = Vec::new();
    let mut dropped = Vec::new();
    let mut cut = 0;
    for (position, raw) in plan.steps.iter().enumerate() {
        if steps.len() == MAX_STEPS {
            cut = plan.steps.len() - position;
            break;
        }
        match check_step(raw, index, options) {
            Ok(actions) if steps.len() + actions.len() > MAX_STEPS => dropped.push(DroppedStep {
                step: position,
                reason: format!(
                    "its {} commands would make the plan longer than {MAX_STEPS} steps",
                    actions.len()
                ),
            }),
            Ok(actions) => {
                for (action, verdict) in actions {
                    let description = describe(&action);
                    steps.push(PlanStep {
                        step: position,
                        why: why_of(raw),
                        description,
                        risk: verdict.effect,
                        risk_label: verdict.effect.label().to_string(),
                        risk_reason: verdict.reason.into_owned(),
                        command_line: own_command_line(&action),
                        action,
                    });
                }
            }
            Err(reason) => dropped.push(DroppedStep {
                step: position,
                reason,
            }),
        }
    }
    // A plan is judged as one: input lands where earlier steps left the focus, so a step takes
    // the class of what it types into, and one class that needs confirmation is enough.
    let must_confirm = judge_steps(&mut steps).must_confirm();
    let outcome = if steps.is_empty() {
        Outcome::ReplyOnly
    } else {
        Outcome::Run
    };
    let mut validated = ValidatedPlan {
        reply: plan.reply.clone(),
        steps,
        dropped,
        cut,
        must_confirm,
        outcome,
        confirmation: Confirmation::default(),
    };
    validated.confirmation = validated.confirmation();
    validated
}

/// Runs THE plan judgement ([`risk::judge_plan`]) over the kept steps and writes each step's
/// verdict in the plan back to it: a step is only ever raised, never lowered.
fn judge_steps(steps: &mut [PlanStep]) -> risk::PlanJudgement {
    let actions: Vec<risk::PlanAction> = steps
        .iter()
        .map(|step| risk::PlanAction {
            kind: match &step.action {
                StepAction::Item {
                    kind: ItemKind::Command,
                    command: Some(id),
                    command_args,
                    ..
                } => risk::ActionKind::Command {
                    id,
                    args: command_args.as_ref(),
                },
                StepAction::Setting { .. } => risk::ActionKind::Setting,
                StepAction::Terminal { .. } => risk::ActionKind::Terminal,
                StepAction::Item {
                    kind: ItemKind::Terminal,
                    ..
                } => risk::ActionKind::Terminal,
                StepAction::Item { .. } => risk::ActionKind::Other,
            },
            own: Verdict::new(step.risk, step.risk_reason.clone()),
        })
        .collect();
    let judgement = risk::judge_plan(&actions);
    for (step, verdict) in steps.iter_mut().zip(&judgement.steps) {
        if verdict.effect != step.risk || verdict.reason != step.risk_reason {
            step.risk = verdict.effect;
            step.risk_label = verdict.effect.label().to_string();
            step.risk_reason = verdict.reason.to_string();
        }
    }
    judgement
}

/// The shell line a step carries by itself: a terminal step's command, the terminal item's
/// argument. Other items learn theirs from [`ValidatedPlan::with_command_lines`].
fn own_command_line(action: &StepAction) -> Option<String> {
    match action {
        StepAction::Terminal { command } => Some(command.clone()),
        StepAction::Item {
            kind: ItemKind::Terminal,
            args,
            ..
        } => args.clone(),
        _ => None,
    }
}

type Checked = Result<(StepAction, Verdict), String>;

/// One model step becomes one action, or several when it is `runCommands`.
fn check_step(
    raw: &Value,
    index: &Index,
    options: &ValidateOptions,
) -> Result<Vec<(StepAction, Verdict)>, String> {
    let Some(step) = raw.as_object() else {
        return Err(format!("the step is {}, not an object", kind_of(raw)));
    };
    match step.get("type") {
        Some(Value::String(t)) if t == "item" => check_item(step, index, options),
        Some(Value::String(t)) if t == "setting" => check_setting(step, index).map(|a| vec![a]),
        Some(Value::String(t)) if t == "terminal" => check_terminal(step).map(|a| vec![a]),
        Some(Value::String(t)) => Err(format!(
            "unknown step type “{}”; only item, setting and terminal steps exist",
            quoted(t)
        )),
        Some(other) => Err(format!("the step's type is {}, not text", kind_of(other))),
        None => Err("the step has no type".to_string()),
    }
}

fn check_item(
    step: &Map<String, Value>,
    index: &Index,
    options: &ValidateOptions,
) -> Result<Vec<(StepAction, Verdict)>, String> {
    let id = match step.get("id") {
        Some(Value::String(id)) => id,
        Some(other) => return Err(format!("the item id is {}, not text", kind_of(other))),
        None => return Err("the item step has no id".to_string()),
    };
    // term:run is built in (product.md §1); it is known even when the catalog lacks it.
    let builtin;
    let item = match index.get(id) {
        Some(item) => item,
        None if id == TERMINAL_ITEM_ID => {
            builtin = terminal_item();
            &builtin
        }
        None => return Err(format!("unknown item “{}”", quoted(id))),
    };
    if item.kind == ItemKind::Setting {
        return Err(format!(
            "“{}” is a setting; a setting step with a value changes it",
            quoted(id)
        ));
    }
    if let Some(rule) = item
        .arguments
        .as_deref()
        .filter(|_| item.kind == ItemKind::Command)
    {
        let value = step.get("args").filter(|v| !v.is_null());
        if item.command.as_deref() == Some(RUN_COMMANDS) {
            return expand_run_commands(item, value, index);
        }
        return check_command_args(item, rule, value).map(|a| vec![a]);
    }
    let rule = options
        .arguments
        .get(&item.id)
        .copied()
        .unwrap_or_else(|| item_arguments(item));
    let args = match step.get("args") {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) if text.trim().is_empty() => None,
        Some(Value::String(text)) => Some(text.clone()),
        Some(_) if rule == Arguments::None => {
            return Err(format!("“{}” takes no args", quoted(id)));
        }
        Some(other) => {
            return Err(format!(
                "the args for “{}” are {}, not text",
                quoted(id),
                kind_of(other)
            ))
        }
    };
    match (rule, &args) {
        (Arguments::None, Some(_)) => {
            return Err(format!("“{}” takes no args", quoted(id)));
        }
        (Arguments::Required, None) if item.kind == ItemKind::Terminal => {
            return Err(format!(
                "“{}” needs the shell command line as its args",
                quoted(id)
            ));
        }
        (Arguments::Required, None) => {
            return Err(format!("“{}” needs args", quoted(id)));
        }
        _ => {}
    }
    if let Some(text) = &args {
        // Arguments end up in a shell or a template; they are shown in full, so must read true.
        let what = if item.kind == ItemKind::Terminal {
            "the shell command"
        } else {
            "the argument text"
        };
        check_visible_text(text, what)?;
    }
    let verdict = risk::item_verdict(item);
    Ok(vec![(
        StepAction::Item {
            id: item.id.clone(),
            kind: item.kind,
            title: item.title.clone(),
            command: item.command.clone(),
            args,
            command_args: None,
        },
        verdict,
    )])
}

/// The VS Code command that runs a list of other commands.
pub const RUN_COMMANDS: &str = "runCommands";

/// A command with a declared argument schema: the value must pass it, every string in it must
/// read true, and the guard judges the command with its arguments (they can only raise it).
fn check_command_args(item: &Item, rule: &CommandArgs, value: Option<&Value>) -> Checked {
    let name = quoted(item.command.as_deref().unwrap_or(&item.id));
    match value {
        None if rule.required => {
            return Err(format!("“{name}” needs args: {}", rule.schema.text()))
        }
        None => {}
        Some(value) => {
            rule.schema
                .check(value)
                .map_err(|problem| format!("“{name}”: {problem}"))?;
            check_visible_strings(value)?;
            let chars = value.to_string().chars().count();
            if chars > MAX_COMMAND_CHARS {
                return Err(format!(
                    "the args for “{name}” are {chars} characters long; at most {MAX_COMMAND_CHARS} can be shown for confirmation"
                ));
            }
        }
    }
    Ok((
        StepAction::Item {
            id: item.id.clone(),
            kind: item.kind,
            title: item.title.clone(),
            command: item.command.clone(),
            args: None,
            command_args: value.cloned(),
        },
        risk::command_args_verdict(item, value),
    ))
}

/// `runCommands` never runs as itself: each command it lists is looked up, checked and judged
/// as a step of its own, and one that fails refuses the whole step. Nesting is refused, so the
/// guard sees every command that will run.
fn expand_run_commands(
    item: &Item,
    value: Option<&Value>,
    index: &Index,
) -> Result<Vec<(StepAction, Verdict)>, String> {
    let list = value
        .and_then(|v| v.get("commands"))
        .and_then(Value::as_array)
        .filter(|_| {
            value
                .and_then(Value::as_object)
                .is_some_and(|o| o.len() == 1)
        });
    let Some(list) = list.filter(|l| !l.is_empty()) else {
        return Err(format!(
            "“{}” needs args {{\"commands\": [...]}} listing the commands to run",
            RUN_COMMANDS
        ));
    };
    debug_assert_eq!(item.command.as_deref(), Some(RUN_COMMANDS));
    let mut actions = Vec::with_capacity(list.len());
    for (n, entry) in list.iter().enumerate() {
        let at = n + 1;
        let (id, args) = match entry {
            Value::String(id) => (id.as_str(), None),
            Value::Object(map) => {
                if let Some(extra) = map.keys().find(|k| *k != "command" && *k != "args") {
                    return Err(format!(
                        "{RUN_COMMANDS} command {at} has the unknown field “{}”",
                        quoted(extra)
                    ));
                }
                match map.get("command") {
                    Some(Value::String(id)) => (id.as_str(), map.get("args")),
                    _ => return Err(format!("{RUN_COMMANDS} command {at} names no command")),
                }
            }
            other => {
                return Err(format!(
                    "{RUN_COMMANDS} command {at} is {}, not a command",
                    kind_of(other)
                ))
            }
        };
        let nested = index
            .get(&format!("command:{id}"))
            .filter(|i| i.kind == ItemKind::Command);
        let Some(nested) = nested else {
            return Err(format!(
                "{RUN_COMMANDS} command {at}: unknown command “{}”",
                quoted(id)
            ));
        };
        if nested.command.as_deref() == Some(RUN_COMMANDS) {
            return Err(format!(
                "{RUN_COMMANDS} inside {RUN_COMMANDS} is not accepted"
            ));
        }
        let args = args.filter(|v| !v.is_null());
        let checked = match nested.arguments.as_deref() {
            Some(rule) => check_command_args(nested, rule, args),
            None if args.is_some() => Err(format!("“{}” takes no args", quoted(id))),
            None => check_command_args(nested, &CommandArgs::default(), None),
        };
        actions.push(checked.map_err(|reason| format!("{RUN_COMMANDS} command {at}: {reason}"))?);
    }
    Ok(actions)
}

/// Every string inside a command's arguments is shown in the dialog, so it must read true.
fn check_visible_strings(value: &Value) -> Result<(), String> {
    match value {
        Value::String(text) => check_visible_text(text, "the argument text"),
        Value::Array(list) => list.iter().try_for_each(check_visible_strings),
        Value::Object(map) => map.iter().try_for_each(|(k, v)| {
            check_visible_text(k, "the argument text")?;
            check_visible_strings(v)
        }),
        _ => Ok(()),
    }
}

fn check_setting(step: &Map<String, Value>, index: &Index) -> Checked {
    let key = match step.get("key") {
        Some(Value::String(key)) => key,
        Some(other) => return Err(format!("the setting key is {}, not text", kind_of(other))),
        None => return Err("the setting step has no key".to_string()),
    };
    // The key as listed, or the item id (`setting:<key>`) the model saw on the same list.
    let item = index
        .get(&format!("setting:{key}"))
        .or_else(|| index.get(key).filter(|_| key.starts_with("setting:")))
        .filter(|item| item.kind == ItemKind::Setting);
    let Some(item) = item else {
        return Err(format!("unknown setting “{}”", quoted(key)));
    };
    let real_key = item.key.clone().unwrap_or_else(|| key.clone());
    let Some(schema) = item.setting.as_ref() else {
        return Err(format!(
            "“{}” has no schema to check a value against",
            quoted(&real_key)
        ));
    };
    let Some(value) = step.get("value") else {
        return Err(format!("no value for “{}”", quoted(&real_key)));
    };
    if let Err(problem) = schema.check(value) {
        return Err(format!("{}: {problem}", quoted(&real_key)));
    }
    let verdict = risk::setting_change_verdict(&real_key, Some(schema), value);
    check_shell_text_value(&real_key, value, verdict.effect)?;
    Ok((
        StepAction::Setting {
            title: item.title.clone(),
            key: real_key,
            value: value.clone(),
        },
        verdict,
    ))
}

/// A setting value that names what runs (a terminal profile's path and args, a command in a
/// setting) is shell text: it gets a terminal step's checks, visible characters only and a length
/// the dialog can show in full (it shows the value whole).
pub fn check_shell_text_value(key: &str, value: &Value, effect: Effect) -> Result<(), String> {
    if !matches!(
        effect,
        Effect::ChangesWhatRuns | Effect::ReachesShell | Effect::RunsProjectCode
    ) {
        return Ok(());
    }
    let chars = value.to_string().chars().count();
    if chars > MAX_COMMAND_CHARS {
        return Err(format!(
            "the value for “{}” is {chars} characters long; at most {MAX_COMMAND_CHARS} can be shown for confirmation",
            quoted(key)
        ));
    }
    check_visible_strings(value).map_err(|e| format!("{}: {e}", quoted(key)))
}

fn check_terminal(step: &Map<String, Value>) -> Checked {
    let command = match step.get("command") {
        Some(Value::String(command)) if !command.trim().is_empty() => command,
        Some(Value::String(_)) => return Err("the terminal command is empty".to_string()),
        Some(other) => {
            return Err(format!(
                "the terminal command is {}, not text",
                kind_of(other)
            ))
        }
        None => return Err("the terminal step has no command".to_string()),
    };
    check_visible_text(command, "the shell command")?;
    Ok((
        StepAction::Terminal {
            command: command.clone(),
        },
        risk::item_verdict(&super::terminal_item()),
    ))
}

/// Text bound for a shell must be shown in full and read as what it is: no control characters
/// besides newline and tab (an escape sequence or carriage return can hide text in a terminal),
/// no invisible or direction-changing characters, and not too long to read.
fn check_visible_text(text: &str, what: &str) -> Result<(), String> {
    let chars = text.chars().count();
    if chars > MAX_COMMAND_CHARS {
        return Err(format!(
            "{what} is {chars} characters long; at most {MAX_COMMAND_CHARS} can be shown for confirmation"
        ));
    }
    if let Some(c) = text
        .chars()
        .find(|&c| (c.is_control() && c != '\n' && c != '\t') || is_hidden_char(c))
    {
        return Err(format!(
            "{what} contains the invisible character U+{:04X}, which could hide what it does",
            c as u32
        ));
    }
    Ok(())
}

/// The plain-language line for the confirmation dialog. Titles come from the catalog; values
/// are JSON so a string reads as one (`"on"`); shell commands are never shortened.
fn describe(action: &StepAction) -> String {
    match action {
        StepAction::Setting { title, value, .. } => {
            format!("Set {} = {}", one_line(title), one_line(&value.to_string()))
        }
        StepAction::Terminal { command } => format!("Run in terminal: {command}"),
        StepAction::Item {
            kind,
            title,
            args,
            command_args,
            ..
        } => {
            let title = one_line(title);
            let base = match kind {
                ItemKind::Terminal => match args {
                    Some(args) => return format!("Run in terminal: {args}"),
                    None => format!("Run {title}"),
                },
                ItemKind::Command => format!("Run command {title}"),
                ItemKind::Script => format!("Run script {title}"),
                ItemKind::Git => format!("Run Git action {title}"),
                ItemKind::File => format!("Run file action {title}"),
                ItemKind::Custom => format!("Run custom command {title}"),
                ItemKind::Pack => format!("Run pack {title}"),
                ItemKind::Slash => format!("Run slash command {title}"),
                ItemKind::Setting => format!("Change {title}"),
            };
            // Arguments passed the visibility check, so they are shown exactly as given.
            match (args, command_args) {
                (Some(args), _) => format!("{base} with: {args}"),
                (None, Some(value)) => format!("{base} with: {value}"),
                (None, None) => base,
            }
        }
    }
}

fn why_of(step: &Value) -> String {
    match step.get("why") {
        Some(Value::String(why)) => ellipsize(&one_line(why), MAX_WHY_CHARS),
        _ => String::new(),
    }
}

/// A model-written name inside a reason: short, with every character visible, spaces included,
/// so a reason never shows a name that looks like a real one but is not.
fn quoted(text: &str) -> String {
    let visible: String = text
        .chars()
        .map(|c| {
            if c.is_control() || is_hidden_char(c) {
                crate::hidden::mark(c)
            } else {
                c.to_string()
            }
        })
        .collect();
    ellipsize(&visible, MAX_QUOTED_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn descriptions_read_as_the_dialog_shows_them() {
        let set = StepAction::Setting {
            key: "editor.wordWrap".into(),
            title: "Editor: Word Wrap".into(),
            value: json!("on"),
        };
        assert_eq!(describe(&set), "Set Editor: Word Wrap = \"on\"");
        let run = StepAction::Item {
            id: "command:editor.action.toggleWordWrap".into(),
            kind: ItemKind::Command,
            title: "View: Toggle Word Wrap".into(),
            command: Some("editor.action.toggleWordWrap".into()),
            args: None,
            command_args: None,
        };
        assert_eq!(describe(&run), "Run command View: Toggle Word Wrap");
        let shell = StepAction::Terminal {
            command: "rm -rf node_modules && npm ci && npm test".into(),
        };
        assert_eq!(
            describe(&shell),
            "Run in terminal: rm -rf node_modules && npm ci && npm test"
        );
    }

    #[test]
    fn command_text_refuses_what_would_hide() {
        assert!(check_visible_text("echo a\n\techo b", "the shell command").is_ok());
        assert!(check_visible_text("echo safe\r rm -rf ~", "the shell command").is_err());
        assert!(check_visible_text("echo \u{1b}[8mhidden", "the shell command").is_err());
        assert!(check_visible_text("ls \u{202E}txt.exe", "the shell command").is_err());
        assert!(
            check_visible_text(&"x".repeat(MAX_COMMAND_CHARS + 1), "the shell command").is_err()
        );
    }

    #[test]
    fn steps_serialize_flat_with_their_type() {
        let step = PlanStep {
            step: 0,
            action: StepAction::Terminal {
                command: "ls".into(),
            },
            why: "look".into(),
            description: "Run in terminal: ls".into(),
            risk: Effect::ReachesShell,
            risk_label: "reaches a shell".into(),
            risk_reason: "runs a shell command in the terminal".into(),
            command_line: Some("ls".into()),
        };
        let value = serde_json::to_value(&step).expect("serializable");
        assert_eq!(
            value,
            json!({
                "step": 0, "type": "terminal", "command": "ls", "why": "look",
                "description": "Run in terminal: ls", "risk": "reachesShell",
                "riskLabel": "reaches a shell", "riskReason": "runs a shell command in the terminal",
                "commandLine": "ls"
            })
        );
        let back: PlanStep = serde_json::from_value(value).expect("round trip");
        assert_eq!(back, step);
    }
}
