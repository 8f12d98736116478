//! Cutting a command body into tokens by the rules of one dialect: literal text, placeholders,
//! template tags, shell-line delimiters and file references.
//!
//! Every lookahead is bounded or remembered, so a hostile body costs one pass, not one per opener.

use std::collections::HashMap;

use super::dialect::{claude, codex, opencode};
use super::template::{parse_tag, Tag};
use super::Tool;

/// A token of a body; literal text borrows from the body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tok<'a> {
    Lit(&'a str),
    /// One argument by 0-based index; `usize::MAX` (from `$0` where it means nothing) renders empty.
    Arg(usize),
    /// Arguments from this 0-based index on, joined by spaces (OpenCode's last placeholder).
    Rest(usize),
    /// Every argument joined by one space.
    Joined,
    /// The argument text as typed, trimmed.
    Raw,
    /// One argument by 0-based index, or `raw` as written when there is none (Claude's `$N`,
    /// `$ARGUMENTS[N]` and declared `$name`).
    ArgOr(usize, &'a str),
    /// OpenCode's `$N` with its 1-based number, resolved once the arguments are known.
    Number(usize),
    /// Codex `$NAME`.
    Named(&'a str),
    /// An opener with no closer where the tool refuses the whole command (Gemini's `!{`, `@{`).
    Unclosed(&'a str),
    Input {
        name: &'a str,
        placeholder: Option<&'a str>,
        raw: &'a str,
    },
    Context {
        name: &'a str,
        raw: &'a str,
    },
    ShellOpen(&'a str),
    ShellClose(&'a str),
    File {
        path: &'a str,
        raw: &'a str,
    },
    Tag(Tag, &'a str),
}

struct Hit<'a> {
    tok: Tok<'a>,
    len: usize,
    /// For a shell opener: where its closer starts and the closer's text.
    close: Option<(usize, &'a str)>,
}

const COPILOT_CONTEXT: &[&str] = &[
    "selection",
    "selectedText",
    "file",
    "fileBasename",
    "fileDirname",
    "fileBasenameNoExtension",
    "workspaceFolder",
    "workspaceFolderBasename",
];

/// The only bytes a token can start at (`` ` `` and `}` close shell lines); all ASCII. A table,
/// because this test runs once per byte of every body.
const SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    let bytes = b"$\\{!@`}";
    let mut k = 0;
    while k < bytes.len() {
        table[bytes[k] as usize] = true;
        k += 1;
    }
    table
};

#[inline(always)]
fn is_special(b: u8) -> bool {
    SPECIAL[usize::from(b)]
}

/// Pushes `body[from..to]` as literal text; callers pass char boundaries only.
fn flush<'a>(toks: &mut Vec<Tok<'a>>, body: &'a str, from: usize, to: usize) {
    if from < to {
        toks.push(Tok::Lit(&body[from..to]));
    }
}

/// The next match of a fixed search at or after a position, remembered so that a run of openers
/// without closers (`{{{{…`, `${${…`) costs one scan, not one per opener. Queries must not go
/// backwards, which holds because the tokenizer only moves forward.
struct Finder {
    find: fn(&str) -> Option<usize>,
    /// `Some(found)` once asked: the absolute position found, or `None` for "no more matches".
    cached: Option<Option<usize>>,
}

impl Finder {
    fn new(find: fn(&str) -> Option<usize>) -> Finder {
        Finder { find, cached: None }
    }

    fn next(&mut self, body: &str, from: usize) -> Option<usize> {
        match self.cached {
            Some(None) => return None,
            Some(Some(p)) if p >= from => return Some(p),
            _ => {}
        }
        let found = (self.find)(body.get(from..)?).map(|k| from + k);
        self.cached = Some(found);
        found
    }
}

/// Lookahead state shared by every token tried in one body, and the per-body rules.
struct Finders<'n> {
    double_close: Finder,
    triple_close: Finder,
    brace_or_newline: Finder,
    backtick: Finder,
    backtick_or_newline: Finder,
    fence_close: Finder,
    /// Gemini: the matching `}` of each `{`, found once with a stack.
    braces: HashMap<usize, usize>,
    /// Codex: the body has a named placeholder, so only those are filled.
    codex_named: bool,
    /// Claude: the names the frontmatter `arguments` declares.
    names: &'n [String],
}

impl<'n> Finders<'n> {
    fn new(tool: Tool, body: &str, names: &'n [String]) -> Finders<'n> {
        let mut braces = HashMap::new();
        if tool == Tool::Gemini {
            let mut open = Vec::new();
            for (k, b) in body.bytes().enumerate() {
                match b {
                    b'{' => open.push(k),
                    b'}' => {
                        if let Some(o) = open.pop() {
                            braces.insert(o, k);
                        }
                    }
                    _ => {}
                }
            }
        }
        Finders {
            double_close: Finder::new(|t| t.find("}}")),
            triple_close: Finder::new(|t| t.find("}}}")),
            brace_or_newline: Finder::new(|t| t.find(['}', '\n'])),
            backtick: Finder::new(|t| t.find('`')),
            backtick_or_newline: Finder::new(|t| t.find(['`', '\n'])),
            fence_close: Finder::new(|t| t.find("\n```")),
            braces,
            codex_named: tool == Tool::Codex && !codex::placeholder_names(body).is_empty(),
            names,
        }
    }
}

/// Cuts `body` into tokens by `tool`'s rules; `names` are the argument names the command
/// declares (Claude's frontmatter `arguments`), empty for the other tools.
pub(crate) fn tokenize<'a>(tool: Tool, body: &'a str, names: &[String]) -> Vec<Tok<'a>> {
    let bytes = body.as_bytes();
    let mut finders = Finders::new(tool, body, names);
    let mut toks = Vec::new();
    let mut lit_start = 0;
    let mut i = 0;
    let mut close_at: Option<(usize, &str)> = None;
    while i < bytes.len() {
        // Only these ASCII bytes start a token; skipping the rest keeps `i` on char boundaries
        // whenever a token is tried.
        if !is_special(bytes[i]) {
            i = bytes[i..]
                .iter()
                .position(|b| is_special(*b))
                .map_or(bytes.len(), |k| i + k);
            continue;
        }
        if let Some((at, closer)) = close_at {
            if i == at {
                flush(&mut toks, body, lit_start, i);
                toks.push(Tok::ShellClose(closer));
                i += closer.len();
                lit_start = i;
                close_at = None;
                continue;
            }
        }
        let limit = close_at.map_or(bytes.len(), |(at, _)| at);
        match scan_at(tool, body, i, limit, close_at.is_some(), &mut finders) {
            Some(hit) => {
                flush(&mut toks, body, lit_start, i);
                toks.push(hit.tok);
                i += hit.len;
                lit_start = i;
                if hit.close.is_some() {
                    close_at = hit.close;
                }
            }
            None => i += 1,
        }
    }
    flush(&mut toks, body, lit_start, bytes.len());
    toks
}

/// An inline `` !`…` `` at byte `i`: the command runs to the next backtick found by `finder`
/// (which also stops at a newline for tools whose shell lines stay on one line) and must not
/// be blank unless the tool lets a blank line vanish.
fn inline_shell<'a>(
    body: &'a str,
    i: usize,
    limit: usize,
    finder: &mut Finder,
    blank_ok: bool,
) -> Option<Hit<'a>> {
    let end = finder.next(body, i + 2)?;
    if end >= limit || body.as_bytes()[end] != b'`' {
        return None;
    }
    let command = &body[i + 2..end];
    if command.is_empty() || (!blank_ok && command.trim().is_empty()) {
        return None;
    }
    Some(Hit {
        tok: Tok::ShellOpen("!`"),
        len: 2,
        close: Some((end, "`")),
    })
}

