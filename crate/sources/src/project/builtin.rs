//! Built-in Git and file actions and the terminal item `term:run`.
//!
//! Git actions run the built-in Git extension's commands (ids checked against VS Code 1.139.1's
//! `vscode.git` contributions). File actions run VS Code commands where one acts on the active
//! file; rename, duplicate and delete to trash have none (VS Code's `renameFile` and
//! `moveFileToTrash` act on the Explorer's selection), so their items carry no command and the
//! shell implements them, listed in `SHELL_FILE_ACTIONS`.

use super::{command_line, custom::Known, Os, Param, RunSpec};
use solidus_model::item::{Item, ItemKind};

/// A built-in action: its id, title, VS Code command (None: the shell implements it), what it
/// does, and words users search for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    pub id: &'static str,
    pub title: &'static str,
    pub command: Option<&'static str>,
    pub detail: &'static str,
    pub keywords: &'static [&'static str],
}

const fn action(
    id: &'static str,
    title: &'static str,
    command: Option<&'static str>,
    detail: &'static str,
    keywords: &'static [&'static str],
) -> Action {
    Action {
        id,
        title,
        command,
        detail,
        keywords,
    }
}

pub const GIT_ACTIONS: &[Action] = &[
    action(
        "git:commit",
        "Git: Commit",
        Some("git.commit"),
        "Commit the staged changes",
        &["save"],
    ),
    action(
        "git:commit-all",
        "Git: Commit All",
        Some("git.commitAll"),
        "Stage every change and commit it",
        &["stage", "add", "save"],
    ),
    action(
        "git:push",
        "Git: Push",
        Some("git.push"),
        "Push the current branch to its remote",
        &["upload", "publish"],
    ),
    action(
        "git:pull",
        "Git: Pull",
        Some("git.pull"),
        "Pull the current branch from its remote",
        &["download", "update"],
    ),
    action(
        "git:fetch",
        "Git: Fetch",
        Some("git.fetch"),
        "Fetch from the remote without merging",
        &["remote", "update"],
    ),
    action(
        "git:sync",
        "Git: Sync",
        Some("git.sync"),
        "Pull, then push the current branch",
        &["pull", "push"],
    ),
    action(
        "git:new-branch",
        "Git: Create Branch…",
        Some("git.branch"),
        "Create a branch and switch to it",
        &["new branch", "checkout -b"],
    ),
    action(
        "git:switch-branch",
        "Git: Switch Branch…",
        Some("git.checkout"),
        "Check out another branch",
        &["checkout", "change branch"],
    ),
    action(
        "git:stash",
        "Git: Stash",
        Some("git.stash"),
        "Put the uncommitted changes aside",
        &["shelve", "save changes"],
    ),
    action(
        "git:pop-stash",
        "Git: Pop Stash…",
        Some("git.stashPop"),
        "Bring back stashed changes and drop the stash",
        &["unstash", "unshelve", "restore"],
    ),
    action(
        "git:undo-last-commit",
        "Git: Undo Last Commit",
        Some("git.undoCommit"),
        "Undo the last commit, keeping its changes",
        &["reset", "revert", "uncommit"],
    ),
    action(
        "git:discard-changes",
        "Git: Discard All Changes",
        Some("git.cleanAll"),
        "Throw away every uncommitted change",
        &["clean", "revert", "reset", "checkout"],
    ),
];

