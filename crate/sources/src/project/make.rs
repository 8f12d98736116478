//! `Makefile` targets: rules a user would type after `make`, without pattern rules, special
//! targets, variable assignments or targets computed from variables.
//!
//! This is a reader, not an evaluator: conditionals are not evaluated (targets on both sides
//! are listed) and included files are not followed.

use super::{bad_name, detail, make_id, Ctx, Script};

/// A target and what it runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Target {
    pub name: String,
    /// Recipe lines with `@`, `-` and `+` prefixes dropped.
    pub recipe: Vec<String>,
    pub prerequisites: Vec<String>,
    /// A `## text` after the rule or `# text` lines right above it.
    pub doc: Option<String>,
    /// 1-based line of the rule.
    pub line: usize,
}

/// What Solidus reads from a Makefile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Makefile {
    pub targets: Vec<Target>,
    /// What plain `make` builds: `.DEFAULT_GOAL`, else the first target.
    pub default_goal: Option<String>,
}

/// The names GNU make looks for, in its order; the first present one is read.
pub const NAMES: &[&str] = &["GNUmakefile", "makefile", "Makefile"];

const DIRECTIVES: &[&str] = &[
    "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "include", "-include", "sinclude",
    "vpath", "unexport", "undefine", "load", "-load",
];

/// Parses a Makefile. Err when make itself would stop before running anything: a line that is
/// neither a rule, an assignment nor a directive ("missing separator"), or an unterminated
/// `define`.
pub fn parse_makefile(text: &str) -> Result<Makefile, String> {
    let mut out = Makefile::default();
    let mut recipe_prefix = '\t';
    let mut define_depth = 0usize;
    let mut define_line = 0usize;
    // Indices into `out.targets` of the rule whose recipe lines follow, if any.
    let mut current: Option<Vec<usize>> = None;
    let mut comment_block: Vec<String> = Vec::new();
    let mut explicit_goal: Option<String> = None;

    for (line_no, line) in logical_lines(text) {
        if define_depth > 0 {
            let word = line.split_whitespace().next().unwrap_or("");
            if word == "endef" {
                define_depth -= 1;
            } else if word == "define" || line.trim_start().starts_with("define ") {
                define_depth += 1;
            }
            continue;
        }
        if line.starts_with(recipe_prefix) {
            if let Some(indices) = &current {
                let command = line[recipe_prefix.len_utf8()..].trim();
                let command = command.trim_start_matches(['@', '-', '+']).trim();
                if !command.is_empty() && !command.starts_with('#') {
                    for &i in indices {
                        out.targets[i].recipe.push(command.to_string());
                    }
                }
                continue;
            }
        }
        let (code, comment) = split_comment(&line);
        let trimmed = code.trim();
        if trimmed.is_empty() {
            match comment {
                Some(c) if line.trim_start().starts_with('#') => {
                    comment_block.push(c.trim_start_matches('#').trim().to_string())
                }
                _ => comment_block.clear(),
            }
            continue;
        }
        let doc_block = std::mem::take(&mut comment_block);
        // `export`, `override` and `private` may prefix an assignment or a define.
        let body = strip_modifiers(trimmed);
        let first_word = body.split_whitespace().next().unwrap_or("");
        if first_word == "define" {
            define_depth = 1;
            define_line = line_no;
            current = None;
            continue;
        }
        if first_word == "endef" {
            return Err(format!("line {line_no}: endef without define"));
        }
        if DIRECTIVES.contains(&first_word) {
            continue;
        }
        match classify(body) {
            Line::Assignment { name, value } => {
                if name == ".RECIPEPREFIX" {
                    recipe_prefix = value.chars().next().unwrap_or('\t');
                } else if name == ".DEFAULT_GOAL" {
                    explicit_goal = value.split_whitespace().next().map(str::to_string);
                }
                current = None;
            }
            Line::Expansion | Line::Bare if body != trimmed => {
                // `export NAME` and friends: no rule, no error.
                current = None;
            }
            Line::Expansion => current = None,
            Line::Bare => {
                return Err(format!(
                    "line {line_no}: missing separator, make would stop here"
                ))
            }
            Line::TargetVariable => current = None,
            Line::Rule {
                targets,
                prerequisites,
                inline_recipe,
            } => {
                let doc = comment
                    .filter(|c| c.starts_with("##"))
                    .map(|c| c.trim_start_matches('#').trim().to_string())
                    .or_else(|| (!doc_block.is_empty()).then(|| doc_block.join(" ")))
                    .filter(|d| !d.is_empty());
                let mut indices = Vec::new();
                for name in targets.split_whitespace() {
                    if !is_listed_target(name) {
                        continue;
                    }
                    let index = match out.targets.iter().position(|t| t.name == name) {
                        Some(i) => i,
                        None => {
                            out.targets.push(Target {
                                name: name.to_string(),
                                line: line_no,
                                ..Default::default()
                            });
                            out.targets.len() - 1
                        }
                    };
                    let target = &mut out.targets[index];
                    if target.doc.is_none() {
                        target.doc = doc.clone();
                    }
                    target.prerequisites.extend(
                        prerequisites
                            .split_whitespace()
                            .filter(|p| !p.starts_with('|'))
                            .map(str::to_string),
                    );
                    if let Some(command) = inline_recipe.map(str::trim).filter(|c| !c.is_empty()) {
                        target.recipe.push(
                            command
                                .trim_start_matches(['@', '-', '+'])
                                .trim()
                                .to_string(),
                        );
                    }
                    indices.push(index);
                }
                current = Some(indices);
            }
        }
    }
    if define_depth > 0 {
        return Err(format!(
            "line {define_line}: define is never closed with endef"
        ));
    }
    out.default_goal = explicit_goal
        .filter(|g| out.targets.iter().any(|t| &t.name == g))
        .or_else(|| out.targets.first().map(|t| t.name.clone()));
    Ok(out)
}

