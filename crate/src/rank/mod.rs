//! The ranker: turns typed text into an ordered, highlighted list of catalog items.
//!
//! Tiers sit above the fuzzy score so a match on what a user sees first always wins:
//! exact slash name or id > title prefix > word starts > fuzzy in title > keywords, description
//! or enum values. Fuzzy matching is `fuzzy-matcher`'s skim algorithm.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use fuzzy_matcher::skim::SkimMatcherV2;
use fuzzy_matcher::FuzzyMatcher;
use serde::{Deserialize, Serialize};

use crate::item::{Item, ItemKind};
use crate::text::{id_words, utf16_ranges};

/// `all`: every word must match (the popup). `any`: any word may match (the /do shortlist).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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

/// A parsed query: words (quoted phrases kept whole) and a leading slash token.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Query {
    pub text: String,
    /// Lowercase words; a quoted phrase is one word with spaces inside.
    pub words: Vec<String>,
    /// The first token without its `/`, when the text starts with one.
    pub slash: Option<String>,
    /// What follows the slash token, untouched.
    pub args: String,
}

/// Splits the text into words; `"word wrap"` stays one phrase and a leading `/` is recognised.
pub fn parse_query(text: &str) -> Query {
    let trimmed = text.trim_start();
    let mut query = Query {
        text: text.to_string(),
        ..Default::default()
    };
    let mut rest = trimmed;
    if let Some(after) = trimmed.strip_prefix('/') {
        let end = after.find(char::is_whitespace).unwrap_or(after.len());
        query.slash = Some(after[..end].to_lowercase());
        query.args = after[end..].trim().to_string();
        rest = "";
    }
    let mut current = String::new();
    let mut quoted = false;
    for c in rest.chars() {
        match c {
            '"' => {
                if quoted || !current.is_empty() {
                    push_word(&mut query.words, &mut current);
                }
                quoted = !quoted;
            }
            c if c.is_whitespace() && !quoted => push_word(&mut query.words, &mut current),
            c => current.extend(c.to_lowercase()),
        }
    }
    push_word(&mut query.words, &mut current);
    query
}

fn push_word(words: &mut Vec<String>, current: &mut String) {
    let word = current.trim().to_string();
    if !word.is_empty() && !words.contains(&word) {
        words.push(word);
    }
    current.clear();
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
}

const TIER: i64 = 10_000;
const RECENT_BOOST_MAX: i64 = 2_000;

/// A run of the index's text arena.
#[derive(Clone, Copy, Debug, Default)]
struct Span {
    start: u32,
    len: u32,
}

impl Span {
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// A title word: its lowercase text in the arena and the char where it starts in the title.
/// u16 fields keep it at 8 bytes; a word past char 65,535 of a title is not indexed.
#[derive(Clone, Copy, Debug)]
struct TitleWord {
    start: u32,
    len: u16,
    title_char: u16,
}

/// What ranking needs of one item. Texts live in the index's arena, which saves one
/// allocation per text (the catalog's 20,000-item case counts every byte of wasm memory).
struct Entry {
    /// The title, lowercase.
    title: Span,
    /// Byte in the lowercase title where the name after a leading `Category: ` starts.
    name_start: u32,
    /// Command id or setting key, lowercase.
    ident: Span,
    slash: Option<Span>,
    /// Keywords, description, enum values and their descriptions, lowercase, space-joined;
    /// only quoted phrases read it; single words go through the postings.
    secondary: Span,
    /// The title words are `words[first_word..first_word + word_count]`.
    first_word: u32,
    word_count: u16,
    /// How many title words belong to a leading `Category: `, which matches but is not the name.
    category_words: u16,
    /// Whether lowercasing kept the title's length in chars, so highlight offsets still fit.
    lower_keeps_length: bool,
    mask: u64,
    /// Bits of the first character of each title word; a good fuzzy match starts at one.
    initials: u64,
    /// Hashed bits of every pair of neighbouring letters in the title and in the id: a word
    /// whose first pair is missing cannot match in a run there, without searching.
    ident_pairs: u64,
    /// Pair bits of the first two chars of each title word: a fuzzy match worth showing starts
    /// a word with at least two of its letters.
    start_pairs: u64,
    /// A small, query-independent bonus for items people reach for often: commands with a
    /// default keybinding or a friendly slash name, and top-level settings over nested ones.
    prior: i32,
}

/// Where a title or id word sits, which decides how good a hit on it is.
const IN_NAME: u8 = 0;
const IN_CATEGORY: u8 = 1;
const IN_ID: u8 = 2;

/// Every distinct word of titles, ids and secondary texts, sorted, each with the entries it
/// occurs in: title and id hits carry their place (the best one per entry) in the low two
/// bits, secondary hits are bare entry numbers. Flat lists with offsets, not a list per word,
/// so a catalog of 20,000 items costs a few allocations instead of tens of thousands.
struct Postings {
    words: Vec<Box<str>>,
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
    fn build<'a>(
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
    fn prefix_range(&self, prefix: &str) -> std::ops::Range<usize> {
        let start = self.words.partition_point(|w| &**w < prefix);
        let end = start + self.words[start..].partition_point(|w| w.starts_with(prefix));
        start..end
    }

