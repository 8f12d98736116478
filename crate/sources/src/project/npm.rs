//! `package.json` scripts: the runner (npm, pnpm, yarn or bun) from `packageManager` and the
//! lockfiles, and npm, yarn, pnpm and bun workspaces with one item per member script.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{bad_name, detail, glob, make_id, Ctx, Folder, FolderRequest, Script};

/// A JavaScript package manager.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Runner {
    Npm,
    Pnpm,
    Yarn,
    Bun,
}

impl Runner {
    pub fn as_str(self) -> &'static str {
        match self {
            Runner::Npm => "npm",
            Runner::Pnpm => "pnpm",
            Runner::Yarn => "yarn",
            Runner::Bun => "bun",
        }
    }

    fn from_name(name: &str) -> Option<Runner> {
        Some(match name {
            "npm" => Runner::Npm,
            "pnpm" => Runner::Pnpm,
            "yarn" => Runner::Yarn,
            "bun" => Runner::Bun,
            _ => return None,
        })
    }
}

/// Lockfiles and the runner each means, in the order they win when several are present: the
/// rarer managers first, since a stray `package-lock.json` is the usual leftover.
pub const LOCKFILES: &[(&str, Runner)] = &[
    ("bun.lock", Runner::Bun),
    ("bun.lockb", Runner::Bun),
    ("pnpm-lock.yaml", Runner::Pnpm),
    ("yarn.lock", Runner::Yarn),
    ("package-lock.json", Runner::Npm),
    ("npm-shrinkwrap.json", Runner::Npm),
];

/// What Solidus reads from a `package.json`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PackageJson {
    pub name: Option<String>,
    /// Script name and command line, sorted by name.
    pub scripts: Vec<(String, String)>,
    /// Workspace patterns, `!` negations included.
    pub workspaces: Vec<String>,
    pub package_manager: Option<String>,
    /// Parts that were ignored, and why.
    pub problems: Vec<String>,
}

/// Parses a `package.json`. Err when it is not a JSON object; odd fields are `problems`.
pub fn parse_package_json(text: &str) -> Result<PackageJson, String> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("not valid JSON, skipped: {e}"))?;
    let Value::Object(object) = value else {
        return Err("not a JSON object, skipped".to_string());
    };
    let mut out = PackageJson::default();
    match object.get("name") {
        Some(Value::String(name)) if !name.trim().is_empty() => out.name = Some(name.clone()),
        None | Some(Value::Null) => {}
        Some(_) => out
            .problems
            .push("name is not a string, ignored".to_string()),
    }
    match object.get("scripts") {
        Some(Value::Object(scripts)) => {
            for (name, command) in scripts {
                match command {
                    Value::String(line) => out.scripts.push((name.clone(), line.clone())),
                    _ => out
                        .problems
                        .push(format!("script {name} is not a string, skipped")),
                }
            }
        }
        None | Some(Value::Null) => {}
        Some(_) => out
            .problems
            .push("scripts is not an object, ignored".to_string()),
    }
    // npm, yarn and bun take an array; yarn 1 also takes `{ packages: [...] }`.
    let workspaces = match object.get("workspaces") {
        Some(Value::Object(w)) => w.get("packages"),
        other => other,
    };
    match workspaces {
        Some(Value::Array(list)) => {
            for entry in list {
                match entry.as_str() {
                    Some(pattern) => out.workspaces.push(pattern.to_string()),
                    None => out
                        .problems
                        .push("a workspaces entry is not a string, skipped".to_string()),
                }
            }
        }
        None | Some(Value::Null) => {}
        Some(_) => out
            .problems
            .push("workspaces is not a list of globs, ignored".to_string()),
    }
    match object.get("packageManager") {
        Some(Value::String(pm)) => out.package_manager = Some(pm.clone()),
        None | Some(Value::Null) => {}
        Some(_) => out
            .problems
            .push("packageManager is not a string, ignored".to_string()),
    }
    Ok(out)
}

/// Reads the `packages` list of a `pnpm-workspace.yaml`.
pub fn parse_pnpm_workspace(text: &str) -> Result<Vec<String>, String> {
    let docs = yaml_rust2::YamlLoader::load_from_str(text)
        .map_err(|e| format!("not valid YAML, skipped: {e}"))?;
    let Some(doc) = docs.first() else {
        return Ok(Vec::new());
    };
    if doc.is_null() {
        return Ok(Vec::new());
    }
    if doc.as_hash().is_none() {
        return Err("not a YAML mapping, skipped".to_string());
    }
    let packages = &doc["packages"];
    if packages.is_badvalue() || packages.is_null() {
        return Ok(Vec::new());
    }
    let Some(list) = packages.as_vec() else {
        return Err("packages is not a list, skipped".to_string());
    };
    Ok(list
        .iter()
        .filter_map(|entry| entry.as_str().map(str::to_string))
        .collect())
}

