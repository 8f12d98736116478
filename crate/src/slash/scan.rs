//! Cutting a command body into tokens by the rules of one dialect: literal text, placeholders,
//! template tags, shell-line delimiters and file references.
//!
//! Every lookahead is bounded or remembered, so a hostile body costs one pass, not one per opener.

use std::collections::HashMap;

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
    /// Codex `$NAME`.
    Named(&'a str),
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

/// Lookahead state shared by every token tried in one body.
struct Finders {
    double_close: Finder,
    triple_close: Finder,
    brace_or_newline: Finder,
    /// Gemini: the matching `}` of each `{`, found once with a stack.
    braces: HashMap<usize, usize>,
}

impl Finders {
    fn new(tool: Tool, body: &str) -> Finders {
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
            braces,
        }
    }
}

pub(crate) fn tokenize(tool: Tool, body: &str) -> Vec<Tok<'_>> {
    let bytes = body.as_bytes();
    let mut finders = Finders::new(tool, body);
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
        b'$' => scan_dollar(tool, rest),
        b'\\' if tool == Tool::Solidus && rest.starts_with("\\{{") => hit(Tok::Lit("{{"), 3),
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
        b'!' if in_shell => None,
        b'!' if matches!(tool, Tool::Solidus | Tool::Claude | Tool::OpenCode)
            && rest.starts_with("!`") =>
        {
            // The command runs to the next backtick on the same line and must not be blank.
            let end = rest[2..].find(['`', '\n'])? + 2;
            if bytes[i + end] != b'`' || rest[2..end].trim().is_empty() {
                return None;
            }
            Some(Hit {
                tok: Tok::ShellOpen("!`"),
                len: 2,
                close: Some((i + end, "`")),
            })
        }
        b'!' if tool == Tool::Gemini && rest.starts_with("!{") => {
            let end = finders.braces.get(&(i + 1))? - i;
            if rest[2..end].trim().is_empty() {
                return None;
            }
            Some(Hit {
                tok: Tok::ShellOpen("!{"),
                len: 2,
                close: Some((i + end, "}")),
            })
        }
        b'@' if in_shell => None,
        b'@' if tool == Tool::Gemini && rest.starts_with("@{") => {
            let end = finders.braces.get(&(i + 1))? - i;
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
        b'@' if matches!(tool, Tool::Solidus | Tool::Claude | Tool::OpenCode) => {
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
fn scan_dollar(tool: Tool, rest: &str) -> Option<Hit<'_>> {
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
        Tool::Solidus | Tool::OpenCode => {
            if digits > 0 {
                let n = number();
                return hit(Tok::Arg(n.checked_sub(1).unwrap_or(usize::MAX)), 1 + digits);
            }
            if after.starts_with("ARGUMENTS") {
                let tok = if tool == Tool::Solidus {
                    Tok::Joined
                } else {
                    Tok::Raw
                };
                return hit(tok, 10);
            }
            if tool == Tool::Solidus && after.starts_with('@') {
                return hit(Tok::Joined, 2);
            }
            None
        }
        Tool::Claude => {
            if let Some(index) = after.strip_prefix("ARGUMENTS[") {
                let d = index.bytes().take_while(u8::is_ascii_digit).count();
                if d > 0 && index[d..].starts_with(']') {
                    let n = index[..d].parse::<usize>().unwrap_or(usize::MAX);
                    return hit(Tok::Arg(n), 1 + 10 + d + 1);
                }
            }
            if after.starts_with("ARGUMENTS") {
                return hit(Tok::Raw, 10);
            }
            if digits > 0 {
                // Claude Code counts from zero since v2.1.19: `$0` is the first argument.
                return hit(Tok::Arg(number()), 1 + digits);
            }
            None
        }
        Tool::Codex => {
            let first = after.bytes().next()?;
            match first {
                b'$' => hit(Tok::Lit("$"), 2),
                b'1'..=b'9' => hit(Tok::Arg(usize::from(first - b'1')), 2),
                b'A'..=b'Z' => {
                    let len = after
                        .bytes()
                        .take_while(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b'_')
                        .count();
                    let word = &after[..len];
                    let tok = if word == "ARGUMENTS" {
                        Tok::Joined
                    } else {
                        Tok::Named(word)
                    };
                    hit(tok, 1 + len)
                }
                _ => None,
            }
        }
        Tool::Copilot | Tool::Gemini | Tool::Cursor => None,
    }
}