    /// Calls `hit(entry, place, exact)` for every entry with a title or id word starting with `prefix`.
    fn for_prefix(&self, prefix: &str, mut hit: impl FnMut(u32, u8, bool)) {
        for w in self.prefix_range(prefix) {
            let exact = self.words[w].len() == prefix.len();
            let l = self.lists[w] as usize;
            let hits =
                &self.name_hits[self.name_starts[l] as usize..self.name_starts[l + 1] as usize];
            for &h in hits {
                hit(h >> 2, (h & 3) as u8, exact);
            }
        }
    }

    /// Calls `hit(entry)` for every entry with a secondary word starting with `prefix`.
    fn for_secondary_prefix(&self, prefix: &str, mut hit: impl FnMut(u32)) {
        for w in self.prefix_range(prefix) {
            let l = self.lists[w] as usize;
            let range = self.secondary_starts[l] as usize..self.secondary_starts[l + 1] as usize;
            for &entry in &self.secondary_hits[range] {
                hit(entry);
            }
        }
    }

    /// Whether `word` is a title or id word of some entry.
    fn is_name_word(&self, word: &str) -> bool {
        self.words
            .binary_search_by(|w| (**w).cmp(word))
            .is_ok_and(|w| {
                let l = self.lists[w] as usize;
                self.name_starts[l] < self.name_starts[l + 1]
            })
    }
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

/// The catalog indexed for ranking. Cost: built once per catalog, a few hundred bytes per item,
/// most of it lowercase text; ranking then allocates only for the results it returns.
pub struct Index {
    items: Vec<Item>,
    entries: Vec<Entry>,
    /// Every entry's lowercase texts, end to end.
    text: String,
    /// Title words of every entry, in entry order.
    words: Vec<TitleWord>,
    /// Word starts in titles and ids, and secondary words, for both modes; the word list
    /// also serves typo fixes and compound splitting of request words.
    postings: Postings,
    matcher: SkimMatcherV2,
    /// Item positions sorted by id, for lookups by id without a copy of every id.
    by_id: Vec<u32>,
}

impl Index {
    pub fn new(items: Vec<Item>) -> Index {
        // Lowercasing rarely changes lengths; the estimate saves the arena most regrowths.
        let estimate: usize = items.iter().map(text_estimate).sum();
        let mut text = String::with_capacity(estimate);
        let mut words = Vec::new();
        let mut entries: Vec<Entry> = Vec::with_capacity(items.len());
        for item in &items {
            entries.push(entry_for(item, &mut text, &mut words));
        }
        text.shrink_to_fit();
        words.shrink_to_fit();
        let postings = Postings::build(
            items.len(),
            |i, f| {
                let entry = &entries[i];
                let first = entry.first_word as usize;
                for (w, word) in words[first..first + entry.word_count as usize]
                    .iter()
                    .enumerate()
                {
                    let place = if w >= entry.category_words as usize {
                        IN_NAME
                    } else {
                        IN_CATEGORY
                    };
                    f(
                        &text[word.start as usize..word.start as usize + word.len as usize],
                        place,
                    );
                }
                for word in id_words(ident_source(&items[i])) {
                    f(&word, IN_ID);
                }
            },
            |i| &text[entries[i].secondary.range()],
        );
        let mut by_id: Vec<u32> = (0..items.len() as u32).collect();
        by_id.sort_unstable_by(|&a, &b| items[a as usize].id.cmp(&items[b as usize].id));
        Index {
            items,
            entries,
            text,
            words,
            postings,
            matcher: SkimMatcherV2::default().ignore_case(),
            by_id,
        }
    }

    pub fn items(&self) -> &[Item] {
        &self.items
    }

    pub fn get(&self, id: &str) -> Option<&Item> {
        self.position(id).map(|i| &self.items[i])
    }

