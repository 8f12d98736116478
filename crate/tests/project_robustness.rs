//! Arbitrary input never panics the project parsers, the glob matcher or `build_project`, and
//! the quoting of names really keeps them one word in a POSIX shell.
//!
//! A small deterministic generator stands in for a fuzzer, as in `robustness.rs`.

mod xorshift;
use xorshift::Rng;

use std::collections::HashSet;

use serde_json::Value;
use solidus_core::project::{
    build_project, cargo, composer, deno, files_to_read, glob, just, make, npm,
    parse_custom_commands, quote_arg, FileInput, FolderInput, Known, Os, ProjectInput, TaskInput,
};
use solidus_core::{Effect, ItemKind, SettingSchema};

impl Rng {
    fn text(&mut self, pieces: &[&str], max: usize) -> String {
        let len = self.below(max + 1);
        (0..len).map(|_| self.pick(pieces)).collect()
    }
}

const COMMON: &[&str] = &[
    "\n", " ", "\t", "\\", "\\\n", "\r\n", "#", "a", "build", "é", "😀", "\u{0}", "\"", "'", "`",
    "$", "(", ")", "{", "}", "[", "]", ":", "=", ",", "-", "*", "?", "/", "..", "\u{feff}",
];

const JSON: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "\"scripts\"",
    "\"name\"",
    "\"workspaces\"",
    "\"packages\"",
    "\"packageManager\"",
    "\"pnpm@9\"",
    "\"tasks\"",
    "\"command\"",
    "\"dependencies\"",
    "\"workspace\"",
    "\"scripts-descriptions\"",
    "\"build\"",
    "\"packages/*\"",
    "\"!x\"",
    "1",
    "null",
    "true",
    "//",
    "/*",
    "*/",
    "\"a\"",
    "\"\\n\"",
    "\"\\u0000\"",
];

const MAKE: &[&str] = &[
    "all:",
    "build: dep",
    "\t@echo hi",
    "\n",
    "\\\n",
    "%.o: %.c",
    ".PHONY: all",
    "X := 1",
    "Y ?= 2",
    "$(X):",
    "define A",
    "endef",
    "ifeq (a,b)",
    "else",
    "endif",
    "export Z = 1",
    "t: V = 1",
    " ; echo",
    "## doc",
    "# c",
    ".RECIPEPREFIX = >",
    "> echo",
    "include x.mk",
    "a b c",
    "$(eval x)",
    "::",
    "&:",
];

const JUST: &[&str] = &[
    "build:",
    "deploy env target='x' +rest:",
    "\n",
    "    echo {{x}}",
    "[private]",
    "[linux]",
    "[doc('d')]",
    "[group: 'g']",
    "alias b := build",
    "set shell := [\"bash\", \"-c\"]",
    "x := '1'",
    "y := if a == b {",
    "}",
    "# doc",
    "@quiet:",
    "_hidden:",
    "*args",
    "$env",
    "=(",
    "'''",
    "\"",
    "import 'x'",
    "mod m",
    "export A := 'b'",
    "#!/bin/sh",
    "&&",
    "name=arch()",
];

const TOML: &[&str] = &[
    "[package]",
    "[workspace]",
    "[[bin]]",
    "name = \"x\"",
    "members = [\"crates/*\"]",
    "exclude = [\"a\"]",
    "\n",
    "[",
    "]",
    "=",
    "\"",
    "'''",
    "a.b = 1",
    "x = { y = [1, 2] }",
    "1979-05-27",
    "0x1F",
    "1_000",
    "inf",
    "nan",
    "members = 3",
    "[workspace.package]",
    "# c",
];

const YAML: &[&str] = &[
    "packages:",
    "\n",
    "  - ",
    "'packages/*'",
    "\"apps/**\"",
    "!x",
    "[",
    "]",
    "{",
    "}",
    "a: b",
    "---",
    "&anchor",
    "*anchor",
    "- - -",
    "? ",
    "|",
    ">",
    "#",
    "\t",
];

const PATHS: &[&str] = &[
    "package.json",
    "pnpm-workspace.yaml",
    "Makefile",
    "makefile",
    "GNUmakefile",
    "justfile",
    ".justfile",
    "Cargo.toml",
    "deno.json",
    "deno.jsonc",
    "composer.json",
    "yarn.lock",
    "pnpm-lock.yaml",
    "bun.lockb",
    "packages/a/package.json",
    "packages/b/package.json",
    "crates/a/Cargo.toml",
    "crates/a/src/main.rs",
    "add/deno.json",
    "go.mod",
    "App.csproj",
    "../x",
    "/abs/package.json",
    "./package.json",
    "a\\b\\package.json",
    "",
    "node_modules/x/package.json",
];

