//! Custom commands: the user's named macros from the setting `solidus.customCommands`, checked
//! against the catalog when loaded so a bad step is reported and never run.
//!
//! The setting holds a list:
//!
//! ```json
//! [
//!   { "name": "Tidy and save", "description": "Format, then save",
//!     "steps": [
//!       { "command": "editor.action.formatDocument" },
//!       { "command": "workbench.action.files.save", "args": null },
//!       { "setting": "editor.wordWrap", "value": "on" },
//!       { "terminal": "npm test" }
//!     ] }
//! ]
//! ```
//!
//! `args` is passed to the command as its one argument, as in `keybindings.json`.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::catalog::Warning;
use crate::item::{Effect, Item, ItemKind};
use crate::risk::{judge_plan, ActionKind, PlanAction, Verdict};
use crate::schema::SettingSchema;

/// More steps than this is a mistake, not a macro.
pub const MAX_STEPS: usize = 50;
const SOURCE: &str = "solidus.customCommands";

/// The commands and settings steps may name, with their risk and schema.
#[derive(Clone, Debug, Default)]
pub struct Known<'a> {
    commands: HashMap<&'a str, Effect>,
    settings: HashMap<&'a str, &'a SettingSchema>,
}

impl<'a> Known<'a> {
    pub fn new() -> Known<'a> {
        Known::default()
    }

    /// Every command and setting of a built catalog. Cost: one pass, no copies of schemas.
    pub fn from_items(items: &'a [Item]) -> Known<'a> {
        let mut known = Known::default();
        for item in items {
            match (item.kind, &item.command, &item.key, &item.setting) {
                (ItemKind::Command, Some(command), _, _) => known.add_command(command, item.risk),
                (ItemKind::Setting, _, Some(key), Some(schema)) => known.add_setting(key, schema),
                _ => {}
            }
        }
        known
    }

    pub fn add_command(&mut self, id: &'a str, risk: Effect) {
        self.commands.insert(id, risk);
    }

    pub fn add_setting(&mut self, key: &'a str, schema: &'a SettingSchema) {
        self.settings.insert(key, schema);
    }

    /// The risk of a known command.
    pub fn command(&self, id: &str) -> Option<Effect> {
        self.commands.get(id).copied()
    }

    pub fn setting(&self, key: &str) -> Option<&'a SettingSchema> {
        self.settings.get(key).copied()
    }

    /// False when no command is known at all, i.e. the catalog was not given.
    pub fn has_commands(&self) -> bool {
        !self.commands.is_empty()
    }
}

/// One step of a custom command, as the shell runs it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum CustomStep {
    /// `vscode.commands.executeCommand(command, args)`; no argument when `args` is absent.
    Command {
        command: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        args: Option<Value>,
    },
    /// Writes a setting (to the target `solidus.ai.settingsTarget` names).
    Setting { key: String, value: Value },
    /// Sends a shell command to a terminal.
    Terminal { command: String },
}

/// A custom command as read from the setting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomCommand {
    /// `custom:<name>`.
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The steps that were understood, in order.
    pub steps: Vec<CustomStep>,
    /// The class of its first step that needs confirmation, else safe.
    pub risk: Effect,
    /// The class in plain words, for the confirmation dialog.
    #[serde(default)]
    pub risk_label: String,
    /// Why it cannot run; empty when it can. Such a command is not offered as an item.
    pub problems: Vec<String>,
}

impl CustomCommand {
    /// The catalog item of a runnable custom command.
    pub fn to_item(&self) -> Item {
        let summary: Vec<String> = self
            .steps
            .iter()
            .map(|s| match s {
                CustomStep::Command { command, .. } => command.clone(),
                CustomStep::Setting { key, value } => format!("set {key} to {value}"),
                CustomStep::Terminal { command } => format!("run {command}"),
            })
            .collect();
        let mut keywords = vec!["custom".to_string(), "macro".to_string()];
        if self.description.is_some() {
            keywords.push(summary.join(", "));
        }
        Item {
            id: self.id.clone(),
            kind: ItemKind::Custom,
            title: self.name.clone(),
            detail: Some(super::detail(
                self.description
                    .as_deref()
                    .unwrap_or(&summary.join(", then ")),
            )),
            keywords,
            source: "settings".to_string(),
            risk: self.risk,
            ..Item::default()
        }
    }
}

