//! Plain-language notes on VS Code's commands and settings: the everyday words for an item that
//! its title and VS Code's description lack, searched like a setting's description.
//!
//! VS Code gives commands only a title, and settings a description in its own terms ("Controls
//! whether the editor should render the inline color decorators"), so a request in the user's
//! words ("switch to another branch", "the little coloured squares next to hex codes") had
//! little to meet. The notes were written by authors who saw the ids, titles, descriptions and
//! VS Code's documents, never a request set or the ranker: one table per kind of item,
//! `id<TAB>note` per line. They are search text only, never shown or sent anywhere.

use std::collections::HashMap;
use std::sync::OnceLock;

const COMMAND_NOTES: &str = include_str!("../data/command-notes.tsv");
const SETTING_NOTES: &str = include_str!("../data/setting-notes.tsv");

type Table = HashMap<&'static str, &'static str>;

fn parse(text: &'static str) -> Table {
    text.lines()
        .filter_map(|line| line.split_once('\t'))
        .map(|(id, note)| (id.trim(), note.trim()))
        .filter(|(id, note)| !id.is_empty() && !note.is_empty())
        .collect()
}

fn commands() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(COMMAND_NOTES))
}

fn settings() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(SETTING_NOTES))
}

/// The note on a VS Code command, if it has one.
pub fn command(id: &str) -> Option<&'static str> {
    commands().get(id).copied()
}

/// The note on a VS Code setting, if it has one.
pub fn setting(key: &str) -> Option<&'static str> {
    settings().get(key).copied()
}

/// Every noted command id, for checks that the table names real commands.
pub fn noted_commands() -> impl Iterator<Item = &'static str> {
    commands().keys().copied()
}

/// Every noted setting key, for checks that the table names real settings.
pub fn noted_settings() -> impl Iterator<Item = &'static str> {
    settings().keys().copied()
}

/// The note on a catalog item: VS Code's own commands and settings only. A workspace item may
/// reuse an id, and its text is its own.
pub fn for_item(item: &solidus_model::Item) -> Option<&'static str> {
    if item.from_workspace {
        return None;
    }
    match item.kind {
        // A Git or file item is the row of the command it wraps, so the command's note is its own.
        solidus_model::ItemKind::Command
        | solidus_model::ItemKind::Git
        | solidus_model::ItemKind::File => item.command.as_deref().and_then(command),
        solidus_model::ItemKind::Setting => item.key.as_deref().and_then(setting),
        _ => None,
    }
}
