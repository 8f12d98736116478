//! Discovery tables: which folders are searched, which files become commands, their names, and which
//! command wins a name. The core does no IO, so the "folders" are in-memory candidate lists.

mod slash_common;

use slash_common::{candidate, run};
use solidus_core::slash::{
    discover, search_folders, CandidateFile, DiscoverInput, Discovery, ExpandRequest, Provider,
    Scope, SearchRequest, SkipReason, Target, Tool, WarningCode,
};

const PROJECT: &str = "/work/proj";
const HOME: &str = "/home/u";

/// The folder a provider uses in a scope, as the search plan spells it.
fn root(provider: Provider, scope: Scope) -> String {
    let base = match scope {
        Scope::Project => PROJECT,
        Scope::User => HOME,
    };
    let rel = match (provider, scope) {
        (Provider::Solidus, _) => ".solidus/commands",
        (Provider::ClaudeSkills, _) => ".claude/skills",
        (Provider::Claude, _) => ".claude/commands",
        (Provider::ClaudePlugins, _) => ".claude/plugins/cache/m/tools/1.0/commands",
        (Provider::ClaudePluginSkills, _) => ".claude/plugins/cache/m/tools/1.0/skills",
        (Provider::AgentSkills, _) => ".agents/skills",
        (Provider::GeminiExtensions, _) => ".gemini/extensions/tools/commands",
        (Provider::CopilotSkills, Scope::Project) => ".github/skills",
        (Provider::CopilotSkills, Scope::User) => ".copilot/skills",
        (Provider::Agents, _) => ".agents/commands",
        (Provider::Codex, _) => ".codex/prompts",
        (Provider::Gemini, _) => ".gemini/commands",
        (Provider::Cursor, _) => ".cursor/commands",
        (Provider::Copilot, _) => ".github/prompts",
        (Provider::OpenCode, Scope::Project) => ".opencode/commands",
        (Provider::OpenCode, Scope::User) => ".config/opencode/commands",
    };
    format!("{base}/{rel}")
}

fn file(provider: Provider, scope: Scope, path: &str, text: &str) -> CandidateFile {
    candidate(provider, scope, &root(provider, scope), path, text)
}

/// `(provider, scope, name, shadowed)` of every command, in discovery order.
fn summary(d: &Discovery) -> Vec<(Provider, Scope, String, bool)> {
    d.commands
        .iter()
        .map(|c| (c.provider, c.scope, c.name.clone(), c.shadowed_by.is_some()))
        .collect()
}

fn skip_reason(d: &Discovery, path: &str) -> Option<SkipReason> {
    d.skipped.iter().find(|s| s.path == path).map(|s| s.reason)
}

use Provider::*;
use Scope::{Project as P, User as U};

#[test]
fn priorities_decide_the_winner_whatever_the_input_order() {
    // Listed lowest priority first, to show the order comes from the priorities, not the input.
    let d = run(vec![
        file(OpenCode, P, "review.md", "oc"),
        file(Copilot, P, "review.prompt.md", "cp"),
        file(Cursor, P, "review.md", "cu"),
        file(Gemini, P, "review.toml", "prompt = \"ge\""),
        file(Claude, P, "review.md", "cl"),
        file(Solidus, U, "review.md", "so"),
    ]);
    assert_eq!(
        summary(&d),
        [
            (Solidus, U, "review".to_string(), false),
            (Claude, P, "review".to_string(), true),
            (Gemini, P, "review".to_string(), true),
            (Cursor, P, "review".to_string(), true),
            (Copilot, P, "review".to_string(), true),
            (OpenCode, P, "review".to_string(), true),
        ]
    );
    let winner = &d.commands[0].id;
    assert_eq!(winner, "solidus:user:review.md");
    assert!(d.commands[1..]
        .iter()
        .all(|c| c.shadowed_by.as_ref() == Some(winner)));
}

