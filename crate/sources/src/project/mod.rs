//! Project scripts, Git and file actions, the terminal, custom commands and stack packs, built as
//! catalog items from plain data the shell hands over; the core never touches the disk.
//!
//! The shell and the core talk in two rounds:
//!
//! 1. The shell lists each folder's root-level files (`entries`) and calls `files_to_read`, which
//!    names every folder (`roots`) and picks from its entries the files to read and those whose
//!    mere presence matters (lockfiles and stack markers, sent with empty text). `read` and
//!    `presence` are the patterns behind those picks, for the shell's file watcher. The shell
//!    reads the picks and calls `files_to_read` again.
//! 2. The second answer adds, per folder, the member globs found in the root files (npm, yarn,
//!    pnpm, bun, Cargo and Deno workspaces). The shell expands them, adds the files it found,
//!    and calls `build_project`. Globs depend only on root files, so two rounds always suffice.
//!
//! Every script item is workspace data: its text is shown and sent to a model as data only, and
//! in an untrusted workspace none of them (nor any pack, which runs workspace code) is offered.

pub mod builtin;
pub mod cargo;
pub mod composer;
pub mod custom;
pub mod deno;
pub mod facts;
pub mod glob;
pub mod just;
pub mod make;
pub mod npm;
pub mod sources;
pub mod stack;
pub mod tasks;

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::catalog::{Catalog, Warning};
use solidus_model::item::{Item, ItemKind};

pub use custom::{parse_custom_commands, CustomCommand, CustomStep, Known};
pub use facts::{ProjectFacts, TaskFact};
pub use npm::Runner;
pub use stack::Stack;
pub use tasks::{TaskInput, TaskRef};

/// Files larger than this are skipped with a warning; real manifests are a few kilobytes.
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// More script items than this are cut off with a warning, to keep the ranker fast.
pub const MAX_SCRIPT_ITEMS: usize = 20_000;
const MAX_NAME_CHARS: usize = 200;
const MAX_DETAIL_CHARS: usize = 240;

/// The operating system the commands will run on; decides quoting and a few program names.
/// Accepts Node's `process.platform` values too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ProjectOs"))]
#[serde(rename_all = "camelCase")]
pub enum Os {
    #[default]
    Linux,
    #[serde(alias = "darwin", alias = "mac")]
    Macos,
    /// Quoting targets PowerShell, VS Code's default terminal on Windows.
    #[serde(alias = "win32")]
    Windows,
}

/// One file of a workspace folder, as the shell read it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ProjectFileInput"))]
#[serde(rename_all = "camelCase", default)]
pub struct FileInput {
    /// Relative to the folder root, `/`-separated (`packages/web/package.json`).
    pub path: String,
    /// The file's text; empty for files whose presence is all that matters (lockfiles, markers).
    pub text: String,
}

/// One workspace folder.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ProjectFolderInput"))]
#[serde(rename_all = "camelCase", default)]
pub struct FolderInput {
    /// The folder's name in the workspace; part of every id, so it must be stable.
    pub name: String,
    /// A display path; never used to find files.
    pub root: String,
    pub files: Vec<FileInput>,
    /// The root-level file names the shell listed; only `files_to_read` looks at them.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub entries: Vec<String>,
}

/// Everything `build_project` needs; every field is optional on the wire.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct ProjectInput {
    pub folders: Vec<FolderInput>,
    /// Workspace Trust. False (also when missing) withholds every script and pack.
    pub trusted: bool,
    pub os: Os,
    /// Stack ids whose pack is switched off, from `solidus.packs.<id>: false`.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub disabled_packs: Vec<String>,
    /// The value of `solidus.customCommands` as VS Code returns it; see `custom`.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub custom_commands: Option<Value>,
    /// VS Code's tasks, as `vscode.tasks.fetchTasks` reported them.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub tasks: Vec<TaskInput>,
}

/// What the shell should read; see the module documentation for the two rounds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ProjectFileRequest"))]
#[serde(rename_all = "camelCase")]
pub struct FileRequest {
    /// Root-level file names read in every folder, when they exist (`roots` has the picks).
    pub read: Vec<String>,
    /// Patterns relative to every folder root (no `**`) whose matches are sent with empty text.
    /// With `read` and the member globs, these are every file a rebuild depends on: watch them.
    pub presence: Vec<String>,
    /// Member globs per folder, found in the root files already read (round 2).
    pub folders: Vec<FolderRequest>,
    /// Every input folder in order, under the name the core gives it, with its root picks.
    pub roots: Vec<RootRequest>,
}

