//! One catalog: slash commands ranked and planned like any item, and the facts the core keeps of
//! a project (argument rules, exact command lines, the dialog's text) reaching the plan.

mod agent_common;
mod project_common;

use agent_common::{answer, fixture};
use project_common::{build, folder, input};
use serde_json::json;
use solidus_core::agent::{check_response_with, shortlist, ShortlistOptions, ValidateOptions};
use solidus_core::project::ProjectFacts;
use solidus_core::rank::{parse_query, Index, RankOptions};
use solidus_core::slash::{discover, CandidateFile, DiscoverInput, Provider, Scope};
use solidus_core::{Effect, Item, ItemKind};

const JUSTFILE: &str = "\
deploy env region='eu':
    ./deploy.sh {{env}} {{region}}

clean:
    rm -rf target
";

/// The fixture catalog with a justfile project's items and one Claude command after it.
struct Workspace {
    index: Index,
    facts: ProjectFacts,
}

fn workspace() -> Workspace {
    let project_input = input(vec![folder("app", &[("justfile", JUSTFILE)])]);
    let mut project = build(&project_input);
    let facts = ProjectFacts::take(&mut project, &project_input);
    let discovery = discover(&DiscoverInput {
        files: vec![CandidateFile {
            provider: Provider::Claude,
            scope: Scope::Project,
            root: "/work/app/.claude/commands".into(),
            path: "review-security.md".into(),
            text: Some(
                "---\ndescription: Review the changed code for security problems\n---\nReview $ARGUMENTS for injection and leaked secrets.\n"
                    .into(),
            ),
            read_error: None,
            gitignored: false,
                outside: None,
                namespace: None,
        }],
        ..Default::default()
    });
    let mut items: Vec<Item> = fixture().items().to_vec();
    items.extend(project.items);
    items.extend(discovery.items());
    Workspace {
        index: Index::new(items),
        facts,
    }
}

impl Workspace {
    fn check(&self, steps: serde_json::Value) -> solidus_core::agent::ValidatedPlan {
        let options = ValidateOptions {
            arguments: self.facts.arguments(),
        };
        check_response_with(&answer("ok", steps), &self.index, &options)
            .expect("a plan")
            .with_command_lines(|id, args| self.facts.command_line(id, args))
    }
}

const DEPLOY: &str = "script:just:app:deploy";
const CLEAN: &str = "script:just:app:clean";
const REVIEW: &str = "slash:claude:project:review-security.md";

#[test]
fn a_recipe_with_parameters_takes_args_and_one_without_does_not() {
    let ws = workspace();
    assert!(ws.index.get(DEPLOY).is_some() && ws.index.get(CLEAN).is_some());
    let plan = ws.check(json!([
        {"type": "item", "id": DEPLOY, "args": "prod"},
        {"type": "item", "id": CLEAN, "args": "--force"},
        {"type": "item", "id": CLEAN},
    ]));
    let kept: Vec<(usize, Option<&str>)> = plan
        .steps
        .iter()
        .map(|s| (s.step, s.command_line.as_deref()))
        .collect();
    assert_eq!(
        kept,
        [(0, Some("just deploy prod")), (2, Some("just clean"))],
        "dropped: {:?}",
        plan.dropped
    );
    assert_eq!(plan.dropped.len(), 1);
    assert_eq!(plan.dropped[0].step, 1);
    assert!(
        plan.dropped[0].reason.contains("args"),
        "{}",
        plan.dropped[0].reason
    );
}

#[test]
fn a_required_parameter_without_args_is_dropped() {
    let ws = workspace();
    let plan = ws.check(json!([{"type": "item", "id": DEPLOY}]));
    assert!(plan.steps.is_empty());
    assert_eq!(plan.dropped.len(), 1, "{:?}", plan.dropped);
}

#[test]
fn the_dialog_names_each_risky_step_and_its_exact_command_line() {
    let ws = workspace();
    let plan = ws.check(json!([
        {"type": "setting", "key": "editor.fontSize", "value": 16, "why": "bigger"},
        {"type": "item", "id": DEPLOY, "args": "prod", "why": "ship it"},
        {"type": "item", "id": "command:frobnicate"},
    ]));
    assert!(plan.must_confirm);
    assert_eq!(plan.confirmation.message, "ok");
    let lines: Vec<&str> = plan.confirmation.detail.lines().collect();
    assert_eq!(
        lines,
        [
            "1. Set Editor: Font Size = 16  (bigger)",
            "2. Run script just: deploy <env> region='eu' with: prod  (ship it)",
            "   ⚠ reaches a shell: runs a project script in a shell",
            "   $ just deploy prod",
            "",
            "Left out (1): unknown item “command:frobnicate”",
        ]
    );
    // A terminal step's description already shows its command, so it is not repeated.
    let plan = ws.check(json!([{"type": "terminal", "command": "ls -la"}]));
    assert_eq!(
        plan.confirmation.detail,
        "1. Run in terminal: ls -la\n   ⚠ reaches a shell: runs a shell command in the terminal"
    );
}

