//! Matching: which entries every query word matches, and how well (the popup's `all` mode;
//! quoted phrases for both modes).

use std::cell::Cell;

use fuzzy_matcher::FuzzyMatcher;

use super::index::{Entry, Index};
use super::postings::IN_ID;
use super::prefilter::{char_bit, char_mask, first_pair_bit, pair_bits};
use super::score::{self, Tier, ID_SUBSTRING, MIN_INNER_LEN};

/// How one query word matched one entry.
#[derive(Clone, Copy, Debug)]
pub(super) struct WordMatch {
    pub(super) tier: Tier,
    /// Far below a tier (`score`'s checks); 32 bits halve the per-word table of the catalog.
    pub(super) score: i32,
}

impl WordMatch {
    /// A `len`-char word starting a keyword, description or enum value word.
    fn secondary(len: i64) -> WordMatch {
        WordMatch {
            tier: Tier::Secondary,
            score: score::secondary(len) as i32,
        }
    }
}

/// What all words of a query matched in one entry.
pub(super) struct AllMatch {
    pub(super) score: i64,
    pub(super) lowest: Tier,
}

thread_local! {
    /// Hit lists of catalog length, every entry `None`, kept between queries: clearing the
    /// entries a word touched costs far less than a new list per word. A query that panics
    /// never hands its lists back.
    static SPARE_HITS: Cell<Vec<Vec<Option<WordMatch>>>> = const { Cell::new(Vec::new()) };
}

impl Index {
    /// `all` mode: the entries every word matches, with summed word scores and the weakest
    /// tier. Word starts come from the postings; only entries still in the running are
    /// checked for fuzzy and substring matches, and the most selective word goes first, so
    /// one word at most pays for a pass over the catalog.
    pub(super) fn match_all(
        &self,
        words: &[&str],
        allowed: &dyn Fn(usize) -> bool,
        limit: usize,
    ) -> Vec<(usize, AllMatch)> {
        // Strong hits (word starts, description words) per word, from the postings, and the
        // entries each word touched: counts and the every-word check read those few entries,
        // never the whole catalog per word.
        let mut spare = SPARE_HITS.take();
        let mut strong: Vec<Vec<Option<WordMatch>>> = Vec::with_capacity(words.len());
        let mut touched: Vec<Vec<u32>> = Vec::with_capacity(words.len());
        let matches =
            self.match_words(words, allowed, limit, &mut spare, &mut strong, &mut touched);
        // Each list goes back empty: a word wrote only the entries it touched.
        for (mut hits, seen) in strong.into_iter().zip(&touched) {
            for &i in seen {
                hits[i as usize] = None;
            }
            spare.push(hits);
        }
        SPARE_HITS.set(spare);
        matches
    }

