//! The index: the catalog's items with the lowercase texts, words and bits ranking reads.

use fuzzy_matcher::skim::SkimMatcherV2;

use super::postings::{Postings, IN_CATEGORY, IN_ID, IN_NAME};
use super::prefilter::{char_bit, char_mask, first_pair_bit_or_none, pair_bits};
use super::score;
use solidus_model::item::Item;
use solidus_model::text::id_words;

/// A run of the index's text arena.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Span {
    start: u32,
    len: u32,
}

impl Span {
    pub(super) fn range(self) -> std::ops::Range<usize> {
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
pub(super) struct Entry {
    /// The title, lowercase.
    pub(super) title: Span,
    /// Byte in the lowercase title where the name after a leading `Category: ` starts.
    pub(super) name_start: u32,
    /// Command id or setting key, lowercase.
    pub(super) ident: Span,
    pub(super) slash: Option<Span>,
    /// Keywords, description, enum values and their descriptions, lowercase, space-joined;
    /// only quoted phrases read it; single words go through the postings.
    pub(super) secondary: Span,
    /// The title words are `words[first_word..first_word + word_count]`.
    pub(super) first_word: u32,
    pub(super) word_count: u16,
    /// How many title words belong to a leading `Category: `, which matches but is not the name.
    pub(super) category_words: u16,
    /// How many name words coverage counts (`Index::coverage_words`), set once the index is built.
    pub(super) coverage_count: u16,
    /// A command whose shown name starts with one of `GENERIC_VERBS`, set once the index is built.
    pub(super) generic_verb_first: bool,
    /// Whether lowercasing kept the title's length in chars, so highlight offsets still fit.
    pub(super) lower_keeps_length: bool,
    /// The title was read off the id (VS Code gives none, and no slash name came with a
    /// hand-written one): its words are the id's, a guess at a name rather than one shown.
    pub(super) guessed_title: bool,
    /// A command hidden from the palette whose title a palette command has (`git.pushRef`, the
    /// branch menu's "Git: Push", beside `git.push`): that action's menu entry, which needs the
    /// menu's context. One action, one row: the popup lists the palette's command only.
    pub(super) hidden_twin: bool,
    /// The title has a leading category and no word of it is a general one
    /// (`GENERAL_CATEGORIES`): its items are one part's, as Emmet's are. Set with the index,
    /// since every ranked row asks.
    pub(super) part_category: bool,
    /// Bits of the characters of the title and the id: a word with a character outside them
    /// matches neither fuzzily in the title nor inside the id.
    pub(super) mask: u64,
    /// Bits of the first character of each title word; a good fuzzy match starts at one.
    pub(super) initials: u64,
    /// Hashed bits of every pair of neighbouring letters in the title and in the id: a word
    /// whose first pair is missing cannot match in a run there, without searching.
    pub(super) ident_pairs: u64,
    /// Pair bits of the first two chars of each title word: a fuzzy match worth showing starts
    /// a word with at least two of its letters.
    pub(super) start_pairs: u64,
    /// A small, query-independent bonus for items people reach for often: commands with a
    /// default keybinding or a friendly slash name, and top-level settings over nested ones.
    pub(super) prior: i32,
}

/// The catalog indexed for ranking. Cost: built once per catalog, a few hundred bytes per item,
/// most of it lowercase text; ranking then allocates only for the results it returns.
pub struct Index {
    pub(super) items: Vec<Item>,
    pub(super) entries: Vec<Entry>,
    /// Every entry's lowercase texts, end to end.
    pub(super) text: String,
    /// Title words of every entry, in entry order.
    words: Vec<TitleWord>,
    /// Word starts in titles and ids, and secondary words, for both modes; the word list
    /// also serves typo fixes and compound splitting of request words.
    pub(super) postings: Postings,
    pub(super) matcher: SkimMatcherV2,
    /// Item positions sorted by id, for lookups by id without a copy of every id.
    by_id: Vec<u32>,
    /// Each item's place in title-then-id order: ties in score are broken by comparing two
    /// numbers instead of two titles, which the ranking's sort did thousands of times a query.
    pub(super) title_order: Vec<u32>,
    /// Each entry's `mask` and `start_pairs | ident_pairs`, side by side: the every-word pass
    /// reads these for every entry, and a 16-byte row per entry keeps that scan in cache.
    pub(super) prefilter: Vec<(u64, u64)>,
    /// How many entries' prefilter rows hold each mask bit and each pair bit: a word's
    /// possible matches are at most its rarest bit's count, known without a pass.
    pub(super) bit_counts: BitCounts,
    /// Whether each item runs with no menu's context (`Item::runs_without_a_menu`), read by
    /// the request ranker for every entry each query.
    pub(super) runs_alone: Vec<bool>,
    /// Each row of the lexicon's part openers and the item that opens the part here, if any.
    pub(super) openers: Vec<Option<usize>>,
}

/// Per bit of the prefilter's two words, how many entries have it set.
pub(super) struct BitCounts {
    mask: [u32; 64],
    pairs: [u32; 64],
}

impl BitCounts {
    fn of(prefilter: &[(u64, u64)]) -> BitCounts {
        let mut counts = BitCounts {
            mask: [0; 64],
            pairs: [0; 64],
        };
        for &(mask, pairs) in prefilter {
            for bit in 0..64 {
                counts.mask[bit] += ((mask >> bit) & 1) as u32;
                counts.pairs[bit] += ((pairs >> bit) & 1) as u32;
            }
        }
        counts
    }

    /// At most how many entries hold every bit of `mask` and one of `pairs`: the count of
    /// the rarest bit of `mask`, or of all `pairs` bits together when that is fewer.
    pub(super) fn bound(&self, mask: u64, pairs: u64) -> usize {
        let count = |counts: &[u32; 64], bits: u64, pick: fn(u32, u32) -> u32, start: u32| {
            (0..64)
                .filter(|b| (bits >> b) & 1 == 1)
                .fold(start, |acc, b| pick(acc, counts[b]))
        };
        let rarest = count(&self.mask, mask, u32::min, u32::MAX);
        let any_pair = count(&self.pairs, pairs, |a, b| a.saturating_add(b), 0);
        rarest.min(any_pair) as usize
    }
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
        let visible: std::collections::HashSet<&str> = items
            .iter()
            .filter(|i| !i.palette_hidden)
            .map(|i| i.title.as_str())
            .collect();
        for (entry, item) in entries.iter_mut().zip(&items) {
            entry.hidden_twin = item.palette_hidden && visible.contains(item.title.as_str());
        }
        let part_category: Vec<bool> = entries
            .iter()
            .map(|entry| {
                let first = entry.first_word as usize;
                let category = &words[first..first + entry.category_words as usize];
                !category.is_empty()
                    && !category.iter().any(|w| {
                        let start = w.start as usize;
                        GENERAL_CATEGORIES.contains(&&text[start..start + w.len as usize])
                    })
            })
            .collect();
        for (entry, part) in entries.iter_mut().zip(part_category) {
            entry.part_category = part;
        }
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
                // VS Code's own search words for a setting (`tooltip` for Editor › Hover:
                // Enabled) are other names for it, as good as its id's words.
                if items[i].kind == solidus_model::ItemKind::Setting && !items[i].from_workspace {
                    for keyword in &items[i].keywords {
                        for word in id_words(keyword) {
                            f(&word, IN_ID);
                        }
                    }
                }
            },
            |i| &text[entries[i].secondary.range()],
        );
        let mut by_id: Vec<u32> = (0..items.len() as u32).collect();
        by_id.sort_unstable_by(|&a, &b| items[a as usize].id.cmp(&items[b as usize].id));
        let mut by_title: Vec<u32> = (0..items.len() as u32).collect();
        by_title.sort_unstable_by(|&a, &b| {
            let (a, b) = (&items[a as usize], &items[b as usize]);
            a.title.cmp(&b.title).then_with(|| a.id.cmp(&b.id))
        });
        let mut title_order = vec![0u32; items.len()];
        for (place, &i) in by_title.iter().enumerate() {
            title_order[i as usize] = place as u32;
        }
        let prefilter: Vec<(u64, u64)> = entries
            .iter()
            .map(|e| (e.mask, e.start_pairs | e.ident_pairs))
            .collect();
        let runs_alone = items.iter().map(Item::runs_without_a_menu).collect();
        let bit_counts = BitCounts::of(&prefilter);
        let mut index = Index {
            items,
            entries,
            text,
            words,
            postings,
            matcher: SkimMatcherV2::default().ignore_case(),
            by_id,
            title_order,
            prefilter,
            bit_counts,
            runs_alone,
            openers: Vec::new(),
        };
        // Every query's coverage reads these name words of hundreds of entries; the qualifier
        // they stop at is found once here.
        let facts: Vec<(u16, bool)> = index
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let verb_first = index.items[i].kind == crate::ItemKind::Command
                    && !e.guessed_title
                    && index
                        .name_words(e)
                        .next()
                        .is_some_and(|(verb, _)| GENERIC_VERBS.contains(&verb));
                (index.coverage_words_of_title(e).count() as u16, verb_first)
            })
            .collect();
        for (entry, (count, verb_first)) in index.entries.iter_mut().zip(facts) {
            entry.coverage_count = count;
            entry.generic_verb_first = verb_first;
        }
        index.openers = solidus_lexicon::data::openers()
            .iter()
            .map(|opener| {
                opener
                    .commands
                    .iter()
                    .find_map(|id| index.position(&format!("command:{id}")))
            })
            .collect();
        index
    }

    pub fn items(&self) -> &[Item] {
        &self.items
    }

    pub fn get(&self, id: &str) -> Option<&Item> {
        self.position(id).map(|i| &self.items[i])
    }

    /// Where the item with this id sits. Cost: a binary search.
    pub(super) fn position(&self, id: &str) -> Option<usize> {
        self.by_id
            .binary_search_by(|&i| self.items[i as usize].id.as_str().cmp(id))
            .ok()
            .map(|at| self.by_id[at] as usize)
    }

    /// Hands the items back, dropping the index around them.
    pub fn into_items(self) -> Vec<Item> {
        self.items
    }

    pub(super) fn title_lower(&self, entry: &Entry) -> &str {
        &self.text[entry.title.range()]
    }

    pub(super) fn name_lower(&self, entry: &Entry) -> &str {
        &self.title_lower(entry)[entry.name_start as usize..]
    }

    pub(super) fn ident(&self, entry: &Entry) -> &str {
        &self.text[entry.ident.range()]
    }

    pub(super) fn slash(&self, entry: &Entry) -> Option<&str> {
        entry.slash.map(|s| &self.text[s.range()])
    }

    /// Each title word, lowercase, with the char where it starts in the title.
    pub(super) fn title_words<'a>(
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

    /// How many of the entry's name words start with one of `words`, and how many name
    /// words it has: the popup and the shortlist both prefer a name that is mostly the query.
    /// The first `whole_only` words cover only a name word they equal (small words like "on").
    pub(super) fn name_coverage(
        &self,
        entry: &Entry,
        words: &[&str],
        whole_only: usize,
    ) -> (usize, usize) {
        let names = self.coverage_words(entry);
        let (whole, prefixes) = words.split_at(whole_only.min(words.len()));
        let covered = names
            .clone()
            .filter(|w| whole.contains(w) || prefixes.iter().any(|q| starts(w, q)))
            .count();
        (covered, names.count())
    }

    /// The name words coverage counts: all but a trailing parenthesised qualifier, which says
    /// which variant an item is ("Open Settings (UI)", "Update Plugins (Force)"), not what it
    /// does; the plain variant of a name is no less covered by a query than its look-alikes.
    fn coverage_words<'a>(
        &'a self,
        entry: &Entry,
    ) -> impl ExactSizeIterator<Item = &'a str> + Clone + 'a {
        // The counted words are a run of the title's words: a slice, not a skip and a take.
        let start = entry.first_word as usize + entry.category_words as usize;
        self.words[start..start + entry.coverage_count as usize]
            .iter()
            .map(|w| &self.text[w.start as usize..w.start as usize + w.len as usize])
    }

    /// `coverage_words` read off the title, for the count the index keeps.
    fn coverage_words_of_title<'a>(
        &'a self,
        entry: &Entry,
    ) -> impl Iterator<Item = &'a str> + Clone + 'a {
        let title = self.title_lower(entry).trim_end();
        let qualifier = title
            .strip_suffix(')')
            .and_then(|t| t.rfind('('))
            .map_or(usize::MAX, |at| title[..at].chars().count());
        let names = self.title_words(entry).skip(entry.category_words as usize);
        let before = names.clone().filter(|&(_, at)| at < qualifier).count();
        let limit = if before == 0 { usize::MAX } else { qualifier };
        names.filter(move |&(_, at)| at < limit).map(|(w, _)| w)
    }

    /// The command's name without a leading generic verb (`Toggle Full Screen` → `full screen`),
    /// when it has one and the query does not start with it: VS Code names commands "Verb
    /// Object", and these verbs only say that the object appears or switches, so typing the
    /// object names the command as much as typing its name does.
    pub(super) fn name_object<'a>(&'a self, index: usize, words: &[&str]) -> Option<&'a str> {
        let entry = &self.entries[index];
        if self.items[index].kind != crate::ItemKind::Command || entry.guessed_title {
            return None;
        }
        let (verb, _) = self.name_words(entry).next()?;
        if !GENERIC_VERBS.contains(&verb) || words.first() == Some(&verb) {
            return None;
        }
        self.name_lower(entry).get(verb.len()..)?.strip_prefix(' ')
    }

    /// Whether the command's name starts with a generic verb none of `spellings` starts: a
    /// name word the request need not say (see `name_object`).
    pub(super) fn leading_generic_verb(&self, index: usize, spellings: &[&str]) -> bool {
        let entry = &self.entries[index];
        entry.generic_verb_first
            && self
                .name_words(entry)
                .next()
                .is_some_and(|(verb, _)| !spellings.iter().any(|s| starts(verb, s)))
    }

    /// Whether the entry's category is another part's, one the query does not name: no word of
    /// it is one of VS Code's general categories (`GENERAL_CATEGORIES`; Diff Editor and Files ›
    /// Refactoring are parts of the editor and the files), and no query word starts one. Its name is that part's variant of a thing (Emmet: Toggle Comment, Zen
    /// Mode: Full Screen), not the thing a query naming only the thing means.
    pub(super) fn other_parts_category(&self, entry: &Entry, words: &[&str]) -> bool {
        entry.part_category
            && !self
                .title_words(entry)
                .take(entry.category_words as usize)
                .any(|(w, _)| words.iter().any(|q| starts(w, q)))
    }

    /// Like [`Index::name_coverage`], also counting the name words a query word runs together
    /// the starts of (`fosi` covers Font and Size, `towowr` Toggle, Word and Wrap): palette
    /// users type a name that way, and the name it spells out whole is the specific one.
    pub(super) fn name_coverage_with_runs(&self, entry: &Entry, words: &[&str]) -> (usize, usize) {
        // A quoted phrase's words cover the name words they start, as typed words do.
        let split: Vec<&str>;
        let words = if words.iter().any(|w| w.bytes().any(|b| b == b' ')) {
            split = words.iter().flat_map(|w| w.split(' ')).collect();
            &split[..]
        } else {
            words
        };
        // Bytes: coverage compares prefixes only (this runs for every every-word match of
        // every key).
        let names = self.coverage_words(entry).map(str::as_bytes);
        // Names past the 64th are counted but never covered: no title is that long.
        let mut covered: u64 = 0;
        for (k, w) in names.clone().take(64).enumerate() {
            if words.iter().any(|q| starts_bytes(w, q.as_bytes())) {
                covered |= 1 << k;
            }
        }
        for q in words {
            let typed = q.as_bytes();
            if typed.len() < 2 * RUN_CHUNK
                || typed.len() > RUN_MAX
                || names.clone().any(|w| starts_bytes(w, typed))
            {
                continue;
            }
            // A run's first chunk starts a name word: without one, no list of names is needed.
            let first_chunk = &typed[..RUN_CHUNK];
            if !names.clone().any(|w| w.starts_with(first_chunk)) {
                continue;
            }
            let listed: Vec<&str> = self.coverage_words(entry).collect();
            if let Some(hit) = run_together(typed, &listed, 0) {
                for k in hit.into_iter().filter(|&k| k < 64) {
                    covered |= 1 << k;
                }
            }
        }
        (covered.count_ones() as usize, names.len())
    }

    /// The title words after a leading category.
    pub(super) fn name_words<'a>(
        &'a self,
        entry: &Entry,
    ) -> impl ExactSizeIterator<Item = (&'a str, usize)> + 'a {
        self.title_words(entry).skip(entry.category_words as usize)
    }
}

