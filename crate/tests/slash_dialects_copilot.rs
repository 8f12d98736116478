//! Copilot prompt files as VS Code reads them, case by case.
//!
//! Each row names the VS Code file or documentation page that states the rule.

mod slash_common;

use slash_common::{candidate, run};
use solidus_core::slash::{Provider, Scope};

/// VS Code lists a prompt folder by the `.prompt.md` suffix only, so dot-files are prompts too.
const LOCATOR: &str = "VS Code prompt files: a folder is listed by the `.prompt.md` suffix, dot-files included (issue 28, measured against VS Code; promptFilesLocator.ts was not read at a commit for this row)";
/// The header's `description` is the only description; the body is never shown in its place.
const DOCS: &str =
    "code.visualstudio.com/docs/copilot/customization/prompt-files (header: description)";

fn prompt(path: &str, text: &str) -> solidus_core::slash::CandidateFile {
    candidate(
        Provider::Copilot,
        Scope::Project,
        "/w/.github/prompts",
        path,
        text,
    )
}

#[test]
fn copilot_loads_dot_files_and_describes_from_the_header_only() {
    let d = run(vec![
        prompt(".draft.prompt.md", "---\ndescription: Draft\n---\nDraft it"),
        prompt("plain.prompt.md", "The first line is not a description"),
        prompt(
            "named.prompt.md",
            "---\nname: ship\ndescription: Ship it\n---\nShip",
        ),
    ]);
    let got: Vec<(&str, &str)> = d
        .commands
        .iter()
        .map(|c| (c.name.as_str(), c.description.as_str()))
        .collect();
    assert_eq!(got[0], (".draft", "Draft"), "{LOCATOR}");
    assert!(got.contains(&("plain", "")), "{DOCS}: {got:?}");
    assert!(got.contains(&("ship", "Ship it")), "{DOCS}: {got:?}");
}
