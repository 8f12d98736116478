//! Postings: which entries each catalog word occurs in, and where in them.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Where a title or id word sits, which decides how good a hit on it is.
pub(super) const IN_NAME: u8 = 0;
pub(super) const IN_CATEGORY: u8 = 1;
pub(super) const IN_ID: u8 = 2;

/// Every distinct word of titles, ids and secondary texts, sorted, each with the entries it
/// occurs in: title and id hits carry their place (the best one per entry) in the low two
/// bits, secondary hits are bare entry numbers. Flat lists with offsets, not a list per word,
/// so a catalog of 20,000 items costs a few allocations instead of tens of thousands.
pub(super) struct Postings {
    pub(super) words: Vec<Box<str>>,
    /// The list number of each word.
    lists: Vec<u32>,
    /// List `l`'s title and id hits are `name_hits[name_starts[l]..name_starts[l + 1]]`.
    name_starts: Vec<u32>,
    name_hits: Vec<u32>,
    secondary_starts: Vec<u32>,
    secondary_hits: Vec<u32>,
}

impl Postings {
    /// Two passes over the entries' words: one counts, one fills, so no list grows to twice
    /// its size on the way. `name_words(i, f)` calls `f(word, place)` for each title and id
    /// word of entry `i`; `secondary(i)` is its secondary text.
    pub(super) fn build<'a>(
        count: usize,
        name_words: impl Fn(usize, &mut dyn FnMut(&str, u8)),
        secondary: impl Fn(usize) -> &'a str,
    ) -> Postings {
        let secondary_words = |i: usize| {
            secondary(i)
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
        };
        // Words get numbers in the order they first appear; lists are per number.
        let mut ids: WordIds = HashMap::default();
        let mut counts: Vec<WordCount> = Vec::new();
        for i in 0..count {
            let entry = i as u32;
            name_words(i, &mut |w, _| {
                let id = word_id(&mut ids, &mut counts, w);
                let c = &mut counts[id];
                if c.last_name != entry {
                    c.last_name = entry;
                    c.names += 1;
                }
            });
            for w in secondary_words(i) {
                let id = word_id(&mut ids, &mut counts, w);
                let c = &mut counts[id];
                if c.last_secondary != entry {
                    c.last_secondary = entry;
                    c.secondaries += 1;
                }
            }
        }
        let starts = |count: &dyn Fn(&WordCount) -> u32| -> Vec<u32> {
            let mut starts = Vec::with_capacity(counts.len() + 1);
            let mut total = 0;
            starts.push(0);
            for c in &counts {
                total += count(c);
                starts.push(total);
            }
            starts
        };
        let name_starts = starts(&|c| c.names);
        let secondary_starts = starts(&|c| c.secondaries);
        let mut name_hits = vec![0u32; name_starts[counts.len()] as usize];
        let mut secondary_hits = vec![0u32; secondary_starts[counts.len()] as usize];
        // Now the counts become the next free slot of each word's lists.
        for (id, c) in counts.iter_mut().enumerate() {
            *c = WordCount {
                last_name: u32::MAX,
                last_secondary: u32::MAX,
                names: name_starts[id],
                secondaries: secondary_starts[id],
            };
        }
        for i in 0..count {
            let entry = i as u32;
            name_words(i, &mut |w, place| {
                let c = &mut counts[ids[w] as usize];
                let hit = entry << 2 | u32::from(place);
                if c.last_name == entry {
                    // The same word again in this entry: keep the better place.
                    let slot = &mut name_hits[c.names as usize - 1];
                    *slot = (*slot).min(hit);
                } else {
                    c.last_name = entry;
                    name_hits[c.names as usize] = hit;
                    c.names += 1;
                }
            });
            for w in secondary_words(i) {
                let c = &mut counts[ids[w] as usize];
                if c.last_secondary != entry {
                    c.last_secondary = entry;
                    secondary_hits[c.secondaries as usize] = entry;
                    c.secondaries += 1;
                }
            }
        }
        drop(counts);
        let mut sorted: Vec<(Box<str>, u32)> = ids.into_iter().collect();
        sorted.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let (words, lists) = sorted.into_iter().unzip();
        Postings {
            words,
            lists,
            name_starts,
            name_hits,
            secondary_starts,
            secondary_hits,
        }
    }

    /// The range of words starting with `prefix`.
    pub(super) fn prefix_range(&self, prefix: &str) -> std::ops::Range<usize> {
        let start = self.words.partition_point(|w| &**w < prefix);
        let end = start + self.words[start..].partition_point(|w| w.starts_with(prefix));
        start..end
    }

    /// `prefix` with the range of words it starts, looked up once for every list a word reads.
    pub(super) fn prefix<'a>(&self, prefix: &'a str) -> Prefix<'a> {
        Prefix {
            text: prefix,
            words: self.prefix_range(prefix),
        }
    }

    /// Calls `hit(entry, place, exact)` for every entry with a title or id word starting with `prefix`.
    pub(super) fn for_prefix(&self, prefix: &Prefix, mut hit: impl FnMut(u32, u8, bool)) {
        for w in prefix.words.clone() {
            let exact = self.words[w].len() == prefix.text.len();
            let l = self.lists[w] as usize;
            let hits =
                &self.name_hits[self.name_starts[l] as usize..self.name_starts[l + 1] as usize];
            for &h in hits {
                hit(h >> 2, (h & 3) as u8, exact);
            }
        }
    }

    /// Calls `hit(entry)` for every entry with a secondary word starting with `prefix`.
    pub(super) fn for_secondary_prefix(&self, prefix: &Prefix, mut hit: impl FnMut(u32)) {
        for w in prefix.words.clone() {
            let l = self.lists[w] as usize;
            let range = self.secondary_starts[l] as usize..self.secondary_starts[l + 1] as usize;
            for &entry in &self.secondary_hits[range] {
                hit(entry);
            }
        }
    }

    /// At most how many entries `for_prefix` and `for_secondary_prefix` name for `prefix`:
    /// the lengths of its words' lists, read without visiting a hit.
    pub(super) fn hit_bound(&self, prefix: &Prefix) -> usize {
        prefix
            .words
            .clone()
            .map(|w| {
                let l = self.lists[w] as usize;
                (self.name_starts[l + 1] - self.name_starts[l]) as usize
                    + (self.secondary_starts[l + 1] - self.secondary_starts[l]) as usize
            })
            .sum()
    }

    /// Whether `word` is a title or id word of some entry.
    /// Calls `hit(entry, place)` for every entry with a title or id word that is `word` itself.
    pub(super) fn for_word(&self, word: &str, mut hit: impl FnMut(u32, u8)) {
        if let Ok(w) = self.words.binary_search_by(|w| (**w).cmp(word)) {
            let l = self.lists[w] as usize;
            for &h in
                &self.name_hits[self.name_starts[l] as usize..self.name_starts[l + 1] as usize]
            {
                hit(h >> 2, (h & 3) as u8);
            }
        }
    }

    pub(super) fn is_name_word(&self, word: &str) -> bool {
        self.words
            .binary_search_by(|w| (**w).cmp(word))
            .is_ok_and(|w| {
                let l = self.lists[w] as usize;
                self.name_starts[l] < self.name_starts[l + 1]
            })
    }
}

/// A typed prefix and the catalog words it starts (`Postings::prefix`).
pub(super) struct Prefix<'a> {
    text: &'a str,
    words: std::ops::Range<usize>,
}

type WordIds = HashMap<Box<str>, u32, BuildHasherDefault<WordHasher>>;

/// While postings are built: the last entry a word was counted for (it counts once per
/// entry) and its number of hits, per kind of list.
#[derive(Clone, Copy)]
struct WordCount {
    last_name: u32,
    last_secondary: u32,
    names: u32,
    secondaries: u32,
}

/// The number of `word`, new ones numbered in order of appearance.
fn word_id(ids: &mut WordIds, counts: &mut Vec<WordCount>, word: &str) -> usize {
    if let Some(&id) = ids.get(word) {
        return id as usize;
    }
    let id = counts.len();
    ids.insert(word.into(), id as u32);
    counts.push(WordCount {
        last_name: u32::MAX,
        last_secondary: u32::MAX,
        names: 0,
        secondaries: 0,
    });
    id
}

/// A small, fast hash for words (FxHash's mix); the index hashes every word it reads twice.
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