/// Reads and checks the setting's value. Every command in the list is returned (so a settings
/// view can show what is wrong); problems are also warnings. An entry without a usable name
/// is only a warning. Cost: linear in the value.
pub fn parse_custom_commands(value: &Value, known: &Known) -> (Vec<CustomCommand>, Vec<Warning>) {
    let mut warnings = Vec::new();
    let mut warn = |message: String| {
        warnings.push(Warning {
            source: SOURCE.to_string(),
            message,
        })
    };
    let list = match value {
        Value::Null => return (Vec::new(), warnings),
        Value::Array(list) => list,
        _ => {
            warn("expected a list of commands, ignored".to_string());
            return (Vec::new(), warnings);
        }
    };
    let mut out = Vec::new();
    let mut names = HashSet::new();
    for (index, entry) in list.iter().enumerate() {
        let Value::Object(object) = entry else {
            warn(format!("entry {} is not an object, skipped", index + 1));
            continue;
        };
        let name = match object.get("name") {
            Some(Value::String(n)) if super::bad_name(n).is_none() => n.trim().to_string(),
            _ => {
                warn(format!(
                    "entry {} needs a name (a short line of text), skipped",
                    index + 1
                ));
                continue;
            }
        };
        if !names.insert(name.clone()) {
            warn(format!(
                "{name}: the name is used twice, the second is skipped"
            ));
            continue;
        }
        for key in object.keys() {
            if !matches!(key.as_str(), "name" | "description" | "steps") {
                warn(format!("{name}: unknown field {key}, ignored"));
            }
        }
        let description = match object.get("description") {
            Some(Value::String(d)) if !d.trim().is_empty() => Some(d.trim().to_string()),
            None | Some(Value::Null) | Some(Value::String(_)) => None,
            Some(_) => {
                warn(format!("{name}: description is not text, ignored"));
                None
            }
        };
        let mut command = CustomCommand {
            id: format!("custom:{name}"),
            name: name.clone(),
            description,
            steps: Vec::new(),
            risk: Effect::Safe,
            risk_label: String::new(),
            problems: Vec::new(),
        };
        match object.get("steps") {
            Some(Value::Array(steps)) if steps.is_empty() => {
                command.problems.push("it has no steps".to_string())
            }
            Some(Value::Array(steps)) if steps.len() > MAX_STEPS => command.problems.push(format!(
                "it has {} steps, more than {MAX_STEPS}",
                steps.len()
            )),
            Some(Value::Array(steps)) => {
                let mut own = Vec::with_capacity(steps.len());
                for (i, step) in steps.iter().enumerate() {
                    match read_step(step, known) {
                        Ok((step, risk)) => {
                            command.steps.push(step);
                            own.push(risk);
                        }
                        Err(e) => command.problems.push(format!("step {}: {e}", i + 1)),
                    }
                }
                // The macro is judged as a plan: a step takes the class of what it types into.
                command.risk = judge(&command.steps, &own);
            }
            _ => command.problems.push("steps must be a list".to_string()),
        }
        command.risk_label = command.risk.label().to_string();
        if !command.problems.is_empty() {
            warn(format!(
                "{name}: not offered, {}",
                command.problems.join("; ")
            ));
        }
        out.push(command);
    }
    (out, warnings)
}

/// The macro's class by THE plan judgement ([`crate::risk::judge_plan`]), from each step's own.
fn judge(steps: &[CustomStep], own: &[Effect]) -> Effect {
    let actions: Vec<PlanAction> = steps
        .iter()
        .zip(own)
        .map(|(step, &effect)| PlanAction {
            kind: match step {
                CustomStep::Command { command, args } => ActionKind::Command {
                    id: command,
                    args: args.as_ref(),
                },
                CustomStep::Setting { .. } => ActionKind::Setting,
                CustomStep::Terminal { .. } => ActionKind::Terminal,
            },
            own: Verdict::new(effect, effect.label()),
        })
        .collect();
    judge_plan(&actions).effect
}

/// Checks one step; the error says what is wrong in the user's terms.
fn read_step(step: &Value, known: &Known) -> Result<(CustomStep, Effect), String> {
    let Value::Object(object) = step else {
        return Err("not an object".to_string());
    };
    let kinds: Vec<&str> = ["command", "setting", "terminal"]
        .into_iter()
        .filter(|k| object.contains_key(*k))
        .collect();
    let kind = match kinds.as_slice() {
        [one] => *one,
        [] => return Err("needs one of command, setting or terminal".to_string()),
        _ => return Err(format!("has both {} and {}", kinds[0], kinds[1])),
    };
    let allowed: &[&str] = match kind {
        "command" => &["command", "args"],
        "setting" => &["setting", "value"],
        _ => &["terminal"],
    };
    if let Some(extra) = object.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(format!("unknown field {extra}"));
    }
    let text = |field: &str| -> Result<String, String> {
        match object.get(field) {
            Some(Value::String(s)) if !s.trim().is_empty() => Ok(s.trim().to_string()),
            _ => Err(format!("{field} must be non-empty text")),
        }
    };
    match kind {
        "command" => {
            let id = text("command")?;
            let risk = known
                .command(&id)
                .ok_or_else(|| format!("unknown command {}", super::one_line(&id, 80)))?;
            Ok((
                CustomStep::Command {
                    command: id,
                    args: object.get("args").cloned(),
                },
                risk,
            ))
        }
        "setting" => {
            let key = text("setting")?;
            let schema = known
                .setting(&key)
                .ok_or_else(|| format!("unknown setting {}", super::one_line(&key, 80)))?;
            let value = object
                .get("value")
                .cloned()
                .ok_or_else(|| format!("{key} needs a value"))?;
            schema.check(&value).map_err(|e| format!("{key}: {e}"))?;
            let risk = crate::risk::setting_change_verdict(&key, Some(schema), &value).effect;
            Ok((CustomStep::Setting { key, value }, risk))
        }
        _ => {
            let command = text("terminal")?;
            if command.chars().any(|c| c.is_control() && c != '\t') {
                return Err("a terminal command must be one line; use one step per line".into());
            }
            // Its dialog must show what it runs: nothing the screen does not draw.
            if let Some(c) = command.chars().find(|&c| crate::hidden::is_hidden_char(c)) {
                return Err(format!(
                    "the terminal command holds the hidden character {}, which could hide what it runs",
                    crate::hidden::mark(c)
                ));
            }
            Ok((CustomStep::Terminal { command }, Effect::ReachesShell))
        }
    }
}
