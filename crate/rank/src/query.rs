//! Query parsing: the typed text as words, quoted phrases and a leading slash token.

use serde::{Deserialize, Serialize};

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
    if let Some(after) = trimmed.strip_prefix('/') {
        let end = after.find(char::is_whitespace).unwrap_or(after.len());
        query.slash = Some(after[..end].to_lowercase());
        query.args = after[end..].trim().to_string();
        return query;
    }
    query.words = split_words(text);
    query
}

/// The text as plain words, a leading `/` included: how a `/do` request is ranked, since a
/// request such as `/fix make the font bigger` names no slash command.
pub fn parse_plain(text: &str) -> Query {
    Query {
        text: text.to_string(),
        words: split_words(text),
        ..Default::default()
    }
}

/// Lowercase words, each once; `"word wrap"` stays one phrase.
fn split_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                if quoted || !current.is_empty() {
                    push_word(&mut words, &mut current);
                }
                quoted = !quoted;
            }
            c if c.is_whitespace() && !quoted => push_word(&mut words, &mut current),
            c => current.extend(c.to_lowercase()),
        }
    }
    push_word(&mut words, &mut current);
    words
}

fn push_word(words: &mut Vec<String>, current: &mut String) {
    // A category as the palette shows it ("View: Toggle Terminal") is typed with its colon,
    // which no title word holds: `view:` is the word `view`.
    let word = current.trim();
    let word = match word.trim_end_matches(':') {
        "" => word,
        bare => bare,
    }
    .to_string();
    if !word.is_empty() && !words.contains(&word) {
        words.push(word);
    }
    current.clear();
}