#[test]
fn equal_priorities_follow_registration_order() {
    // Claude plugins and Codex both have priority 70; plugins are registered first. A plugin command
    // in `prompts/` is named `prompts:x`, the same as Codex's `x.md`.
    let d = run(vec![
        file(Codex, U, "x.md", "codex"),
        file(ClaudePlugins, U, "prompts/x.md", "plugin"),
    ]);
    assert_eq!(
        summary(&d),
        [
            (ClaudePlugins, U, "prompts:x".to_string(), false),
            (Codex, U, "prompts:x".to_string(), true),
        ]
    );
    // Claude skills and commands share priority 80; a skill wins, as in Claude Code.
    let d = run(vec![
        file(Claude, P, "deploy.md", "command"),
        file(ClaudeSkills, P, "deploy/SKILL.md", "skill"),
    ]);
    assert_eq!(
        summary(&d),
        [
            (ClaudeSkills, P, "deploy".to_string(), false),
            (Claude, P, "deploy".to_string(), true),
        ]
    );
}

#[test]
fn project_and_user_order_is_each_tools_own() {
    let cases = [
        (Solidus, "x.md", "x", P),
        (Claude, "x.md", "x", U),
        (ClaudeSkills, "x/SKILL.md", "x", U),
        (Cursor, "x.md", "x", P),
        (OpenCode, "x.md", "x", P),
    ];
    for (provider, path, name, winner) in cases {
        let text = if provider == Gemini {
            "prompt = \"p\""
        } else {
            "body"
        };
        // Both orders of input give the same winner.
        for files in [
            vec![file(provider, P, path, text), file(provider, U, path, text)],
            vec![file(provider, U, path, text), file(provider, P, path, text)],
        ] {
            let d = run(files);
            let active: Vec<_> = d.active().map(|c| (c.scope, c.name.as_str())).collect();
            assert_eq!(active, [(winner, name)], "{provider:?}");
            assert_eq!(d.commands.len(), 2, "{provider:?}: the loser stays listed");
        }
    }
}

#[test]
fn earlier_project_roots_win_and_ids_stay_distinct() {
    let mut a = file(Solidus, P, "x.md", "from a");
    a.root = "/a/.solidus/commands".into();
    let mut b = file(Solidus, P, "x.md", "from b");
    b.root = "/b/.solidus/commands".into();
    let d = run(vec![a, b]);
    assert_eq!(d.commands[0].root, "/a/.solidus/commands");
    assert_eq!(d.commands[0].id, "solidus:project:x.md");
    assert_eq!(d.commands[1].id, "solidus:project:x.md#2");
    assert_eq!(
        d.commands[1].shadowed_by.as_deref(),
        Some("solidus:project:x.md")
    );
}

#[test]
fn shadowed_commands_stay_reachable_by_tool_prefix() {
    let d = run(vec![
        file(Claude, P, "review.md", "Claude review of $ARGUMENTS"),
        file(Solidus, P, "review.md", "Solidus review of $1"),
    ]);
    let bare = d.expand(&ExpandRequest {
        text: "/review a.ts".into(),
        ..ExpandRequest::default()
    });
    assert!(bare.matched);
    assert_eq!(bare.text, "Solidus review of a.ts");
    assert_eq!(bare.alternatives.len(), 1);
    assert_eq!(bare.alternatives[0].provider, Claude);

    let picked = d.expand(&ExpandRequest {
        text: "/claude.review a.ts".into(),
        ..ExpandRequest::default()
    });
    assert_eq!(picked.text, "Claude review of a.ts");
    assert_eq!(picked.command.map(|c| c.tool), Some(Tool::Claude));

    let unknown_tool = d.expand(&ExpandRequest {
        text: "/vim.review a.ts".into(),
        ..ExpandRequest::default()
    });
    assert!(!unknown_tool.matched);
    assert_eq!(unknown_tool.text, "/vim.review a.ts");
}

