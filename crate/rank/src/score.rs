//! Scoring: the tiers and weights that order ranked items, each derived from what it must beat.
//!
//! An item's score is its tier's base plus what its words earned within the tier. The weights
//! below are spaced so that where a word hit (title, id, description) matters more than how
//! long it is, and a bounded boost (prior, recency) reorders items only within their tier.

/// How well a query matched an item; higher is better. A word reaches at most `WordStart`;
/// the whole query reaches `Prefix` or `Exact`. An item's tier is its weakest word's, raised
/// when the whole query matches its name.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Tier {
    /// In keywords, the description or enum values, or inside an id word: what the user does
    /// not see in the list.
    Secondary = 1,
    /// Letters of the title in order, with gaps (`fosi` → Font Size).
    Fuzzy = 2,
    /// Starts a word of the title or the id.
    WordStart = 3,
    /// The name after any `Category: ` starts with the query (a query that ends inside the
    /// category names a group of items, not this one), or a slash name does; for a command,
    /// its name without a leading generic verb does too (`full screen` → Toggle Full Screen).
    Prefix = 4,
    /// The query is the id, setting key or slash name itself.
    Exact = 5,
}

impl Tier {
    /// Where this tier's scores start.
    pub(super) const fn base(self) -> i64 {
        self as i64 * TIER
    }
}

/// The step between tiers: above anything a query earns within one (checked below), so a
/// better tier always wins.
const TIER: i64 = 10_000;

/// One typed character of a word that hit: a longer hit says more about what the user means.
const PER_CHAR: i64 = 10;

/// A query word starting a title word: the hit a user sees in the list.
const WORD_START: i64 = 600;

/// Added when the query word is the whole title word (`tab` on Tab, not on Table): the user
/// typed it out, so a longer word that merely starts the same way is the weaker hit.
const WHOLE_WORD: i64 = WORD_START / 3;

/// A query word starting a word of the id or setting key, which the list does not show: as
/// far below a title word start as a whole word is above one, so a title hit always leads.
const ID_WORD_START: i64 = WORD_START - WHOLE_WORD;

/// A keyword, description or enum value word: evidence the user cannot see, so it counts
/// little (the `Secondary` tier already keeps it below every title hit).
const SECONDARY: i64 = WORD_START / 6;

/// Descriptions are long and mention many words, so each typed char counts half.
const SECONDARY_PER_CHAR: i64 = PER_CHAR / 2;

/// A query word inside an id word (`size` in `editor.fontsize`): the weakest evidence, below
/// every description word of any length.
pub(super) const ID_SUBSTRING: i64 = SECONDARY - 2 * PER_CHAR;

/// What skim (fuzzy-matcher's default configuration) scores per matched char, and what it
/// takes for opening and extending a gap.
const SKIM_MATCH: i64 = 16;
const SKIM_GAP_START: i64 = 3;
const SKIM_GAP_EXTENSION: i64 = 1;

/// The least skim score per char of a fuzzy hit worth showing: every letter may sit after a
/// one-char gap; letters scattered wider than that are noise, not what the user meant.
const FUZZY_MIN_PER_CHAR: i64 = SKIM_MATCH - SKIM_GAP_START - SKIM_GAP_EXTENSION;

/// The most a fuzzy hit counts: skim's score grows with the word, but a guess must not
/// outweigh a word start the other words of the query made.
const FUZZY_MAX: i64 = ID_WORD_START;

/// Words shorter than this are not looked for away from a word start (fuzzily in the title,
/// or inside an id word): two letters occur in order in almost any title.
pub(super) const MIN_INNER_LEN: i64 = 3;

/// Within a tier, an item whose name is wholly query words earns as much as one more word
/// start: among equal matches, the item whose title is mostly the query is the specific one.
pub(super) const COVERAGE: i64 = WORD_START;

