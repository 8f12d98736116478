//! Splits a request that asks for several things ("open a terminal and then split it") into the
//! requests it holds, so each is ranked on its own words.

use std::collections::HashSet;
use std::sync::OnceLock;

use solidus_lexicon::vocabulary::is_meaningless;

/// Verbs that start a new request after "and" or a comma: what people ask an editor to do.
/// "find and replace" stays one request because a clause needs two words of its own.
const ACTION_VERBS: &[&str] = &[
    "open",
    "close",
    "show",
    "hide",
    "split",
    "collapse",
    "expand",
    "fold",
    "unfold",
    "rename",
    "find",
    "search",
    "go",
    "jump",
    "switch",
    "make",
    "turn",
    "set",
    "give",
    "merge",
    "save",
    "pin",
    "unpin",
    "run",
    "start",
    "stop",
    "pull",
    "push",
    "commit",
    "create",
    "delete",
    "remove",
    "copy",
    "move",
    "toggle",
    "enable",
    "disable",
    "format",
    "sort",
    "select",
    "add",
    "insert",
    "put",
    "change",
    "increase",
    "decrease",
    "zoom",
    "reload",
    "install",
    "keep",
    "bring",
    "take",
    "clear",
    "reset",
    "restore",
    "reopen",
    "undo",
    "redo",
    "paste",
    "cut",
    "duplicate",
    "comment",
    "uncomment",
    "wrap",
    "indent",
    "trim",
    "convert",
    "transform",
    "join",
    "fetch",
    "sync",
    "stage",
    "unstage",
    "discard",
    "stash",
    "checkout",
    "debug",
    "step",
    "restart",
    "focus",
    "maximize",
    "maximise",
    "minimize",
    "minimise",
    "navigate",
    "scroll",
    "display",
    "list",
    "export",
    "import",
    "publish",
    "refresh",
    "apply",
    "compare",
    "preview",
    "print",
    "lock",
    "unlock",
    "shrink",
    "enlarge",
    "swap",
    "mark",
    "bookmark",
    "attach",
    "fix",
    "check",
    "reveal",
    "view",
    "build",
    "test",
    "launch",
    "kill",
    "clean",
    "generate",
    "upgrade",
    "update",
    "edit",
    "write",
    "type",
    "highlight",
    "outline",
    "use",
    "let",
    "get",
    "pause",
    "resume",
    "mute",
    "unmute",
    "dock",
    "center",
    "centre",
    "align",
    "stack",
    "tile",
    "arrange",
    "group",
    "ungroup",
    "hold",
    "silence",
];

/// Words that always start another request: "then", "plus", "also" after "and".
const SEQUENCE_WORDS: &[&str] = &["then", "afterwards", "plus", "additionally"];

/// A clause needs this many words that are not stop words to stand on its own.
const CLAUSE_WORDS: usize = 2;

fn verbs() -> &'static HashSet<&'static str> {
    static VERBS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    VERBS.get_or_init(|| ACTION_VERBS.iter().copied().collect())
}

/// A token as compared: lowercase, without surrounding punctuation.
fn bare(token: &str) -> String {
    token
        .trim_matches(|c: char| c.is_ascii_punctuation() && c != '\'')
        .to_lowercase()
}

fn content_words(tokens: &[&str]) -> usize {
    tokens
        .iter()
        .map(|t| bare(t))
        .filter(|w| !w.is_empty() && !is_meaningless(w) && !SEQUENCE_WORDS.contains(&w.as_str()))
        .count()
}

/// The requests a text holds, as texts; one (the whole text) when it asks for one thing.
/// A new request starts at "then", "plus", "and also", after a `;` or a sentence's end, and at
/// "and" or a comma followed by an action verb ("…, and collapse the folders"). A piece with
/// fewer than `CLAUSE_WORDS` words of its own stays with the one before it.
pub fn split_requests(text: &str) -> Vec<String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    // Token positions where a new request starts, and how many joining tokens to skip there.
    let mut starts: Vec<(usize, usize)> = vec![(0, 0)];
    let mut i = 1;
    while i < tokens.len() {
        let word = bare(tokens[i]);
        let before = tokens[i - 1];
        let ends_sentence = before.ends_with(';')
            || before.ends_with('.')
            || before.ends_with('!')
            || before.ends_with('?');
        let after_comma = before.ends_with(',');
        let next = tokens.get(i + 1).map(|t| bare(t)).unwrap_or_default();
        let (starts_here, skip) = if SEQUENCE_WORDS.contains(&word.as_str()) {
            (true, 1)
        } else if word == "and" || word == "&" {
            if next == "also" || SEQUENCE_WORDS.contains(&next.as_str()) {
                (true, 2)
            } else {
                (verbs().contains(next.as_str()), 1)
            }
        } else if word == "also" && (after_comma || ends_sentence) {
            (true, 1)
        } else {
            (
                ends_sentence || (after_comma && verbs().contains(word.as_str())),
                0,
            )
        };
        if starts_here {
            starts.push((i, skip));
            i += skip.max(1);
        } else {
            i += 1;
        }
    }
    // Each piece as the tokens it spans and how many joining tokens lead it; pieces are
    // contiguous, so one too short to stand alone widens its neighbour.
    let mut pieces: Vec<(usize, usize, usize)> = Vec::new();
    for (n, &(start, skip)) in starts.iter().enumerate() {
        let end = starts.get(n + 1).map_or(tokens.len(), |&(s, _)| s);
        let own = &tokens[(start + skip).min(end)..end];
        match pieces.last_mut() {
            Some(last) if content_words(own) < CLAUSE_WORDS => last.2 = end,
            _ => pieces.push((start, skip, end)),
        }
    }
    if pieces.len() > 1 && content_words(&tokens[pieces[0].1..pieces[0].2]) < CLAUSE_WORDS {
        let first = pieces.remove(0);
        pieces[0] = (first.0, first.1, pieces[0].2);
    }
    pieces
        .into_iter()
        .map(|(start, skip, end)| tokens[start + skip..end].join(" "))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequence_words_and_verbs_after_and_start_a_request() {
        assert_eq!(
            split_requests("open a terminal and then split it into two panes"),
            ["open a terminal", "split it into two panes"]
        );
        assert_eq!(
            split_requests("close every open file and collapse all the folders"),
            ["close every open file", "collapse all the folders"]
        );
        assert_eq!(
            split_requests("fold everything in this file, then unfold the current block"),
            ["fold everything in this file,", "unfold the current block"]
        );
    }

    #[test]
    fn one_request_stays_whole() {
        assert_eq!(
            split_requests("find and replace across files"),
            ["find and replace across files"]
        );
        assert_eq!(
            split_requests("hide the minimap and the breadcrumbs"),
            ["hide the minimap and the breadcrumbs"]
        );
        // A piece with one word of its own is not a request.
        assert_eq!(
            split_requests("save and close the file"),
            ["save and close the file"]
        );
    }
}
