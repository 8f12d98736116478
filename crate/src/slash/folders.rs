//! Which folders the shell must list for each provider, in precedence order, so the shell needs no
//! knowledge of any tool's layout.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Provider, Scope};

/// Depth limit for tools that look at any depth; it also stops a symlink loop in the shell's walk.
pub const RECURSIVE_DEPTH: u32 = 16;

/// What the shell knows when it asks where to look.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchRequest {
    /// Workspace folders, in the editor's order; earlier ones win on equal names.
    pub project_roots: Vec<String>,
    /// The user's home folder; without it no user-scope folder is listed.
    pub home: Option<String>,
    /// Providers switched on in settings; `None` means all.
    pub enabled: Option<Vec<Provider>>,
    /// False in an untrusted workspace: project folders are then not listed at all.
    pub trusted: bool,
    /// `CODEX_HOME` when set; else `<home>/.codex`.
    pub codex_home: Option<String>,
    /// The texts of the files the plan names in [`SearchPlan::manifests`], by path, once the shell
    /// has read those that exist (the Claude plugin list and settings, Gemini's extension
    /// enablement).
    pub manifests: BTreeMap<String, String>,
    /// What the shell found listing [`SearchPlan::listings`]: one entry per folder directly inside
    /// a listed folder, with the text of the file the listing names, when it could read it.
    pub listed: Vec<ListedFile>,
}

/// A folder to list one level deep, reading one file in each folder found (Gemini's
/// `~/.gemini/extensions/<ext>/gemini-extension.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub dir: String,
    pub file: String,
}

/// One folder found by a [`Listing`], and the text of its file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ListedFile {
    /// The listing's `dir`.
    pub listing: String,
    /// The folder found in it, joined with `/`.
    pub dir: String,
    /// The text of `<dir>/<file>`; `None` when it is missing or unreadable.
    pub text: Option<String>,
}

impl Default for SearchRequest {
    fn default() -> SearchRequest {
        SearchRequest {
            project_roots: Vec::new(),
            home: None,
            enabled: None,
            trusted: true,
            codex_home: None,
            manifests: BTreeMap::new(),
            listed: Vec::new(),
        }
    }
}

/// One folder to list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchFolder {
    pub provider: Provider,
    pub scope: Scope,
    /// The folder, joined with `/`; candidates found in it carry this string as their `root`.
    pub dir: String,
    /// How deep to list: 1 means only files directly inside `dir`.
    pub max_depth: u32,
    /// Only files whose path relative to `dir` ends with this can be commands (`.md`, `.toml`,
    /// `.prompt.md`, `/SKILL.md`): the shell need not read the others (it may still pass them,
    /// without text, to have them reported as skipped).
    pub suffix: String,
    /// A project folder's files must really lie inside this workspace folder: a file or folder
    /// whose real path (links followed) leaves it is passed with [`CandidateFile::outside`] set and
    /// its text unread, so no byte of a file elsewhere on the machine reaches a prompt.
    ///
    /// [`CandidateFile::outside`]: super::CandidateFile::outside
    #[serde(default)]
    pub within: Option<String>,
    /// A user folder's files may follow links anywhere (people keep commands in a dotfiles
    /// repository) except into these workspace folders, whose text would otherwise load as the
    /// user's own, in Restricted Mode too. Only a link counts: a user folder that lies inside a
    /// workspace by its own path (the workspace is the home folder) is the user's.
    #[serde(default)]
    pub not_within: Vec<String>,
    /// The plugin or extension the folder belongs to: Claude Code names its commands
    /// `<plugin>:<command>`, Gemini CLI renames its clashing commands `<extension>:<command>`.
    /// The shell copies it into each candidate found there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
}

/// The folders to list, in precedence order: list them in this order and pass their files to
/// [`super::discover`] in the same order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchPlan {
    pub folders: Vec<SearchFolder>,
    /// Files to read and hand back in [`SearchRequest::manifests`], then ask again.
    pub manifests: Vec<String>,
    /// Folders to list one level deep, handing back what was found in [`SearchRequest::listed`].
    pub listings: Vec<Listing>,
    pub warnings: Vec<String>,
}