    /// Where the item with this id sits. Cost: a binary search.
    fn position(&self, id: &str) -> Option<usize> {
        self.by_id
            .binary_search_by(|&i| self.items[i as usize].id.as_str().cmp(id))
            .ok()
            .map(|at| self.by_id[at] as usize)
    }

    /// Hands the items back, dropping the index around them.
    pub fn into_items(self) -> Vec<Item> {
        self.items
    }

    fn title_lower(&self, entry: &Entry) -> &str {
        &self.text[entry.title.range()]
    }

    fn name_lower(&self, entry: &Entry) -> &str {
        &self.title_lower(entry)[entry.name_start as usize..]
    }

    fn ident(&self, entry: &Entry) -> &str {
        &self.text[entry.ident.range()]
    }

    fn slash(&self, entry: &Entry) -> Option<&str> {
        entry.slash.map(|s| &self.text[s.range()])
    }

    /// Each title word, lowercase, with the char where it starts in the title.
    fn title_words<'a>(
        &'a self,
        entry: &Entry,
    ) -> impl DoubleEndedIterator<Item = (&'a str, usize)> + ExactSizeIterator + Clone + 'a {
        let first = entry.first_word as usize;
        self.words[first..first + entry.word_count as usize]
            .iter()
            .map(|w| {
                let start = w.start as usize;
                (
                    &self.text[start..start + w.len as usize],
                    w.title_char as usize,
                )
            })
    }

    /// The title words after a leading category.
    fn name_words<'a>(
        &'a self,
        entry: &Entry,
    ) -> impl ExactSizeIterator<Item = (&'a str, usize)> + 'a {
        self.title_words(entry).skip(entry.category_words as usize)
    }
}

/// The command id, setting key or item id that ranking reads as the item's identifier.
fn ident_source(item: &Item) -> &str {
    item.command
        .as_deref()
        .or(item.key.as_deref())
        .unwrap_or(&item.id)
}

/// Bytes an entry's texts take before lowercasing.
fn text_estimate(item: &Item) -> usize {
    let mut n = 2 * item.title.len() + ident_source(item).len();
    n += item.keywords.iter().map(|k| k.len() + 1).sum::<usize>();
    if let Some(schema) = &item.setting {
        n += schema.description.len() + 1;
        n += schema
            .enum_values
            .iter()
            .filter_map(|v| v.as_str())
            .map(|s| s.len() + 1)
            .sum::<usize>();
        n += schema
            .enum_descriptions
            .iter()
            .map(|d| d.len() + 1)
            .sum::<usize>();
    }
    n
}

/// Appends `s` to the arena and returns where it went.
fn push_text(text: &mut String, s: &str) -> Span {
    let start = text.len() as u32;
    text.push_str(s);
    Span {
        start,
        len: s.len() as u32,
    }
}

fn entry_for(item: &Item, text: &mut String, words: &mut Vec<TitleWord>) -> Entry {
    // Lowercase char by char, like query words; remember where the name starts.
    let name_char = item
        .title
        .find(": ")
        .map(|byte| item.title[..byte + 2].chars().count());
    let title_start = text.len();
    let mut name_start = 0;
    let mut title_chars = 0;
    for (i, c) in item.title.chars().enumerate() {
        if Some(i) == name_char {
            name_start = text.len() - title_start;
        }
        text.extend(c.to_lowercase());
        title_chars = i + 1;
    }
    let title = Span {
        start: title_start as u32,
        len: (text.len() - title_start) as u32,
    };
    if name_char.is_some_and(|c| c >= title_chars) {
        name_start = title.len as usize;
    }
    // Lowercasing may change the char count for a few scripts; then highlights fall back to none.
    let lower_keeps_length = text[title.range()].chars().count() == title_chars;
    let first_word = words.len() as u32;
    let mut category_words = 0;
    for (word, start) in words_with_offsets(&item.title) {
        let (Ok(len), Ok(title_char)) = (u16::try_from(word.len()), u16::try_from(start)) else {
            continue;
        };
        if name_char.is_some_and(|c| start < c) {
            category_words += 1;
        }
        // A word is almost always a piece of the lowercase title; point there when it is.
        let at = match text[title.range()].find(&word) {
            Some(at) => title.start + at as u32,
            None => push_text(text, &word).start,
        };
        words.push(TitleWord {
            start: at,
            len,
            title_char,
        });
    }
    let word_count = (words.len() - first_word as usize) as u16;
    let ident = push_text(text, &ident_source(item).to_lowercase());
    let slash = item
        .keywords
        .iter()
        .find(|k| k.starts_with('/'))
        .map(|k| push_text(text, &k[1..].to_lowercase()));
    let secondary_start = text.len();
    // Newlines become spaces so a phrase never spans two lines of a description.
    let push_lower = |text: &mut String, s: &str| {
        text.extend(
            s.chars()
                .flat_map(char::to_lowercase)
                .map(|c| if c == '\n' { ' ' } else { c }),
        );
        text.push(' ');
    };
    for keyword in &item.keywords {
        push_lower(text, keyword);
    }
    if let Some(schema) = &item.setting {
        push_lower(text, &schema.description);
        for value in &schema.enum_values {
            if let Some(s) = value.as_str() {
                push_lower(text, &id_words(s).join(" "));
            }
        }
        for d in &schema.enum_descriptions {
            push_lower(text, d);
        }
    }
    let secondary = Span {
        start: secondary_start as u32,
        len: (text.len() - secondary_start) as u32,
    };
    let title_lower = &text[title.range()];
    let ident_lower = &text[ident.range()];
    let mask =
        char_mask(title_lower) | char_mask(ident_lower) | char_mask(&text[secondary.range()]);
    let mut prior = 0;
    if item.global_keybinding || slash.is_some() {
        prior += 250;
    }
    if let Some(key) = &item.key {
        prior += match key.matches('.').count() {
            0 | 1 => 150,
            2 => 50,
            _ => 0,
        };
    }
    let title_words = &words[first_word as usize..];
    let word_text = |w: &TitleWord| &text[w.start as usize..w.start as usize + w.len as usize];
    let initials = title_words
        .iter()
        .filter_map(|w| word_text(w).chars().next())
        .fold(0, |m, c| m | char_bit(c));
    let start_pairs = title_words
        .iter()
        .fold(0, |bits, w| bits | first_pair_bit_or_none(word_text(w)));
    let ident_pairs = pair_bits(ident_lower);
    Entry {
        title,
        name_start: name_start as u32,
        ident,
        slash,
        secondary,
        first_word,
        word_count,
        category_words,
        lower_keeps_length,
        mask,
        initials,
        ident_pairs,
        start_pairs,
        prior,
    }
}

fn words_with_offsets(title: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut start = 0;
    let mut prev: Option<char> = None;
    for (i, c) in title.chars().enumerate() {
        let hump = prev.is_some_and(|p| p.is_lowercase()) && c.is_uppercase();
        if (!c.is_alphanumeric() || hump) && !current.is_empty() {
            out.push((std::mem::take(&mut current), start));
        }
        if c.is_alphanumeric() {
            if current.is_empty() {
                start = i;
            }
            current.extend(c.to_lowercase());
        }
        prev = Some(c);
    }
    if !current.is_empty() {
        out.push((current, start));
    }
    out
}

/// Bits for the pairs of neighbouring chars in `text`, hashed into 64.
fn pair_bits(text: &str) -> u64 {
    let mut bits = 0u64;
    let mut prev: Option<char> = None;
    for c in text.chars() {
        if let Some(p) = prev {
            bits |= pair_bit(p, c);
        }
        prev = Some(c);
    }
    bits
}

fn pair_bit(a: char, b: char) -> u64 {
    1 << ((a as u32).wrapping_mul(31).wrapping_add(b as u32) % 64)
}

/// The pair bit of a word's first two chars, or none when it has fewer.
fn first_pair_bit_or_none(word: &str) -> u64 {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(a), Some(b)) => pair_bit(a, b),
        _ => 0,
    }
}