#[test]
fn a_file_command_never_shadows_a_builtin() {
    let d = discover(&DiscoverInput {
        files: vec![
            file(Solidus, P, "do.md", "file do"),
            file(Claude, U, "do.md", "claude do"),
            file(Claude, U, "other.md", "other"),
        ],
        builtins: vec!["do".into()],
        ..DiscoverInput::default()
    });
    let shadows: Vec<_> = d
        .commands
        .iter()
        .map(|c| (c.name.as_str(), c.shadowed_by.as_deref()))
        .collect();
    assert_eq!(
        shadows,
        [
            ("do", Some("builtin:do")),
            ("do", Some("builtin:do")),
            ("other", None)
        ]
    );
    let typed = d.expand(&ExpandRequest {
        text: "/do x".into(),
        ..ExpandRequest::default()
    });
    assert!(!typed.matched, "the built-in keeps /do");
    assert_eq!(typed.text, "/do x");
    let picked = d.expand(&ExpandRequest {
        text: "/solidus.do x".into(),
        ..ExpandRequest::default()
    });
    assert_eq!(picked.text, "file do");
}

#[test]
fn hidden_and_gitignored_files_are_skipped_quietly() {
    let mut ignored = file(Claude, P, "tmp/scratch.md", "x");
    ignored.gitignored = true;
    let d = run(vec![
        file(Claude, P, ".draft.md", "x"),
        file(Claude, P, ".wip/a.md", "x"),
        file(Claude, P, "ok.md", "x"),
        ignored,
    ]);
    assert_eq!(skip_reason(&d, ".draft.md"), Some(SkipReason::Hidden));
    assert_eq!(skip_reason(&d, ".wip/a.md"), Some(SkipReason::Hidden));
    assert_eq!(
        skip_reason(&d, "tmp/scratch.md"),
        Some(SkipReason::Gitignored)
    );
    assert_eq!(d.commands.len(), 1);
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
}

#[test]
fn recursion_and_names_follow_each_tool() {
    let deep = format!("{}x.md", "d/".repeat(16));
    // (provider, scope, path, Some(expected name) or None when the tool does not read the file)
    let cases: Vec<(Provider, Scope, &str, &str, Option<&str>)> = vec![
        (Solidus, P, "review.md", "b", Some("review")),
        (Solidus, P, "sub/review.md", "b", None),
        (Claude, P, "review.md", "b", Some("review")),
        (
            Claude,
            P,
            "frontend/component.md",
            "b",
            Some("frontend:component"),
        ),
        (Claude, P, "a/b/c.md", "b", Some("a:b:c")),
        (Claude, P, &deep, "b", None),
        (Claude, P, "notes.txt", "b", None),
        (Claude, P, "truncate-", "", None),
        (ClaudeSkills, U, "pdf/SKILL.md", "b", Some("pdf")),
        (
            ClaudeSkills,
            U,
            "named/SKILL.md",
            // Claude Code names a skill by its folder (CHANGELOG.md at 5cfc0a19, 2.1.x: "a skill
            // whose frontmatter `name:` differs from its directory basename").
            "---\nname: nice-name\n---\nb",
            Some("named"),
        ),
        (ClaudeSkills, U, "pdf/reference.md", "b", None),
        (ClaudeSkills, U, "a/b/SKILL.md", "b", None),
        (ClaudeSkills, U, "SKILL.md", "b", None),
        (ClaudePlugins, U, "tools/lint.md", "b", Some("tools:lint")),
        (Codex, U, "fix.md", "b", Some("prompts:fix")),
        (Codex, U, "sub/fix.md", "b", None),
        (
            Gemini,
            U,
            "git/commit.toml",
            "prompt = \"p\"",
            Some("git:commit"),
        ),
        (Gemini, U, "plan.toml", "prompt = \"p\"", Some("plan")),
        (Gemini, U, "review.md", "b", None),
        (Cursor, P, "tidy.md", "b", Some("tidy")),
        (Cursor, P, "zh/tidy.md", "b", None),
        (Copilot, P, "gen-tests.prompt.md", "b", Some("gen-tests")),
        (
            Copilot,
            P,
            "x.prompt.md",
            "---\nname: react-form\n---\nb",
            Some("react-form"),
        ),
        (
            Copilot,
            P,
            "title.prompt.md",
            "---\nname: \"Nice Title\"\n---\nb",
            Some("title"),
        ),
        (Copilot, P, "notes.md", "b", None),
        (Copilot, P, "sub/x.prompt.md", "b", None),
        (OpenCode, P, "team/review.md", "b", Some("team/review")),
        (OpenCode, P, "test.md", "b", Some("test")),
    ];
    for (provider, scope, path, text, expect) in cases {
        let d = run(vec![file(provider, scope, path, text)]);
        let name = d.commands.first().map(|c| c.name.as_str());
        assert_eq!(name, expect, "{provider:?} {path}");
        if expect.is_none() {
            assert_eq!(
                skip_reason(&d, path),
                Some(SkipReason::NotACommandFile),
                "{provider:?} {path}"
            );
        }
        assert_eq!(d.commands.len() + d.skipped.len(), 1);
    }
}

