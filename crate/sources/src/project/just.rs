//! `justfile` recipes, with their parameters, doc comments, aliases and attributes; private
//! recipes (`_name`, `[private]`) and recipes for another OS are left out.
//!
//! Like `just` itself, a line that is none of the known statements makes the whole file
//! unusable; it is reported and skipped rather than half-read.

use super::{bad_name, detail, make_id, Ctx, Os, Param, Script};

/// A recipe as `just --list` would show it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recipe {
    pub name: String,
    pub params: Vec<Param>,
    /// The comment right above the recipe, or its `[doc('...')]` attribute.
    pub doc: Option<String>,
    /// Body lines, without `@`/`-` prefixes and shell comments (a shebang is kept).
    pub body: Vec<String>,
    pub dependencies: String,
    pub aliases: Vec<String>,
    /// `[private]` or a name starting with `_`.
    pub private: bool,
    /// `linux`, `macos`, `windows`, `unix` attributes; empty means every OS.
    pub platforms: Vec<String>,
    pub line: usize,
}

/// The file names `just` looks for; it refuses to choose when several exist.
pub const NAMES: &[&str] = &["justfile", "Justfile", ".justfile", "JUSTFILE"];

/// Parses a justfile. Err on a line `just` would reject at the top level, an unterminated
/// string, bracket or attribute, or a malformed recipe header.
pub fn parse_justfile(text: &str) -> Result<Vec<Recipe>, String> {
    let mut recipes: Vec<Recipe> = Vec::new();
    let mut aliases: Vec<(String, String)> = Vec::new();
    let mut in_recipe = false;
    let mut comment: Option<String> = None;
    let mut attributes = Attributes::default();
    let mut expression = Scanner::default();
    let mut expression_line = 0usize;

    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if expression.open() {
            expression.feed(line);
            continue;
        }
        let trimmed = line.trim();
        let indented = line.starts_with([' ', '\t']);
        if in_recipe && (indented || trimmed.is_empty()) {
            if let Some(recipe) = recipes.last_mut() {
                let command = trimmed.trim_start_matches(['@', '-']).trim();
                let shebang = recipe.body.is_empty() && trimmed.starts_with("#!");
                if !command.is_empty() && (shebang || !trimmed.starts_with('#')) {
                    recipe.body.push(command.to_string());
                }
            }
            continue;
        }
        in_recipe = false;
        if trimmed.is_empty() {
            comment = None;
            continue;
        }
        if trimmed.starts_with('#') {
            if !trimmed.starts_with("#!") {
                comment = Some(trimmed.trim_start_matches('#').trim().to_string());
            }
            continue;
        }
        if indented {
            return Err(format!("line {line_no}: indented line outside a recipe"));
        }
        if trimmed.starts_with('[') {
            attributes
                .read(trimmed)
                .map_err(|e| format!("line {line_no}: {e}"))?;
            continue;
        }
        let first = trimmed.split_whitespace().next().unwrap_or("");
        match first {
            "alias" => {
                let rest = trimmed["alias".len()..].trim();
                if let Some((name, target)) = rest.split_once(":=") {
                    aliases.push((name.trim().to_string(), target.trim().to_string()));
                } else {
                    return Err(format!("line {line_no}: alias without :="));
                }
                attributes = Attributes::default();
                comment = None;
                continue;
            }
            "set" | "export" | "unexport" | "import" | "import?" | "mod" | "mod?" => {
                expression = Scanner::default();
                expression.feed(trimmed);
                expression_line = line_no;
                attributes = Attributes::default();
                comment = None;
                continue;
            }
            _ => {}
        }
        match header(trimmed) {
            Header::Assignment => {
                expression = Scanner::default();
                expression.feed(trimmed);
                expression_line = line_no;
            }
            Header::Recipe(result) => {
                let (name, params, dependencies) =
                    result.map_err(|e| format!("line {line_no}: {e}"))?;
                let taken = std::mem::take(&mut attributes);
                recipes.push(Recipe {
                    private: taken.private || name.starts_with('_'),
                    doc: taken.doc.or(comment.take()),
                    platforms: taken.platforms,
                    name,
                    params,
                    dependencies,
                    line: line_no,
                    ..Default::default()
                });
                in_recipe = true;
            }
            Header::Neither => {
                return Err(format!(
                    "line {line_no}: not a recipe, assignment or setting"
                ))
            }
        }
        comment = None;
    }
    if expression.open() {
        return Err(format!(
            "line {expression_line}: a string or bracket is never closed"
        ));
    }
    for (alias, target) in aliases {
        if let Some(recipe) = recipes.iter_mut().find(|r| r.name == target) {
            recipe.aliases.push(alias);
        }
    }
    Ok(recipes)
}

#[derive(Default)]
struct Attributes {
    private: bool,
    doc: Option<String>,
    platforms: Vec<String>,
}

