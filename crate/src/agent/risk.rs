//! The risk policy of product.md §4.6: which plan steps can reach a shell, and why.
//!
//! Risk only ever comes from the catalog and these rules. A step that reaches a shell makes the
//! plan's confirmation mandatory; nothing the model writes is read here, so it cannot lower it.

use crate::catalog::setting_reaches_shell;
use crate::item::{Item, ItemKind, Risk};
use crate::schema::SettingSchema;

/// Why running this item can reach a shell, or `None` when it cannot.
/// The kind rules come first, then the catalog's own mark, then the command-name rule.
pub fn item_shell_reason(item: &Item) -> Option<String> {
    let by_kind = match item.kind {
        ItemKind::Terminal => Some("runs a shell command in the terminal"),
        ItemKind::Script => Some("runs a project script in a shell"),
        ItemKind::Custom => Some("runs a custom command, a macro that can run shell commands"),
        ItemKind::Pack => Some("runs a pack, which runs tools in a shell"),
        // Slash commands come from files, and whether one runs shell commands is only known
        // once it is expanded; so every slash command is confirmed.
        ItemKind::Slash => Some("runs a slash command from a file, which can run shell commands"),
        ItemKind::Setting => {
            let key = item.key.as_deref().unwrap_or(&item.id);
            return setting_shell_reason(key, item.setting.as_deref());
        }
        ItemKind::Command | ItemKind::Git | ItemKind::File => None,
    };
    if let Some(reason) = by_kind {
        return Some(reason.to_string());
    }
    if item.risk == Risk::ReachesShell {
        return Some("runs shell commands or tasks".to_string());
    }
    match &item.command {
        Some(id) if command_runs_code(id) => Some("runs code from the project".to_string()),
        _ => None,
    }
}

/// Why changing this setting can reach a shell, or `None`. The rule itself is
/// `catalog::setting_reaches_shell`, so the catalog's risk and the plan's risk always agree.
pub fn setting_shell_reason(key: &str, schema: Option<&SettingSchema>) -> Option<String> {
    let restricted = schema.is_some_and(|s| s.restricted);
    if restricted {
        return Some("VS Code marks this setting as restricted".to_string());
    }
    setting_reaches_shell(key, false)
        .then(|| "this setting changes what runs or what is trusted".to_string())
}

/// Commands whose name says they run or execute something: tasks, debugging, tests, notebook
/// cells, npm scripts, text sent to a terminal. The catalog marks only a handful of core
/// commands; this rule also covers extension commands such as `npm.runScript`.
/// Cost: a few string comparisons.
pub fn command_runs_code(command_id: &str) -> bool {
    let lower = command_id.to_ascii_lowercase();
    if lower.starts_with("workbench.action.tasks.") {
        return true;
    }
    let last = lower.rsplit(['.', ':']).next().unwrap_or(&lower);
    const VERBS: [&str; 5] = ["run", "rerun", "execute", "exec", "send"];
    if VERBS.iter().any(|v| last.starts_with(v)) {
        return true;
    }
    // Starting a debug session runs the program its launch configuration names.
    lower.contains("debug") && (last.starts_with("start") || last.starts_with("restart"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_that_run_code() {
        for id in [
            "workbench.action.tasks.runTask",
            "workbench.action.tasks.restartTask",
            "workbench.action.terminal.sendSequence",
            "workbench.action.terminal.runSelectedText",
            "workbench.action.debug.start",
            "debug.startFromConfig",
            "npm.runScript",
            "testing.runAll",
            "testing.reRunLastRun",
            "notebook.cell.execute",
            "python.execInTerminal",
        ] {
            assert!(command_runs_code(id), "{id}");
        }
        for id in [
            "editor.action.toggleWordWrap",
            "workbench.action.toggleZenMode",
            "editor.action.formatDocument",
            "workbench.action.terminal.new",
            "git.commit",
            "workbench.action.debug.stop",
        ] {
            assert!(!command_runs_code(id), "{id}");
        }
    }

    #[test]
    fn restricted_schema_wins_over_a_harmless_key() {
        let schema = SettingSchema {
            restricted: true,
            ..Default::default()
        };
        assert!(setting_shell_reason("editor.fontSize", Some(&schema)).is_some());
        assert!(setting_shell_reason("editor.fontSize", None).is_none());
    }
}
