//! Where the tools keep commands now: Agent Skills folders, oh-my-pi's `agents` folders, Claude
//! Code plugins and Gemini CLI extensions, each planned, named and expanded as its tool does.
//!
//! `../shared/spec/slash-dialects.md` §4 lists these places; each row here names the tool's own
//! file (and commit) or reference page it was checked against, and says where §4 disagrees.

mod slash_common;

use std::collections::BTreeMap;

use slash_common::{candidate, run};
use solidus_core::slash::{
    search_folders, CandidateFile, Discovery, ExpandRequest, Expansion, ListedFile, Provider,
    Scope, SearchPlan, SearchRequest, SkipReason, Tool,
};

use Provider::*;
use Scope::{Project as P, User as U};

/// VS Code's skill folders per harness: `DEFAULT_SKILL_SOURCE_FOLDERS` (`.github/skills`,
/// `.claude/skills`, `~/.copilot/skills`, `~/.claude/skills`, …).
const VSCODE_SKILLS: &str = "microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/config/promptFileLocations.ts (DEFAULT_SKILL_SOURCE_FOLDERS, since #286860)";
/// The open standard's folders, as Codex reads them in place of custom prompts.
const AGENT_SKILLS: &str = "agentskills.io specification; developers.openai.com/codex/skills (.agents/skills in the repository, ~/.agents/skills)";
const OMP: &str = "can1357/oh-my-pi docs/slash-command-internals.md (agents provider)";
const CLAUDE_PLUGINS: &str =
    "code.claude.com/docs/en/plugins-reference (commands/ and skills/, /<plugin>:<name>)";
const CLAUDE_LOG: &str =
    "anthropics/claude-code@5cfc0a1905ce0c0a9bd81d8a90fe6b62ff614357 CHANGELOG.md";
const GEMINI: &str = "google-gemini/gemini-cli@5411f113cafae26161b4969b0237b8e1e024e2c2";
const GEMINI_LOADER: &str =
    "packages/cli/src/services/FileCommandLoader.ts (getCommandDirectories, parseAndAdaptFile)";
const GEMINI_RESOLVER: &str = "packages/cli/src/services/SlashCommandResolver.test.ts";
const GEMINI_ENABLEMENT: &str =
    "packages/cli/src/config/extensions/extensionEnablement.ts (isEnabled)";

fn expand(d: &Discovery, text: &str) -> Expansion {
    d.expand(&ExpandRequest {
        text: text.into(),
        ..ExpandRequest::default()
    })
}

fn names(d: &Discovery) -> Vec<(Provider, Scope, &str, bool)> {
    d.commands
        .iter()
        .map(|c| {
            (
                c.provider,
                c.scope,
                c.name.as_str(),
                c.shadowed_by.is_some(),
            )
        })
        .collect()
}

/// Each planned folder and the plugin or extension it belongs to, in plan order.
fn dirs_and_namespaces(plan: &SearchPlan) -> Vec<(&str, Option<&str>)> {
    plan.folders
        .iter()
        .map(|f| (f.dir.as_str(), f.namespace.as_deref()))
        .collect()
}

