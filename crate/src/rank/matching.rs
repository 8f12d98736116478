//! Matching: which entries every query word matches, and how well (popup, `all` mode).

use fuzzy_matcher::FuzzyMatcher;

use super::index::{Entry, Index};
use super::postings::IN_ID;
use super::prefilter::{char_bit, char_mask, first_pair_bit};
use super::score::{
    Tier, FUZZY_MAX, FUZZY_MIN_PER_CHAR, ID_SUBSTRING, ID_WORD_START, MIN_INNER_LEN, PER_CHAR,
    SECONDARY, SECONDARY_PER_CHAR, WHOLE_WORD, WORD_START,
};

#[derive(Clone, Copy, Debug)]
pub(super) struct WordMatch {
    pub(super) tier: Tier,
    pub(super) score: i64,
}

/// What all words of a query matched in one entry.
pub(super) struct AllMatch {
    pub(super) score: i64,
    pub(super) lowest: Tier,
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
        let n = self.entries.len();
        // Strong hits (word starts, description words) per word, from the postings.
        let mut strong: Vec<Vec<Option<WordMatch>>> = Vec::with_capacity(words.len());
        for word in words {
            let len = word.chars().count() as i64;
            let mut hits: Vec<Option<WordMatch>> = vec![None; n];
            if word.contains(' ') {
                // A quoted phrase: rare, so a scan is affordable.
                let mask = char_mask(word);
                let secondary = self.secondary_hits(word);
                for (i, entry) in self.entries.iter().enumerate() {
                    hits[i] =
                        self.match_word(entry, &self.items[i].title, word, mask, secondary[i]);
                }
                strong.push(hits);
                continue;
            }
            self.postings.for_secondary_prefix(word, |i| {
                hits[i as usize] = Some(WordMatch {
                    tier: Tier::Secondary,
                    score: SECONDARY + SECONDARY_PER_CHAR * len,
                });
            });
            self.postings.for_prefix(word, |i, place, exact| {
                let score = match place {
                    IN_ID => ID_WORD_START + PER_CHAR * len,
                    _ => WORD_START + if exact { WHOLE_WORD } else { 0 } + PER_CHAR * len,
                };
                let slot = &mut hits[i as usize];
                if slot
                    .as_ref()
                    .is_none_or(|m| m.tier < Tier::WordStart || m.score < score)
                {
                    *slot = Some(WordMatch {
                        tier: Tier::WordStart,
                        score,
                    });
                }
            });
            strong.push(hits);
        }
        // Fuzzy and description matches rank a whole tier below entries where every word starts
        // a word, so when there are enough of those the rest can never make the list. Word
        // scores stay far below a tier for short queries, which keeps this exact.
        if words.len() <= 4 && !words.iter().any(|w| w.contains(' ')) {
            let starts = |m: &Option<WordMatch>| m.is_some_and(|m| m.tier == Tier::WordStart);
            let mut every_word_starts: Vec<(usize, AllMatch)> = Vec::new();
            for i in (0..n).filter(|&i| strong.iter().all(|hits| starts(&hits[i])) && allowed(i)) {
                let score = strong
                    .iter()
                    .filter_map(|hits| hits[i].map(|m| m.score))
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
        let mut order: Vec<usize> = (0..words.len()).collect();
        order.sort_by_key(|&w| strong[w].iter().filter(|m| m.is_some()).count());
        let mut candidates: Vec<(usize, AllMatch)> = Vec::new();
        for (step, &w) in order.iter().enumerate() {
            let word = words[w];
            let len = word.chars().count() as i64;
            let mask = char_mask(word);
            let pair = first_pair_bit(word);
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
                if entry.start_pairs & pair != 0 {
                    if let Some(m) = self.fuzzy_title(entry, &self.items[i].title, word, len) {
                        return Some(m);
                    }
                }
                if strong_hit.is_some() {
                    return strong_hit;
                }
                (len >= MIN_INNER_LEN
                    && entry.ident_pairs & pair != 0
                    && self.ident(entry).contains(word))
                .then_some(WordMatch {
                    tier: Tier::Secondary,
                    score: ID_SUBSTRING,
                })
            };
            if step == 0 {
                for (i, entry) in self.entries.iter().enumerate() {
                    // The tests `check` starts with, inline: most entries fail them, and the
                    // pass over the catalog stays tight.
                    if strong[w][i].is_none()
                        && (entry.mask & mask != mask
                            || (entry.start_pairs | entry.ident_pairs) & pair == 0)
                    {
                        continue;
                    }
                    if allowed(i) {
                        if let Some(m) = check(i) {
                            candidates.push((
                                i,
                                AllMatch {
                                    score: m.score,
                                    lowest: m.tier,
                                },
                            ));
                        }
                    }
                }
            } else {
                candidates.retain_mut(|(i, matched)| match check(*i) {
                    Some(m) => {
                        matched.score += m.score;
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

    /// A fuzzy match of `word` in the title, when it is plausible enough to ask skim.
    pub(super) fn fuzzy_title(
        &self,
        entry: &Entry,
        title: &str,
        word: &str,
        len: i64,
    ) -> Option<WordMatch> {
        let first = word.chars().next().map(char_bit).unwrap_or(0);
        if len < MIN_INNER_LEN
            || entry.initials & first == 0
            || word.contains(' ')
            || !plausible_fuzzy(word, self.title_words(entry).map(|(w, _)| w))
        {
            return None;
        }
        let s = self.matcher.fuzzy_match(title, word)?;
        // Scattered matches of short words are noise; ask for a real run of characters.
        (s >= FUZZY_MIN_PER_CHAR * len).then_some(WordMatch {
            tier: Tier::Fuzzy,
            score: s.min(FUZZY_MAX),
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
            .for_secondary_prefix(word, |i| hits[i as usize] = true);
        hits
    }

    pub(super) fn match_word(
        &self,
        entry: &Entry,
        title: &str,
        word: &str,
        mask: u64,
        secondary_hit: bool,
    ) -> Option<WordMatch> {
        if entry.mask & mask != mask {
            return None;
        }
        let len = word.chars().count() as i64;
        // Word starts in the title, then in the id or key.
        let mut best: Option<WordMatch> = None;
        for (title_word, _) in self.title_words(entry) {
            if title_word.starts_with(word) {
                let exact = if title_word.len() == word.len() {
                    WHOLE_WORD
                } else {
                    0
                };
                best = Some(WordMatch {
                    tier: Tier::WordStart,
                    score: WORD_START + exact + PER_CHAR * len,
                });
                break;
            }
        }
        if best.is_none() && word.contains(' ') && self.title_lower(entry).contains(word) {
            best = Some(WordMatch {
                tier: Tier::WordStart,
                score: WORD_START + PER_CHAR * len,
            });
        }
        let first = word.chars().next().map(char_bit).unwrap_or(0);
        if best.is_none()
            && len >= MIN_INNER_LEN
            && entry.initials & first != 0
            && !word.contains(' ')
            && starts_with_run(word, self.title_lower(entry))
            && is_subsequence(word, self.title_lower(entry))
        {
            if let Some(s) = self.matcher.fuzzy_match(title, word) {
                // Scattered matches of short words are noise; ask for a real run of characters.
                if s >= FUZZY_MIN_PER_CHAR * len {
                    best = Some(WordMatch {
                        tier: Tier::Fuzzy,
                        score: s.min(FUZZY_MAX),
                    });
                }
            }
        }
        if best.is_none() && secondary_hit {
            best = Some(WordMatch {
                tier: Tier::Secondary,
                score: SECONDARY + SECONDARY_PER_CHAR * len,
            });
        }
        if best.is_none() && self.ident(entry).contains(word) && len >= MIN_INNER_LEN {
            best = Some(WordMatch {
                tier: Tier::Secondary,
                score: ID_SUBSTRING,
            });
        }
        best
    }
}

/// Whether the first two chars of `word` occur together in `text`: skim only scores a word
/// above the noise threshold when it matches in runs, so this skips hopeless candidates.
pub(super) fn starts_with_run(word: &str, text: &str) -> bool {
    let mut chars = word.char_indices();
    match (chars.next(), chars.next()) {
        (Some(_), Some((second, c))) => text.contains(&word[..second + c.len_utf8()]),
        _ => true,
    }
}

/// The fuzzy matches people mean: the word read as prefixes of title words in order
/// (`fosi` → Font Size, `tgwr` → Toggle Word Wrap) with its first two letters starting a
/// word, or as one title word with letters left out (`comit` → Commit). Cheap, so skim
/// only scores candidates that pass.
pub(super) fn plausible_fuzzy<'a>(
    word: &str,
    title_words: impl Iterator<Item = &'a str> + Clone,
) -> bool {
    // Bytes, not chars: a prefix in chars is a prefix in bytes, and skim makes the real call.
    let chars = word.as_bytes();
    pub(super) const MAX: usize = 64;
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

/// Whether every char of `needle` occurs in `haystack` in order; a cheap test before skim.
pub(super) fn is_subsequence(needle: &str, haystack: &str) -> bool {
    let mut rest = haystack.chars();
    needle.chars().all(|n| rest.any(|h| h == n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::index::words_with_offsets;

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
}