fn join(dir: &str, rel: &str) -> String {
    format!("{}/{rel}", dir.trim_end_matches(['/', '\\']))
}

/// Lists where each enabled provider looks, project and user, ordered by provider priority, then
/// registration, then each tool's own scope order, then root order.
///
/// Pure and cheap; call it again whenever the roots, the settings or the plugin list change.
pub fn search_folders(request: &SearchRequest) -> SearchPlan {
    let mut plan = SearchPlan::default();
    let mut providers = Provider::ALL.to_vec();
    providers.sort_by_key(|p| (std::cmp::Reverse(p.priority()), p.registration()));
    let roots: &[String] = if request.trusted {
        &request.project_roots
    } else {
        &[]
    };
    for provider in providers {
        if request
            .enabled
            .as_ref()
            .is_some_and(|on| !on.contains(&provider))
        {
            continue;
        }
        let (max_depth, suffix) = layout(provider);
        let mut push = |scope, dir: String, within: Option<&String>, namespace: Option<&str>| {
            plan.folders.push(SearchFolder {
                provider,
                scope,
                dir,
                max_depth,
                suffix: suffix.to_string(),
                within: within.cloned(),
                // Every workspace folder, trusted or not: a link must not make one the user's.
                not_within: match scope {
                    Scope::User => request.project_roots.clone(),
                    Scope::Project => Vec::new(),
                },
                namespace: namespace.map(str::to_string),
            })
        };
        for scope in provider.scope_order() {
            match scope {
                Scope::Project => {
                    for root in roots {
                        // Gemini skips the project folder when the workspace is the home
                        // folder, so one folder is not read as both scopes.
                        if provider == Provider::Gemini
                            && request.home.as_deref().is_some_and(|h| same_dir(h, root))
                        {
                            continue;
                        }
                        for rel in project_dirs(provider) {
                            push(Scope::Project, join(root, rel), Some(root), None);
                        }
                    }
                }
                Scope::User => {
                    if provider == Provider::Codex {
                        let codex = match (&request.codex_home, &request.home) {
                            (Some(c), _) if c.trim().is_empty() => continue,
                            (Some(c), _) => c.clone(),
                            (None, Some(h)) => join(h, ".codex"),
                            (None, None) => continue,
                        };
                        // CODEX_HOME comes from the editor's own environment; one that names a
                        // workspace folder would make the workspace's files the user's.
                        if let Some(root) = request
                            .project_roots
                            .iter()
                            .find(|root| is_within(&codex, root))
                        {
                            plan.warnings.push(format!(
                                "CODEX_HOME ({codex}) lies inside the workspace folder {root}; \
                                 Codex user prompts are not read from a workspace"
                            ));
                            continue;
                        }
                        push(Scope::User, join(&codex, "prompts"), None, None);
                        continue;
                    }
                    let Some(home) = &request.home else { continue };
                    if matches!(
                        provider,
                        Provider::ClaudePlugins | Provider::ClaudePluginSkills
                    ) {
                        let (list, settings) = claude_manifests(home);
                        for path in [&list, &settings] {
                            if !plan.manifests.contains(path) {
                                plan.manifests.push(path.clone());
                            }
                        }
                        let Some(text) = request.manifests.get(&list) else {
                            continue;
                        };
                        let sub = match provider {
                            Provider::ClaudePlugins => "commands",
                            _ => "skills",
                        };
                        let settings = request.manifests.get(&settings).map(String::as_str);
                        match plugins(text, settings, request) {
                            Ok(found) => {
                                for plugin in found {
                                    if let Some(root) = request
                                        .project_roots
                                        .iter()
                                        .find(|root| is_within(&plugin.path, root))
                                    {
                                        // Warned once, for the commands folder.
                                        if provider == Provider::ClaudePlugins {
                                            plan.warnings.push(format!(
                                                "the Claude plugin {} is installed at {}, inside the workspace folder {root}; \
                                                 plugin commands are not read from a workspace",
                                                plugin.name, plugin.path
                                            ));
                                        }
                                        continue;
                                    }
                                    push(
                                        Scope::User,
                                        join(&plugin.path, sub),
                                        None,
                                        Some(&plugin.name),
                                    );
                                }
                            }
                            Err(e) if provider == Provider::ClaudePlugins => plan.warnings.push(
                                format!("installed_plugins.json: {e}; plugin commands skipped"),
                            ),
                            Err(_) => {}
                        }
                        continue;
                    }
                    if provider == Provider::GeminiExtensions {
                        let dir = join(home, ".gemini/extensions");
                        let enablement = join(&dir, "extension-enablement.json");
                        if !plan.manifests.contains(&enablement) {
                            plan.manifests.push(enablement.clone());
                        }
                        plan.listings.push(Listing {
                            dir: dir.clone(),
                            file: "gemini-extension.json".into(),
                        });
                        let cwd = request.project_roots.first().unwrap_or(home);
                        let found = gemini_extensions(
                            &dir,
                            &request.listed,
                            request.manifests.get(&enablement).map(String::as_str),
                            cwd,
                            &mut plan.warnings,
                        );
                        for (name, ext_dir) in found {
                            push(Scope::User, join(&ext_dir, "commands"), None, Some(&name));
                        }
                        continue;
                    }
                    for rel in user_dirs(provider) {
                        push(Scope::User, join(home, rel), None, None);
                    }
                }
            }
        }
    }
    plan
}

