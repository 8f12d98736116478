//! Stack detection from a folder's files, and each stack's pack: a bundle of everyday shell
//! commands (Rust: clippy, fmt, test; Node: install, test, lint; …) offered as `pack:<stack>:<name>`.
//!
//! A pack is on when its stack is found in any folder and off when the user lists its stack in
//! `disabled_packs`. Packs run workspace code, so they are withheld in untrusted workspaces.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::npm::Runner;
use super::{command_line, Folder, Os, RunSpec};
use solidus_model::item::{Item, ItemKind};

/// A detected stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ProjectStack"))]
#[serde(rename_all = "camelCase")]
pub struct Stack {
    /// `node`, `rust`, `python`, …: the key of `solidus.packs.<id>`.
    pub id: String,
    pub name: String,
    /// The tool found with it (`pnpm`, `uv`, `gradle`, …), from the first folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub tool: Option<String>,
    pub folders: Vec<String>,
    /// The files that gave it away.
    pub evidence: Vec<String>,
    pub pack_enabled: bool,
}

struct StackDef {
    id: &'static str,
    name: &'static str,
    markers: &'static [&'static str],
}

const STACKS: &[StackDef] = &[
    StackDef {
        id: "node",
        name: "Node",
        markers: &["package.json"],
    },
    StackDef {
        id: "deno",
        name: "Deno",
        markers: &["deno.json", "deno.jsonc"],
    },
    StackDef {
        id: "rust",
        name: "Rust",
        markers: &["Cargo.toml"],
    },
    StackDef {
        id: "python",
        name: "Python",
        markers: &[
            "pyproject.toml",
            "requirements.txt",
            "setup.py",
            "setup.cfg",
            "Pipfile",
            "uv.lock",
            "poetry.lock",
        ],
    },
    StackDef {
        id: "go",
        name: "Go",
        markers: &["go.mod", "go.work"],
    },
    StackDef {
        id: "java",
        name: "Java",
        markers: &[
            "pom.xml",
            "build.gradle",
            "build.gradle.kts",
            "settings.gradle",
            "settings.gradle.kts",
        ],
    },
    StackDef {
        id: "dotnet",
        name: ".NET",
        markers: &["*.sln", "*.slnx", "*.csproj", "*.fsproj", "*.vbproj"],
    },
    StackDef {
        id: "php",
        name: "PHP",
        markers: &["composer.json"],
    },
    StackDef {
        id: "ruby",
        name: "Ruby",
        markers: &["Gemfile"],
    },
    StackDef {
        id: "swift",
        name: "Swift",
        markers: &["Package.swift"],
    },
    StackDef {
        id: "elixir",
        name: "Elixir",
        markers: &["mix.exs"],
    },
    StackDef {
        id: "dart",
        name: "Dart",
        markers: &["pubspec.yaml"],
    },
    StackDef {
        id: "cmake",
        name: "C/C++ (CMake)",
        markers: &["CMakeLists.txt"],
    },
    StackDef {
        id: "docker",
        name: "Docker",
        markers: &[
            "compose.yaml",
            "compose.yml",
            "docker-compose.yml",
            "docker-compose.yaml",
            "Dockerfile",
        ],
    },
];

/// Files that change a pack's commands (a wrapper script, a lint config) without naming a stack.
const HINTS: &[&str] = &[
    "mvnw",
    "gradlew",
    "tsconfig.json",
    "eslint.config.js",
    "eslint.config.mjs",
    "eslint.config.cjs",
    "eslint.config.ts",
    ".eslintrc",
    ".eslintrc.js",
    ".eslintrc.cjs",
    ".eslintrc.json",
    ".eslintrc.yml",
    ".eslintrc.yaml",
    "biome.json",
    "biome.jsonc",
    "phpunit.xml",
    "phpunit.xml.dist",
    ".rspec",
    "Rakefile",
    "Pipfile.lock",
    "src/main.rs",
];

