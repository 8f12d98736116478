//! The guard's one policy: what running an item or changing a setting can do, from reviewed data.
//!
//! Every decision about risk is made here: the catalog's badges, `/do`'s validator, custom
//! commands and slash commands all ask this module. Its inputs are the catalog (ids, kinds,
//! schemas) and the reviewed rule files beside it; nothing a model writes is read, so a model
//! cannot lower any step's class. Unknown is never safe: a command no rule classifies is
//! "unreviewed" and confirmed.

mod plan;
mod rules;
mod settings;

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::item::{Item, ItemKind};
use crate::schema::SettingSchema;

pub use plan::{judge_plan, ActionKind, PlanAction, PlanJudgement};
pub use rules::{glob_matches, Condition, Rule, RuleSet};
pub use settings::{
    setting_basis, setting_effect, setting_verdict, speaks_of_effects, Basis,
    RISKY_SETTING_FAMILIES,
};

/// What an action can do. Every class but `Safe` forces a plan's confirmation, whatever
/// `solidus.ai.confirmBeforeRun` says.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord, Default,
)]
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

/// A class and the reason shown with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Verdict {
    pub effect: Effect,
    pub reason: Cow<'static, str>,
}

impl Verdict {
    pub fn new(effect: Effect, reason: impl Into<Cow<'static, str>>) -> Verdict {
        Verdict {
            effect,
            reason: reason.into(),
        }
    }

    fn from_rule(rule: &'static Rule) -> Verdict {
        Verdict::new(rule.effect, rule.reason.as_str())
    }
}

/// Command families that own processes, remotes, trust or data: every command under one of these
/// must be classified by a rule of its own family, never by a broader one (the completeness test
/// walks the fixture for it), so a new command there cannot ride on a generic safe rule.
pub const RISKY_COMMAND_FAMILIES: &[&str] = &[
    "workbench.action.terminal.",
    "workbench.action.tasks.",
    "workbench.action.debug.",
    "debug.",
    "testing.",
    "notebook.",
    "workbench.extensions.",
    "extensions.",
    "workbench.mcp.",
    "workbench.action.chat.",
    "chat.",
    "git.",
    "github.",
    "remote.",
    "workbench.remote",
    "tunnel",
    "workbench.action.url",
    "workbench.profiles.",
    "workbench.userdata",
    "workbench.trust.",
    "npm.",
];

/// The reviewed command rules, parsed once.
pub fn command_rules() -> &'static RuleSet {
    static RULES: OnceLock<RuleSet> = OnceLock::new();
    RULES.get_or_init(|| RuleSet::parse(include_str!("commands.rules")))
}

/// The members of safe family globs reviewed one by one against VS Code 1.139.1
/// (`commands.reviewed`), lowercase: a safe glob earns `safe` only for these.
pub fn reviewed_commands() -> &'static HashSet<String> {
    static REVIEWED: OnceLock<HashSet<String>> = OnceLock::new();
    REVIEWED.get_or_init(|| {
        include_str!("commands.reviewed")
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_ascii_lowercase)
            .collect()
    })
}

/// What running the VS Code command `id` can do. Cost: a scan of the rule list and one hash
/// lookup.
pub fn command_verdict(id: &str) -> Verdict {
    match command_rules().classifying(id) {
        // Safe is earned by id: a family glob vouches only for the members reviewed in the data,
        // so a command a new VS Code adds to a safe family is confirmed until someone reviews it.
        Some(rule)
            if rule.effect == Effect::Safe
                && !rule.is_exact()
                && !reviewed_commands().contains(&id.to_ascii_lowercase()) =>
        {
            Verdict::new(
                Effect::Unreviewed,
                format!(
                    "a new member of the {} family, which Solidus has not reviewed",
                    rule.pattern
                ),
            )
        }
        Some(rule) => Verdict::from_rule(rule),
        None => Verdict::new(
            Effect::Unreviewed,
            "Solidus has not reviewed what this command does",
        ),
    }
}

/// The class of the VS Code command `id`, for the catalog.
pub fn command_effect(id: &str) -> Effect {
    command_verdict(id).effect
}

/// What running a catalog item can do; a setting item is judged without a new value (the
/// class of the setting itself). The kind decides first: some kinds always reach a shell.
pub fn item_verdict(item: &Item) -> Verdict {
    match item.kind {
        ItemKind::Terminal => {
            Verdict::new(Effect::ReachesShell, "runs a shell command in the terminal")
        }
        ItemKind::Script => Verdict::new(Effect::ReachesShell, "runs a project script in a shell"),
        ItemKind::Pack => Verdict::new(Effect::ReachesShell, "runs a pack's tools in a shell"),
        // Whether a slash command runs shell lines is known only once it is expanded, and its
        // text becomes a request; so every slash command is confirmed.
        ItemKind::Slash => Verdict::new(
            Effect::ReachesShell,
            "runs a slash command from a file, which can run shell commands",
        ),
        // A custom command's class is the worst of its steps, worked out when it was read.
        ItemKind::Custom if item.risk == Effect::Safe => {
            Verdict::new(Effect::Safe, "runs safe steps only")
        }
        ItemKind::Custom => Verdict::new(
            item.risk,
            format!(
                "runs a custom command with a step that {}",
                item.risk.label()
            ),
        ),
        ItemKind::Setting => {
            let key = item.key.as_deref().unwrap_or(&item.id);
            setting_verdict(key, item.setting.as_deref(), None)
        }
        ItemKind::Command | ItemKind::Git | ItemKind::File => match &item.command {
            Some(id) => command_verdict(id),
            None => shell_file_action_verdict(&item.id),
        },
    }
}

