//! The table of script sources: each kind of project file Solidus reads scripts from, the root
//! files it reads, the member files it asks for, and its parser. Adding a source is one row here.

use super::npm::Runner;
use super::{cargo, composer, deno, just, make, npm, Ctx, Folder, FolderRequest, Script};

/// One kind of project file that yields scripts.
pub struct ScriptSource {
    pub id: &'static str,
    /// Root-level files whose text is read in every folder.
    pub files: &'static [&'static str],
    /// VS Code task providers that list the same scripts, so their tasks are left out.
    pub task_sources: &'static [&'static str],
    /// Adds the member files this source's root files point at (round 2 of the file protocol).
    pub(crate) request: Option<fn(&Folder, &mut FolderRequest)>,
    /// Reads the folder's files into scripts; npm also says which package manager runs them.
    pub(crate) collect: fn(&mut Ctx, &mut Vec<Script>) -> Option<Runner>,
}

/// Every source, in the order their scripts are listed.
pub const SCRIPT_SOURCES: &[ScriptSource] = &[
    ScriptSource {
        id: "npm",
        files: &["package.json", "pnpm-workspace.yaml"],
        task_sources: &["npm"],
        request: Some(npm::request),
        collect: npm::collect,
    },
    ScriptSource {
        id: "make",
        files: make::NAMES,
        task_sources: &["make"],
        request: None,
        collect: |ctx, out| {
            make::collect(ctx, out);
            None
        },
    },
    ScriptSource {
        id: "just",
        files: just::NAMES,
        task_sources: &["just"],
        request: None,
        collect: |ctx, out| {
            just::collect(ctx, out);
            None
        },
    },
    ScriptSource {
        id: "cargo",
        files: &["Cargo.toml"],
        task_sources: &["cargo", "rust"],
        request: Some(cargo::request),
        collect: |ctx, out| {
            cargo::collect(ctx, out);
            None
        },
    },
    ScriptSource {
        id: "deno",
        files: deno::NAMES,
        task_sources: &["deno"],
        request: Some(deno::request),
        collect: |ctx, out| {
            deno::collect(ctx, out);
            None
        },
    },
    ScriptSource {
        id: "composer",
        files: &["composer.json"],
        task_sources: &["composer"],
        request: None,
        collect: |ctx, out| {
            composer::collect(ctx, out);
            None
        },
    },
];

/// Root-level files whose text the core reads, in every folder: every source's files.
pub fn read_files() -> impl Iterator<Item = &'static str> {
    SCRIPT_SOURCES.iter().flat_map(|s| s.files.iter().copied())
}

/// Whether a VS Code task provider repeats scripts some source already lists.
pub fn is_duplicate_task_source(source: &str) -> bool {
    SCRIPT_SOURCES
        .iter()
        .flat_map(|s| s.task_sources.iter())
        .any(|s| s.eq_ignore_ascii_case(source))
}
