//! `composer.json` scripts, run with `composer run-script <name>`.

use serde_json::Value;

use super::{bad_name, detail, make_id, Ctx, Script};

/// A Composer script: a command or a list of them, with the description Composer shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ComposerScript {
    pub name: String,
    pub commands: Vec<String>,
    pub description: Option<String>,
}

/// Parses a `composer.json`'s scripts. Err when it is not a JSON object; odd entries are
/// skipped and named in the second list.
pub fn parse_composer(text: &str) -> Result<(Vec<ComposerScript>, Vec<String>), String> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("not valid JSON, skipped: {e}"))?;
    let Value::Object(object) = value else {
        return Err("not a JSON object, skipped".to_string());
    };
    let mut problems = Vec::new();
    let descriptions = object
        .get("scripts-descriptions")
        .and_then(Value::as_object);
    let mut scripts = Vec::new();
    match object.get("scripts") {
        Some(Value::Object(map)) => {
            for (name, value) in map {
                let commands: Option<Vec<String>> = match value {
                    Value::String(s) => Some(vec![s.clone()]),
                    Value::Array(list) => list
                        .iter()
                        .map(|v| v.as_str().map(str::to_string))
                        .collect(),
                    _ => None,
                };
                let Some(commands) = commands else {
                    problems.push(format!(
                        "script {name} is neither a string nor a list of strings, skipped"
                    ));
                    continue;
                };
                scripts.push(ComposerScript {
                    name: name.clone(),
                    commands,
                    description: descriptions
                        .and_then(|d| d.get(name))
                        .and_then(Value::as_str)
                        .map(str::to_string),
                });
            }
        }
        None | Some(Value::Null) => {}
        Some(_) => problems.push("scripts is not an object, ignored".to_string()),
    }
    Ok((scripts, problems))
}

/// Adds the folder's Composer scripts.
pub(crate) fn collect(ctx: &mut Ctx, out: &mut Vec<Script>) {
    let path = "composer.json";
    let Some(text) = ctx.folder.text(path, ctx.sink) else {
        return;
    };
    let source = ctx.folder.source(path);
    let (scripts, problems) = match parse_composer(text) {
        Ok(parsed) => parsed,
        Err(e) => {
            ctx.sink.warn(&source, e);
            return;
        }
    };
    for problem in problems {
        ctx.sink.warn(&source, problem);
    }
    for script in scripts {
        if let Some(why) = bad_name(&script.name) {
            ctx.sink.warn(&source, format!("a script {why}, skipped"));
            continue;
        }
        let mut keywords = vec!["composer".to_string(), "php".to_string()];
        keywords.extend(script.description.clone());
        out.push(Script {
            id: make_id(&["script", "composer", ctx.folder.name, &script.name]),
            tool: "composer",
            title: format!("composer: {}", script.name),
            detail: detail(&script.commands.join(" && ")),
            keywords,
            cwd: String::new(),
            argv: vec!["composer".into(), "run-script".into(), script.name],
            params: Vec::new(),
        });
    }
}