/// VS Code's general categories (its `Categories`: View, File, Help, Preferences, Developer,
/// Test) and its general settings sections (Editor, Files, Workbench, Window): they say where
/// an action is listed, not whose it is.
const GENERAL_CATEGORIES: &[&str] = &[
    "view",
    "file",
    "help",
    "preferences",
    "developer",
    "test",
    "editor",
    "files",
    "workbench",
    "window",
];

/// Verbs that only say the object of a command appears or switches: see [`Index::name_object`].
const GENERIC_VERBS: &[&str] = &["toggle", "show", "open", "create", "focus"];

/// The fewest letters of a name word a run-together chunk takes: one letter is an initial,
/// too loose to call a word covered.
const RUN_CHUNK: usize = 2;

/// Longer query words are not read as run-together starts: no one types a name that way.
const RUN_MAX: usize = 24;

/// The name words (by position, from `from` on, in order) whose starts `rest` runs together
/// whole, each chunk `RUN_CHUNK` letters or more; none when it is not such a run.
fn run_together(rest: &[u8], names: &[&str], from: usize) -> Option<Vec<usize>> {
    if rest.is_empty() {
        return Some(Vec::new());
    }
    for (k, name) in names.iter().enumerate().skip(from) {
        let run = name
            .as_bytes()
            .iter()
            .zip(rest)
            .take_while(|(a, b)| a == b)
            .count();
        for end in (RUN_CHUNK..=run).rev() {
            if let Some(mut hit) = run_together(&rest[end..], names, k + 1) {
                hit.push(k);
                return Some(hit);
            }
        }
    }
    None
}

