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

pub mod host;
pub mod parse;
pub mod prompt;
pub mod shortlist;
pub mod validate;

use solidus_model::item::{Item, ItemKind};
use solidus_rank::Index;

pub use parse::{find_json_object, parse_answer, parse_response, Answer, ParseError, RawPlan};
pub use parse::{MAX_SEARCH_TERMS, MAX_SEARCH_TERM_CHARS};
pub use prompt::{build_prompt, data_literal, prepare_request, Prepared, Prompt, PromptContext};
pub use prompt::{find_text, write_lists, RequestError, MAX_FIND_ENTRIES, MAX_REQUEST_CHARS};
pub use shortlist::{shortlist, SettingFacts, Shortlist, ShortlistEntry, ShortlistOptions};
pub use solidus_model::item::{item_arguments, Arguments};
use solidus_model::text::{ellipsize, one_line};
pub use validate::{
    validate_plan, validate_plan_with, DroppedStep, Outcome, PlanStep, StepAction, ValidateOptions,
    ValidatedPlan,
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
    solidus_guard::classified(Item {
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
pub(crate) use solidus_model::hidden::is_hidden_char;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_item_reaches_a_shell() {
        let item = terminal_item();
        assert_eq!(item.kind, ItemKind::Terminal);
        assert_eq!(item.risk, solidus_model::item::Effect::ReachesShell);
    }
}