/// One folder's name and the listed root entries to send: the core matches them, not the shell.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ProjectRootRequest"))]
#[serde(rename_all = "camelCase")]
pub struct RootRequest {
    /// Unique among the folders (a repeated name gets `~2`, `~3`); ids are built from it.
    pub name: String,
    /// Entries to read and send with their text.
    pub read: Vec<String>,
    /// Entries to send with empty text.
    pub presence: Vec<String>,
}

/// Member globs of one folder: expand each relative to the folder root, skipping `exclude`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ProjectFolderRequest"))]
#[serde(rename_all = "camelCase")]
pub struct FolderRequest {
    pub name: String,
    /// Matches are read and sent with their text.
    pub read: Vec<String>,
    /// Matches are sent with empty text.
    pub presence: Vec<String>,
    /// Matches of these are left out (always `**/node_modules/**`).
    pub exclude: Vec<String>,
}

/// An argument an item takes; the shell asks for it before running.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RunParam"))]
#[serde(rename_all = "camelCase")]
pub struct Param {
    pub name: String,
    /// False when the parameter has a default or may be given zero times.
    pub required: bool,
    /// Takes any number of values (`+name`, `*name` in a justfile).
    pub variadic: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub default: Option<String>,
}

/// How the shell runs a script, pack or terminal item: in a terminal, in `cwd` of one of
/// `folders`, with `argv` (or `command_line`, the same words quoted for the OS's shell).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RunSpec {
    /// The item's id.
    pub id: String,
    /// Workspace folder names it can run in: one for a script, each folder where a pack's
    /// stack was found, none for `term:run` (the shell uses the active folder).
    pub folders: Vec<String>,
    /// Relative to the folder root; empty for the root.
    pub cwd: String,
    /// Program and arguments, unquoted; empty for `term:run`, whose argument is the command.
    pub argv: Vec<String>,
    /// `argv` quoted for the OS's default shell; arguments are appended with `command_line`.
    pub command_line: String,
    /// Arguments the item takes; non-empty means the shell asks for them (or a plan gives them).
    pub params: Vec<Param>,
    /// A name for the terminal, such as `npm: build`.
    pub terminal_name: String,
}

/// What `build_project` returns: items for the catalog, how to run them, and what was skipped.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectCatalog {
    /// Built-in Git, file and terminal items, then scripts, packs and custom commands.
    pub items: Vec<Item>,
    /// One per script, pack and terminal item, in item order.
    pub runs: Vec<RunSpec>,
    /// One per VS Code task item: which input task it runs.
    pub tasks: Vec<TaskRef>,
    /// Every custom command read from the setting, runnable or not (`problems` says why not);
    /// only runnable ones are items.
    pub custom_commands: Vec<CustomCommand>,
    /// Stacks detected in any folder, for packs and /do's context line.
    pub stacks: Vec<Stack>,
    /// The stacks in words for /do's context line, such as `Node (pnpm), Rust (cargo)`.
    pub stack_context: String,
    /// Set in an untrusted workspace: why scripts and packs are missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restricted: Option<String>,
    /// How many script items the workspace has that were withheld for lack of trust.
    pub hidden_scripts: usize,
    pub warnings: Vec<Warning>,
}

impl ProjectCatalog {
    /// The run spec of an item, if it is run in a terminal. Cost: a linear scan.
    pub fn run(&self, id: &str) -> Option<&RunSpec> {
        self.runs.iter().find(|r| r.id == id)
    }

    /// Whether an item takes arguments (justfile recipes with parameters, `term:run`).
    pub fn takes_args(&self, id: &str) -> bool {
        self.run(id).is_some_and(|r| !r.params.is_empty())
    }

    /// Adds these items and warnings to a catalog (see [`ProjectCatalog::move_items_into`]),
    /// copying them.
    pub fn merge_into(&self, catalog: &mut Catalog) {
        let mut items = self.items.clone();
        absorb_wrapped_commands(&mut items, catalog);
        extend_new(catalog, items);
        catalog.warnings.extend(self.warnings.iter().cloned());
    }

