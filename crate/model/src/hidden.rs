//! The one place that finds characters which change how text reads without being seen.
//!
//! Workspace text (command files, script and task names, branches, file names) reaches a model and
//! the user's dialogs. A character a screen does not draw can carry instructions a model reads
//! (Unicode tags), reorder what the user sees (bidirectional controls) or split a word so it no
//! longer reads as what it is (zero-width characters). Everything that shows or sends workspace
//! text asks this module, so the families are decided once.

use serde::Serialize;

/// The families of hidden characters, in the order reports list them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum HiddenFamily {
    /// U+E0000–U+E007F: spell ASCII text that a model reads and no screen shows.
    Tag,
    /// Embeddings, overrides, isolates and marks that reorder what the screen shows.
    Bidi,
    /// Zero-width spaces, joiners and word joiners, the byte order mark, soft hyphens.
    ZeroWidth,
    /// Variation selectors that follow nothing they could vary (a run of them hides bytes).
    VariationSelector,
    /// Characters drawn as nothing at all: Hangul fillers, invisible operators, annotation marks.
    Blank,
    /// C0 and C1 control characters other than tab, line feed and carriage return.
    Control,
}

/// Each family's plain name and the words a warning uses for it.
const FAMILIES: [(HiddenFamily, &str, &str); 6] = [
    (
        HiddenFamily::Tag,
        "tag",
        "Unicode tag characters (text a model reads and the screen does not show)",
    ),
    (
        HiddenFamily::Bidi,
        "bidi",
        "bidirectional controls (they reorder what the screen shows)",
    ),
    (
        HiddenFamily::ZeroWidth,
        "zero-width",
        "zero-width characters",
    ),
    (
        HiddenFamily::VariationSelector,
        "variation-selector",
        "stray variation selectors",
    ),
    (HiddenFamily::Blank, "blank", "characters drawn as nothing"),
    (HiddenFamily::Control, "control", "control characters"),
];

impl HiddenFamily {
    fn row(self) -> &'static (HiddenFamily, &'static str, &'static str) {
        FAMILIES
            .iter()
            .find(|row| row.0 == self)
            .unwrap_or(&FAMILIES[0])
    }

    /// The family's short name, as reports and logs write it.
    pub fn name(self) -> &'static str {
        self.row().1
    }

    /// The family in plain words, for a warning.
    pub fn label(self) -> &'static str {
        self.row().2
    }
}

/// The family of a character that is hidden wherever it stands, or `None`. Joiners and the two
/// emoji variation selectors are not here: whether they hide depends on their neighbours
/// ([`find_hidden`] decides), and text bound for a shell refuses them outright ([`is_hidden_char`]).
fn family_of(c: char) -> Option<HiddenFamily> {
    Some(match c {
        '\u{E0000}'..='\u{E007F}' => HiddenFamily::Tag,
        '\u{061C}'
        | '\u{200E}'
        | '\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2066}'..='\u{2069}' => HiddenFamily::Bidi,
        '\u{00AD}' | '\u{180E}' | '\u{200B}' | '\u{2060}' | '\u{FEFF}' | '\u{034F}' => {
            HiddenFamily::ZeroWidth
        }
        '\u{FE00}'..='\u{FE0D}'
        | '\u{E0100}'..='\u{E01EF}'
        | '\u{180B}'..='\u{180D}'
        | '\u{180F}' => HiddenFamily::VariationSelector,
        '\u{115F}'
        | '\u{1160}'
        | '\u{17B4}'
        | '\u{17B5}'
        | '\u{2061}'..='\u{2064}'
        | '\u{206A}'..='\u{206F}'
        | '\u{3164}'
        | '\u{FFA0}'
        | '\u{FFF9}'..='\u{FFFB}'
        | '\u{1D173}'..='\u{1D17A}'
        | '\u{2028}'
        | '\u{2029}' => HiddenFamily::Blank,
        c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => HiddenFamily::Control,
        _ => return None,
    })
}

/// Zero-width joiners and non-joiners, and the text and emoji presentation selectors: scripts and
/// emoji use them between visible characters, so they hide only where they stand among plain
/// ASCII, at an edge, or beside another hidden character.
fn is_joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}' | '\u{FE0E}' | '\u{FE0F}')
}

