//! The ranker: turns typed text into an ordered, highlighted list of catalog items.
//!
//! Tiers sit above the fuzzy score so a match on what a user sees first always wins:
//! exact slash name or id > title prefix > word starts > fuzzy in title > keywords, description
//! or enum values. Fuzzy matching is `fuzzy-matcher`'s skim algorithm.

use std::cmp::Ordering;
use std::collections::HashMap;

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

struct Entry {
    /// Whether lowercasing kept the title's length in chars, so highlight offsets still fit.
    lower_keeps_length: bool,
    title_lower_text: String,
    /// Each word of the title with the char offset where it starts.
    title_words: Vec<(String, usize)>,
    /// Command id or setting key, lowercase, and its words.
    ident: String,
    ident_words: Vec<String>,
    slash: Option<String>,
    /// Keywords, description, enum values and their descriptions, lowercase, space-joined;
    /// newlines removed so the joined index keeps entries apart.
    secondary: String,
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
    prior: i64,
    /// How many title words belong to a leading `Category: `, which matches but is not the name.
    category_words: usize,
    /// The title after its category, lowercase: a prefix of it is as good as a title prefix.
    name_lower_text: String,
}

/// Where a title or id word sits, which decides how good a hit on it is.
const IN_NAME: u8 = 0;
const IN_CATEGORY: u8 = 1;
const IN_ID: u8 = 2;

/// Words mapped to the entries they occur in, each with where in the entry the word sits
/// (the lowest, i.e. best, place wins).
struct Postings(Vec<(String, Vec<(u32, u8)>)>);

impl Postings {
    fn build<'a>(words: impl Iterator<Item = (&'a str, u32, u8)>) -> Postings {
        let mut map: HashMap<&str, Vec<(u32, u8)>> = HashMap::new();
        for (word, entry, quality) in words {
            let list = map.entry(word).or_default();
            match list.last_mut() {
                Some(last) if last.0 == entry => last.1 = last.1.min(quality),
                _ => list.push((entry, quality)),
            }
        }
        let mut list: Vec<(String, Vec<(u32, u8)>)> =
            map.into_iter().map(|(w, l)| (w.to_string(), l)).collect();
        list.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        Postings(list)
    }

    /// Calls `hit` for every entry with a word starting with `prefix`.
    /// Calls `hit(entry, place, exact)` for every entry with a word starting with `prefix`.
    fn for_prefix(&self, prefix: &str, mut hit: impl FnMut(u32, u8, bool)) {
        let start = self.0.partition_point(|(w, _)| w.as_str() < prefix);
        for (word, list) in self.0[start..]
            .iter()
            .take_while(|(w, _)| w.starts_with(prefix))
        {
            let exact = word.len() == prefix.len();
            for &(entry, place) in list {
                hit(entry, place, exact);
            }
        }
    }
}

/// The catalog indexed for ranking. Cost: built once per catalog, about a few hundred bytes
/// per item; ranking then allocates only for the results it returns.
pub struct Index {
    items: Vec<Item>,
    entries: Vec<Entry>,
    /// Every distinct word of the secondary texts, sorted, with the entries it occurs in: a
    /// query word's prefix range gives every entry with a word starting with it.
    vocabulary: Vec<(String, Vec<u32>)>,
    /// Title and id words with the entries they occur in and how good a hit there is, for the
    /// `any` mode, which then never scans the catalog item by item.
    name_postings: Postings,
    /// Every distinct word of titles, ids and secondary texts, sorted: for typo fixes and
    /// compound splitting of request words.
    all_words: Vec<String>,
    matcher: SkimMatcherV2,
    by_id: HashMap<String, usize>,
}