/// The pair bit of a word's first two chars, or every bit when it has fewer.
fn first_pair_bit(word: &str) -> u64 {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(a), Some(b)) => pair_bit(a, b),
        _ => u64::MAX,
    }
}

/// One bit per ASCII letter or digit, one for anything else: a cheap "could this match" test.
fn char_mask(text: &str) -> u64 {
    let mut mask = 0u64;
    for c in text.chars() {
        mask |= char_bit(c);
    }
    mask
}

fn char_bit(c: char) -> u64 {
    match c {
        'a'..='z' => 1 << (c as u32 - 'a' as u32),
        'A'..='Z' => 1 << (c.to_ascii_lowercase() as u32 - 'a' as u32),
        '0'..='9' => 1 << (26 + c as u32 - '0' as u32),
        c if c.is_whitespace() => 0,
        _ => 1 << 40,
    }
}

/// How one query word matched an item; higher is better.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum WordTier {
    Secondary = 1,
    Fuzzy = 2,
    WordStart = 3,
}

#[derive(Clone, Copy, Debug)]
struct WordMatch {
    tier: WordTier,
    score: i64,
}

/// What all words of a query matched in one entry.
struct AllMatch {
    score: i64,
    lowest: WordTier,
}

impl Index {
    /// Ranks the whole index for `query`. Cost: one pass over every item with a bit-mask
    /// prefilter; fuzzy matching only where every character of a word occurs in the item.
    pub fn rank(&self, query: &Query, options: &RankOptions) -> Vec<RankedItem> {
        let recent_pos: HashMap<&str, usize> = options
            .recent
            .iter()
            .enumerate()
            .map(|(i, id)| (id.as_str(), i))
            .collect();
        let words: Vec<&str> = query.words.iter().map(String::as_str).collect();
        let limit = options.limit.max(1);
        if words.is_empty() && query.slash.is_none() {
            return self.recent_only(options, limit);
        }
        if options.mode == Mode::Any && query.slash.is_none() {
            return self.rank_any(query, options, &recent_pos, limit);
        }
        let phrase = words.join(" ");
        let whole = query.text.trim().to_lowercase();
        let allowed =
            |i: usize| options.kinds.is_empty() || options.kinds.contains(&self.items[i].kind);
        let mut scored: Vec<(i64, usize)> = Vec::new();
        if let Some(slash) = &query.slash {
            for (index, entry) in self.entries.iter().enumerate() {
                let Some(name) = self.slash(entry) else {
                    continue;
                };
                if !allowed(index) {
                    continue;
                }
                let tier = if name == slash.as_str() {
                    5
                } else if name.starts_with(slash.as_str()) {
                    4
                } else {
                    continue;
                };
                scored.push((
                    tier * TIER - name.len() as i64 + self.recency_boost(index, &recent_pos),
                    index,
                ));
            }
        } else {
            for (index, matched) in self.match_all(&words, &allowed, limit) {
                let entry = &self.entries[index];
                let mut tier = matched.lowest as i64;
                let mut score = matched.score;
                // Among equal matches, the item whose title is mostly the query is the more specific one.
                let covered = self
                    .name_words(entry)
                    .filter(|(w, _)| words.iter().any(|q| w.starts_with(q)))
                    .count();
                let name_words = self.name_words(entry).len();
                if name_words > 0 {
                    score += 600 * covered as i64 / name_words as i64;
                }
                if self.ident(entry) == whole || self.slash(entry) == Some(phrase.as_str()) {
                    tier = 5;
                } else if self.title_lower(entry).starts_with(&phrase)
                    || self.name_lower(entry).starts_with(&phrase)
                {
                    tier = 4;
                }
                // A shorter category is the more general item: `Editor: Word Wrap` before
                // `Diff Editor: Word Wrap`.
                score -= 20 * entry.category_words as i64;
                score +=
                    tier * TIER + i64::from(entry.prior) + self.recency_boost(index, &recent_pos);
                scored.push((score, index));
            }
        }
        self.top(scored, limit, &recent_pos, &words)
    }

