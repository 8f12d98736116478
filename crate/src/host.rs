//! What the extension host can do (start processes or not), and what the catalog, the guard and /do leave out without it.

use serde::{Deserialize, Serialize};

use crate::item::{Item, ItemKind};
use crate::project::{CustomStep, ProjectCatalog, ProjectFacts};

/// Why shell-bound actions are missing: the one sentence the popup, /do and the guard show.
pub const NO_PROCESSES: &str = "this editor runs Solidus in the browser, where nothing can start a process: \
terminal commands, scripts, tasks, stack packs and slash commands with shell lines are not offered here";

/// What the host running the extension can do; the shell reports it once, the core decides with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Host {
    /// False in the web worker extension host (vscode.dev, github.dev): no shell, no terminal
    /// process, no Node. Unknown counts as the desktop host, which is how every host ran before.
    pub processes: bool,
}

impl Default for Host {
    fn default() -> Host {
        Host { processes: true }
    }
}

impl Host {
    /// Why this host cannot run `item`, or `None` when it can. Scripts, packs, tasks (script
    /// items) and the terminal item all end in a shell; commands, settings, Git and file actions
    /// and slash commands go through VS Code's API (a slash command's shell lines are refused
    /// when it is expanded).
    pub fn refusal(&self, item: &Item) -> Option<&'static str> {
        if self.processes {
            return None;
        }
        matches!(
            item.kind,
            ItemKind::Script | ItemKind::Pack | ItemKind::Terminal
        )
        .then_some(NO_PROCESSES)
    }

    /// Why this host cannot run a step that sends a line to a terminal, or `None` when it can.
    pub fn terminal_refusal(&self) -> Option<&'static str> {
        (!self.processes).then_some(NO_PROCESSES)
    }

    /// Takes out of a project build what this host cannot run: shell-bound items, and custom
    /// commands with a terminal step (given the reason as a problem, so the shell says why).
    /// The reason joins `restricted`, which the popup shows where scripts are looked for.
    pub fn withhold(&self, project: &mut ProjectCatalog, facts: &mut ProjectFacts) {
        if self.processes {
            return;
        }
        let mut shell_custom = Vec::new();
        for command in &mut facts.custom_commands {
            let has_terminal = command
                .steps
                .iter()
                .any(|s| matches!(s, CustomStep::Terminal { .. }));
            if has_terminal {
                command.problems.push(NO_PROCESSES.to_string());
                shell_custom.push(command.id.clone());
            }
        }
        let before = project.items.len();
        project
            .items
            .retain(|item| self.refusal(item).is_none() && !shell_custom.contains(&item.id));
        if project.items.len() != before || !shell_custom.is_empty() {
            project.restricted = Some(match project.restricted.take() {
                Some(trust) => format!("{trust}; {NO_PROCESSES}"),
                None => capitalized(NO_PROCESSES),
            });
        }
    }

    /// The /do system prompt for this host: without processes the terminal step shape and the
    /// rule about it are replaced by a sentence saying there is none, so no model is asked for one.
    pub fn system_prompt(&self, prompt: &str) -> String {
        if self.processes {
            return prompt.to_string();
        }
        prompt
            .replace(
                "Each step has one of these three shapes, and no other:",
                "Each step has one of these two shapes, and no other:",
            )
            .replace(TERMINAL_SHAPE, "")
            .replace(TERMINAL_RULE, NO_TERMINAL_RULE)
            .replace(ARGS_FOR_TERMINAL, "items of kind slash")
    }
}

/// The lines of `agent::SYSTEM_PROMPT` that offer a terminal step; a test keeps them in step.
const TERMINAL_SHAPE: &str =
    "{\"type\": \"terminal\", \"command\": \"<one shell command line>\", \"why\": \"<a few words>\"}\n";
const TERMINAL_RULE: &str = "3. Prefer a listed item or setting over a terminal step. Use a terminal step only when nothing listed can do the job.";
const NO_TERMINAL_RULE: &str = "3. This editor has no terminal and cannot run shell commands: plan only with listed items and settings.";
const ARGS_FOR_TERMINAL: &str = "items of kind slash or terminal";

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::prompt::SYSTEM_PROMPT;

    #[test]
    fn the_prompt_without_processes_offers_no_terminal_step() {
        for part in [TERMINAL_SHAPE, TERMINAL_RULE, ARGS_FOR_TERMINAL] {
            assert!(SYSTEM_PROMPT.contains(part), "the prompt changed: {part}");
        }
        let web = Host { processes: false }.system_prompt(SYSTEM_PROMPT);
        assert!(!web.contains("\"terminal\""), "{web}");
        assert!(!web.contains("terminal step"), "{web}");
        assert!(web.contains("no terminal"));
        assert_eq!(Host::default().system_prompt(SYSTEM_PROMPT), SYSTEM_PROMPT);
    }

    #[test]
    fn only_shell_bound_kinds_are_refused_and_only_without_processes() {
        let web = Host { processes: false };
        for (kind, refused) in [
            (ItemKind::Command, false),
            (ItemKind::Setting, false),
            (ItemKind::Git, false),
            (ItemKind::File, false),
            (ItemKind::Slash, false),
            (ItemKind::Custom, false),
            (ItemKind::Script, true),
            (ItemKind::Pack, true),
            (ItemKind::Terminal, true),
        ] {
            let item = Item {
                kind,
                ..Item::default()
            };
            assert_eq!(web.refusal(&item).is_some(), refused, "{kind:?}");
            assert_eq!(Host::default().refusal(&item), None);
        }
    }
}