#[test]
fn skills_that_are_not_user_invocable_are_not_commands() {
    let d = run(vec![file(
        ClaudeSkills,
        P,
        "bg/SKILL.md",
        "---\nuser-invocable: false\n---\nbody",
    )]);
    assert_eq!(
        skip_reason(&d, "bg/SKILL.md"),
        Some(SkipReason::NotUserInvocable)
    );
}

#[test]
fn untrusted_workspaces_and_disabled_providers() {
    let files = vec![
        file(Solidus, P, "a.md", "x"),
        file(Solidus, U, "b.md", "x"),
        file(Cursor, U, "c.md", "x"),
    ];
    let d = discover(&DiscoverInput {
        files: files.clone(),
        trusted: false,
        ..DiscoverInput::default()
    });
    assert_eq!(skip_reason(&d, "a.md"), Some(SkipReason::Untrusted));
    assert_eq!(d.commands.len(), 2);
    let d = discover(&DiscoverInput {
        files,
        enabled: Some(vec![Solidus]),
        ..DiscoverInput::default()
    });
    assert_eq!(skip_reason(&d, "c.md"), Some(SkipReason::ProviderDisabled));
    assert_eq!(d.commands.len(), 2);
}

#[test]
fn metadata_from_frontmatter() {
    let d = run(vec![
        file(
            Claude,
            P,
            "commit.md",
            "---\ndescription: Make a commit\nargument-hint: [message]\nallowed-tools: Bash(git add:*), Bash(git commit:*)\nmodel: haiku\ntarget: clipboard\n---\nStatus: !`git status`\nCommit with $ARGUMENTS",
        ),
        file(
            Claude,
            P,
            "bad-target.md",
            "---\ntarget: email\nallowed-tools:\n  - Read\n  - Grep\n---\nBody line",
        ),
        file(
            Copilot,
            P,
            "form.prompt.md",
            "---\nagent: agent\ndescription: Form\n---\nMake ${input:formName:Name of the form} in ${file}",
        ),
    ]);
    let by_path = |p: &str| d.commands.iter().find(|c| c.path == p).expect(p);
    let c = by_path("commit.md");
    assert_eq!(c.description, "Make a commit");
    assert_eq!(c.argument_hint.as_deref(), Some("[message]"));
    assert_eq!(c.allowed_tools, ["Bash(git add:*)", "Bash(git commit:*)"]);
    assert_eq!(c.model.as_deref(), Some("haiku"));
    assert_eq!(c.target, Some(Target::Clipboard));
    assert!(c.runs_shell);
    assert_eq!(c.body, "Status: !`git status`\nCommit with $ARGUMENTS");

    let b = by_path("bad-target.md");
    assert_eq!(b.target, None);
    assert_eq!(b.allowed_tools, ["Read", "Grep"]);
    assert_eq!(b.description, "Body line");
    assert!(!b.runs_shell);
    assert!(d
        .warnings
        .iter()
        .any(|w| w.code == WarningCode::BadTarget && w.path == "bad-target.md"));

    let f = by_path("form.prompt.md");
    assert_eq!(f.agent.as_deref(), Some("agent"));
    assert_eq!(f.inputs.len(), 1);
    assert_eq!(f.inputs[0].name, "formName");
    assert_eq!(f.inputs[0].placeholder.as_deref(), Some("Name of the form"));
}