/// Commands that do more when a plan chooses their arguments than when the user picks in their
/// own dialog: with args the command acts without asking, so the step takes this class.
const COMMANDS_WITH_ARGS: &[(&str, Effect, &str)] = &[(
    "workbench.action.terminal.newWithProfile",
    Effect::ReachesShell,
    "starts the terminal profile the args name, whose program and arguments come from settings",
)];

/// What running a command with the plan's `args` can do: its own class, raised for the commands
/// of `COMMANDS_WITH_ARGS`. Arguments can only raise a class, never lower it.
pub fn command_args_verdict(item: &Item, args: Option<&Value>) -> Verdict {
    let own = item_verdict(item);
    let raised = args.and_then(|_| {
        let id = item.command.as_deref()?;
        COMMANDS_WITH_ARGS.iter().find(|(c, _, _)| *c == id)
    });
    match raised {
        Some(&(_, effect, reason)) if !own.effect.needs_confirmation() => {
            Verdict::new(effect, reason)
        }
        _ => own,
    }
}

/// The class an item carries in the catalog.
pub fn item_effect(item: &Item) -> Effect {
    item_verdict(item).effect
}

/// The item with its class set from this module: whoever builds an item ends with this.
pub fn classified(mut item: Item) -> Item {
    item.risk = item_effect(&item);
    item
}

/// File actions the shell carries out itself (they have no VS Code command).
fn shell_file_action_verdict(id: &str) -> Verdict {
    match id {
        "file:delete" => Verdict::new(Effect::LosesData, "moves the file to the trash"),
        "file:rename" => Verdict::new(Effect::Safe, "renames the file (undoable)"),
        "file:duplicate" => Verdict::new(Effect::Safe, "copies the file under a new name"),
        _ => Verdict::new(
            Effect::Unreviewed,
            "Solidus has not reviewed what this action does",
        ),
    }
}

/// What writing `value` to a setting does: guards count only when the value lowers them.
pub fn setting_change_verdict(key: &str, schema: Option<&SettingSchema>, value: &Value) -> Verdict {
    setting_verdict(key, schema, Some(value))
}

/// The worst of several classes, for a macro's steps: the first one that needs confirmation,
/// else safe.
pub fn worst(effects: impl IntoIterator<Item = Effect>) -> Effect {
    effects
        .into_iter()
        .find(|e| e.needs_confirmation())
        .unwrap_or(Effect::Safe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_files_parse_without_errors() {
        assert!(
            command_rules().errors.is_empty(),
            "{:?}",
            command_rules().errors
        );
        assert!(
            settings::setting_rules().errors.is_empty(),
            "{:?}",
            settings::setting_rules().errors
        );
    }

    #[test]
    fn every_class_has_a_rule_name_and_words() {
        for effect in Effect::all() {
            assert_eq!(Effect::from_rule_name(effect.rule_name()), Some(effect));
            assert!(!effect.label().is_empty());
        }
        assert_eq!(Effect::Safe.badge(), None);
        assert!(!Effect::Safe.needs_confirmation());
        assert!(Effect::Unreviewed.needs_confirmation());
    }

    /// The rules' own edges, without the fixture (crate/tests/risk.rs walks the fixture by class).
    #[test]
    fn commands_outside_the_fixture() {
        let cases: &[(&str, Effect, &str)] = &[
            (
                "someones.extension.command",
                Effect::Unreviewed,
                "an extension Solidus knows nothing about",
            ),
            (
                "openai.runCode",
                Effect::Unreviewed,
                "a dotless pattern never reaches an extension",
            ),
            (
                "someones.openInTerminal",
                Effect::ReachesShell,
                "a family rule across namespaces",
            ),
            (
                "workbench.action.terminal.someNewThing",
                Effect::ReachesShell,
                "the terminal family's default",
            ),
            (
                "testing.someNewRun",
                Effect::RunsProjectCode,
                "the testing family's default",
            ),
            (
                "git.someNewAction",
                Effect::ActsOnRemote,
                "the Git family's default",
            ),
        ];
        for (id, effect, why) in cases {
            assert_eq!(command_effect(id), *effect, "{id}: {why}");
        }
    }

    #[test]
    fn kinds_that_always_reach_a_shell() {
        for kind in [
            ItemKind::Terminal,
            ItemKind::Script,
            ItemKind::Pack,
            ItemKind::Slash,
        ] {
            let item = Item {
                kind,
                ..Item::default()
            };
            assert_eq!(item_effect(&item), Effect::ReachesShell, "{kind:?}");
        }
    }

    #[test]
    fn worst_takes_the_first_class_that_needs_confirmation() {
        assert_eq!(worst([Effect::Safe, Effect::Safe]), Effect::Safe);
        assert_eq!(
            worst([Effect::Safe, Effect::LowersGuard, Effect::ActsOnRemote]),
            Effect::LowersGuard
        );
    }
}
