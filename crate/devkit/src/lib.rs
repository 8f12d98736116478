//! Solidus's dev kit: what tests, examples, benchmarks and fuzz targets load the core with — the
//! documents a real VS Code reported (the shared fixture) and synthetic workspaces. Development
//! only; panics name the missing file, since these are tools, not product code.

use std::path::PathBuf;
use std::sync::OnceLock;

use solidus_core::catalog::{build_catalog, CatalogSources};
use solidus_core::project::{FileInput, FolderInput, Os, ProjectInput};
use solidus_core::rank::Index;

/// The fixture folder's name inside the shared folder: what VS Code 1.139.1 reported.
pub const FIXTURE: &str = "fixtures/vscode-1.139.1";

/// The benchmark's three-word popup queries (`scripts/bench.ts`), for the native examples.
pub const THREE_WORD_QUERIES: &[&str] = &[
    "render white space",
    "git commit all",
    "show all commands",
    "reload window now",
    "open keyboard shortcuts",
    "editor tab size",
    "terminal font size",
    "trim trailing whitespace",
    "sort lines ascending",
    "ed fo si",
];

/// The read-only shared folder (fixtures, bench data, conformance cases): `SOLIDUS_SHARED`, else
/// the `shared/` beside the project.
pub fn shared_dir() -> PathBuf {
    std::env::var_os("SOLIDUS_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"))
}

/// The six documents in `dir`, as the shell would hand them to the core.
pub fn sources_from(dir: impl Into<PathBuf>) -> CatalogSources {
    let dir = dir.into();
    let read = |name: &str| {
        let path = dir.join(name);
        Some(std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (set SOLIDUS_SHARED to the shared folder)",
                path.display()
            )
        }))
    };
    CatalogSources {
        keybindings_schema: read("keybindings-schema.json"),
        default_settings: read("default-settings.jsonc"),
        resource_language_schema: read("resource-language-settings-schema.json"),
        default_keybindings: read("default-keybindings.jsonc"),
        extensions: read("extensions.json"),
        registered_commands: read("registered-commands.json"),
    }
}

/// The shared fixture's documents.
pub fn fixture_sources() -> CatalogSources {
    sources_from(shared_dir().join(FIXTURE))
}

/// The fixture's catalog, indexed once per process.
pub fn fixture_index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let index = Index::new(build_catalog(&fixture_sources()).items);
        assert!(
            index.items().len() > 1000,
            "the fixture catalog is too small"
        );
        index
    })
}

/// An npm-workspaces monorepo (with a lockfile) of `packages` packages, each with `scripts`
/// scripts: the synthetic workspace of the timing and memory examples and of `npm run bench`.
pub fn monorepo(packages: usize, scripts: usize) -> ProjectInput {
    const NAMES: [&str; 10] = [
        "build",
        "test",
        "lint",
        "dev",
        "start",
        "typecheck",
        "format",
        "clean",
        "bench",
        "release",
    ];
    let script_name = |s: usize| NAMES.get(s).map_or(format!("task{s}"), |n| n.to_string());
    let mut files = vec![
        FileInput {
            path: "package.json".into(),
            text: r#"{"name":"mono","private":true,"workspaces":["packages/*"]}"#.into(),
        },
        FileInput {
            path: "package-lock.json".into(),
            text: String::new(),
        },
    ];
    for p in 0..packages {
        let name = format!("pkg-{p:04}");
        let body: Vec<String> = (0..scripts)
            .map(|s| {
                let script = script_name(s);
                format!("\"{script}\":\"node scripts/{script}.js --package {name}\"")
            })
            .collect();
        files.push(FileInput {
            path: format!("packages/{name}/package.json"),
            text: format!(
                "{{\"name\":\"@mono/{name}\",\"scripts\":{{{}}}}}",
                body.join(",")
            ),
        });
    }
    ProjectInput {
        folders: vec![FolderInput {
            name: "mono".into(),
            root: "/mono".into(),
            files,
            ..Default::default()
        }],
        trusted: true,
        os: Os::Linux,
        ..Default::default()
    }
}
