//! Claude Code's own behaviour for commands and skills, case by case.
//!
//! Its source is not public, so each row names the documentation page or the `CHANGELOG.md`
//! entry (anthropics/claude-code at one commit) that states the rule.

mod slash_common;

use std::collections::BTreeMap;

use slash_common::candidate;
use solidus_core::slash::{
    discover, render_command, CandidateFile, DiscoverInput, ExpandRequest, Provider, Rendered,
    Scope, Segment, Tool,
};

const LOG: &str = "anthropics/claude-code@5cfc0a1905ce0c0a9bd81d8a90fe6b62ff614357 CHANGELOG.md";
const SKILLS: &str = "code.claude.com/docs/en/skills";

/// `(source, what it shows, declared argument names, body, typed arguments, text, shell)`.
type Row = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
);

const EXPANSIONS: &[Row] = &[
    (
        LOG,
        "2.1.19: shorthand $0, $1 for the arguments, counting from zero",
        &[],
        "Fix $0 then $1",
        "a b",
        "Fix a then b",
        &[],
    ),
    (
        LOG,
        "2.1.19: indexed syntax $ARGUMENTS[0]",
        &[],
        "First: $ARGUMENTS[0]",
        "\"my widget\" React",
        "First: my widget",
        &[],
    ),
    (
        LOG,
        "2.1.210: an unmatched $N stays as written",
        &[],
        "[$0|$2]",
        "a",
        "[a|$2]",
        &[],
    ),
    (
        LOG,
        "2.1.210: an unmatched $ARGUMENTS[N] stays as written",
        &[],
        "[$ARGUMENTS[3]]",
        "a",
        "[$ARGUMENTS[3]]",
        &[],
    ),
    (
        LOG,
        "2.1.163: \\$ writes a literal $ before a digit",
        &[],
        "Costs \\$5, not $0",
        "x",
        "Costs $5, not x",
        &[],
    ),
    (
        LOG,
        "2.1.163: a backslash before anything else stays",
        &[],
        "a \\$HOME \\n",
        "",
        "a \\$HOME \\n",
        &[],
    ),
    (
        SKILLS,
        "named arguments: $name is the argument at its position in `arguments`",
        &["component", "source", "target"],
        "Move $component from $source to $target",
        "SearchBar React Vue",
        "Move SearchBar from React to Vue",
        &[],
    ),
    (
        SKILLS,
        "named arguments: a name is matched whole, the longest first",
        &["file", "files"],
        "$files / $file / $filex",
        "a b",
        "b / a / $filex",
        &[],
    ),
    // The 2.1.210 entry keeps unmatched `$1`/`$2` ("positional placeholders"); a declared name
    // with no argument is not positional and still becomes empty, as the skills page says.
    (
        SKILLS,
        "named arguments: a missing one is empty (2.1.210 keeps only positional $N)",
        &["a", "b"],
        "[$a|$b]",
        "x",
        "[x|]",
        &[],
    ),
    (
        LOG,
        "2.1.163: a doubled backslash is one backslash, and the $N after it is still filled",
        &[],
        "C:\\\\$0 and \\$1",
        "dir x",
        "C:\\dir and $1",
        &[],
    ),
    (
        LOG,
        "2.1.9: ${CLAUDE_SESSION_ID} has no value outside a Claude session and stays as written",
        &[],
        "Log to /tmp/${CLAUDE_SESSION_ID}.log",
        "",
        "Log to /tmp/${CLAUDE_SESSION_ID}.log",
        &[],
    ),
    (
        SKILLS,
        "a variable with no value stays as written, inside a shell line too",
        &[],
        "!`ls ${CLAUDE_SKILL_DIR}`",
        "",
        "!`ls ${CLAUDE_SKILL_DIR}`",
        &["ls ${CLAUDE_SKILL_DIR}"],
    ),
    (
        SKILLS,
        "$ARGUMENTS is the text as typed",
        &[],
        "Review: $ARGUMENTS",
        "a.ts  \"b c\"",
        "Review: a.ts  \"b c\"",
        &[],
    ),
    (
        SKILLS,
        "no placeholder: ARGUMENTS: <value> appended",
        &[],
        "Review the diff",
        "a b",
        "Review the diff\n\nARGUMENTS: a b",
        &[],
    ),
    (
        SKILLS,
        "!`cmd` where the ! starts a word is a shell line",
        &[],
        "Status: !`git status`",
        "",
        "Status: !`git status`",
        &["git status"],
    ),
    (
        SKILLS,
        "KEY=!`x`: a ! inside a word is text",
        &[],
        "KEY=!`date` and x!`id`",
        "",
        "KEY=!`date` and x!`id`",
        &[],
    ),
    (
        SKILLS,
        "a ```! fenced block is one shell script",
        &[],
        "Before\n```!\ngit log -1\ngit status\n```\nAfter",
        "",
        "Before\n```!\ngit log -1\ngit status\n```\nAfter",
        &["git log -1\ngit status"],
    ),
    (
        SKILLS,
        "a fence that does not open a line is text",
        &[],
        "x ```!\nls\n```",
        "",
        "x ```!\nls\n```",
        &[],
    ),
    (
        SKILLS,
        "an unclosed ```! block is text",
        &[],
        "```!\nls",
        "",
        "```!\nls",
        &[],
    ),
    // Claude Code leaves argument values in shell lines as typed; Solidus always quotes them.
    (
        SKILLS,
        "argument values inside a fenced block (quoted by Solidus)",
        &[],
        "```!\ngrep -n $0 .\n```",
        "'a b'",
        "```!\ngrep -n 'a b' .\n```",
        &["grep -n 'a b' ."],
    ),
];