/// Claude's fenced shell block: a line opening with ```` ```! ````, its lines, then a line
/// opening with ```` ``` ````. The block's text between the fences is the command.
fn fenced_shell<'a>(body: &'a str, i: usize, finders: &mut Finders) -> Option<Hit<'a>> {
    if i > 0 && body.as_bytes()[i - 1] != b'\n' {
        return None;
    }
    let content = i + body[i..].find('\n')? + 1;
    let close = finders.fence_close.next(body, content - 1)? + 1;
    if body[content..close].trim().is_empty() {
        return None;
    }
    Some(Hit {
        tok: Tok::ShellOpen(&body[i..content]),
        len: content - i,
        close: Some((close, "```")),
    })
}

/// Recognises a token at byte `i` (a token never reaches past `limit`, the closer of the shell line
/// being read, when `in_shell`).
fn scan_at<'a>(
    tool: Tool,
    body: &'a str,
    i: usize,
    limit: usize,
    in_shell: bool,
    finders: &mut Finders,
) -> Option<Hit<'a>> {
    let bytes = &body.as_bytes()[..limit];
    let rest = &body[i..limit];
    let hit = |tok, len| {
        Some(Hit {
            tok,
            len,
            close: None,
        })
    };
    // A word starts here: at the start of the body or after whitespace.
    let word_start = i == 0 || bytes[i - 1].is_ascii_whitespace();
    match bytes[i] {
        b'$' if tool == Tool::Copilot => {
            if !rest.starts_with("${") {
                return None;
            }
            let close = finders.brace_or_newline.next(body, i + 2)?;
            if close >= limit || bytes[close] != b'}' {
                return None;
            }
            scan_copilot(&rest[..close - i + 1])
        }
        // Claude's `${CLAUDE_SKILL_DIR}`-style variables, filled from the command's own place.
        b'$' if tool == Tool::Claude && rest.starts_with("${") => {
            let close = rest.find('}').filter(|c| *c < 64)?;
            let name = claude::VARIABLES.iter().find(|v| **v == &rest[2..close])?;
            hit(
                Tok::Context {
                    name,
                    raw: &rest[..=close],
                },
                close + 1,
            )
        }
        // Codex's named placeholders are never preceded by another `$` (`$$NAME` is literal).
        b'$' if finders.codex_named && i > 0 && bytes[i - 1] == b'$' => None,
        b'$' => scan_dollar(tool, rest, finders),
        b'\\' if tool == Tool::Solidus && rest.starts_with("\\{{") => hit(Tok::Lit("{{"), 3),
        // Claude's `\\` before a placeholder is one backslash, and the placeholder is still filled.
        b'\\'
            if tool == Tool::Claude
                && rest.starts_with("\\\\$")
                && scan_dollar(tool, &rest[2..], finders).is_some() =>
        {
            hit(Tok::Lit("\\"), 2)
        }
        // Claude's `\$` writes a literal `$` where a placeholder would start.
        b'\\'
            if tool == Tool::Claude
                && rest.starts_with("\\$")
                && scan_dollar(tool, &rest[1..], finders).is_some() =>
        {
            hit(Tok::Lit("$"), 2)
        }
        b'{' if tool == Tool::Solidus && rest.starts_with("{{") => {
            let triple = rest.starts_with("{{{");
            let (open, close) = if triple { ("{{{", "}}}") } else { ("{{", "}}") };
            let finder = if triple {
                &mut finders.triple_close
            } else {
                &mut finders.double_close
            };
            let at = finder.next(body, i + open.len())?;
            if at + close.len() > limit {
                return None;
            }
            let end = at - i;
            let tag = parse_tag(&rest[open.len()..end])?;
            let len = end + close.len();
            hit(Tok::Tag(tag, &rest[..len]), len)
        }
        b'{' if tool == Tool::Gemini && rest.starts_with("{{args}}") => hit(Tok::Raw, 8),
        b'!' | b'`' if in_shell => None,
        b'!' if tool == Tool::Solidus && rest.starts_with("!`") => {
            inline_shell(body, i, limit, &mut finders.backtick_or_newline, false)
        }
        // Claude runs `` !`…` `` only where the `!` starts a word: `KEY=!`x`` is text.
        b'!' if tool == Tool::Claude && word_start && rest.starts_with("!`") => {
            inline_shell(body, i, limit, &mut finders.backtick_or_newline, false)
        }
        // OpenCode's pattern is `` !`[^`]+` ``: anywhere, across lines.
        b'!' if tool == Tool::OpenCode && rest.starts_with("!`") => {
            inline_shell(body, i, limit, &mut finders.backtick, true)
        }
        b'`' if tool == Tool::Claude && rest.starts_with("```!") => fenced_shell(body, i, finders),
        b'!' if tool == Tool::Gemini && rest.starts_with("!{") => {
            let Some(close) = finders.braces.get(&(i + 1)) else {
                return hit(Tok::Unclosed("!{"), 2);
            };
            Some(Hit {
                tok: Tok::ShellOpen("!{"),
                len: 2,
                close: Some((*close, "}")),
            })
        }
        b'@' if in_shell => None,
        b'@' if tool == Tool::Gemini && rest.starts_with("@{") => {
            let Some(close) = finders.braces.get(&(i + 1)) else {
                return hit(Tok::Unclosed("@{"), 2);
            };
            let end = close - i;
            let path = rest[2..end].trim();
            if path.is_empty() {
                return None;
            }
            hit(
                Tok::File {
                    path,
                    raw: &rest[..=end],
                },
                end + 1,
            )
        }
        b'@' if tool == Tool::OpenCode => {
            let path = opencode::file_reference(body, i)?;
            hit(
                Tok::File {
                    path,
                    raw: &rest[..path.len() + 1],
                },
                path.len() + 1,
            )
        }
        b'@' if matches!(tool, Tool::Solidus | Tool::Claude) => {
            // Only at a word start, so `user@host` and `$@` are not references.
            if i > 0 && !bytes[i - 1].is_ascii_whitespace() && bytes[i - 1] != b'(' {
                return None;
            }
            let first = rest[1..].chars().next()?;
            if !(first.is_alphanumeric() || "./~_".contains(first)) {
                return None;
            }
            let end = rest[1..]
                .find(|c: char| c.is_whitespace() || "`\"'<>()[]{}|;,".contains(c))
                .map_or(rest.len(), |e| e + 1);
            let path = rest[1..end].trim_end_matches(['.', ':', '!', '?']);
            if path.is_empty() {
                return None;
            }
            hit(
                Tok::File {
                    path,
                    raw: &rest[..path.len() + 1],
                },
                path.len() + 1,
            )
        }
        _ => None,
    }
}