/// The runner a folder uses and what said so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunnerChoice {
    pub runner: Runner,
    /// `packageManager`, a lockfile name, `pnpm-workspace.yaml` or `default`.
    pub evidence: String,
    pub warning: Option<String>,
}

/// Picks the runner: the `packageManager` field (what Corepack obeys), else the lockfile, else a
/// `pnpm-workspace.yaml`, else npm. Several lockfiles give a warning.
pub fn choose_runner(
    package_manager: Option<&str>,
    present: &dyn Fn(&str) -> bool,
) -> RunnerChoice {
    let mut warning = None;
    if let Some(pm) = package_manager {
        let name = pm.split('@').next().unwrap_or("").trim();
        match Runner::from_name(name) {
            Some(runner) => {
                return RunnerChoice {
                    runner,
                    evidence: "packageManager".to_string(),
                    warning,
                }
            }
            None => {
                warning = Some(format!(
                    "packageManager names an unknown manager ({}), using the lockfile",
                    super::one_line(pm, 40)
                ))
            }
        }
    }
    let locks: Vec<&(&str, Runner)> = LOCKFILES.iter().filter(|(name, _)| present(name)).collect();
    if let Some((name, runner)) = locks.first() {
        let others: Vec<&str> = locks
            .iter()
            .filter(|(_, r)| r != runner)
            .map(|(n, _)| *n)
            .collect();
        if !others.is_empty() && warning.is_none() {
            warning = Some(format!(
                "several lockfiles ({name}, {}), using {}",
                others.join(", "),
                runner.as_str()
            ));
        }
        return RunnerChoice {
            runner: *runner,
            evidence: name.to_string(),
            warning,
        };
    }
    if present("pnpm-workspace.yaml") {
        return RunnerChoice {
            runner: Runner::Pnpm,
            evidence: "pnpm-workspace.yaml".to_string(),
            warning,
        };
    }
    RunnerChoice {
        runner: Runner::Npm,
        evidence: "default".to_string(),
        warning,
    }
}

/// A workspace member: its directory and package name.
#[derive(Clone, Copy, Debug)]
pub struct Member<'a> {
    pub dir: &'a str,
    pub name: Option<&'a str>,
}

/// Yarn's own commands: a script with one of these names needs `yarn run`.
const YARN_BUILTINS: &[&str] = &[
    "add",
    "audit",
    "autoclean",
    "bin",
    "cache",
    "check",
    "config",
    "constraints",
    "create",
    "dedupe",
    "dlx",
    "exec",
    "explain",
    "generate-lock-entry",
    "global",
    "help",
    "import",
    "info",
    "init",
    "install",
    "licenses",
    "link",
    "list",
    "login",
    "logout",
    "node",
    "npm",
    "outdated",
    "owner",
    "pack",
    "patch",
    "patch-commit",
    "plugin",
    "policies",
    "publish",
    "rebuild",
    "remove",
    "run",
    "search",
    "set",
    "stage",
    "tag",
    "team",
    "unlink",
    "unplug",
    "up",
    "upgrade",
    "upgrade-interactive",
    "version",
    "versions",
    "why",
    "workspace",
    "workspaces",
];

/// The words that run a script, and the directory to run them in (relative to the folder).
/// Members run from the root with each manager's workspace flag; an unnamed yarn member runs
/// in its own directory, since yarn selects workspaces by name only.
pub fn script_argv(runner: Runner, member: Option<Member>, script: &str) -> (Vec<String>, String) {
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    match (runner, member) {
        (Runner::Npm, None) => (words(&["npm", "run", script]), String::new()),
        (Runner::Pnpm, None) => (words(&["pnpm", "run", script]), String::new()),
        (Runner::Bun, None) => (words(&["bun", "run", script]), String::new()),
        (Runner::Yarn, None) => {
            if YARN_BUILTINS.contains(&script) {
                (words(&["yarn", "run", script]), String::new())
            } else {
                (words(&["yarn", script]), String::new())
            }
        }
        (Runner::Npm, Some(m)) => (
            words(&["npm", "run", script, &format!("--workspace={}", m.dir)]),
            String::new(),
        ),
        (Runner::Pnpm, Some(m)) => {
            let filter = m.name.map(str::to_string).unwrap_or(format!("./{}", m.dir));
            (
                words(&["pnpm", "--filter", &filter, "run", script]),
                String::new(),
            )
        }
        (Runner::Bun, Some(m)) => {
            let filter = m.name.map(str::to_string).unwrap_or(format!("./{}", m.dir));
            (
                words(&["bun", "run", "--filter", &filter, script]),
                String::new(),
            )
        }
        (Runner::Yarn, Some(m)) => match m.name {
            Some(name) => (
                words(&["yarn", "workspace", name, "run", script]),
                String::new(),
            ),
            None => (words(&["yarn", "run", script]), m.dir.to_string()),
        },
    }
}

