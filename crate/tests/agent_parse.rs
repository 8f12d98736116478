//! The response parser over the shapes models really send: prose, fences, tricky strings,
//! several objects, cut-off answers, arrays and megabytes of noise.

mod agent_common;

use solidus_core::agent::{find_json_object, parse_response, ParseError};

/// What a case must give: a plan with this reply and step count, or an error with this code.
enum Expect {
    Plan(&'static str, usize),
    Error(&'static str),
}

const PLAN: &str = r#"{"reply": "I'll turn on word wrap.", "steps": [{"type": "setting", "key": "editor.wordWrap", "value": "on", "why": "wrap"}]}"#;

#[test]
fn parser_table() {
    let fenced = format!("```json\n{PLAN}\n```");
    let prose = format!("Sure! Here is the plan:\n\n{PLAN}\n\nLet me know if you need more.");
    let fenced_in_prose = format!("Here you go:\n```\n{PLAN}\n```\nDone.");
    let prose_braces_first = format!("I will answer in the form {{reply, steps}}:\n{PLAN}");
    let two = format!("{}\n{PLAN}", r#"{"reply": "first", "steps": []}"#);
    let cases: Vec<(&str, String, Expect)> = vec![
        (
            "bare object",
            PLAN.to_string(),
            Expect::Plan("I'll turn on word wrap.", 1),
        ),
        (
            "prose around JSON",
            prose,
            Expect::Plan("I'll turn on word wrap.", 1),
        ),
        (
            "fenced JSON",
            fenced,
            Expect::Plan("I'll turn on word wrap.", 1),
        ),
        (
            "fence inside prose",
            fenced_in_prose,
            Expect::Plan("I'll turn on word wrap.", 1),
        ),
        (
            "braces and brackets inside strings",
            r#"{"reply": "use {braces}, ] and [ and } freely", "steps": []}"#.to_string(),
            Expect::Plan("use {braces}, ] and [ and } freely", 0),
        ),
        (
            "escaped quotes",
            r#"{"reply": "say \"hi\" then \"}\"", "steps": []}"#.to_string(),
            Expect::Plan("say \"hi\" then \"}\"", 0),
        ),
        (
            "a string ending in an escaped backslash",
            r#"{"reply": "C:\\dir\\", "steps": []}"#.to_string(),
            Expect::Plan("C:\\dir\\", 0),
        ),
        (
            "a code fence inside a string",
            r#"{"reply": "```json\n{\"no\": 1}\n```", "steps": []}"#.to_string(),
            Expect::Plan("```json\n{\"no\": 1}\n```", 0),
        ),
        ("two objects: the first wins", two, Expect::Plan("first", 0)),
        (
            "prose braces before the object are skipped",
            prose_braces_first,
            Expect::Plan("I'll turn on word wrap.", 1),
        ),
        (
            "non-ASCII before and inside",
            "Voilà 😀 — {\"reply\": \"Schriftgröße 16 ✓\", \"steps\": []}".to_string(),
            Expect::Plan("Schriftgröße 16 ✓", 0),
        ),
        (
            "reply may be missing",
            r#"{"steps": []}"#.to_string(),
            Expect::Plan("", 0),
        ),
        (
            "null steps are no steps",
            r#"{"reply": "nothing fits", "steps": null}"#.to_string(),
            Expect::Plan("nothing fits", 0),
        ),
        (
            "truncated JSON",
            r#"{"reply": "x", "steps": [{"type": "setting", "key": "editor.fontSize""#.to_string(),
            Expect::Error("truncatedJson"),
        ),
        (
            "truncated inside a string",
            r#"Plan: {"reply": "I'll del"#.to_string(),
            Expect::Error("truncatedJson"),
        ),
        (
            "a JSON array of steps",
            r#"[{"type": "setting", "key": "editor.wordWrap", "value": "on", "why": "wrap"}]"#
                .to_string(),
            Expect::Error("jsonArray"),
        ),
        (
            "an empty array",
            "[]".to_string(),
            Expect::Error("jsonArray"),
        ),
        (
            "a fenced array",
            "```json\n[\"editor.wordWrap\"]\n```".to_string(),
            Expect::Error("jsonArray"),
        ),
        (
            "a plan wrapped in an array",
            format!("[{PLAN}]"),
            Expect::Error("jsonArray"),
        ),
        (
            "prose with a citation is not an array answer",
            "I can't do that [1].".to_string(),
            Expect::Error("noJsonObject"),
        ),
        (
            "no JSON at all",
            "I'm sorry, I can't help with that.".to_string(),
            Expect::Error("noJsonObject"),
        ),
        (
            "empty answer",
            " \n\t ".to_string(),
            Expect::Error("emptyAnswer"),
        ),
        (
            "trailing comma",
            r#"{"reply": "x", "steps": [],}"#.to_string(),
            Expect::Error("invalidJson"),
        ),
        (
            "mismatched brackets",
            r#"{"reply": "x", "steps": [}"#.to_string(),
            Expect::Error("invalidJson"),
        ),
        (
            "steps missing",
            r#"{"reply": "x"}"#.to_string(),
            Expect::Error("wrongShape"),
        ),
        (
            "a single step instead of a plan",
            r#"{"type": "terminal", "command": "ls", "why": "list"}"#.to_string(),
            Expect::Error("wrongShape"),
        ),
        (
            "steps not a list",
            r#"{"reply": "x", "steps": {"type": "terminal"}}"#.to_string(),
            Expect::Error("wrongShape"),
        ),
        (
            "reply not text",
            r#"{"reply": 3, "steps": []}"#.to_string(),
            Expect::Error("wrongShape"),
        ),
    ];
    for (name, text, expect) in cases {
        let result = parse_response(&text);
        match (expect, result) {
            (Expect::Plan(reply, steps), Ok(plan)) => {
                assert_eq!(plan.reply, reply, "{name}");
                assert_eq!(plan.steps.len(), steps, "{name}");
            }
            (Expect::Error(code), Err(e)) => {
                assert_eq!(e.code(), code, "{name}: {e}");
                let message = e.to_string();
                assert!(!message.ends_with('.'), "{name}: {message}");
            }
            (Expect::Plan(..), Err(e)) => panic!("{name}: expected a plan, got {e}"),
            (Expect::Error(code), Ok(plan)) => panic!("{name}: expected {code}, got {plan:?}"),
        }
    }
}

#[test]
fn messages_say_what_went_wrong() {
    let cases = [
        ("", "the model's answer is empty"),
        (
            "no json here",
            r#"the model's answer holds no JSON object; expected {"reply": ..., "steps": [...]}"#,
        ),
        (
            r#"[{"type": "item"}]"#,
            r#"the model's answer is a JSON array; expected one object {"reply": ..., "steps": [...]}"#,
        ),
        (
            r#"ok: {"reply": "x", "#,
            "the JSON object at character 5 is cut off before its end; the answer may have been truncated",
        ),
        (
            r#"{"reply": "x"}"#,
            r#"the JSON object is not a plan: it has no "steps" list"#,
        ),
        (
            r#"{"type": "terminal", "command": "ls"}"#,
            r#"the JSON object is not a plan: it is a single step; expected {"reply": ..., "steps": [...]}"#,
        ),
        (
            r#"{"reply": "x", "steps": "none"}"#,
            r#"the JSON object is not a plan: "steps" must be a list, not text"#,
        ),
    ];
    for (text, message) in cases {
        let error = parse_response(text).expect_err(text);
        assert_eq!(error.to_string(), message, "{text}");
    }
    // serde_json's own words say where JSON broke.
    let error = parse_response(r#"{"reply": "x", "steps": [],}"#).expect_err("trailing comma");
    assert!(
        matches!(&error, ParseError::Invalid { at: 1, message } if message.contains("trailing comma")),
        "{error}"
    );
}

#[test]
fn the_exact_object_text_is_returned() {
    let text = format!("before {PLAN} after {{\"x\": 1}}");
    assert_eq!(find_json_object(&text), Ok(PLAN));
}

#[test]
fn extra_fields_never_reach_the_plan() {
    let plan = parse_response(
        r#"{"reply": "x", "mustConfirm": false, "risk": "safe", "steps": [{"type": "terminal", "command": "ls", "risk": "safe"}]}"#,
    )
    .expect("plan");
    // Only reply and steps survive; the steps stay raw and the validator reads only known fields.
    assert_eq!(plan.reply, "x");
    assert_eq!(plan.steps.len(), 1);
}

/// A megabyte of text that looks a little like JSON and prose, from a fixed seed.
fn noise(len: usize, alphabet: &[u8], seed: u64) -> String {
    let mut state = seed;
    let mut out = Vec::with_capacity(len);
    while out.len() < len {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let pick = state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33;
        out.push(alphabet[(pick as usize) % alphabet.len()]);
    }
    String::from_utf8(out).expect("ASCII")
}

const MB: usize = 1 << 20;

#[test]
fn a_megabyte_of_noise_never_panics() {
    // Each of these would take minutes if the scanner restarted at every brace.
    let cases = [
        ("only opening braces", "{".repeat(MB), "truncatedJson"),
        ("only brackets", "[".repeat(MB), "noJsonObject"),
        ("only quotes", "\"".repeat(MB), "noJsonObject"),
        ("only backslashes", "\\".repeat(MB), "noJsonObject"),
        ("brace and quote", "{\"".repeat(MB / 2), "truncatedJson"),
        // The first `{}` is a complete object, so it wins and is not a plan.
        ("closing before opening", "}{".repeat(MB / 2), "wrongShape"),
        (
            "nested deeper than JSON allows",
            format!("{}{}", "{\"a\":".repeat(MB / 8), "1"),
            "truncatedJson",
        ),
    ];
    for (name, text, code) in cases {
        let error = parse_response(&text).expect_err(name);
        assert_eq!(error.code(), code, "{name}: {error}");
    }
    // Balanced but far too deep: serde_json's depth limit turns it into a clear error.
    let deep = format!("{}{}", "[".repeat(MB / 2), "]".repeat(MB / 2));
    assert_eq!(
        parse_response(&deep).expect_err("deep").code(),
        "noJsonObject"
    );
    let deep_object = format!("{}1{}", "{\"a\":".repeat(50_000), "}".repeat(50_000));
    assert_eq!(
        parse_response(&deep_object)
            .expect_err("deep object")
            .code(),
        "invalidJson"
    );
    // Random punctuation: whatever it says, it says it without panicking.
    for seed in 1..=4 {
        let text = noise(MB, b"{}[]\":,\\ a1\n", seed);
        let _ = parse_response(&text);
    }
}

#[test]
fn a_plan_after_a_megabyte_of_prose_is_found() {
    let prose = noise(MB, b"abc de \"[]():;,.\\\n", 7);
    let text = format!("{prose}\n{PLAN}\ntrailing words");
    let plan = parse_response(&text).expect("plan after noise");
    assert_eq!(plan.steps.len(), 1);
}

#[test]
fn a_search_round_is_read_bounded_and_a_plan_still_wins() {
    use solidus_core::agent::{parse_answer, Answer, MAX_SEARCH_TERM_CHARS};
    let search = parse_answer(
        "Nothing fits, let me look.\n```json\n{\"search\": [\"zen mode\", \"zen mode\", \" hide\\n everything \", \"fourth\", \"fifth\"]}\n```",
    )
    .expect("readable");
    // Repeats go, lines are joined, at most three phrases.
    assert_eq!(
        search,
        Answer::Search(vec![
            "zen mode".into(),
            "hide everything".into(),
            "fourth".into()
        ])
    );
    assert_eq!(
        parse_answer(r#"{"search": "word wrap"}"#).expect("one phrase"),
        Answer::Search(vec!["word wrap".into()])
    );
    let long = format!(r#"{{"search": ["{}"]}}"#, "x".repeat(500));
    match parse_answer(&long).expect("cut") {
        Answer::Search(terms) => assert_eq!(terms[0].chars().count(), MAX_SEARCH_TERM_CHARS + 1),
        other => panic!("{other:?}"),
    }
    // Steps make it a plan, whatever else it says.
    match parse_answer(r#"{"reply": "r", "steps": [], "search": ["x"]}"#).expect("a plan") {
        Answer::Plan(plan) => assert!(plan.steps.is_empty()),
        other => panic!("{other:?}"),
    }
    for bad in [
        r#"{"search": []}"#,
        r#"{"search": ["  "]}"#,
        r#"{"search": [3]}"#,
        r#"{"search": {"q": 1}}"#,
    ] {
        let error = parse_answer(bad).expect_err(bad);
        assert_eq!(error.code(), "wrongShape", "{bad}");
    }
    // checkPlan's parser never takes a search for a plan: solidus_run and /do's last round refuse it.
    assert_eq!(
        solidus_core::agent::parse_response(r#"{"search": ["x"]}"#)
            .expect_err("no steps")
            .code(),
        "wrongShape"
    );
}

#[test]
fn a_search_round_ranks_the_phrases_first_and_says_what_is_left() {
    use solidus_core::agent::{prepare_request, PromptContext, ShortlistOptions};
    let index = agent_common::fixture();
    let first = prepare_request(
        index,
        "calm my screen",
        &PromptContext::default(),
        &ShortlistOptions::default(),
    )
    .expect("a prompt");
    assert!(
        first.prompt.user.contains("\nSearches left: 2\n"),
        "{}",
        first.prompt.user
    );
    assert!(!first.prompt.user.contains("Searched for"));
    let options = ShortlistOptions {
        search: vec!["zen mode".into()],
        round: 1,
        ..ShortlistOptions::default()
    };
    let second = prepare_request(index, "calm my screen", &PromptContext::default(), &options)
        .expect("a prompt");
    assert!(second.shortlist.entries.len() <= 60);
    let position = second
        .shortlist
        .entries
        .iter()
        .position(|e| e.id == "command:workbench.action.toggleZenMode")
        .expect("zen mode is listed");
    assert!(position < 30, "{position}");
    assert!(
        second.prompt.user.contains("Searched for: \"zen mode\""),
        "{}",
        second.prompt.user
    );
    assert!(second.prompt.user.contains("\nSearches left: 1\n"));
    let last = prepare_request(
        index,
        "calm my screen",
        &PromptContext::default(),
        &ShortlistOptions {
            round: 2,
            ..options
        },
    )
    .expect("a prompt");
    assert!(last.prompt.user.contains("\nSearches left: 0\n"));
}
