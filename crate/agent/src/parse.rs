//! Reads a model's raw answer: the first complete JSON object in whatever surrounds it (prose,
//! code fences), then the plan's outer shape `{"reply": "...", "steps": [...]}`.
//!
//! Steps are kept as raw JSON here; the validator judges each one, so a single malformed step
//! drops that step, not the plan.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use solidus_model::text::kind_of;

/// The plan as the model wrote it, before any check against the catalog.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RawPlan {
    pub reply: String,
    pub steps: Vec<Value>,
}

/// At most this many search phrases are read from one answer; the rest are ignored.
pub const MAX_SEARCH_TERMS: usize = 3;

/// A search phrase is cut to this many characters.
pub const MAX_SEARCH_TERM_CHARS: usize = 60;

/// What a model answered in /do: a plan, or words to search the catalog for first.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Plan(RawPlan),
    /// `{"search": ["words", ...]}`: nothing listed fits; list what the catalog has for these.
    Search(Vec<String>),
}

/// Why an answer could not be read as a plan. Positions count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("the model's answer is empty")]
    Empty,
    #[error(
        "the model's answer holds no JSON object; expected {{\"reply\": ..., \"steps\": [...]}}"
    )]
    NoObject,
    #[error("the model's answer is a JSON array; expected one object {{\"reply\": ..., \"steps\": [...]}}")]
    Array,
    #[error("the JSON object at character {at} is cut off before its end; the answer may have been truncated")]
    Truncated { at: usize },
    #[error("the JSON object at character {at} is not valid JSON: {message}")]
    Invalid { at: usize, message: String },
    #[error("the JSON object is not a plan: {message}")]
    Shape { message: String },
}

impl ParseError {
    /// A stable code for the shell, the CLI and tests.
    pub fn code(&self) -> &'static str {
        match self {
            ParseError::Empty => "emptyAnswer",
            ParseError::NoObject => "noJsonObject",
            ParseError::Array => "jsonArray",
            ParseError::Truncated { .. } => "truncatedJson",
            ParseError::Invalid { .. } => "invalidJson",
            ParseError::Shape { .. } => "wrongShape",
        }
    }
}

/// Where a balanced scan from an opening brace ended.
enum Scan {
    /// The bracket closed; the region ends before this byte.
    Closed(usize),
    /// A closing bracket of the wrong kind at this byte.
    Mismatch(usize),
    /// The text ended first.
    Open,
}

/// Follows brackets from `start`, skipping everything inside strings (with escapes), until the
/// opening bracket closes. Cost: linear in the bytes visited. Every delimiter is ASCII, so byte
/// positions always fall on character boundaries.
fn scan(bytes: &[u8], start: usize, stack: &mut Vec<u8>) -> Scan {
    stack.clear();
    let mut in_string = false;
    let mut escaped = false;
    for (i, &b) in bytes.iter().enumerate().skip(start) {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' => stack.push(b'}'),
            b'[' => stack.push(b']'),
            b'}' | b']' => {
                if stack.pop() != Some(b) {
                    return Scan::Mismatch(i);
                }
                if stack.is_empty() {
                    return Scan::Closed(i + 1);
                }
            }
            _ => {}
        }
    }
    Scan::Open
}

/// The first complete JSON object in `text`, as the exact slice the model wrote.
///
/// Candidates start at each `{` outside an earlier candidate. A balanced candidate that is not
/// valid JSON (prose such as `{like this}`) is skipped whole and the search goes on after it; a
/// candidate that never closes ends the search, since everything after it lies inside it.
/// Each byte is scanned a bounded number of times, so the cost is linear in the text even for
/// megabytes of noise.
pub fn find_json_object(text: &str) -> Result<&str, ParseError> {
    locate(text).map(|(start, end, _)| &text[start..end])
}

fn locate(text: &str) -> Result<(usize, usize, Map<String, Value>), ParseError> {
    if text.trim().is_empty() {
        return Err(ParseError::Empty);
    }
    let bytes = text.as_bytes();
    let mut stack = Vec::new();
    let mut from = 0;
    let mut first_problem: Option<ParseError> = None;
    while let Some(offset) = bytes[from..].iter().position(|&b| b == b'{') {
        let start = from + offset;
        match scan(bytes, start, &mut stack) {
            Scan::Closed(end) => match serde_json::from_str::<Value>(&text[start..end]) {
                Ok(Value::Object(map)) => {
                    if inside_array(text, start, &mut stack) {
                        return Err(ParseError::Array);
                    }
                    return Ok((start, end, map));
                }
                Ok(_) => {
                    // A region opened by `{` can only parse as an object; kept total anyway.
                    from = end;
                }
                Err(e) => {
                    first_problem.get_or_insert_with(|| ParseError::Invalid {
                        at: char_position(text, start),
                        message: e.to_string(),
                    });
                    from = end;
                }
            },
            Scan::Mismatch(at) => {
                first_problem.get_or_insert_with(|| ParseError::Invalid {
                    at: char_position(text, start),
                    message: format!(
                        "the bracket at character {} does not match the one it closes",
                        char_position(text, at)
                    ),
                });
                from = at + 1;
            }
            Scan::Open => {
                return Err(first_problem.unwrap_or(ParseError::Truncated {
                    at: char_position(text, start),
                }))
            }
        }
    }
    if let Some(problem) = first_problem {
        return Err(problem);
    }
    if whole_answer_is_array(text) {
        return Err(ParseError::Array);
    }
    Err(ParseError::NoObject)
}

