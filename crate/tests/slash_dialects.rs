//! Expansion tables, one per dialect, written from `spec/slash-dialects.md`; and bad files, each
//! skipped or read with a warning while the rest load.

use std::collections::BTreeMap;

use solidus_core::slash::{
    discover, render_body, CandidateFile, DiscoverInput, ExpandRequest, Provider, Rendered, Scope,
    Segment, SkipReason, Tool, WarningCode,
};

fn render(tool: Tool, name: &str, body: &str, args: &str) -> Rendered {
    let r = render_body(tool, body, name, args, &BTreeMap::new(), &BTreeMap::new());
    let joined: String = r.segments.iter().map(Segment::text).collect();
    assert_eq!(
        joined, r.text,
        "segments spell the text for {tool:?} {body:?}"
    );
    r
}

/// `(body, typed arguments, expected text)` rows for one dialect.
fn table(tool: Tool, rows: &[(&str, &str, &str)]) {
    for (body, args, expect) in rows {
        let r = render(tool, "c", body, args);
        assert!(r.ok, "{tool:?} {body:?}: {:?}", r.error);
        assert_eq!(&r.text, expect, "{tool:?} body {body:?} args {args:?}");
    }
}

#[test]
fn claude_counts_from_zero_and_appends_arguments() {
    table(
        Tool::Claude,
        &[
            ("Fix $0 then $1", "a b", "Fix a then b"),
            // Kept as written since Claude Code 2.1.210 (CHANGELOG.md at 5cfc0a19).
            ("[$2]", "a", "[$2]"),
            ("$ARGUMENTS[1] first", "x \"y z\"", "y z first"),
            ("Review: $ARGUMENTS", "a.ts \"b c\"", "Review: a.ts \"b c\""),
            (
                "Review the diff",
                "a b",
                "Review the diff\n\nARGUMENTS: a b",
            ),
            ("Review the diff", "", "Review the diff"),
            ("Review the diff", "   ", "Review the diff"),
            ("$ARGUMENTS", "!`rm -rf /` $1", "!`rm -rf /` $1"),
        ],
    );
}

#[test]
fn claude_reports_shell_lines_with_quoted_arguments_and_file_references() {
    let r = render(
        Tool::Claude,
        "c",
        "Status: !`git status $0`\nSee @src/a.ts, mail me@x.com, and git rev-parse @{u}.",
        "'my file.ts'",
    );
    assert_eq!(r.shell, ["git status 'my file.ts'"]);
    assert_eq!(r.files, ["src/a.ts"]);
    assert_eq!(
        r.text,
        "Status: !`git status 'my file.ts'`\nSee @src/a.ts, mail me@x.com, and git rev-parse @{u}."
    );
    assert_eq!(
        r.segments[1],
        Segment::Shell {
            command: "git status 'my file.ts'".into(),
            text: "!`git status 'my file.ts'`".into()
        }
    );
    // Every argument is quoted on its own when all of them land in a shell line.
    let all = render(Tool::Claude, "c", "!`grep -n $ARGUMENTS`", "TODO \"a b\"");
    assert_eq!(all.shell, ["grep -n TODO 'a b'"]);
}