    /// Adds these items and warnings to a catalog. A Git or file item and the VS Code command
    /// it wraps are one action, so they become one row: the item, carrying the command's
    /// keybinding, its palette title as a keyword and the higher of the two classes. An id the
    /// catalog already has is skipped. Moves the items instead of copying them, which keeps
    /// the peak memory of a large merge down (wasm memory never shrinks). Cost: linear in both.
    pub fn move_items_into(&mut self, catalog: &mut Catalog) {
        let mut items = std::mem::take(&mut self.items);
        absorb_wrapped_commands(&mut items, catalog);
        extend_new(catalog, items);
        catalog.warnings.extend(self.warnings.iter().cloned());
    }
}

/// Moves every command item a Git or file item wraps out of the catalog and into that item.
fn absorb_wrapped_commands(items: &mut [Item], catalog: &mut Catalog) {
    let wrappers: HashMap<String, usize> = items
        .iter()
        .enumerate()
        .filter(|(_, i)| matches!(i.kind, ItemKind::Git | ItemKind::File))
        .filter_map(|(at, i)| Some((i.command.clone()?, at)))
        .collect();
    if wrappers.is_empty() {
        return;
    }
    let mut wrapped = Vec::new();
    catalog.items.retain_mut(|i| {
        let at = (i.kind == ItemKind::Command)
            .then_some(i.command.as_deref())
            .flatten()
            .and_then(|c| wrappers.get(c));
        match at {
            Some(&at) => {
                wrapped.push((at, std::mem::take(i)));
                false
            }
            None => true,
        }
    });
    for (at, command) in wrapped {
        absorb(&mut items[at], command);
    }
}

/// One row for a wrapper and its command: the wrapper's own title and detail (written for
/// the action), the command's keybinding and palette words, and never a lower class than
/// either has: the guard's verdict on the command stands whatever the wrapper says.
fn absorb(wrapper: &mut Item, command: Item) {
    wrapper.risk = wrapper.risk.max(command.risk);
    if wrapper.keybinding.is_none() {
        wrapper.keybinding = command.keybinding;
        wrapper.global_keybinding = command.global_keybinding;
    }
    // The palette's name stays searchable ("Git: Checkout to..." finds Git: Switch Branch…).
    let palette_words = (!command.derived_title).then_some(command.title);
    for word in palette_words.into_iter().chain(command.keywords) {
        if word != wrapper.title && !wrapper.keywords.contains(&word) {
            wrapper.keywords.push(word);
        }
    }
}

/// Appends the items whose ids the catalog does not have yet.
fn extend_new(catalog: &mut Catalog, items: Vec<Item>) {
    let existing: HashSet<String> = catalog.items.iter().map(|i| i.id.clone()).collect();
    catalog
        .items
        .extend(items.into_iter().filter(|i| !existing.contains(&i.id)));
}

/// Root entries beyond this many are not looked at, so a vast folder stays cheap.
const MAX_ROOT_ENTRIES: usize = 50_000;

/// Round 1 and 2 of the file protocol. With entries it picks the root files to send; once root
/// files are present it adds each folder's member globs. Never fails: a root file that does not
/// parse just adds no globs (`build_project` reports it). Cost: entries × presence patterns.
pub fn files_to_read(input: &ProjectInput) -> FileRequest {
    let mut presence: Vec<String> = npm::LOCKFILES
        .iter()
        .map(|(name, _)| name.to_string())
        .collect();
    for pattern in stack::presence_patterns() {
        if !presence.iter().any(|p| p == pattern) && !sources::read_files().any(|f| f == pattern) {
            presence.push(pattern.to_string());
        }
    }
    let mut folders = Vec::new();
    let mut roots = Vec::new();
    for (name, folder_input) in folder_names(&input.folders) {
        roots.push(root_request(&name, &folder_input.entries, &presence));
        let folder = Folder::new(&name, folder_input);
        let mut request = FolderRequest {
            name: name.clone(),
            exclude: vec!["**/node_modules/**".to_string()],
            ..Default::default()
        };
        for request_members in sources::SCRIPT_SOURCES.iter().filter_map(|s| s.request) {
            request_members(&folder, &mut request);
        }
        if !request.read.is_empty() || !request.presence.is_empty() {
            folders.push(request);
        }
    }
    FileRequest {
        read: sources::read_files().map(str::to_string).collect(),
        presence,
        folders,
        roots,
    }
}