/// Each word of a leading `Category: `: a shorter category is the more general item
/// (`Editor: Word Wrap` before `Diff Editor: Word Wrap`); worth two typed chars, so it breaks
/// ties without outweighing a longer hit.
pub(super) const CATEGORY_WORD: i64 = 2 * PER_CHAR;

/// Prior for a command with a default keybinding or a friendly slash name: people reach for
/// those often. Above a whole-word hit, below a word start.
const PRIOR_BOUND: i32 = 250;

/// Prior for the editor's own commands and settings (`editor.*`): the editor is what a palette
/// acts on when the query names no other part, so Editor: Font Size comes before Chat: Font
/// Size, its look-alike of one category word too. Worth one category word: it breaks ties only.
const PRIOR_EDITOR: i32 = CATEGORY_WORD as i32;

/// Prior for a top-level setting (`editor.fontSize`) over nested ones, which are the
/// specialised variants of it.
const PRIOR_TOP_SETTING: i32 = 150;

/// Prior for a setting two levels down (`editor.minimap.enabled`).
const PRIOR_SECOND_LEVEL_SETTING: i32 = PRIOR_TOP_SETTING / 3;

/// What a derived title costs (a command VS Code gives no title, named from its id): its words
/// are the id's words, so a hit on them is worth an id word start, not a title word start.
const PRIOR_DERIVED_TITLE: i32 = (WORD_START - ID_WORD_START) as i32;

/// What a command VS Code keeps out of its palette costs in the popup: a whole tier, so it
/// comes after every palette command matched as well (`git.graph.checkout`, a graph node's
/// menu entry, after Git: Checkout to… for "switch branch"), yet is still found by its name.
pub(super) const PALETTE_HIDDEN: i64 = TIER;

/// How much an every-word row counts when the popup ranks it together with the request
/// ranker's rows (a share of a request ranker row at the same place). Every word starting a
/// title or id word, or its letters in runs in the title (`towowr`, `fosi`: how palette users
/// type), is as good a match as the request ranker's; words found only in a description the
/// user cannot see are a loose match, worth a quarter, so understood rows come first.
pub(super) fn literal_weight(score: i64) -> f64 {
    if score >= Tier::Fuzzy.base() {
        1.0
    } else {
        LITERAL_SECONDARY
    }
}

/// How much of an every-word row's share its name earns: the share of its name words the
/// query covers, above a floor, so "Problems: Show Current in Status" (one word of four) counts
/// less for "show problems" than a row the query names whole.
pub(super) fn covered_share(covered: usize, names: usize) -> f64 {
    if names == 0 {
        return 1.0;
    }
    COVERED_SHARE_FLOOR + (1.0 - COVERED_SHARE_FLOOR) * covered as f64 / names as f64
}

/// How much a request ranker row counts when the popup ranks it together with the every-word
/// rows: a command with a keybinding counts `BOUND_UNDERSTOOD` shares. The bound commands are
/// the ones people use every day, and a newcomer's everyday words ("list of errors", "where are
/// my files") mostly mean one of them: on the popup's tuning sets 73 of 120 everyday phrases
/// and questions meant a bound command, which are a third of the commands.
/// An item that opens the part the query names and little else (`named_openers`) counts
/// `OPENER_UNDERSTOOD` shares: the query said which part to show, and the rows that merely hold
/// the part's word (Chat: Manage Plugins for "plugins") would otherwise fill the first five.
pub(super) fn understood_weight(bound: bool, opens_named_part: bool) -> f64 {
    if opens_named_part {
        OPENER_UNDERSTOOD
    } else if bound {
        BOUND_UNDERSTOOD
    } else {
        1.0
    }
}

const OPENER_UNDERSTOOD: f64 = 2.0;