#[test]
fn agent_skills_and_agents_folders_are_planned_with_their_scopes() {
    let plan = search_folders(&SearchRequest {
        project_roots: vec!["/w".into()],
        home: Some("/h".into()),
        enabled: Some(vec![AgentSkills, CopilotSkills, Agents]),
        ..SearchRequest::default()
    });
    let got: Vec<String> = plan
        .folders
        .iter()
        .map(|f| {
            format!(
                "{} {} {} {}",
                f.provider.id(),
                f.scope.id(),
                f.dir,
                f.suffix
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            "agent-skills project /w/.agents/skills /SKILL.md",
            "agent-skills user /h/.agents/skills /SKILL.md",
            "copilot-skills project /w/.github/skills /SKILL.md",
            "copilot-skills user /h/.copilot/skills /SKILL.md",
            "agents project /w/.agent/commands .md",
            "agents project /w/.agents/commands .md",
            "agents user /h/.agent/commands .md",
            "agents user /h/.agents/commands .md",
        ],
        "{VSCODE_SKILLS}; {AGENT_SKILLS}; {OMP}"
    );
    // Restricted Mode: the user's own folders only.
    let untrusted = search_folders(&SearchRequest {
        project_roots: vec!["/w".into()],
        home: Some("/h".into()),
        enabled: Some(vec![AgentSkills, CopilotSkills, Agents]),
        trusted: false,
        ..SearchRequest::default()
    });
    assert!(untrusted.folders.iter().all(|f| f.scope == U));
}

fn skill(provider: Provider, scope: Scope, name: &str, text: &str) -> CandidateFile {
    let root = match (provider, scope) {
        (CopilotSkills, P) => "/w/.github/skills",
        (CopilotSkills, U) => "/h/.copilot/skills",
        (AgentSkills, P) => "/w/.agents/skills",
        (AgentSkills, U) => "/h/.agents/skills",
        _ => "/w/other",
    };
    candidate(provider, scope, root, &format!("{name}/SKILL.md"), text)
}

#[test]
fn agent_skills_are_named_by_folder_described_by_frontmatter_and_append_the_request() {
    let d = run(vec![
        skill(
            CopilotSkills,
            P,
            "webapp-testing",
            "---\nname: webapp-testing\ndescription: Test the web app\nargument-hint: <page>\n---\nUse Playwright.",
        ),
        skill(AgentSkills, U, "release", "---\ndescription: Cut a release\n---\nSteps for a release."),
        skill(AgentSkills, P, "no-description", "First line is not a description."),
        skill(CopilotSkills, U, "hidden", "---\ndescription: x\nuser-invocable: false\n---\nModel only."),
        candidate(CopilotSkills, P, "/w/.github/skills", "loose.md", "not a skill"),
        candidate(Agents, P, "/w/.agents/commands", "triage.md", "Triage $1 now"),
    ]);
    assert_eq!(
        names(&d),
        [
            (AgentSkills, P, "no-description", false),
            (AgentSkills, U, "release", false),
            (CopilotSkills, P, "webapp-testing", false),
            (Agents, P, "triage", false),
        ],
        "{VSCODE_SKILLS}; {AGENT_SKILLS}"
    );
    let by_name = |n: &str| d.commands.iter().find(|c| c.name == n).expect("a command");
    assert_eq!(by_name("webapp-testing").tool, Tool::Copilot);
    assert_eq!(by_name("release").tool, Tool::Codex);
    assert_eq!(
        by_name("webapp-testing").argument_hint.as_deref(),
        Some("<page>")
    );
    // The standard makes `description` required; a skill without one is not described by its body.
    assert_eq!(by_name("no-description").description, "", "{AGENT_SKILLS}");
    let skipped = |path: &str| d.skipped.iter().find(|s| s.path == path).map(|s| s.reason);
    assert_eq!(
        skipped("hidden/SKILL.md"),
        Some(SkipReason::NotUserInvocable),
        "{VSCODE_SKILLS}"
    );
    assert_eq!(skipped("loose.md"), Some(SkipReason::NotACommandFile));

    // A skill has no placeholders: the body, then the request as typed.
    let e = expand(&d, "/webapp-testing the login page");
    assert_eq!(e.text, "Use Playwright.\n\nthe login page");
    let e = expand(&d, "/release $1 {{args}}");
    assert_eq!(e.text, "Steps for a release.\n\n$1 {{args}}");
    // oh-my-pi's agents folder is its native dialect: `$1` is the first argument.
    assert_eq!(
        expand(&d, "/triage bug-12").text,
        "Triage bug-12 now",
        "{OMP}"
    );
}

#[test]
fn each_tools_own_folder_wins_over_the_shared_ones() {
    let d = run(vec![
        candidate(Agents, P, "/w/.agents/commands", "review.md", "agents"),
        skill(AgentSkills, P, "review", "---\ndescription: d\n---\nskill"),
        candidate(Cursor, P, "/w/.cursor/commands", "review.md", "cursor"),
        skill(
            CopilotSkills,
            P,
            "review",
            "---\ndescription: d\n---\ncopilot skill",
        ),
        candidate(
            Copilot,
            P,
            "/w/.github/prompts",
            "review.prompt.md",
            "prompt file",
        ),
    ]);
    assert_eq!(
        names(&d),
        [
            (AgentSkills, P, "review", false),
            (Cursor, P, "review", true),
            (CopilotSkills, P, "review", true),
            (Copilot, P, "review", true),
            (Agents, P, "review", true),
        ]
    );
}

fn plugin_request(list: &str, settings: Option<&str>) -> SearchRequest {
    let mut manifests = BTreeMap::new();
    manifests.insert(
        "/h/.claude/plugins/installed_plugins.json".to_string(),
        list.to_string(),
    );
    if let Some(settings) = settings {
        manifests.insert("/h/.claude/settings.json".to_string(), settings.to_string());
    }
    SearchRequest {
        project_roots: vec!["/w".into()],
        home: Some("/h".into()),
        enabled: Some(vec![ClaudePlugins, ClaudePluginSkills]),
        manifests,
        ..SearchRequest::default()
    }
}

#[test]
fn claude_plugins_come_from_the_installed_list_in_the_home_only() {
    let list = r#"{"version":2,"plugins":{
        "tools@market":[{"scope":"user","installPath":"/h/.claude/plugins/cache/market/tools/1.0"}],
        "off@market":[{"scope":"user","installPath":"/h/.claude/plugins/cache/market/off/1.0"}],
        "here@market":[{"scope":"project","projectPath":"/w","installPath":"/h/.claude/plugins/cache/market/here/1.0"}],
        "there@market":[{"scope":"project","projectPath":"/elsewhere","installPath":"/h/.claude/plugins/cache/market/there/1.0"}],
        "planted@market":[{"scope":"user","installPath":"/w/.claude/plugins/planted"}]
    }}"#;
    let plan = search_folders(&plugin_request(
        list,
        Some(r#"{"enabledPlugins":{"off@market":false,"tools@market":true}}"#),
    ));
    let got: Vec<(Provider, &str, Option<&str>)> = plan
        .folders
        .iter()
        .map(|f| (f.provider, f.dir.as_str(), f.namespace.as_deref()))
        .collect();
    assert_eq!(
        got,
        [
            (
                ClaudePlugins,
                "/h/.claude/plugins/cache/market/here/1.0/commands",
                Some("here")
            ),
            (
                ClaudePlugins,
                "/h/.claude/plugins/cache/market/tools/1.0/commands",
                Some("tools")
            ),
            (
                ClaudePluginSkills,
                "/h/.claude/plugins/cache/market/here/1.0/skills",
                Some("here")
            ),
            (
                ClaudePluginSkills,
                "/h/.claude/plugins/cache/market/tools/1.0/skills",
                Some("tools")
            ),
        ],
        "{CLAUDE_PLUGINS}: a disabled plugin and another folder's project install are left out"
    );
    // A plugin installed inside the workspace would make workspace text the user's: refused.
    assert!(
        plan.warnings
            .iter()
            .any(|w| w.contains("planted") && w.contains("inside the workspace")),
        "{:?}",
        plan.warnings
    );
    assert!(plan
        .folders
        .iter()
        .all(|f| f.scope == U && f.within.is_none()));
    assert_eq!(
        plan.folders[0].not_within,
        ["/w"],
        "a link out of a plugin must not lead into the workspace"
    );

    // Untrusted: a project install is a project's, so it is left out too.
    let mut request = plugin_request(list, None);
    request.trusted = false;
    let untrusted = search_folders(&request);
    assert!(untrusted
        .folders
        .iter()
        .all(|f| f.namespace.as_deref() != Some("here")));
}

