//! `any` mode, for the /do shortlist: request words weighed by their rarity in the catalog.

use std::cell::Cell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::highlight::Letters;
use super::index::Index;
use super::postings::IN_NAME;
use super::prefilter::char_mask;
use super::score::{
    self, Tier, ANY_COVERAGE, ANY_IN_CATEGORY_OR_ID, ANY_IN_NAME, ANY_OPENER, ANY_PRIOR_DIVISOR,
    ANY_RECENT_DIVISOR, ANY_SCALE, ANY_SECONDARY,
};
use super::{Query, RankOptions, RankedItem};

/// The request ranker's per-entry tallies, kept between queries: zeroing three catalog-long
/// lists per query cost more than the postings it reads. Every entry is zero while the lists
/// wait; a query clears only the entries it wrote. A query that panics never hands them back.
#[derive(Default)]
struct Tallies {
    /// One spelling's best hit quality per entry.
    hits: Vec<u32>,
    /// One group's best weighed hit per entry.
    best: Vec<f64>,
    /// The sum over groups per entry.
    totals: Vec<f64>,
    /// The entries one spelling touched, and one group: empty while waiting, but sized.
    touched: Vec<usize>,
    in_group: Vec<usize>,
}

impl Tallies {
    /// Makes each list `n` long, all zero.
    fn fit(&mut self, n: usize) {
        if self.totals.len() != n {
            *self = Tallies {
                hits: vec![0; n],
                best: vec![0.0; n],
                totals: vec![0.0; n],
                touched: Vec::new(),
                in_group: Vec::new(),
            };
        }
    }
}

thread_local! {
    static TALLIES: Cell<Tallies> = Cell::new(Tallies::default());
}

