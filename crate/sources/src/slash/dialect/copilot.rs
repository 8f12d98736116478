//! Copilot's rules for prompt files and skills in VS Code: how a file's command name is made.
//!
//! Read from microsoft/vscode `src/vs/workbench/contrib/chat/common/promptSyntax/service/
//! promptsServiceImpl.ts` at 00eacc90 (`computeSlashCommandDiscoveryInfo`,
//! `asChatPromptSlashCommand`) and `config/promptFileLocations.ts` (`getCleanPromptName`).

use crate::slash::Frontmatter;

/// The command name VS Code gives a prompt file: the header's `name` when it is a string, else
/// the file name without `.prompt.md` (never its folders); a skill always takes its folder's
/// name. Then every run of characters other than letters, ASCII digits, `_`, `-`, `.` and `:`
/// becomes one `-` (`/[^\p{L}\d_\-\.:]+/gu`).
///
/// Two choices differ from VS Code: a blank header `name` falls back to the file name (VS Code
/// keeps an empty name nobody can type), and "letter" is Rust's `is_alphabetic`, which also takes
/// letter-like numerals and combining vowel signs that `\p{L}` leaves out.
/// Returns the name as written and the name as cleaned.
pub(crate) fn command_name(fm: Option<&Frontmatter>, file_name: &str) -> (String, String) {
    let raw = fm
        .and_then(|fm| fm.string("name"))
        .unwrap_or_else(|| file_name.to_string());
    let name = clean(&raw);
    (raw, name)
}

/// Runs of characters outside `[\p{L}\d_\-\.:]` become one `-`. Hidden characters (zero-width,
/// bidirectional controls) are outside it too, so a name can never carry them.
pub(crate) fn clean(raw: &str) -> String {
    let mut name = String::with_capacity(raw.len());
    let mut in_run = false;
    for c in raw.chars() {
        if c.is_alphabetic() || c.is_ascii_digit() || matches!(c, '_' | '-' | '.' | ':') {
            name.push(c);
            in_run = false;
        } else if !in_run {
            name.push('-');
            in_run = true;
        }
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_become_one_dash() {
        assert_eq!(clean("Ship It  Now!"), "Ship-It-Now-");
        assert_eq!(clean("a\u{200b}b"), "a-b");
        assert_eq!(clean("été:v1.2_x"), "été:v1.2_x");
    }
}