/// Physical lines joined at backslash-newline, with the 1-based number of the first line.
fn logical_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    for (i, raw) in text.lines().enumerate() {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let continued = raw.len() - raw.trim_end_matches('\\').len();
        let (start, mut joined) = match pending.take() {
            Some((start, mut acc)) => {
                acc.push(' ');
                acc.push_str(raw.trim_start());
                (start, acc)
            }
            None => (i + 1, raw.to_string()),
        };
        // An odd number of trailing backslashes continues the line.
        if continued % 2 == 1 {
            joined.pop();
            pending = Some((start, joined.trim_end().to_string()));
        } else {
            out.push((start, joined));
        }
    }
    if let Some(last) = pending {
        out.push(last);
    }
    out
}

/// Splits off a `#` comment; `\#` is a literal hash.
fn split_comment(line: &str) -> (&str, Option<&str>) {
    let bytes = line.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'#' && (i == 0 || bytes[i - 1] != b'\\') {
            return (&line[..i], Some(&line[i..]));
        }
    }
    (line, None)
}

fn strip_modifiers(mut line: &str) -> &str {
    loop {
        let word = line.split_whitespace().next().unwrap_or("");
        if matches!(word, "export" | "override" | "private") {
            line = line[word.len()..].trim_start();
        } else {
            return line;
        }
    }
}

enum Line<'a> {
    Assignment {
        name: &'a str,
        value: &'a str,
    },
    Rule {
        targets: &'a str,
        prerequisites: &'a str,
        inline_recipe: Option<&'a str>,
    },
    /// `target: VAR = value`.
    TargetVariable,
    /// A line that is only an expansion, such as `$(eval ...)`.
    Expansion,
    /// No separator at all.
    Bare,
}

