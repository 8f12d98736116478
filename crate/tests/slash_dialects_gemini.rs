//! Gemini CLI's own behaviour, case by case, from its source and tests at one commit.
//!
//! Each row names the upstream file and, where there is one, the upstream test it restates.

mod slash_common;

use std::collections::BTreeMap;

use slash_common::{candidate, run};
use solidus_core::slash::{
    render_body, search_folders, CandidateFile, Discovery, Provider, Scope, SearchRequest, Segment,
};

const AT: &str = "google-gemini/gemini-cli@5411f113cafae26161b4969b0237b8e1e024e2c2";
const LOADER: &str = "packages/cli/src/services/FileCommandLoader.test.ts";
const LOADER_SRC: &str = "packages/cli/src/services/FileCommandLoader.ts";
const RESOLVER: &str = "packages/cli/src/services/SlashCommandResolver.test.ts";
const SHELL: &str = "packages/cli/src/services/prompt-processors/shellProcessor.test.ts";
const ARGS: &str = "packages/cli/src/services/prompt-processors/argumentProcessor.test.ts";
const INJECTION: &str = "packages/cli/src/services/prompt-processors/injectionParser.test.ts";
const PARSE: &str = "packages/cli/src/utils/commands.ts (parseSlashCommand)";
const QUOTE: &str = "packages/core/src/utils/shell-utils.ts (escapeShellArg: shell-quote 1.8.3)";

/// One expansion: the typed command `/<name> <args>` against `body`.
struct Expand {
    source: (&'static str, &'static str),
    name: &'static str,
    body: &'static str,
    args: &'static str,
    text: &'static str,
    shell: &'static [&'static str],
}

const EXPANSIONS: &[Expand] = &[
    Expand {
        source: (ARGS, "should append the full command if args are provided"),
        name: "mycommand",
        body: "Parse the command.",
        args: "arg1 \"arg two\"",
        text: "Parse the command.\n\n/mycommand arg1 \"arg two\"",
        shell: &[],
    },
    Expand {
        source: (
            ARGS,
            "should NOT append the full command if no args are provided",
        ),
        name: "mycommand",
        body: "Parse the command.",
        args: "",
        text: "Parse the command.",
        shell: &[],
    },
    Expand {
        source: (
            "packages/core/src/utils/partUtils.ts (appendToLastTextPart)",
            "the invocation is appended to the prompt as written: its trailing newline stays",
        ),
        name: "c",
        body: "Parse.\n",
        args: "a",
        text: "Parse.\n\n\n/c a",
        shell: &[],
    },
    Expand {
        source: (
            ARGS,
            "DefaultArgumentProcessor appends invocation.raw, spacing as typed",
        ),
        name: "c",
        body: "Parse.",
        args: "  a   b",
        text: "Parse.\n\n/c   a   b",
        shell: &[],
    },
    Expand {
        source: (
            SHELL,
            "should perform raw replacement if no shell injections are present (optimization path)",
        ),
        name: "c",
        body: "The user said: {{args}}",
        args: "default args",
        text: "The user said: default args",
        shell: &[],
    },
    Expand {
        source: (SHELL, "should perform raw replacement outside !{} blocks"),
        name: "c",
        body: "Outside: {{args}}. Inside: !{echo \"hello\"}",
        args: "default args",
        text: "Outside: default args. Inside: !{echo \"hello\"}",
        shell: &["echo \"hello\""],
    },
    Expand {
        source: (
            SHELL,
            "should perform escaped replacement inside !{} blocks",
        ),
        name: "c",
        body: "Command: !{grep {{args}} file.txt}",
        args: "default args",
        text: "Command: !{grep 'default args' file.txt}",
        shell: &["grep 'default args' file.txt"],
    },
    Expand {
        source: (
            SHELL,
            "should handle both raw (outside) and escaped (inside) injection simultaneously",
        ),
        name: "c",
        body: "User \"({{args}})\" requested search: !{search {{args}}}",
        args: "default args",
        text: "User \"(default args)\" requested search: !{search 'default args'}",
        shell: &["search 'default args'"],
    },
    Expand {
        source: (
            SHELL,
            "should trim whitespace from the command inside the injection before interpolation",
        ),
        name: "c",
        body: "Files: !{  ls {{args}} -l  }",
        args: "default args",
        text: "Files: !{  ls 'default args' -l  }",
        shell: &["ls 'default args' -l"],
    },
    Expand {
        // Gemini leaves `This is weird: `; Solidus trims the two ends of every expansion.
        source: (
            SHELL,
            "should handle an empty command inside the injection gracefully (skips execution)",
        ),
        name: "c",
        body: "This is weird: !{}",
        args: "",
        text: "This is weird:",
        shell: &[],
    },
    Expand {
        source: (SHELL, "should correctly handle multiline arguments"),
        name: "c",
        body: "Commit message: !{git commit -m {{args}}}",
        // The typed text reaches the processor through parseSlashCommand, which splits on
        // whitespace runs and joins with one space.
        args: "first line\nsecond line",
        text: "Commit message: !{git commit -m 'first line second line'}",
        shell: &["git commit -m 'first line second line'"],
    },
    Expand {
        source: (PARSE, "args = parts.join(' ') after split(/\\s+/)"),
        name: "c",
        body: "Say {{args}}",
        args: "a\t\tb\n  c",
        text: "Say a b c",
        shell: &[],
    },
    Expand {
        source: (
            QUOTE,
            "escapeShellArg('') returns '' (empty arguments inside !{})",
        ),
        name: "c",
        body: "!{ls {{args}} -l}",
        args: "",
        text: "!{ls  -l}",
        shell: &["ls  -l"],
    },
    Expand {
        source: (
            SHELL,
            "shellProcessor.ts: a command empty after substitution is not run and leaves nothing",
        ),
        name: "c",
        body: "Run: !{ {{args}} } done",
        args: "",
        text: "Run:  done",
        shell: &[],
    },
    Expand {
        source: (
            LOADER_SRC,
            "usesArgs = prompt.includes('{{args}}'), even inside @{…} (read before args)",
        ),
        name: "c",
        body: "Read @{notes/{{args}}.md}",
        args: "x",
        text: "Read @{notes/{{args}}.md}",
        shell: &[],
    },
    Expand {
        source: (
            INJECTION,
            "should correctly handle an injection containing the trigger itself",
        ),
        name: "c",
        body: "!{echo \"The trigger is !{ confusing }\"}",
        args: "",
        text: "!{echo \"The trigger is !{ confusing }\"}",
        shell: &["echo \"The trigger is !{ confusing }\""],
    },
];

