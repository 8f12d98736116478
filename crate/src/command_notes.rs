//! Plain-language notes on what VS Code's commands do: the everyday words for a command that
//! its title lacks, searched like a setting's description.
//!
//! VS Code gives settings a description but commands only a title, so a request that says what
//! it wants in its own words ("switch to another branch", "fill the whole window") had nothing
//! to meet but the title. The notes were written by authors who saw the command ids and titles
//! and the VS Code documents, never a request set or the ranker. `data/command-notes.tsv`, one
//! `command-id<TAB>note` per line; the notes are search text only, never shown or sent anywhere.

use std::collections::HashMap;
use std::sync::OnceLock;

const NOTES: &str = include_str!("../data/command-notes.tsv");

fn notes() -> &'static HashMap<&'static str, &'static str> {
    static TABLE: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    TABLE.get_or_init(|| {
        NOTES
            .lines()
            .filter_map(|line| line.split_once('\t'))
            .map(|(id, note)| (id.trim(), note.trim()))
            .filter(|(id, note)| !id.is_empty() && !note.is_empty())
            .collect()
    })
}

/// The note on a VS Code command, if it has one.
pub fn note(command: &str) -> Option<&'static str> {
    notes().get(command).copied()
}

/// Every noted command id, for checks that the table names real commands.
pub fn noted_commands() -> impl Iterator<Item = &'static str> {
    notes().keys().copied()
}