/// Finds the first `:` or `=` outside `$(...)` and `${...}` and decides what the line is.
fn classify(line: &str) -> Line<'_> {
    let bytes = line.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'$' if matches!(bytes.get(i + 1), Some(b'(') | Some(b'{')) => {
                depth += 1;
                i += 2;
                continue;
            }
            b'(' | b'{' if depth > 0 => depth += 1,
            b')' | b'}' if depth > 0 => depth -= 1,
            b'=' if depth == 0 => {
                let name_end = if i > 0 && matches!(bytes[i - 1], b'?' | b'+' | b'!') {
                    i - 1
                } else {
                    i
                };
                return Line::Assignment {
                    name: line[..name_end].trim(),
                    value: line[i + 1..].trim(),
                };
            }
            b':' if depth == 0 => {
                let rest = &line[i + 1..];
                // `:=`, `::=` and `:::=` assign.
                let colons = rest.len() - rest.trim_start_matches(':').len();
                if rest[colons..].starts_with('=') {
                    return Line::Assignment {
                        name: line[..i].trim(),
                        value: rest[colons + 1..].trim(),
                    };
                }
                // A drive letter such as `C:\` is not a separator.
                if i == 1 && bytes[0].is_ascii_alphabetic() && rest.starts_with('\\') {
                    i += 1;
                    continue;
                }
                let targets = line[..i].trim_end().trim_end_matches('&');
                let after = rest[colons..].trim();
                let (prerequisites, inline_recipe) = match after.split_once(';') {
                    Some((p, r)) => (p, Some(r)),
                    None => (after, None),
                };
                if top_level_equals(prerequisites) {
                    return Line::TargetVariable;
                }
                return Line::Rule {
                    targets,
                    prerequisites,
                    inline_recipe,
                };
            }
            _ => {}
        }
        i += 1;
    }
    if line.trim_start().starts_with('$') {
        Line::Expansion
    } else {
        Line::Bare
    }
}

fn top_level_equals(text: &str) -> bool {
    let mut depth = 0usize;
    let bytes = text.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        match b {
            b'$' if matches!(bytes.get(i + 1), Some(b'(') | Some(b'{')) => {}
            b'(' | b'{' => depth += 1,
            b')' | b'}' => depth = depth.saturating_sub(1),
            b'=' if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

/// Special (`.PHONY`), hidden (`.x`), pattern (`%`), computed (`$(x)`) and wildcard targets are
/// not something a user types after `make`.
fn is_listed_target(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && !name.starts_with('-')
        && !name.contains([
            '%', '$', '*', '?', '[', '=', '\\', '(', ')', '{', '}', '"', '\'',
        ])
}

/// Adds the folder's Makefile targets.
pub(crate) fn collect(ctx: &mut Ctx, out: &mut Vec<Script>) {
    let Some(path) = NAMES.iter().copied().find(|n| ctx.folder.has(n)) else {
        return;
    };
    let Some(text) = ctx.folder.text(path, ctx.sink) else {
        return;
    };
    let source = ctx.folder.source(path);
    let makefile = match parse_makefile(text) {
        Ok(m) => m,
        Err(e) => {
            ctx.sink.warn(&source, format!("{e}, skipped"));
            return;
        }
    };
    for target in makefile.targets {
        if let Some(why) = bad_name(&target.name) {
            ctx.sink.warn(&source, format!("a target {why}, skipped"));
            continue;
        }
        let what = if !target.recipe.is_empty() {
            target.recipe.join(" && ")
        } else if !target.prerequisites.is_empty() {
            format!("needs {}", target.prerequisites.join(" "))
        } else {
            String::new()
        };
        let mut keywords = vec!["make".to_string(), path.to_string()];
        if makefile.default_goal.as_deref() == Some(target.name.as_str()) {
            keywords.push("default".to_string());
        }
        keywords.extend(target.doc.clone());
        out.push(Script {
            id: make_id(&["script", "make", ctx.folder.name, &target.name]),
            tool: "make",
            title: format!("make: {}", target.name),
            detail: detail(&what),
            keywords,
            cwd: String::new(),
            argv: vec!["make".to_string(), target.name],
            params: Vec::new(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continuation_lines_join_and_odd_backslashes_continue() {
        let lines = logical_lines("a: b \\\n   c\nx = 1 \\\\\ny: z\n");
        assert_eq!(
            lines,
            [
                (1, "a: b c".to_string()),
                (3, "x = 1 \\\\".to_string()),
                (4, "y: z".to_string())
            ]
        );
    }

    #[test]
    fn assignments_of_every_flavour_are_not_targets() {
        for line in [
            "A = 1",
            "A := 1",
            "A ::= 1",
            "A ?= 1",
            "A += x",
            "A != date",
            "A:=b:c",
        ] {
            assert!(matches!(classify(line), Line::Assignment { .. }), "{line}");
        }
        assert!(matches!(classify("t: CFLAGS += -O2"), Line::TargetVariable));
        assert!(matches!(classify("$(eval X)"), Line::Expansion));
        assert!(matches!(classify("$(OUT)/x: y"), Line::Rule { .. }));
    }
}