fn grammar(rng: &mut Rng) -> &'static [&'static str] {
    match rng.below(6) {
        0 => JSON,
        1 => MAKE,
        2 => JUST,
        3 => TOML,
        4 => YAML,
        _ => COMMON,
    }
}

/// Lines of grammar pieces and common noise, so whole statements and broken ones both appear.
fn document(rng: &mut Rng) -> String {
    let pieces = grammar(rng);
    let lines = rng.below(12);
    (0..lines)
        .map(|_| {
            let mut line = rng.text(pieces, 4);
            line.push_str(&rng.text(COMMON, 2));
            line.push('\n');
            line
        })
        .collect()
}

/// A well-formed file for a path, with random (often hostile) names, sometimes damaged.
fn templated(rng: &mut Rng, path: &str) -> String {
    const NAMES: &[&str] = &[
        "build",
        "lint:fix",
        "a b",
        "x;rm -rf ~",
        "$(id)",
        "é😀",
        "_p",
        "-x",
        "",
        "t\u{0}",
        "@s/w",
    ];
    let name = rng.pick(NAMES);
    let other = rng.pick(NAMES);
    let json_name = serde_json::to_string(name).unwrap_or_default();
    let json_other = serde_json::to_string(other).unwrap_or_default();
    let file = path.rsplit('/').next().unwrap_or(path);
    let mut text = match file {
        "package.json" => format!(
            r#"{{"name": {json_name}, "packageManager": "yarn@4", "workspaces": ["packages/*"], "scripts": {{{json_name}: "echo 1", {json_other}: "echo 2"}}}}"#
        ),
        "Makefile" | "makefile" | "GNUmakefile" => {
            format!("{name}: {other}\n\t@echo {name}\n{other}:\n\ttrue\n")
        }
        "justfile" | ".justfile" => {
            format!("# doc\n{name} a b='x' +c:\n    echo {{{{a}}}}\n{other}:\n    true\n")
        }
        "Cargo.toml" => {
            format!("[package]\nname = {json_name}\n[workspace]\nmembers = [\"crates/*\"]\n")
        }
        "deno.json" | "deno.jsonc" => {
            format!(r#"{{"tasks": {{{json_name}: "deno run a.ts"}}, "workspace": ["./add"]}}"#)
        }
        "composer.json" => format!(r#"{{"scripts": {{{json_name}: ["a", "b"]}}}}"#),
        "pnpm-workspace.yaml" => "packages:\n  - 'packages/*'\n".to_string(),
        _ => String::new(),
    };
    if rng.below(3) == 0 && !text.is_empty() {
        let mut at = rng.below(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        text.insert_str(at, rng.pick(COMMON));
    }
    text
}

#[test]
fn every_parser_survives_arbitrary_text() {
    let mut rng = Rng(0x9e37_79b9);
    for _ in 0..4_000 {
        let text = document(&mut rng);
        let _ = npm::parse_package_json(&text);
        let _ = npm::parse_pnpm_workspace(&text);
        let _ = make::parse_makefile(&text);
        let _ = just::parse_justfile(&text);
        let _ = cargo::parse_manifest(&text);
        let _ = deno::parse_deno(&text);
        let _ = composer::parse_composer(&text);
        let path = rng.pick(PATHS);
        let sample = templated(&mut rng, path);
        let _ = npm::parse_package_json(&sample);
        let _ = make::parse_makefile(&sample);
        let _ = just::parse_justfile(&sample);
        let _ = cargo::parse_manifest(&sample);
    }
}

#[test]
fn glob_matching_survives_arbitrary_patterns() {
    let mut rng = Rng(0x610b);
    const GLOB: &[&str] = &[
        "*", "**", "?", "[", "]", "!", "^", "-", "{", "}", ",", "/", "a", "b", ".", "é", "\\",
    ];
    for _ in 0..20_000 {
        let pattern = rng.text(GLOB, 12);
        let path = rng.text(GLOB, 12);
        let _ = glob::matches(&pattern, &path);
    }
    // Many stars and braces stay cheap rather than exponential.
    let hostile = format!("{}b", "**/".repeat(60));
    assert!(!glob::matches(&hostile, &"a/".repeat(100)));
    let braces = "{a,b}".repeat(30);
    assert!(!glob::matches(&braces, "c"));
}

fn random_json(rng: &mut Rng, depth: u8) -> Value {
    const KEYS: &[&str] = &[
        "name",
        "steps",
        "command",
        "args",
        "setting",
        "value",
        "terminal",
        "description",
        "x",
    ];
    const STRINGS: &[&str] = &[
        "editor.fontSize",
        "editor.action.formatDocument",
        "npm test",
        "",
        "a\nb",
        "é",
    ];
    match rng.below(if depth > 2 { 5 } else { 7 }) {
        0 => Value::Null,
        1 => Value::Bool(rng.below(2) == 0),
        2 => serde_json::json!(rng.below(300) as f64 - 20.5),
        3 | 4 => Value::String(rng.pick(STRINGS).to_string()),
        5 => Value::Object(
            (0..rng.below(4))
                .map(|_| (rng.pick(KEYS).to_string(), random_json(rng, depth + 1)))
                .collect(),
        ),
        _ => Value::Array(
            (0..rng.below(4))
                .map(|_| random_json(rng, depth + 1))
                .collect(),
        ),
    }
}

#[test]
fn build_project_survives_arbitrary_workspaces() {
    let mut rng = Rng(0x5eed_1234);
    let font = SettingSchema::from_json(&serde_json::json!({"type": "number", "minimum": 6}), None);
    let mut known = Known::new();
    known.add_command("editor.action.formatDocument", Effect::Safe);
    known.add_setting("editor.fontSize", &font);
    let (mut scripts_seen, mut warnings_seen) = (0, 0);
    for round in 0..1_500 {
        let folders: Vec<FolderInput> = (0..rng.below(3) + 1)
            .map(|_| FolderInput {
                name: rng.text(&["a", "b", ":", "%", " ", "é"], 3),
                root: String::new(),
                files: (0..rng.below(6))
                    .map(|_| {
                        let path = rng.pick(PATHS);
                        let text = if rng.below(2) == 0 {
                            templated(&mut rng, path)
                        } else {
                            document(&mut rng)
                        };
                        FileInput {
                            path: path.to_string(),
                            text,
                        }
                    })
                    .collect(),
                entries: {
                    let mut entries: Vec<String> = (0..rng.below(4))
                        .map(|_| rng.text(&["a", "*", "/", ".", "json", "é"], 3))
                        .collect();
                    entries.push(rng.pick(PATHS).to_string());
                    entries
                },
            })
            .collect();
        let input = ProjectInput {
            folders,
            trusted: rng.below(4) != 0,
            os: [Os::Linux, Os::Macos, Os::Windows][rng.below(3)],
            disabled_packs: vec![rng.pick(&["node", "rust", ""]).to_string()],
            custom_commands: Some(random_json(&mut rng, 0)),
            tasks: (0..rng.below(4))
                .map(|_| TaskInput {
                    name: rng.text(COMMON, 3),
                    source: rng
                        .pick(&["Workspace", "npm", "", "gulp", "a:b"])
                        .to_string(),
                    folder: rng.pick(&["app", "", "x:y", "zz"]).to_string(),
                    detail: rng.text(COMMON, 4),
                })
                .collect(),
        };
        let _ = files_to_read(&input);
        let catalog = build_project(&input, &known);
        let mut ids = HashSet::new();
        for item in &catalog.items {
            assert!(
                ids.insert(item.id.as_str()),
                "round {round}: {} twice",
                item.id
            );
            // A script runs either from a command line or as a VS Code task, never both.
            let runs = catalog.runs.iter().filter(|r| r.id == item.id).count()
                + catalog.tasks.iter().filter(|t| t.id == item.id).count();
            let runs_in_terminal = matches!(
                item.kind,
                ItemKind::Script | ItemKind::Pack | ItemKind::Terminal
            );
            assert_eq!(
                runs,
                usize::from(runs_in_terminal),
                "round {round}: {}",
                item.id
            );
            if item.kind == ItemKind::Script {
                assert!(input.trusted && item.from_workspace && item.risk == Effect::ReachesShell);
                scripts_seen += 1;
            }
        }
        warnings_seen += catalog.warnings.len();
        let _ = parse_custom_commands(&random_json(&mut rng, 0), &known);
    }
    // The generator reaches both the happy and the broken paths.
    assert!(
        scripts_seen > 100 && warnings_seen > 100,
        "{scripts_seen} scripts, {warnings_seen} warnings"
    );
}

#[test]
fn posix_quoting_keeps_any_name_one_literal_word() {
    let sh = std::path::Path::new("/bin/sh");
    assert!(sh.exists(), "this test needs /bin/sh");
    let mut rng = Rng(0x0bad_5eed);
    const NASTY: &[&str] = &[
        "a", " ", "'", "\"", "`", "$", "$(id)", "${HOME}", "\\", ";", "&", "|", "<", ">", "*", "?",
        "~", "#", "!", "=", "%", "@", "\t", "\n", "é", "😀", "-", "--", "{a,b}", "[x]",
    ];
    for _ in 0..300 {
        let arg = rng.text(NASTY, 6);
        let script = format!("printf '%s' {}", quote_arg(&arg, Os::Linux));
        let output = std::process::Command::new(sh)
            .arg("-c")
            .arg(&script)
            .env_clear()
            .output()
            .expect("sh runs");
        assert_eq!(String::from_utf8_lossy(&output.stdout), arg, "{script}");
    }
}