/// Whether a joiner may stand after `prev` (and before `next`, for the two zero-width joiners).
fn joiner_is_visible_use(c: char, prev: Option<char>, next: Option<char>) -> bool {
    let shaped = |x: Option<char>| {
        x.is_some_and(|x| !x.is_ascii() && family_of(x).is_none() && !is_joiner(x))
    };
    match c {
        // A presentation selector varies the character before it (❤️, ✔︎).
        '\u{FE0E}' | '\u{FE0F}' => shaped(prev),
        // A joiner joins two shaped characters (👩‍💻, Persian and Indic half forms); the emoji
        // selector may stand between them (❤️‍🔥).
        _ => (shaped(prev) || prev == Some('\u{FE0F}')) && shaped(next),
    }
}

/// Whether a character hides in any text, with no look at its neighbours: every family above,
/// joiners and presentation selectors included. Text bound for a shell or an id refuses these.
pub fn is_hidden_char(c: char) -> bool {
    family_of(c).is_some() || is_joiner(c)
}

/// One hidden character found in a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HiddenChar {
    /// Its place, counted in characters from the start of the text.
    pub at: usize,
    /// Its code point.
    pub code: u32,
    pub family: HiddenFamily,
}

/// Every hidden character of `text` in order, joiners judged by their neighbours.
pub fn find_hidden(text: &str) -> Vec<HiddenChar> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    for (at, &c) in chars.iter().enumerate() {
        let family = match family_of(c) {
            Some(family) => Some(family),
            None if is_joiner(c) => {
                let prev = at.checked_sub(1).map(|i| chars[i]);
                let next = chars.get(at + 1).copied();
                (!joiner_is_visible_use(c, prev, next)).then_some(match c {
                    '\u{FE0E}' | '\u{FE0F}' => HiddenFamily::VariationSelector,
                    _ => HiddenFamily::ZeroWidth,
                })
            }
            None => None,
        };
        if let Some(family) = family {
            found.push(HiddenChar {
                at,
                code: c as u32,
                family,
            });
        }
    }
    found
}

/// Whether `text` holds any hidden character.
pub fn has_hidden(text: &str) -> bool {
    // Most text is plain ASCII; that needs no second look.
    text.bytes()
        .any(|b| !b.is_ascii() || (b.is_ascii_control() && !matches!(b, b'\t' | b'\n' | b'\r')))
        && !find_hidden(text).is_empty()
}

/// How many hidden characters of each family a text held, for a warning.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HiddenSummary {
    /// `(family, count)` in the families' order; empty when nothing was hidden.
    pub families: Vec<(HiddenFamily, usize)>,
}

impl HiddenSummary {
    /// Counts what [`find_hidden`] found.
    pub fn of(found: &[HiddenChar]) -> HiddenSummary {
        let mut families: Vec<(HiddenFamily, usize)> = Vec::new();
        for hidden in found {
            match families.iter_mut().find(|(f, _)| *f == hidden.family) {
                Some((_, count)) => *count += 1,
                None => families.push((hidden.family, 1)),
            }
        }
        families.sort();
        HiddenSummary { families }
    }

    pub fn is_empty(&self) -> bool {
        self.families.is_empty()
    }

    /// How many characters in all.
    pub fn total(&self) -> usize {
        self.families.iter().map(|(_, n)| n).sum()
    }

    /// `3 hidden characters: 2 bidirectional controls (…), 1 zero-width character`.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self
            .families
            .iter()
            .map(|(family, count)| format!("{count} × {}", family.label()))
            .collect();
        let total = self.total();
        format!(
            "{total} hidden character{}: {}",
            if total == 1 { "" } else { "s" },
            parts.join(", ")
        )
    }
}

/// `text` without its hidden characters, and what was taken out. What a model is sent.
pub fn strip_hidden(text: &str) -> (String, HiddenSummary) {
    let found = find_hidden(text);
    if found.is_empty() {
        return (text.to_string(), HiddenSummary::default());
    }
    let mut drop = found.iter().map(|h| h.at).peekable();
    let mut out = String::with_capacity(text.len());
    for (at, c) in text.chars().enumerate() {
        if drop.peek() == Some(&at) {
            drop.next();
            continue;
        }
        out.push(c);
    }
    (out, HiddenSummary::of(&found))
}

