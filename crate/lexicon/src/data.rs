//! The lexicon's data files, read in one place: each file is compiled in and parsed once.
//!
//! The words are data, not code, so a new synonym or a better description is a line in a text
//! file under `crate/lexicon/data/`, and the ranker's rules stay in `vocabulary.rs`.

use std::sync::OnceLock;

const SYNONYMS: &str = include_str!("../data/synonyms.txt");
const GLOSSARY: &str = include_str!("../data/glossary.txt");
const STOP_WORDS: &str = include_str!("../data/stop-words.txt");
const FILLER_WORDS: &str = include_str!("../data/filler-words.txt");
const OPENERS: &str = include_str!("../data/openers.txt");

/// One synonym group: a request word among `everyday` also matches the `catalog` words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SynonymGroup {
    pub everyday: Vec<&'static str>,
    pub catalog: Vec<&'static str>,
}

/// One part of VS Code's UI: the words its commands and settings use, and how people describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Catalog words that name the part (lowercase, as in command titles or setting keys).
    pub names: Vec<&'static str>,
    /// Plain-language descriptions, each a short phrase a new user might write.
    pub descriptions: Vec<&'static str>,
}

/// One main part of VS Code and the commands that bring it into view, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opener {
    /// Catalog words that name the part; a request names it when it says each of them.
    pub words: Vec<&'static str>,
    /// The commands that show the part; the first the catalog holds is the one.
    pub commands: Vec<&'static str>,
}

/// The lines of a data file that are not notes (`#`) or blank, trimmed.
fn lines(text: &'static str) -> impl Iterator<Item = &'static str> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// Every synonym group of `data/synonyms.txt`, in file order.
pub fn synonyms() -> &'static [SynonymGroup] {
    static GROUPS: OnceLock<Vec<SynonymGroup>> = OnceLock::new();
    GROUPS.get_or_init(|| parse_synonyms(SYNONYMS))
}

fn parse_synonyms(text: &'static str) -> Vec<SynonymGroup> {
    two_sided_rows(text, "synonyms.txt")
        .map(|(everyday, catalog)| SynonymGroup { everyday, catalog })
        .collect()
}

/// The rows of a `left words = right words` file, each side split into its words.
fn two_sided_rows(
    text: &'static str,
    file: &'static str,
) -> impl Iterator<Item = (Vec<&'static str>, Vec<&'static str>)> {
    lines(text).map(move |line| {
        let (left, right) = line
            .split_once(" = ")
            .unwrap_or_else(|| panic!("{file}: `{line}` has no ` = `"));
        (
            left.split_whitespace().collect(),
            right.split_whitespace().collect(),
        )
    })
}

/// Every part of `data/glossary.txt`, in file order.
pub fn parts() -> &'static [Part] {
    static PARTS: OnceLock<Vec<Part>> = OnceLock::new();
    PARTS.get_or_init(|| parse_parts(GLOSSARY))
}

fn parse_parts(text: &'static str) -> Vec<Part> {
    let mut parts: Vec<Part> = Vec::new();
    for line in lines(text) {
        if let Some(names) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            parts.push(Part {
                names: names.split_whitespace().collect(),
                descriptions: Vec::new(),
            });
        } else {
            parts
                .last_mut()
                .unwrap_or_else(|| panic!("glossary.txt: `{line}` comes before any [part]"))
                .descriptions
                .push(line);
        }
    }
    parts
}

/// Every part opener of `data/openers.txt`, in file order.
pub fn openers() -> &'static [Opener] {
    static OPENERS_TABLE: OnceLock<Vec<Opener>> = OnceLock::new();
    OPENERS_TABLE.get_or_init(|| {
        two_sided_rows(OPENERS, "openers.txt")
            .map(|(words, commands)| Opener { words, commands })
            .collect()
    })
}

/// Words that carry no meaning in a request (`data/stop-words.txt`).
pub fn stop_words() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| lines(STOP_WORDS).flat_map(str::split_whitespace).collect())
}

/// The question words and fillers of chatty requests (`data/filler-words.txt`).
pub fn filler_words() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| {
        lines(FILLER_WORDS)
            .flat_map(str::split_whitespace)
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_parses_into_non_empty_entries() {
        assert!(synonyms()
            .iter()
            .all(|g| !g.everyday.is_empty() && !g.catalog.is_empty()));
        assert!(parts()
            .iter()
            .all(|p| !p.names.is_empty() && !p.descriptions.is_empty()));
        assert!(!stop_words().is_empty() && !filler_words().is_empty());
        assert!(openers()
            .iter()
            .all(|o| !o.words.is_empty() && !o.commands.is_empty()));
    }

    #[test]
    fn the_formats_read_as_documented() {
        let groups = parse_synonyms("# a note\n\nbig large = size zoom\n");
        assert_eq!(
            groups,
            [SynonymGroup {
                everyday: vec!["big", "large"],
                catalog: vec!["size", "zoom"],
            }]
        );
        let parts = parse_parts(
            "# Area: x\n[activity bar]\nicons on the left\nbig icons\n[panel]\nthe bottom area\n",
        );
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].names, ["activity", "bar"]);
        assert_eq!(parts[0].descriptions, ["icons on the left", "big icons"]);
        assert_eq!(parts[1].descriptions, ["the bottom area"]);
    }
}
