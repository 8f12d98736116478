//! Cargo: build, test, run, clippy and fmt for the root package or workspace, and the same with
//! `-p <name>` for each workspace member.
//!
//! Manifests are read with the `toml` crate's document parser, which the crate already depends
//! on; Cargo's own rules (inline tables, dotted keys, multi-line arrays) are too many to
//! approximate by hand.

use serde_json::{Map, Number, Value};
use toml::de::{DeTable, DeValue};

use super::{bad_name, glob, make_id, Ctx, Folder, FolderRequest, Script};

/// What Solidus reads from a `Cargo.toml`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Manifest {
    /// `[package] name`.
    pub package: Option<String>,
    /// `[workspace] members`, when there is a `[workspace]` table.
    pub members: Option<Vec<String>>,
    pub exclude: Vec<String>,
    /// Whether the manifest declares a binary (`[[bin]]`); `src/main.rs` also makes one.
    pub declares_bin: bool,
    pub problems: Vec<String>,
}

/// Parses a `Cargo.toml`. Err when it is not valid TOML.
pub fn parse_manifest(text: &str) -> Result<Manifest, String> {
    let table = DeTable::parse(text).map_err(|e| {
        format!(
            "not valid TOML, skipped: {}",
            super::one_line(e.message(), 120)
        )
    })?;
    let doc = table_to_json(table.get_ref());
    let mut out = Manifest::default();
    match doc.get("package") {
        Some(Value::Object(package)) => match package.get("name") {
            Some(Value::String(name)) => out.package = Some(name.clone()),
            _ => out
                .problems
                .push("[package] has no name, ignored".to_string()),
        },
        None => {}
        Some(_) => out
            .problems
            .push("package is not a table, ignored".to_string()),
    }
    match doc.get("workspace") {
        Some(Value::Object(workspace)) => {
            out.members = Some(strings(
                workspace.get("members"),
                "members",
                &mut out.problems,
            ));
            out.exclude = strings(workspace.get("exclude"), "exclude", &mut out.problems);
        }
        None => {}
        Some(_) => out
            .problems
            .push("workspace is not a table, ignored".to_string()),
    }
    out.declares_bin = matches!(doc.get("bin"), Some(Value::Array(bins)) if !bins.is_empty());
    Ok(out)
}

fn strings(value: Option<&Value>, field: &str, problems: &mut Vec<String>) -> Vec<String> {
    match value {
        None => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .filter_map(|v| {
                let s = v.as_str().map(str::to_string);
                if s.is_none() {
                    problems.push(format!(
                        "a workspace {field} entry is not a string, skipped"
                    ));
                }
                s
            })
            .collect(),
        Some(_) => {
            problems.push(format!("workspace {field} is not a list, ignored"));
            Vec::new()
        }
    }
}

fn table_to_json(table: &DeTable) -> Value {
    let mut map = Map::new();
    for (key, value) in table.iter() {
        map.insert(key.get_ref().to_string(), to_json(value.get_ref()));
    }
    Value::Object(map)
}

/// The TOML parser bounds nesting, so this recursion is bounded too.
fn to_json(value: &DeValue) -> Value {
    match value {
        DeValue::String(s) => Value::String(s.to_string()),
        DeValue::Integer(i) => i64::from_str_radix(&i.as_str().replace('_', ""), i.radix())
            .map(Value::from)
            .unwrap_or(Value::Null),
        DeValue::Float(f) => f
            .as_str()
            .replace('_', "")
            .parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
            .map(Value::Number)
            .unwrap_or(Value::Null),
        DeValue::Boolean(b) => Value::Bool(*b),
        DeValue::Datetime(d) => Value::String(d.to_string()),
        DeValue::Array(list) => Value::Array(list.iter().map(|v| to_json(v.get_ref())).collect()),
        DeValue::Table(t) => table_to_json(t),
    }
}

/// Member directory patterns, normalized, without any that leave the folder.
fn member_patterns(patterns: &[String]) -> Vec<String> {
    patterns
        .iter()
        .map(|p| glob::normalize(p))
        .filter(|p| !p.is_empty() && !p.split('/').any(|s| s == ".."))
        .collect()
}

/// Round 2 of the file protocol: member manifests, and their `src/main.rs` to know which run.
pub(crate) fn request(folder: &Folder, request: &mut FolderRequest) {
    let Some(Ok(manifest)) = folder
        .files
        .get("Cargo.toml")
        .map(|t| parse_manifest(t.strip_prefix('\u{feff}').unwrap_or(t)))
    else {
        return;
    };
    for p in member_patterns(manifest.members.as_deref().unwrap_or_default()) {
        request.read.push(format!("{p}/Cargo.toml"));
        request.presence.push(format!("{p}/src/main.rs"));
    }
    for p in member_patterns(&manifest.exclude) {
        request.exclude.push(format!("{p}/**"));
    }
}