#[test]
fn crlf_and_byte_order_mark_are_tolerated() {
    let d = run(vec![file(
        Solidus,
        P,
        "w.md",
        "\u{feff}---\r\ndescription: Windows file\r\n---\r\nLine $1\r\nnext\r\n",
    )]);
    let c = &d.commands[0];
    assert_eq!(c.description, "Windows file");
    assert_eq!(c.body, "Line $1\nnext\n");
    assert!(d.warnings.is_empty());
}

#[test]
fn search_plan_lists_folders_in_precedence_order() {
    let plan = search_folders(&SearchRequest {
        project_roots: vec!["/a".into(), "/b/".into()],
        home: Some("/h".into()),
        ..SearchRequest::default()
    });
    let got: Vec<String> = plan
        .folders
        .iter()
        .map(|f| {
            format!(
                "{} {} {} {} {}",
                f.provider.id(),
                f.scope.id(),
                f.dir,
                f.max_depth,
                f.suffix
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            "solidus project /a/.solidus/commands 1 .md",
            "solidus project /b/.solidus/commands 1 .md",
            "solidus user /h/.solidus/commands 1 .md",
            "claude-skills user /h/.claude/skills 2 /SKILL.md",
            "claude-skills project /a/.claude/skills 2 /SKILL.md",
            "claude-skills project /b/.claude/skills 2 /SKILL.md",
            "claude user /h/.claude/commands 16 .md",
            "claude project /a/.claude/commands 16 .md",
            "claude project /b/.claude/commands 16 .md",
            // Codex reads `.md` in any case, so the shell lists every file there.
            "codex user /h/.codex/prompts 1 ",
            "agent-skills project /a/.agents/skills 2 /SKILL.md",
            "agent-skills project /b/.agents/skills 2 /SKILL.md",
            "agent-skills user /h/.agents/skills 2 /SKILL.md",
            "gemini project /a/.gemini/commands 16 .toml",
            "gemini project /b/.gemini/commands 16 .toml",
            "gemini user /h/.gemini/commands 16 .toml",
            "cursor project /a/.cursor/commands 1 .md",
            "cursor project /b/.cursor/commands 1 .md",
            "cursor user /h/.cursor/commands 1 .md",
            "copilot-skills project /a/.github/skills 2 /SKILL.md",
            "copilot-skills project /b/.github/skills 2 /SKILL.md",
            "copilot-skills user /h/.copilot/skills 2 /SKILL.md",
            "copilot project /a/.github/prompts 1 .prompt.md",
            "copilot project /b/.github/prompts 1 .prompt.md",
            "opencode project /a/.opencode/commands 16 .md",
            "opencode project /a/.opencode/command 16 .md",
            "opencode project /b/.opencode/commands 16 .md",
            "opencode project /b/.opencode/command 16 .md",
            "opencode user /h/.config/opencode/commands 16 .md",
            "opencode user /h/.config/opencode/command 16 .md",
            "agents project /a/.agent/commands 1 .md",
            "agents project /a/.agents/commands 1 .md",
            "agents project /b/.agent/commands 1 .md",
            "agents project /b/.agents/commands 1 .md",
            "agents user /h/.agent/commands 1 .md",
            "agents user /h/.agents/commands 1 .md",
        ]
    );
    // Plugins and extensions come from files in the home folder, read before the second ask.
    assert_eq!(
        plan.manifests,
        [
            "/h/.claude/plugins/installed_plugins.json",
            "/h/.claude/settings.json",
            "/h/.gemini/extensions/extension-enablement.json",
        ]
    );
    assert_eq!(plan.listings.len(), 1);
    assert_eq!(plan.listings[0].dir, "/h/.gemini/extensions");
}

#[test]
fn search_plan_follows_trust_settings_and_plugins() {
    let plan = search_folders(&SearchRequest {
        project_roots: vec!["/a".into()],
        home: Some("/h".into()),
        trusted: false,
        enabled: Some(vec![Claude, ClaudePlugins, Codex]),
        codex_home: Some("/codex".into()),
        manifests: [(
            "/h/.claude/plugins/installed_plugins.json".to_string(),
            r#"{"version":2,"plugins":{"tools@m":[{"scope":"user","installPath":"/h/.claude/plugins/cache/m/tools/1.0"}]}}"#
                .to_string(),
        )]
        .into(),
        ..SearchRequest::default()
    });
    let got: Vec<(Provider, Scope, &str)> = plan
        .folders
        .iter()
        .map(|f| (f.provider, f.scope, f.dir.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (Claude, U, "/h/.claude/commands"),
            (
                ClaudePlugins,
                U,
                "/h/.claude/plugins/cache/m/tools/1.0/commands"
            ),
            (Codex, U, "/codex/prompts"),
        ]
    );

    let broken = search_folders(&SearchRequest {
        home: Some("/h".into()),
        manifests: [(
            "/h/.claude/plugins/installed_plugins.json".to_string(),
            "{not json".to_string(),
        )]
        .into(),
        ..SearchRequest::default()
    });
    assert_eq!(broken.warnings.len(), 1);
    assert!(broken.folders.iter().all(|f| f.provider != ClaudePlugins));
}

/// Typed names find commands by tier: exact (`review`, `claude.review`), prefix, word start,
/// substring, then fuzzy; within a tier the command that wins the name precedes the one it shadows.
#[test]
fn typed_names_find_commands_best_tier_first() {
    let d = run(vec![
        file(Provider::Solidus, Scope::Project, "review.md", "Review"),
        file(
            Provider::Claude,
            Scope::Project,
            "review.md",
            "Claude review",
        ),
        file(Provider::Solidus, Scope::Project, "review-all.md", "All"),
        file(Provider::Solidus, Scope::Project, "code-review.md", "Code"),
        file(Provider::Solidus, Scope::Project, "prereview.md", "Pre"),
        file(
            Provider::Solidus,
            Scope::Project,
            "rebuild-view.md",
            "Fuzzy",
        ),
        file(Provider::Solidus, Scope::Project, "deploy.md", "Other"),
    ]);
    // The one ranker ranks slash commands as catalog items.
    let index = solidus_core::rank::Index::new(d.items());
    let found = |typed: &str| -> Vec<String> {
        let options = solidus_core::rank::RankOptions::default();
        index
            .rank(
                &solidus_core::rank::parse_query(&format!("/{typed}")),
                &options,
            )
            .into_iter()
            .map(|r| {
                let id = &index.items()[r.index].id["slash:".len()..];
                let command = d.commands.iter().find(|c| c.id == id).expect("a command");
                format!("{}:{}", command.tool.id(), command.name)
            })
            .collect()
    };
    assert_eq!(
        found("review"),
        [
            "solidus:review",
            "claude:review",
            "solidus:review-all",
            "solidus:code-review",
            "solidus:prereview",
            "solidus:rebuild-view",
        ]
    );
    assert_eq!(found("claude.review"), ["claude:review"]);
    assert_eq!(
        found("REV")[..3],
        ["solidus:review", "claude:review", "solidus:review-all"]
    );
    // Two letters are too few for a fuzzy guess; nothing unrelated comes back.
    assert_eq!(found("dp"), Vec::<String>::new());
    assert_eq!(found("").len(), d.commands.len());
}
