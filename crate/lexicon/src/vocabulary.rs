//! Turns the words of a plain-language request into the catalog's vocabulary: stems, everyday
//! synonyms, split compounds and typo corrections, each an alternative with a weight.

/// One request word and the spellings it may match in the catalog, with weights in percent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordGroup {
    pub word: String,
    pub alternatives: Vec<(String, u8)>,
}

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use crate::data::{filler_words, openers, parts, stop_words as stop_word_list, synonyms};

/// A synonym's weight in percent of the word's own: nearly the word itself, below a stem (90)
/// and a typo fix (`TYPO_FIX_WEIGHT`). Measured on the tuning sets only (shared/bench/requests.jsonl and
/// bench/chatty-dev.jsonl): 70 gave recall 0.978/0.720 at 20, 85 gives 1.000/0.760.
const SYNONYM_WEIGHT: u8 = 85;

/// A typo fix's weight in percent of the word's own: a word that starts no catalog word and is
/// one edit from one is that word. 80 (below a synonym) and 90 were lower on the tuning sets
/// (chatty-dev3 0.662/0.800 and 0.675/0.800 at 20/60 against 0.675/0.812).
const TYPO_FIX_WEIGHT: u8 = 100;

/// Each everyday word and the table rows that list it, built once: a request word is looked
/// up by hashing instead of comparing it with every word of both tables.
fn everyday_rows() -> &'static HashMap<&'static str, Vec<usize>> {
    static ROWS: OnceLock<HashMap<&'static str, Vec<usize>>> = OnceLock::new();
    ROWS.get_or_init(|| {
        let mut rows: HashMap<&'static str, Vec<usize>> = HashMap::new();
        for (row, group) in synonyms().iter().enumerate() {
            for &word in &group.everyday {
                rows.entry(word).or_default().push(row);
            }
        }
        rows
    })
}

/// The stop words as a set, built once.
fn stop_words() -> &'static HashSet<&'static str> {
    static WORDS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| stop_word_list().iter().copied().collect())
}

/// Whether a request word carries no meaning for word matching: a stop word or a filler.
pub fn is_meaningless(word: &str) -> bool {
    static WORDS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    WORDS
        .get_or_init(|| {
            stop_word_list()
                .iter()
                .chain(filler_words())
                .copied()
                .collect()
        })
        .contains(word)
}

/// Strips common English endings so `indentation`, `spaces` and `saving` meet `indent`, `space`
/// and `sav…` by prefix; never shorter than three letters.
pub fn stem(word: &str) -> Option<String> {
    const ENDINGS: &[(&str, &str)] = &[
        ("ically", "ic"),
        ("ations", ""),
        ("ation", ""),
        ("ings", ""),
        ("ing", ""),
        ("ies", "y"),
        ("ied", "y"),
        ("ness", ""),
        ("ment", ""),
        ("ally", ""),
        ("ed", ""),
        ("es", ""),
        ("ly", ""),
        ("s", ""),
    ];
    if word.ends_with("ss") || !word.is_ascii() {
        return None;
    }
    for (ending, replacement) in ENDINGS {
        if let Some(base) = word.strip_suffix(ending) {
            let stemmed = format!("{base}{replacement}");
            if stemmed.len() >= 3 && stemmed != word {
                return Some(stemmed);
            }
        }
    }
    None
}

/// Whether `a` and `b` differ by one edit: an insertion, deletion, substitution or a swap of
/// two neighbouring letters. Cost: linear in the words' length.
pub fn one_edit_apart(a: &str, b: &str) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a == b || a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[prefix..], &b[prefix..]);
    match ra.len().cmp(&rb.len()) {
        std::cmp::Ordering::Equal => {
            ra[1..] == rb[1..]
                || (ra.len() >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..])
        }
        std::cmp::Ordering::Greater => ra[1..] == *rb,
        std::cmp::Ordering::Less => *ra == rb[1..],
    }
}

/// Whether a word is letters only: one with an apostrophe or a digit ("don't", "utf8") is
/// written as meant, and an edit away from it lies another word ("donot"), not a fix.
fn spelt_in_letters(word: &str) -> bool {
    word.chars().all(char::is_alphabetic)
}

/// Whether `a` is `b` with two neighbouring letters swapped, the commonest slip of typing.
fn neighbours_swapped(a: &str, b: &str) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let Some(at) = a.iter().zip(&b).position(|(x, y)| x != y) else {
        return false;
    };
    a.len() == b.len()
        && at + 1 < a.len()
        && a[at] == b[at + 1]
        && a[at + 1] == b[at]
        && a[at + 2..] == b[at + 2..]
}

