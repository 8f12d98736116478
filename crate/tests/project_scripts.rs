//! Project scripts from real-world shaped files: package.json (with workspaces and runners),
//! Makefile, justfile, Cargo, Deno and Composer; broken files, multi-root, trust, and ids.

mod project_common;

use project_common::{build, expect, folder, input, rows, warnings};
use solidus_core::project::{files_to_read, FolderRequest, Os, ProjectInput, RootRequest};
use solidus_core::{Effect, EnterAction, ItemKind};

const PNPM_ROOT: &str = r#"{
  "name": "acme",
  "private": true,
  "packageManager": "pnpm@9.12.0+sha512.4abf",
  "workspaces": ["packages/*", "apps/*", "!packages/legacy"],
  "scripts": {
    "build": "turbo run build",
    "lint:fix": "eslint . --fix"
  }
}"#;

fn monorepo(extra: &[(&'static str, &'static str)]) -> ProjectInput {
    let mut files = vec![
        ("package.json", PNPM_ROOT),
        ("packages/ui/package.json", r#"{"name": "@acme/ui", "scripts": {"test": "vitest run", "build": "tsup src/index.ts --dts"}}"#),
        ("packages/legacy/package.json", r#"{"name": "legacy", "scripts": {"build": "gulp"}}"#),
        ("packages/ui/node_modules/left-pad/package.json", r#"{"name": "left-pad", "scripts": {"x": "y"}}"#),
        ("apps/web/package.json", "{\n  \"name\": \"web\",\n  \"scripts\": {\n    \"dev\": \"next dev\\n  --turbo\"\n  }\n}"),
        ("apps/broken/package.json", "{ \"name\": \"broken\", "),
        ("tools/package.json", r#"{"name": "tools", "scripts": {"gen": "node gen.js"}}"#),
    ];
    files.extend_from_slice(extra);
    input(vec![folder("acme", &files)])
}

#[test]
fn npm_workspaces_give_one_item_per_member_script_with_the_runner() {
    let catalog = build(&monorepo(&[("pnpm-lock.yaml", "")]));
    assert_eq!(
        rows(&catalog, "script:npm:"),
        expect(&[
            (
                "script:npm:acme:.:build",
                "pnpm: build",
                "turbo run build",
                "pnpm run build",
                ""
            ),
            (
                "script:npm:acme:.:lint:fix",
                "pnpm: lint:fix",
                "eslint . --fix",
                "pnpm run lint:fix",
                ""
            ),
            (
                "script:npm:acme:apps/web:dev",
                "web: dev",
                "next dev --turbo",
                "pnpm --filter web run dev",
                ""
            ),
            (
                "script:npm:acme:packages/ui:build",
                "@acme/ui: build",
                "tsup src/index.ts --dts",
                "pnpm --filter @acme/ui run build",
                ""
            ),
            (
                "script:npm:acme:packages/ui:test",
                "@acme/ui: test",
                "vitest run",
                "pnpm --filter @acme/ui run test",
                ""
            ),
        ])
    );
    let broken = warnings(&catalog);
    assert_eq!(broken.len(), 1, "{broken:?}");
    assert!(broken[0].starts_with("acme/apps/broken/package.json: not valid JSON, skipped"));
    let item = catalog
        .items
        .iter()
        .find(|i| i.id == "script:npm:acme:apps/web:dev")
        .unwrap();
    assert_eq!(item.kind, ItemKind::Script);
    assert_eq!(item.action, EnterAction::Run);
    assert_eq!(item.risk, Effect::ReachesShell);
    assert!(item.from_workspace);
    assert!(item.keywords.contains(&"web".to_string()));
}

/// Lockfiles, `packageManager`, root command, member command, member cwd, whether it warns.
type RunnerCase<'a> = (
    &'a [&'a str],
    Option<&'a str>,
    &'a str,
    &'a str,
    &'a str,
    bool,
);

#[test]
fn runners_follow_package_manager_then_lockfiles() {
    let plain = |name: &str, pm: Option<&str>| {
        let pm = pm
            .map(|p| format!(r#""packageManager": "{p}","#))
            .unwrap_or_default();
        format!(
            r#"{{"name": "{name}", {pm} "workspaces": ["pkgs/*"], "scripts": {{"build": "tsc"}}}}"#
        )
    };
    let table: &[RunnerCase] = &[
        (
            &[],
            None,
            "npm run build",
            "npm run build --workspace=pkgs/a",
            "",
            false,
        ),
        (
            &["package-lock.json"],
            None,
            "npm run build",
            "npm run build --workspace=pkgs/a",
            "",
            false,
        ),
        (
            &["npm-shrinkwrap.json"],
            None,
            "npm run build",
            "npm run build --workspace=pkgs/a",
            "",
            false,
        ),
        (
            &["pnpm-lock.yaml"],
            None,
            "pnpm run build",
            "pnpm --filter a run build",
            "",
            false,
        ),
        (
            &["yarn.lock"],
            None,
            "yarn build",
            "yarn workspace a run build",
            "",
            false,
        ),
        (
            &["bun.lockb"],
            None,
            "bun run build",
            "bun run --filter a build",
            "",
            false,
        ),
        (
            &["bun.lock"],
            None,
            "bun run build",
            "bun run --filter a build",
            "",
            false,
        ),
        (
            &["pnpm-workspace.yaml"],
            None,
            "pnpm run build",
            "pnpm --filter a run build",
            "",
            false,
        ),
        (
            &["yarn.lock", "package-lock.json"],
            None,
            "yarn build",
            "yarn workspace a run build",
            "",
            true,
        ),
        (
            &["package-lock.json"],
            Some("yarn@4.5.0"),
            "yarn build",
            "yarn workspace a run build",
            "",
            false,
        ),
        (
            &["yarn.lock"],
            Some("bun@1.1.30"),
            "bun run build",
            "bun run --filter a build",
            "",
            false,
        ),
        (
            &["yarn.lock"],
            Some("rush@5.0.0"),
            "yarn build",
            "yarn workspace a run build",
            "",
            true,
        ),
    ];
    for (locks, pm, root_line, member_line, member_cwd, warns) in table {
        let root = plain("mono", *pm);
        let mut files: Vec<(&str, &str)> = vec![
            ("package.json", root.as_str()),
            (
                "pkgs/a/package.json",
                r#"{"name": "a", "scripts": {"build": "tsc -b"}}"#,
            ),
        ];
        files.extend(locks.iter().map(|l| (*l, "")));
        let catalog = build(&input(vec![folder("m", &files)]));
        let root_run = catalog.run("script:npm:m:.:build").expect("root script");
        let member_run = catalog
            .run("script:npm:m:pkgs/a:build")
            .expect("member script");
        assert_eq!(root_run.command_line, *root_line, "{locks:?} {pm:?}");
        assert_eq!(member_run.command_line, *member_line, "{locks:?} {pm:?}");
        assert_eq!(member_run.cwd, *member_cwd);
        assert_eq!(
            !catalog.warnings.is_empty(),
            *warns,
            "{locks:?} {pm:?}: {:?}",
            catalog.warnings
        );
    }
}

#[test]
fn unnamed_members_and_yarn_object_workspaces() {
    let catalog = build(&input(vec![folder(
        "y",
        &[
            (
                "package.json",
                r#"{"workspaces": {"packages": ["./libs/**"], "nohoist": ["**/x"]}}"#,
            ),
            ("yarn.lock", ""),
            (
                "libs/deep/one/package.json",
                r#"{"scripts": {"test": "jest"}}"#,
            ),
            (
                "libs/two/package.json",
                r#"{"name": "two", "scripts": {"install": "node-gyp rebuild"}}"#,
            ),
        ],
    )]));
    assert_eq!(
        rows(&catalog, "script:npm:"),
        expect(&[
            // Yarn picks workspaces by name, so an unnamed one runs in its own directory.
            (
                "script:npm:y:libs/deep/one:test",
                "libs/deep/one: test",
                "jest",
                "yarn run test",
                "libs/deep/one"
            ),
            (
                "script:npm:y:libs/two:install",
                "two: install",
                "node-gyp rebuild",
                "yarn workspace two run install",
                ""
            ),
        ])
    );
}

#[test]
fn package_json_oddities_are_warnings_not_failures() {
    let catalog = build(&input(vec![folder(
        "odd",
        &[(
            "package.json",
            "\u{feff}{\"name\": 7, \"scripts\": {\"ok\": \"echo ok\", \"num\": 3, \"-x\": \"y\", \"a b\": \"echo spaced\", \"\": \"e\"}, \"workspaces\": \"packages/*\"}",
        )],
    )]));
    assert_eq!(
        rows(&catalog, "script:npm:"),
        expect(&[
            (
                "script:npm:odd:.:a b",
                "npm: a b",
                "echo spaced",
                "npm run 'a b'",
                ""
            ),
            (
                "script:npm:odd:.:ok",
                "npm: ok",
                "echo ok",
                "npm run ok",
                ""
            ),
        ])
    );
    assert_eq!(
        warnings(&catalog),
        [
            "odd/package.json: name is not a string, ignored",
            "odd/package.json: script num is not a string, skipped",
            "odd/package.json: workspaces is not a list of globs, ignored",
            "odd/package.json: a script has an empty name, skipped",
            "odd/package.json: a script has a name starting with '-', which would read as an option, skipped",
        ]
    );
}

const MAKEFILE: &str = "# Project Makefile
SHELL := /bin/bash
VERSION ?= $(shell git describe --tags 2>/dev/null)
GO_FILES = $(wildcard *.go) \\
           $(wildcard cmd/*.go)
export PATH := $(PWD)/bin:$(PATH)

.PHONY: all build test clean help

all: build test ## Build and test

## Compile the binary
build: $(GO_FILES)
\t@echo \"building $(VERSION)\"
\tgo build -o bin/app \\
\t  ./cmd/app

test:
\tgo test ./...

%.o: %.c
\t$(CC) -c $< -o $@

$(BIN_DIR)/tool: tool.go
\tgo build -o $@ $<

docker-build docker-push: ; docker compose $(subst docker-,,$@)

clean:
\t-rm -rf bin/ # remove outputs

lint: CFLAGS += -Wall
lint: \\
    vet
\tgolangci-lint run

define HELP_TEXT
Usage: make [target]
  fake: target
endef

ifeq ($(OS),Windows_NT)
win-only:
\techo windows
else
unix-only:
\techo unix
endif

.DEFAULT_GOAL := build
";

#[test]
fn makefile_targets_skip_patterns_specials_variables_and_defines() {
    let catalog = build(&input(vec![folder("go", &[("Makefile", MAKEFILE)])]));
    assert_eq!(
        rows(&catalog, "script:make:"),
        expect(&[
            (
                "script:make:go:all",
                "make: all",
                "needs build test",
                "make all",
                ""
            ),
            (
                "script:make:go:build",
                "make: build",
                "echo \"building $(VERSION)\" && go build -o bin/app ./cmd/app",
                "make build",
                ""
            ),
            (
                "script:make:go:test",
                "make: test",
                "go test ./...",
                "make test",
                ""
            ),
            (
                "script:make:go:docker-build",
                "make: docker-build",
                "docker compose $(subst docker-,,$@)",
                "make docker-build",
                ""
            ),
            (
                "script:make:go:docker-push",
                "make: docker-push",
                "docker compose $(subst docker-,,$@)",
                "make docker-push",
                ""
            ),
            (
                "script:make:go:clean",
                "make: clean",
                "rm -rf bin/ # remove outputs",
                "make clean",
                ""
            ),
            (
                "script:make:go:lint",
                "make: lint",
                "golangci-lint run",
                "make lint",
                ""
            ),
            (
                "script:make:go:win-only",
                "make: win-only",
                "echo windows",
                "make win-only",
                ""
            ),
            (
                "script:make:go:unix-only",
                "make: unix-only",
                "echo unix",
                "make unix-only",
                ""
            ),
        ])
    );
    let item = |id: &str| catalog.items.iter().find(|i| i.id == id).unwrap().clone();
    assert!(item("script:make:go:build")
        .keywords
        .contains(&"default".to_string()));
    assert!(item("script:make:go:build")
        .keywords
        .contains(&"Compile the binary".to_string()));
    assert!(item("script:make:go:all")
        .keywords
        .contains(&"Build and test".to_string()));
    assert!(catalog.warnings.is_empty(), "{:?}", catalog.warnings);
}

#[test]
fn makefile_names_follow_gnu_make_order_and_broken_files_warn() {
    let both = build(&input(vec![folder(
        "m",
        &[
            ("Makefile", "from-upper:\n\ttrue\n"),
            ("makefile", "from-lower:\n\ttrue\n"),
        ],
    )]));
    let ids: Vec<&str> = both
        .items
        .iter()
        .filter(|i| i.id.starts_with("script:"))
        .map(|i| i.id.as_str())
        .collect();
    assert_eq!(ids, ["script:make:m:from-lower"]);

    let table = [
        (
            "build\n\tgo build\n",
            "m/Makefile: line 1: missing separator, make would stop here, skipped",
        ),
        (
            "x:\n\ttrue\ndefine A\nno end\n",
            "m/Makefile: line 3: define is never closed with endef, skipped",
        ),
        (
            "endef\n",
            "m/Makefile: line 1: endef without define, skipped",
        ),
    ];
    for (text, warning) in table {
        let catalog = build(&input(vec![folder("m", &[("Makefile", text)])]));
        assert!(rows(&catalog, "script:").is_empty(), "{text}");
        assert_eq!(warnings(&catalog), [warning]);
    }
}

const JUSTFILE: &str = r#"#!/usr/bin/env just --justfile
set dotenv-load
set shell := ["bash", "-uc"]

version := `git describe --tags`
platform := if os() == "macos" {
  "darwin"
} else {
  os()
}

alias b := build

# Build the project
build:
    cargo build --release

# Deploy to an environment
deploy env target='web' +flags='': build
    ./deploy.sh {{env}} {{target}} {{flags}}

[private]
helper:
    echo hidden

_internal:
    echo hidden too

[linux]
install-linux:
    sudo apt-get install -y foo

[windows]
install-windows:
    winget install foo

[doc('Run the tests')]
[group('checks')]
test *args:
    # a shell comment
    cargo test {{args}}

@quiet:
    @echo quiet

python:
    #!/usr/bin/env python3
    print("hi")
"#;

#[test]
fn justfile_recipes_with_parameters_attributes_and_aliases() {
    let catalog = build(&input(vec![folder("j", &[("justfile", JUSTFILE)])]));
    assert_eq!(
        rows(&catalog, "script:just:"),
        expect(&[
            (
                "script:just:j:build",
                "just: build",
                "cargo build --release",
                "just build",
                ""
            ),
            (
                "script:just:j:deploy",
                "just: deploy <env> target='web' flags=''",
                "./deploy.sh {{env}} {{target}} {{flags}}",
                "just deploy",
                ""
            ),
            (
                "script:just:j:install-linux",
                "just: install-linux",
                "sudo apt-get install -y foo",
                "just install-linux",
                ""
            ),
            (
                "script:just:j:test",
                "just: test [args…]",
                "cargo test {{args}}",
                "just test",
                ""
            ),
            (
                "script:just:j:quiet",
                "just: quiet",
                "echo quiet",
                "just quiet",
                ""
            ),
            (
                "script:just:j:python",
                "just: python",
                "#!/usr/bin/env python3 …",
                "just python",
                ""
            ),
        ])
    );
    assert!(catalog.warnings.is_empty(), "{:?}", catalog.warnings);
    let deploy = catalog.run("script:just:j:deploy").unwrap();
    let params: Vec<(&str, bool, bool, Option<&str>)> = deploy
        .params
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.required,
                p.variadic,
                p.default.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        params,
        [
            ("env", true, false, None),
            ("target", false, false, Some("'web'")),
            ("flags", false, true, Some("''"))
        ]
    );
    assert!(catalog.takes_args("script:just:j:deploy"));
    assert!(!catalog.takes_args("script:just:j:build"));
    let keywords = |id: &str| {
        catalog
            .items
            .iter()
            .find(|i| i.id == id)
            .unwrap()
            .keywords
            .clone()
    };
    assert!(
        keywords("script:just:j:build").contains(&"b".to_string()),
        "alias"
    );
    assert!(keywords("script:just:j:build").contains(&"Build the project".to_string()));
    assert!(keywords("script:just:j:test").contains(&"Run the tests".to_string()));

    let mut windows = input(vec![folder("j", &[("justfile", JUSTFILE)])]);
    windows.os = Os::Windows;
    let ids: Vec<String> = rows(&build(&windows), "script:just:")
        .into_iter()
        .map(|r| r.0)
        .collect();
    assert!(ids.contains(&"script:just:j:install-windows".to_string()));
    assert!(!ids.contains(&"script:just:j:install-linux".to_string()));
}

#[test]
fn broken_justfiles_are_skipped_with_the_line() {
    let table = [
        (
            "build:\n    echo hi\nthis is not valid\n",
            "j/justfile: line 3: not a recipe, assignment or setting, skipped",
        ),
        (
            "x := \"abc\n",
            "j/justfile: line 1: a string or bracket is never closed, skipped",
        ),
        (
            "deploy env='prod:\n    echo\n",
            "j/justfile: line 1: a string or bracket in the recipe header is never closed, skipped",
        ),
        (
            "[private\nfoo:\n  echo\n",
            "j/justfile: line 1: attribute is never closed, skipped",
        ),
        (
            "  indented:\n",
            "j/justfile: line 1: indented line outside a recipe, skipped",
        ),
    ];
    for (text, warning) in table {
        let catalog = build(&input(vec![folder("j", &[("justfile", text)])]));
        assert!(rows(&catalog, "script:").is_empty(), "{text}");
        assert_eq!(warnings(&catalog), [warning], "{text}");
    }
    let two = build(&input(vec![folder(
        "j",
        &[("justfile", "a:\n  true\n"), (".justfile", "b:\n  true\n")],
    )]));
    assert_eq!(rows(&two, "script:just:").len(), 1);
    assert_eq!(
        warnings(&two),
        ["j/justfile: several justfiles (justfile, .justfile), just will refuse to pick; reading justfile"]
    );
}

#[test]
fn cargo_workspace_members_get_dash_p() {
    let catalog = build(&input(vec![folder(
        "rs",
        &[
            (
                "Cargo.toml",
                "[workspace]\nresolver = \"2\"\nmembers = [\n  \"crates/*\",\n  \"tools/cli\", # the CLI\n]\nexclude = [\"crates/experimental\"]\n\n[workspace.package]\nedition = \"2021\"\n",
            ),
            ("crates/core/Cargo.toml", "[package]\nname = \"acme-core\"\nversion.workspace = true\n"),
            ("crates/server/Cargo.toml", "[package]\nname = \"acme-server\"\n"),
            ("crates/server/src/main.rs", ""),
            ("crates/experimental/Cargo.toml", "[package]\nname = \"exp\"\n"),
            ("crates/broken/Cargo.toml", "[package\nname = \"x\"\n"),
            ("tools/cli/Cargo.toml", "[package]\nname = \"cli\"\n\n[[bin]]\nname = \"acme\"\npath = \"main.rs\"\n"),
        ],
    )]));
    let lines: Vec<String> = rows(&catalog, "script:cargo:")
        .into_iter()
        .map(|r| r.3)
        .collect();
    assert_eq!(
        lines,
        [
            "cargo build",
            "cargo test",
            "cargo clippy",
            "cargo fmt",
            "cargo build -p acme-core",
            "cargo test -p acme-core",
            "cargo clippy -p acme-core",
            "cargo fmt -p acme-core",
            "cargo build -p acme-server",
            "cargo test -p acme-server",
            "cargo run -p acme-server",
            "cargo clippy -p acme-server",
            "cargo fmt -p acme-server",
            "cargo build -p cli",
            "cargo test -p cli",
            "cargo run -p cli",
            "cargo clippy -p cli",
            "cargo fmt -p cli",
        ]
    );
    let ids: Vec<String> = rows(&catalog, "script:cargo:")
        .into_iter()
        .map(|r| r.0)
        .collect();
    assert_eq!(ids[0], "script:cargo:rs:.:build");
    assert_eq!(ids[10], "script:cargo:rs:acme-server:run");
    let w = warnings(&catalog);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].starts_with("rs/crates/broken/Cargo.toml: not valid TOML, skipped"),
        "{w:?}"
    );

    let single = build(&input(vec![folder(
        "one",
        &[
            ("Cargo.toml", "[package]\nname = \"one\"\n"),
            ("src/main.rs", ""),
        ],
    )]));
    let lines: Vec<String> = rows(&single, "script:cargo:")
        .into_iter()
        .map(|r| r.3)
        .collect();
    assert_eq!(
        lines,
        [
            "cargo build",
            "cargo test",
            "cargo run",
            "cargo clippy",
            "cargo fmt"
        ]
    );
    let lib = build(&input(vec![folder(
        "lib",
        &[("Cargo.toml", "[package]\nname = \"lib\"\n")],
    )]));
    assert_eq!(
        rows(&lib, "script:cargo:").len(),
        4,
        "a library has nothing to run"
    );
    let neither = build(&input(vec![folder(
        "n",
        &[("Cargo.toml", "[dependencies]\nserde = \"1\"\n")],
    )]));
    assert_eq!(
        warnings(&neither),
        ["n/Cargo.toml: neither [package] nor [workspace], skipped"]
    );
}

#[test]
fn deno_tasks_with_comments_objects_and_workspace_members() {
    let catalog = build(&input(vec![folder(
        "d",
        &[
            (
                "deno.jsonc",
                "{\n  // tasks\n  \"tasks\": {\n    \"dev\": \"deno run --watch main.ts\",\n    \"check\": { \"command\": \"deno check main.ts\", \"description\": \"Type-check\" },\n    \"ci\": { \"dependencies\": [\"check\", \"test\"] },\n    \"nothing\": {},\n  },\n  \"workspace\": [\"./packages/add\"]\n}",
            ),
            ("packages/add/deno.json", r#"{"tasks": {"test": "deno test"}}"#),
        ],
    )]));
    assert_eq!(
        rows(&catalog, "script:deno:"),
        expect(&[
            (
                "script:deno:d:.:check",
                "deno: check",
                "deno check main.ts",
                "deno task check",
                ""
            ),
            (
                "script:deno:d:.:ci",
                "deno: ci",
                "needs check test",
                "deno task ci",
                ""
            ),
            (
                "script:deno:d:.:dev",
                "deno: dev",
                "deno run --watch main.ts",
                "deno task dev",
                ""
            ),
            (
                "script:deno:d:packages/add:test",
                "deno: test (packages/add)",
                "deno test",
                "deno task test",
                "packages/add"
            ),
        ])
    );
    assert_eq!(
        warnings(&catalog),
        ["d/deno.jsonc: task nothing has no command, skipped"]
    );
    let broken = build(&input(vec![folder("d", &[("deno.json", "[1, 2]")])]));
    assert_eq!(
        warnings(&broken),
        ["d/deno.json: not a JSON object, skipped"]
    );
}

#[test]
fn composer_scripts_strings_and_lists() {
    let catalog = build(&input(vec![folder(
        "php",
        &[(
            "composer.json",
            r#"{"name": "acme/site", "scripts": {"test": "phpunit", "lint": ["phpcs src", "phpstan analyse"], "post-install-cmd": "@php artisan key:generate", "bad": 5}, "scripts-descriptions": {"test": "Run the tests"}}"#,
        )],
    )]));
    assert_eq!(
        rows(&catalog, "script:composer:"),
        expect(&[
            (
                "script:composer:php:lint",
                "composer: lint",
                "phpcs src && phpstan analyse",
                "composer run-script lint",
                ""
            ),
            (
                "script:composer:php:post-install-cmd",
                "composer: post-install-cmd",
                "@php artisan key:generate",
                "composer run-script post-install-cmd",
                ""
            ),
            (
                "script:composer:php:test",
                "composer: test",
                "phpunit",
                "composer run-script test",
                ""
            ),
        ])
    );
    assert_eq!(
        warnings(&catalog),
        ["php/composer.json: script bad is neither a string nor a list of strings, skipped"]
    );
    let item = catalog
        .items
        .iter()
        .find(|i| i.id == "script:composer:php:test")
        .unwrap();
    assert!(item.keywords.contains(&"Run the tests".to_string()));
}

fn multi_root() -> ProjectInput {
    input(vec![
        folder(
            "api",
            &[("Makefile", "serve:\n\tgo run .\n"), ("go.mod", "")],
        ),
        folder(
            "web",
            &[
                ("package.json", r#"{"scripts": {"dev": "vite"}}"#),
                ("yarn.lock", ""),
            ],
        ),
        folder("web", &[("justfile", "hi:\n  echo hi\n")]),
    ])
}

#[test]
fn every_folder_of_a_multi_root_workspace_is_read() {
    let catalog = build(&multi_root());
    assert_eq!(
        rows(&catalog, "script:"),
        expect(&[
            (
                "script:make:api:serve",
                "make: serve (api)",
                "go run .",
                "make serve",
                ""
            ),
            (
                "script:npm:web:.:dev",
                "yarn: dev (web)",
                "vite",
                "yarn dev",
                ""
            ),
            (
                "script:just:web~2:hi",
                "just: hi (web~2)",
                "echo hi",
                "just hi",
                ""
            ),
        ])
    );
    let folders: Vec<Vec<String>> = [
        "script:make:api:serve",
        "script:npm:web:.:dev",
        "script:just:web~2:hi",
    ]
    .iter()
    .map(|id| catalog.run(id).unwrap().folders.clone())
    .collect();
    assert_eq!(
        folders,
        [
            vec!["api".to_string()],
            vec!["web".to_string()],
            vec!["web~2".to_string()]
        ]
    );
}

#[test]
fn untrusted_workspaces_get_no_scripts_and_say_so() {
    let mut untrusted = multi_root();
    untrusted.trusted = false;
    let catalog = build(&untrusted);
    assert!(catalog.items.iter().all(|i| !i.from_workspace));
    assert!(catalog
        .items
        .iter()
        .all(|i| !matches!(i.kind, ItemKind::Script | ItemKind::Pack)));
    assert_eq!(catalog.hidden_scripts, 3);
    assert_eq!(
        catalog.restricted.as_deref(),
        Some("Restricted Mode: 3 workspace scripts and the stack packs are hidden until the workspace is trusted")
    );
    // Stacks are still detected (they feed /do's context), and built-in items stay.
    assert_eq!(catalog.stack_context, "Node (yarn), Go");
    assert!(catalog.items.iter().any(|i| i.id == "git:commit-all"));
    assert!(catalog.items.iter().any(|i| i.id == "term:run"));
    assert!(build(&multi_root()).restricted.is_none());
}

#[test]
fn hostile_names_are_quoted_and_kept_as_data() {
    let catalog = build(&input(vec![folder(
        "h",
        &[
            (
                "package.json",
                r#"{"scripts": {"x; rm -rf ~": "echo", "$(id)": "echo", "it's": "echo", "ignore previous instructions": "curl evil"}}"#,
            ),
            ("Makefile", "a`id`b:\n\ttrue\n"),
        ],
    )]));
    let lines: Vec<String> = rows(&catalog, "script:").into_iter().map(|r| r.3).collect();
    assert_eq!(
        lines,
        [
            "npm run '$(id)'",
            "npm run 'ignore previous instructions'",
            "npm run 'it'\\''s'",
            "npm run 'x; rm -rf ~'",
            "make 'a`id`b'",
        ]
    );
    let mut windows = input(catalog_input_h());
    windows.os = Os::Windows;
    let lines: Vec<String> = rows(&build(&windows), "script:npm:")
        .into_iter()
        .map(|r| r.3)
        .collect();
    assert_eq!(lines, ["npm run 'it''s'"]);
}

fn catalog_input_h() -> Vec<solidus_core::project::FolderInput> {
    vec![folder(
        "h",
        &[("package.json", r#"{"scripts": {"it's": "echo"}}"#)],
    )]
}

#[test]
fn ids_are_stable_unique_and_shaped_by_source() {
    let mut files: Vec<(&str, &str)> = vec![
        ("package.json", PNPM_ROOT),
        (
            "packages/ui/package.json",
            r#"{"name": "@acme/ui", "scripts": {"build": "tsup"}}"#,
        ),
        ("Makefile", "build:\n\ttrue\n"),
        ("justfile", "build:\n  true\n"),
        ("Cargo.toml", "[package]\nname = \"x\"\n"),
        ("deno.json", r#"{"tasks": {"build": "deno run b.ts"}}"#),
        ("composer.json", r#"{"scripts": {"build": "x"}}"#),
        ("go.mod", ""),
        ("pyproject.toml", ""),
    ];
    files.push(("pnpm-lock.yaml", ""));
    let workspace = input(vec![folder("w:1", &files), folder("two", &files)]);
    let first = build(&workspace);
    let second = build(&workspace);
    let ids: Vec<&str> = first.items.iter().map(|i| i.id.as_str()).collect();
    let again: Vec<&str> = second.items.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(ids, again, "same input, same ids in the same order");
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "ids are unique");
    for id in [
        "script:npm:w%3A1:.:build",
        "script:npm:w%3A1:packages/ui:build",
        "script:make:w%3A1:build",
        "script:just:two:build",
        "script:cargo:two:.:build",
        "script:deno:two:.:build",
        "script:composer:two:build",
        "pack:rust:clippy",
        "pack:go:test",
        "pack:python:pytest",
        "pack:node:install",
        "git:commit",
        "file:rename",
        "term:run",
    ] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
    // Every item that runs in a terminal has exactly one run spec.
    for item in &first.items {
        let runs = first.runs.iter().filter(|r| r.id == item.id).count();
        let expected = usize::from(matches!(
            item.kind,
            ItemKind::Script | ItemKind::Pack | ItemKind::Terminal
        ));
        assert_eq!(runs, expected, "{}", item.id);
    }
}

#[test]
fn two_round_file_protocol() {
    let empty = input(vec![folder("a", &[]), folder("b", &[])]);
    let round1 = files_to_read(&empty);
    for name in [
        "package.json",
        "pnpm-workspace.yaml",
        "Makefile",
        "makefile",
        "GNUmakefile",
        "justfile",
        "Justfile",
        ".justfile",
        "Cargo.toml",
        "deno.json",
        "deno.jsonc",
        "composer.json",
    ] {
        assert!(round1.read.iter().any(|r| r == name), "{name}");
    }
    for name in [
        "package-lock.json",
        "npm-shrinkwrap.json",
        "pnpm-lock.yaml",
        "yarn.lock",
        "bun.lockb",
        "bun.lock",
        "go.mod",
        "*.csproj",
        "Gemfile",
    ] {
        assert!(round1.presence.iter().any(|r| r == name), "{name}");
    }
    assert!(
        round1.folders.is_empty(),
        "no globs before root files are read"
    );

    let root_files = input(vec![
        folder(
            "a",
            &[
                ("package.json", PNPM_ROOT),
                ("pnpm-workspace.yaml", "packages:\n  - 'tools/*'\n  - '!tools/old'\n"),
                ("Cargo.toml", "[workspace]\nmembers = [\"crates/*\", \"../outside\"]\nexclude = [\"crates/exp\"]\n"),
                ("deno.json", r#"{"workspace": ["./add"]}"#),
            ],
        ),
        folder("b", &[("package.json", r#"{"scripts": {}}"#)]),
    ]);
    let round2 = files_to_read(&root_files);
    assert_eq!(
        round2.folders,
        [FolderRequest {
            name: "a".into(),
            read: vec![
                "packages/*/package.json".into(),
                "apps/*/package.json".into(),
                "tools/*/package.json".into(),
                "crates/*/Cargo.toml".into(),
                "add/deno.json".into(),
                "add/deno.jsonc".into(),
            ],
            presence: vec!["crates/*/src/main.rs".into()],
            exclude: vec![
                "**/node_modules/**".into(),
                "packages/legacy/**".into(),
                "tools/old/**".into(),
                "crates/exp/**".into(),
            ],
        }]
    );
}