#[test]
fn slash_commands_are_ranked_by_the_one_ranker() {
    let ws = workspace();
    let rank = |text: &str| -> Vec<String> {
        ws.index
            .rank(&parse_query(text), &RankOptions::default())
            .iter()
            .map(|r| ws.index.items()[r.index].id.clone())
            .collect()
    };
    for typed in ["/review-security", "/rev", "/claude.review-security"] {
        let ids = rank(typed);
        assert_eq!(
            ids.first().map(String::as_str),
            Some(REVIEW),
            "{typed}: {ids:?}"
        );
    }
    let item = ws.index.get(REVIEW).expect("the slash item");
    assert_eq!(item.kind, ItemKind::Slash);
    assert_eq!(item.title, "/review-security");
    assert!(item.from_workspace);
    // It comes from a file, so a plan always confirms it.
    assert_eq!(item.risk, Effect::ReachesShell);
}

#[test]
fn a_slash_command_that_fits_is_on_the_shortlist_and_is_confirmed_in_a_plan() {
    let ws = workspace();
    let list = shortlist(
        &ws.index,
        "review my changes for security problems",
        &ShortlistOptions::default(),
    );
    assert!(
        list.entries.iter().any(|e| e.id == REVIEW),
        "{:?}",
        list.entries.iter().map(|e| &e.id).collect::<Vec<_>>()
    );
    let plan = ws.check(json!([{"type": "item", "id": REVIEW, "args": "src/auth.ts"}]));
    assert_eq!(plan.steps.len(), 1, "{:?}", plan.dropped);
    assert!(plan.must_confirm);
    assert_eq!(
        plan.steps[0].description,
        "Run slash command /review-security with: src/auth.ts"
    );
}

#[test]
fn a_request_that_starts_with_a_slash_is_ranked_as_plain_words() {
    let index = fixture();
    let plain = shortlist(index, "make the font bigger", &ShortlistOptions::default());
    let slashed = shortlist(
        index,
        "/fix make the font bigger",
        &ShortlistOptions::default(),
    );
    assert!(!plain.entries.is_empty());
    assert!(
        slashed.entries.len() * 2 >= plain.entries.len(),
        "{} against {}",
        slashed.entries.len(),
        plain.entries.len()
    );
    assert!(slashed
        .entries
        .iter()
        .any(|e| e.id == "setting:editor.fontSize"));
}

#[test]
fn the_dialog_asks_a_plain_question_without_a_reply_and_says_what_was_cut() {
    let ws = workspace();
    let steps: Vec<serde_json::Value> = (0..12)
        .map(|n| json!({"type": "setting", "key": "editor.fontSize", "value": 10 + n}))
        .collect();
    let text = json!({"reply": "  ", "steps": steps}).to_string();
    let plan = check_response_with(&text, &ws.index, &ValidateOptions::default())
        .expect("a plan")
        .with_command_lines(|id, args| ws.facts.command_line(id, args));
    assert_eq!(plan.confirmation.message, "Run this plan?");
    assert!(!plan.must_confirm);
    assert!(
        plan.confirmation
            .detail
            .ends_with("\n\n2 more steps cut off (at most 10 run)."),
        "{}",
        plan.confirmation.detail
    );
}

#[test]
fn a_shadowed_command_is_typed_with_its_tool_and_says_what_shadows_it() {
    let command = |provider, path: &str| CandidateFile {
        provider,
        scope: Scope::Project,
        root: format!("/work/app/{path}"),
        path: "review.md".into(),
        text: Some("Review $ARGUMENTS".into()),
        read_error: None,
        gitignored: false,
        outside: None,
        namespace: None,
    };
    let discovery = discover(&DiscoverInput {
        files: vec![
            command(Provider::Solidus, ".solidus/commands"),
            command(Provider::Claude, ".claude/commands"),
        ],
        ..Default::default()
    });
    let items = discovery.items();
    let titles: Vec<&str> = items.iter().map(|i| i.title.as_str()).collect();
    assert_eq!(titles, ["/review", "/claude.review"]);
    let detail = items[1].detail.as_deref().unwrap_or_default();
    assert!(
        detail.ends_with("claude · project · shadowed by solidus project"),
        "{detail}"
    );
    let index = Index::new(items);
    let first = |typed: &str| {
        let ranked = index.rank(&parse_query(typed), &RankOptions::default());
        ranked.first().map(|r| index.items()[r.index].title.clone())
    };
    assert_eq!(first("/review").as_deref(), Some("/review"));
    assert_eq!(first("/claude.review").as_deref(), Some("/claude.review"));
}
