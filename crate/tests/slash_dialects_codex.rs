//! Codex CLI's own behaviour for saved prompts, case by case, from its source and tests.
//!
//! Each row names the upstream file and commit and, where there is one, the upstream test.

mod slash_common;

use std::collections::BTreeMap;

use slash_common::{candidate, run};
use solidus_core::slash::{render_body, CandidateFile, Provider, Scope, SkipReason, Tool};

const ARGS_OLD: &str =
    "openai/codex@adc4676fa45311d03c5bc31c9e161e0bbaa8270a codex-rs/tui/src/bottom_pane/prompt_args.rs";
const ARGS_NEW: &str =
    "openai/codex@09e67f209eb3144913ea6a688997e6778fa1eb39 codex-rs/tui/src/bottom_pane/prompt_args.rs";
const PROMPTS: &str =
    "openai/codex@035a941929429be28ac8a7211dc19ab0e695d96a codex-rs/core/src/custom_prompts.rs";
const BUILTINS: &str =
    "openai/codex@001cb8e233f250c7086c791c51390286c087faea codex-rs/tui/src/slash_command.rs";
const SHLEX: &str = "shlex 1.3.0 src/bytes.rs (the Shlex iterator Codex collects)";

/// `(source, test, body, typed arguments, expected text)`.
type Row = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

const EXPANSIONS: &[Row] = &[
    (
        ARGS_OLD,
        "expand_arguments_basic",
        "Review $USER changes on $BRANCH",
        "USER=Alice BRANCH=main",
        "Review Alice changes on main",
    ),
    (
        ARGS_OLD,
        "quoted_values_ok",
        "Pair $USER with $BRANCH",
        "USER=\"Alice Smith\" BRANCH=dev-main",
        "Pair Alice Smith with dev-main",
    ),
    (
        ARGS_OLD,
        "escaped_placeholder_remains_literal",
        "literal $$USER",
        "",
        "literal $$USER",
    ),
    (
        ARGS_NEW,
        "escaped_placeholder_remains_literal",
        "literal $$USER",
        "",
        "literal $$USER",
    ),
    (
        ARGS_OLD,
        "expand_numeric_placeholders: `$$` is pushed as `$$`",
        "Cost $$5 for $1",
        "x",
        "Cost $$5 for x",
    ),
    (
        ARGS_OLD,
        "expand_numeric_placeholders: one digit, `$10` is `$1` then `0`",
        "[$10]",
        "a b",
        "[a0]",
    ),
    (
        ARGS_OLD,
        "expand_numeric_placeholders: `$0` is not a placeholder",
        "$0 stays",
        "a",
        "$0 stays",
    ),
    (
        ARGS_OLD,
        "expand_numeric_placeholders: a missing argument is empty",
        "[$1|$2]",
        "a",
        "[a|]",
    ),
    (
        ARGS_OLD,
        "expand_numeric_placeholders: `$ARGUMENTS` joins with one space",
        "All: $ARGUMENTS",
        "a   'b c'",
        "All: a b c",
    ),
    (
        ARGS_OLD,
        "expand_custom_prompt: named mode fills only `$NAME`",
        "Fix $FILE per $1 and $ARGUMENTS",
        "FILE=a.rs",
        "Fix a.rs per $1 and $ARGUMENTS",
    ),
    (
        ARGS_OLD,
        "prompt_argument_names: `$[A-Z][A-Z0-9_]*` is one name",
        "Use $ARGUMENTS_LIST",
        "ARGUMENTS_LIST=x",
        "Use x",
    ),
    (
        ARGS_OLD,
        "parse_prompt_inputs: the value runs from the first `=`",
        "Set $EXPR",
        "EXPR=a=b",
        "Set a=b",
    ),
    (
        SHLEX,
        "a `#` that starts a word comments out the rest of the line",
        "[$ARGUMENTS]",
        "a #b c",
        "[a]",
    ),
    (
        SHLEX,
        "a `#` inside a word is text",
        "[$ARGUMENTS]",
        "a#b c",
        "[a#b c]",
    ),
    (
        SHLEX,
        "an unterminated quote drops that word and ends the list",
        "[$1|$2]",
        "a 'b c",
        "[a|]",
    ),
    (
        SHLEX,
        "a trailing backslash drops that word",
        "[$1|$2]",
        "a b\\",
        "[a|]",
    ),
    (
        SHLEX,
        "no escapes inside single quotes",
        "[$1]",
        "'x\\y'",
        "[x\\y]",
    ),
    (
        SHLEX,
        "`\\$` inside double quotes is `$`",
        "[$1]",
        "\"\\$HOME\"",
        "[$HOME]",
    ),
    (
        SHLEX,
        "an empty quoted word is a word",
        "[$1|$2]",
        "'' b",
        "[|b]",
    ),
];