fn same_dir(a: &str, b: &str) -> bool {
    a.trim_end_matches(['/', '\\']) == b.trim_end_matches(['/', '\\'])
}

/// Whether `path` is `dir` or lies below it, by the paths' own text (`/` or `\\` separated). The
/// shell compares real paths with the same rule (see `within`).
pub fn is_within(path: &str, dir: &str) -> bool {
    let dir = dir.trim_end_matches(['/', '\\']);
    match path.strip_prefix(dir) {
        Some(rest) => rest.is_empty() || rest.starts_with(['/', '\\']),
        None => false,
    }
}

/// Depth and file-name suffix of each provider's folders.
pub(crate) fn layout(provider: Provider) -> (u32, &'static str) {
    match provider {
        Provider::Solidus | Provider::Cursor | Provider::Agents => (1, ".md"),
        // Codex takes `.md` in any case, which a suffix cannot say: the shell lists every file
        // and discovery keeps the prompts.
        Provider::Codex => (1, ""),
        Provider::Copilot => (1, ".prompt.md"),
        Provider::ClaudeSkills
        | Provider::ClaudePluginSkills
        | Provider::AgentSkills
        | Provider::CopilotSkills => (2, "/SKILL.md"),
        Provider::Claude | Provider::ClaudePlugins | Provider::OpenCode => (RECURSIVE_DEPTH, ".md"),
        Provider::Gemini | Provider::GeminiExtensions => (RECURSIVE_DEPTH, ".toml"),
    }
}

fn project_dirs(provider: Provider) -> &'static [&'static str] {
    match provider {
        Provider::Solidus => &[".solidus/commands"],
        Provider::ClaudeSkills => &[".claude/skills"],
        Provider::Claude => &[".claude/commands"],
        Provider::AgentSkills => &[".agents/skills"],
        Provider::Gemini => &[".gemini/commands"],
        Provider::Cursor => &[".cursor/commands"],
        Provider::CopilotSkills => &[".github/skills"],
        Provider::Copilot => &[".github/prompts"],
        // The plural folder is current; the singular one is the older name and still read.
        Provider::OpenCode => &[".opencode/commands", ".opencode/command"],
        // oh-my-pi reads the singular folder before the plural one.
        Provider::Agents => &[".agent/commands", ".agents/commands"],
        // Plugins and extensions are the user's installs, never a workspace's.
        Provider::ClaudePlugins
        | Provider::ClaudePluginSkills
        | Provider::GeminiExtensions
        | Provider::Codex => &[],
    }
}