/// Copilot's `${…}`; `raw` is the whole variable, from `$` to `}`.
fn scan_copilot(raw: &str) -> Option<Hit<'_>> {
    let inner = &raw[2..raw.len() - 1];
    let hit = |tok| {
        Some(Hit {
            tok,
            len: raw.len(),
            close: None,
        })
    };
    if let Some(spec) = inner.strip_prefix("input:") {
        let (name, placeholder) = match spec.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (spec, None),
        };
        let name = name.trim();
        if name.is_empty() {
            return None;
        }
        return hit(Tok::Input {
            name,
            placeholder,
            raw,
        });
    }
    let name = COPILOT_CONTEXT.iter().find(|c| **c == inner)?;
    hit(Tok::Context { name, raw })
}

/// `$…` placeholders; `rest` starts at the `$`.
fn scan_dollar<'a>(tool: Tool, rest: &'a str, finders: &Finders) -> Option<Hit<'a>> {
    let after = &rest[1..];
    let hit = |tok, len| {
        Some(Hit {
            tok,
            len,
            close: None,
        })
    };
    let digits = after.bytes().take_while(u8::is_ascii_digit).count();
    // Greedy digits: `$10` is the tenth, `$01` the first; an absurd number is simply missing.
    let number = || after[..digits].parse::<usize>().unwrap_or(usize::MAX);
    match tool {
        Tool::Solidus => {
            if digits > 0 {
                let n = number();
                return hit(Tok::Arg(n.checked_sub(1).unwrap_or(usize::MAX)), 1 + digits);
            }
            if after.starts_with("ARGUMENTS") {
                return hit(Tok::Joined, 10);
            }
            if after.starts_with('@') {
                return hit(Tok::Joined, 2);
            }
            None
        }
        Tool::OpenCode => {
            if digits > 0 {
                return hit(Tok::Number(number()), 1 + digits);
            }
            if after.starts_with("ARGUMENTS") {
                return hit(Tok::Raw, 10);
            }
            None
        }
        Tool::Claude => {
            if let Some(index) = after.strip_prefix("ARGUMENTS[") {
                let d = index.bytes().take_while(u8::is_ascii_digit).count();
                if d > 0 && index[d..].starts_with(']') {
                    let n = index[..d].parse::<usize>().unwrap_or(usize::MAX);
                    let len = 1 + 10 + d + 1;
                    return hit(Tok::ArgOr(n, &rest[..len]), len);
                }
            }
            if after.starts_with("ARGUMENTS") {
                return hit(Tok::Raw, 10);
            }
            if digits > 0 {
                // Claude Code counts from zero since v2.1.19 (`$0` is the first argument) and
                // keeps a `$N` with no argument as written since v2.1.210.
                return hit(Tok::ArgOr(number(), &rest[..1 + digits]), 1 + digits);
            }
            // A declared name with no argument is empty: only `$N` keeps its text (2.1.210).
            let (index, len) = claude::named_at(finders.names, after)?;
            hit(Tok::Arg(index), 1 + len)
        }
        Tool::Codex if finders.codex_named => {
            // Named mode: only `$NAME` is filled; `$1`, `$ARGUMENTS` and `$$` stay as written.
            let len = codex::name_len(after)?;
            let name = &after[..len];
            if name == "ARGUMENTS" {
                return None;
            }
            hit(Tok::Named(name), 1 + len)
        }
        Tool::Codex => match after.bytes().next()? {
            // Codex keeps `$$` as written, and the second `$` starts nothing.
            b'$' => hit(Tok::Lit("$$"), 2),
            first @ b'1'..=b'9' => hit(Tok::Arg(usize::from(first - b'1')), 2),
            _ if after.starts_with("ARGUMENTS") => hit(Tok::Joined, 10),
            _ => None,
        },
        Tool::Copilot | Tool::Gemini | Tool::Cursor => None,
    }
}