fn render(name: &str, body: &str, args: &str) -> solidus_core::slash::Rendered {
    render_body(
        Tool::Codex,
        body,
        name,
        args,
        &BTreeMap::new(),
        &BTreeMap::new(),
    )
}

#[test]
fn codex_expands_prompts_as_prompt_args_does() {
    for (source, test, body, args, text) in EXPANSIONS {
        let r = render("prompts:my-prompt", body, args);
        assert!(r.ok, "{source}: {test}: {:?}", r.error);
        assert_eq!(r.text, *text, "{source}: {test}");
        assert!(r.shell.is_empty(), "Codex prompts have no shell lines");
    }
}

#[test]
fn codex_named_arguments_fail_as_prompt_args_does() {
    let rows: &[(&str, &str, &str, &[&str])] = &[
        (
            "invalid_arg_token_reports_error",
            "Review $USER changes",
            "USER=Alice stray",
            &["expected key=value", "stray"],
        ),
        (
            "missing_required_args_reports_error",
            "Review $USER changes on $BRANCH",
            "USER=Alice",
            &["missing required args", "BRANCH"],
        ),
        (
            "PromptArgsError::MissingKey",
            "Review $USER",
            "=x",
            &["expected a name before"],
        ),
        (
            "expand_custom_prompt: nothing typed still needs every name",
            "Review $USER",
            "",
            &["missing required args", "USER"],
        ),
    ];
    for (test, body, args, needles) in rows {
        let r = render("prompts:my-prompt", body, args);
        assert!(!r.ok, "{ARGS_OLD}: {test}");
        let error = r.error.unwrap_or_default();
        for needle in *needles {
            assert!(error.contains(needle), "{ARGS_OLD}: {test}: {error}");
        }
        assert!(
            error.contains("/prompts:my-prompt"),
            "the error names the command"
        );
    }
}

fn prompt(path: &str, text: &str) -> CandidateFile {
    candidate(
        Provider::Codex,
        Scope::User,
        "/h/.codex/prompts",
        path,
        text,
    )
}