/// Expands request words into groups. `known` says whether a spelling starts a word of the
/// catalog; `vocabulary` lists the catalog's words for splitting compounds and fixing typos.
pub fn expand(
    words: &[&str],
    known: impl Fn(&str) -> bool,
    exact: impl Fn(&str) -> bool,
    vocabulary: &[Box<str>],
) -> Vec<WordGroup> {
    expand_counted(words, known, exact, vocabulary).0
}

/// `expand`, and how many of its groups are the request's words: the rest are the rows its
/// neighbouring words name together (`phrase_groups`).
pub fn expand_counted(
    words: &[&str],
    known: impl Fn(&str) -> bool,
    exact: impl Fn(&str) -> bool,
    vocabulary: &[Box<str>],
) -> (Vec<WordGroup>, usize) {
    let (words, asks_where) = question_subject(words);
    let mut groups: Vec<WordGroup> = Vec::new();
    // "Where is the output panel" asks to be shown it: the frame becomes a group of the verbs
    // that bring a thing into view.
    if asks_where {
        groups.push(WordGroup {
            word: "where".to_string(),
            alternatives: WHERE_MEANS
                .iter()
                .map(|w| (w.to_string(), SYNONYM_WEIGHT))
                .collect(),
        });
    }
    // Each word's spellings in request order, fillers included ("goto anything"), for the
    // two-word rows; stop words never start or end one.
    let mut spellings: Vec<Vec<String>> = Vec::new();
    for &word in words {
        // A possessive or an `is` says nothing of the word: "file's" is file, "where's" where.
        let word = ["'s", "\u{2019}s"]
            .iter()
            .find_map(|end| word.strip_suffix(end))
            .filter(|w| !w.is_empty())
            .unwrap_or(word);
        let bare = word.trim_matches(|c: char| c.is_ascii_punctuation());
        if is_meaningless(word) && !bare.is_empty() && !stop_words().contains(bare) {
            spellings.push(vec![bare.to_string()]);
        }
        if is_meaningless(word)
            || word
                .chars()
                .all(|c| c.is_ascii_digit() || c.is_ascii_punctuation())
        {
            continue;
        }
        let word = word.trim_matches(|c: char| c.is_ascii_punctuation());
        if word.is_empty() {
            continue;
        }
        let mut alternatives: Vec<(String, u8)> = vec![(word.to_string(), 100)];
        fn push(alternatives: &mut Vec<(String, u8)>, alt: String, weight: u8) {
            if !alternatives.iter().any(|(a, _)| *a == alt) {
                alternatives.push((alt, weight));
            }
        }
        let stemmed = stem(word);
        if let Some(stemmed) = &stemmed {
            push(&mut alternatives, stemmed.clone(), 90);
        }
        // Both tables are looked up by the word, its stem and its hyphen-less form, so `dots`
        // finds `dot` and `add-ons` finds `addons`.
        let joined = word.contains('-').then(|| word.replace('-', ""));
        let mut rows: Vec<usize> = [Some(word), stemmed.as_deref(), joined.as_deref()]
            .into_iter()
            .flatten()
            .filter_map(|form| everyday_rows().get(form))
            .flatten()
            .copied()
            .collect();
        rows.sort_unstable();
        rows.dedup();
        let known_whole = !rows.is_empty();
        for row in rows {
            for alt in &synonyms()[row].catalog {
                push(&mut alternatives, alt.to_string(), SYNONYM_WEIGHT);
            }
        }
        // A compound written as one word ("autosave", "sidebar") matches its parts, unless the
        // synonym table gives it other words ("typeface" is a font family, not a type and a face).
        let mut parts: Option<(String, String)> = None;
        if !exact(word) && word.len() >= 6 && word.is_ascii() {
            for cut in 3..=word.len() - 3 {
                let (left, right) = word.split_at(cut);
                if exact(left) && exact(right) {
                    parts = Some((left.to_string(), right.to_string()));
                    break;
                }
            }
        }
        let synonym_of_parts = |(left, right): &(String, String)| {
            [left, right]
                .iter()
                .all(|part| alternatives.iter().any(|(a, _)| a == *part))
        };
        if known_whole && !parts.as_ref().is_some_and(synonym_of_parts) {
            parts = None;
        }
        // A word that starts no catalog word is likely misspelt: try words one edit away.
        // A word whose stem starts one ("recs", "rec…") may be a short form, so only two
        // swapped letters, which no short form has, fix it ("fiels" is files, not a field).
        let stem_known = stemmed.as_deref().is_some_and(&known);
        if parts.is_none() && !known(word) && word.len() >= 4 && spelt_in_letters(word) {
            if let Some(first) = word.chars().next() {
                let first = first.to_string();
                let start = vocabulary.partition_point(|v| **v < *first.as_str());
                let mut fixed: Vec<&str> = Vec::new();
                for candidate in vocabulary[start..]
                    .iter()
                    .take_while(|v| v.starts_with(first.as_str()))
                {
                    let fixes = if stem_known {
                        neighbours_swapped(word, candidate)
                    } else {
                        one_edit_apart(word, candidate)
                    };
                    if fixes {
                        // The fixed word's stem too: `defind` is `defined`, which meets
                        // `definition` only as `defin…`.
                        let stemmed = stem(candidate);
                        push(&mut alternatives, candidate.to_string(), TYPO_FIX_WEIGHT);
                        if let Some(stemmed) = stemmed {
                            push(&mut alternatives, stemmed, TYPO_FIX_WEIGHT);
                        }
                        fixed.push(candidate);
                    }
                }
                // One fix is the word the user meant: it means what that word means too
                // ("keybindigns" is keybindings, which are keyboard shortcuts). Several fixes
                // are guesses, and their synonyms would be guesses of guesses.
                if let [only] = fixed[..] {
                    for &row in everyday_rows().get(only).into_iter().flatten() {
                        for alt in &synonyms()[row].catalog {
                            push(&mut alternatives, alt.to_string(), SYNONYM_WEIGHT);
                        }
                    }
                }
            }
        }
        spellings.push(alternatives.iter().map(|(a, _)| a.clone()).collect());
        match parts {
            Some((left, right)) => {
                groups.push(WordGroup {
                    word: left.clone(),
                    alternatives: vec![(left, 90)],
                });
                groups.push(WordGroup {
                    word: right.clone(),
                    alternatives: vec![(right, 90)],
                });
            }
            None => groups.push(WordGroup {
                word: word.to_string(),
                alternatives,
            }),
        }
    }
    let worded = groups.len();
    groups.extend(phrase_groups(&spellings));
    (groups, worded)
}