    /// `match_all` with its lists: `strong` and `touched` get one per word, each hit list
    /// taken from `spare` when one is there.
    fn match_words(
        &self,
        words: &[&str],
        allowed: &dyn Fn(usize) -> bool,
        limit: usize,
        spare: &mut Vec<Vec<Option<WordMatch>>>,
        strong: &mut Vec<Vec<Option<WordMatch>>>,
        touched: &mut Vec<Vec<u32>>,
    ) -> Vec<(usize, AllMatch)> {
        let n = self.entries.len();
        for word in words {
            let len = word.chars().count() as i64;
            let mut hits = spare
                .pop()
                .filter(|hits| hits.len() == n)
                .unwrap_or_else(|| vec![None; n]);
            // Sized once: a common word touches thousands of entries, one push at a time.
            let prefix = self.postings.prefix(word);
            let mut seen: Vec<u32> = Vec::with_capacity(self.postings.hit_bound(&prefix).min(n));
            if word.contains(' ') {
                // A quoted phrase: rare, so a scan is affordable.
                let mask = char_mask(word);
                let secondary = self.secondary_hits(word);
                for (i, entry) in self.entries.iter().enumerate() {
                    hits[i] = self.match_phrase(entry, word, mask, secondary[i]);
                    if hits[i].is_some() {
                        seen.push(i as u32);
                    }
                }
                strong.push(hits);
                touched.push(seen);
                continue;
            }
            self.postings.for_secondary_prefix(&prefix, |i| {
                let slot = &mut hits[i as usize];
                if slot.is_none() {
                    seen.push(i);
                }
                *slot = Some(WordMatch::secondary(len));
            });
            self.postings.for_prefix(&prefix, |i, place, exact| {
                let score = match place {
                    IN_ID => score::id_word_start(len),
                    _ => score::title_word_start(len, exact),
                };
                let slot = &mut hits[i as usize];
                if slot.is_none() {
                    seen.push(i);
                }
                if slot
                    .as_ref()
                    .is_none_or(|m| m.tier < Tier::WordStart || i64::from(m.score) < score)
                {
                    *slot = Some(WordMatch {
                        tier: Tier::WordStart,
                        score: score as i32,
                    });
                }
            });
            // Two title words typed as one ("sidebar" for Side Bar, "goto" for Go to): the word
            // starts the first of them as much as a spaced query would start both.
            let whole = score::title_word_start(len, true);
            for (left, right) in self.run_together_splits(word) {
                self.postings.for_word(left, |i, place| {
                    let slot = &mut hits[i as usize];
                    if place == IN_ID
                        || slot.is_some_and(|m| {
                            m.tier == Tier::WordStart && i64::from(m.score) >= whole
                        })
                        || !self.title_has_pair(&self.entries[i as usize], left, right)
                    {
                        return;
                    }
                    if slot.is_none() {
                        seen.push(i);
                    }
                    *slot = Some(WordMatch {
                        tier: Tier::WordStart,
                        score: whole as i32,
                    });
                });
            }
            strong.push(hits);
            touched.push(seen);
        }
        // Fuzzy and description matches rank a whole tier below entries where every word starts
        // a word, so when there are enough of those the rest can never make the list. Word
        // scores stay far below a tier for short queries, which keeps this exact.
        if words.len() <= 4 && !words.iter().any(|w| w.contains(' ')) {
            let starts = |m: &Option<WordMatch>| m.is_some_and(|m| m.tier == Tier::WordStart);
            let rarest = (0..words.len()).min_by_key(|&w| touched[w].len());
            let mut every_word_starts: Vec<(usize, AllMatch)> =
                Vec::with_capacity(rarest.map_or(0, |w| touched[w].len()));
            for i in rarest
                .map(|w| touched[w].iter().map(|&i| i as usize))
                .into_iter()
                .flatten()
                .filter(|&i| strong.iter().all(|hits| starts(&hits[i])) && allowed(i))
            {
                let score = strong
                    .iter()
                    .filter_map(|hits| hits[i].map(|m| i64::from(m.score)))
                    .sum();
                every_word_starts.push((
                    i,
                    AllMatch {
                        score,
                        lowest: Tier::WordStart,
                    },
                ));
            }
            if every_word_starts.len() >= limit {
                return every_word_starts;
            }
        }
        // The first word visits every entry that could match it, the rest only what is left, so
        // the first is the word with the fewest possible matches: its strong hits plus the
        // entries its letters let through to the fuzzy and id checks ("close" before "editors",
        // whose letters every Editor title holds).
        // The order changes the cost, never the list, so an estimate serves: strong hits plus
        // a bound on the entries whose letters let the word through, read off the index's bit
        // counts without a pass over the catalog.
        let mut order: Vec<(usize, usize)> = words
            .iter()
            .enumerate()
            .map(|(w, word)| {
                let bound = self.bit_counts.bound(char_mask(word), first_pair_bit(word));
                (touched[w].len() + bound, w)
            })
            .collect();
        order.sort_unstable();
        let order: Vec<usize> = order.into_iter().map(|(_, w)| w).collect();
        let mut candidates: Vec<(usize, AllMatch)> = Vec::new();
        for (step, &w) in order.iter().enumerate() {
            let word = words[w];
            let len = word.chars().count() as i64;
            let mask = char_mask(word);
            let pair = first_pair_bit(word);
            // Every letter pair of the word: an id holding the word has each of them.
            let pairs = pair_bits(word);
            // A whole word of the catalog that starts title words was typed whole: its letters
            // scattered over another title are no match anyone means ("font" over "Folder
            // Contents"), and looking for them is most of a common word's cost.
            // Nor inside another id word ("font" in a `fontsize` key, which its title spells out
            // anyway): such a word's matches are its postings, read without a pass.
            let whole = self.postings.is_name_word(word) && !touched[w].is_empty();
            let check = |i: usize| -> Option<WordMatch> {
                let strong_hit = strong[w][i];
                if let Some(m) = strong_hit {
                    if m.tier == Tier::WordStart || word.contains(' ') {
                        return Some(m);
                    }
                }
                let entry = &self.entries[i];
                if entry.mask & mask != mask {
                    return strong_hit;
                }
                if !whole && entry.start_pairs & pair != 0 {
                    if let Some(m) = self.fuzzy_title(entry, &self.items[i].title, word, len) {
                        return Some(m);
                    }
                }
                if strong_hit.is_some() || whole {
                    return strong_hit;
                }
                if entry.ident_pairs & pairs != pairs {
                    return None;
                }
                self.id_substring(entry, word, len)
            };
            if step == 0 {
                // Most of the word's strong hits become candidates: the list starts that long.
                candidates.reserve(touched[w].len());
                let mut consider = |i: usize| {
                    if allowed(i) {
                        if let Some(m) = check(i) {
                            candidates.push((
                                i,
                                AllMatch {
                                    score: i64::from(m.score),
                                    lowest: m.tier,
                                },
                            ));
                        }
                    }
                };
                if whole {
                    // In any order: `top` orders the rows by a total order of its own.
                    touched[w].iter().for_each(|&i| consider(i as usize));
                } else {
                    // Side by side with the word's hits, so the pass indexes neither list.
                    let rows = self.prefilter.iter().zip(&strong[w]).enumerate();
                    for (i, (&(entry_mask, pairs), strong_hit)) in rows {
                        // The tests `check` starts with, inline: most entries fail them, and the
                        // pass over the catalog stays tight.
                        if strong_hit.is_none() && (entry_mask & mask != mask || pairs & pair == 0)
                        {
                            continue;
                        }
                        consider(i);
                    }
                }
            } else {
                candidates.retain_mut(|(i, matched)| match check(*i) {
                    Some(m) => {
                        matched.score += i64::from(m.score);
                        matched.lowest = matched.lowest.min(m.tier);
                        true
                    }
                    None => false,
                });
            }
            if candidates.is_empty() {
                break;
            }
        }
        candidates
    }

