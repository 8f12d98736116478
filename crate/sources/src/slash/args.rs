//! Splitting typed text into a command name and arguments, each tool's argument splitter, and the
//! shell quoting used when an argument value lands inside a shell line.

use serde::{Deserialize, Serialize};

/// What the user typed, cut into the command name and the argument text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommandSplit {
    pub name: String,
    /// Everything after the first ASCII space, untouched.
    pub args: String,
}

/// Cuts `/name rest` into name and argument text; `None` when the text is not a slash command.
///
/// The text must start with `/`; the name runs to the first ASCII space (names are case-sensitive);
/// an empty name (`/` alone, `/ x`) is not a command.
pub fn split_command(text: &str) -> Option<CommandSplit> {
    let rest = text.strip_prefix('/')?;
    let (name, args) = match rest.split_once(' ') {
        Some((name, args)) => (name, args),
        None => (rest, ""),
    };
    if name.is_empty() {
        return None;
    }
    Some(CommandSplit {
        name: name.to_string(),
        args: args.to_string(),
    })
}

/// The reference argument splitter: quote-aware, no escapes.
///
/// Outside quotes, `"` or `'` opens a quote (dropped) and ASCII space or tab ends a word; inside, only
/// the same quote closes it. Empty words are dropped, an unterminated quote runs to the end, and
/// quoted parts join their neighbours (`a"b c"d` is one word `ab cd`).
pub fn parse_args(input: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    for c in input.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None => match c {
                '"' | '\'' => quote = Some(c),
                ' ' | '\t' => {
                    if !word.is_empty() {
                        words.push(std::mem::take(&mut word));
                    }
                }
                _ => word.push(c),
            },
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// POSIX shell word splitting, as Codex splits prompt arguments; `None` on an unterminated quote or
/// a trailing backslash, where the caller falls back to [`parse_args`].
pub fn parse_args_shlex(input: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    // Tracks a word made only of quotes (`''`), which is a real empty word in a shell.
    let mut in_word = false;
    let mut chars = input.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some('\n') => {}
                    Some(next) => word.push(next),
                    None => return None,
                }
            }
            '\'' => {
                in_word = true;
                if !read_single_quoted(&mut chars, &mut word) {
                    return None;
                }
            }
            '"' => {
                in_word = true;
                if !read_double_quoted(&mut chars, &mut word) {
                    return None;
                }
            }
            _ => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Some(words)
}

/// Reads a `'…'` word part after its opening quote into `word`: every character as written.
/// False when the text ends before the closing quote.
pub(crate) fn read_single_quoted(
    chars: &mut impl Iterator<Item = char>,
    word: &mut String,
) -> bool {
    for c in chars.by_ref() {
        if c == '\'' {
            return true;
        }
        word.push(c);
    }
    false
}

/// Reads a `"…"` word part after its opening quote into `word`, as a POSIX shell does: a
/// backslash escapes only `$`, `` ` ``, `"`, itself and a newline. False when the text ends before
/// the closing quote.
pub(crate) fn read_double_quoted(
    chars: &mut impl Iterator<Item = char>,
    word: &mut String,
) -> bool {
    while let Some(c) = chars.next() {
        match c {
            '"' => return true,
            '\\' => match chars.next() {
                Some(next @ ('$' | '`' | '"' | '\\')) => word.push(next),
                Some('\n') => {}
                Some(next) => {
                    word.push('\\');
                    word.push(next);
                }
                None => return false,
            },
            _ => word.push(c),
        }
    }
    false
}

/// Quotes one value for a POSIX shell so it stays a single word and nothing in it is interpreted.
///
/// Plain words (letters, digits, `_-./:=@%+,`) are left as they are so the command reads well in the
/// confirmation dialog; anything else goes in single quotes.
pub fn shell_quote(value: &str) -> String {
    let plain = !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./:=@%+,".contains(c));
    if plain {
        value.to_string()
    } else {
        format!("'{}'", value.replace('\'', "'\\''"))
    }
}

/// Where in a POSIX shell command a value is being inserted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QuoteContext {
    /// Outside any quotes.
    #[default]
    Bare,
    /// Right after an unquoted backslash, which will escape the next character.
    BareEscaped,
    /// Inside `'…'` written by the command's author.
    Single,
    /// Inside `"…"` written by the command's author.
    Double,
    /// Inside `"…"`, right after a backslash.
    DoubleEscaped,
}