/// Two neighbouring request words the synonym table lists together (`focus+mode`), in any of
/// their spellings (`cmd palette` and `comand palette` are `command+palette`): each of the
/// row's catalog words becomes a group of its own, added beside the words' own groups, so an
/// item holding all of them ("show all commands") gets each share, and "focus mode" finds Zen
/// Mode while each typed word still counts for what it says.
fn phrase_groups(words: &[Vec<String>]) -> Vec<WordGroup> {
    let mut groups: Vec<WordGroup> = Vec::new();
    for pair in words.windows(2) {
        for first in &pair[0] {
            for second in &pair[1] {
                let key = format!("{first}+{second}");
                for &row in everyday_rows().get(key.as_str()).into_iter().flatten() {
                    for &alt in &synonyms()[row].catalog {
                        if !groups.iter().any(|g| g.word == alt) {
                            groups.push(WordGroup {
                                word: alt.to_string(),
                                alternatives: vec![(alt.to_string(), SYNONYM_WEIGHT)],
                            });
                        }
                    }
                }
            }
        }
    }
    groups
}

/// A described part's weight in percent of a word's own, shared among the part's names: more
/// than one word's, since it takes several of the request's words agreeing to name it, and
/// those words (how the part looks) rarely occur in its items' titles. Chosen on the tuning
/// sets (chatty-dev, -dev2, -dev3, 185 requests): a synonym's 85 covered 152 at 20 and 169 at
/// 60, 120 153/170, 150 154/173, 200 151/173, 250 149/174 (one-name parts capped at 100 in those runs but 150).
const PART_WEIGHT: u8 = 150;

/// The least evidence that a request describes a part is what this many shared description
/// words are worth when each describes `PART_EVIDENCE_SPREAD` parts: two fairly specific words
/// name a part ("map" and "right"), any number of words that describe most parts ("code",
/// "left") do not. Evidence is the sum of the shared words' rarity among the glossary's parts.
const PART_EVIDENCE_WORDS: f64 = 2.0;
const PART_EVIDENCE_SPREAD: f64 = 4.0;

/// The words a question starts with, before an auxiliary ("where is", "how do").
const QUESTION_WORDS: &[&str] = &["how", "where", "what", "which", "why", "who"];

