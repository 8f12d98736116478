//! The names VS Code's command palette shows (`Category: Title`) where the keybinding schema,
//! the only list of core commands an extension can read, gives something else: no title, a
//! title without its category ("Open Settings (UI)" for Preferences: Open Settings (UI)), or a description
//! sentence ("Opens view Problems", a 27-word sentence for the tab focus mode).
//!
//! `data/palette-labels.tsv` is `id<TAB>label` for VS Code 1.139's core commands as its command
//! palette lists them, captured from code-server's palette by `scripts/capture-palette-labels.ts`
//! (each palette row carries its command id beside the label it shows); `#` lines say where it
//! came from. It is a fallback only: a title with a category that the running editor reports wins.

use std::collections::HashMap;
use std::sync::OnceLock;

const LABELS: &str = include_str!("../data/palette-labels.tsv");

fn labels() -> &'static HashMap<&'static str, &'static str> {
    static TABLE: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    TABLE.get_or_init(|| {
        LABELS
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| line.split_once('\t'))
            .map(|(id, label)| (id.trim(), label.trim()))
            .filter(|(id, label)| !id.is_empty() && !label.is_empty())
            .collect()
    })
}

/// The palette's label for a core command, from the table.
pub fn label(id: &str) -> Option<&'static str> {
    labels().get(id).copied()
}

/// Every command id the table names, for checks that it names real commands.
pub fn labelled_commands() -> impl Iterator<Item = &'static str> {
    labels().keys().copied()
}

/// More words than this make a description, not a title: the palette's longest core titles
/// ("Toggle Screen Reader Accessibility Mode", "Go to Symbol in Workspace...") have six or seven.
const TITLE_MAX_WORDS: usize = 8;

/// Whether a schema text is a description sentence rather than a name: it ends with a full
/// stop (an ellipsis is a title's "more to come"), runs longer than a title, or is the
/// "Opens view X" a view's open command carries as its description.
pub fn is_sentence(text: &str) -> bool {
    let full_stop = text.ends_with('.') && !text.ends_with("...");
    full_stop
        || text.split_whitespace().count() > TITLE_MAX_WORDS
        || text.starts_with("Opens view ")
}

/// Views VS Code shows in the panel: their open command toggles the panel ("View: Toggle
/// Terminal"); a view elsewhere is shown ("View: Show Outline").
const PANEL_VIEWS: &[&str] = &[
    "Problems",
    "Output",
    "Debug Console",
    "Terminal",
    "Test Results",
    "Ports",
    "Comments",
];

/// The palette's label derived from the schema's own text where it has a known shape: a view's
/// "Opens view X" becomes `View: Show X` or `View: Toggle X`, and a view container's
/// uncategorised "Show X" (`workbench.view.*`) gets the View category.
pub fn from_schema(id: &str, text: &str) -> Option<String> {
    if let Some(view) = text.strip_prefix("Opens view ") {
        let verb = if PANEL_VIEWS.contains(&view) {
            "Toggle"
        } else {
            "Show"
        };
        return Some(format!("View: {verb} {view}"));
    }
    (id.starts_with("workbench.view.") && text.starts_with("Show ") && !text.contains(": "))
        .then(|| format!("View: {text}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_are_told_from_titles() {
        assert!(is_sentence("Opens view Problems"));
        assert!(is_sentence("Hide the standalone color picker."));
        assert!(is_sentence(
            "Toggle the ability to save files automatically after typing"
        ));
        assert!(!is_sentence("Quick Fix..."));
        assert!(!is_sentence("Go to Symbol in Workspace..."));
        assert!(!is_sentence("Open Keyboard Shortcuts"));
    }

    #[test]
    fn views_get_the_view_category_and_the_panel_s_verb() {
        assert_eq!(
            from_schema("workbench.actions.view.problems", "Opens view Problems").as_deref(),
            Some("View: Toggle Problems")
        );
        assert_eq!(
            from_schema("outline.open", "Opens view Outline").as_deref(),
            Some("View: Show Outline")
        );
        assert_eq!(
            from_schema("workbench.view.extensions", "Show Extensions").as_deref(),
            Some("View: Show Extensions")
        );
        assert_eq!(from_schema("a.b", "Show Extensions"), None);
    }
}
