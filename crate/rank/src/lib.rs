//! The ranker: turns typed text into an ordered, highlighted list of catalog items.
//!
//! Tiers sit above the fuzzy score so a match on what a user sees first always wins:
//! exact slash name or id > title prefix > word starts > fuzzy in title > keywords, description
//! or enum values. Fuzzy matching is `fuzzy-matcher`'s skim algorithm.
//!
//! The parts, in the order a query meets them: `query` parses the text; `index` holds each
//! item's lowercase texts and `postings` the catalog's words; `prefilter` rules entries out by
//! their bits; `matching` (the popup) and `any` (the /do shortlist) score what is left with the
//! weights in `score`; `order` keeps the best; `highlight` marks what matched.

mod any;
mod clauses;
mod highlight;
mod index;
mod matching;
mod order;
mod postings;
mod prefilter;
mod query;
mod score;

use std::collections::HashMap;

use fuzzy_matcher::FuzzyMatcher;
use serde::{Deserialize, Serialize};

use score::{Tier, CATEGORY_WORD, COVERAGE, PALETTE_HIDDEN};
use solidus_model::item::ItemKind;

use clauses::split_requests;
pub use index::Index;
pub use query::{parse_plain, parse_query, Query};

/// `all`: every word must match (the popup). `any`: any word may match (the /do shortlist).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RankMode"))]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    #[default]
    All,
    Any,
}

/// How to rank.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RankOptions {
    pub limit: usize,
    pub mode: Mode,
    /// Item ids, most recently used first; they get a bounded boost and break ties.
    pub recent: Vec<String>,
    /// Only these kinds, when not empty.
    pub kinds: Vec<ItemKind>,
}

impl Default for RankOptions {
    fn default() -> Self {
        RankOptions {
            limit: 50,
            mode: Mode::All,
            recent: Vec::new(),
            kinds: Vec::new(),
        }
    }
}

/// One ranked result.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RankedItem {
    /// Position of the item in the index.
    pub index: usize,
    pub score: i64,
    /// Highlight ranges in the title, `[start, end)` in UTF-16 code units.
    pub highlights: Vec<[u32; 2]>,
    /// Found by the request ranker, not by every word: listed below the popup's "Related" divider.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub related: bool,
}

/// At most this many related rows: about a screen of the popup. Further down, a related list is
/// rarely what was meant, and every row costs a highlight pass while the user types.
const RELATED_ROWS: usize = 15;

/// Each recently run item's place in `options.recent` (0 = most recent), by id.
fn recent_positions(options: &RankOptions) -> HashMap<&str, usize> {
    options
        .recent
        .iter()
        .enumerate()
        .map(|(i, id)| (id.as_str(), i))
        .collect()
}