impl Attributes {
    /// Reads `[a, b('x'), c: 'y']`, possibly several bracket groups on one line.
    fn read(&mut self, line: &str) -> Result<(), String> {
        let mut rest = line.trim();
        while !rest.is_empty() {
            let Some(inner) = rest.strip_prefix('[') else {
                return Err("text after an attribute".to_string());
            };
            let close = closing_bracket(inner).ok_or("attribute is never closed")?;
            for part in split_commas(&inner[..close]) {
                let part = part.trim();
                let name_end = part
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                    .unwrap_or(part.len());
                let name = &part[..name_end];
                match name {
                    "private" => self.private = true,
                    "doc" => self.doc = first_string(&part[name_end..]),
                    "linux" | "macos" | "windows" | "unix" | "openbsd" => {
                        self.platforms.push(name.to_string())
                    }
                    _ => {}
                }
            }
            rest = inner[close + 1..].trim();
        }
        Ok(())
    }
}

fn closing_bracket(text: &str) -> Option<usize> {
    let mut scanner = Scanner::default();
    for (i, c) in text.char_indices() {
        if c == ']' && !scanner.open() {
            return Some(i);
        }
        scanner.feed_char(c);
    }
    None
}

fn split_commas(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut scanner = Scanner::default();
    let mut last = 0;
    for (i, c) in text.char_indices() {
        if c == ',' && !scanner.open() {
            parts.push(&text[last..i]);
            last = i + 1;
        }
        scanner.feed_char(c);
    }
    parts.push(&text[last..]);
    parts
}

/// The first quoted string in a text, without its quotes.
fn first_string(text: &str) -> Option<String> {
    let start = text.find(['\'', '"'])?;
    let quote = text[start..].chars().next()?;
    let body = &text[start + 1..];
    let end = body.find(quote)?;
    Some(body[..end].to_string())
}

enum Header {
    Assignment,
    Recipe(Result<(String, Vec<Param>, String), String>),
    Neither,
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// Tells a recipe header from an assignment (`name := value`) and reads the header.
fn header(line: &str) -> Header {
    let line = line.strip_prefix('@').unwrap_or(line);
    let starts_ok = line
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if !starts_ok {
        return Header::Neither;
    }
    let name_end = line.find(|c: char| !is_name_char(c)).unwrap_or(line.len());
    let name = &line[..name_end];
    let rest = &line[name_end..];
    if rest.trim_start().starts_with(":=") {
        return Header::Assignment;
    }
    // The header's colon is the first one outside strings and brackets.
    let mut scanner = Scanner::default();
    let mut colon = None;
    let chars: Vec<(usize, char)> = rest.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        if c == ':' && !scanner.open() {
            if chars.get(k + 1).is_some_and(|(_, n)| *n == '=') {
                return Header::Neither;
            }
            colon = Some(i);
            break;
        }
        scanner.feed_char(c);
    }
    let Some(colon) = colon else {
        return if scanner.open() {
            Header::Recipe(Err(
                "a string or bracket in the recipe header is never closed".into(),
            ))
        } else {
            Header::Neither
        };
    };
    let params = match parse_params(&rest[..colon]) {
        Ok(p) => p,
        Err(e) => return Header::Recipe(Err(e)),
    };
    let dependencies = rest[colon + 1..].trim().to_string();
    Header::Recipe(Ok((name.to_string(), params, dependencies)))
}

/// Reads `a b='x' +rest`, `$env`, `c=(arch() + "x")`, `*flags`.
fn parse_params(text: &str) -> Result<Vec<Param>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut params: Vec<Param> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '=' {
            let last = params
                .last_mut()
                .ok_or("a default value without a parameter")?;
            i += 1;
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            let (value, next) = read_value(&chars, i)?;
            last.default = Some(value);
            last.required = false;
            i = next;
            continue;
        }
        let (variadic, required) = match c {
            '+' => (true, true),
            '*' => (true, false),
            _ => (false, true),
        };
        if variadic {
            i += 1;
        }
        if chars.get(i) == Some(&'$') {
            i += 1;
        }
        let start = i;
        while i < chars.len() && is_name_char(chars[i]) {
            i += 1;
        }
        if start == i {
            return Err(format!(
                "unexpected {:?} in the parameters",
                chars[i.min(chars.len() - 1)]
            ));
        }
        params.push(Param {
            name: chars[start..i].iter().collect(),
            required,
            variadic,
            default: None,
        });
    }
    Ok(params)
}

/// One default value: a string, a backtick command, a bracketed expression, or a name
/// (possibly a call such as `arch()`). Returns the text and the index after it.
fn read_value(chars: &[char], start: usize) -> Result<(String, usize), String> {
    let mut scanner = Scanner::default();
    let mut i = start;
    let first = *chars.get(i).ok_or("a default value is missing")?;
    if is_name_char(first) {
        while i < chars.len() && is_name_char(chars[i]) {
            i += 1;
        }
        if chars.get(i) != Some(&'(') {
            return Ok((chars[start..i].iter().collect(), i));
        }
    }
    loop {
        let Some(&c) = chars.get(i) else {
            return Err("a default value is never closed".to_string());
        };
        scanner.feed_char(c);
        i += 1;
        if !scanner.open() {
            break;
        }
    }
    Ok((chars[start..i].iter().collect(), i))
}

/// Tracks strings and brackets across characters and lines, as just's lexer does for
/// expressions that span lines.
#[derive(Default)]
struct Scanner {
    depth: i64,
    quote: Option<char>,
    escaped: bool,
}