    /// The ways `word` is two title words run together, each part a title word of the catalog
    /// at least two letters long. Cost: a binary search per cut.
    fn run_together_splits<'w>(&self, word: &'w str) -> Vec<(&'w str, &'w str)> {
        if word.len() < 4 || !word.is_ascii() {
            return Vec::new();
        }
        (2..=word.len() - 2)
            .map(|cut| word.split_at(cut))
            .filter(|(left, right)| {
                self.postings.is_name_word(left) && self.postings.is_name_word(right)
            })
            .collect()
    }

    /// Whether the entry's title has `left` followed by `right` as neighbouring words.
    fn title_has_pair(&self, entry: &Entry, left: &str, right: &str) -> bool {
        let mut words = self.title_words(entry).map(|(w, _)| w).peekable();
        while let Some(w) = words.next() {
            if w == left && words.peek() == Some(&right) {
                return true;
            }
        }
        false
    }

    /// A fuzzy match of `word` in the title, when it is plausible enough to ask skim.
    fn fuzzy_title(&self, entry: &Entry, title: &str, word: &str, len: i64) -> Option<WordMatch> {
        let first = word.chars().next().map(char_bit).unwrap_or(0);
        if len < MIN_INNER_LEN
            || entry.initials & first == 0
            || word.contains(' ')
            || !plausible_fuzzy(word, self.title_words(entry).map(|(w, _)| w))
        {
            return None;
        }
        let skim = self.matcher.fuzzy_match(title, word)?;
        score::fuzzy(skim, len).map(|score| WordMatch {
            tier: Tier::Fuzzy,
            score: score as i32,
        })
    }

    /// For each entry, whether `word` starts a word somewhere in its secondary text.
    /// Cost: a binary search in the vocabulary plus the postings of the matching words.
    pub(super) fn secondary_hits(&self, word: &str) -> Vec<bool> {
        let mut hits = vec![false; self.entries.len()];
        if word.contains(' ') {
            // A quoted phrase: scan the texts themselves, which is rare enough to afford.
            for (hit, entry) in hits.iter_mut().zip(&self.entries) {
                *hit = self.text[entry.secondary.range()].contains(word);
            }
            return hits;
        }
        self.postings
            .for_secondary_prefix(&self.postings.prefix(word), |i| hits[i as usize] = true);
        hits
    }

    /// A quoted phrase in one entry: found in the title it counts as a word start, then in the
    /// secondary text, then inside the id. Only phrases come here (a phrase cannot start a
    /// single title word, nor be fuzzy); single words go through the postings.
    pub(super) fn match_phrase(
        &self,
        entry: &Entry,
        phrase: &str,
        mask: u64,
        secondary_hit: bool,
    ) -> Option<WordMatch> {
        debug_assert!(phrase.contains(' '), "single words go through the postings");
        let len = phrase.chars().count() as i64;
        // Neither the title nor the id holds every letter: only the secondary text can.
        if entry.mask & mask != mask {
            return secondary_hit.then(|| WordMatch::secondary(len));
        }
        if self.title_lower(entry).contains(phrase) {
            return Some(WordMatch {
                tier: Tier::WordStart,
                score: score::title_word_start(len, false) as i32,
            });
        }
        if secondary_hit {
            return Some(WordMatch::secondary(len));
        }
        self.id_substring(entry, phrase, len)
    }

    /// `word` inside the id or key, when it is long enough to mean something there.
    fn id_substring(&self, entry: &Entry, word: &str, len: i64) -> Option<WordMatch> {
        (len >= MIN_INNER_LEN && holds(self.ident(entry), word)).then_some(WordMatch {
            tier: Tier::Secondary,
            score: ID_SUBSTRING as i32,
        })
    }
}