fn user_dirs(provider: Provider) -> &'static [&'static str] {
    match provider {
        Provider::Solidus => &[".solidus/commands"],
        Provider::ClaudeSkills => &[".claude/skills"],
        Provider::Claude => &[".claude/commands"],
        Provider::AgentSkills => &[".agents/skills"],
        Provider::Gemini => &[".gemini/commands"],
        Provider::Cursor => &[".cursor/commands"],
        Provider::CopilotSkills => &[".copilot/skills"],
        Provider::OpenCode => &[".config/opencode/commands", ".config/opencode/command"],
        Provider::Agents => &[".agent/commands", ".agents/commands"],
        // Copilot's user prompts live in the editor's profile folder, which only the shell knows;
        // plugins, extensions and CODEX_HOME are planned apart.
        Provider::Copilot
        | Provider::ClaudePlugins
        | Provider::ClaudePluginSkills
        | Provider::GeminiExtensions
        | Provider::Codex => &[],
    }
}

/// The Claude plugin list and the Claude settings (whose `enabledPlugins` may switch one off).
fn claude_manifests(home: &str) -> (String, String) {
    (
        join(home, ".claude/plugins/installed_plugins.json"),
        join(home, ".claude/settings.json"),
    )
}

/// An installed Claude Code plugin: its name (the part of its id before `@`) and install folder.
#[derive(Debug, PartialEq, Eq)]
struct Plugin {
    name: String,
    path: String,
}

/// The plugins `installed_plugins.json` lists (version 1: `plugins.<id>` is an object; version 2:
/// a list of installs), minus those the settings switch off (`enabledPlugins.<id>: false`) and
/// project installs for another folder (or any project install in an untrusted workspace). Ids
/// come back sorted, as JSON objects carry no order here.
fn plugins(
    text: &str,
    settings: Option<&str>,
    request: &SearchRequest,
) -> Result<Vec<Plugin>, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
    let list = value
        .get("plugins")
        .and_then(Value::as_object)
        .ok_or("no `plugins` object")?;
    // Settings that cannot be read switch nothing off: the installed list stays the authority.
    let enabled: Option<Value> = settings
        .and_then(|s| serde_json::from_str::<Value>(s).ok())
        .and_then(|s| s.get("enabledPlugins").cloned());
    let mut found: Vec<Plugin> = Vec::new();
    for (id, entry) in list {
        if enabled
            .as_ref()
            .and_then(|e| e.get(id))
            .and_then(Value::as_bool)
            == Some(false)
        {
            continue;
        }
        let name = id.split('@').next().unwrap_or(id).to_string();
        if name.is_empty() {
            continue;
        }
        let installs: Vec<&Value> = match entry {
            Value::Array(list) => list.iter().collect(),
            other => vec![other],
        };
        for install in installs {
            let scope = install
                .get("scope")
                .and_then(Value::as_str)
                .unwrap_or("user");
            if scope != "user" && scope != "managed" {
                // A project or local install applies to its own folder only.
                let here = install
                    .get("projectPath")
                    .and_then(Value::as_str)
                    .is_some_and(|p| {
                        request.trusted && request.project_roots.iter().any(|r| same_dir(p, r))
                    });
                if !here {
                    continue;
                }
            }
            if let Some(path) = install.get("installPath").and_then(Value::as_str) {
                if !found.iter().any(|p| p.path == path) {
                    found.push(Plugin {
                        name: name.clone(),
                        path: path.to_string(),
                    });
                }
            }
        }
    }
    Ok(found)
}