/// Patterns whose presence the core needs, for `files_to_read`.
pub fn presence_patterns() -> Vec<&'static str> {
    STACKS
        .iter()
        .flat_map(|s| s.markers.iter().copied())
        .chain(HINTS.iter().copied())
        .collect()
}

/// One command of a pack.
struct PackCommand {
    name: &'static str,
    label: &'static str,
    argv: Vec<String>,
}

/// A stack found in one folder, with that folder's pack commands.
pub(crate) struct Found {
    def: usize,
    folder: String,
    tool: Option<String>,
    evidence: Vec<String>,
    commands: Vec<PackCommand>,
}

/// Detects the stacks of one folder; `runner` is the Node runner `npm` chose, if any.
pub(crate) fn detect(folder: &Folder, runner: Option<Runner>, os: Os) -> Vec<Found> {
    let mut out = Vec::new();
    for (def, stack) in STACKS.iter().enumerate() {
        let evidence: Vec<String> = stack
            .markers
            .iter()
            .flat_map(|m| -> Vec<String> {
                if m.contains('*') {
                    folder.root_matches(m).map(str::to_string).collect()
                } else if folder.has(m) {
                    vec![m.to_string()]
                } else {
                    Vec::new()
                }
            })
            .collect();
        if evidence.is_empty() {
            continue;
        }
        let (tool, commands) = pack(stack.id, folder, runner, os);
        out.push(Found {
            def,
            folder: folder.name.to_string(),
            tool,
            evidence,
            commands,
        });
    }
    out
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn cmd(name: &'static str, label: &'static str, argv: &[&str]) -> PackCommand {
    PackCommand {
        name,
        label,
        argv: words(argv),
    }
}

/// The tool and commands of a stack's pack in one folder.
fn pack(
    id: &str,
    folder: &Folder,
    runner: Option<Runner>,
    os: Os,
) -> (Option<String>, Vec<PackCommand>) {
    let windows = os == Os::Windows;
    match id {
        "node" => {
            let runner = runner.unwrap_or(Runner::Npm);
            let r = runner.as_str();
            let exec: &[&str] = match runner {
                Runner::Npm => &["npx"],
                Runner::Pnpm => &["pnpm", "exec"],
                Runner::Yarn => &["yarn"],
                Runner::Bun => &["bunx"],
            };
            let with_exec = |rest: &[&'static str]| -> Vec<&'static str> { [exec, rest].concat() };
            let mut list = vec![cmd("install", "Install dependencies", &[r, "install"])];
            // `bun test` is Bun's own test runner, not the package's test script.
            list.push(if runner == Runner::Bun {
                cmd("test", "Run the test script", &["bun", "run", "test"])
            } else {
                cmd("test", "Run the test script", &[r, "test"])
            });
            if folder.has_match("{eslint.config.*,.eslintrc,.eslintrc.*}") {
                list.push(cmd(
                    "lint",
                    "Lint with ESLint",
                    &with_exec(&["eslint", "."]),
                ));
            } else if folder.has_match("biome.json{,c}") {
                list.push(cmd(
                    "lint",
                    "Check with Biome",
                    &with_exec(&["biome", "check", "."]),
                ));
            }
            if folder.has("tsconfig.json") {
                list.push(cmd(
                    "typecheck",
                    "Type-check with tsc",
                    &with_exec(&["tsc", "--noEmit"]),
                ));
            }
            list.push(cmd(
                "outdated",
                "List outdated dependencies",
                &[r, "outdated"],
            ));
            (Some(r.to_string()), list)
        }
        "deno" => (
            None,
            vec![
                cmd("test", "Run tests", &["deno", "test"]),
                cmd("lint", "Lint", &["deno", "lint"]),
                cmd("fmt", "Format", &["deno", "fmt"]),
            ],
        ),
        "rust" => (
            Some("cargo".to_string()),
            vec![
                cmd(
                    "check",
                    "Check every target",
                    &["cargo", "check", "--all-targets"],
                ),
                cmd(
                    "clippy",
                    "Lint every target with Clippy",
                    &["cargo", "clippy", "--all-targets"],
                ),
                cmd(
                    "fmt-check",
                    "Check formatting",
                    &["cargo", "fmt", "--all", "--check"],
                ),
                cmd(
                    "test",
                    "Test the whole workspace",
                    &["cargo", "test", "--workspace"],
                ),
                cmd(
                    "doc",
                    "Build and open the docs",
                    &["cargo", "doc", "--no-deps", "--open"],
                ),
                cmd("update", "Update Cargo.lock", &["cargo", "update"]),
            ],
        ),
        "python" => {
            let python = if windows { "python" } else { "python3" };
            let (tool, prefix): (&str, &[&str]) = if folder.has("uv.lock") {
                ("uv", &["uv", "run"])
            } else if folder.has("poetry.lock") {
                ("poetry", &["poetry", "run"])
            } else if folder.has("Pipfile") {
                ("pipenv", &["pipenv", "run"])
            } else {
                ("pip", &[])
            };
            let run = |rest: &[&'static str]| -> Vec<&'static str> { [prefix, rest].concat() };
            let mut list = vec![
                if prefix.is_empty() {
                    cmd("pytest", "Run tests with pytest", &[python, "-m", "pytest"])
                } else {
                    cmd("pytest", "Run tests with pytest", &run(&["pytest"]))
                },
                cmd("ruff", "Lint with Ruff", &run(&["ruff", "check", "."])),
                cmd(
                    "ruff-format",
                    "Format with Ruff",
                    &run(&["ruff", "format", "."]),
                ),
            ];
            match tool {
                "uv" => list.push(cmd("install", "Install dependencies", &["uv", "sync"])),
                "poetry" => list.push(cmd(
                    "install",
                    "Install dependencies",
                    &["poetry", "install"],
                )),
                "pipenv" => list.push(cmd(
                    "install",
                    "Install dependencies",
                    &["pipenv", "install", "--dev"],
                )),
                _ => {
                    list.push(cmd(
                        "venv",
                        "Create a virtual environment",
                        &[python, "-m", "venv", ".venv"],
                    ));
                    if folder.has("requirements.txt") {
                        list.push(cmd(
                            "install",
                            "Install requirements",
                            &[python, "-m", "pip", "install", "-r", "requirements.txt"],
                        ));
                    } else if folder.has("pyproject.toml") || folder.has("setup.py") {
                        list.push(cmd(
                            "install",
                            "Install the project (editable)",
                            &[python, "-m", "pip", "install", "-e", "."],
                        ));
                    }
                }
            }
            (Some(tool.to_string()), list)
        }
        "go" => (
            None,
            vec![
                cmd("test", "Test all packages", &["go", "test", "./..."]),
                cmd("vet", "Vet all packages", &["go", "vet", "./..."]),
                cmd("build", "Build all packages", &["go", "build", "./..."]),
                cmd("fmt", "Format all packages", &["go", "fmt", "./..."]),
                cmd("tidy", "Tidy go.mod", &["go", "mod", "tidy"]),
            ],
        ),
        "java" => {
            if folder.has("pom.xml") {
                let mvn = match (folder.has("mvnw"), windows) {
                    (true, true) => ".\\mvnw.cmd",
                    (true, false) => "./mvnw",
                    _ => "mvn",
                };
                (
                    Some("maven".to_string()),
                    vec![
                        cmd("test", "Run tests", &[mvn, "test"]),
                        cmd("package", "Package", &[mvn, "package"]),
                        cmd("verify", "Verify", &[mvn, "verify"]),
                        cmd("clean", "Clean", &[mvn, "clean"]),
                    ],
                )
            } else {
                let gradle = match (folder.has("gradlew"), windows) {
                    (true, true) => ".\\gradlew.bat",
                    (true, false) => "./gradlew",
                    _ => "gradle",
                };
                (
                    Some("gradle".to_string()),
                    vec![
                        cmd("test", "Run tests", &[gradle, "test"]),
                        cmd("build", "Build", &[gradle, "build"]),
                        cmd("clean", "Clean", &[gradle, "clean"]),
                    ],
                )
            }
        }
        "dotnet" => (
            Some("dotnet".to_string()),
            vec![
                cmd("build", "Build", &["dotnet", "build"]),
                cmd("test", "Run tests", &["dotnet", "test"]),
                cmd("run", "Run", &["dotnet", "run"]),
                cmd("format", "Format", &["dotnet", "format"]),
                cmd("restore", "Restore packages", &["dotnet", "restore"]),
            ],
        ),
        "php" => {
            let mut list = vec![
                cmd("install", "Install dependencies", &["composer", "install"]),
                cmd("update", "Update dependencies", &["composer", "update"]),
            ];
            if folder.has("phpunit.xml") || folder.has("phpunit.xml.dist") {
                let phpunit = if windows {
                    "vendor\\bin\\phpunit"
                } else {
                    "vendor/bin/phpunit"
                };
                list.push(cmd("phpunit", "Run tests with PHPUnit", &[phpunit]));
            }
            (Some("composer".to_string()), list)
        }
        "ruby" => {
            let mut list = vec![cmd("install", "Install gems", &["bundle", "install"])];
            if folder.has(".rspec") {
                list.push(cmd("rspec", "Run specs", &["bundle", "exec", "rspec"]));
            } else if folder.has("Rakefile") {
                list.push(cmd(
                    "test",
                    "Run tests",
                    &["bundle", "exec", "rake", "test"],
                ));
            }
            list.push(cmd(
                "rubocop",
                "Lint with RuboCop",
                &["bundle", "exec", "rubocop"],
            ));
            (Some("bundler".to_string()), list)
        }
        "swift" => (
            None,
            vec![
                cmd("build", "Build", &["swift", "build"]),
                cmd("test", "Run tests", &["swift", "test"]),
            ],
        ),
        "elixir" => (
            Some("mix".to_string()),
            vec![
                cmd("deps", "Fetch dependencies", &["mix", "deps.get"]),
                cmd("test", "Run tests", &["mix", "test"]),
                cmd("format", "Format", &["mix", "format"]),
            ],
        ),
        "dart" => (
            None,
            vec![
                cmd("get", "Fetch dependencies", &["dart", "pub", "get"]),
                cmd("test", "Run tests", &["dart", "test"]),
                cmd("analyze", "Analyze", &["dart", "analyze"]),
                cmd("format", "Format", &["dart", "format", "."]),
            ],
        ),
        "cmake" => (
            None,
            vec![
                cmd(
                    "configure",
                    "Configure into build/",
                    &["cmake", "-S", ".", "-B", "build"],
                ),
                cmd("build", "Build build/", &["cmake", "--build", "build"]),
                cmd(
                    "test",
                    "Run tests with CTest",
                    &["ctest", "--test-dir", "build"],
                ),
            ],
        ),
        "docker" => {
            if folder.has_match("{compose.yaml,compose.yml,docker-compose.yml,docker-compose.yaml}")
            {
                (
                    Some("compose".to_string()),
                    vec![
                        cmd(
                            "up",
                            "Start the services",
                            &["docker", "compose", "up", "-d"],
                        ),
                        cmd("down", "Stop the services", &["docker", "compose", "down"]),
                        cmd(
                            "build",
                            "Build the services",
                            &["docker", "compose", "build"],
                        ),
                        cmd(
                            "logs",
                            "Follow the logs",
                            &["docker", "compose", "logs", "-f"],
                        ),
                    ],
                )
            } else {
                (
                    None,
                    vec![cmd("build", "Build the image", &["docker", "build", "."])],
                )
            }
        }
        _ => (None, Vec::new()),
    }
}

/// Every command line any pack would run, to spot scripts that repeat one.
pub(crate) fn pack_argvs(found: &[Found]) -> HashSet<&[String]> {
    found
        .iter()
        .flat_map(|f| f.commands.iter().map(|c| c.argv.as_slice()))
        .collect()
}

/// Merges what each folder found into one stack per id, in table order.
pub(crate) fn merge(found: &[Found], disabled: &[String]) -> Vec<Stack> {
    let mut stacks: Vec<Stack> = Vec::new();
    for (def_index, def) in STACKS.iter().enumerate() {
        let mut mine = found.iter().filter(|f| f.def == def_index).peekable();
        let Some(first) = mine.peek() else {
            continue;
        };
        let tool = first.tool.clone();
        let mut stack = Stack {
            id: def.id.to_string(),
            name: def.name.to_string(),
            tool,
            folders: Vec::new(),
            evidence: Vec::new(),
            pack_enabled: !disabled
                .iter()
                .any(|d| d.trim().eq_ignore_ascii_case(def.id)),
        };
        for f in mine {
            stack.folders.push(f.folder.clone());
            for e in &f.evidence {
                if !stack.evidence.contains(e) {
                    stack.evidence.push(e.clone());
                }
            }
        }
        stacks.push(stack);
    }
    stacks
}

/// Pack items of enabled stacks. A command runs in every folder where the stack was found with
/// the same command line; one a folder's scripts already offer (same words, root directory) is
/// left out there, so nothing is listed twice.
pub(crate) fn pack_items(
    stacks: &[Stack],
    found: &[Found],
    os: Os,
    script_lines: &HashSet<(String, String, Vec<String>)>,
) -> Vec<(Item, RunSpec)> {
    let mut out = Vec::new();
    for (def_index, def) in STACKS.iter().enumerate() {
        if !stacks.iter().any(|s| s.id == def.id && s.pack_enabled) {
            continue;
        }
        let mine: Vec<&Found> = found.iter().filter(|f| f.def == def_index).collect();
        let mut names: Vec<&'static str> = Vec::new();
        for f in &mine {
            for c in &f.commands {
                if !names.contains(&c.name) {
                    names.push(c.name);
                }
            }
        }
        for name in names {
            let mut chosen: Option<&PackCommand> = None;
            let mut folders = Vec::new();
            for f in &mine {
                let Some(c) = f.commands.iter().find(|c| c.name == name) else {
                    continue;
                };
                if script_lines.contains(&(f.folder.clone(), String::new(), c.argv.clone())) {
                    continue;
                }
                match chosen {
                    None => chosen = Some(c),
                    Some(first) if first.argv != c.argv => continue,
                    Some(_) => {}
                }
                folders.push(f.folder.clone());
            }
            let Some(c) = chosen else {
                continue;
            };
            let id = format!("pack:{}:{}", def.id, c.name);
            let line = command_line(&c.argv, os);
            let title = format!("{}: {}", def.name, c.label);
            let mut keywords = vec![def.id.to_string(), "pack".to_string()];
            keywords.extend(c.argv.first().cloned());
            out.push((
                solidus_guard::classified(Item {
                    id: id.clone(),
                    kind: ItemKind::Pack,
                    title: title.clone(),
                    detail: Some(line.clone()),
                    keywords,
                    source: format!("pack:{}", def.id),
                    ..Item::default()
                }),
                RunSpec {
                    id,
                    folders,
                    cwd: String::new(),
                    argv: c.argv.clone(),
                    command_line: line,
                    params: Vec::new(),
                    terminal_name: title,
                },
            ));
        }
    }
    out
}

/// The stacks in words for /do's context line: `Node (pnpm), Rust (cargo)`.
pub fn context_line(stacks: &[Stack]) -> String {
    names(stacks).join(", ")
}

/// Each stack in words: `Node (pnpm)`, `Rust (cargo)`.
pub fn names(stacks: &[Stack]) -> Vec<String> {
    stacks
        .iter()
        .map(|s| match &s.tool {
            Some(tool) => format!("{} ({tool})", s.name),
            None => s.name.clone(),
        })
        .collect()
}