/// `shellProcessor.test.ts` "should safely escape args containing $name": `!{echo {{args}}}`,
/// each input quoted by shell-quote 1.8.3 as Gemini's POSIX path does.
const ESCAPES: &[(&str, &str, &str)] = &[
    (
        "spaces",
        "file with spaces.txt",
        "echo 'file with spaces.txt'",
    ),
    (
        "double quotes",
        "a \"quoted\" string",
        "echo 'a \"quoted\" string'",
    ),
    ("single quotes", "it's a string", "echo \"it's a string\""),
    (
        "command substitution (backticks)",
        "`reboot`",
        "echo \\`reboot\\`",
    ),
    (
        "command substitution (dollar)",
        "$(reboot)",
        "echo \\$\\(reboot\\)",
    ),
    ("variable expansion", "$HOME", "echo \\$HOME"),
    (
        "command chaining (semicolon)",
        "a; reboot",
        "echo 'a; reboot'",
    ),
    (
        "command chaining (ampersand)",
        "a && reboot",
        "echo 'a && reboot'",
    ),
];

fn render(name: &str, body: &str, args: &str) -> solidus_core::slash::Rendered {
    let r = render_body(
        solidus_core::slash::Tool::Gemini,
        body,
        name,
        args,
        &BTreeMap::new(),
        &BTreeMap::new(),
    );
    let joined: String = r.segments.iter().map(Segment::text).collect();
    assert_eq!(joined, r.text, "segments spell the text for {body:?}");
    r
}

#[test]
fn gemini_expands_as_its_processors_do() {
    for case in EXPANSIONS {
        let (file, test) = case.source;
        let r = render(case.name, case.body, case.args);
        assert!(r.ok, "{AT} {file}: {test}: {:?}", r.error);
        assert_eq!(r.text, case.text, "{AT} {file}: {test}");
        assert_eq!(r.shell, case.shell, "{AT} {file}: {test}");
    }
    for (name, input, command) in ESCAPES {
        let r = render("c", "!{echo {{args}}}", input);
        assert_eq!(
            r.shell,
            [*command],
            "{AT} {SHELL}: should safely escape args containing {name}"
        );
    }
}