impl Index {
    pub fn new(items: Vec<Item>) -> Index {
        let entries: Vec<Entry> = items.iter().map(entry_for).collect();
        let mut postings: HashMap<&str, Vec<u32>> = HashMap::new();
        for (i, entry) in entries.iter().enumerate() {
            for word in entry
                .secondary
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
            {
                let list = postings.entry(word).or_default();
                if list.last() != Some(&(i as u32)) {
                    list.push(i as u32);
                }
            }
        }
        let mut vocabulary: Vec<(String, Vec<u32>)> = postings
            .into_iter()
            .map(|(word, list)| (word.to_string(), list))
            .collect();
        vocabulary.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let name_postings = Postings::build(entries.iter().enumerate().flat_map(|(i, entry)| {
            let category = entry.category_words;
            let title = entry
                .title_words
                .iter()
                .enumerate()
                .map(move |(w, (word, _))| {
                    (
                        word.as_str(),
                        i as u32,
                        if w >= category { IN_NAME } else { IN_CATEGORY },
                    )
                });
            let ident = entry
                .ident_words
                .iter()
                .map(move |word| (word.as_str(), i as u32, IN_ID));
            title.chain(ident)
        }));
        let mut all_words: Vec<String> = vocabulary.iter().map(|(w, _)| w.clone()).collect();
        for entry in &entries {
            all_words.extend(entry.title_words.iter().map(|(w, _)| w.clone()));
            all_words.extend(entry.ident_words.iter().cloned());
        }
        all_words.sort_unstable();
        all_words.dedup();
        let by_id = items
            .iter()
            .enumerate()
            .map(|(i, item)| (item.id.clone(), i))
            .collect();
        Index {
            items,
            entries,
            vocabulary,
            name_postings,
            all_words,
            matcher: SkimMatcherV2::default().ignore_case(),
            by_id,
        }
    }

    pub fn items(&self) -> &[Item] {
        &self.items
    }

    pub fn get(&self, id: &str) -> Option<&Item> {
        self.by_id.get(id).map(|&i| &self.items[i])
    }
}

