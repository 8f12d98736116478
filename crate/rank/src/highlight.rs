//! Highlights: which characters of a title the query words matched, in UTF-16 ranges.

use fuzzy_matcher::FuzzyMatcher;

use super::index::Index;
use super::prefilter::char_mask;
use solidus_model::text::utf16_ranges;

/// Which letters a word may mark when it starts no title word.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Letters {
    /// Its letters in order, as the popup's fuzzy matching found them.
    Fuzzy,
    /// None: the request ranker matches word starts only.
    WordStarts,
}

impl Index {
    /// The title ranges `words` mark in the item at `index`; `chars` is room for the marked
    /// chars, which the rows of one list share.
    pub(super) fn highlights(
        &self,
        index: usize,
        words: &[&str],
        letters: Letters,
        chars: &mut Vec<usize>,
    ) -> Vec<[u32; 2]> {
        let entry = &self.entries[index];
        let title = &self.items[index].title;
        if !entry.lower_keeps_length {
            return Vec::new();
        }
        chars.clear();
        for word in words {
            let len = word.chars().count();
            if let Some((_, start)) = self.title_words(entry).find(|(w, _)| w.starts_with(*word)) {
                chars.extend(start..start + len);
                continue;
            }
            if word.contains(' ') {
                let title = self.title_lower(entry);
                if let Some(byte) = title.find(*word) {
                    let start = title[..byte].chars().count();
                    chars.extend(start..start + len);
                }
                continue;
            }
            if letters == Letters::WordStarts {
                continue;
            }
            // Skim finds no letters where the title and the id lack one of the word's: a row
            // matched in its description often does, and skim's setup is most of a highlight.
            let mask = char_mask(word);
            if entry.mask & mask != mask || !letters_in_order(title.as_bytes(), word.as_bytes()) {
                continue;
            }
            if let Some((_, indices)) = self.matcher.fuzzy_indices(title, word) {
                if indices.len() == len {
                    chars.extend(indices);
                }
            }
        }
        utf16_ranges(title, chars)
    }
}

/// Whether `word`'s bytes occur in `title` in order, ASCII case aside: what skim checks before
/// it scores, so a title that fails gets no call (letters in order as chars are in order as
/// bytes too).
fn letters_in_order(title: &[u8], word: &[u8]) -> bool {
    let mut rest = title.iter();
    word.iter()
        .all(|&b| rest.any(|t| t.eq_ignore_ascii_case(&b)))
}