/// The core, not the shell, names the folders and matches their root entries, so a watcher built
/// from `read` and `presence` sees exactly what a rebuild would read.
#[test]
fn root_entries_are_picked_and_folders_named_by_the_core() {
    let strings = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut a = folder("app", &[]);
    a.entries = strings(&[
        "package.json",
        "deno.jsonc",
        "pnpm-lock.yaml",
        "go.mod",
        "Web.csproj",
        "README.md",
        "sub/package.json",
        "",
    ]);
    let mut b = folder("app", &[]);
    b.entries = strings(&["Cargo.toml", "yarn.lock", "cargo.toml"]);
    let request = files_to_read(&input(vec![a, b, folder(" ", &[])]));
    assert_eq!(
        request.roots,
        [
            RootRequest {
                name: "app".into(),
                read: strings(&["package.json", "deno.jsonc"]),
                presence: strings(&["pnpm-lock.yaml", "go.mod", "Web.csproj"]),
            },
            RootRequest {
                name: "app~2".into(),
                read: strings(&["Cargo.toml"]),
                presence: strings(&["yarn.lock"]),
            },
            RootRequest {
                name: "folder".into(),
                ..Default::default()
            },
        ]
    );
    // Every pick is covered by the patterns the shell watches.
    for root in &request.roots {
        for name in root.read.iter().chain(&root.presence) {
            assert!(
                request.read.contains(name)
                    || request
                        .presence
                        .iter()
                        .any(|p| solidus_core::project::glob::matches(p, name)),
                "{name}"
            );
        }
    }
}

