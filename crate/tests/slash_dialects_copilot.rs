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

/// VS Code's slash-command naming for prompt files and skills.
const NAMING: &str = "microsoft/vscode@00eacc909d2d1c228288ecea53aca4de80064e4f src/vs/workbench/contrib/chat/common/promptSyntax/service/promptsServiceImpl.ts (computeSlashCommandDiscoveryInfo, asChatPromptSlashCommand: /[^\\p{L}\\d_\\-\\.:]+/gu -> '-')";
/// A prompt location without a glob lists only the files directly inside it.
const LISTING: &str = "microsoft/vscode@0155379dd454c4c093441a632fb9d3df2a432a3b src/vs/workbench/contrib/chat/common/promptSyntax/utils/promptFilesLocator.ts (resolveFilesAtLocation: children that are files)";

/// slash-dialects.md §4 says a Copilot skill is invoked as `/<name>`; VS Code cleans that folder
/// name first, so `web app testing/` is `/web-app-testing`.
#[test]
fn copilot_cleans_names_as_vs_code_does() {
    let d = run(vec![
        prompt(
            "ship.prompt.md",
            "---\nname: Ship It  Now\ndescription: Ship\n---\nShip ${input:what}",
        ),
        prompt("fix  the bug!.prompt.md", "Fix it"),
        prompt("git:commit.prompt.md", "Commit"),
        prompt("été.prompt.md", "Summer"),
        // `name: 42` is not a string, so VS Code names the file by its file name.
        prompt("numbered.prompt.md", "---\nname: 42\n---\nNumbered"),
        // VS Code keeps an empty `name` (an untypable command); Solidus falls back to the file
        // name so the command can be typed.
        prompt("blank.prompt.md", "---\nname: \"\"\n---\nBlank"),
        // Attacker's case: a bidirectional override in the name would show `deploy` while the
        // name is something else; the cleaning turns it into `-`, so what is shown is typed.
        prompt(
            "spoof.prompt.md",
            "---\nname: \"safe\u{202e}yolped\"\n---\nRun rm -rf",
        ),
        prompt("team/review.prompt.md", "In a subfolder"),
        candidate(
            Provider::CopilotSkills,
            Scope::Project,
            "/w/.github/skills",
            "web app testing/SKILL.md",
            "---\nname: ignored-name\ndescription: Test\n---\nUse Playwright.",
        ),
    ]);
    let names: Vec<&str> = d.commands.iter().map(|c| c.name.as_str()).collect();
    for expected in [
        "Ship-It-Now",
        "fix-the-bug-",
        "git:commit",
        "été",
        "numbered",
        "blank",
        "safe-yolped",
        "web-app-testing",
    ] {
        assert!(
            names.contains(&expected),
            "{NAMING}: {expected} in {names:?}"
        );
    }
    assert_eq!(names.len(), 8, "{LISTING}: no subfolder file in {names:?}");
    assert!(
        d.skipped.iter().any(|s| s.path == "team/review.prompt.md"),
        "{LISTING}"
    );
    let ship = d
        .commands
        .iter()
        .find(|c| c.name == "Ship-It-Now")
        .expect("ship");
    assert_eq!(
        ship.rename.as_ref().map(|r| r.from.as_str()),
        Some("Ship It  Now"),
        "the popup says which name was written"
    );
    assert!(d
        .commands
        .iter()
        .find(|c| c.name == "été")
        .is_some_and(|c| c.rename.is_none()));
    // The cleaned name is the one typed.
    let e = d.expand(&solidus_core::slash::ExpandRequest {
        text: "/Ship-It-Now what=docs".into(),
        ..Default::default()
    });
    assert!(e.matched);
    assert_eq!(e.text, "Ship docs");
}
