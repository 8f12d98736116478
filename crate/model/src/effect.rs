//! The classes of harm an action can do, with their rule-file names, plain words and badges.
//!
//! The class is a property of every item, so it lives in the model; which class an item gets is
//! the guard's decision (`solidus-guard`), made from reviewed rules only.

use serde::{Deserialize, Serialize};

/// What an action can do. Every class but `Safe` forces a plan's confirmation, whatever
/// `solidus.ai.confirmBeforeRun` says.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord, Default,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Effect {
    /// Changes only what the editor shows, or edits the open file in an undoable way.
    Safe,
    /// Reaches a shell: terminal lines, project scripts, packs, shell-running commands.
    ReachesShell,
    /// Runs project code: tasks, debugging, tests, notebooks.
    RunsProjectCode,
    /// Installs or starts third-party code: extensions, MCP servers, plugins.
    InstallsCode,
    /// Changes what runs: paths, executables, commands, arguments, environment.
    ChangesWhatRuns,
    /// Changes trust or agent autonomy: trust, allowed extensions or domains, tool approval.
    ChangesTrust,
    /// Opens the machine or sends data out: ports, hosts, proxies, endpoints, links.
    OpensNetwork,
    /// Acts on a remote: push, publish, delete a remote branch.
    ActsOnRemote,
    /// Loses data without undo: clean, discard, revert, delete, reset.
    LosesData,
    /// Lowers a safety guard: confirmations, trash, hot exit, force-push allowances.
    LowersGuard,
    /// No reviewed rule knows what it does, so it is treated as able to do harm.
    #[default]
    Unreviewed,
}

/// Every class with its rule-file name, its plain words and the popup's badge.
const CLASSES: [(Effect, &str, &str, Option<&str>); 11] = [
    (Effect::Safe, "safe", "safe", None),
    (
        Effect::ReachesShell,
        "shell",
        "reaches a shell",
        Some("runs shell"),
    ),
    (
        Effect::RunsProjectCode,
        "code",
        "runs project code",
        Some("runs code"),
    ),
    (
        Effect::InstallsCode,
        "install",
        "installs or starts third-party code",
        Some("installs code"),
    ),
    (
        Effect::ChangesWhatRuns,
        "runs",
        "changes what runs",
        Some("changes what runs"),
    ),
    (
        Effect::ChangesTrust,
        "trust",
        "changes trust or agent autonomy",
        Some("changes trust"),
    ),
    (
        Effect::OpensNetwork,
        "network",
        "opens the machine or sends data out",
        Some("network"),
    ),
    (
        Effect::ActsOnRemote,
        "remote",
        "acts on a remote",
        Some("acts on remote"),
    ),
    (
        Effect::LosesData,
        "data",
        "can lose data",
        Some("can lose data"),
    ),
    (
        Effect::LowersGuard,
        "guard",
        "lowers a guard",
        Some("lowers a guard"),
    ),
    // Unreviewed commands are confirmed in plans, but the popup runs what the user picked, as
    // the command palette does; a badge on every extension command would teach nothing.
    (
        Effect::Unreviewed,
        "unreviewed",
        "not reviewed by Solidus",
        None,
    ),
];

impl Effect {
    fn row(self) -> &'static (Effect, &'static str, &'static str, Option<&'static str>) {
        CLASSES
            .iter()
            .find(|row| row.0 == self)
            .unwrap_or(&CLASSES[CLASSES.len() - 1])
    }

    /// The class as the rule files name it.
    pub fn rule_name(self) -> &'static str {
        self.row().1
    }

    /// The class named in a rule file.
    pub fn from_rule_name(name: &str) -> Option<Effect> {
        CLASSES.iter().find(|row| row.1 == name).map(|row| row.0)
    }

    /// The class in plain words, for the plan dialog.
    pub fn label(self) -> &'static str {
        self.row().2
    }

    /// The popup's badge, for the classes worth one.
    pub fn badge(self) -> Option<&'static str> {
        self.row().3
    }

    /// Whether a plan step of this class must be confirmed.
    pub fn needs_confirmation(self) -> bool {
        self != Effect::Safe
    }

    /// Every class, in order.
    pub fn all() -> impl Iterator<Item = Effect> {
        CLASSES.iter().map(|row| row.0)
    }
}