/// The Gemini CLI extensions that are on for `cwd`, as `(name, folder)` sorted by name, as
/// Gemini's `FileCommandLoader` loads them. An extension is a folder of `~/.gemini/extensions`
/// with a `gemini-extension.json` naming it; `extension-enablement.json` switches it off or on per
/// folder (the last matching rule wins; on by default).
fn gemini_extensions(
    dir: &str,
    listed: &[ListedFile],
    enablement: Option<&str>,
    cwd: &str,
    warnings: &mut Vec<String>,
) -> Vec<(String, String)> {
    let rules: Option<Value> = enablement.and_then(|t| serde_json::from_str(t).ok());
    let mut found: Vec<(String, String)> = Vec::new();
    let mut entries: Vec<&ListedFile> = listed.iter().filter(|l| l.listing == dir).collect();
    entries.sort_by(|a, b| a.dir.cmp(&b.dir));
    for entry in entries {
        let Some(text) = &entry.text else { continue };
        let name = serde_json::from_str::<Value>(text)
            .ok()
            .and_then(|v| v.get("name").and_then(Value::as_str).map(str::to_string))
            .filter(|n| !n.trim().is_empty());
        let Some(name) = name else {
            warnings.push(format!(
                "{}/gemini-extension.json names no extension; its commands are skipped",
                entry.dir
            ));
            continue;
        };
        if found.iter().any(|(n, _)| *n == name) {
            // Gemini refuses to start with two extensions of one name; the first folder is kept.
            warnings.push(format!(
                "two Gemini extensions are named {name}; {} is skipped",
                entry.dir
            ));
            continue;
        }
        let overrides = rules
            .as_ref()
            .and_then(|r| r.get(&name))
            .and_then(|r| r.get("overrides"))
            .and_then(Value::as_array);
        if let Some(overrides) = overrides {
            if !gemini_enabled(overrides.iter().filter_map(Value::as_str), cwd) {
                continue;
            }
        }
        found.push((name, entry.dir.clone()));
    }
    // `localeCompare` puts letters before their capitals' neighbours; comparing lowercase first
    // and then the names themselves matches it for the ASCII names extensions use.
    found.sort_by(|(a, _), (b, _)| {
        (a.to_lowercase(), a.as_str()).cmp(&(b.to_lowercase(), b.as_str()))
    });
    found
}

/// Gemini's `ExtensionEnablementManager.isEnabled` for one extension: each rule is a folder,
/// `!` first to switch off, `*` last to include subfolders; the last rule matching `cwd` wins.
fn gemini_enabled<'a>(rules: impl Iterator<Item = &'a str>, cwd: &str) -> bool {
    let slashed = |p: &str| {
        let p = p.replace('\\', "/");
        let p = if p.starts_with('/') {
            p
        } else {
            format!("/{p}")
        };
        if p.ends_with('/') {
            p
        } else {
            format!("{p}/")
        }
    };
    let path = slashed(cwd);
    let mut enabled = true;
    for rule in rules {
        let (disable, rule) = match rule.strip_prefix('!') {
            Some(r) => (true, r),
            None => (false, rule),
        };
        let (base, subdirs) = match rule.strip_suffix('*') {
            Some(b) => (b, true),
            None => (rule, false),
        };
        let matches = if subdirs {
            // `<base>*`: the base itself or anything below it (the glob's `/*` is optional).
            let base = base.trim_end_matches('/');
            path == format!("{base}/") || path.starts_with(&format!("{base}/"))
        } else {
            path == base
        };
        if matches {
            enabled = !disable;
        }
    }
    enabled
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plugin_manifest_versions() {
        let request = SearchRequest::default();
        let names = |text: &str, settings: Option<&str>| {
            plugins(text, settings, &request).map(|found| {
                found
                    .into_iter()
                    .map(|p| format!("{}={}", p.name, p.path))
                    .collect::<Vec<_>>()
            })
        };
        let v1 = r#"{"version":1,"plugins":{"a@m":{"installPath":"/p/a"}}}"#;
        let v2 =
            r#"{"version":2,"plugins":{"b@m":[{"installPath":"/p/b"},{"installPath":"/p/b"}]}}"#;
        assert_eq!(names(v1, None), Ok(vec!["a=/p/a".to_string()]));
        assert_eq!(names(v2, None), Ok(vec!["b=/p/b".to_string()]));
        assert_eq!(
            names(v2, Some(r#"{"enabledPlugins":{"b@m":false}}"#)),
            Ok(vec![])
        );
        assert!(plugins("[]", None, &request).is_err());
        assert!(plugins("{", None, &request).is_err());
    }

    #[test]
    fn gemini_enablement_rules() {
        let on = |rules: &[&str], cwd| gemini_enabled(rules.iter().copied(), cwd);
        assert!(on(&[], "/w"));
        assert!(!on(&["!/w/"], "/w"));
        assert!(on(&["!/w/"], "/w/sub"));
        assert!(!on(&["!/w/*"], "/w/sub"));
        assert!(on(&["!/*", "/w/"], "/w"));
        assert!(!on(&["/w/", "!/*"], "/w"));
    }
}