/// Picks a folder's root entries: the script sources' exact names are read, presence patterns match the rest.
fn root_request(name: &str, entries: &[String], presence: &[String]) -> RootRequest {
    let mut request = RootRequest {
        name: name.to_string(),
        ..Default::default()
    };
    for entry in entries.iter().take(MAX_ROOT_ENTRIES) {
        // Root entries are plain names; anything with a separator is not one.
        if entry.is_empty() || entry.contains(['/', '\\']) {
            continue;
        }
        if sources::read_files().any(|f| f == entry) {
            request.read.push(entry.clone());
        } else if presence.iter().any(|p| glob::matches(p, entry)) {
            request.presence.push(entry.clone());
        }
    }
    request
}

/// Builds every project, built-in and custom item. Never fails and never panics: a broken file
/// is skipped with a warning and the rest is still built. `known` lists the commands and
/// settings custom command steps may use (usually `Known::from_items(&catalog.items)`).
/// Cost: linear in the total text; about 5 ms natively for 200 packages × 10 scripts (see
/// `examples/project_timing.rs`).
pub fn build_project(input: &ProjectInput, known: &Known) -> ProjectCatalog {
    let mut sink = Sink::default();
    let multi = input.folders.len() > 1;
    let mut scripts: Vec<(String, Script)> = Vec::new();
    let mut found: Vec<stack::Found> = Vec::new();
    for (name, folder_input) in folder_names(&input.folders) {
        let folder = Folder::new(&name, folder_input);
        folder.check_paths(&mut sink);
        let mut ctx = Ctx {
            folder: &folder,
            os: input.os,
            sink: &mut sink,
        };
        let mut out = Vec::new();
        let mut runner = None;
        for source in sources::SCRIPT_SOURCES {
            runner = runner.or((source.collect)(&mut ctx, &mut out));
        }
        found.extend(stack::detect(&folder, runner, input.os));
        scripts.extend(out.into_iter().map(|s| (name.clone(), s)));
    }

    let mut result = ProjectCatalog::default();
    let (builtin_items, builtin_runs) = builtin::items(input.os, known);
    result.items.extend(builtin_items);
    result.runs.extend(builtin_runs);

    let stacks = stack::merge(&found, &input.disabled_packs);
    if input.trusted {
        let mut seen: HashSet<String> = result.items.iter().map(|i| i.id.clone()).collect();
        // Only scripts that could repeat a pack command are remembered, to keep this cheap.
        let pack_argvs = stack::pack_argvs(&found);
        let mut script_lines: HashSet<(String, String, Vec<String>)> = HashSet::new();
        let mut added = 0usize;
        for (folder, script) in scripts {
            if added == MAX_SCRIPT_ITEMS {
                sink.warn(
                    &folder,
                    format!("more than {MAX_SCRIPT_ITEMS} scripts, the rest are left out"),
                );
                break;
            }
            if !seen.insert(script.id.clone()) {
                sink.warn(
                    &folder,
                    format!("{} is listed twice, the second is skipped", script.id),
                );
                continue;
            }
            if script.cwd.is_empty() && pack_argvs.contains(script.argv.as_slice()) {
                script_lines.insert((folder.clone(), String::new(), script.argv.clone()));
            }
            let (item, run) = script.into_item(&folder, multi, input.os);
            result.items.push(item);
            result.runs.push(run);
            added += 1;
        }
        for (item, run) in stack::pack_items(&stacks, &found, input.os, &script_lines) {
            if seen.insert(item.id.clone()) {
                result.items.push(item);
                result.runs.push(run);
            }
        }
        for (item, task) in tasks::items(&input.tasks, multi, &mut sink) {
            if seen.insert(item.id.clone()) {
                result.items.push(item);
                result.tasks.push(task);
            }
        }
    } else {
        let hidden_tasks = tasks::items(&input.tasks, multi, &mut Sink::default()).len();
        result.hidden_scripts = scripts.len() + hidden_tasks;
        result.restricted = Some(if result.hidden_scripts == 0 {
            "Restricted Mode: workspace scripts and packs are offered once the workspace is trusted"
                .to_string()
        } else {
            format!(
                "Restricted Mode: {} workspace scripts and the stack packs are hidden until the workspace is trusted",
                result.hidden_scripts
            )
        });
    }

    if let Some(value) = &input.custom_commands {
        let (commands, warnings) = parse_custom_commands(value, known);
        sink.warnings.extend(warnings);
        let mut seen: HashSet<String> = result.items.iter().map(|i| i.id.clone()).collect();
        for command in &commands {
            if command.problems.is_empty() && seen.insert(command.id.clone()) {
                result.items.push(command.to_item());
            }
        }
        result.custom_commands = commands;
    }

    guard_hidden_text(&mut result, &mut sink);
    result.stack_context = stack::context_line(&stacks);
    result.stacks = stacks;
    result.warnings = sink.warnings;
    result
}