fn plugin_file(provider: Provider, path: &str, text: &str) -> CandidateFile {
    let sub = if provider == ClaudePlugins {
        "commands"
    } else {
        "skills"
    };
    let mut file = candidate(
        provider,
        U,
        &format!("/h/.claude/plugins/cache/m/tools/1.0/{sub}"),
        path,
        text,
    );
    file.namespace = Some("tools".into());
    file
}

#[test]
fn claude_plugin_commands_and_skills_are_namespaced_by_their_plugin() {
    let d = run(vec![
        plugin_file(
            ClaudePlugins,
            "review.md",
            "Review $ARGUMENTS with ${CLAUDE_PLUGIN_ROOT}/rules.md",
        ),
        plugin_file(ClaudePlugins, "git/commit.md", "Commit"),
        plugin_file(
            ClaudePluginSkills,
            "deploy/SKILL.md",
            "---\ndescription: Deploy\n---\nRun ${CLAUDE_SKILL_DIR}/deploy.sh for $0",
        ),
        candidate(
            Claude,
            U,
            "/h/.claude/commands",
            "review.md",
            "my own review",
        ),
    ]);
    assert_eq!(
        names(&d),
        [
            (Claude, U, "review", false),
            (ClaudePlugins, U, "tools:git:commit", false),
            (ClaudePlugins, U, "tools:review", false),
            (ClaudePluginSkills, U, "tools:deploy", false),
        ],
        "{CLAUDE_PLUGINS}"
    );
    assert_eq!(
        expand(&d, "/tools:review a.ts").text,
        "Review a.ts with /h/.claude/plugins/cache/m/tools/1.0/rules.md",
        "{CLAUDE_LOG}: ${{CLAUDE_PLUGIN_ROOT}} is the plugin's install folder"
    );
    assert_eq!(
        expand(&d, "/tools:deploy prod").text,
        "Run /h/.claude/plugins/cache/m/tools/1.0/skills/deploy/deploy.sh for prod",
        "{CLAUDE_LOG}: 2.1.69 ${{CLAUDE_SKILL_DIR}} is the skill's own folder"
    );
    // The plugin exists but has no such command: Claude Code says so instead of sending the text.
    let e = expand(&d, "/tools:nope x");
    assert!(!e.matched && !e.ok);
    assert!(
        e.refusal
            .as_deref()
            .is_some_and(|r| r.starts_with("Unknown command: /tools:nope")),
        "{e:?}"
    );
}

