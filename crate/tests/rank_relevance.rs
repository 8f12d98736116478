//! The ranker's relevance table: popup queries over VS Code 1.139.1's catalog, the rows a user
//! means by each, and why. The expected rows come from what the query means, not from the
//! ranker's output, so a retuned weight that reorders them fails here.

mod agent_common;

use agent_common::fixture;
use solidus_core::rank::{parse_query, RankOptions};

/// One popup query. `rows[k]` lists the item ids row `k` may hold: alternatives where two
/// items are equally what the user means (same title, or a command and its setting).
struct Case {
    query: &'static str,
    rows: &'static [&'static [&'static str]],
    why: &'static str,
}

const fn case(
    query: &'static str,
    rows: &'static [&'static [&'static str]],
    why: &'static str,
) -> Case {
    Case { query, rows, why }
}

const RELEVANCE: &[Case] = &[
    case(
        "git: comm",
        &[&["command:git.commit"]],
        "the palette's label typed from its start, colon and all: Git: Commit, not the setting \
         Git: Post Commit Command, whose name merely holds the word",
    ),
    case(
        "keybindigns",
        &[&["command:workbench.action.openGlobalKeybindings"]],
        "a typo of keybindings, which are the palette's keyboard shortcuts; Open is a verb the \
         query need not say",
    ),
    case(
        "command line window",
        &[&["command:workbench.action.terminal.toggleTerminal"]],
        "the command line is the terminal; View: Toggle Terminal names it with a generic verb",
    ),
    case(
        "find in fiels",
        &[&["command:workbench.action.findInFiles"]],
        "two swapped letters of files; fiel… also starts field, yet no short form swaps letters",
    ),
    case(
        "fmt on save",
        &[&["setting:editor.formatOnSave"]],
        "fmt is format; the typed \"on\" is a word of Format On Save, not of Save without \
         Formatting, whose letters also hold f-m-t",
    ),
    case(
        "typeface",
        &[&["setting:editor.fontFamily"]],
        "an everyday word for the editor's font family, not a type and a face",
    ),
    case(
        "md preview",
        &[&["command:markdown.showPreview", "command:markdown.showPreviewToSide"]],
        "md is markdown, not the Md in AGENTS.md file names",
    ),
    case(
        "focus mode",
        &[
            &[
                "command:workbench.action.toggleZenMode",
                "setting:editor.tabFocusMode",
            ],
            &[
                "command:workbench.action.toggleZenMode",
                "setting:editor.tabFocusMode",
            ],
        ],
        "other editors' focus mode is VS Code's Zen Mode; Editor: Tab Focus Mode has the words",
    ),
    case(
        "open settigns",
        &[&["command:workbench.action.openSettings2"]],
        "a typo of the palette's Open Settings (UI); the (UI) qualifier is no word the query misses",
    ),
    case(
        "zen",
        &[&["command:workbench.action.toggleZenMode"]],
        "the one command named for it; the Zen Mode settings come after",
    ),
    case(
        "format doc",
        &[&["command:editor.action.formatDocument"]],
        "partial words as people type them",
    ),
    case(
        "word wrap",
        &[
            &["setting:editor.wordWrap"],
            &["setting:diffEditor.wordWrap"],
        ],
        "the setting named exactly; the shorter category is the general one",
    ),
    case(
        "wrap",
        &[&["command:editor.action.toggleWordWrap"]],
        "its slash name is /wrap, the command people mean by the word",
    ),
    case(
        "toggle word wrap",
        &[&["command:editor.action.toggleWordWrap"]],
        "the full title",
    ),
    case(
        "towowr",
        &[&["command:editor.action.toggleWordWrap"]],
        "word prefixes run together: to-wo-wr",
    ),
    case(
        "minimap",
        &[&["command:editor.action.toggleMinimap"]],
        "the command named only for it, before the minimap's many settings",
    ),
    case(
        "theme",
        &[&["command:workbench.action.selectTheme"]],
        "the colour theme picker, a title that is just the query's words",
    ),
    case(
        "color theme",
        &[
            &[
                "command:workbench.action.selectTheme",
                "setting:workbench.colorTheme",
            ],
            &[
                "command:workbench.action.selectTheme",
                "setting:workbench.colorTheme",
            ],
        ],
        "the picker and the setting it writes, before the preferred dark and light themes",
    ),
    case(
        "save all",
        &[&["command:workbench.action.files.saveAll"]],
        "the bound Save All over the one without a keybinding",
    ),
    case(
        "sav",
        &[&["command:workbench.action.files.save"]],
        "a word being typed: File: Save, the bound command",
    ),
    case(
        "close editor",
        &[&["command:workbench.action.closeActiveEditor"]],
        "the title after the category is exactly the query",
    ),
    case(
        "close all",
        &[&["command:workbench.action.closeAllEditors"]],
        "Close All Editors, before closing all groups",
    ),
    case(
        "line numbers",
        &[&["setting:editor.lineNumbers", "setting:notebook.lineNumbers"]],
        "a setting named exactly; Show or Hide Line Numbers are narrower",
    ),
    case(
        "auto save",
        &[
            &["setting:files.autoSave"],
            &["setting:files.refactoring.autoSave"],
        ],
        "the setting named exactly; the nested one is the specialised variant",
    ),
    case(
        "autosave",
        &[&["setting:files.autoSave"]],
        "one word for two title words: the key's word autoSave",
    ),
    case(
        "go to line",
        &[&["command:workbench.action.gotoLine"]],
        "Go to Line/Column, before sticky scroll and coverage lines",
    ),
    case(
        "split editor",
        &[&["command:workbench.action.splitEditor"]],
        "the plain split before its directions",
    ),
    case(
        "tab size",
        &[&["setting:editor.tabSize"]],
        "the setting named exactly, before the tab display size commands",
    ),
    case(
        "format on save",
        &[
            &["setting:editor.formatOnSave"],
            &["setting:editor.formatOnSaveMode"],
        ],
        "the switch before its mode",
    ),
    case(
        "render whitespace",
        &[&["setting:editor.renderWhitespace"]],
        "the setting named exactly; the toggle command's title adds a word",
    ),
    case(
        "show all commands",
        &[&["command:workbench.action.showCommands"]],
        "the full title",
    ),
    case(
        "reload window",
        &[&["command:workbench.action.reloadWindow"]],
        "the full title; nothing else has both words in its name",
    ),
    case(
        "open keyboard shortcuts",
        &[
            &["command:workbench.action.openGlobalKeybindings"],
            &["command:workbench.action.openGlobalKeybindingsFile"],
        ],
        "the editor before its JSON file",
    ),
    case(
        "sort lines",
        &[
            &["command:editor.action.sortLinesAscending"],
            &["command:editor.action.sortLinesDescending"],
        ],
        "the two sorts, before anything merely mentioning lines",
    ),
    case(
        "fold all",
        &[&["command:editor.foldAll"]],
        "the full title, before Fold All Except and friends",
    ),
    case(
        "cursor style",
        &[
            &["setting:editor.cursorStyle"],
            &["setting:terminal.integrated.cursorStyle"],
        ],
        "the editor's setting before the terminal's, whose category is longer",
    ),
    case(
        "ed fo si",
        &[&["setting:editor.fontSize"]],
        "prefixes of every title word",
    ),
    case(
        "editor.fontsize",
        &[&["setting:editor.fontSize"]],
        "the setting key typed out",
    ),
    case(
        "/zen",
        &[&["command:workbench.action.toggleZenMode"]],
        "a slash name typed exactly",
    ),
    case(
        "rename",
        &[&["command:editor.action.rename"]],
        "Rename Symbol, the bound command, before the terminal's and history's renames",
    ),
    case(
        "undo",
        &[&["command:undo"]],
        "the bound Undo before the chat editing ones of the same title",
    ),
    case(
        "rulers",
        &[&["setting:editor.rulers"]],
        "the setting named exactly",
    ),
    case(
        "git commit",
        &[&["command:git.commit"]],
        "Git: Commit itself; same-titled git.commitMessageAccept sorts after it",
    ),
    case(
        "quick fix",
        &[&["command:editor.action.quickFix"]],
        "the editor's Quick Fix..., before the terminal's setting",
    ),
    case(
        "\"word wrap\"",
        &[&["setting:editor.wordWrap"]],
        "a quoted phrase: the title that is the phrase, before longer ones",
    ),
    case(
        "commit",
        &[&["command:git.commit"]],
        "Git's Commit; the untitled inline-suggestion command named Commit off its id ranks below it",
    ),
    case(
        "font size",
        &[&["setting:editor.fontSize"]],
        "the editor's before Chat: Font Size, its look-alike of one category word",
    ),
    case(
        "font family",
        &[&["setting:editor.fontFamily"]],
        "the editor's before Chat: Font Family, its look-alike of one category word",
    ),
    case(
        "new terminal",
        &[&["command:workbench.action.terminal.new"]],
        "Create New Terminal: the phrase is the object its generic verb takes, as good a name \
         as New Terminal Window's prefix, and the bound, more general command",
    ),
    case(
        "fosi",
        &[&["setting:editor.fontSize"]],
        "fo-si runs together the starts of Font Size, which Editor: Font Size spells out whole \
         (the font zoom commands add words; Chat: Font Size is not the editor's)",
    ),
    case(
        "full screen",
        &[&["command:workbench.action.toggleFullScreen"]],
        "Toggle Full Screen's object is the phrase; Zen Mode: Full Screen is another part's \
         variant of it (a category the query does not name)",
    ),
    case(
        "toggle comment",
        &[&["command:editor.action.commentLine"]],
        "the editor's bound Toggle Line Comment; Emmet: Toggle Comment is another part's variant",
    ),
];

/// The top `n` ids the popup shows for a query (related rows included), with titles for
/// failure messages.
fn top(query: &str, n: usize) -> Vec<(String, String)> {
    let index = fixture();
    let options = RankOptions {
        limit: n,
        ..RankOptions::default()
    };
    index
        .rank_with_related(&parse_query(query), &options)
        .iter()
        .map(|r| {
            let item = &index.items()[r.index];
            (item.id.clone(), item.title.clone())
        })
        .collect()
}

fn shown(rows: &[(String, String)]) -> String {
    rows.iter()
        .map(|(id, title)| format!("\n      {title} ({id})"))
        .collect()
}

#[test]
fn popup_queries_put_what_the_user_means_first() {
    let mut wrong = Vec::new();
    for case in RELEVANCE {
        let got = top(case.query, case.rows.len().max(5));
        let fits = case.rows.iter().enumerate().all(|(k, allowed)| {
            got.get(k)
                .is_some_and(|(id, _)| allowed.contains(&id.as_str()))
        });
        if !fits {
            wrong.push(format!(
                "{:?}: expected {:?} ({}); got{}",
                case.query,
                case.rows,
                case.why,
                shown(&got)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The table is worth what its ids are: each must name an item of the catalog.
#[test]
fn every_expected_id_is_in_the_catalog() {
    let index = fixture();
    let missing: Vec<&str> = RELEVANCE
        .iter()
        .flat_map(|c| c.rows.iter().flat_map(|r| r.iter().copied()))
        .filter(|id| index.get(id).is_none())
        .collect();
    assert!(missing.is_empty(), "not in the catalog: {missing:?}");
}