/// The auxiliaries that make a leading question word a question.
const AUXILIARIES: &[&str] = &[
    "is", "are", "was", "were", "did", "do", "does", "can", "could", "should", "has", "have",
    // "How come the minimap disappeared" asks why, as "why did" does.
    "come",
];

/// Verbs that make a "where" question ask how to do something ("where do I change the font"):
/// the answer is the setting or command that does it, not a view to bring into sight.
const WHERE_TO_DO: &[&str] = &[
    "change",
    "set",
    "edit",
    "configure",
    "adjust",
    "customize",
    "modify",
    "turn",
    "enable",
    "disable",
    "add",
    "remove",
    "make",
    "switch",
    "install",
];

/// A question word and its auxiliary in one.
const QUESTION_OPENERS: &[&str] = &["where's", "what's", "how's", "who's"];

/// What a question asks about, without the words that frame it, and whether it asks where:
/// "where is the output panel" asks for the panel, not for the panel's position, which
/// descriptions say with "where" ("where the panel sits" is no question: no auxiliary
/// follows), and "where did the sidebar go" for the sidebar, not for Go Back. Any other
/// request is returned whole.
fn question_subject<'a, 'w>(words: &'a [&'w str]) -> (&'a [&'w str], bool) {
    let bare = |w: &'w str| w.trim_matches(|c: char| c.is_ascii_punctuation() && c != '\'');
    let (opener, rest) = match words {
        [first, rest @ ..] if QUESTION_OPENERS.contains(&bare(first)) => (bare(first), rest),
        [first, second, rest @ ..]
            if QUESTION_WORDS.contains(&bare(first)) && AUXILIARIES.contains(&bare(second)) =>
        {
            (bare(first), rest)
        }
        _ => return (words, false),
    };
    let does = rest
        .iter()
        .map(|w| bare(w))
        .find(|w| !stop_words().contains(w))
        .is_some_and(|w| WHERE_TO_DO.contains(&w));
    let asks_where = opener.starts_with("where") && !does;
    match rest.split_last() {
        Some((last, subject)) if asks_where && WHERE_GONE.contains(&bare(last)) => (subject, true),
        _ => (rest, asks_where),
    }
}

/// What a "where is" question asks for: the verbs of the commands that bring a view, an
/// editor or a bar into sight (Show Explorer, Open Keyboard Shortcuts, Focus on Problems View,
/// Toggle Output, Status Bar: Visible).
const WHERE_MEANS: &[&str] = &["show", "open", "focus", "toggle", "visible"];

/// Words that ask to see something without naming it: verbs that bring a part into view and the
/// nouns of the places parts sit in. "Open the terminal panel" says no more than "terminal".
const BRINGS_INTO_VIEW: &[&str] = &[
    "open", "show", "see", "view", "display", "go", "goto", "focus", "reveal", "toggle", "bring",
    "where", "panel", "pane", "sidebar", "window",
];

/// Words that ask to put something away or turn it off: a request holding one is about the
/// part's behaviour ("never show the welcome page"), not about seeing it.
const PUTS_AWAY: &[&str] = &[
    "hide", "close", "disable", "never", "no", "not", "don't", "dont", "off", "stop", "remove",
    "delete", "without",
];

/// The least share of a request's word groups that must speak of a part (or of seeing it) for
/// the request to be about opening it: "add plugins" is, "terminal font size" is not.
const OPENER_LEAST_SHARE: f64 = 0.5;

/// The parts of `data/openers.txt` a request names and says little else about ("source control",
/// "where are my extensions"), each as its row and the share of the request's word groups that
/// name the part or ask to see it. `groups` are `expand_counted`'s, the first `worded` of them
/// the request's words. A part is named when each of its words is a spelling of some group; a
/// phrase row naming it ("error list" for the problems) speaks for the two words it came from.
/// A request mostly about something else (under `OPENER_LEAST_SHARE`) names none.
/// Cost: a pass over the table's rows per group spelling, a few hundred comparisons.
pub fn named_openers(groups: &[WordGroup], worded: usize) -> Vec<(usize, f64)> {
    let (words, phrases) = groups.split_at(worded.min(groups.len()));
    let puts_away = |g: &WordGroup| {
        PUTS_AWAY.contains(&g.word.as_str()) || g.alternatives.iter().any(|(a, _)| a == "disable")
    };
    if words.is_empty() || words.iter().any(puts_away) {
        return Vec::new();
    }
    let speaks_of =
        |group: &WordGroup, word: &str| group.alternatives.iter().any(|(a, _)| a == word);
    let mut named = Vec::new();
    for (row, opener) in openers().iter().enumerate() {
        if !opener
            .words
            .iter()
            .all(|w| groups.iter().any(|g| speaks_of(g, w)))
        {
            continue;
        }
        let about = words
            .iter()
            .filter(|g| {
                BRINGS_INTO_VIEW.contains(&g.word.as_str())
                    || opener.words.iter().any(|w| speaks_of(g, w))
            })
            .count();
        let by_phrase = phrases
            .iter()
            .any(|g| opener.words.iter().any(|w| speaks_of(g, w)));
        let about = if by_phrase { about + 2 } else { about }.min(words.len());
        let share = about as f64 / words.len() as f64;
        if share >= OPENER_LEAST_SHARE {
            named.push((row, share));
        }
    }
    named
}