/// The command id, setting key or item id that ranking reads as the item's identifier.
fn ident_source(item: &Item) -> &str {
    item.command
        .as_deref()
        .or(item.key.as_deref())
        .unwrap_or(&item.id)
}

/// A setting's enum values and their descriptions say what it does when they are a handful of
/// modes ("off", "on", "bounded"); a long list (every icon, every locale) only lists what may be
/// chosen, and its words ("github", "versions") would make the setting a hit for any request.
const ENUM_VALUES_MAX: usize = 40;

/// Bytes an entry's texts take before lowercasing.
fn text_estimate(item: &Item) -> usize {
    let mut n = 2 * item.title.len() + ident_source(item).len();
    n += item.keywords.iter().map(|k| k.len() + 1).sum::<usize>();
    n += solidus_lexicon::notes::for_item(item).map_or(0, |note| note.len() + 1);
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
    // Every slash name the item answers to (a slash command's `<tool>.<name>` too), space-joined:
    // a name never holds a space.
    let slash_names: Vec<String> = item
        .keywords
        .iter()
        .filter_map(|k| k.strip_prefix('/'))
        .map(str::to_lowercase)
        .collect();
    let slash = (!slash_names.is_empty()).then(|| push_text(text, &slash_names.join(" ")));
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
    // A note gives the everyday words VS Code's title and description lack.
    if let Some(note) = solidus_lexicon::notes::for_item(item) {
        push_lower(text, note);
    }
    if let Some(schema) = &item.setting {
        push_lower(text, &schema.description);
        // A switch is something to turn on or off, whatever its key ends with: "turn off
        // codelens" asks for Editor: Code Lens as much as for the settings named `enabled`.
        if schema.types == [solidus_model::schema::ValueType::Boolean] {
            push_lower(text, "enabled");
        }
    }
    if let Some(schema) = item
        .setting
        .as_ref()
        .filter(|s| s.enum_values.len() <= ENUM_VALUES_MAX)
    {
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
    // Secondary text is reached through the postings (and a phrase's scan), never fuzzily,
    // so its letters stay out of the mask: they let entries through to fuzzy and id checks
    // that cannot match there.
    let mask = char_mask(title_lower) | char_mask(ident_lower);
    let guessed_title = item.derived_title && slash.is_none();
    let prior = score::prior(
        item.global_keybinding || slash.is_some(),
        guessed_title,
        item.key.as_deref(),
        !item.from_workspace && ident_source(item).starts_with("editor."),
    );
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
        coverage_count: 0,
        generic_verb_first: false,
        lower_keeps_length,
        guessed_title,
        hidden_twin: false,
        part_category: false,
        mask,
        initials,
        ident_pairs,
        start_pairs,
        prior,
    }
}