/// Workspace names reach the popup, dialogs and the model's prompt: a hidden character in a name
/// is shown as a mark (`⟨U+202E⟩`) with a warning, and a command line that holds one is refused,
/// since the dialog that confirms it could not show what it runs.
fn guard_hidden_text(result: &mut ProjectCatalog, sink: &mut Sink) {
    use solidus_model::hidden::{find_hidden, has_hidden, reveal_hidden, HiddenSummary};
    let refused: HashSet<String> = result
        .runs
        .iter()
        .filter(|run| has_hidden(&run.command_line) || run.argv.iter().any(|a| has_hidden(a)))
        .map(|run| run.id.clone())
        .collect();
    for run in result.runs.iter().filter(|run| refused.contains(&run.id)) {
        let found = find_hidden(&run.command_line);
        sink.warn(
            &run.terminal_name,
            format!(
                "the command line {} holds {}; it is not offered",
                reveal_hidden(&run.command_line),
                HiddenSummary::of(&found).describe()
            ),
        );
    }
    result.items.retain(|item| !refused.contains(&item.id));
    result.runs.retain(|run| !refused.contains(&run.id));
    for item in &mut result.items {
        let texts = std::iter::once(&item.title).chain(item.detail.as_ref());
        let found: Vec<_> = texts.flat_map(|text| find_hidden(text)).collect();
        if found.is_empty() {
            continue;
        }
        item.title = reveal_hidden(&item.title);
        item.detail = item.detail.as_deref().map(reveal_hidden);
        item.keywords = item.keywords.iter().map(|k| reveal_hidden(k)).collect();
        sink.warn(
            &item.source,
            format!(
                "“{}” holds {}, shown as ⟨U+…⟩",
                item.title,
                HiddenSummary::of(&found).describe()
            ),
        );
    }
}

/// Quotes one argument for the OS's default shell when it holds anything but plain characters:
/// single quotes for POSIX shells (and fish), PowerShell's doubled single quotes on Windows.
pub fn quote_arg(arg: &str, os: Os) -> String {
    if is_plain(arg, os) {
        return arg.to_string();
    }
    match os {
        Os::Windows => format!("'{}'", arg.replace('\'', "''")),
        _ => format!("'{}'", arg.replace('\'', "'\\''")),
    }
}

/// Joins program and arguments into one line for the OS's default shell, quoting as needed.
pub fn command_line(argv: &[String], os: Os) -> String {
    let mut line = String::with_capacity(argv.iter().map(|a| a.len() + 1).sum());
    for (i, arg) in argv.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        if is_plain(arg, os) {
            line.push_str(arg);
        } else {
            line.push_str(&quote_arg(arg, os));
        }
    }
    line
}

/// Whether an argument needs no quotes: ASCII letters, digits and a few punctuation marks that
/// no common shell treats specially. A leading `=`, `%`, `@` or `~` means something to zsh,
/// fish or PowerShell, so it is quoted.
fn is_plain(arg: &str, os: Os) -> bool {
    let plain = |b: u8| match os {
        Os::Windows => b.is_ascii_alphanumeric() || b"-_./:\\=+".contains(&b),
        _ => b.is_ascii_alphanumeric() || b"-_./:@%+=,".contains(&b),
    };
    let first_ok = arg.bytes().next().is_some_and(|b| {
        b.is_ascii_alphanumeric() || b"-_./".contains(&b) || (b == b'@' && os != Os::Windows)
    });
    first_ok && arg.bytes().all(plain)
}