impl Index {
    /// The popup's list. A name the query starts, or whose every word the query's words start,
    /// is what the user named: the every-word matches alone, in their order. Otherwise the
    /// every-word matches and the request ranker's best (word forms, synonyms, typos, rare
    /// words first) are ranked together by reciprocal rank, each every-word row weighed by how
    /// good its match is (`literal_weight`) and how much of its name the query covers
    /// (`covered_share`), so a typo, a short form or an everyday word reaches the first rows
    /// when titles hold the typed words only loosely. Rows after the
    /// last every-word row are marked `related`, below the popup's divider.
    /// Cost: one `all` pass, and one `any` pass unless the query named an item.
    pub fn rank_with_related(&self, query: &Query, options: &RankOptions) -> Vec<RankedItem> {
        let rows = self.rank(query, options);
        if options.mode != Mode::All || query.slash.is_some() || query.words.is_empty() {
            return rows;
        }
        // A name that starts with what was typed, or whose every word the typed words start
        // ("editor tab size" for Editor: Tab Size), is what the user named: nothing to relate.
        let words: Vec<&str> = query.words.iter().map(String::as_str).collect();
        // A name whose words the typed words merely start ("Env: Windows" for "terminal
        // window") yields to a part the words name wholly: the terminal is what was asked for.
        let named = rows.first().is_some_and(|r| {
            r.score >= Tier::Prefix.base()
                || (r.score >= Tier::WordStart.base() && {
                    let (covered, names) = self.name_coverage(&self.entries[r.index], &words, 0);
                    names > 0 && covered == names && !self.names_a_part_wholly(&words)
                })
        });
        if named {
            return rows;
        }
        let strong = rows
            .iter()
            .take_while(|r| r.score >= Tier::WordStart.base())
            .count();
        let limit = options.limit.max(1);
        let related_limit = (rows.len().max(strong) + RELATED_ROWS).min(limit);
        let any = RankOptions {
            mode: Mode::Any,
            limit: related_limit,
            ..options.clone()
        };
        let (understood, opened) = self.understood(query, &any);
        // The typed words that are whole words of the catalog, for `scattered_word` below.
        let catalog_words: Vec<&str> = words
            .iter()
            .copied()
            .filter(|q| self.postings.is_name_word(q))
            .collect();
        // Room for both lists at once: growing the map rehashed every row it held.
        let mut fused: HashMap<usize, (f64, Option<usize>, RankedItem)> =
            HashMap::with_capacity(rows.len() + understood.len());
        for (rank, row) in rows.into_iter().enumerate() {
            let entry = &self.entries[row.index];
            let (covered, mut names) = self.name_coverage_with_runs(entry, &words);
            // Another part's variant (Emmet: Toggle Comment) is named only with its part.
            if self.other_parts_category(entry, &words) {
                names += entry.category_words as usize;
            }
            // A whole word of the catalog ("opened") found only as scattered letters is a
            // loose match, as a description word is: people type a word they know whole.
            let scattered_word = row.score < Tier::WordStart.base()
                && catalog_words.iter().any(|q| {
                    !self.title_words(entry).any(|(w, _)| w.starts_with(q))
                        && !self.ident(entry).contains(q)
                });
            let weight = if scattered_word {
                score::literal_weight(Tier::Secondary.base())
            } else {
                score::literal_weight(row.score)
            } * score::covered_share(covered, names);
            let share = weight / (FUSION_DAMPING + rank as f64);
            fused.insert(row.index, (share, Some(rank), row));
        }
        for (rank, row) in understood.into_iter().enumerate() {
            let weight = score::understood_weight(
                self.items[row.index].keybinding.is_some(),
                opened.contains(&row.index),
            );
            let share = weight / (FUSION_DAMPING + rank as f64);
            fused
                .entry(row.index)
                .and_modify(|(total, _, _)| *total += share)
                .or_insert((share, None, row));
        }
        let mut ranked: Vec<(f64, Option<usize>, RankedItem)> = fused.into_values().collect();
        ranked.sort_by(|a, b| {
            b.0.total_cmp(&a.0)
                .then_with(|| a.1.unwrap_or(usize::MAX).cmp(&b.1.unwrap_or(usize::MAX)))
                .then_with(|| self.title_order[a.2.index].cmp(&self.title_order[b.2.index]))
        });
        ranked.truncate(related_limit.max(strong));
        let ranked = self.hidden_look_alikes_last(ranked, |(_, _, r)| r.index);
        let last_literal = ranked.iter().rposition(|(_, literal, _)| literal.is_some());
        ranked
            .into_iter()
            .enumerate()
            .map(|(at, (_, _, mut row))| {
                row.related = last_literal.is_none_or(|last| at > last);
                row
            })
            .collect()
    }

    /// The rows in order, but a command hidden from the palette that reads as a listed row does
    /// (Format Document's no-formatter variant, found through its keybinding) after every
    /// other row: the popup shows that name once, by the command the palette shows.
    fn hidden_look_alikes_last<R>(&self, rows: Vec<R>, index: impl Fn(&R) -> usize) -> Vec<R> {
        let shown: std::collections::HashSet<&str> = rows
            .iter()
            .map(&index)
            .filter(|&i| !self.items[i].palette_hidden)
            .map(|i| self.items[i].title.as_str())
            .collect();
        let (first, again): (Vec<R>, Vec<R>) = rows.into_iter().partition(|r| {
            let item = &self.items[index(r)];
            !(item.palette_hidden && shown.contains(item.title.as_str()))
        });
        first.into_iter().chain(again).collect()
    }

    /// The request ranker's rows for the popup, and the items that open a part the query
    /// names. `options` are `any` mode's.
    fn understood(&self, query: &Query, options: &RankOptions) -> (Vec<RankedItem>, Vec<usize>) {
        if split_requests(&query.text).len() > 1 {
            return (self.rank(query, options), Vec::new());
        }
        let recent_pos = recent_positions(options);
        self.rank_any(query, options, &recent_pos, options.limit.max(1))
    }