/// Measured on the tuning sets only (phrases, dev..dev5, 555 phrases in the first five): 451
/// at 1.0 (no boost), 455 at 1.1, 453 at 1.2, 454 at 1.3, 459 at 1.5, 457 at 2.0. From 1.2 up
/// the relevance table fails: File: Save without Formatting, bound, overtakes Editor: Format
/// On Save for "fmt on save", a boost outweighing what the query names.
const BOUND_UNDERSTOOD: f64 = 1.1;

/// Half a share for a row whose name the query barely covers: it still matched every word.
/// Floors of 0.1 to 0.5 tied on the tuning sets (popup-phrases, popup-dev, popup-dev2); 0.75
/// and 1.0 (no coverage term) lost two and three of popup-dev's 60.
const COVERED_SHARE_FLOOR: f64 = 0.5;

/// A description-only every-word row's share: a quarter puts the request ranker's first row
/// (1/10) above the first description row (1/40) and level with the fourth title row's.
const LITERAL_SECONDARY: f64 = 0.25;

/// The boost of the most recent item; later ones get a share by position. A fifth of a tier:
/// a recent item rises within its tier but never into the next.
const RECENT_BOOST_MAX: i64 = TIER / 5;

/// `any` mode (the /do shortlist) weighs a word's hit by where it is, in percent, times the
/// word's rarity. A hit in the name after the category is the full weight.
pub(super) const ANY_IN_NAME: u32 = 100;

/// A hit in the category or the id: nearly as good, the request may name either.
pub(super) const ANY_IN_CATEGORY_OR_ID: u32 = 85;

/// A hit in keywords, descriptions, enum values or the lexicon's notes: about half a name hit,
/// since a description mentions many things besides what the item does, yet the notes say in
/// everyday words what it does. Retuned once the notes covered the catalog, on the tuning sets
/// only: recall@20 hits over requests, own-requests and chatty-dev..dev4 (360 requests) were
/// 336 at 35, 344 at 50, 345 at 55 and 343 at 65; the popup's tuning phrases (195) 166 at 35
/// and 55 alike, 165 at 80.
pub(super) const ANY_SECONDARY: u32 = 55;

/// `any` mode's sum of rarity-weighted hits is a float; this scales it to integer points.
pub(super) const ANY_SCALE: f64 = 10.0;

/// `any` mode's coverage weight: an item whose name is wholly the request's words (or their
/// synonyms) is the specific one the request names, above items that share one rare word
/// with it. Three popup coverages; measured on the tuning sets only: a quarter of one (the
/// old weight) gave 345 of 360 requests at 20 and 251 of 295 popup phrases in the first five,
/// one 347 and 252, two 348 and 257, three 351 and 260, four 351 and 259, six 350 and 255,
/// twelve 343 and 253.
pub(super) const ANY_COVERAGE: i64 = COVERAGE * 3;

/// What naming a part wholly adds to its opener's score in `any` mode: as much as a name the
/// request covers whole, so the part's opener leads the items that merely hold the part's word.
pub(super) const ANY_OPENER: i64 = ANY_COVERAGE;

/// `any` mode takes a fifth of the prior and a twentieth of the recency boost: a request is
/// read for what it says, and what the user did lately only breaks near ties.
pub(super) const ANY_PRIOR_DIVISOR: i64 = 5;
pub(super) const ANY_RECENT_DIVISOR: i64 = 20;

// The popup's shortcut in `match_all` drops every item below `WordStart` once enough items
// start every word; it is exact only while four words of twelve chars, full coverage, the
// largest prior and the largest recency boost stay within one tier.
const _: () = assert!(
    4 * title_word_start(12, true)
        + COVERAGE
        + (PRIOR_BOUND + PRIOR_TOP_SETTING + PRIOR_EDITOR) as i64
        + RECENT_BOOST_MAX
        < TIER
);
// A description word of one char still beats a word inside an id.
const _: () = assert!(ID_SUBSTRING < secondary(1));
// A fuzzy hit never outweighs a title word start.
const _: () = assert!(FUZZY_MAX < title_word_start(1, false));
// A derived title never costs more than a title word start earns over an id word start.
const _: () = assert!(PRIOR_DERIVED_TITLE as i64 <= title_word_start(0, false) - id_word_start(0));
// The prior lifts a bound command over a whole-word hit but not over another word start.
const _: () = assert!(WHOLE_WORD < PRIOR_BOUND as i64 && (PRIOR_BOUND as i64) < WORD_START);