impl QuoteContext {
    /// The context after the author's literal `text`.
    pub fn after(self, text: &str) -> QuoteContext {
        use QuoteContext::*;
        text.chars().fold(self, |state, c| match (state, c) {
            (BareEscaped, _) => Bare,
            (DoubleEscaped, _) => Double,
            (Bare, '\\') => BareEscaped,
            (Bare, '\'') => Single,
            (Bare, '"') => Double,
            (Single, '\'') => Bare,
            (Double, '\\') => DoubleEscaped,
            (Double, '"') => Bare,
            (state, _) => state,
        })
    }
}

/// Quotes `value` so that, inserted at a point with the given context, it stays literal text: no
/// expansion, no command substitution, no word splitting out of the author's quotes.
pub fn shell_quote_in(value: &str, context: QuoteContext) -> String {
    shell_quote_in_with(value, context, shell_quote)
}

/// [`shell_quote_in`] with the tool's own quoting outside the author's quotes (`bare`); inside
/// them Solidus's escaping always applies, because a tool that ignores the author's quotes
/// (Gemini puts `'…'` inside `"…"`) would leave `$(…)` live.
pub fn shell_quote_in_with(value: &str, context: QuoteContext, bare: fn(&str) -> String) -> String {
    match context {
        QuoteContext::Bare => bare(value),
        QuoteContext::Single => value.replace('\'', "'\\''"),
        QuoteContext::Double => {
            let mut out = String::with_capacity(value.len());
            for c in value.chars() {
                if matches!(c, '$' | '`' | '"' | '\\') {
                    out.push('\\');
                }
                out.push(c);
            }
            out
        }
        // The author's backslash would escape our first character: pair it with one of ours so it
        // becomes a literal backslash, then quote as usual.
        QuoteContext::BareEscaped => format!("\\{}", bare(value)),
        QuoteContext::DoubleEscaped => {
            format!("\\{}", shell_quote_in(value, QuoteContext::Double))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shlex_follows_posix_rules() {
        let cases: &[(&str, Option<&[&str]>)] = &[
            ("a b", Some(&["a", "b"])),
            (r#"FILE="x y" 'z\'"#, Some(&["FILE=x y", "z\\"])),
            (r#"a\ b "c\"d" ''"#, Some(&["a b", "c\"d", ""])),
            ("'open", None),
            ("end\\", None),
        ];
        for (input, expect) in cases {
            let expect = expect.map(|e| e.iter().map(|s| s.to_string()).collect::<Vec<_>>());
            assert_eq!(parse_args_shlex(input), expect, "{input}");
        }
    }

    #[test]
    fn quoting_follows_the_authors_quotes() {
        let ctx = QuoteContext::Bare;
        assert_eq!(ctx.after("echo \"x"), QuoteContext::Double);
        assert_eq!(ctx.after("echo 'it\"s"), QuoteContext::Single);
        assert_eq!(ctx.after("echo \"a\\\"b\" 'c' "), QuoteContext::Bare);
        assert_eq!(ctx.after("echo \\"), QuoteContext::BareEscaped);
        let hostile = "$(id) `id` \"'\\";
        assert_eq!(
            shell_quote_in(hostile, QuoteContext::Double),
            "\\$(id) \\`id\\` \\\"'\\\\"
        );
        assert_eq!(
            shell_quote_in(hostile, QuoteContext::Single),
            "$(id) `id` \"'\\''\\"
        );
        assert_eq!(ctx.after("\"a\\"), QuoteContext::DoubleEscaped);
        assert_eq!(shell_quote_in("a b", QuoteContext::BareEscaped), "\\'a b'");
        assert_eq!(shell_quote_in("$x", QuoteContext::DoubleEscaped), "\\\\$x");
    }

    #[test]
    fn shell_quote_keeps_plain_words_and_quotes_the_rest() {
        assert_eq!(shell_quote("src/a.ts"), "src/a.ts");
        assert_eq!(shell_quote("b c"), "'b c'");
        assert_eq!(shell_quote("it's; rm -rf /"), "'it'\\''s; rm -rf /'");
        assert_eq!(shell_quote("$(x)"), "'$(x)'");
        assert_eq!(shell_quote(""), "''");
    }
}