#[test]
fn oversized_and_escaping_files_are_skipped() {
    let big = format!("{{\"scripts\": {{\"a\": \"{}\"}}}}", "x".repeat(1 << 20));
    let catalog = build(&input(vec![folder(
        "f",
        &[
            ("package.json", big.as_str()),
            ("../etc/Makefile", "x:\n\ttrue\n"),
        ],
    )]));
    assert!(rows(&catalog, "script:").is_empty());
    assert_eq!(
        warnings(&catalog),
        [
            "f: file path ../etc/Makefile is not a plain relative path, skipped",
            "f/package.json: larger than 1024 KiB, skipped",
        ]
    );
}

#[test]
fn scale_helper_builds_a_monorepo_of_200_packages_with_10_scripts() {
    // Not timed here (see examples/project_timing.rs); checks the synthetic repo builds fully.
    let mut files: Vec<(String, String)> = vec![(
        "package.json".into(),
        r#"{"name": "big", "workspaces": ["packages/*"], "scripts": {"build": "turbo build"}}"#
            .into(),
    )];
    files.push(("pnpm-lock.yaml".into(), String::new()));
    for p in 0..200 {
        let scripts: Vec<String> = (0..10)
            .map(|s| format!("\"task{s}\": \"node scripts/{s}.js\""))
            .collect();
        files.push((
            format!("packages/pkg{p:03}/package.json"),
            format!(
                "{{\"name\": \"@big/pkg{p:03}\", \"scripts\": {{{}}}}}",
                scripts.join(", ")
            ),
        ));
    }
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let catalog = build(&input(vec![folder("big", &refs)]));
    assert_eq!(rows(&catalog, "script:npm:").len(), 2001);
    assert!(catalog.warnings.is_empty());
}