/// Whether the object at `start` is an element of a JSON array that opens right before it, as
/// in `[{"type": ...}]`: the model answered with a list of steps instead of a plan.
fn inside_array(text: &str, start: usize, stack: &mut Vec<u8>) -> bool {
    let before = text[..start].trim_end();
    if !before.ends_with('[') {
        return false;
    }
    let open = before.len() - 1;
    match scan(text.as_bytes(), open, stack) {
        Scan::Closed(end) => matches!(
            serde_json::from_str::<Value>(&text[open..end]),
            Ok(Value::Array(_))
        ),
        _ => false,
    }
}

/// Whether the answer, without a surrounding code fence, is a JSON array such as `[]`.
fn whole_answer_is_array(text: &str) -> bool {
    let mut body = text.trim();
    if let Some(rest) = body.strip_prefix("```") {
        // Drop the fence's info string (`json`) and the closing fence.
        body = rest.split_once('\n').map_or("", |(_, b)| b);
        body = body.trim_end().strip_suffix("```").unwrap_or(body);
        body = body.trim();
    }
    body.starts_with('[') && matches!(serde_json::from_str::<Value>(body), Ok(Value::Array(_)))
}

/// The 1-based character position of a byte offset, for messages.
fn char_position(text: &str, byte: usize) -> usize {
    text.get(..byte).map_or(0, |t| t.chars().count()) + 1
}

/// Reads a model's raw answer as a plan. `reply` may be missing (it becomes empty); `steps` must
/// be a list (`null` counts as empty). Every other field is ignored, so nothing the model adds
/// (a `risk`, a `safe` flag) reaches the validator.
pub fn parse_response(text: &str) -> Result<RawPlan, ParseError> {
    let (_, _, object) = locate(text)?;
    plan_from_object(object)
}

/// Reads a model's raw answer as a plan or, when it has a `search` and no `steps`, as a search
/// round: at most [`MAX_SEARCH_TERMS`] phrases, each one line of at most
/// [`MAX_SEARCH_TERM_CHARS`] characters. The phrases only rank the catalog; the model can still
/// pick only what the catalog has.
pub fn parse_answer(text: &str) -> Result<Answer, ParseError> {
    let (_, _, mut object) = locate(text)?;
    if object.contains_key("steps") || !object.contains_key("search") {
        return plan_from_object(object).map(Answer::Plan);
    }
    let raw = match object.remove("search") {
        Some(Value::String(one)) => vec![one],
        Some(Value::Array(list)) => list
            .into_iter()
            .map(|v| match v {
                Value::String(text) => Ok(text),
                other => Err(ParseError::Shape {
                    message: format!("a search phrase is {}, not text", kind_of(&other)),
                }),
            })
            .collect::<Result<_, _>>()?,
        Some(other) => {
            return Err(ParseError::Shape {
                message: format!(
                    "\"search\" must be a list of phrases, not {}",
                    kind_of(&other)
                ),
            })
        }
        None => Vec::new(),
    };
    let mut terms: Vec<String> = Vec::new();
    for term in raw {
        let term = super::ellipsize(&super::one_line(&term), MAX_SEARCH_TERM_CHARS);
        if !term.is_empty() && !terms.contains(&term) {
            terms.push(term);
        }
        if terms.len() == MAX_SEARCH_TERMS {
            break;
        }
    }
    if terms.is_empty() {
        return Err(ParseError::Shape {
            message: "\"search\" holds no words to search for".to_string(),
        });
    }
    Ok(Answer::Search(terms))
}

fn plan_from_object(mut object: Map<String, Value>) -> Result<RawPlan, ParseError> {
    let steps = match object.remove("steps") {
        Some(Value::Array(list)) => list,
        Some(Value::Null) => Vec::new(),
        None if object.contains_key("type") => {
            return Err(ParseError::Shape {
                message: "it is a single step; expected {\"reply\": ..., \"steps\": [...]}"
                    .to_string(),
            })
        }
        None => {
            return Err(ParseError::Shape {
                message: "it has no \"steps\" list".to_string(),
            })
        }
        Some(other) => {
            return Err(ParseError::Shape {
                message: format!("\"steps\" must be a list, not {}", kind_of(&other)),
            })
        }
    };
    let reply = match object.remove("reply") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(text)) => text,
        Some(other) => {
            return Err(ParseError::Shape {
                message: format!("\"reply\" must be text, not {}", kind_of(&other)),
            })
        }
    };
    Ok(RawPlan { reply, steps })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_skips_brackets_inside_strings() {
        let text = r#"{"a": "}{][\"", "b": [1, {"c": 2}]} tail"#;
        let mut stack = Vec::new();
        match scan(text.as_bytes(), 0, &mut stack) {
            Scan::Closed(end) => assert_eq!(&text[end..], " tail"),
            _ => panic!("expected a closed region"),
        }
    }

    #[test]
    fn mismatched_brackets_are_reported_at_the_object() {
        let error = find_json_object("x {\"a\": [1}").unwrap_err();
        assert_eq!(
            error.to_string(),
            "the JSON object at character 3 is not valid JSON: the bracket at character 11 does not match the one it closes"
        );
    }

    #[test]
    fn positions_count_characters_not_bytes() {
        assert_eq!(char_position("éé{", 4), 3);
    }

    #[test]
    fn fenced_arrays_are_arrays() {
        assert!(whole_answer_is_array("```json\n[1, 2]\n```"));
        assert!(whole_answer_is_array(" [] "));
        assert!(!whole_answer_is_array("see [1]"));
    }
}
