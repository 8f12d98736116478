//! What the extension host can do (start processes or not), and which items it cannot run.
//!
//! The shell reports the host once; the session leaves out what it cannot run, the guard drops such
//! plan steps and /do's prompt offers none, each with the one sentence below.

use serde::{Deserialize, Serialize};

use crate::item::{Item, ItemKind};

/// Why shell-bound actions are missing: the one sentence the popup, /do and the guard show.
pub const NO_PROCESSES: &str = "this editor runs Solidus in the browser, where nothing can start a process: \
terminal commands, scripts, tasks, stack packs and slash commands with shell lines are not offered here";

/// What the host running the extension can do; the shell reports it once, the core decides with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "HostCapabilities"))]
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
}

/// `text` with its first letter in capitals.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