#[test]
fn refusals_name_the_tool_that_would_refuse() {
    let d = run(vec![candidate(
        Codex,
        U,
        "/h/.codex/prompts",
        "draft.md",
        "Draft $1",
    )]);
    let e = expand(&d, "/prompts:nope x");
    assert!(
        !e.ok,
        "openai/codex codex-rs/tui: an unknown /prompts:<name> is an error"
    );
    assert!(e
        .refusal
        .as_deref()
        .is_some_and(|r| r.contains("Codex has no saved prompt named nope")));
    let e = expand(&d, "/claude.nope");
    assert!(e
        .refusal
        .as_deref()
        .is_some_and(|r| r.starts_with("Unknown command: /nope")));
    // Text that is not clearly any tool's command passes on, as before.
    for text in ["/nope x", "/usr/bin/env", "/a:b"] {
        let e = expand(&d, text);
        assert!(e.ok && e.refusal.is_none() && e.text == text, "{text}");
    }
    assert_eq!(expand(&d, "/prompts:draft a").text, "Draft a");
}

fn extension_listing(entries: &[(&str, Option<&str>)], enablement: Option<&str>) -> SearchRequest {
    let mut manifests = BTreeMap::new();
    if let Some(text) = enablement {
        manifests.insert(
            "/h/.gemini/extensions/extension-enablement.json".to_string(),
            text.to_string(),
        );
    }
    SearchRequest {
        project_roots: vec!["/w".into()],
        home: Some("/h".into()),
        enabled: Some(vec![GeminiExtensions]),
        manifests,
        listed: entries
            .iter()
            .map(|(dir, text)| ListedFile {
                listing: "/h/.gemini/extensions".into(),
                dir: format!("/h/.gemini/extensions/{dir}"),
                text: text.map(str::to_string),
            })
            .collect(),
        ..SearchRequest::default()
    }
}

