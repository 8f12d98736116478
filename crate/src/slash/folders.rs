//! Which folders the shell must list for each provider, in precedence order, so the shell needs no
//! knowledge of any tool's layout.

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
    /// The text of `~/.claude/plugins/installed_plugins.json`, once the shell has read the file the
    /// plan names in [`SearchPlan::manifests`].
    pub claude_plugins_manifest: Option<String>,
}

impl Default for SearchRequest {
    fn default() -> SearchRequest {
        SearchRequest {
            project_roots: Vec::new(),
            home: None,
            enabled: None,
            trusted: true,
            codex_home: None,
            claude_plugins_manifest: None,
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
}

/// The folders to list, in precedence order: list them in this order and pass their files to
/// [`super::discover`] in the same order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchPlan {
    pub folders: Vec<SearchFolder>,
    /// Files to read and hand back in the request (the Claude plugin list), then ask again.
    pub manifests: Vec<String>,
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
        let mut push = |scope, dir: String, within: Option<&String>| {
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
                            push(Scope::Project, join(root, rel), Some(root));
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
                        push(Scope::User, join(&codex, "prompts"), None);
                        continue;
                    }
                    let Some(home) = &request.home else { continue };
                    if provider == Provider::ClaudePlugins {
                        plan.manifests
                            .push(join(home, ".claude/plugins/installed_plugins.json"));
                        if let Some(text) = &request.claude_plugins_manifest {
                            match plugin_roots(text) {
                                Ok(paths) => {
                                    for path in paths {
                                        push(Scope::User, join(&path, "commands"), None);
                                    }
                                }
                                Err(e) => plan.warnings.push(format!(
                                    "installed_plugins.json: {e}; plugin commands skipped"
                                )),
                            }
                        }
                        continue;
                    }
                    for rel in user_dirs(provider) {
                        push(Scope::User, join(home, rel), None);
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
        Provider::Solidus | Provider::Cursor => (1, ".md"),
        // Codex takes `.md` in any case, which a suffix cannot say: the shell lists every file
        // and discovery keeps the prompts.
        Provider::Codex => (1, ""),
        Provider::Copilot => (1, ".prompt.md"),
        Provider::ClaudeSkills => (2, "/SKILL.md"),
        Provider::Claude | Provider::ClaudePlugins | Provider::OpenCode => (RECURSIVE_DEPTH, ".md"),
        Provider::Gemini => (RECURSIVE_DEPTH, ".toml"),
    }
}

fn project_dirs(provider: Provider) -> &'static [&'static str] {
    match provider {
        Provider::Solidus => &[".solidus/commands"],
        Provider::ClaudeSkills => &[".claude/skills"],
        Provider::Claude => &[".claude/commands"],
        Provider::Gemini => &[".gemini/commands"],
        Provider::Cursor => &[".cursor/commands"],
        Provider::Copilot => &[".github/prompts"],
        // The plural folder is current; the singular one is the older name and still read.
        Provider::OpenCode => &[".opencode/commands", ".opencode/command"],
        Provider::ClaudePlugins | Provider::Codex => &[],
    }
}

fn user_dirs(provider: Provider) -> &'static [&'static str] {
    match provider {
        Provider::Solidus => &[".solidus/commands"],
        Provider::ClaudeSkills => &[".claude/skills"],
        Provider::Claude => &[".claude/commands"],
        Provider::Gemini => &[".gemini/commands"],
        Provider::Cursor => &[".cursor/commands"],
        Provider::OpenCode => &[".config/opencode/commands", ".config/opencode/command"],
        // Copilot's user prompts live in the editor's profile folder, which only the shell knows.
        Provider::Copilot | Provider::ClaudePlugins | Provider::Codex => &[],
    }
}

/// The install folders named by `installed_plugins.json` (version 1: `plugins.<id>` is an object;
/// version 2: a list of installs). Keys come back sorted, as JSON objects carry no order here.
fn plugin_roots(text: &str) -> Result<Vec<String>, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
    let plugins = value
        .get("plugins")
        .and_then(Value::as_object)
        .ok_or("no `plugins` object")?;
    let mut roots = Vec::new();
    for entry in plugins.values() {
        let installs: Vec<&Value> = match entry {
            Value::Array(list) => list.iter().collect(),
            other => vec![other],
        };
        for install in installs {
            if let Some(path) = install.get("installPath").and_then(Value::as_str) {
                if !roots.iter().any(|r| r == path) {
                    roots.push(path.to_string());
                }
            }
        }
    }
    Ok(roots)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plugin_manifest_versions() {
        let v1 = r#"{"version":1,"plugins":{"a@m":{"installPath":"/p/a"}}}"#;
        let v2 =
            r#"{"version":2,"plugins":{"b@m":[{"installPath":"/p/b"},{"installPath":"/p/b"}]}}"#;
        assert_eq!(plugin_roots(v1).as_deref(), Ok(&["/p/a".to_string()][..]));
        assert_eq!(plugin_roots(v2).as_deref(), Ok(&["/p/b".to_string()][..]));
        assert!(plugin_roots("[]").is_err());
        assert!(plugin_roots("{").is_err());
    }
}