/// Stable, unique folder names: a repeated name gets `~2`, `~3` in input order.
fn folder_names(folders: &[FolderInput]) -> Vec<(String, &FolderInput)> {
    let mut seen: HashSet<String> = HashSet::new();
    folders
        .iter()
        .map(|f| {
            let base = if f.name.trim().is_empty() {
                "folder".to_string()
            } else {
                f.name.trim().to_string()
            };
            let mut name = base.clone();
            let mut n = 2;
            while !seen.insert(name.clone()) {
                name = format!("{base}~{n}");
                n += 1;
            }
            (name, f)
        })
        .collect()
}

/// Warnings collected while building.
#[derive(Default)]
pub(crate) struct Sink {
    pub warnings: Vec<Warning>,
}

impl Sink {
    pub fn warn(&mut self, source: &str, message: impl Into<String>) {
        self.warnings.push(Warning {
            source: source.to_string(),
            message: message.into(),
        });
    }
}

/// One folder's files by normalized path.
pub(crate) struct Folder<'a> {
    pub name: &'a str,
    files: BTreeMap<String, &'a str>,
    rejected: Vec<String>,
}

impl<'a> Folder<'a> {
    fn new(name: &'a str, input: &'a FolderInput) -> Folder<'a> {
        let mut files = BTreeMap::new();
        let mut rejected = Vec::new();
        for file in &input.files {
            let path = glob::normalize(&file.path);
            if path.is_empty()
                || path.split('/').any(|s| s == "..")
                || path.chars().any(char::is_control)
            {
                rejected.push(file.path.clone());
                continue;
            }
            // The first copy of a path wins; the shell should not send two.
            files.entry(path).or_insert(file.text.as_str());
        }
        Folder {
            name,
            files,
            rejected,
        }
    }

    fn check_paths(&self, sink: &mut Sink) {
        for path in &self.rejected {
            sink.warn(
                self.name,
                format!(
                    "file path {} is not a plain relative path, skipped",
                    one_line(path, 80)
                ),
            );
        }
    }

    pub fn has(&self, path: &str) -> bool {
        self.files.contains_key(path)
    }

    /// Every path, sorted.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    /// Whether a root-level name matches a pattern such as `*.csproj`.
    pub fn has_match(&self, pattern: &str) -> bool {
        self.root_matches(pattern).next().is_some()
    }

    /// Root-level paths matching a pattern without `/`; nested files are never looked at, so a
    /// monorepo's thousands of member files cost nothing here.
    pub fn root_matches<'s>(&'s self, pattern: &'s str) -> impl Iterator<Item = &'s str> + 's {
        let literal = !pattern.contains(['*', '?', '[', '{']);
        self.paths().filter(move |p| {
            !p.contains('/')
                && if literal {
                    *p == pattern
                } else {
                    glob::matches(pattern, p)
                }
        })
    }

    /// The text of a file to parse, without a byte-order mark; None (with a warning) when it
    /// is too large to be a real manifest.
    pub fn text(&self, path: &str, sink: &mut Sink) -> Option<&'a str> {
        let text = *self.files.get(path)?;
        if text.len() > MAX_FILE_BYTES {
            sink.warn(
                &self.source(path),
                format!("larger than {} KiB, skipped", MAX_FILE_BYTES / 1024),
            );
            return None;
        }
        Some(text.strip_prefix('\u{feff}').unwrap_or(text))
    }

    /// `folder/path`, the source named in warnings.
    pub fn source(&self, path: &str) -> String {
        format!("{}/{}", self.name, path)
    }
}

/// What a collector works with.
pub(crate) struct Ctx<'a, 'b> {
    pub folder: &'b Folder<'a>,
    pub os: Os,
    pub sink: &'b mut Sink,
}

/// A script found in a project file, before it becomes an item.
#[derive(Debug, Clone)]
pub(crate) struct Script {
    pub id: String,
    /// `npm`, `make`, `just`, `cargo`, `deno` or `composer`.
    pub tool: &'static str,
    pub title: String,
    pub detail: String,
    pub keywords: Vec<String>,
    pub cwd: String,
    pub argv: Vec<String>,
    pub params: Vec<Param>,
}