#[test]
fn gemini_extensions_are_the_installed_ones_switched_on_for_the_folder() {
    let plan = search_folders(&extension_listing(
        &[
            ("zeta-dir", Some(r#"{"name":"Zeta","version":"1"}"#)),
            ("alpha", Some(r#"{"name":"alpha","version":"1"}"#)),
            ("off", Some(r#"{"name":"off","version":"1"}"#)),
            ("broken", Some("{")),
            ("empty", None),
        ],
        Some(r#"{"off":{"overrides":["!/w/*"]},"alpha":{"overrides":["!/*","/w/"]}}"#),
    ));
    let got = dirs_and_namespaces(&plan);
    assert_eq!(
        got,
        [
            ("/h/.gemini/extensions/alpha/commands", Some("alpha")),
            ("/h/.gemini/extensions/zeta-dir/commands", Some("Zeta")),
        ],
        "{GEMINI} {GEMINI_LOADER}: active extensions sorted by name; {GEMINI_ENABLEMENT}: the last matching rule wins"
    );
    assert!(plan
        .folders
        .iter()
        .all(|f| f.scope == U && f.provider == GeminiExtensions));
    assert!(plan.warnings.iter().any(|w| w.contains("broken")));
    assert_eq!(
        plan.listings
            .iter()
            .map(|l| (l.dir.as_str(), l.file.as_str()))
            .collect::<Vec<_>>(),
        [("/h/.gemini/extensions", "gemini-extension.json")]
    );
}

fn ext_file(ext: &str, path: &str, text: &str) -> CandidateFile {
    let mut file = candidate(
        GeminiExtensions,
        U,
        &format!("/h/.gemini/extensions/{ext}/commands"),
        path,
        text,
    );
    file.namespace = Some(ext.into());
    file
}

/// Where §4's sources disagree: `docs/extensions/reference.md` ("Conflict resolution") says a
/// clashing extension command becomes `/gcp.deploy` with a dot and the user's command keeps its
/// name; the resolver and its tests at the same commit use `:` for extensions and rename the
/// user's command to `user.deploy` as well. The code is what runs, so these rows follow it.
#[test]
fn gemini_extension_commands_are_named_described_and_renamed_as_gemini_does() {
    let d = run(vec![
        ext_file("firebase", "deploy.toml", "prompt = \"fb deploy {{args}}\""),
        ext_file("firebase", "help.toml", "prompt = \"fb help\""),
        ext_file(
            "firebase",
            "db/query.toml",
            "description = \"Query it\"\nprompt = \"q\"",
        ),
        candidate(
            Gemini,
            U,
            "/h/.gemini/commands",
            "deploy.toml",
            "prompt = \"mine\"",
        ),
    ]);
    let mut got: Vec<(&str, &str)> = d
        .commands
        .iter()
        .map(|c| (c.name.as_str(), c.description.as_str()))
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            ("db:query", "[firebase] Query it"),
            (
                "firebase:deploy",
                "[firebase] Custom command from deploy.toml"
            ),
            ("firebase:help", "[firebase] Custom command from help.toml"),
            ("user.deploy", "Custom command from deploy.toml"),
        ],
        "{GEMINI} {GEMINI_LOADER}: the description names the extension and a name no one else has stays plain; {GEMINI_RESOLVER}: \
         'should rename extension commands when they conflict with built-in' (firebase:deploy), \
         and the user command holding the name is prefixed too"
    );
    assert_eq!(expand(&d, "/firebase:deploy prod").text, "fb deploy prod");
    assert_eq!(expand(&d, "/user.deploy").text, "mine");
}

#[test]
fn gemini_extension_renames_count_up_when_taken() {
    let d = run(vec![
        candidate(
            Gemini,
            U,
            "/h/.gemini/commands",
            "deploy.toml",
            "prompt = \"a\"",
        ),
        candidate(
            Gemini,
            U,
            "/h/.gemini/commands",
            "gcp/deploy.toml",
            "prompt = \"b\"",
        ),
        ext_file("gcp", "deploy.toml", "prompt = \"c\""),
    ]);
    let mut got: Vec<&str> = d.active().map(|c| c.name.as_str()).collect();
    got.sort();
    assert_eq!(
        got,
        ["gcp:deploy", "gcp:deploy1", "user.deploy"],
        "{GEMINI} {GEMINI_RESOLVER}: 'should apply numeric suffixes when renames also conflict'"
    );
    assert_eq!(expand(&d, "/gcp:deploy1").text, "c");
}

const GEMINI_LINK: &str = "packages/cli/src/config/extension-manager.ts (_buildExtension: type 'link' loads config and commands from installMetadata.source; installOrUpdateExtension copies nothing for a link)";

/// slash-dialects.md §4 gives extension commands as `~/.gemini/extensions/<ext>/commands`; for a
/// linked extension Gemini's code reads them from the link's source instead.
#[test]
fn gemini_linked_extensions_load_from_their_source_outside_the_workspace() {
    let install = |ext: &str| format!("/h/.gemini/extensions/{ext}/.gemini-extension-install.json");
    // A linked extension's folder holds only its install record.
    let mut request = extension_listing(
        &[
            ("dev-tools", None),
            ("into-workspace", None),
            ("dotted", None),
            ("relative", None),
            ("copied", Some(r#"{"name":"copied"}"#)),
        ],
        None,
    );
    let first = search_folders(&request);
    for ext in [
        "dev-tools",
        "into-workspace",
        "dotted",
        "relative",
        "copied",
    ] {
        assert!(
            first.manifests.contains(&install(ext)),
            "{GEMINI} {GEMINI_LINK}: {ext}"
        );
    }
    let record = |source: &str| format!(r#"{{"source":"{source}","type":"link"}}"#);
    request
        .manifests
        .insert(install("dev-tools"), record("/src/dev-tools/"));
    // Attacker's case: a link into the workspace (or one whose `..` walks into it) would make a
    // cloned repository's commands the user's; Solidus refuses them, where Gemini would load them.
    request
        .manifests
        .insert(install("into-workspace"), record("/w/ext"));
    request
        .manifests
        .insert(install("dotted"), record("/src/../w/ext"));
    request.manifests.insert(install("relative"), record("ext"));
    request.manifests.insert(
        install("copied"),
        r#"{"source":"/w/ext","type":"local"}"#.into(),
    );
    let second = search_folders(&request);
    assert!(second
        .manifests
        .contains(&"/src/dev-tools/gemini-extension.json".to_string()));
    assert!(
        !second.manifests.iter().any(|m| m.starts_with("/w/")),
        "nothing inside the workspace is read: {:?}",
        second.manifests
    );
    request.manifests.insert(
        "/src/dev-tools/gemini-extension.json".into(),
        r#"{"name":"dev-tools"}"#.into(),
    );
    let third = search_folders(&request);
    let got = dirs_and_namespaces(&third);
    assert_eq!(
        got,
        [
            ("/h/.gemini/extensions/copied/commands", Some("copied")),
            ("/src/dev-tools/commands", Some("dev-tools")),
        ],
        "{GEMINI} {GEMINI_LINK}: a copied (local) install is its own folder, a link is its source"
    );
    // The source is user scope: the shell refuses a file there whose real path enters the workspace.
    assert!(third
        .folders
        .iter()
        .all(|f| f.scope == U && f.not_within == ["/w".to_string()]));
    for refused in ["into-workspace", "dotted", "relative"] {
        assert!(
            third.warnings.iter().any(|w| w.contains(refused)),
            "{refused}: {:?}",
            third.warnings
        );
    }
}

const PLUGIN_PATHS: &str = "anthropics/claude-code@5cfc0a1905ce0c0a9bd81d8a90fe6b62ff614357 CHANGELOG.md 2.1.140 (a default folder such as commands/ is ignored when plugin.json sets the matching key), 2.1.136 (a skills entry does not hide skills/; a file path there is an error); code.claude.com/docs/en/plugins-reference (component paths are relative, starting with ./)";

/// slash-dialects.md §4 gives a plugin's `commands/` and `skills/` only; the CHANGELOG says
/// `plugin.json` can replace the first and add to the second.
#[test]
fn claude_plugin_json_names_its_command_and_skill_paths() {
    let root = "/h/.claude/plugins/cache/m/tools/1.0";
    let list = format!(
        r#"{{"version":2,"plugins":{{"tools@m":[{{"scope":"user","installPath":"{root}"}}]}}}}"#
    );
    let mut request = plugin_request(&list, None);
    let first = search_folders(&request);
    let manifest = format!("{root}/.claude-plugin/plugin.json");
    assert!(first.manifests.contains(&manifest), "{:?}", first.manifests);
    // Before plugin.json is read, the default folders.
    let dirs = |plan: &solidus_core::slash::SearchPlan| -> Vec<(Provider, String, String)> {
        plan.folders
            .iter()
            .map(|f| (f.provider, f.dir.clone(), f.suffix.clone()))
            .collect()
    };
    assert_eq!(
        dirs(&first),
        [
            (ClaudePlugins, format!("{root}/commands"), ".md".into()),
            (
                ClaudePluginSkills,
                format!("{root}/skills"),
                "/SKILL.md".into()
            ),
        ]
    );
    // Attacker's case: a plugin.json that points out of its plugin (absolute, `..`, or a bare
    // name) would read any folder, a workspace's included; each such entry is refused.
    request.manifests.insert(
        manifest,
        r#"{"name":"tools","commands":["./custom","./one/ship.md","/w/.claude/commands","./../../../../../w","custom"],
            "skills":["./extra-skills","./x/SKILL.md"]}"#
            .into(),
    );
    let second = search_folders(&request);
    assert_eq!(
        dirs(&second),
        [
            (ClaudePlugins, format!("{root}/custom"), ".md".into()),
            (ClaudePlugins, format!("{root}/one"), "/ship.md".into()),
            (
                ClaudePluginSkills,
                format!("{root}/skills"),
                "/SKILL.md".into()
            ),
            (
                ClaudePluginSkills,
                format!("{root}/extra-skills"),
                "/SKILL.md".into()
            ),
        ],
        "{PLUGIN_PATHS}"
    );
    assert!(second
        .folders
        .iter()
        .all(|f| f.plugin_root.as_deref() == Some(root)
            && f.namespace.as_deref() == Some("tools")
            && f.not_within == ["/w".to_string()]));
    for refused in [
        "/w/.claude/commands",
        "../../",
        "\"custom\"",
        "./x/SKILL.md",
    ] {
        assert!(
            second.warnings.iter().any(|w| w.contains(refused)),
            "{refused}: {:?}",
            second.warnings
        );
    }

    // A command from a custom folder is named as the default folder's are, and
    // ${CLAUDE_PLUGIN_ROOT} is the plugin's folder, not the custom folder's parent.
    let mut file = candidate(
        ClaudePlugins,
        U,
        &format!("{root}/one"),
        "ship.md",
        "Ship with ${CLAUDE_PLUGIN_ROOT}/ship.sh",
    );
    file.namespace = Some("tools".into());
    file.plugin_root = Some(root.into());
    let d = run(vec![file]);
    assert_eq!(d.commands[0].name, "tools:ship", "{PLUGIN_PATHS}");
    assert_eq!(
        expand(&d, "/tools:ship").text,
        format!("Ship with {root}/ship.sh")
    );
}
