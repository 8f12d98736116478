//! Arbitrary input never panics and never hangs: the frontmatter reader, the argument splitters,
//! discovery and every dialect's expander.
//!
//! A small deterministic generator stands in for a fuzzer so the test is repeatable and fast; its
//! pieces lean towards the syntax these parsers look for.

mod xorshift;
use xorshift::Rng;

use std::collections::BTreeMap;

use solidus_core::slash::{
    describe, discover, parse_args, parse_args_opencode, parse_args_shlex, parse_frontmatter,
    render_body, split_command, CandidateFile, DiscoverInput, ExpandRequest, Provider, Scope,
    Segment, Tool,
};

impl Rng {
    fn text(&mut self, max: usize) -> String {
        const PIECES: &[&str] = &[
            "$",
            "$1",
            "$0",
            "$10",
            "$$",
            "$@",
            "$ARGUMENTS",
            "$ARGUMENTS[",
            "$ARGUMENTS[0]",
            "$KEY",
            "{{",
            "}}",
            "{{{",
            "}}}",
            "{{arguments}}",
            "{{arg 2}}",
            "{{#if args}}",
            "{{#unless ARGUMENTS}}",
            "{{else}}",
            "{{/if}}",
            "{{/unless}}",
            "\\{{",
            "{{args}}",
            "!`",
            "`",
            "!{",
            "{",
            "}",
            "@",
            "@{",
            "@src/a.ts",
            "${",
            "${input:",
            "${input:x:y}",
            "${file}",
            ":",
            "\"",
            "'",
            "\\",
            "---\n",
            "---",
            "description: ",
            "name: ",
            "target: chat",
            "user-invocable: false",
            "prompt = \"",
            "\"\"\"",
            "[",
            "]",
            "- ",
            "=",
            "KEY=v",
            "\n",
            "\r\n",
            " ",
            "\t",
            "a",
            "é",
            "😀",
            "\u{feff}",
            "\u{a0}",
            "\0",
            "/",
            "/c ",
            "&",
            "*",
            "|",
            "#",
        ];
        let len = self.below(max + 1);
        (0..len).map(|_| PIECES[self.below(PIECES.len())]).collect()
    }
}

fn check_segments(tool: Tool, body: &str, args: &str) {
    let inputs = BTreeMap::from([("x".to_string(), "v 'w'".to_string())]);
    let context = BTreeMap::from([("file".to_string(), "a b.ts".to_string())]);
    let r = render_body(tool, body, "c", args, &inputs, &context);
    let joined: String = r.segments.iter().map(Segment::text).collect();
    assert_eq!(joined, r.text, "{tool:?} {body:?} {args:?}");
    assert_eq!(r.text.trim(), r.text, "trimmed: {tool:?} {body:?} {args:?}");
    assert!(r.ok || r.error.is_some());
}

#[test]
fn frontmatter_and_argument_parsers_never_panic() {
    let mut rng = Rng(0x51a5);
    for _ in 0..5_000 {
        let text = rng.text(40);
        let fm = parse_frontmatter(&text);
        let _ = describe(&fm);
        assert!(text.ends_with(&fm.body), "the body is the tail of the text");
        let words = parse_args(&text);
        assert!(words.iter().all(|w| !w.is_empty()));
        let _ = parse_args_shlex(&text);
        let _ = parse_args_opencode(&text);
        if let Some(split) = split_command(&text) {
            assert!(!split.name.is_empty() && !split.name.contains(' '));
        }
    }
}

#[test]
fn every_expander_never_panics() {
    let mut rng = Rng(0xe4a9);
    for _ in 0..3_000 {
        let body = rng.text(30);
        let args = rng.text(8);
        for tool in Tool::ALL {
            check_segments(tool, &body, &args);
        }
    }
}

#[test]
fn discovery_and_expansion_never_panic() {
    let mut rng = Rng(0xd15c);
    for _ in 0..500 {
        let files = Provider::ALL
            .iter()
            .map(|&provider| CandidateFile {
                provider,
                scope: if rng.below(2) == 0 {
                    Scope::Project
                } else {
                    Scope::User
                },
                root: "/r".into(),
                path: match provider {
                    Provider::Gemini => "g/x.toml".into(),
                    Provider::ClaudeSkills => "s/SKILL.md".into(),
                    Provider::Copilot => "x.prompt.md".into(),
                    _ => format!("{}.md", rng.text(2).replace(['/', '.'], "_")),
                },
                text: Some(rng.text(30)),
                read_error: None,
                gitignored: false,
                outside: None,
                namespace: None,
            })
            .collect();
        let discovery = discover(&DiscoverInput {
            files,
            builtins: vec!["do".into()],
            ..DiscoverInput::default()
        });
        let names: Vec<String> = discovery.commands.iter().map(|c| c.name.clone()).collect();
        for name in names {
            let typed = format!("/{name} {}", rng.text(6));
            let e = discovery.expand(&ExpandRequest {
                text: typed.clone(),
                ..ExpandRequest::default()
            });
            let joined: String = e.segments.iter().map(Segment::text).collect();
            assert_eq!(joined, e.text, "{typed:?} with {:?}", e.command);
        }
    }
}

/// Inputs built to trip quadratic scans, deep nesting and output blow-up finish quickly.
#[test]
fn pathological_bodies_stay_bounded() {
    // A quarter megabyte is enough to make a quadratic scan take minutes.
    let size = 256 * 1024;
    let repeat = |s: &str| s.repeat(size / s.len());
    let bodies = [
        repeat("{{"),
        repeat("{{{"),
        repeat("{{#if args}}"),
        repeat("{{/if}}"),
        repeat("!{"),
        repeat("@{"),
        repeat("${"),
        repeat("!`"),
        repeat("@a"),
        repeat(" @a"),
        repeat("$ARGUMENTS[9"),
        repeat("\"'"),
        format!(
            "{}x{}",
            "{{#if args}}".repeat(50_000),
            "{{/if}}".repeat(50_000)
        ),
    ];
    for body in &bodies {
        for tool in Tool::ALL {
            check_segments(tool, body, "a \"b c\"");
        }
        let _ = parse_frontmatter(&format!("---\n{body}\n---\n"));
        let _ = parse_args(body);
        let _ = parse_args_shlex(body);
        let _ = parse_args_opencode(body);
    }
    let flow = format!("---\nx: {}\n---\n", "[".repeat(100_000));
    assert!(parse_frontmatter(&flow).warning.is_some());

    // A body repeating `$ARGUMENTS` with a long argument is refused instead of eating memory.
    let blowup = render_body(
        Tool::Solidus,
        &"$ARGUMENTS".repeat(100_000),
        "c",
        &"x".repeat(1_000),
        &BTreeMap::new(),
        &BTreeMap::new(),
    );
    assert!(!blowup.ok);
    assert!(blowup.error.is_some_and(|e| e.contains("over")));
}