/// The subcommands offered, and whether each needs a binary.
const COMMANDS: &[(&str, bool, &str)] = &[
    ("build", false, "Build"),
    ("test", false, "Run the tests of"),
    ("run", true, "Run"),
    ("clippy", false, "Lint with Clippy"),
    ("fmt", false, "Format"),
];

/// Adds Cargo items for the root package or workspace and for each member.
pub(crate) fn collect(ctx: &mut Ctx, out: &mut Vec<Script>) {
    let path = "Cargo.toml";
    let Some(text) = ctx.folder.text(path, ctx.sink) else {
        return;
    };
    let source = ctx.folder.source(path);
    let manifest = match parse_manifest(text) {
        Ok(m) => m,
        Err(e) => {
            ctx.sink.warn(&source, e);
            return;
        }
    };
    for problem in &manifest.problems {
        ctx.sink.warn(&source, problem.clone());
    }
    if manifest.package.is_none() && manifest.members.is_none() {
        ctx.sink
            .warn(&source, "neither [package] nor [workspace], skipped");
        return;
    }
    let root_has_bin =
        manifest.package.is_some() && (manifest.declares_bin || ctx.folder.has("src/main.rs"));
    let what = match (&manifest.package, &manifest.members) {
        (Some(name), _) => name.clone(),
        (None, _) => "the workspace".to_string(),
    };
    for (command, needs_bin, verb) in COMMANDS {
        if *needs_bin && !root_has_bin {
            continue;
        }
        out.push(Script {
            id: make_id(&["script", "cargo", ctx.folder.name, ".", command]),
            tool: "cargo",
            title: format!("cargo: {command}"),
            detail: format!("cargo {command} · {verb} {what}"),
            keywords: vec!["cargo".into(), "rust".into(), what.clone()],
            cwd: String::new(),
            argv: vec!["cargo".into(), command.to_string()],
            params: Vec::new(),
        });
    }
    let Some(members) = &manifest.members else {
        return;
    };
    let include = member_patterns(members);
    let exclude = member_patterns(&manifest.exclude);
    let member_paths: Vec<(&str, &str)> = ctx
        .folder
        .paths()
        .filter_map(|p| Some((p, p.strip_suffix("/Cargo.toml")?)))
        .filter(|(_, dir)| {
            include.iter().any(|p| glob::matches(p, dir))
                && !exclude.iter().any(|p| glob::matches(p, dir))
        })
        .collect();
    let mut seen: Vec<String> = manifest.package.iter().cloned().collect();
    for (member_path, dir) in member_paths {
        let member_source = ctx.folder.source(member_path);
        let Some(text) = ctx.folder.text(member_path, ctx.sink) else {
            continue;
        };
        let member = match parse_manifest(text) {
            Ok(m) => m,
            Err(e) => {
                ctx.sink.warn(&member_source, e);
                continue;
            }
        };
        let Some(name) = member.package.clone() else {
            ctx.sink.warn(
                &member_source,
                "a workspace member without [package] name, skipped",
            );
            continue;
        };
        if let Some(why) = bad_name(&name) {
            ctx.sink
                .warn(&member_source, format!("a package {why}, skipped"));
            continue;
        }
        if seen.contains(&name) {
            ctx.sink.warn(
                &member_source,
                format!("package {name} appears twice in the workspace, skipped"),
            );
            continue;
        }
        seen.push(name.clone());
        let has_bin = member.declares_bin || ctx.folder.has(&format!("{dir}/src/main.rs"));
        for (command, needs_bin, verb) in COMMANDS {
            if *needs_bin && !has_bin {
                continue;
            }
            out.push(Script {
                id: make_id(&["script", "cargo", ctx.folder.name, &name, command]),
                tool: "cargo",
                title: format!("cargo: {command} -p {name}"),
                detail: format!("cargo {command} -p {name} · {verb} {name} ({dir})"),
                keywords: vec!["cargo".into(), "rust".into(), name.clone(), dir.to_string()],
                cwd: String::new(),
                argv: vec![
                    "cargo".into(),
                    command.to_string(),
                    "-p".into(),
                    name.clone(),
                ],
                params: Vec::new(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_package_workspace_and_bins() {
        let m = parse_manifest(
            "[package]\nname = \"app\" # the app\n\n[[bin]]\nname = \"x\"\n\n[workspace]\nmembers = [\n  \"crates/*\",\n]\nexclude = [\"crates/old\"]\n",
        )
        .unwrap();
        assert_eq!(m.package.as_deref(), Some("app"));
        assert_eq!(m.members.as_deref(), Some(&["crates/*".to_string()][..]));
        assert_eq!(m.exclude, ["crates/old"]);
        assert!(m.declares_bin);
        assert!(parse_manifest("[package\nname=").is_err());
        let odd = parse_manifest("package = 3\n[workspace]\nmembers = [1, \"a\"]").unwrap();
        assert_eq!(odd.members.as_deref(), Some(&["a".to_string()][..]));
        assert_eq!(odd.problems.len(), 2);
    }
}