pub(super) fn words_with_offsets(title: &str) -> Vec<(String, usize)> {
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

/// `word.starts_with(prefix)`, with the first bytes compared inline: coverage asks this of
/// every name word and spelling of hundreds of entries a query, and most differ at once.
#[inline]
fn starts(word: &str, prefix: &str) -> bool {
    starts_bytes(word.as_bytes(), prefix.as_bytes())
}

/// `starts`, on bytes.
#[inline]
fn starts_bytes(word: &[u8], prefix: &[u8]) -> bool {
    match (word.first(), prefix.first()) {
        (Some(a), Some(b)) if a != b => false,
        _ => word.starts_with(prefix),
    }
}

#[cfg(test)]
mod arena_tests {
    use super::*;
    use crate::{parse_query, RankOptions};
    use solidus_model::item::{Effect, ItemKind};

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

    /// A VS Code command's note is searched with its description words; a workspace item that
    /// reuses the command's id keeps only its own text (workspace text is data of its own).
    #[test]
    fn a_command_note_joins_the_secondary_text_of_vscode_commands_only() {
        let id = solidus_lexicon::notes::noted_commands()
            .min()
            .expect("the table has notes");
        let note = solidus_lexicon::notes::command(id).unwrap().to_lowercase();
        let mut borrowed = command(id, "Borrowed");
        borrowed.from_workspace = true;
        let index = Index::new(vec![command(id, "Noted"), borrowed]);
        let secondary = |entry: &Entry| index.text[entry.secondary.range()].to_string();
        assert!(secondary(&index.entries[0]).contains(&note));
        assert!(!secondary(&index.entries[1]).contains(&note));
    }

    /// A word that runs together the starts of name words covers them, each chunk two letters
    /// or more; an initial alone, or letters that skip into a word's middle, cover nothing.
    #[test]
    fn run_together_starts_cover_the_words_they_start() {
        let names = ["decrease", "editor", "font", "size"];
        assert_eq!(run_together(b"fosi", &names, 0), Some(vec![3, 2]));
        assert_eq!(run_together(b"edfosi", &names, 0), Some(vec![3, 2, 1]));
        assert_eq!(run_together(b"fs", &names, 0), None);
        assert_eq!(run_together(b"sifo", &names, 0), None, "in order only");
        assert_eq!(run_together(b"fozi", &names, 0), None);
        let index = Index::new(vec![
            command("a.zoom", "Decrease Editor Font Size"),
            command("b.size", "Editor: Font Size"),
        ]);
        let coverage = |at: usize, q: &str| index.name_coverage_with_runs(&index.entries[at], &[q]);
        assert_eq!(coverage(0, "fosi"), (2, 4));
        assert_eq!(coverage(1, "fosi"), (2, 2));
        assert_eq!(coverage(1, "font"), (1, 2));
    }

    /// A command's name without its leading generic verb is what a query naming the object
    /// matches as a prefix; a query that types the verb, or another verb, gets no object.
    #[test]
    fn the_object_of_a_generic_verb_names_the_command() {
        let index = Index::new(vec![
            command("a.full", "View: Toggle Full Screen"),
            command("b.new", "Terminal: Create New Terminal"),
            command("c.kill", "Terminal: Kill Terminal"),
        ]);
        assert_eq!(
            index.name_object(0, &["full", "screen"]),
            Some("full screen")
        );
        assert_eq!(index.name_object(0, &["toggle", "full"]), None);
        assert_eq!(index.name_object(1, &["new"]), Some("new terminal"));
        assert_eq!(
            index.name_object(2, &["terminal"]),
            None,
            "kill is no generic verb"
        );
        let top = |q: &str| {
            let ranked = index.rank(&parse_query(q), &RankOptions::default());
            index.items()[ranked[0].index].id.clone()
        };
        assert_eq!(top("new terminal"), "command:b.new");
    }

    /// A category that names another part (no general word in it) makes a name prefix that
    /// part's variant, unless the query names the category.
    #[test]
    fn another_part_s_category_is_no_name_of_the_thing() {
        let index = Index::new(vec![
            command("a.emmet", "Emmet: Toggle Comment"),
            command("b.diff", "Diff Editor: Word Wrap"),
            command("c.save", "File: Save"),
            command("d.plain", "Toggle Line Comment"),
        ]);
        let other = |at: usize, q: &[&str]| index.other_parts_category(&index.entries[at], q);
        assert!(other(0, &["toggle", "comment"]));
        assert!(!other(0, &["emmet", "toggle"]), "the query names it");
        assert!(!other(1, &["word", "wrap"]), "a part of the editor");
        assert!(!other(2, &["sav"]));
        assert!(!other(3, &["toggle"]), "no category");
        // Without a whole tier for Emmet's prefix, the bound command (Ctrl+/) leads.
        let mut items = index.items().to_vec();
        items[3].global_keybinding = true;
        let index = Index::new(items);
        let ranked = index.rank(&parse_query("toggle comment"), &RankOptions::default());
        assert_eq!(index.items()[ranked[0].index].id, "command:d.plain");
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

    /// A handful of enum values say what a setting does; a long list only lists what may be
    /// chosen, and none of its words makes the setting a hit.
    #[test]
    fn only_a_short_enum_lends_its_words_to_a_setting() {
        let setting = |key: &str, values: Vec<String>| Item {
            id: format!("setting:{key}"),
            kind: ItemKind::Setting,
            title: key.to_string(),
            key: Some(key.to_string()),
            setting: Some(Box::new(solidus_model::schema::SettingSchema {
                enum_values: values.into_iter().map(serde_json::Value::String).collect(),
                ..Default::default()
            })),
            ..Item::default()
        };
        let mut icons: Vec<String> = (0..ENUM_VALUES_MAX).map(|k| format!("icon{k}")).collect();
        icons.push("github".to_string());
        let index = Index::new(vec![
            setting("a.defaultIcon", icons),
            setting("b.wrap", vec!["off".into(), "bounded".into()]),
        ]);
        let found = |q: &str| {
            let options = RankOptions {
                mode: crate::Mode::Any,
                ..RankOptions::default()
            };
            index
                .rank(&parse_query(q), &options)
                .iter()
                .map(|r| index.items()[r.index].id.clone())
                .collect::<Vec<_>>()
        };
        assert!(found("github").is_empty());
        assert_eq!(found("bounded"), ["setting:b.wrap"]);
    }
}