impl Index {
    /// `any` mode, for the /do shortlist: every request word becomes a group of spellings
    /// (stems, synonyms, typo fixes); each spelling's hit weighs by its rarity in the catalog
    /// (idf), so rare words such as `ruler` outweigh common ones such as `editor`, and a group
    /// counts its best spelling once per item.
    /// Also the items that open a part the request names (`named_openers`), for the popup.
    /// Cost: one pass over the catalog per spelling, a handful per word.
    pub(super) fn rank_any(
        &self,
        query: &Query,
        options: &RankOptions,
        recent_pos: &HashMap<&str, usize>,
        limit: usize,
    ) -> (Vec<RankedItem>, Vec<usize>) {
        let words: Vec<&str> = query.words.iter().map(String::as_str).collect();
        let (groups, worded, expanded) = self.counted_word_groups(&words);
        let n = self.entries.len();
        // Without a kind filter, the index's own list serves: no copy per query.
        let filtered: Vec<bool>;
        let allowed: &[bool] = if options.kinds.is_empty() {
            &self.runs_alone
        } else {
            filtered = self
                .items
                .iter()
                .zip(&self.runs_alone)
                .map(|(item, &alone)| alone && options.kinds.contains(&item.kind))
                .collect();
            &filtered
        };
        // Zero on loan, and zero again when handed back (see `Tallies`).
        let mut tallies = TALLIES.take();
        tallies.fit(n);
        let Tallies {
            hits,
            best,
            totals,
            touched,
            in_group,
        } = &mut tallies;
        // Small words the groups leave out ("on", "in") still cover a name word they are:
        // "fmt on save" names Format On Save, not Save without Formatting.
        let mut spellings: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| solidus_lexicon::vocabulary::is_meaningless(w))
            .collect();
        let typed_small = spellings.len();
        let idf = |df: usize| ((n as f64 + 1.0) / (df as f64 + 0.5)).ln();
        // One spelling's hits, and the items it touched: the postings visit few items, so only
        // those are read and reset, never the whole catalog per spelling.
        for group in &groups {
            // Each spelling weighs by its own rarity: a rare synonym says more than a common one
            // (`enabled` for `hide`), which a weight for the whole group would blur.
            for (spelling, weight) in &group.alternatives {
                spellings.push(spelling);
                let weight = u32::from(*weight);
                let mut record = |i: usize, quality: u32| {
                    if allowed[i] {
                        if hits[i] == 0 {
                            touched.push(i);
                        }
                        hits[i] = hits[i].max(quality * weight / 100);
                    }
                };
                if spelling.contains(' ') {
                    // A quoted phrase: rare, so a scan of the catalog is affordable.
                    let mask = char_mask(spelling);
                    let secondary = self.secondary_hits(spelling);
                    for (i, entry) in self.entries.iter().enumerate() {
                        if let Some(m) = self.match_phrase(entry, spelling, mask, secondary[i]) {
                            record(
                                i,
                                if m.tier == Tier::Secondary {
                                    ANY_SECONDARY
                                } else {
                                    ANY_IN_NAME
                                },
                            );
                        }
                    }
                } else {
                    let prefix = self.postings.prefix(spelling);
                    self.postings.for_prefix(&prefix, |i, place, _| {
                        record(
                            i as usize,
                            if place == IN_NAME {
                                ANY_IN_NAME
                            } else {
                                ANY_IN_CATEGORY_OR_ID
                            },
                        )
                    });
                    self.postings
                        .for_secondary_prefix(&prefix, |i| record(i as usize, ANY_SECONDARY));
                }
                let rarity = idf(touched.len());
                for &i in touched.iter() {
                    if best[i] == 0.0 {
                        in_group.push(i);
                    }
                    best[i] = best[i].max(rarity * f64::from(hits[i]));
                    hits[i] = 0;
                }
                touched.clear();
            }
            for &i in in_group.iter() {
                totals[i] += best[i];
                best[i] = 0.0;
            }
            in_group.clear();
        }
        // A request that only names a part ("source control", "where are my extensions") wants
        // to see it: the part's opener gains up to `ANY_OPENER`, by the share of the request
        // about the part. Added to the totals, so an opener no spelling touched still counts.
        let mut opened: Vec<(usize, f64)> = Vec::new();
        for (row, share) in solidus_lexicon::vocabulary::named_openers(&groups[..expanded], worded)
        {
            if let Some(i) = self.openers[row].filter(|&i| allowed[i]) {
                match opened.iter_mut().find(|(at, _)| *at == i) {
                    Some((_, best)) => *best = best.max(share),
                    None => opened.push((i, share)),
                }
            }
        }
        for &(i, share) in &opened {
            totals[i] += share * ANY_OPENER as f64 / ANY_SCALE;
        }
        // Every score but the name coverage first; coverage adds at most `ANY_COVERAGE`, so an
        // item whose score without it trails the `limit`-th best by more than that cannot reach
        // the list, and its title words need not be read. The list is the same, at a fraction
        // of the cost when a common word ("editor", "all") touches most of the catalog.
        let mut scored: Vec<(i64, usize)> = Vec::new();
        for (i, slot) in totals.iter_mut().enumerate() {
            let total = *slot;
            if total != 0.0 {
                *slot = 0.0;
            }
            if total <= 0.0 {
                continue;
            }
            let mut score =
                (total * ANY_SCALE) as i64 + i64::from(self.entries[i].prior) / ANY_PRIOR_DIVISOR;
            if let Some(&pos) = recent_pos.get(self.items[i].id.as_str()) {
                score += score::recency(pos) / ANY_RECENT_DIVISOR;
            }
            scored.push((score, i));
        }
        TALLIES.set(tallies);
        let floor = if scored.len() > limit {
            let mut bases: Vec<i64> = scored.iter().map(|&(s, _)| s).collect();
            let (_, nth, _) = bases.select_nth_unstable_by(limit - 1, |a, b| b.cmp(a));
            *nth - ANY_COVERAGE
        } else {
            i64::MIN
        };
        scored.retain(|&(score, _)| score >= floor);
        // Best first by the score without coverage: once the list's `limit`-th score so far
        // beats an item's score plus the most coverage adds, no later item can reach the list,
        // and its name need not be read. Exact, as the floor is.
        scored.sort_unstable_by_key(|&(base, _)| Reverse(base));
        let mut kept: Vec<(i64, usize)> = Vec::with_capacity(scored.len().min(4 * limit));
        let mut lowest_kept: BinaryHeap<Reverse<i64>> = BinaryHeap::with_capacity(limit + 1);
        for (base, i) in scored {
            if lowest_kept.len() == limit
                && lowest_kept
                    .peek()
                    .is_some_and(|Reverse(low)| base + ANY_COVERAGE < *low)
            {
                break;
            }
            // Among items matching the same words, the one whose name is mostly those words wins.
            let entry = &self.entries[i];
            let (covered, mut names) = self.name_coverage(entry, &spellings, typed_small);
            // A command's leading generic verb (View: Toggle Problems) says only that its
            // object appears: "list of errors" names Toggle Problems as wholly as the
            // Problems view, unless the request says the verb.
            if names > 1 && self.leading_generic_verb(i, &spellings[typed_small..]) {
                names -= 1;
            }
            // Another part's variant (Emmet: Toggle Comment) is named only with its part.
            if self.other_parts_category(entry, &words) {
                names += entry.category_words as usize;
            }
            let score = base + score::coverage(ANY_COVERAGE, covered.min(names), names);
            kept.push((score, i));
            lowest_kept.push(Reverse(score));
            if lowest_kept.len() > limit {
                lowest_kept.pop();
            }
        }
        let scored = kept;
        // Spellings hit word starts only, so only word starts are marked: a synonym's letters
        // scattered over a title would mark what did not match, and cost a fuzzy pass per row.
        let rows = self.top(
            scored,
            limit,
            recent_pos,
            &spellings[typed_small..],
            Letters::WordStarts,
        );
        (rows, opened.into_iter().map(|(i, _)| i).collect())
    }

    /// The groups of spellings `any` mode looks for: each word's stems, synonyms and typo
    /// fixes over this catalog's words, and the parts the words describe.
    pub fn word_groups(&self, words: &[&str]) -> Vec<solidus_lexicon::vocabulary::WordGroup> {
        self.counted_word_groups(words).0
    }

    /// Whether the words name a part of VS Code and nothing else (`named_openers` with the
    /// whole request about the part), and the part's opener is in this catalog.
    pub(super) fn names_a_part_wholly(&self, words: &[&str]) -> bool {
        let (groups, worded, expanded) = self.counted_word_groups(words);
        solidus_lexicon::vocabulary::named_openers(&groups[..expanded], worded)
            .into_iter()
            .any(|(row, share)| share >= 1.0 && self.openers[row].is_some())
    }

    /// `word_groups`, how many of them are the request's own words, and how many come from
    /// its words at all (the words', then the phrases' its neighbouring words name); the rest
    /// are the parts its words describe.
    fn counted_word_groups(
        &self,
        words: &[&str],
    ) -> (Vec<solidus_lexicon::vocabulary::WordGroup>, usize, usize) {
        let (mut groups, worded) = solidus_lexicon::vocabulary::expand_counted(
            words,
            |w| self.starts_a_word(w),
            |w| self.is_word(w),
            &self.postings.words,
        );
        let expanded = groups.len();
        groups.extend(solidus_lexicon::vocabulary::described_parts(words));
        (groups, worded, expanded)
    }

    /// Whether some word of the catalog starts with `prefix`.
    fn starts_a_word(&self, prefix: &str) -> bool {
        !self.postings.prefix_range(prefix).is_empty()
    }

    /// Whether `word` is a word of some title or id (descriptions mention ids such as
    /// `fontsize`, which must not stop a compound from being split).
    fn is_word(&self, word: &str) -> bool {
        self.postings.is_name_word(word)
    }
}