/// The verbs a "where did it go" question ends with.
const WHERE_GONE: &[&str] = &["go", "gone", "went"];

/// A request may describe two things at once ("hide the map and the path above the code").
const PARTS_PER_REQUEST: usize = 2;

/// A word as the glossary compares it: its stem, so `indented` meets `indentation`.
fn glossary_form(word: &str) -> String {
    stem(word).unwrap_or_else(|| word.to_string())
}

/// The glossary turned around: each description word (a stem, no stop words) with its rarity
/// among the parts and the parts it describes, so a request costs a lookup per word.
struct PartWords {
    words: HashMap<String, (f64, Vec<usize>)>,
    /// Each part's name words as the glossary compares them.
    names: Vec<Vec<String>>,
    /// `PART_EVIDENCE_WORDS` words of `PART_EVIDENCE_SPREAD` parts each.
    min_evidence: f64,
}

fn part_words() -> &'static PartWords {
    static WORDS: OnceLock<PartWords> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut parts_of: HashMap<String, Vec<usize>> = HashMap::new();
        for (p, part) in parts().iter().enumerate() {
            for word in part
                .descriptions
                .iter()
                .flat_map(|d| d.split(|c: char| !c.is_ascii_alphanumeric()))
                .map(str::to_ascii_lowercase)
                .filter(|w| w.len() > 1 && !stop_words().contains(w.as_str()))
            {
                let parts = parts_of.entry(glossary_form(&word)).or_default();
                if parts.last() != Some(&p) {
                    parts.push(p);
                }
            }
        }
        let count = parts().len() as f64;
        let rarity_among = |n: f64| ((count + 1.0) / (n + 0.5)).ln();
        PartWords {
            words: parts_of
                .into_iter()
                .map(|(w, parts)| (w, (rarity_among(parts.len() as f64), parts)))
                .collect(),
            names: parts()
                .iter()
                .map(|p| p.names.iter().map(|n| glossary_form(n)).collect())
                .collect(),
            min_evidence: PART_EVIDENCE_WORDS * rarity_among(PART_EVIDENCE_SPREAD),
        }
    })
}

