//! `deno.json` / `deno.jsonc` tasks (`deno task <name>`), including members of a Deno workspace,
//! which run in their own directory.

use serde_json::Value;

use super::{bad_name, detail, glob, make_id, Ctx, Folder, FolderRequest, Script};

/// A task: its name and what it runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Task {
    pub name: String,
    /// The command, or empty for a task that only runs its dependencies.
    pub command: String,
    pub description: Option<String>,
    pub dependencies: Vec<String>,
}

/// What Solidus reads from a Deno configuration file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DenoConfig {
    pub tasks: Vec<Task>,
    /// `workspace` member directories.
    pub workspace: Vec<String>,
    pub problems: Vec<String>,
}

/// The names Deno reads, in its order.
pub const NAMES: &[&str] = &["deno.json", "deno.jsonc"];

/// Parses a `deno.json(c)` (comments and trailing commas allowed). Err when it is not an object.
pub fn parse_deno(text: &str) -> Result<DenoConfig, String> {
    let value =
        solidus_model::jsonc::parse(text).map_err(|e| format!("not valid JSON, skipped: {e}"))?;
    let Value::Object(object) = value else {
        return Err("not a JSON object, skipped".to_string());
    };
    let mut out = DenoConfig::default();
    match object.get("tasks") {
        Some(Value::Object(tasks)) => {
            for (name, task) in tasks {
                match task {
                    Value::String(command) => out.tasks.push(Task {
                        name: name.clone(),
                        command: command.clone(),
                        ..Default::default()
                    }),
                    // Deno 2: `{ command?, description?, dependencies? }`.
                    Value::Object(spec) => {
                        let command = spec.get("command").and_then(Value::as_str);
                        let dependencies: Vec<String> = spec
                            .get("dependencies")
                            .and_then(Value::as_array)
                            .map(|d| {
                                d.iter()
                                    .filter_map(Value::as_str)
                                    .map(str::to_string)
                                    .collect()
                            })
                            .unwrap_or_default();
                        if command.is_none() && dependencies.is_empty() {
                            out.problems
                                .push(format!("task {name} has no command, skipped"));
                            continue;
                        }
                        out.tasks.push(Task {
                            name: name.clone(),
                            command: command.unwrap_or_default().to_string(),
                            description: spec
                                .get("description")
                                .and_then(Value::as_str)
                                .map(str::to_string),
                            dependencies,
                        });
                    }
                    _ => out.problems.push(format!(
                        "task {name} is neither a string nor an object, skipped"
                    )),
                }
            }
        }
        None | Some(Value::Null) => {}
        Some(_) => out
            .problems
            .push("tasks is not an object, ignored".to_string()),
    }
    let members = match object.get("workspace") {
        Some(Value::Object(w)) => w.get("members"),
        other => other,
    };
    match members {
        Some(Value::Array(list)) => {
            out.workspace = list
                .iter()
                .filter_map(Value::as_str)
                .map(glob::normalize)
                .filter(|p| !p.is_empty() && !p.split('/').any(|s| s == ".."))
                .collect()
        }
        None | Some(Value::Null) => {}
        Some(_) => out
            .problems
            .push("workspace is not a list of members, ignored".to_string()),
    }
    Ok(out)
}

fn root_config(folder: &Folder) -> Option<(&'static str, DenoConfig)> {
    let name = NAMES.iter().copied().find(|n| folder.has(n))?;
    let text = folder.files.get(name)?;
    Some((
        name,
        parse_deno(text.strip_prefix('\u{feff}').unwrap_or(text)).ok()?,
    ))
}

/// Round 2 of the file protocol: member configuration files.
pub(crate) fn request(folder: &Folder, request: &mut FolderRequest) {
    let Some((_, config)) = root_config(folder) else {
        return;
    };
    for member in config.workspace {
        for name in NAMES {
            request.read.push(format!("{member}/{name}"));
        }
    }
}

/// Adds the tasks of the root configuration and of workspace members.
pub(crate) fn collect(ctx: &mut Ctx, out: &mut Vec<Script>) {
    let Some(path) = NAMES.iter().copied().find(|n| ctx.folder.has(n)) else {
        return;
    };
    let Some(root) = read(ctx, path) else {
        return;
    };
    add_tasks(ctx, out, &root, "", path);
    for member in &root.workspace {
        let Some(member_path) = NAMES
            .iter()
            .map(|n| format!("{member}/{n}"))
            .find(|p| ctx.folder.has(p))
        else {
            continue;
        };
        if let Some(config) = read(ctx, &member_path) {
            add_tasks(ctx, out, &config, member, &member_path);
        }
    }
}

fn read(ctx: &mut Ctx, path: &str) -> Option<DenoConfig> {
    let text = ctx.folder.text(path, ctx.sink)?;
    match parse_deno(text) {
        Ok(config) => {
            for problem in &config.problems {
                ctx.sink.warn(&ctx.folder.source(path), problem.clone());
            }
            Some(config)
        }
        Err(e) => {
            ctx.sink.warn(&ctx.folder.source(path), e);
            None
        }
    }
}

fn add_tasks(ctx: &mut Ctx, out: &mut Vec<Script>, config: &DenoConfig, dir: &str, path: &str) {
    for task in &config.tasks {
        if let Some(why) = bad_name(&task.name) {
            ctx.sink
                .warn(&ctx.folder.source(path), format!("a task {why}, skipped"));
            continue;
        }
        let what = if task.command.is_empty() {
            format!("needs {}", task.dependencies.join(" "))
        } else {
            task.command.clone()
        };
        let mut keywords = vec!["deno".to_string(), path.to_string()];
        keywords.extend(task.description.clone());
        let title = if dir.is_empty() {
            format!("deno: {}", task.name)
        } else {
            format!("deno: {} ({dir})", task.name)
        };
        out.push(Script {
            id: make_id(&[
                "script",
                "deno",
                ctx.folder.name,
                if dir.is_empty() { "." } else { dir },
                &task.name,
            ]),
            tool: "deno",
            title,
            detail: detail(&what),
            keywords,
            cwd: dir.to_string(),
            argv: vec!["deno".into(), "task".into(), task.name.clone()],
            params: Vec::new(),
        });
    }
}