pub const FILE_ACTIONS: &[Action] = &[
    action(
        "file:new",
        "File: New File…",
        Some("explorer.newFile"),
        "Create a file in the Explorer",
        &["create", "add file", "touch"],
    ),
    action(
        "file:rename",
        "File: Rename Active File…",
        None,
        "Rename or move the file open in the editor",
        &["move", "mv"],
    ),
    action(
        "file:duplicate",
        "File: Duplicate Active File…",
        None,
        "Copy the file open in the editor under a new name",
        &["copy", "clone", "cp"],
    ),
    action(
        "file:delete",
        "File: Delete Active File (to Trash)",
        None,
        "Move the file open in the editor to the trash",
        &["remove", "rm", "trash"],
    ),
    action(
        "file:copy-path",
        "File: Copy Path of Active File",
        Some("copyFilePath"),
        "Copy the file's full path",
        &["clipboard", "absolute path"],
    ),
    action(
        "file:copy-relative-path",
        "File: Copy Relative Path of Active File",
        Some("copyRelativeFilePath"),
        "Copy the file's path from the workspace folder",
        &["clipboard"],
    ),
    action(
        "file:reveal-in-explorer",
        "File: Reveal Active File in Explorer View",
        Some("workbench.files.action.showActiveFileInExplorer"),
        "Show the file in the Explorer",
        &["locate", "find in tree", "sidebar"],
    ),
    action(
        "file:open-recent",
        "File: Open Recent…",
        Some("workbench.action.openRecent"),
        "Open a recent file, folder or workspace",
        &["history", "recent"],
    ),
];

/// File actions without a VS Code command that acts on the active file: the shell runs them.
pub const SHELL_FILE_ACTIONS: &[&str] = &["file:rename", "file:duplicate", "file:delete"];

/// The terminal item; its one argument is the shell command.
pub const TERMINAL_RUN: &str = "term:run";

/// Desktop VS Code only (absent in code-server): offered when the host reports it.
const REVEAL_IN_OS: &str = "revealFileInOS";

/// The built-in items and the run spec of `term:run`. When `known` lists commands, actions
/// whose command the host lacks (Git disabled, a web build) are left out.
pub fn items(os: Os, known: &Known) -> (Vec<Item>, Vec<RunSpec>) {
    let available = |a: &Action| match a.command {
        Some(c) => !known.has_commands() || known.command(c).is_some(),
        None => true,
    };
    let mut items = Vec::new();
    for a in GIT_ACTIONS.iter().filter(|a| available(a)) {
        items.push(item(a, ItemKind::Git, a.title.to_string()));
    }
    for a in FILE_ACTIONS.iter().filter(|a| available(a)) {
        items.push(item(a, ItemKind::File, a.title.to_string()));
    }
    if known.command(REVEAL_IN_OS).is_some() {
        let title = match os {
            Os::Macos => "File: Reveal Active File in Finder",
            Os::Windows => "File: Reveal Active File in File Explorer",
            Os::Linux => "File: Open Containing Folder of Active File",
        };
        let reveal = action(
            "file:reveal-in-os",
            title,
            Some(REVEAL_IN_OS),
            "Show the file in the system's file manager",
            &["finder", "file manager", "open folder"],
        );
        items.push(item(&reveal, ItemKind::File, title.to_string()));
    }
    let terminal = action(
        TERMINAL_RUN,
        "Terminal: Run Shell Command…",
        None,
        "Type a shell command and run it in a terminal",
        &["shell", "exec", "command line", "bash", "run"],
    );
    items.push(item(
        &terminal,
        ItemKind::Terminal,
        terminal.title.to_string(),
    ));
    let run = RunSpec {
        id: TERMINAL_RUN.to_string(),
        folders: Vec::new(),
        cwd: String::new(),
        argv: Vec::new(),
        command_line: command_line(&[], os),
        params: vec![Param {
            name: "command".to_string(),
            required: true,
            variadic: false,
            default: None,
        }],
        terminal_name: "Solidus".to_string(),
    };
    (items, vec![run])
}

/// The item of a built-in action; its class comes from `risk`, by kind and command.
fn item(a: &Action, kind: ItemKind, title: String) -> Item {
    solidus_guard::classified(Item {
        id: a.id.to_string(),
        kind,
        title,
        detail: Some(a.detail.to_string()),
        keywords: a.keywords.iter().map(|k| k.to_string()).collect(),
        source: "builtin".to_string(),
        command: a.command.map(str::to_string),
        ..Item::default()
    })
}