/// The UI parts a request describes without naming them ("the little map on the right" for the
/// minimap), each as one more word group of the part's catalog words. A part counts when the
/// request shares at least two of its description words, rare enough among the parts together.
/// A part the request names in full is left to the words themselves; one it names in part still
/// counts ("the explorer keeps jumping" names the explorer, not its auto reveal).
/// Cost: a hash lookup per request word.
pub fn described_parts(words: &[&str]) -> Vec<WordGroup> {
    let (words, _) = question_subject(words);
    let mut request: Vec<String> = words
        .iter()
        .map(|w| w.trim_matches(|c: char| c.is_ascii_punctuation()))
        .filter(|w| w.len() > 1 && !stop_words().contains(w))
        .map(glossary_form)
        .collect();
    request.sort_unstable();
    request.dedup();
    // Two words are a name ("find and replace", "word wrap"), not a description of one.
    if request.len() <= 2 {
        return Vec::new();
    }
    let glossary = part_words();
    // Per part touched: the evidence so far and how many request words it shares.
    let mut shared: HashMap<usize, (f64, usize)> = HashMap::new();
    for word in &request {
        if let Some((rarity, parts)) = glossary.words.get(word) {
            for &p in parts {
                let entry = shared.entry(p).or_default();
                entry.0 += rarity;
                entry.1 += 1;
            }
        }
    }
    let mut found: Vec<(f64, usize)> = shared
        .into_iter()
        .filter(|&(p, (evidence, count))| {
            count >= 2
                && evidence >= glossary.min_evidence
                && !glossary.names[p]
                    .iter()
                    .all(|n| request.binary_search(n).is_ok())
        })
        .map(|(p, (evidence, _))| (evidence, p))
        .collect();
    found.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    // A part's words each make a group worth a share of the part, so an item that has all of
    // them ("parameter hints") gets the part's whole weight and one with a single common word
    // ("position") only its share.
    let mut groups = Vec::new();
    for (_, p) in found.into_iter().take(PARTS_PER_REQUEST) {
        let names = &parts()[p].names;
        let share = (usize::from(PART_WEIGHT) / names.len().max(1)) as u8;
        groups.extend(names.iter().map(|n| WordGroup {
            word: n.to_string(),
            alternatives: vec![(n.to_string(), share)],
        }));
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spellings a group looks for, without their weights.
    fn spellings_of(group: &WordGroup) -> Vec<&str> {
        group.alternatives.iter().map(|(w, _)| w.as_str()).collect()
    }

    /// The part words of the openers a request's groups name, with their shares; each word
    /// stands for itself, plus the synonyms given as `word:synonym`.
    fn opened(request: &str) -> Vec<(String, f64)> {
        let groups: Vec<WordGroup> = request
            .split(' ')
            .map(|token| {
                let mut spellings = token.split(':');
                let word = spellings.next().unwrap().to_string();
                WordGroup {
                    alternatives: std::iter::once((word.clone(), 100))
                        .chain(spellings.map(|s| (s.to_string(), SYNONYM_WEIGHT)))
                        .collect(),
                    word,
                }
            })
            .collect();
        named_openers(&groups, groups.len())
            .into_iter()
            .map(|(row, share)| (openers()[row].words.join(" "), share))
            .collect()
    }

    #[test]
    fn a_request_that_only_names_a_part_opens_it() {
        assert_eq!(
            opened("source control"),
            [("source control".to_string(), 1.0)]
        );
        // Asking to see it says nothing more; a synonym names it as well as its word.
        assert_eq!(
            opened("where plugins:extensions"),
            [("extensions".to_string(), 1.0)]
        );
        assert_eq!(opened("open the terminal panel").len(), 1);
        // Half the request about the part still is; a third is about something the part holds.
        assert_eq!(
            opened("add plugins:extensions"),
            [("extensions".to_string(), 0.5)]
        );
        assert!(opened("terminal font size").is_empty());
        // Every word of a part must be said: "source" alone is not source control.
        assert!(opened("source").is_empty());
        // A phrase row naming the part ("error list" is the problems view) speaks for both of
        // its words, though it is a group of its own.
        let group = |word: &str| WordGroup {
            word: word.to_string(),
            alternatives: vec![(word.to_string(), 100)],
        };
        let error_list = [group("error"), group("list"), group("problems")];
        let named: Vec<(&str, f64)> = named_openers(&error_list, 2)
            .into_iter()
            .map(|(row, share)| (openers()[row].words[0], share))
            .collect();
        assert_eq!(named, [("problems", 1.0)]);
    }

    #[test]
    fn a_request_to_put_a_part_away_does_not_open_it() {
        assert!(opened("hide terminal").is_empty());
        assert!(opened("never:disable show welcome startup").is_empty());
        assert!(opened("close explorer").is_empty());
    }

    fn parts(request: &str) -> Vec<(String, u8)> {
        let words: Vec<&str> = request.split(' ').collect();
        described_parts(&words)
            .into_iter()
            .flat_map(|g| g.alternatives)
            .collect()
    }

    #[test]
    fn a_described_part_adds_its_words_at_the_part_weight() {
        let found = parts("hide the tiny map of my file beside the scrollbar");
        assert!(
            found.contains(&("minimap".to_string(), PART_WEIGHT)),
            "{found:?}"
        );
    }

    #[test]
    fn a_question_asks_for_the_part_not_its_position() {
        let asked = parts("where is the output panel");
        assert!(!asked.iter().any(|(w, _)| w == "position"), "{asked:?}");
        let described = parts("where the bottom panel area is docked");
        assert!(
            described.iter().any(|(w, _)| w == "position"),
            "{described:?}"
        );
    }

    #[test]
    fn a_part_with_two_words_gives_each_half() {
        let found = parts("digits in the left margin beside each row");
        assert_eq!(
            found[..2],
            [
                ("line".to_string(), PART_WEIGHT / 2),
                ("numbers".to_string(), PART_WEIGHT / 2)
            ]
        );
    }

    #[test]
    fn a_part_named_in_part_still_counts() {
        let found = parts("the explorer keeps jumping to the open file");
        assert!(
            found.contains(&("reveal".to_string(), PART_WEIGHT / 2)),
            "{found:?}"
        );
    }

    #[test]
    fn a_named_part_short_names_and_common_words_describe_nothing() {
        // The request says minimap itself: its own word does the work.
        assert!(!parts("hide the minimap on the right side")
            .iter()
            .any(|(w, _)| w == "minimap"));
        // Two words are a name, however well they fit a description.
        assert!(parts("find replace").is_empty());
        // Words that describe most parts name none.
        assert!(parts("the thing on the left of the code").is_empty());
    }

    #[test]
    fn stems_reach_the_catalog_word_by_prefix() {
        assert_eq!(stem("indentation").as_deref(), Some("indent"));
        assert_eq!(stem("spaces").as_deref(), Some("spac"));
        assert_eq!(stem("saving").as_deref(), Some("sav"));
        assert_eq!(stem("automatically").as_deref(), Some("automatic"));
        assert_eq!(stem("ligatures").as_deref(), Some("ligatur"));
        assert_eq!(stem("class"), None);
        assert_eq!(stem("is"), None);
    }

    #[test]
    fn one_edit_covers_swaps_insertions_deletions_and_substitutions() {
        assert!(one_edit_apart("wrod", "word"));
        assert!(one_edit_apart("minimp", "minimap"));
        assert!(one_edit_apart("minimaps", "minimap"));
        assert!(one_edit_apart("fint", "font"));
        assert!(!one_edit_apart("word", "word"));
        assert!(!one_edit_apart("wrap", "word"));
    }

    #[test]
    fn synonyms_map_everyday_words_to_catalog_words() {
        let groups = expand(&["bigger"], |_| true, |_| true, &[]);
        let alts: Vec<&str> = groups[0]
            .alternatives
            .iter()
            .map(|(a, _)| a.as_str())
            .collect();
        assert!(alts.contains(&"size") && alts.contains(&"zoom"), "{alts:?}");
        let hide = expand(&["hide"], |_| true, |_| true, &[]);
        assert!(hide[0].alternatives.iter().any(|(a, _)| a == "visible"));
    }

    #[test]
    fn stop_words_and_numbers_are_dropped() {
        let groups = expand(&["the", "80", "ruler"], |_| true, |_| true, &[]);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].word, "ruler");
    }

    #[test]
    fn a_where_question_asks_to_see_its_subject() {
        let groups = expand(
            &["where", "did", "my", "sidebar", "go?"],
            |_| true,
            |_| true,
            &[],
        );
        let words: Vec<&str> = groups.iter().map(|g| g.word.as_str()).collect();
        assert_eq!(words, ["where", "sidebar"], "\"go\" is no Go Back here");
        assert!(groups[0].alternatives.iter().any(|(w, _)| w == "show"));
        // "go" outside the frame is a word like any other.
        let groups = expand(&["go", "to", "line"], |_| true, |_| true, &[]);
        assert_eq!(groups[0].word, "go");
    }

    #[test]
    fn a_where_question_about_doing_something_asks_how() {
        // "Where do I change the font" wants the font's setting, not a view to show.
        let words = |request: &[&str]| -> Vec<String> {
            expand(request, |_| true, |_| true, &[])
                .into_iter()
                .map(|g| g.word)
                .collect()
        };
        assert_eq!(
            words(&["where", "do", "i", "change", "the", "font"]),
            ["change", "font"]
        );
        assert_eq!(
            words(&["where", "is", "the", "terminal"]),
            ["where", "terminal"]
        );
        // "How come" asks why, as "why did" does: "come" is no word of the subject.
        assert_eq!(
            words(&["how", "come", "the", "minimap", "disappeared"]),
            ["minimap", "disappeared"]
        );
    }

    #[test]
    fn swapped_letters_are_fixed_even_where_the_stem_starts_a_word() {
        let mut vocabulary: Vec<Box<str>> = ["field", "fields", "files"]
            .iter()
            .map(|&s| s.into())
            .collect();
        vocabulary.sort();
        let known = |w: &str| vocabulary.iter().any(|v| v.starts_with(w));
        let groups = expand(
            &["fiels"],
            known,
            |w| vocabulary.iter().any(|v| &**v == w),
            &vocabulary,
        );
        let spellings = spellings_of(&groups[0]);
        assert!(spellings.contains(&"files"), "{spellings:?}");
        assert!(
            !spellings.contains(&"fields"),
            "an inserted letter is no swap: {spellings:?}"
        );
    }

    #[test]
    fn a_word_fixed_one_way_means_what_the_fixed_word_means() {
        let vocabulary: Vec<Box<str>> = ["keybindings", "keyboard"]
            .iter()
            .map(|&s| s.into())
            .collect();
        let known = |w: &str| vocabulary.iter().any(|v| v.starts_with(w));
        let exact = |w: &str| vocabulary.iter().any(|v| &**v == w);
        let groups = expand(&["keybindigns"], known, exact, &vocabulary);
        let spellings = spellings_of(&groups[0]);
        assert!(spellings.contains(&"shortcuts"), "{spellings:?}");
        // Two fixes are two guesses: neither's synonyms join.
        let vocabulary: Vec<Box<str>> = ["word", "work"].iter().map(|&s| s.into()).collect();
        let groups = expand(&["worx"], |_| false, |_| false, &vocabulary);
        let spellings = spellings_of(&groups[0]);
        assert!(
            spellings.contains(&"work") && spellings.contains(&"word"),
            "{spellings:?}"
        );
        assert_eq!(
            spellings.len(),
            3,
            "the word and its two fixes only: {spellings:?}"
        );
    }

    #[test]
    fn a_word_with_an_apostrophe_is_no_typo() {
        let vocabulary: Vec<Box<str>> = vec!["donot".into()];
        let groups = expand(&["don't", "sync"], |_| false, |_| false, &vocabulary);
        assert!(
            groups
                .iter()
                .flat_map(|g| &g.alternatives)
                .all(|(w, _)| w != "donot"),
            "{:?}",
            groups.iter().map(|g| &g.alternatives).collect::<Vec<_>>()
        );
    }

    #[test]
    fn compounds_split_into_known_words() {
        let known = ["auto", "save", "side", "bar"];
        let groups = expand(
            &["autosave"],
            |w| known.iter().any(|k| k.starts_with(w)),
            |w| known.contains(&w),
            &[],
        );
        let words: Vec<&str> = groups.iter().map(|g| g.word.as_str()).collect();
        assert_eq!(words, ["auto", "save"]);
    }

    #[test]
    fn unknown_words_gain_their_one_edit_neighbours() {
        let vocabulary: Vec<Box<str>> =
            ["wrap", "word", "work"].iter().map(|&s| s.into()).collect();
        let groups = expand(&["wrod"], |_| false, |_| false, &{
            let mut v = vocabulary.clone();
            v.sort();
            v
        });
        let alts: Vec<&str> = groups[0]
            .alternatives
            .iter()
            .map(|(a, _)| a.as_str())
            .collect();
        assert_eq!(alts, ["wrod", "word"]);
    }

    #[test]
    fn a_compound_the_synonym_table_gives_other_words_is_not_split() {
        // "typeface" is a font family, not a type and a face; "autosave" splits as before,
        // since its synonyms are its own parts.
        let known = ["type", "face", "font", "family"];
        let groups = expand(
            &["typeface"],
            |w| known.iter().any(|k| k.starts_with(w)),
            |w| known.contains(&w),
            &[],
        );
        assert_eq!(groups.len(), 1, "{groups:?}");
        let alts: Vec<&str> = groups[0]
            .alternatives
            .iter()
            .map(|(a, _)| a.as_str())
            .collect();
        assert!(
            alts.contains(&"font") && alts.contains(&"family"),
            "{alts:?}"
        );
    }

    #[test]
    fn short_forms_reach_the_words_titles_spell_out() {
        for (short, long) in [("fmt", "format"), ("md", "markdown"), ("ws", "workspace")] {
            let groups = expand(&[short], |_| true, |_| true, &[]);
            assert!(
                groups[0].alternatives.iter().any(|(a, _)| a == long),
                "{short}: {groups:?}"
            );
        }
    }

    #[test]
    fn two_words_listed_together_add_their_row_beside_their_own_groups() {
        let groups = expand(&["focus", "mode"], |_| true, |_| true, &[]);
        let words: Vec<&str> = groups.iter().map(|g| g.word.as_str()).collect();
        assert_eq!(words[..2], ["focus", "mode"]);
        assert!(words.contains(&"zen"), "{words:?}");
        // The same words apart, or in the other order, are no phrase.
        let apart = expand(&["mode", "focus"], |_| true, |_| true, &[]);
        assert!(!apart.iter().any(|g| g.word == "zen"), "{apart:?}");
    }
}
