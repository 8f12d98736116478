//! The one grammar of what the user types into the popup: words to search (`>`, `@`, `#` narrow
//! them to some kinds), `$ command`, `/name args` and `/do request`.
//!
//! The extension and the webview dispatch on the typed [`Input`] this returns; nobody else looks
//! at the first character of the text.

use serde::Serialize;

use solidus_model::item::ItemKind;

/// A leading character that narrows the search to some kinds, as `>` does in VS Code's palette.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct KindFilter {
    pub prefix: char,
    pub kinds: &'static [ItemKind],
    /// What the filtered list holds, in the popup's words.
    pub label: &'static str,
}

/// Every kind filter, in the order the popup's footer names them.
pub const KIND_FILTERS: &[KindFilter] = &[
    KindFilter {
        prefix: '>',
        kinds: &[ItemKind::Command, ItemKind::Custom],
        label: "commands",
    },
    KindFilter {
        prefix: '@',
        kinds: &[ItemKind::Setting],
        label: "settings",
    },
    KindFilter {
        prefix: '#',
        kinds: &[ItemKind::Script, ItemKind::Pack],
        label: "scripts, tasks and packs",
    },
];

/// `$ command` runs the command in a terminal, always after a confirmation.
pub const SHELL_PREFIX: char = '$';

/// Slash names Solidus handles itself; a command file never takes them.
pub const BUILTIN_SLASH_NAMES: &[&str] = &[DO_NAME];

/// `/do <request>` asks the model for a plan.
pub const DO_NAME: &str = "do";

/// What the user typed, parsed once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Input {
    /// Words to rank; `filter` narrows them to some kinds. Empty words list the recent items.
    #[serde(rename_all = "camelCase")]
    Search {
        filter: Option<KindFilter>,
        /// The text after the filter's prefix.
        query: String,
    },
    /// `$ command`: the command runs in a terminal after a confirmation; empty until typed.
    Shell { command: String },
    /// `/name args`: a slash command. `with_args` is true once a space follows the name, so
    /// only that exact name is meant.
    #[serde(rename_all = "camelCase")]
    Slash {
        name: String,
        args: String,
        with_args: bool,
    },
    /// `/do request`: the request in plain words for the model.
    Do { request: String },
}

/// Parses typed text. Leading whitespace before `/` or `$` is ignored; a filter prefix counts
/// only as the very first character, as in the palette.
pub fn parse_input(text: &str) -> Input {
    if let Some(filter) = KIND_FILTERS.iter().find(|f| text.starts_with(f.prefix)) {
        return Input::Search {
            filter: Some(*filter),
            query: text[filter.prefix.len_utf8()..].to_string(),
        };
    }
    let trimmed = text.trim_start();
    if let Some(command) = trimmed.strip_prefix(SHELL_PREFIX) {
        return Input::Shell {
            command: command.trim().to_string(),
        };
    }
    if let Some(after) = trimmed.strip_prefix('/') {
        let end = after.find(char::is_whitespace).unwrap_or(after.len());
        let name = &after[..end];
        let rest = &after[end..];
        if name == DO_NAME && !rest.is_empty() {
            return Input::Do {
                request: rest.trim().to_string(),
            };
        }
        return Input::Slash {
            name: name.to_string(),
            args: rest.trim().to_string(),
            with_args: !rest.is_empty(),
        };
    }
    Input::Search {
        filter: None,
        query: text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(query: &str) -> Input {
        Input::Search {
            filter: None,
            query: query.into(),
        }
    }

    fn slash(name: &str, args: &str, with_args: bool) -> Input {
        Input::Slash {
            name: name.into(),
            args: args.into(),
            with_args,
        }
    }

    /// Every form the popup knows, and the edges between them.
    #[test]
    fn the_grammar_table() {
        let filtered = |prefix: char, query: &str| Input::Search {
            filter: KIND_FILTERS.iter().find(|f| f.prefix == prefix).copied(),
            query: query.into(),
        };
        let cases: Vec<(&str, Input)> = vec![
            ("", search("")),
            ("zen mode", search("zen mode")),
            ("  zen", search("  zen")),
            (">zen", filtered('>', "zen")),
            ("@font size", filtered('@', "font size")),
            ("#build", filtered('#', "build")),
            // A prefix counts only as the first character, as in the palette.
            (" >zen", search(" >zen")),
            ("a > b", search("a > b")),
            (">/do x", filtered('>', "/do x")),
            (
                "$ npm test",
                Input::Shell {
                    command: "npm test".into(),
                },
            ),
            (
                "$",
                Input::Shell {
                    command: String::new(),
                },
            ),
            (
                "  $ls",
                Input::Shell {
                    command: "ls".into(),
                },
            ),
            ("/", slash("", "", false)),
            ("/rev", slash("rev", "", false)),
            ("/review ", slash("review", "", true)),
            (
                "/review a.ts \"b c\"",
                slash("review", "a.ts \"b c\"", true),
            ),
            ("  /claude.review x", slash("claude.review", "x", true)),
            // `/do` alone is still being typed; once a space follows, the rest is the request.
            ("/do", slash("do", "", false)),
            ("/dox", slash("dox", "", false)),
            (
                "/do make the font bigger",
                Input::Do {
                    request: "make the font bigger".into(),
                },
            ),
            (
                "/do ",
                Input::Do {
                    request: String::new(),
                },
            ),
            // A request that itself starts with `/` is still a plain request.
            (
                "/do /fix make the font bigger",
                Input::Do {
                    request: "/fix make the font bigger".into(),
                },
            ),
            (
                "/do\tline one\nline two",
                Input::Do {
                    request: "line one\nline two".into(),
                },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_input(text), expected, "{text:?}");
        }
    }

    #[test]
    fn serializes_as_a_tagged_union() {
        let value = serde_json::to_value(parse_input("/review x")).expect("serializable");
        assert_eq!(
            value,
            serde_json::json!({"kind": "slash", "name": "review", "args": "x", "withArgs": true})
        );
        let value = serde_json::to_value(parse_input("@font")).expect("serializable");
        assert_eq!(value["filter"]["prefix"], "@");
        assert_eq!(value["filter"]["kinds"], serde_json::json!(["setting"]));
    }
}