fn entry_for(item: &Item) -> Entry {
    let title_lower_text: String = item.title.chars().flat_map(char::to_lowercase).collect();
    let lower_keeps_length = title_lower_text.chars().count() == item.title.chars().count();
    // Lowercasing may change the char count for a few scripts; then highlights fall back to none.
    let title_words = words_with_offsets(&item.title);
    let ident = item
        .command
        .as_deref()
        .or(item.key.as_deref())
        .unwrap_or(&item.id)
        .to_lowercase();
    let ident_words = id_words(
        item.command
            .as_deref()
            .or(item.key.as_deref())
            .unwrap_or(&item.id),
    );
    let slash = item
        .keywords
        .iter()
        .find(|k| k.starts_with('/'))
        .map(|k| k[1..].to_lowercase());
    let mut secondary = String::new();
    for keyword in &item.keywords {
        secondary.push_str(&keyword.to_lowercase());
        secondary.push(' ');
    }
    if let Some(schema) = &item.setting {
        secondary.push_str(&schema.description.to_lowercase());
        secondary.push(' ');
        for value in &schema.enum_values {
            if let Some(s) = value.as_str() {
                secondary.push_str(&id_words(s).join(" "));
                secondary.push(' ');
            }
        }
        for d in &schema.enum_descriptions {
            secondary.push_str(&d.to_lowercase());
            secondary.push(' ');
        }
    }
    let secondary = secondary.replace('\n', " ");
    let mut mask = char_mask(&title_lower_text);
    mask |= char_mask(&ident);
    mask |= char_mask(&secondary);
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
    let (category_words, name_lower_text) = match item.title.find(": ") {
        Some(byte) => {
            let chars_before = item.title[..byte].chars().count();
            let count = title_words
                .iter()
                .take_while(|(_, start)| *start < chars_before)
                .count();
            (count, item.title[byte + 2..].to_lowercase())
        }
        None => (0, title_lower_text.clone()),
    };
    let initials = title_words
        .iter()
        .filter_map(|(w, _)| w.chars().next())
        .fold(0, |m, c| m | char_bit(c));
    let start_pairs = title_words
        .iter()
        .fold(0, |bits, (w, _)| bits | first_pair_bit_or_none(w));
    let ident_pairs = pair_bits(&ident);
    Entry {
        start_pairs,
        ident_pairs,
        prior,
        category_words,
        name_lower_text,
        initials,
        lower_keeps_length,
        title_lower_text,
        title_words,
        ident,
        ident_words,
        slash,
        secondary,
        mask,
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
                let Some(name) = &entry.slash else { continue };
                if !allowed(index) {
                    continue;
                }
                let tier = if name == slash {
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
                let covered = entry.title_words[entry.category_words..]
                    .iter()
                    .filter(|(w, _)| words.iter().any(|q| w.starts_with(q)))
                    .count();
                let name_words = entry.title_words.len().saturating_sub(entry.category_words);
                if name_words > 0 {
                    score += 600 * covered as i64 / name_words as i64;
                }
                if entry.ident == whole || entry.slash.as_deref() == Some(phrase.as_str()) {
                    tier = 5;
                } else if entry.title_lower_text.starts_with(&phrase)
                    || entry.name_lower_text.starts_with(&phrase)
                {
                    tier = 4;
                }
                // A shorter category is the more general item: `Editor: Word Wrap` before
                // `Diff Editor: Word Wrap`.
                score -= 20 * entry.category_words as i64;
                score += tier * TIER + entry.prior + self.recency_boost(index, &recent_pos);
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
            let start = self.vocabulary.partition_point(|(w, _)| w.as_str() < *word);
            for (_, list) in self.vocabulary[start..]
                .iter()
                .take_while(|(w, _)| w.starts_with(*word))
            {
                for &i in list {
                    hits[i as usize] = Some(WordMatch {
                        tier: WordTier::Secondary,
                        score: 100 + 5 * len,
                    });
                }
            }
            self.name_postings.for_prefix(word, |i, place, exact| {
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
            for i in (0..n).filter(|&i| allowed(i) && strong.iter().all(|hits| starts(&hits[i]))) {
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
                (len >= 3 && entry.ident_pairs & pair != 0 && entry.ident.contains(word)).then_some(
                    WordMatch {
                        tier: WordTier::Secondary,
                        score: 80,
                    },
                )
            };
            if step == 0 {
                for i in 0..n {
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
            || !plausible_fuzzy(word, &entry.title_words)
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
            &self.all_words,
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
                self.name_postings.for_prefix(spelling, |i, place, _| {
                    record(i as usize, if place == IN_NAME { 100 } else { 85 })
                });
                let start = self
                    .vocabulary
                    .partition_point(|(w, _)| w.as_str() < spelling.as_str());
                for (_, list) in self.vocabulary[start..]
                    .iter()
                    .take_while(|(w, _)| w.starts_with(spelling.as_str()))
                {
                    for &i in list {
                        record(i as usize, 35);
                    }
                }
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
            let names = &entry.title_words[entry.category_words.min(entry.title_words.len())..];
            let covered = names
                .iter()
                .filter(|(w, _)| spellings.iter().any(|s| w.starts_with(s)))
                .count();
            let coverage = if names.is_empty() {
                0
            } else {
                150 * covered as i64 / names.len() as i64
            };
            let mut score = (total * 10.0) as i64 + coverage + entry.prior / 5;
            if let Some(&pos) = recent_pos.get(self.items[i].id.as_str()) {
                score += RECENT_BOOST_MAX / 20 / (pos as i64 + 1);
            }
            scored.push((score, i));
        }
        self.top(scored, limit, recent_pos, &spellings)
    }

    /// Whether some word of the catalog starts with `prefix`.
    fn starts_a_word(&self, prefix: &str) -> bool {
        let at = self.all_words.partition_point(|w| w.as_str() < prefix);
        self.all_words
            .get(at)
            .is_some_and(|w| w.starts_with(prefix))
    }

    /// Whether `word` is a word of some title or id (descriptions mention ids such as
    /// `fontsize`, which must not stop a compound from being split).
    fn is_word(&self, word: &str) -> bool {
        self.name_postings
            .0
            .binary_search_by(|(w, _)| w.as_str().cmp(word))
            .is_ok()
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

    fn recent_only(&self, options: &RankOptions, limit: usize) -> Vec<RankedItem> {
        options
            .recent
            .iter()
            .filter_map(|id| self.by_id.get(id.as_str()).copied())
            .filter(|&i| options.kinds.is_empty() || options.kinds.contains(&self.items[i].kind))
            .take(limit)
            .enumerate()
            .map(|(pos, index)| RankedItem {
                index,
                score: RECENT_BOOST_MAX / (pos as i64 + 1),
                highlights: Vec::new(),
            })
            .collect()
    }

    /// For each entry, whether `word` starts a word somewhere in its secondary text.
    /// Cost: a binary search in the vocabulary plus the postings of the matching words.
    fn secondary_hits(&self, word: &str) -> Vec<bool> {
        let mut hits = vec![false; self.entries.len()];
        if word.contains(' ') {
            // A quoted phrase: scan the texts themselves, which is rare enough to afford.
            for (hit, entry) in hits.iter_mut().zip(&self.entries) {
                *hit = entry.secondary.contains(word);
            }
            return hits;
        }
        let start = self.vocabulary.partition_point(|(w, _)| w.as_str() < word);
        for (_, list) in self.vocabulary[start..]
            .iter()
            .take_while(|(w, _)| w.starts_with(word))
        {
            for &i in list {
                hits[i as usize] = true;
            }
        }
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
        for (title_word, _) in &entry.title_words {
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
        if best.is_none() && entry.ident_words.iter().any(|w| w.starts_with(word)) {
            best = Some(WordMatch {
                tier: WordTier::WordStart,
                score: 400 + 10 * len,
            });
        }
        if best.is_none() && word.contains(' ') && entry.title_lower_text.contains(word) {
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
            && starts_with_run(word, &entry.title_lower_text)
            && is_subsequence(word, &entry.title_lower_text)
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
        if best.is_none() && entry.ident.contains(word) && len >= 3 {
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
            if let Some((_, start)) = entry.title_words.iter().find(|(w, _)| w.starts_with(*word)) {
                chars.extend(*start..*start + len);
                continue;
            }
            if word.contains(' ') {
                let title = &entry.title_lower_text;
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
fn plausible_fuzzy(word: &str, title_words: &[(String, usize)]) -> bool {
    // Bytes, not chars: a prefix in chars is a prefix in bytes, and skim makes the real call.
    let chars = word.as_bytes();
    const MAX: usize = 64;
    if chars.len() < 2 || chars.len() > MAX {
        return false;
    }
    // One word with letters left out.
    for (w, _) in title_words {
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
        for (k, (w, _)) in title_words.iter().enumerate().skip(from) {
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

    fn words(title: &str) -> Vec<(String, usize)> {
        words_with_offsets(title)
    }

    #[test]
    fn fuzzy_gate_accepts_word_prefix_chunks_and_in_word_omissions() {
        assert!(plausible_fuzzy("fosi", &words("Editor: Font Size")));
        assert!(
            !plausible_fuzzy("tgwr", &words("View: Toggle Word Wrap")),
            "tg is not a prefix of toggle"
        );
        assert!(plausible_fuzzy("towowr", &words("View: Toggle Word Wrap")));
        assert!(plausible_fuzzy("comit", &words("Git: Commit")));
        // Letters scattered across a word's middle are noise, not a match.
        assert!(!plausible_fuzzy("tab", &words("Start Debugging")));
        assert!(!plausible_fuzzy("x", &words("Extensions")));
    }
}