#[test]
fn shell_values_respect_the_authors_quotes() {
    // As in a real command file: `"$ARGUMENTS"` inside the shell line. Single quotes would be
    // literal inside double quotes and leave `$(…)` live, so the value is escaped for that context.
    let hostile = r#"'$(touch /tmp/pwned)' '`id`' 'say "hi"'"#;
    let rows: &[(&str, &str)] = &[
        (
            r#"!`status.py "$ARGUMENTS"`"#,
            r#"status.py "\$(touch /tmp/pwned) \`id\` say \"hi\"""#,
        ),
        ("!`echo '$0'`", "echo '$(touch /tmp/pwned)'"),
        ("!`echo $0`", "echo '$(touch /tmp/pwned)'"),
        (r#"!`echo "a\"$0"`"#, r#"echo "a\"\$(touch /tmp/pwned)""#),
    ];
    for (body, expect) in rows {
        let r = render(Tool::Claude, "c", body, hostile);
        assert_eq!(r.shell, [*expect], "{body}");
    }
    // An author's backslash before the value (Claude reads `\$` as an escape, Solidus does not).
    let escaped: &[(&str, &str)] = &[
        (r#"!`echo "a\$1"`"#, r#"echo "a\\\$(touch /tmp/pwned)""#),
        (r"!`echo \$1`", r"echo \\'$(touch /tmp/pwned)'"),
    ];
    for (body, expect) in escaped {
        let r = render(Tool::Solidus, "c", body, hostile);
        assert_eq!(r.shell, [*expect], "{body}");
    }
    let single = render(Tool::Claude, "c", "!`echo '$0'`", "it\"s a'b\"");
    assert_eq!(single.shell, [r"echo 'its a'\''b'"]);
    let gemini = render(Tool::Gemini, "c", r#"!{grep "{{args}}" .}"#, r#"$HOME "x""#);
    assert_eq!(gemini.shell, [r#"grep "\$HOME \"x\"" ."#]);
}

#[test]
fn codex_is_one_based_with_named_arguments_and_dollar_escape() {
    table(
        Tool::Codex,
        &[
            ("Fix $1 and $2", "a b", "Fix a and b"),
            ("$10", "a b", "a0"),
            ("$0 stays", "a", "$0 stays"),
            // Codex keeps `$$` as written (prompt_args.rs, expand_numeric_placeholders).
            ("Cost $$5 for $ARGUMENTS", "x y", "Cost $$5 for x y"),
            (
                "Ticket $TICKET by $OWNER",
                "TICKET=42 OWNER=\"Ann Lee\"",
                "Ticket 42 by Ann Lee",
            ),
            ("Escaped $$TICKET", "", "Escaped $$TICKET"),
            ("$1", "it\\'s", "it's"),
        ],
    );
    let missing = render(
        Tool::Codex,
        "prompts:t",
        "Ticket $TICKET $OWNER",
        "TICKET=1",
    );
    assert!(!missing.ok);
    assert_eq!(
        missing.error.as_deref(),
        Some(
            "missing required args for /prompts:t: OWNER (give them as key=value, quoting values with spaces)"
        )
    );
    let positional = render(Tool::Codex, "prompts:t", "Ticket $TICKET", "42");
    assert!(!positional.ok);
    assert!(positional
        .error
        .is_some_and(|e| e.contains("expected key=value")));
    let ignored = render(Tool::Codex, "prompts:t", "No placeholder", "x");
    assert_eq!(ignored.text, "No placeholder");
    assert_eq!(ignored.warnings.len(), 1);
}

#[test]
fn gemini_inserts_raw_args_or_appends_the_command() {
    table(
        Tool::Gemini,
        &[
            (
                "Commit: {{args}}",
                "fix \"the bug\"",
                "Commit: fix \"the bug\"",
            ),
            ("Commit: {{ args }}", "x", "Commit: {{ args }}\n\n/c x"),
            ("$1 $ARGUMENTS", "a", "$1 $ARGUMENTS\n\n/c a"),
            ("Write a message", "", "Write a message"),
        ],
    );
    let r = render(
        Tool::Gemini,
        "git:commit",
        "Write a commit message",
        "fix bug",
    );
    assert_eq!(r.text, "Write a commit message\n\n/git:commit fix bug");

    let r = render(
        Tool::Gemini,
        "c",
        "Diff: !{git diff {{args}}}\nRead @{docs/x.md} and !{echo {a,b}}",
        "a b's",
    );
    // Inside `!{…}` Gemini quotes the whole argument text as one shell word, its way.
    assert_eq!(r.shell, ["git diff \"a b's\"", "echo {a,b}"]);
    assert_eq!(r.files, ["docs/x.md"]);
    assert_eq!(
        r.text,
        "Diff: !{git diff \"a b's\"}\nRead @{docs/x.md} and !{echo {a,b}}"
    );
}

#[test]
fn cursor_has_no_placeholders_and_appends_the_text() {
    table(
        Tool::Cursor,
        &[
            (
                "Tidy the file",
                "only imports",
                "Tidy the file\n\nonly imports",
            ),
            ("Use $1 and {{args}}", "x", "Use $1 and {{args}}\n\nx"),
            ("Tidy", "", "Tidy"),
        ],
    );
}

#[test]
fn copilot_asks_for_inputs_and_uses_editor_values() {
    let body = "Form ${input:formName:The form name} in ${file} for ${input:formName}";
    let ask = render(Tool::Copilot, "form", body, "");
    assert_eq!(ask.needs_input.len(), 1);
    assert_eq!(ask.needs_input[0].name, "formName");
    assert_eq!(
        ask.needs_input[0].placeholder.as_deref(),
        Some("The form name")
    );
    assert_eq!(ask.text, body, "nothing is filled in yet");
    assert_eq!(
        ask.warnings.len(),
        1,
        "the missing editor value is reported"
    );

    let context = BTreeMap::from([("file".to_string(), "src/App.tsx".to_string())]);
    let inputs = BTreeMap::from([("formName".to_string(), "Login".to_string())]);
    let answered = render_body(Tool::Copilot, body, "form", "", &inputs, &context);
    assert!(answered.needs_input.is_empty());
    assert_eq!(answered.text, "Form Login in src/App.tsx for Login");

    // `name=value` in the typed text fills an input; other words are appended.
    let typed = render_body(
        Tool::Copilot,
        body,
        "form",
        "formName=Signup with tests",
        &BTreeMap::new(),
        &context,
    );
    assert_eq!(
        typed.text,
        "Form Signup in src/App.tsx for Signup\n\nwith tests"
    );
    table(
        Tool::Copilot,
        &[("Explain ${unknown}", "more", "Explain ${unknown}\n\nmore")],
    );
}

#[test]
fn opencode_last_placeholder_takes_the_rest() {
    table(
        Tool::OpenCode,
        &[
            ("Review $1 with $2", "a b c d", "Review a with b c d"),
            ("Only $1", "a b c", "Only a b c"),
            ("$2 before $1", "a b c", "b c before a"),
            ("$1 $2 $3", "a", "a"),
            ("All: $ARGUMENTS", "a \"b c\"", "All: a \"b c\""),
            ("Quoted $1 | $2", "\"x y\" z", "Quoted x y | z"),
            ("No placeholder", "x y", "No placeholder\n\nx y"),
        ],
    );
    let r = render(Tool::OpenCode, "c", "!`ls $1` then @notes.md", "'my dir' b");
    assert_eq!(r.shell, ["ls 'my dir' b"]);
    assert_eq!(r.files, ["notes.md"]);
}

#[test]
fn solidus_shell_lines_quote_arguments_and_typed_text_is_never_a_token() {
    let r = render(
        Tool::Solidus,
        "c",
        "Run !`echo $1 {{arg 2}}` now",
        "\"a b\" ';x'",
    );
    assert_eq!(r.shell, ["echo 'a b' ';x'"]);
    assert_eq!(r.text, "Run !`echo 'a b' ';x'` now");
    let typed = render(Tool::Solidus, "c", "$ARGUMENTS", "@etc/passwd !`id`");
    assert!(typed.files.is_empty() && typed.shell.is_empty());
    assert_eq!(typed.text, "@etc/passwd !`id`");
    table(
        Tool::Solidus,
        &[
            ("{{#unless args}}none{{else}}some{{/unless}}", "", "none"),
            ("{{#if args}}[{{args}}]{{/if}}", "a b", "[a,b]"),
            ("{{#if args}}unclosed", "a", "{{#if args}}unclosed"),
            ("a {{/if}} b", "", "a {{/if}} b"),
            (
                "{{#if ARGUMENTS}}{{#if args}}both{{/if}}{{else}}none{{/if}}",
                "x",
                "both",
            ),
        ],
    );
}

fn candidate(provider: Provider, path: &str, text: Option<String>) -> CandidateFile {
    CandidateFile {
        provider,
        scope: Scope::Project,
        root: "/p/cmds".into(),
        path: path.into(),
        text,
        read_error: None,
        gitignored: false,
        outside: None,
        namespace: None,
    }
}

#[test]
fn bad_files_are_skipped_or_read_with_a_warning_and_the_rest_load() {
    let mut unreadable = candidate(Provider::Claude, "locked.md", None);
    unreadable.read_error = Some("EACCES: permission denied".into());
    let mut looped = candidate(Provider::Claude, "loop/x.md", None);
    looped.read_error = Some("ELOOP: too many symbolic links".into());
    let files = vec![
        candidate(
            Provider::Claude,
            "yaml.md",
            Some("---\ndescription: Use it: like this\nbad: [\n---\nBody".into()),
        ),
        candidate(
            Provider::Gemini,
            "no-prompt.toml",
            Some("description = \"x\"".into()),
        ),
        candidate(
            Provider::Gemini,
            "broken.toml",
            Some("prompt = \"unterminated".into()),
        ),
        candidate(
            Provider::Claude,
            "huge.md",
            Some("x".repeat(10 * 1024 * 1024)),
        ),
        candidate(
            Provider::Claude,
            "binary.md",
            Some("PK\u{3}\u{4}\0\0data".into()),
        ),
        candidate(Provider::Claude, "silent.md", None),
        unreadable,
        looped,
        candidate(Provider::Claude, "good.md", Some("Good $ARGUMENTS".into())),
        candidate(
            Provider::Gemini,
            "good.toml",
            Some("prompt = \"\"\"\nMulti\nline\n\"\"\"".into()),
        ),
    ];
    let d = discover(&DiscoverInput {
        files,
        ..DiscoverInput::default()
    });
    let loaded: Vec<&str> = d.commands.iter().map(|c| c.path.as_str()).collect();
    assert_eq!(loaded, ["good.md", "yaml.md", "good.toml"]);
    let yaml = &d.commands[1];
    assert_eq!(
        yaml.description, "Use it: like this",
        "read by the line fallback"
    );
    assert_eq!(d.commands[2].body, "Multi\nline\n");

    let skipped: Vec<(&str, SkipReason)> = d
        .skipped
        .iter()
        .map(|s| (s.path.as_str(), s.reason))
        .collect();
    assert_eq!(
        skipped,
        [
            ("no-prompt.toml", SkipReason::MissingPrompt),
            ("broken.toml", SkipReason::InvalidToml),
            ("huge.md", SkipReason::TooBig),
            ("binary.md", SkipReason::Binary),
            ("silent.md", SkipReason::Unreadable),
            ("locked.md", SkipReason::Unreadable),
            ("loop/x.md", SkipReason::Unreadable),
        ]
    );
    let warned: Vec<(&str, WarningCode)> = d
        .warnings
        .iter()
        .map(|w| (w.path.as_str(), w.code))
        .collect();
    assert_eq!(
        warned,
        [
            ("yaml.md", WarningCode::InvalidFrontmatter),
            ("no-prompt.toml", WarningCode::MissingPrompt),
            ("broken.toml", WarningCode::InvalidToml),
            ("huge.md", WarningCode::TooBig),
            ("binary.md", WarningCode::Binary),
            ("silent.md", WarningCode::Unreadable),
            ("locked.md", WarningCode::Unreadable),
            ("loop/x.md", WarningCode::Unreadable),
        ]
    );
    assert!(d.warnings.iter().all(|w| !w.message.ends_with('.')));
    assert!(d.warnings[6].message.contains("EACCES"));

    let run = d.expand(&ExpandRequest {
        text: "/good x".into(),
        ..ExpandRequest::default()
    });
    assert_eq!(run.text, "Good x");
}