/// Workspace patterns split into member directories to include and to exclude, normalized;
/// patterns that leave the folder (`..`) are dropped.
pub fn member_patterns(patterns: &[String]) -> (Vec<String>, Vec<String>) {
    let mut include = Vec::new();
    let mut exclude = Vec::new();
    for raw in patterns {
        let (negated, body) = match raw.trim().strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, raw.trim()),
        };
        let pattern = glob::normalize(body);
        if pattern.is_empty() || pattern.split('/').any(|s| s == "..") {
            continue;
        }
        if negated {
            exclude.push(pattern);
        } else {
            include.push(pattern);
        }
    }
    (include, exclude)
}

/// Whether a directory is a member under the patterns; `node_modules` never is.
pub fn is_member(dir: &str, include: &[String], exclude: &[String]) -> bool {
    !dir.is_empty()
        && !dir.split('/').any(|s| s == "node_modules")
        && include.iter().any(|p| glob::matches(p, dir))
        && !exclude.iter().any(|p| glob::matches(p, dir))
}

/// All workspace patterns of a folder: `package.json` workspaces and `pnpm-workspace.yaml`.
fn workspace_patterns(
    folder: &Folder,
    root: Option<&PackageJson>,
    ctx: Option<&mut Ctx>,
) -> Vec<String> {
    let mut patterns: Vec<String> = root.map(|r| r.workspaces.clone()).unwrap_or_default();
    let yaml_path = "pnpm-workspace.yaml";
    let text = match ctx {
        Some(ctx) => folder.text(yaml_path, ctx.sink).map(|t| (t, Some(ctx))),
        None => folder.files.get(yaml_path).map(|t| (*t, None)),
    };
    if let Some((text, ctx)) = text {
        match parse_pnpm_workspace(text) {
            Ok(list) => patterns.extend(list),
            Err(e) => {
                if let Some(ctx) = ctx {
                    ctx.sink.warn(&folder.source(yaml_path), e);
                }
            }
        }
    }
    patterns
}

/// Round 2 of the file protocol: member `package.json` globs.
pub(crate) fn request(folder: &Folder, request: &mut FolderRequest) {
    let root = folder
        .files
        .get("package.json")
        .and_then(|t| parse_package_json(t.strip_prefix('\u{feff}').unwrap_or(t)).ok());
    let patterns = workspace_patterns(folder, root.as_ref(), None);
    let (include, exclude) = member_patterns(&patterns);
    for p in include {
        request.read.push(format!("{p}/package.json"));
    }
    for p in exclude {
        request.exclude.push(format!("{p}/**"));
    }
}

/// Adds the folder's package scripts; returns the runner when the folder is a Node project.
pub(crate) fn collect(ctx: &mut Ctx, out: &mut Vec<Script>) -> Option<Runner> {
    let folder = ctx.folder;
    let root_path = "package.json";
    let root = match folder.text(root_path, ctx.sink) {
        Some(text) => match parse_package_json(text) {
            Ok(pkg) => Some(pkg),
            Err(e) => {
                ctx.sink.warn(&folder.source(root_path), e);
                None
            }
        },
        None => None,
    };
    let patterns = workspace_patterns(folder, root.as_ref(), Some(ctx));
    if root.is_none() && !folder.has(root_path) && patterns.is_empty() {
        return None;
    }
    let choice = choose_runner(
        root.as_ref().and_then(|r| r.package_manager.as_deref()),
        &|name| folder.has(name),
    );
    if let Some(w) = &choice.warning {
        ctx.sink.warn(&folder.source(root_path), w.clone());
    }
    let runner = choice.runner;
    if let Some(pkg) = &root {
        add_scripts(ctx, out, runner, pkg, None, root_path);
    }
    let (include, exclude) = member_patterns(&patterns);
    if include.is_empty() {
        return Some(runner);
    }
    let members: Vec<(&str, &str)> = folder
        .paths()
        .filter_map(|p| Some((p, p.strip_suffix("/package.json")?)))
        .filter(|(_, dir)| is_member(dir, &include, &exclude))
        .collect();
    for (path, dir) in members {
        let Some(text) = folder.text(path, ctx.sink) else {
            continue;
        };
        match parse_package_json(text) {
            Ok(pkg) => add_scripts(ctx, out, runner, &pkg, Some(dir), path),
            Err(e) => ctx.sink.warn(&folder.source(path), e),
        }
    }
    Some(runner)
}