/// A query word of `len` chars starting a title word; `whole` when it is the whole word.
/// Also a quoted phrase found in the title (never `whole`).
pub(super) const fn title_word_start(len: i64, whole: bool) -> i64 {
    WORD_START + if whole { WHOLE_WORD } else { 0 } + PER_CHAR * len
}

/// A query word of `len` chars starting a word of the id or setting key.
pub(super) const fn id_word_start(len: i64) -> i64 {
    ID_WORD_START + PER_CHAR * len
}

/// A query word of `len` chars starting a keyword, description or enum value word.
pub(super) const fn secondary(len: i64) -> i64 {
    SECONDARY + SECONDARY_PER_CHAR * len
}

/// A fuzzy hit of a `len`-char word that skim scored `skim`, or none when it is noise.
pub(super) fn fuzzy(skim: i64, len: i64) -> Option<i64> {
    (skim >= FUZZY_MIN_PER_CHAR * len).then_some(skim.min(FUZZY_MAX))
}

/// The share of `weight` for `covered` of an item's `names` name words being query words.
pub(super) fn coverage(weight: i64, covered: usize, names: usize) -> i64 {
    if names == 0 {
        0
    } else {
        weight * covered as i64 / names as i64
    }
}

/// The recency boost of the item at `pos` in the recent list (0 = most recent).
pub(super) fn recency(pos: usize) -> i64 {
    RECENT_BOOST_MAX / (pos as i64 + 1)
}

/// The query-independent prior of an item: a keybinding or slash name, how deep a setting key
/// is, whether its title is only read off its id, and whether its id is the editor's.
pub(super) fn prior(
    bound_or_slash: bool,
    guessed_title: bool,
    key: Option<&str>,
    editor: bool,
) -> i32 {
    let mut prior = if editor { PRIOR_EDITOR } else { 0 };
    if bound_or_slash {
        prior += PRIOR_BOUND;
    }
    if guessed_title {
        prior -= PRIOR_DERIVED_TITLE;
    }
    if let Some(key) = key {
        prior += match key.matches('.').count() {
            0 | 1 => PRIOR_TOP_SETTING,
            2 => PRIOR_SECOND_LEVEL_SETTING,
            _ => 0,
        };
    }
    prior
}

/// Among slash names of one tier, a command file's comes before a command's friendly name
/// (`/zen`): the files are what `/` is for. A tenth of a tier, above any name's length.
const SLASH_FILE: i64 = TIER / 10;

/// How a typed slash name matches one of an item's, on the ranker's tiers: the name itself
/// (`Exact`), a prefix (`Prefix`), the start of a part after `-`, `_`, `:`, `/` or `.`
/// (`WordStart`), anywhere inside (`Fuzzy`, the letters in order without a gap), or a fuzzy
/// match of at least three letters worth showing (`Secondary`).
pub(super) fn slash_tier(name: &str, typed: &str, fuzzy: impl Fn() -> Option<i64>) -> Option<Tier> {
    Some(if name == typed {
        Tier::Exact
    } else if name.starts_with(typed) {
        Tier::Prefix
    } else if name
        .match_indices(['-', '_', ':', '/', '.'])
        .any(|(at, sep)| name[at + sep.len()..].starts_with(typed))
    {
        Tier::WordStart
    } else if name.contains(typed) {
        Tier::Fuzzy
    } else if typed.chars().count() >= 3
        && fuzzy().is_some_and(|score| score >= FUZZY_SLASH_PER_CHAR * typed.len() as i64)
    {
        Tier::Secondary
    } else {
        return None;
    })
}

