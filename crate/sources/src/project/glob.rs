//! A small glob matcher for workspace patterns (`*`, `**`, `?`, `[...]`, `{a,b}`), free of IO.
//!
//! npm, pnpm, Cargo and Deno name workspace members with globs; the shell expands them on disk
//! and the core checks each file it is handed against the same patterns, so stray files are
//! never taken for members.

/// Brace alternatives beyond this many are dropped, so a hostile pattern stays cheap.
const MAX_ALTERNATIVES: usize = 64;
/// Paths and patterns deeper than this never match; real workspaces are far shallower.
const MAX_SEGMENTS: usize = 128;

/// Whether a `/`-separated relative path matches a glob. `**` spans any number of segments,
/// `*` and `?` stay inside one. Cost: quadratic in the number of segments, at most 64 times.
pub fn matches(pattern: &str, path: &str) -> bool {
    let path = normalize(path);
    let path_segments: Vec<&str> = split(&path);
    if path_segments.len() > MAX_SEGMENTS {
        return false;
    }
    expand_braces(&normalize(pattern)).iter().any(|alt| {
        let segments = split(alt);
        segments.len() <= MAX_SEGMENTS && match_segments(&segments, &path_segments)
    })
}

/// Drops a leading `./` or `/` and a trailing `/`; turns `\` into `/`.
pub fn normalize(text: &str) -> String {
    let mut text = text.trim().replace('\\', "/");
    while let Some(rest) = text.strip_prefix("./") {
        text = rest.to_string();
    }
    let trimmed = text.trim_start_matches('/').trim_end_matches('/');
    trimmed.to_string()
}

fn split(text: &str) -> Vec<&str> {
    text.split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect()
}

/// `a/{b,c}/d` → `a/b/d`, `a/c/d`; nested braces expand from the outside in.
fn expand_braces(pattern: &str) -> Vec<String> {
    let mut done = Vec::new();
    let mut todo = vec![pattern.to_string()];
    while let Some(current) = todo.pop() {
        if done.len() + todo.len() >= MAX_ALTERNATIVES {
            break;
        }
        match find_braces(&current) {
            Some((open, close)) => {
                let inner = &current[open + 1..close];
                for part in split_top_level(inner) {
                    todo.push(format!(
                        "{}{}{}",
                        &current[..open],
                        part,
                        &current[close + 1..]
                    ));
                }
            }
            None => done.push(current),
        }
    }
    done
}

/// The byte range of the first balanced `{...}` group that holds a top-level comma.
fn find_braces(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut start = None;
    let mut depth = 0usize;
    for (i, b) in bytes.iter().enumerate() {
        match b {
            b'{' => {
                if depth == 0 {
                    start = Some(i);
                }
                depth += 1;
            }
            b'}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    if let Some(s) = start {
                        if split_top_level(&text[s + 1..i]).len() > 1 {
                            return Some((s, i));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    None
}

fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut last = 0;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                parts.push(&text[last..i]);
                last = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[last..]);
    parts
}

/// Dynamic programming over segments: `ok[i][j]` says pattern[i..] matches path[j..].
fn match_segments(pattern: &[&str], path: &[&str]) -> bool {
    let (p, s) = (pattern.len(), path.len());
    let mut ok = vec![vec![false; s + 1]; p + 1];
    ok[p][s] = true;
    for i in (0..p).rev() {
        for j in (0..=s).rev() {
            ok[i][j] = if pattern[i] == "**" {
                ok[i + 1][j] || (j < s && ok[i][j + 1])
            } else {
                j < s && ok[i + 1][j + 1] && match_segment(pattern[i], path[j])
            };
        }
    }
    ok[0][0]
}

enum Token {
    Star,
    Any,
    Class {
        negate: bool,
        ranges: Vec<(char, char)>,
    },
    Literal(char),
}

impl Token {
    fn accepts(&self, c: char) -> bool {
        match self {
            Token::Star | Token::Any => true,
            Token::Literal(l) => *l == c,
            Token::Class { negate, ranges } => {
                ranges.iter().any(|(lo, hi)| *lo <= c && c <= *hi) != *negate
            }
        }
    }
}

fn tokenize(segment: &str) -> Vec<Token> {
    let chars: Vec<char> = segment.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '*' => {
                // Runs of stars inside a segment mean the same as one.
                if !matches!(tokens.last(), Some(Token::Star)) {
                    tokens.push(Token::Star);
                }
                i += 1;
            }
            '?' => {
                tokens.push(Token::Any);
                i += 1;
            }
            '[' => match class(&chars, i) {
                Some((token, next)) => {
                    tokens.push(token);
                    i = next;
                }
                None => {
                    tokens.push(Token::Literal('['));
                    i += 1;
                }
            },
            c => {
                tokens.push(Token::Literal(c));
                i += 1;
            }
        }
    }
    tokens
}

/// Reads `[abc]`, `[!a-z]` or `[^a-z]` starting at `start`; None when it never closes.
fn class(chars: &[char], start: usize) -> Option<(Token, usize)> {
    let mut i = start + 1;
    let negate = matches!(chars.get(i), Some('!') | Some('^'));
    if negate {
        i += 1;
    }
    let mut ranges = Vec::new();
    let mut first = true;
    while i < chars.len() {
        let c = chars[i];
        if c == ']' && !first {
            return Some((Token::Class { negate, ranges }, i + 1));
        }
        first = false;
        if chars.get(i + 1) == Some(&'-') && chars.get(i + 2).is_some_and(|e| *e != ']') {
            let end = chars[i + 2];
            ranges.push((c.min(end), c.max(end)));
            i += 3;
        } else {
            ranges.push((c, c));
            i += 1;
        }
    }
    None
}

/// Wildcard matching inside one segment with a single backtrack point: linear in practice,
/// quadratic at worst.
fn match_segment(pattern: &str, text: &str) -> bool {
    let tokens = tokenize(pattern);
    let chars: Vec<char> = text.chars().collect();
    let (mut t, mut c) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while c < chars.len() {
        match tokens.get(t) {
            Some(Token::Star) => {
                star = Some((t, c));
                t += 1;
            }
            Some(token) if token.accepts(chars[c]) => {
                t += 1;
                c += 1;
            }
            _ => match star {
                Some((st, sc)) => {
                    t = st + 1;
                    c = sc + 1;
                    star = Some((st, sc + 1));
                }
                None => return false,
            },
        }
    }
    tokens[t..].iter().all(|tok| matches!(tok, Token::Star))
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn stars_stay_in_one_segment_and_double_stars_span() {
        let table = [
            ("packages/*", "packages/web", true),
            ("packages/*", "packages/web/sub", false),
            ("packages/**", "packages/web/sub", true),
            ("packages/**", "packages", true),
            ("./apps/*/", "apps/api", true),
            ("**/node_modules/**", "a/node_modules/b/package.json", true),
            ("{apps,libs}/*", "libs/core", true),
            ("{apps,libs}/*", "tools/x", false),
            ("pkg-?", "pkg-1", true),
            ("pkg-[0-9]", "pkg-a", false),
            ("pkg-[!0-9]", "pkg-a", true),
            ("*.csproj", "App.csproj", true),
            ("*.csproj", "src/App.csproj", false),
            ("a*b*c", "aXbYc", true),
            ("a*b*c", "aXbY", false),
            ("crates/foo", "crates/foo", true),
        ];
        for (pattern, path, expected) in table {
            assert_eq!(matches(pattern, path), expected, "{pattern} vs {path}");
        }
    }
}
