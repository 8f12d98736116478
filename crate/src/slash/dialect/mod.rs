//! Each tool's own rules for its command files: one module per tool, one table row per dialect.
//!
//! The table says which files count, how typed arguments become words, how a value is quoted
//! inside a shell line and what happens to arguments no placeholder takes.
//!
//! The rules that shape a body's tokens live in `scan`, which asks the tool modules where a rule
//! needs more than a pattern (Codex's placeholder mode, Claude's declared argument names).

pub mod claude;
pub mod codex;
pub mod gemini;
pub mod opencode;

use std::borrow::Cow;

use super::args::{parse_args, shell_quote};
use super::Tool;

/// What a tool does with typed arguments that no placeholder takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unplaced {
    /// Appended after a blank line as `ARGUMENTS: <text>` (Claude Code).
    ArgumentsLine,
    /// The whole invocation, `/<name> <text>`, appended after a blank line (Gemini CLI).
    Invocation,
    /// The text appended after a blank line (Cursor, OpenCode).
    Text,
    /// The words no `name=value` input took, appended even beside placeholders (Copilot).
    Leftover,
    /// Dropped, with a warning (Codex, Solidus).
    Ignored,
}

/// The plain-data and plain-function part of one tool's rules.
pub(crate) struct Dialect {
    pub tool: Tool,
    /// The tool loads files and folders whose names start with a dot.
    pub loads_hidden: bool,
    /// The tool leaves out project files that `.gitignore` excludes.
    pub honours_gitignore: bool,
    /// Splits the typed argument text (already trimmed) into words.
    pub split_args: fn(&str) -> Vec<String>,
    /// The argument text a whole-text placeholder (`$ARGUMENTS`, `{{args}}`) receives.
    pub raw_args: fn(&str) -> Cow<'_, str>,
    /// Quotes one value for a POSIX shell, outside any quotes the author wrote.
    pub quote: fn(&str) -> String,
    /// A shell line whose resolved command is blank disappears, because the tool runs nothing
    /// and inserts nothing there; elsewhere it is never a shell line at all.
    pub blank_shell_vanishes: bool,
    /// What happens to arguments when the body has no placeholder.
    pub unplaced: Unplaced,
}

fn as_typed(raw: &str) -> Cow<'_, str> {
    Cow::Borrowed(raw)
}

/// One row per [`Tool`], in [`Tool::ALL`] order (a test checks it).
const DIALECTS: [Dialect; 7] = [
    Dialect {
        tool: Tool::Solidus,
        loads_hidden: false,
        honours_gitignore: true,
        split_args: parse_args,
        raw_args: as_typed,
        quote: shell_quote,
        blank_shell_vanishes: false,
        unplaced: Unplaced::Ignored,
    },
    Dialect {
        tool: Tool::Claude,
        loads_hidden: false,
        honours_gitignore: true,
        split_args: parse_args,
        raw_args: as_typed,
        quote: shell_quote,
        blank_shell_vanishes: false,
        unplaced: Unplaced::ArgumentsLine,
    },
    Dialect {
        tool: Tool::Codex,
        // Codex lists its folder with `read_dir`, which includes dotfiles.
        loads_hidden: true,
        honours_gitignore: false,
        split_args: codex::split_args,
        raw_args: as_typed,
        quote: shell_quote,
        blank_shell_vanishes: false,
        unplaced: Unplaced::Ignored,
    },
    Dialect {
        tool: Tool::Gemini,
        // Gemini globs with `dot: true` and no ignore file.
        loads_hidden: true,
        honours_gitignore: false,
        split_args: parse_args,
        raw_args: gemini::collapse_whitespace,
        quote: gemini::quote,
        blank_shell_vanishes: true,
        unplaced: Unplaced::Invocation,
    },
    Dialect {
        tool: Tool::Cursor,
        loads_hidden: false,
        honours_gitignore: true,
        split_args: parse_args,
        raw_args: as_typed,
        quote: shell_quote,
        blank_shell_vanishes: false,
        unplaced: Unplaced::Text,
    },
    Dialect {
        tool: Tool::Copilot,
        // VS Code lists a prompt folder's entries by suffix alone, dot-files included.
        loads_hidden: true,
        honours_gitignore: true,
        split_args: parse_args,
        raw_args: as_typed,
        quote: shell_quote,
        blank_shell_vanishes: false,
        unplaced: Unplaced::Leftover,
    },
    Dialect {
        tool: Tool::OpenCode,
        // OpenCode globs with `dot: true` and no ignore file.
        loads_hidden: true,
        honours_gitignore: false,
        split_args: opencode::split_args,
        raw_args: as_typed,
        // OpenCode inserts argument values into shell lines unquoted; Solidus always quotes.
        quote: shell_quote,
        blank_shell_vanishes: true,
        unplaced: Unplaced::Text,
    },
];

/// The rules of `tool`.
pub(crate) fn dialect(tool: Tool) -> &'static Dialect {
    let row = &DIALECTS[tool as usize];
    debug_assert_eq!(row.tool, tool, "DIALECTS follows Tool::ALL");
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_row_per_tool_in_order() {
        for tool in Tool::ALL {
            assert_eq!(dialect(tool).tool, tool);
        }
    }
}