#[test]
fn codex_finds_prompts_as_custom_prompts_does() {
    let d = run(vec![prompt(
        "withmeta.md",
        "---\nname: ignored\ndescription: \"Quick review command\"\nargument-hint: \"[file] [priority]\"\n---\nActual body with $1 and $ARGUMENTS",
    )]);
    let c = &d.commands[0];
    assert_eq!(
        c.name, "prompts:withmeta",
        "{PROMPTS}: parses_frontmatter_and_strips_from_body"
    );
    assert_eq!(c.description, "Quick review command");
    assert_eq!(c.argument_hint.as_deref(), Some("[file] [priority]"));
    assert_eq!(c.body, "Actual body with $1 and $ARGUMENTS");

    let rows: &[(&str, &str, &str, Option<&str>)] = &[
        (
            "discovers_and_sorts_files: a subfolder is not read",
            "subdir/x.md",
            "b",
            None,
        ),
        (
            "is_md: the extension in any case",
            "Shout.MD",
            "b",
            Some("prompts:Shout"),
        ),
        (
            "file_stem: the last extension only",
            "a.b.md",
            "b",
            Some("prompts:a.b"),
        ),
        (
            "read_dir lists dotfiles",
            ".hidden.md",
            "b",
            Some("prompts:.hidden"),
        ),
        ("`.md` alone has no extension", ".md", "b", None),
        ("only Markdown files", "notes.txt", "b", None),
    ];
    for (test, path, text, name) in rows {
        let d = run(vec![prompt(path, text)]);
        assert_eq!(
            d.commands.first().map(|c| c.name.as_str()),
            *name,
            "{PROMPTS}: {test}"
        );
        if name.is_none() {
            assert_eq!(d.skipped[0].reason, SkipReason::NotACommandFile, "{test}");
        }
    }

    let hints: &[(&str, &str, Option<&str>, Option<&str>)] = &[
        (
            "parse_frontmatter: `argument_hint` too",
            "---\nargument_hint: <file>\n---\nb",
            None,
            Some("<file>"),
        ),
        (
            "parse_frontmatter: keys in any case",
            "---\nDescription: Up\n---\nb",
            Some("Up"),
            None,
        ),
        (
            "parse_frontmatter: one pair of quotes removed",
            "---\ndescription: 'x: y'\n---\nb",
            Some("x: y"),
            None,
        ),
        (
            "parse_frontmatter: the last value wins",
            "---\ndescription: a\ndescription: b\n---\nc",
            Some("b"),
            None,
        ),
        (
            "parse_frontmatter: `#` lines are comments",
            "---\n# description: no\ndescription: yes\n---\nc",
            Some("yes"),
            None,
        ),
    ];
    for (test, text, description, hint) in hints {
        let d = run(vec![prompt("p.md", text)]);
        let c = &d.commands[0];
        if let Some(description) = description {
            assert_eq!(c.description, *description, "{PROMPTS}: {test}");
        }
        assert_eq!(c.argument_hint.as_deref(), *hint, "{PROMPTS}: {test}");
    }
    let bare = run(vec![prompt("p.md", "Just a body line")]);
    assert_eq!(
        bare.commands[0].description, "send saved prompt",
        "openai/codex@4a1707e1a73184dae3c9c668422d3dba5ff7c09c codex-rs/tui/src/bottom_pane/command_popup.rs"
    );
    // An unterminated block is body, with no metadata.
    let open = run(vec![prompt("p.md", "---\ndescription: x\nBody")]);
    assert_eq!(
        open.commands[0].body, "---\ndescription: x\nBody",
        "{PROMPTS}: parse_frontmatter"
    );
    assert_eq!(open.commands[0].argument_hint, None);

    let reload = render_body(
        Tool::Codex,
        &run(vec![prompt(
            "p.md",
            "---\ndescription: example\n---\n\nSay Hello.\n",
        )])
        .commands[0]
            .body,
        "prompts:p",
        "",
        &BTreeMap::new(),
        &BTreeMap::new(),
    );
    assert_eq!(
        reload.text, "Say Hello.",
        "{ARGS_OLD}: frontmatter_is_ignored_when_reloading"
    );
}

#[test]
fn codex_ignores_prompts_named_like_its_builtins() {
    let d = run(vec![prompt("init.md", "ignored"), prompt("foo.md", "ok")]);
    let names: Vec<&str> = d.commands.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["prompts:foo"], "{PROMPTS}: excludes_builtins");
    assert_eq!(d.skipped[0].reason, SkipReason::NamedLikeBuiltin);
    assert!(d.skipped[0].message.contains("/init"));
    for builtin in ["model", "review", "compact", "diff", "status", "quit"] {
        let d = run(vec![prompt(&format!("{builtin}.md"), "b")]);
        assert!(d.commands.is_empty(), "{BUILTINS}: /{builtin}");
    }
}