    fn recency_boost(&self, index: usize, recent_pos: &HashMap<&str, usize>) -> i64 {
        match recent_pos.get(self.items[index].id.as_str()) {
            Some(&pos) => RECENT_BOOST_MAX / (pos as i64 + 1),
            None => 0,
        }
    }

    /// `all` mode: the entries every word matches, with summed word scores and the weakest
    /// tier. Word starts come from the postings; only entries still in the running are
    /// checked for fuzzy and substring matches, and the most selective word goes first, so
    /// one word at most pays for a pass over the catalog.
    fn match_all(
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
                    tier: WordTier::Secondary,
                    score: 100 + 5 * len,
                });
            });
            self.postings.for_prefix(word, |i, place, exact| {
                let score = match place {
                    IN_ID => 400 + 10 * len,
                    _ => 600 + if exact { 200 } else { 0 } + 10 * len,
                };
                let slot = &mut hits[i as usize];
                if slot
                    .as_ref()
                    .is_none_or(|m| m.tier < WordTier::WordStart || m.score < score)
                {
                    *slot = Some(WordMatch {
                        tier: WordTier::WordStart,
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
            let starts = |m: &Option<WordMatch>| m.is_some_and(|m| m.tier == WordTier::WordStart);
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
                        lowest: WordTier::WordStart,
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
                    if m.tier == WordTier::WordStart || word.contains(' ') {
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
                (len >= 3 && entry.ident_pairs & pair != 0 && self.ident(entry).contains(word))
                    .then_some(WordMatch {
                        tier: WordTier::Secondary,
                        score: 80,
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
    fn fuzzy_title(&self, entry: &Entry, title: &str, word: &str, len: i64) -> Option<WordMatch> {
        let first = word.chars().next().map(char_bit).unwrap_or(0);
        if len < 3
            || entry.initials & first == 0
            || word.contains(' ')
            || !plausible_fuzzy(word, self.title_words(entry).map(|(w, _)| w))
        {
            return None;
        }
        let s = self.matcher.fuzzy_match(title, word)?;
        // Scattered matches of short words are noise; ask for a real run of characters.
        (s >= 12 * len).then_some(WordMatch {
            tier: WordTier::Fuzzy,
            score: s.min(400),
        })
    }

    /// `any` mode, for the /do shortlist: every request word becomes a group of spellings
    /// (stems, synonyms, typo fixes); a group's weight is its rarity in the catalog (idf), so
    /// rare words such as `ruler` outweigh common ones such as `editor`.
    /// Cost: one pass over the catalog per spelling, a handful per word.
    fn rank_any(
        &self,
        query: &Query,
        options: &RankOptions,
        recent_pos: &HashMap<&str, usize>,
        limit: usize,
    ) -> Vec<RankedItem> {
        let words: Vec<&str> = query.words.iter().map(String::as_str).collect();
        let groups = crate::vocabulary::expand(
            &words,
            |w| self.starts_a_word(w),
            |w| self.is_word(w),
            &self.postings.words,
        );
        let n = self.entries.len();
        let allowed: Vec<bool> = self
            .items
            .iter()
            .map(|item| options.kinds.is_empty() || options.kinds.contains(&item.kind))
            .collect();
        let mut totals = vec![0f64; n];
        let mut spellings: Vec<&str> = Vec::new();
        for group in &groups {
            let mut best = vec![0u32; n];
            for (spelling, weight) in &group.alternatives {
                spellings.push(spelling);
                let weight = u32::from(*weight);
                let mut record = |i: usize, quality: u32| {
                    if allowed[i] {
                        best[i] = best[i].max(quality * weight / 100);
                    }
                };
                if spelling.contains(' ') {
                    // A quoted phrase: rare, so a scan of the catalog is affordable.
                    let mask = char_mask(spelling);
                    let secondary = self.secondary_hits(spelling);
                    for (i, entry) in self.entries.iter().enumerate() {
                        if let Some(m) = self.match_word(
                            entry,
                            &self.items[i].title,
                            spelling,
                            mask,
                            secondary[i],
                        ) {
                            record(
                                i,
                                if m.tier == WordTier::Secondary {
                                    35
                                } else {
                                    100
                                },
                            );
                        }
                    }
                    continue;
                }
                self.postings.for_prefix(spelling, |i, place, _| {
                    record(i as usize, if place == IN_NAME { 100 } else { 85 })
                });
                self.postings
                    .for_secondary_prefix(spelling, |i| record(i as usize, 35));
            }
            let df = best.iter().filter(|&&b| b > 0).count();
            if df == 0 {
                continue;
            }
            let idf = ((n as f64 + 1.0) / (df as f64 + 0.5)).ln();
            for (total, b) in totals.iter_mut().zip(&best) {
                *total += idf * f64::from(*b);
            }
        }
        let mut scored: Vec<(i64, usize)> = Vec::new();
        for (i, total) in totals.iter().enumerate() {
            if *total <= 0.0 {
                continue;
            }
            let entry = &self.entries[i];
            // Among items matching the same words, the one whose name is mostly those words wins.
            let names = self.name_words(entry).len();
            let covered = self
                .name_words(entry)
                .filter(|(w, _)| spellings.iter().any(|s| w.starts_with(s)))
                .count();
            let coverage = if names == 0 {
                0
            } else {
                150 * covered as i64 / names as i64
            };
            let mut score = (total * 10.0) as i64 + coverage + i64::from(entry.prior) / 5;
            if let Some(&pos) = recent_pos.get(self.items[i].id.as_str()) {
                score += RECENT_BOOST_MAX / 20 / (pos as i64 + 1);
            }
            scored.push((score, i));
        }
        self.top(scored, limit, recent_pos, &spellings)
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

    /// Keeps the best `limit` by score, then recency, title and id, and adds highlights.
    fn top(
        &self,
        mut scored: Vec<(i64, usize)>,
        limit: usize,
        recent_pos: &HashMap<&str, usize>,
        words: &[&str],
    ) -> Vec<RankedItem> {
        let order = |a: &(i64, usize), b: &(i64, usize)| -> Ordering {
            b.0.cmp(&a.0)
                .then_with(|| {
                    let ra = recent_pos
                        .get(self.items[a.1].id.as_str())
                        .copied()
                        .unwrap_or(usize::MAX);
                    let rb = recent_pos
                        .get(self.items[b.1].id.as_str())
                        .copied()
                        .unwrap_or(usize::MAX);
                    ra.cmp(&rb)
                })
                .then_with(|| self.items[a.1].title.cmp(&self.items[b.1].title))
                .then_with(|| self.items[a.1].id.cmp(&self.items[b.1].id))
        };
        if scored.len() > limit {
            scored.select_nth_unstable_by(limit - 1, order);
            scored.truncate(limit);
        }
        scored.sort_unstable_by(order);
        scored
            .into_iter()
            .map(|(score, index)| RankedItem {
                index,
                score,
                highlights: self.highlights(index, words),
            })
            .collect()
    }

    /// An empty query: the recent items, most recent first. With a kind filter (the popup's
    /// `#` for scripts) the rest of those kinds follow in catalog order, so the filter alone
    /// lists what there is.
    fn recent_only(&self, options: &RankOptions, limit: usize) -> Vec<RankedItem> {
        let allowed =
            |i: &usize| options.kinds.is_empty() || options.kinds.contains(&self.items[*i].kind);
        let recent: Vec<usize> = options
            .recent
            .iter()
            .filter_map(|id| self.position(id))
            .filter(allowed)
            .take(limit)
            .collect();
        let mut out: Vec<RankedItem> = recent
            .iter()
            .enumerate()
            .map(|(pos, &index)| RankedItem {
                index,
                score: RECENT_BOOST_MAX / (pos as i64 + 1),
                highlights: Vec::new(),
            })
            .collect();
        if !options.kinds.is_empty() {
            let rest = (0..self.items.len())
                .filter(allowed)
                .filter(|i| !recent.contains(i))
                .take(limit - out.len());
            out.extend(rest.map(|index| RankedItem {
                index,
                score: 0,
                highlights: Vec::new(),
            }));
        }
        out
    }

    /// For each entry, whether `word` starts a word somewhere in its secondary text.
    /// Cost: a binary search in the vocabulary plus the postings of the matching words.
    fn secondary_hits(&self, word: &str) -> Vec<bool> {
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

    fn match_word(
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
                    200
                } else {
                    0
                };
                best = Some(WordMatch {
                    tier: WordTier::WordStart,
                    score: 600 + exact + 10 * len,
                });
                break;
            }
        }
        if best.is_none() && word.contains(' ') && self.title_lower(entry).contains(word) {
            best = Some(WordMatch {
                tier: WordTier::WordStart,
                score: 600 + 10 * len,
            });
        }
        let first = word.chars().next().map(char_bit).unwrap_or(0);
        if best.is_none()
            && len >= 3
            && entry.initials & first != 0
            && !word.contains(' ')
            && starts_with_run(word, self.title_lower(entry))
            && is_subsequence(word, self.title_lower(entry))
        {
            if let Some(s) = self.matcher.fuzzy_match(title, word) {
                // Scattered matches of short words are noise; ask for a real run of characters.
                if s >= 12 * len {
                    best = Some(WordMatch {
                        tier: WordTier::Fuzzy,
                        score: s.min(400),
                    });
                }
            }
        }
        if best.is_none() && secondary_hit {
            best = Some(WordMatch {
                tier: WordTier::Secondary,
                score: 100 + 5 * len,
            });
        }
        if best.is_none() && self.ident(entry).contains(word) && len >= 3 {
            best = Some(WordMatch {
                tier: WordTier::Secondary,
                score: 80,
            });
        }
        best
    }

    fn highlights(&self, index: usize, words: &[&str]) -> Vec<[u32; 2]> {
        let entry = &self.entries[index];
        let title = &self.items[index].title;
        if !entry.lower_keeps_length {
            return Vec::new();
        }
        let mut chars: Vec<usize> = Vec::new();
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
            if let Some((_, indices)) = self.matcher.fuzzy_indices(title, word) {
                if indices.len() == len {
                    chars.extend(indices);
                }
            }
        }
        utf16_ranges(title, &chars)
    }
}

/// Whether the first two chars of `word` occur together in `text`: skim only scores a word
/// above the noise threshold when it matches in runs, so this skips hopeless candidates.
fn starts_with_run(word: &str, text: &str) -> bool {
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

/// Whether every char of `needle` occurs in `haystack` in order; a cheap test before skim.
fn is_subsequence(needle: &str, haystack: &str) -> bool {
    let mut rest = haystack.chars();
    needle.chars().all(|n| rest.any(|h| h == n))
}

#[cfg(test)]
mod tests {
    use super::*;

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

#[cfg(test)]
mod arena_tests {
    use super::*;
    use crate::item::Effect;

    fn command(id: &str, title: &str) -> Item {
        Item {
            id: format!("command:{id}"),
            kind: ItemKind::Command,
            title: title.to_string(),
            keywords: vec!["Größe".to_string()],
            source: "core".to_string(),
            risk: Effect::Safe,
            command: Some(id.to_string()),
            ..Item::default()
        }
    }

    /// Titles whose lowercase is longer than they are (`İ`) share the arena with plain ones;
    /// every text and word must still come back whole, and lookups by id still work.
    #[test]
    fn texts_and_words_survive_the_arena() {
        let index = Index::new(vec![
            command("a.straße", "İstanbul: Straße Öffnen"),
            command("b.wordWrap", "View: Toggle Word Wrap"),
        ]);
        let first = &index.entries[0];
        assert_eq!(index.title_lower(first), "i̇stanbul: straße öffnen");
        assert_eq!(index.name_lower(first), "straße öffnen");
        let words: Vec<(&str, usize)> = index.title_words(first).collect();
        assert_eq!(words, [("i̇stanbul", 0), ("straße", 10), ("öffnen", 17)]);
        assert!(!first.lower_keeps_length);
        let second = &index.entries[1];
        assert_eq!(index.ident(second), "b.wordwrap");
        assert_eq!(index.name_words(second).len(), 3);
        assert_eq!(
            index.get("command:b.wordWrap").map(|i| i.title.as_str()),
            Some("View: Toggle Word Wrap")
        );
        assert!(index.get("command:b.wordwrap").is_none());
        // Postings: a title word, an id word and a keyword all find their entry.
        let top = |q: &str| {
            index
                .rank(&parse_query(q), &RankOptions::default())
                .first()
                .map(|r| index.items()[r.index].id.clone())
        };
        assert_eq!(top("straße").as_deref(), Some("command:a.straße"));
        assert_eq!(top("wordwr").as_deref(), Some("command:b.wordWrap"));
        assert_eq!(top("toggle wrap").as_deref(), Some("command:b.wordWrap"));
        let ranked = index.rank(&parse_query("größe"), &RankOptions::default());
        assert_eq!(
            ranked.len(),
            2,
            "the keyword is in both entries' secondary text"
        );
        let highlights = index.rank(&parse_query("wrap"), &RankOptions::default());
        assert_eq!(highlights[0].highlights, vec![[18, 22]]);
    }

    /// The popup's `#` with nothing after it lists the scripts: recent ones first, then the
    /// rest in catalog order; an empty query without a filter still lists recent items only.
    #[test]
    fn an_empty_query_with_a_kind_filter_lists_that_kind() {
        let mut items = vec![command("a", "Alpha")];
        for name in ["build", "test", "lint"] {
            let mut script = command(name, name);
            script.id = format!("script:{name}");
            script.kind = ItemKind::Script;
            items.push(script);
        }
        let index = Index::new(items);
        let ids = |options: &RankOptions| -> Vec<String> {
            index
                .rank(&parse_query(""), options)
                .iter()
                .map(|r| index.items()[r.index].id.clone())
                .collect()
        };
        let recent = vec!["script:lint".to_string(), "command:a".to_string()];
        let scripts = RankOptions {
            kinds: vec![ItemKind::Script],
            recent: recent.clone(),
            limit: 10,
            ..Default::default()
        };
        assert_eq!(
            ids(&scripts),
            ["script:lint", "script:build", "script:test"]
        );
        assert_eq!(
            ids(&RankOptions {
                limit: 2,
                ..scripts
            }),
            ["script:lint", "script:build"]
        );
        let unfiltered = RankOptions {
            recent,
            limit: 10,
            ..Default::default()
        };
        assert_eq!(ids(&unfiltered), ["script:lint", "command:a"]);
    }
}
