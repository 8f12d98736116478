//! `/do`, the guarded agent: shortlist, prompt, response parser, plan validator and risk policy.
//!
//! The shell drives one request through these pure steps:
//!
//! 1. [`prepare_request`] ranks the request into a [`Shortlist`] and builds the [`Prompt`];
//! 2. the shell sends `prompt.system` and `prompt.user` to the model;
//! 3. [`check_response`] parses the raw answer ([`parse_response`]) and validates it against the
//!    whole catalog ([`validate_plan`]), giving a [`ValidatedPlan`] with plain-language steps,
//!    dropped steps with reasons and `must_confirm`.
//!
//! The model never decides what runs: every id and key is looked up in the catalog, every value is
//! checked against its schema, and risk comes only from the catalog and [`risk`].

pub mod parse;
pub mod prompt;
pub mod shortlist;
pub mod validate;

use crate::item::{Item, ItemKind};
use crate::rank::Index;

pub use parse::{find_json_object, parse_answer, parse_response, Answer, ParseError, RawPlan};
pub use parse::{MAX_SEARCH_TERMS, MAX_SEARCH_TERM_CHARS};
pub use prompt::{build_prompt, data_literal, prepare_request, Prepared, Prompt, PromptContext};
pub use prompt::{find_text, write_lists, RequestError, MAX_FIND_ENTRIES, MAX_REQUEST_CHARS};
pub use shortlist::{shortlist, SettingFacts, Shortlist, ShortlistEntry, ShortlistOptions};
pub use validate::{
    item_arguments, validate_plan, validate_plan_with, Arguments, DroppedStep, Outcome, PlanStep,
    StepAction, ValidateOptions, ValidatedPlan,
};

/// How many items the shortlist holds unless the caller says otherwise.
pub const DEFAULT_SHORTLIST_LIMIT: usize = 60;

/// How many times one /do request may answer with a search before it must plan.
pub const MAX_SEARCH_ROUNDS: usize = 2;

/// The most steps a plan may keep; later steps are cut and reported.
pub const MAX_STEPS: usize = 10;

/// The id of the built-in terminal item, which takes a shell command as its argument.
pub const TERMINAL_ITEM_ID: &str = "term:run";

/// The built-in `term:run` item, as `project::builtin` lists it. The validator knows it even when
/// the catalog lacks it, because product.md §1 makes it built in; it always reaches a shell.
pub fn terminal_item() -> Item {
    crate::risk::classified(Item {
        id: TERMINAL_ITEM_ID.to_string(),
        kind: ItemKind::Terminal,
        title: "Terminal: Run Shell Command…".to_string(),
        detail: Some("Type a shell command and run it in a terminal".to_string()),
        keywords: vec!["shell".to_string(), "run".to_string()],
        source: "builtin".to_string(),
        ..Item::default()
    })
}

/// Parses a model's raw answer and validates it against the catalog in one call.
/// Cost: linear in the answer's length plus one hash lookup per step.
pub fn check_response(text: &str, index: &Index) -> Result<ValidatedPlan, ParseError> {
    check_response_with(text, index, &ValidateOptions::default())
}

/// [`check_response`] with per-item argument rules.
pub fn check_response_with(
    text: &str,
    index: &Index,
    options: &ValidateOptions,
) -> Result<ValidatedPlan, ParseError> {
    let plan = parse_response(text)?;
    Ok(validate_plan_with(&plan, index, options))
}

/// Hidden characters are decided once, for every text the core shows or sends.
pub(crate) use crate::hidden::is_hidden_char;

/// One line of display text: control and hidden characters become visible `⟨U+XXXX⟩` marks,
/// runs of whitespace become one space. Used for titles shown to the model and to the user.
pub(crate) fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() && !is_hidden_char(c) {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        if c.is_control() || is_hidden_char(c) {
            out.push_str(&crate::hidden::mark(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// Cuts text to `max` characters, marking the cut with `…`.
pub(crate) fn ellipsize(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((byte, _)) => format!("{}…", &text[..byte]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_shows_what_would_hide() {
        assert_eq!(one_line("  a\n\tb  "), "a b");
        assert_eq!(one_line("x\u{202E}y"), "x⟨U+202E⟩y");
        assert_eq!(one_line("bell\u{7}"), "bell⟨U+0007⟩");
        assert_eq!(one_line("a\u{2028}b"), "a⟨U+2028⟩b");
    }

    #[test]
    fn ellipsize_counts_characters() {
        assert_eq!(ellipsize("héllo", 3), "hél…");
        assert_eq!(ellipsize("abc", 3), "abc");
    }

    #[test]
    fn terminal_item_reaches_a_shell() {
        let item = terminal_item();
        assert_eq!(item.kind, ItemKind::Terminal);
        assert_eq!(item.risk, crate::item::Effect::ReachesShell);
    }
}