#[test]
fn gemini_refuses_unclosed_injections() {
    let cases = [
        "should throw an error for a simple unclosed injection",
        "should throw an error if the prompt ends inside a nested block",
        "should throw if content contains unbalanced braces (e.g., missing closing)",
    ];
    let bodies = [
        "This prompt has !{an unclosed trigger",
        "This fails: !{outer {inner",
        "Analyze @{path/with/braces{example.txt}",
    ];
    for (test, body) in cases.iter().zip(bodies) {
        let r = render("c", body, "");
        assert!(!r.ok, "{AT} {INJECTION}: {test}");
        assert!(
            r.error
                .as_deref()
                .is_some_and(|e| e.contains("no matching")),
            "{test}: {:?}",
            r.error
        );
        assert!(r.shell.is_empty() && r.text.is_empty());
    }
    let balanced = render("c", "Analyze @{path/with/{braces}/file.txt}", "");
    assert_eq!(
        balanced.files,
        ["path/with/{braces}/file.txt"],
        "{AT} {INJECTION}: should correctly parse paths containing balanced braces"
    );
}

fn toml(scope: Scope, path: &str, text: &str) -> CandidateFile {
    let root = match scope {
        Scope::User => "/h/.gemini/commands",
        Scope::Project => "/p/.gemini/commands",
    };
    candidate(Provider::Gemini, scope, root, path, text)
}

const PROMPT: &str = "prompt = \"p\"";

#[test]
fn gemini_names_files_as_its_loader_does() {
    let long = format!("{}.toml", "a".repeat(60));
    let long_name = format!("{}...", "a".repeat(47));
    let cases: &[(&str, &str, &str)] = &[
        ("loads a single command from a file", "test.toml", "test"),
        (
            "creates deeply nested namespaces correctly",
            "gcp/pipelines/run.toml",
            "gcp:pipelines:run",
        ),
        (
            "creates namespaces from nested directories",
            "git/commit.toml",
            "git:commit",
        ),
        (
            "handles filename edge cases correctly",
            "test.v1.toml",
            "test.v1",
        ),
        (
            "should sanitize colons in filenames to prevent namespace conflicts",
            "legacy:command.toml",
            "legacy_command",
        ),
        (
            "sanitizes command names from filenames containing control characters",
            "test\twith\nnewlines.toml",
            "test_with_newlines",
        ),
        ("truncates excessively long filenames", &long, &long_name),
        (
            "FileCommandLoader.ts: each UTF-16 unit outside the allowlist is one _",
            "ok😀.toml",
            "ok__",
        ),
        (
            "FileCommandLoader.ts: glob with dot: true loads hidden files",
            ".hidden.toml",
            ".hidden",
        ),
        (
            "FileCommandLoader.ts: glob with dot: true loads hidden folders",
            ".team/x.toml",
            ".team:x",
        ),
    ];
    for (test, path, name) in cases {
        let d = run(vec![toml(Scope::User, path, PROMPT)]);
        let got: Vec<&str> = d.commands.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(got, [*name], "{AT} {LOADER}: {test}");
    }
    // A cleaned name says what it was and why.
    let d = run(vec![toml(Scope::User, "legacy:command.toml", PROMPT)]);
    let rename = d.commands[0].rename.as_ref().map(|r| r.from.as_str());
    assert_eq!(rename, Some("legacy:command"));
    // Gemini reads no ignore file: a gitignored command still loads.
    let mut ignored = toml(Scope::Project, "x.toml", PROMPT);
    ignored.gitignored = true;
    assert_eq!(run(vec![ignored]).commands.len(), 1, "{AT} {LOADER}");
}