/// Whether `haystack` holds `needle`. Ids and typed words are a few dozen bytes: comparing at
/// each offset beats `str::contains`, whose searcher setup dominated the popup's rank in wasm
/// (10% of it, in a Node CPU profile of the bench's queries).
fn holds(haystack: &str, needle: &str) -> bool {
    let (hay, nee) = (haystack.as_bytes(), needle.as_bytes());
    match nee.first() {
        None => true,
        Some(&first) => hay
            .windows(nee.len())
            .any(|window| window[0] == first && window == nee),
    }
}

/// The fuzzy matches people mean: the word read as prefixes of title words in order
/// (`fosi` → Font Size, `tgwr` → Toggle Word Wrap) with its first two letters starting a
/// word, or as one title word with letters left out (`comit` → Commit). Cheap, so skim
/// only scores candidates that pass.
fn plausible_fuzzy<'a>(word: &str, title_words: impl Iterator<Item = &'a str> + Clone) -> bool {
    // Bytes, not chars: a prefix in chars is a prefix in bytes, and skim makes the real call.
    let chars = word.as_bytes();
    const MAX: usize = 64;
    if chars.len() < 2 || chars.len() > MAX {
        return false;
    }
    // One word with letters left out.
    for w in title_words.clone() {
        let w = w.as_bytes();
        if w.len() >= 2 && w[0] == chars[0] && w[1] == chars[1] && {
            let mut rest = w.iter();
            chars.iter().all(|n| rest.any(|h| h == n))
        } {
            return true;
        }
    }
    // Prefix chunks: `reach[i]` is one past the first title word a match of `chars[..i]` may
    // continue from (0 = not reachable).
    let mut reach = [0usize; MAX + 1];
    reach[0] = 1;
    for i in 0..chars.len() {
        if reach[i] == 0 {
            continue;
        }
        let from = reach[i] - 1;
        for (k, w) in title_words.clone().enumerate().skip(from) {
            let run = w
                .as_bytes()
                .iter()
                .zip(&chars[i..])
                .take_while(|(a, b)| a == b)
                .count();
            // The first chunk must be two letters long; later ones may be one (an initial).
            let shortest = if i == 0 { 2 } else { 1 };
            for end in shortest..=run {
                let slot = &mut reach[i + end];
                if *slot == 0 || *slot > k + 2 {
                    *slot = k + 2;
                }
            }
        }
    }
    reach[chars.len()] != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::words_with_offsets;

    fn words(title: &str) -> Vec<String> {
        words_with_offsets(title)
            .into_iter()
            .map(|(w, _)| w)
            .collect()
    }

    fn plausible_fuzzy_in(word: &str, words: &[String]) -> bool {
        plausible_fuzzy(word, words.iter().map(String::as_str))
    }

    #[test]
    fn fuzzy_gate_accepts_word_prefix_chunks_and_in_word_omissions() {
        assert!(plausible_fuzzy_in("fosi", &words("Editor: Font Size")));
        assert!(
            !plausible_fuzzy_in("tgwr", &words("View: Toggle Word Wrap")),
            "tg is not a prefix of toggle"
        );
        assert!(plausible_fuzzy_in(
            "towowr",
            &words("View: Toggle Word Wrap")
        ));
        assert!(plausible_fuzzy_in("comit", &words("Git: Commit")));
        // Letters scattered across a word's middle are noise, not a match.
        assert!(!plausible_fuzzy_in("tab", &words("Start Debugging")));
        assert!(!plausible_fuzzy_in("x", &words("Extensions")));
    }

    /// Two title words typed as one start the first of them as a spaced query would: "sidebar"
    /// names View: Toggle Side Bar as a word start, not a fuzzy guess, and only where the two
    /// words are neighbours.
    #[test]
    fn two_title_words_typed_as_one_start_a_word() {
        use solidus_model::item::{Item, ItemKind};
        let command = |id: &str, title: &str| Item {
            id: format!("command:{id}"),
            kind: ItemKind::Command,
            title: title.to_string(),
            command: Some(id.to_string()),
            ..Item::default()
        };
        let index = Index::new(vec![
            command("a.side", "View: Toggle Side Bar"),
            command("b.apart", "Side Panel: Bar Chart"),
            command("c.goto", "Go to Definition"),
        ]);
        let tier_of = |q: &str, at: usize| {
            index
                .match_all(&[q], &|_| true, 50)
                .into_iter()
                .find(|(i, _)| *i == at)
                .map(|(_, m)| m.lowest)
        };
        assert_eq!(tier_of("sidebar", 0), Some(Tier::WordStart));
        assert_ne!(
            tier_of("sidebar", 1),
            Some(Tier::WordStart),
            "not neighbours"
        );
        assert_eq!(tier_of("goto", 2), Some(Tier::WordStart));
    }

    #[test]
    fn holds_finds_a_word_anywhere_in_an_id() {
        assert!(holds("editor.fontsize", "size"));
        assert!(holds("editor.fontsize", "editor.fontsize"));
        assert!(holds("workbench.action.quickopen", "kopen"));
        assert!(!holds("editor.fontsize", "sizes"));
        assert!(!holds("ab", "abc"));
        assert!(holds("anything", ""));
    }
}