impl Scanner {
    fn open(&self) -> bool {
        self.depth > 0 || self.quote.is_some()
    }

    fn feed(&mut self, line: &str) {
        for c in line.chars() {
            self.feed_char(c);
        }
        // A `#` comment ends at the line's end; strings in just do not span lines except the
        // triple-quoted kind, which this reader treats as two plain quotes.
        if matches!(self.quote, Some('#')) {
            self.quote = None;
        }
    }

    fn feed_char(&mut self, c: char) {
        match self.quote {
            Some('#') => {}
            Some('"') if self.escaped => self.escaped = false,
            Some('"') if c == '\\' => self.escaped = true,
            Some(q) if c == q => self.quote = None,
            Some(_) => {}
            None => match c {
                '\'' | '"' | '`' => self.quote = Some(c),
                '#' if self.depth == 0 => self.quote = Some('#'),
                '(' | '[' | '{' => self.depth += 1,
                ')' | ']' | '}' => self.depth = (self.depth - 1).max(0),
                _ => {}
            },
        }
    }
}

fn available_on(platforms: &[String], os: Os) -> bool {
    platforms.is_empty()
        || platforms.iter().any(|p| {
            matches!(
                (p.as_str(), os),
                ("linux", Os::Linux)
                    | ("macos", Os::Macos)
                    | ("windows", Os::Windows)
                    | ("unix", Os::Linux)
                    | ("unix", Os::Macos)
            )
        })
}

/// Adds the folder's public justfile recipes.
pub(crate) fn collect(ctx: &mut Ctx, out: &mut Vec<Script>) {
    let present: Vec<&str> = NAMES
        .iter()
        .copied()
        .filter(|n| ctx.folder.has(n))
        .collect();
    let Some(path) = present.first().copied() else {
        return;
    };
    let source = ctx.folder.source(path);
    if present.len() > 1 {
        ctx.sink.warn(
            &source,
            format!(
                "several justfiles ({}), just will refuse to pick; reading {path}",
                present.join(", ")
            ),
        );
    }
    let Some(text) = ctx.folder.text(path, ctx.sink) else {
        return;
    };
    let recipes = match parse_justfile(text) {
        Ok(r) => r,
        Err(e) => {
            ctx.sink.warn(&source, format!("{e}, skipped"));
            return;
        }
    };
    for recipe in recipes {
        if recipe.private || !available_on(&recipe.platforms, ctx.os) {
            continue;
        }
        if let Some(why) = bad_name(&recipe.name) {
            ctx.sink.warn(&source, format!("a recipe {why}, skipped"));
            continue;
        }
        let mut keywords = vec!["just".to_string(), path.to_string()];
        keywords.extend(recipe.doc.clone());
        keywords.extend(recipe.aliases.iter().cloned());
        keywords.extend(recipe.params.iter().map(|p| p.name.clone()));
        let what = if recipe.body.first().is_some_and(|l| l.starts_with("#!")) {
            // A shebang recipe is one script; its interpreter line says what runs it.
            format!("{} …", recipe.body[0])
        } else if !recipe.body.is_empty() {
            recipe.body.join(" && ")
        } else if !recipe.dependencies.is_empty() {
            format!("needs {}", recipe.dependencies)
        } else {
            String::new()
        };
        let signature: String = recipe
            .params
            .iter()
            .map(|p| match (&p.default, p.variadic, p.required) {
                (Some(d), _, _) => format!(" {}={d}", p.name),
                (None, true, true) => format!(" {}…", p.name),
                (None, true, false) => format!(" [{}…]", p.name),
                (None, false, _) => format!(" <{}>", p.name),
            })
            .collect();
        out.push(Script {
            id: make_id(&["script", "just", ctx.folder.name, &recipe.name]),
            tool: "just",
            title: format!("just: {}{signature}", recipe.name),
            detail: detail(&what),
            keywords,
            cwd: String::new(),
            argv: vec!["just".to_string(), recipe.name],
            params: recipe.params,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_with_defaults_and_variadics() {
        let params =
            parse_params(" env target='prod' +files *flags=\"-v\" $token cpu=(num_cpus() + \"x\")")
                .unwrap();
        let shape: Vec<(&str, bool, bool, Option<&str>)> = params
            .iter()
            .map(|p| {
                (
                    p.name.as_str(),
                    p.required,
                    p.variadic,
                    p.default.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            shape,
            [
                ("env", true, false, None),
                ("target", false, false, Some("'prod'")),
                ("files", true, true, None),
                ("flags", false, true, Some("\"-v\"")),
                ("token", true, false, None),
                ("cpu", false, false, Some("(num_cpus() + \"x\")")),
            ]
        );
        assert!(parse_params("a='x").is_err());
        assert!(parse_params("=x").is_err());
    }

    #[test]
    fn assignments_are_not_recipes() {
        assert!(matches!(header("version := \"1\""), Header::Assignment));
        assert!(matches!(header("build:"), Header::Recipe(Ok(_))));
        assert!(matches!(header("hello world"), Header::Neither));
    }
}