#[test]
fn gemini_describes_commands_as_its_loader_does() {
    let long = "d".repeat(150);
    let long_expected = format!("{}...", "d".repeat(97));
    let cases: &[(&str, String, &str)] = &[
        ("uses a default description if not provided", PROMPT.into(), "Custom command from test.toml"),
        ("uses the provided description", "prompt = \"p\"\ndescription = \"My test command\"".into(), "My test command"),
        ("sanitizes descriptions containing newlines and ANSI codes", "prompt = \"Test\"\ndescription = \"Line 1\\nLine 2\\tTabbed\\r\\n\\u001B[31mRed text\\u001B[0m\"".into(), "Line 1 Line 2 Tabbed Red text"),
        ("truncates long descriptions", format!("prompt = \"Test\"\ndescription = \"{long}\""), &long_expected),
        ("FileCommandLoader.ts: an empty description falls back to the default", "prompt = \"p\"\ndescription = \"\"".into(), "Custom command from test.toml"),
    ];
    for (test, text, description) in cases {
        let d = run(vec![toml(Scope::User, "test.toml", text)]);
        assert_eq!(
            d.commands[0].description, *description,
            "{AT} {LOADER}: {test}"
        );
    }
    // TomlCommandDefSchema: `description: z.string().optional()`; anything else fails validation.
    let d = run(vec![toml(
        Scope::User,
        "test.toml",
        "prompt = \"p\"\ndescription = 5",
    )]);
    assert!(
        d.commands.is_empty(),
        "{AT} packages/cli/src/services/FileCommandLoader.ts"
    );
    assert_eq!(
        d.skipped[0].reason,
        solidus_core::slash::SkipReason::InvalidToml
    );
}

#[test]
fn gemini_renames_colliding_names_as_its_resolver_does() {
    let names = |d: &Discovery| -> Vec<(Scope, String, bool)> {
        let mut v: Vec<_> = d
            .commands
            .iter()
            .map(|c| (c.scope, c.name.clone(), c.shadowed_by.is_none()))
            .collect();
        v.sort();
        v
    };
    let both = run(vec![
        toml(Scope::Project, "sync.toml", PROMPT),
        toml(Scope::User, "sync.toml", PROMPT),
    ]);
    assert_eq!(
        names(&both),
        [
            (Scope::Project, "workspace.sync".to_string(), true),
            (Scope::User, "user.sync".to_string(), true),
        ],
        "{AT} {RESOLVER}: should prefix both user and workspace commands when they conflict"
    );
    assert!(both
        .commands
        .iter()
        .all(|c| c.rename.as_ref().is_some_and(|r| r.from == "sync")));

    let builtin = run(vec![toml(Scope::User, "help.toml", PROMPT)]);
    assert_eq!(
        names(&builtin),
        [(Scope::User, "user.help".to_string(), true)],
        "{AT} {RESOLVER}: should prefix file commands but keep built-in names during conflicts"
    );

    let suffixed = run(vec![
        toml(Scope::User, "user.x.toml", PROMPT),
        toml(Scope::User, "x.toml", PROMPT),
        toml(Scope::Project, "x.toml", PROMPT),
    ]);
    assert_eq!(
        names(&suffixed),
        [
            (Scope::Project, "workspace.x".to_string(), true),
            (Scope::User, "user.x".to_string(), true),
            (Scope::User, "user.x1".to_string(), true),
        ],
        "{AT} {RESOLVER}: should apply numeric suffixes when renames also conflict"
    );

    // Two files of one scope that clean to one name: the resolver gives both `user.a_b`, and
    // the later map assignment replaces the first (SlashCommandResolver.ts, handleConflict).
    let same = run(vec![
        toml(Scope::User, "a b.toml", PROMPT),
        toml(Scope::User, "a_b.toml", PROMPT),
    ]);
    let active: Vec<&str> = same.active().map(|c| c.path.as_str()).collect();
    assert_eq!(active, ["a_b.toml"], "{AT} SlashCommandResolver.ts");
    let loser = same.commands.iter().find(|c| c.path == "a b.toml");
    assert_eq!(
        loser.and_then(|c| c.shadowed_by.as_deref()),
        Some("gemini:user:a_b.toml")
    );
}

#[test]
fn gemini_reads_the_home_folder_once_when_it_is_the_workspace() {
    let plan = search_folders(&SearchRequest {
        project_roots: vec!["/home/ann/".into()],
        home: Some("/home/ann".into()),
        ..SearchRequest::default()
    });
    let gemini: Vec<(Scope, &str)> = plan
        .folders
        .iter()
        .filter(|f| f.provider == Provider::Gemini)
        .map(|f| (f.scope, f.dir.as_str()))
        .collect();
    assert_eq!(
        gemini,
        [(Scope::User, "/home/ann/.gemini/commands")],
        "{AT} packages/cli/src/services/FileCommandLoader.ts (getCommandDirectories: isWorkspaceHomeDir)"
    );
}