fn render(names: &[&str], body: &str, args: &str) -> Rendered {
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let r = render_command(
        Tool::Claude,
        body,
        "c",
        args,
        &names,
        &BTreeMap::new(),
        &BTreeMap::new(),
    );
    let joined: String = r.segments.iter().map(Segment::text).collect();
    assert_eq!(joined, r.text, "segments spell the text for {body:?}");
    r
}

#[test]
fn claude_expands_as_its_documentation_and_changelog_say() {
    for (source, what, names, body, args, text, shell) in EXPANSIONS {
        let r = render(names, body, args);
        assert!(r.ok, "{source}: {what}");
        assert_eq!(r.text, *text, "{source}: {what}");
        assert_eq!(r.shell, *shell, "{source}: {what}");
    }
}

#[test]
fn claude_reads_frontmatter_as_its_changelog_says() {
    let skill = |name: &str, fm: &str| {
        file(
            Provider::ClaudeSkills,
            &format!("{name}/SKILL.md"),
            &format!("---\n{fm}\n---\nBody of {name}"),
        )
    };
    let d = discover(&DiscoverInput {
        files: vec![
            skill("a", "user-invocable: no"),
            skill("b", "user-invocable: Off"),
            skill("c", "user-invocable: 0"),
            skill("d", "user-invocable: YES"),
            skill("e", "user-invocable: on\ndescription: 3000"),
            skill(
                "f",
                "allowed-tools: Bash(git add:*) Bash(git status:*) Read, Grep",
            ),
        ],
        ..DiscoverInput::default()
    });
    let names: Vec<&str> = d.commands.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        ["d", "e", "f"],
        "{LOG}: 2.1.218 yes/no/on/off/1/0 in any case are booleans"
    );
    assert_eq!(
        d.commands[1].description, "3000",
        "{LOG}: 2.1.47 a bare-number description is text"
    );
    assert_eq!(
        d.commands[2].allowed_tools,
        ["Bash(git add:*)", "Bash(git status:*)", "Read", "Grep"],
        "{SKILLS}: allowed-tools as a space-separated string"
    );
}

#[test]
fn claude_ends_a_name_at_a_tab_or_newline_and_fills_its_variables() {
    let d = discover(&DiscoverInput {
        files: vec![
            file(Provider::Claude, "review.md", "Review $ARGUMENTS"),
            file(
                Provider::ClaudeSkills,
                "lint/SKILL.md",
                "Run ${CLAUDE_SKILL_DIR}/lint.sh in ${CLAUDE_PROJECT_DIR}",
            ),
            candidate(
                Provider::Cursor,
                Scope::Project,
                "/p/.cursor/commands",
                "plain.md",
                "Plain",
            ),
        ],
        ..DiscoverInput::default()
    });
    let run = |text: &str| {
        let mut context = BTreeMap::new();
        context.insert("workspaceFolder".to_string(), "/p".to_string());
        d.expand(&ExpandRequest {
            text: text.into(),
            context,
            ..ExpandRequest::default()
        })
    };
    assert_eq!(run("/review\ta.ts").text, "Review a.ts", "{LOG}: 2.1.147");
    assert_eq!(
        run("/review\na.ts b").text,
        "Review a.ts b",
        "{LOG}: 2.1.147"
    );
    // Other tools' names still run to the first space.
    assert!(!run("/plain\tx").matched);
    assert_eq!(
        run("/lint").text,
        "Run /p/.claude/lint/lint.sh in /p",
        "{LOG}: 2.1.69 ${{CLAUDE_SKILL_DIR}}; 2.1.139 ${{CLAUDE_PROJECT_DIR}} (the skills page lists it for bodies too)"
    );
}

fn file(provider: Provider, path: &str, text: &str) -> CandidateFile {
    candidate(provider, Scope::Project, "/p/.claude", path, text)
}

#[test]
fn claude_names_skills_by_folder_and_reads_declared_arguments() {
    let d = discover(&DiscoverInput {
        files: vec![
            file(
                Provider::ClaudeSkills,
                "migrate/SKILL.md",
                "---\nname: Migrate Component\narguments:\n  - component\n  - target\n---\nMove $component to $target",
            ),
            file(
                Provider::Claude,
                "review.md",
                "---\narguments: file focus\n---\nReview $file for $focus",
            ),
        ],
        ..DiscoverInput::default()
    });
    let names: Vec<&str> = d.commands.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        ["migrate", "review"],
        "{LOG}: 2.1.149 (a skill's frontmatter name differs from its directory basename)"
    );
    assert_eq!(d.commands[0].arguments, ["component", "target"]);
    let run = |text: &str| {
        d.expand(&ExpandRequest {
            text: text.into(),
            ..ExpandRequest::default()
        })
        .text
    };
    assert_eq!(
        run("/migrate SearchBar Vue"),
        "Move SearchBar to Vue",
        "{SKILLS}"
    );
    assert_eq!(
        run("/review a.rs speed"),
        "Review a.rs for speed",
        "{SKILLS}"
    );
}