impl Script {
    fn into_item(self, folder: &str, multi: bool, os: Os) -> (Item, RunSpec) {
        let title = if multi {
            format!("{} ({folder})", self.title)
        } else {
            self.title.clone()
        };
        let mut keywords = self.keywords;
        keywords.push("script".to_string());
        if multi {
            keywords.push(folder.to_string());
        }
        keywords.dedup();
        let run = RunSpec {
            id: self.id.clone(),
            folders: vec![folder.to_string()],
            cwd: self.cwd,
            command_line: command_line(&self.argv, os),
            argv: self.argv,
            params: self.params,
            terminal_name: self.title,
        };
        let item = solidus_guard::classified(Item {
            id: self.id,
            kind: ItemKind::Script,
            title,
            detail: Some(self.detail).filter(|d| !d.is_empty()),
            keywords,
            source: format!("project:{}", self.tool),
            from_workspace: true,
            ..Item::default()
        });
        (item, run)
    }
}

/// An id from parts; every part but the last has `%` and `:` escaped so ids stay unambiguous
/// (the last may hold colons, as npm script names such as `lint:fix` do).
pub(crate) fn make_id(parts: &[&str]) -> String {
    let mut id = String::with_capacity(parts.iter().map(|p| p.len() + 1).sum());
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            id.push(':');
        }
        if i + 1 == parts.len() {
            id.push_str(part);
            continue;
        }
        for c in part.chars() {
            match c {
                '%' => id.push_str("%25"),
                ':' => id.push_str("%3A"),
                _ => id.push(c),
            }
        }
    }
    id
}

/// Why a name from a file cannot become a runnable item, if it cannot.
pub(crate) fn bad_name(name: &str) -> Option<&'static str> {
    if name.trim().is_empty() {
        Some("has an empty name")
    } else if name.chars().count() > MAX_NAME_CHARS {
        Some("has a name that is too long")
    } else if name.chars().any(char::is_control) {
        Some("has control characters in its name")
    } else if name.starts_with('-') {
        Some("has a name starting with '-', which would read as an option")
    } else {
        None
    }
}

/// Text for a detail line: whitespace collapsed, cut with an ellipsis.
pub(crate) fn one_line(text: &str, max_chars: usize) -> String {
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if joined.chars().count() <= max_chars {
        return joined;
    }
    let cut: String = joined.chars().take(max_chars).collect();
    format!("{cut}…")
}

/// Detail text for commands from a file.
pub(crate) fn detail(text: &str) -> String {
    one_line(text, MAX_DETAIL_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_words_stay_bare_and_the_rest_is_quoted() {
        let table = [
            ("build", Os::Linux, "build"),
            ("lint:fix", Os::Linux, "lint:fix"),
            ("@acme/web", Os::Linux, "@acme/web"),
            ("@acme/web", Os::Windows, "'@acme/web'"),
            ("a b", Os::Linux, "'a b'"),
            ("it's", Os::Linux, "'it'\\''s'"),
            ("it's", Os::Windows, "'it''s'"),
            ("x;rm -rf ~", Os::Macos, "'x;rm -rf ~'"),
            ("$(id)", Os::Linux, "'$(id)'"),
            ("=cmd", Os::Linux, "'=cmd'"),
            ("", Os::Linux, "''"),
        ];
        for (arg, os, expected) in table {
            assert_eq!(quote_arg(arg, os), expected, "{arg} on {os:?}");
        }
    }

    #[test]
    fn ids_escape_every_part_but_the_last() {
        assert_eq!(
            make_id(&["script", "npm", "my:folder", ".", "lint:fix"]),
            "script:npm:my%3Afolder:.:lint:fix"
        );
    }

    #[test]
    fn repeated_folder_names_get_a_suffix() {
        let folders = vec![
            FolderInput {
                name: "app".into(),
                ..Default::default()
            },
            FolderInput {
                name: "app".into(),
                ..Default::default()
            },
            FolderInput::default(),
        ];
        let names: Vec<String> = folder_names(&folders).into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["app", "app~2", "folder"]);
    }
}