    /// Ranks the whole index for `query`. Cost: one pass over every item with a bit-mask
    /// prefilter; fuzzy matching only where every character of a word occurs in the item.
    pub fn rank(&self, query: &Query, options: &RankOptions) -> Vec<RankedItem> {
        let recent_pos = recent_positions(options);
        let words: Vec<&str> = query.words.iter().map(String::as_str).collect();
        let limit = options.limit.max(1);
        if words.is_empty() && query.slash.is_none() {
            return self.recent_only(options, limit);
        }
        if options.mode == Mode::Any && query.slash.is_none() {
            let requests = split_requests(&query.text);
            if requests.len() > 1 {
                return self.rank_requests(query, &requests, options, &recent_pos, limit);
            }
            return self.rank_any(query, options, &recent_pos, limit).0;
        }
        let phrase = words.join(" ");
        let whole = query.text.trim().to_lowercase();
        let allowed =
            |i: usize| options.kinds.is_empty() || options.kinds.contains(&self.items[i].kind);
        let mut scored: Vec<(i64, usize)> = Vec::new();
        if let Some(slash) = &query.slash {
            for (index, entry) in self.entries.iter().enumerate() {
                let Some(names) = self.slash(entry) else {
                    continue;
                };
                if !allowed(index) {
                    continue;
                }
                // The first name is the one the item is listed under; the others are aliases.
                let best = names
                    .split(' ')
                    .enumerate()
                    .filter_map(|(at, name)| {
                        let fuzzy = || self.matcher.fuzzy_match(name, slash);
                        Some((score::slash_tier(name, slash, fuzzy)?, name, at > 0))
                    })
                    .max_by_key(|&(tier, name, alias)| {
                        (tier, std::cmp::Reverse((name.len(), alias)))
                    });
                let Some((tier, name, alias)) = best else {
                    continue;
                };
                let file_command = self.items[index].kind == ItemKind::Slash;
                scored.push((
                    score::slash(tier, name.len(), file_command, alias)
                        + self.recency_boost(index, &recent_pos),
                    index,
                ));
            }
        } else {
            let matches = self.match_all(&words, &allowed, limit);
            scored.reserve(matches.len());
            for (index, matched) in matches {
                let entry = &self.entries[index];
                if entry.hidden_twin && self.ident(entry) != whole {
                    continue;
                }
                let mut tier = matched.lowest;
                let mut score = matched.score;
                // Among equal matches, the item whose title is mostly the query is the more specific one.
                let object = self.name_object(index, &words);
                let (covered, names) = self.name_coverage_with_runs(entry, &words);
                score += score::coverage(COVERAGE, covered, names);
                if self.ident(entry) == whole
                    || self
                        .slash(entry)
                        .is_some_and(|names| names.split(' ').any(|n| n == phrase))
                {
                    tier = Tier::Exact;
                } else if (self.name_lower(entry).starts_with(&phrase)
                    // "full screen" names View: Toggle Full Screen (see `name_object`).
                    || object.is_some_and(|o| o.starts_with(&phrase))
                    // "view: tog" is the palette's label typed from its start, category and all.
                    || (whole.contains(':') && self.title_lower(entry).starts_with(&whole)))
                    // A title derived from the id is a guess at a name, not one VS Code shows:
                    // its words count as words, never as the name the user typed.
                    && !entry.guessed_title
                    // Another part's variant of the thing typed is no name of the thing.
                    && !self.other_parts_category(entry, &words)
                {
                    tier = Tier::Prefix;
                }
                // A shorter category is the more general item: `Editor: Word Wrap` before
                // `Diff Editor: Word Wrap`.
                score -= CATEGORY_WORD * entry.category_words as i64;
                if self.items[index].palette_hidden {
                    score -= PALETTE_HIDDEN;
                }
                score +=
                    tier.base() + i64::from(entry.prior) + self.recency_boost(index, &recent_pos);
                scored.push((score, index));
            }
        }
        // A slash name is highlighted where it matches the title, as words are.
        let slash_word: Vec<&str> = query.slash.iter().map(String::as_str).collect();
        let shown = if query.slash.is_some() {
            &slash_word
        } else {
            &words
        };
        self.top(scored, limit, &recent_pos, shown, highlight::Letters::Fuzzy)
    }
}

/// Reciprocal rank fusion's damping: a row's share of a list is `1 / (FUSION_DAMPING + rank)`,
/// so the first rows of each request count about equally and no list's head swamps the others.
/// 10 and 20 tied on the tuning sets (chatty-dev2, chatty-dev3); 60, the usual default, was lower.
const FUSION_DAMPING: f64 = 10.0;

impl Index {
    /// A request that asks for several things: each request's own ranking and the whole text's,
    /// fused by reciprocal rank so every request's best rows reach the head of the list.
    /// Cost: one `any` pass per request, plus one for the whole.
    fn rank_requests(
        &self,
        whole: &Query,
        requests: &[String],
        options: &RankOptions,
        recent_pos: &HashMap<&str, usize>,
        limit: usize,
    ) -> Vec<RankedItem> {
        let lists = requests
            .iter()
            .map(|r| self.rank_any(&parse_plain(r), options, recent_pos, limit).0)
            .chain(std::iter::once(
                self.rank_any(whole, options, recent_pos, limit).0,
            ));
        let mut fused: HashMap<usize, (f64, RankedItem)> = HashMap::new();
        for list in lists {
            for (rank, row) in list.into_iter().enumerate() {
                fused.entry(row.index).or_insert((0.0, row)).0 +=
                    1.0 / (FUSION_DAMPING + rank as f64);
            }
        }
        let mut rows: Vec<(f64, RankedItem)> = fused.into_values().collect();
        rows.sort_by(|a, b| {
            b.0.total_cmp(&a.0)
                .then_with(|| self.title_order[a.1.index].cmp(&self.title_order[b.1.index]))
        });
        rows.into_iter().map(|(_, row)| row).take(limit).collect()
    }
}