fn add_scripts(
    ctx: &mut Ctx,
    out: &mut Vec<Script>,
    runner: Runner,
    pkg: &PackageJson,
    dir: Option<&str>,
    path: &str,
) {
    let source = ctx.folder.source(path);
    for problem in &pkg.problems {
        ctx.sink.warn(&source, problem.clone());
    }
    let name = pkg.name.as_deref().filter(|n| bad_name(n).is_none());
    let member = dir.map(|dir| Member { dir, name });
    let label = match (dir, name) {
        (None, _) => runner.as_str().to_string(),
        (Some(_), Some(name)) => name.to_string(),
        (Some(dir), None) => dir.to_string(),
    };
    for (script, line) in &pkg.scripts {
        if let Some(why) = bad_name(script) {
            ctx.sink.warn(&source, format!("a script {why}, skipped"));
            continue;
        }
        let (argv, cwd) = script_argv(runner, member, script);
        let mut keywords = vec![runner.as_str().to_string(), "package.json".to_string()];
        if let Some(name) = name {
            keywords.push(name.to_string());
        }
        if let Some(dir) = dir {
            keywords.push(dir.to_string());
        }
        out.push(Script {
            id: make_id(&["script", "npm", ctx.folder.name, dir.unwrap_or("."), script]),
            tool: "npm",
            title: format!("{label}: {script}"),
            detail: detail(line),
            keywords,
            cwd,
            argv,
            params: Vec::new(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runner_words_for_roots_and_members() {
        let member = Some(Member {
            dir: "packages/web",
            name: Some("@acme/web"),
        });
        let unnamed = Some(Member {
            dir: "packages/x",
            name: None,
        });
        let table: [(Runner, Option<Member>, &str, &str, &str); 10] = [
            (Runner::Npm, None, "build", "npm run build", ""),
            (Runner::Pnpm, None, "build", "pnpm run build", ""),
            (Runner::Yarn, None, "build", "yarn build", ""),
            (Runner::Yarn, None, "install", "yarn run install", ""),
            (Runner::Bun, None, "build", "bun run build", ""),
            (
                Runner::Npm,
                member,
                "build",
                "npm run build --workspace=packages/web",
                "",
            ),
            (
                Runner::Pnpm,
                member,
                "build",
                "pnpm --filter @acme/web run build",
                "",
            ),
            (
                Runner::Yarn,
                member,
                "build",
                "yarn workspace @acme/web run build",
                "",
            ),
            (
                Runner::Bun,
                member,
                "build",
                "bun run --filter @acme/web build",
                "",
            ),
            (Runner::Yarn, unnamed, "test", "yarn run test", "packages/x"),
        ];
        for (runner, member, script, line, cwd) in table {
            let (argv, dir) = script_argv(runner, member, script);
            assert_eq!(argv.join(" "), line);
            assert_eq!(dir, cwd);
        }
    }

    #[test]
    fn package_manager_beats_lockfiles_and_several_lockfiles_warn() {
        let none = |_: &str| false;
        assert_eq!(choose_runner(None, &none).runner, Runner::Npm);
        let choice = choose_runner(Some("pnpm@9.1.0+sha512.abc"), &|n| n == "yarn.lock");
        assert_eq!(
            (choice.runner, choice.evidence.as_str()),
            (Runner::Pnpm, "packageManager")
        );
        let choice = choose_runner(None, &|n| n == "yarn.lock" || n == "package-lock.json");
        assert_eq!(choice.runner, Runner::Yarn);
        assert_eq!(
            choice.warning.as_deref(),
            Some("several lockfiles (yarn.lock, package-lock.json), using yarn")
        );
        let choice = choose_runner(Some("rush@5"), &|n| n == "bun.lockb");
        assert_eq!(choice.runner, Runner::Bun);
        assert!(choice.warning.is_some());
    }

    #[test]
    fn pnpm_workspace_lists_packages_and_negations() {
        let text = "# monorepo\npackages:\n  - 'packages/*'\n  - \"apps/**\"\n  - '!**/test/**'\n";
        assert_eq!(
            parse_pnpm_workspace(text).unwrap(),
            ["packages/*", "apps/**", "!**/test/**"]
        );
        assert_eq!(
            parse_pnpm_workspace("packages: [a, b/*]").unwrap(),
            ["a", "b/*"]
        );
        assert!(parse_pnpm_workspace("packages: {a: 1}").is_err());
        assert!(parse_pnpm_workspace("packages: [").is_err());
        assert!(parse_pnpm_workspace("").unwrap().is_empty());
    }
}