/// A fuzzy slash match must earn this per typed char: the letters mostly in runs.
const FUZZY_SLASH_PER_CHAR: i64 = 10;

/// A slash item: its tier's base, a command file before a friendly name, shorter names first
/// (a prefix of fewer chars left over is the closer one), and a name matched through an alias
/// (a shadowed command's own name) just below the same name matched as the item's title.
pub(super) fn slash(tier: Tier, name_len: usize, file_command: bool, alias: bool) -> i64 {
    tier.base() + if file_command { SLASH_FILE } else { 0 } - name_len as i64 - i64::from(alias)
}

/// The weights as the ranker applies them, on small catalogs where one weight alone tells two
/// items apart.
#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::{parse_query, Index, RankOptions};
    use solidus_model::item::{Effect, Item, ItemKind};

    fn command(id: &str, title: &str) -> Item {
        Item {
            id: format!("command:{id}"),
            kind: ItemKind::Command,
            title: title.to_string(),
            source: "core".to_string(),
            risk: Effect::Safe,
            command: Some(id.to_string()),
            ..Item::default()
        }
    }

    /// Each ranked item's score by id, and the ids in rank order.
    fn ranked(
        items: Vec<Item>,
        query: &str,
        recent: &[&str],
    ) -> (HashMap<String, i64>, Vec<String>) {
        let index = Index::new(items);
        let options = RankOptions {
            recent: recent.iter().map(|id| id.to_string()).collect(),
            ..RankOptions::default()
        };
        let ranked = index.rank(&parse_query(query), &options);
        let id = |i: usize| index.items()[i].id.clone();
        (
            ranked.iter().map(|r| (id(r.index), r.score)).collect(),
            ranked.iter().map(|r| id(r.index)).collect(),
        )
    }

    #[test]
    fn a_whole_title_word_beats_a_prefix_of_a_longer_one_by_whole_word() {
        // Both titles start with the query and are wholly matched: only the whole word differs.
        let (score, order) = ranked(
            vec![command("a.table", "Table"), command("a.tab", "Tab")],
            "tab",
            &[],
        );
        assert_eq!(
            score["command:a.tab"] - score["command:a.table"],
            WHOLE_WORD
        );
        assert_eq!(order, ["command:a.tab", "command:a.table"]);
    }

    #[test]
    fn a_title_word_beats_the_same_word_in_the_id() {
        // One word start each; the title hit also covers half of its name.
        let (score, order) = ranked(
            vec![
                command("b.wrap", "Select Lines"),
                command("a.first", "Select Wrap"),
            ],
            "wrap",
            &[],
        );
        assert_eq!(
            score["command:a.first"] - score["command:b.wrap"],
            WORD_START + WHOLE_WORD - ID_WORD_START + COVERAGE / 2
        );
        assert_eq!(order, ["command:a.first", "command:b.wrap"]);
    }

    #[test]
    fn each_category_word_costs_category_word() {
        let (score, order) = ranked(
            vec![
                command("b.wrap", "Diff Editor: Word Wrap"),
                command("a.wrap", "Editor: Word Wrap"),
            ],
            "word wrap",
            &[],
        );
        assert_eq!(
            score["command:a.wrap"] - score["command:b.wrap"],
            CATEGORY_WORD
        );
        assert_eq!(order, ["command:a.wrap", "command:b.wrap"]);
    }

    #[test]
    fn a_keyword_hit_scores_its_tier_and_the_word_only() {
        let mut guides = command("a.guides", "Show Guides");
        guides.keywords = vec!["ruler".to_string()];
        let (score, _) = ranked(vec![guides], "ruler", &[]);
        assert_eq!(
            score["command:a.guides"],
            Tier::Secondary.base() + secondary(5)
        );
    }

    #[test]
    fn a_query_that_ends_inside_the_category_is_no_prefix_of_the_name() {
        let items = vec![
            command("a.center", "Zen Mode: Center Layout"),
            command("b.toggle", "Exit Zen Mode"),
            command("c.zen", "Zen Mode: Zen Mode Restore"),
        ];
        let (score, order) = ranked(items, "zen mode", &[]);
        // Both words start words of each title; only a name that starts with them is a prefix.
        assert_eq!(score["command:a.center"] / TIER, Tier::WordStart as i64);
        assert_eq!(score["command:b.toggle"] / TIER, Tier::WordStart as i64);
        assert_eq!(score["command:c.zen"] / TIER, Tier::Prefix as i64);
        assert_eq!(order[0], "command:c.zen");
    }

    #[test]
    fn a_keybinding_is_worth_prior_bound() {
        let mut bound = command("b.save", "Save All");
        bound.global_keybinding = true;
        let (score, order) = ranked(vec![command("a.save", "Save All"), bound], "save all", &[]);
        assert_eq!(
            score["command:b.save"] - score["command:a.save"],
            i64::from(PRIOR_BOUND)
        );
        assert_eq!(order, ["command:b.save", "command:a.save"]);
    }

    #[test]
    fn recency_lifts_an_item_within_its_tier_but_not_into_the_next() {
        let items = || {
            vec![
                command("a.toggle", "Hide Minimap"),
                command("b.minimap", "Minimap"),
            ]
        };
        let (before, _) = ranked(items(), "minimap", &[]);
        let (after, order) = ranked(items(), "minimap", &["command:a.toggle"]);
        assert_eq!(
            after["command:a.toggle"] - before["command:a.toggle"],
            RECENT_BOOST_MAX
        );
        // A title starting with the query is a tier above a word start, recent or not.
        assert_eq!(order, ["command:b.minimap", "command:a.toggle"]);
        assert_eq!(after["command:b.minimap"] / TIER, Tier::Prefix as i64);
        assert_eq!(after["command:a.toggle"] / TIER, Tier::WordStart as i64);
    }

    #[test]
    fn a_slash_name_typed_whole_outranks_a_longer_one_it_starts() {
        let mut wrap = command("a.wrap", "Toggle Word Wrap");
        wrap.keywords = vec!["/wrap".to_string()];
        let mut wraps = command("b.wraps", "Wrap Selection");
        wraps.keywords = vec!["/wraps".to_string()];
        let (score, order) = ranked(vec![wraps, wrap], "/wrap", &[]);
        assert_eq!(score["command:a.wrap"], Tier::Exact.base() - 4);
        assert_eq!(score["command:b.wraps"], Tier::Prefix.base() - 5);
        assert_eq!(order, ["command:a.wrap", "command:b.wraps"]);
    }

    #[test]
    fn fuzzy_hits_need_a_run_and_are_capped() {
        assert_eq!(
            fuzzy(FUZZY_MIN_PER_CHAR * 4, 4),
            Some(FUZZY_MIN_PER_CHAR * 4)
        );
        assert_eq!(fuzzy(FUZZY_MIN_PER_CHAR * 4 - 1, 4), None);
        assert_eq!(fuzzy(10 * FUZZY_MAX, 4), Some(FUZZY_MAX));
    }

    #[test]
    fn settings_nearer_the_top_have_the_larger_prior() {
        assert_eq!(
            prior(false, false, Some("workbench.colorTheme"), false),
            PRIOR_TOP_SETTING
        );
        assert_eq!(
            prior(false, false, Some("editor.minimap.enabled"), true),
            PRIOR_SECOND_LEVEL_SETTING + PRIOR_EDITOR
        );
        assert_eq!(prior(false, false, Some("a.b.c.d"), false), 0);
        assert_eq!(prior(true, false, None, false), PRIOR_BOUND);
        assert_eq!(prior(false, true, None, false), -PRIOR_DERIVED_TITLE);
    }
}