/// `text` with each hidden character written as a visible mark (`⟨U+202E⟩`). What a dialog and the
/// popup show, so the user sees that something is there and where.
pub fn reveal_hidden(text: &str) -> String {
    let found = find_hidden(text);
    if found.is_empty() {
        return text.to_string();
    }
    let mut marks = found.iter().peekable();
    let mut out = String::with_capacity(text.len() + found.len() * 10);
    for (at, c) in text.chars().enumerate() {
        if marks.peek().is_some_and(|h| h.at == at) {
            marks.next();
            out.push_str(&mark(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// The visible mark for one character: `⟨U+202E⟩`.
pub fn mark(c: char) -> String {
    format!("⟨U+{:04X}⟩", c as u32)
}

/// One text as the shell needs it: without hidden characters (for a model or a terminal), with
/// each one marked (for a dialog), and what they were in words (absent when there were none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct HiddenTextReport {
    pub text: String,
    pub shown: String,
    pub hidden: Option<String>,
}

impl HiddenTextReport {
    pub fn of(text: &str) -> HiddenTextReport {
        let (clean, summary) = strip_hidden(text);
        HiddenTextReport {
            shown: reveal_hidden(text),
            text: clean,
            hidden: (!summary.is_empty()).then(|| summary.describe()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tag run spells "rm" to a model and nothing on screen.
    const TAGS: &str = "Review\u{E0072}\u{E006D} the code";

    #[test]
    fn each_family_is_found_and_named() {
        let cases: [(&str, HiddenFamily); 8] = [
            (TAGS, HiddenFamily::Tag),
            ("a\u{202E}b", HiddenFamily::Bidi),
            ("a\u{2067}b", HiddenFamily::Bidi),
            ("a\u{200B}b", HiddenFamily::ZeroWidth),
            ("a\u{FEFF}b", HiddenFamily::ZeroWidth),
            ("a\u{E0101}b", HiddenFamily::VariationSelector),
            ("a\u{3164}b", HiddenFamily::Blank),
            ("a\u{1B}[2Jb", HiddenFamily::Control),
        ];
        for (text, family) in cases {
            let found = find_hidden(text);
            assert!(!found.is_empty(), "{text:?}");
            assert!(
                found.iter().all(|h| h.family == family),
                "{text:?}: {found:?}"
            );
            assert!(has_hidden(text));
        }
    }

    #[test]
    fn joiners_between_shaped_characters_are_visible_uses() {
        // Emoji sequences and presentation selectors, as 98 files of the slash corpus use them.
        for text in [
            "👩\u{200D}💻 pair",
            "❤\u{FE0F} thanks",
            "✔\u{FE0E} done",
            "❤\u{FE0F}\u{200D}🔥",
        ] {
            assert!(find_hidden(text).is_empty(), "{text:?}");
        }
        // Among ASCII, at an edge or in a run they hide.
        for text in [
            "ig\u{200D}nore",
            "\u{200C}x",
            "x\u{FE0F}",
            "❤\u{FE0F}\u{FE0F}",
            "a\u{FE0F}\u{FE0F}",
        ] {
            assert!(!find_hidden(text).is_empty(), "{text:?}");
        }
    }

    #[test]
    fn plain_text_is_untouched() {
        let text = "Run the tests\n\tthen fix — naïve café 日本語\r\n";
        assert!(!has_hidden(text));
        assert_eq!(strip_hidden(text).0, text);
        assert_eq!(reveal_hidden(text), text);
    }

    #[test]
    fn strip_removes_and_reports() {
        let (clean, summary) = strip_hidden("a\u{202E}b\u{200B}c\u{E0041}");
        assert_eq!(clean, "abc");
        assert_eq!(summary.total(), 3);
        assert_eq!(
            summary.describe(),
            "3 hidden characters: 1 × Unicode tag characters (text a model reads and the screen does not show), \
             1 × bidirectional controls (they reorder what the screen shows), 1 × zero-width characters"
        );
    }

    #[test]
    fn reveal_marks_each_in_place() {
        assert_eq!(reveal_hidden("x\u{202E}y"), "x⟨U+202E⟩y");
        assert_eq!(reveal_hidden(TAGS), "Review⟨U+E0072⟩⟨U+E006D⟩ the code");
    }

    #[test]
    fn shell_text_refuses_joiners_too() {
        assert!(is_hidden_char('\u{200D}'));
        assert!(is_hidden_char('\u{FE0F}'));
        assert!(is_hidden_char('\u{E0041}'));
        assert!(!is_hidden_char('é'));
        assert!(!is_hidden_char('\n'));
    }
}
