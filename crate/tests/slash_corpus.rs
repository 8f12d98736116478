//! Discovery over `corpus/slash/`: 1,003 command files published by others, read as the shell would.
//!
//! The test plays the shell: it asks the core's search plan which folders a tool looks in, finds those
//! folders under each corpus repository (and under nested projects), lists them to the plan's depth,
//! reads the files and hands them to discovery. Collection folders that users copy into a tool's
//! folder (`commands/`, `prompts/`, `SuperGemini/Commands/`, `.cursor/commands-zh/`) are mounted where
//! that copy would land. Names are checked against each tool's rule, computed here from the path.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;
use solidus_core::slash::{
    discover, search_folders, CandidateFile, DiscoverInput, Discovery, ExpandRequest, Provider,
    Scope, SearchFolder, SearchRequest, SkipReason, WarningCode,
};

fn shared() -> PathBuf {
    std::env::var_os("SOLIDUS_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"))
}

fn slash(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// Lists files below `dir` down to `max_depth` levels, as `/`-separated relative paths, sorted.
fn list(dir: &Path, max_depth: u32) -> Vec<String> {
    fn walk(dir: &Path, prefix: &str, depth: u32, max: u32, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let rel = format!("{prefix}{name}");
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                if depth < max {
                    walk(&entry.path(), &format!("{rel}/"), depth + 1, max, out);
                }
            } else {
                out.push(rel);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, "", 1, max_depth, &mut out);
    out.sort();
    out
}

/// Reads one folder of the plan into candidates, reading only files that can be commands.
fn candidates(folder: &SearchFolder, dir: &Path) -> Vec<CandidateFile> {
    list(dir, folder.max_depth)
        .into_iter()
        .map(|path| {
            let (text, read_error) = if path.ends_with(&folder.suffix) {
                match std::fs::read_to_string(dir.join(&path)) {
                    Ok(t) => (Some(t), None),
                    Err(e) => (None, Some(e.to_string())),
                }
            } else {
                (None, None)
            };
            CandidateFile {
                provider: folder.provider,
                scope: folder.scope,
                root: slash(dir),
                path,
                text,
                read_error,
                gitignored: false,
                outside: None,
                namespace: None,
            }
        })
        .collect()
}

/// Every directory under `root`, the root included.
fn directories(root: &Path) -> Vec<PathBuf> {
    let mut out = vec![root.to_path_buf()];
    let mut i = 0;
    while i < out.len() {
        if let Ok(entries) = std::fs::read_dir(&out[i]) {
            let mut subs: Vec<PathBuf> = entries
                .flatten()
                .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
                .map(|e| e.path())
                .collect();
            subs.sort();
            out.extend(subs);
        }
        i += 1;
    }
    out
}

/// Collection folders and the folder a user copies them into: (corpus path, provider, scope).
const MOUNTS: &[(&str, Provider, Scope)] = &[
    (
        "danielrosehill__Claude-Slash-Commands/commands",
        Provider::Claude,
        Scope::Project,
    ),
    (
        "github__awesome-copilot/prompts",
        Provider::Copilot,
        Scope::Project,
    ),
    (
        "SuperClaude-Org__SuperGemini_Framework/SuperGemini/Commands",
        Provider::Gemini,
        Scope::User,
    ),
    (
        "zifengb__cursor-commands/.cursor/commands-zh",
        Provider::Cursor,
        Scope::User,
    ),
];

/// The name a tool gives a file, from the path below its command folder (computed here, not by the
/// core); Copilot's frontmatter `name` is looked up in the raw text and used when it has no space.
fn expected_name(tool: &str, path: &str, text: &str) -> String {
    let file = path.rsplit('/').next().unwrap_or(path);
    match tool {
        "claude" => path.trim_end_matches(".md").replace('/', ":"),
        "gemini" => path.trim_end_matches(".toml").replace('/', ":"),
        "opencode" => path.trim_end_matches(".md").to_string(),
        "cursor" => file.trim_end_matches(".md").to_string(),
        "copilot" => {
            let mut lines = text.lines();
            let named = if lines.next() == Some("---") {
                lines
                    .take_while(|l| *l != "---")
                    .find_map(|l| l.strip_prefix("name:"))
                    .map(|v| v.trim().trim_matches(['"', '\'']).to_string())
                    .filter(|v| !v.is_empty() && !v.contains(char::is_whitespace))
            } else {
                None
            };
            named.unwrap_or_else(|| file.trim_end_matches(".prompt.md").to_string())
        }
        other => panic!("unknown tool {other}"),
    }
}

struct Run {
    discoveries: Vec<Discovery>,
    discover_time: Duration,
    io_time: Duration,
    files_passed: usize,
}

fn discover_corpus(corpus: &Path) -> Run {
    let mut inputs: Vec<Vec<CandidateFile>> = Vec::new();
    let io = Instant::now();
    // Project roots: every directory where the plan's project folders exist.
    for dir in directories(corpus) {
        let plan = search_folders(&SearchRequest {
            project_roots: vec![slash(&dir)],
            ..SearchRequest::default()
        });
        let mut files = Vec::new();
        for folder in &plan.folders {
            let path = PathBuf::from(&folder.dir);
            if path.is_dir() {
                files.extend(candidates(folder, &path));
            }
        }
        if !files.is_empty() {
            inputs.push(files);
        }
    }
    // Collections, each mounted where the plan puts that provider's folder.
    let plan = search_folders(&SearchRequest {
        project_roots: vec!["/project".into()],
        home: Some("/home/user".into()),
        ..SearchRequest::default()
    });
    for (rel, provider, scope) in MOUNTS {
        let folder = plan
            .folders
            .iter()
            .find(|f| f.provider == *provider && f.scope == *scope)
            .expect("the plan has this folder");
        inputs.push(candidates(folder, &corpus.join(rel)));
    }
    let io_time = io.elapsed();
    let files_passed = inputs.iter().map(Vec::len).sum();

    let start = Instant::now();
    let discoveries = inputs
        .into_iter()
        .map(|files| {
            discover(&DiscoverInput {
                files,
                builtins: vec!["do".into()],
                ..DiscoverInput::default()
            })
        })
        .collect();
    Run {
        discoveries,
        discover_time: start.elapsed(),
        io_time,
        files_passed,
    }
}

#[test]
fn every_corpus_file_loads_or_is_skipped_with_a_reason() {
    let corpus = shared().join("corpus/slash");
    let prefix = format!("{}/", slash(&corpus));
    let manifest: Vec<Value> = std::fs::read_to_string(corpus.join("MANIFEST.jsonl"))
        .expect("MANIFEST.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a manifest line"))
        .collect();
    assert_eq!(manifest.len(), 1003);

    let run = discover_corpus(&corpus);
    let rel = |root: &str, path: &str| {
        format!("{root}/{path}")
            .strip_prefix(&prefix)
            .map(str::to_string)
            .unwrap_or_default()
    };
    let mut loaded = HashMap::new();
    let mut skipped = HashMap::new();
    let mut invalid_frontmatter = HashMap::new();
    for d in &run.discoveries {
        for c in &d.commands {
            assert!(
                loaded.insert(rel(&c.root, &c.path), c).is_none(),
                "seen twice: {}",
                c.path
            );
        }
        for s in &d.skipped {
            skipped.insert(rel(&s.root, &s.path), s);
        }
        for w in &d.warnings {
            if w.code == WarningCode::InvalidFrontmatter {
                invalid_frontmatter.insert(rel(&w.root, &w.path), w.message.clone());
            }
        }
    }

    let mut by_tool: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for entry in &manifest {
        let path = entry["path"].as_str().expect("path");
        let tool = entry["tool"].as_str().expect("tool");
        let canonical = entry["canonical"].as_bool().expect("canonical");
        let text = std::fs::read_to_string(corpus.join(path)).unwrap_or_default();
        let counts = by_tool.entry(tool.to_string()).or_default();
        if let Some(command) = loaded.get(path) {
            counts.0 += 1;
            assert_eq!(
                command.name,
                expected_name(tool, &command.path, &text),
                "{path}"
            );
            assert_eq!(command.tool.id(), tool, "{path}");
            let yaml_ok = entry["frontmatter_ok"].as_bool().expect("frontmatter_ok");
            assert_eq!(
                invalid_frontmatter.contains_key(path),
                !yaml_ok && tool != "gemini",
                "{path}: YAML verdict differs from the manifest's"
            );
        } else if let Some(skip) = skipped.get(path) {
            counts.1 += 1;
            assert!(
                !canonical,
                "{path}: a canonical file was skipped: {}",
                skip.message
            );
            assert!(!skip.message.is_empty());
        } else {
            panic!("{path}: not seen by discovery");
        }
    }

    // The two stray files the corpus README names are skipped as not being command files.
    for stray in [
        "danielrosehill__Claude-Slash-Commands/.claude/commands/truncate-",
        "sampleXbro__agentsbridge/tests/e2e/fixtures/gemini-project/.gemini/commands/review.md",
    ] {
        assert_eq!(
            skipped.get(stray).map(|s| s.reason),
            Some(SkipReason::NotACommandFile),
            "{stray}"
        );
    }

    // The three files whose YAML does not parse still get their description, by the fallback.
    for path in [
        "jleechanorg__claude-commands/.claude/commands/smoke-local.md",
        "jleechanorg__claude-commands/.claude/commands/wiki-bfs.md",
        "jleechanorg__claude-commands/.claude/commands/wiki-evolve.md",
    ] {
        let text = std::fs::read_to_string(corpus.join(path)).expect(path);
        let expected = text
            .lines()
            .find_map(|l| l.strip_prefix("description:"))
            .expect("a description line")
            .trim();
        assert!(invalid_frontmatter.contains_key(path), "{path}: no warning");
        assert_eq!(loaded[path].description, expected, "{path}");
    }

    // Every loaded command expands without trouble.
    let start = Instant::now();
    let mut expansions = 0usize;
    let mut with_shell = 0usize;
    for d in &run.discoveries {
        for c in &d.commands {
            let e = d.expand(&ExpandRequest {
                text: format!("/{}.{} a.ts \"b c\"", c.tool.id(), c.name),
                ..ExpandRequest::default()
            });
            assert!(e.matched, "{}", c.path);
            expansions += 1;
            with_shell += usize::from(!e.shell.is_empty());
        }
    }
    let expand_time = start.elapsed();

    let total_loaded: usize = by_tool.values().map(|c| c.0).sum();
    let total_skipped: usize = by_tool.values().map(|c| c.1).sum();
    assert_eq!(total_loaded + total_skipped, manifest.len());
    println!(
        "corpus: {} manifest files, {} loaded, {} skipped; per tool (loaded, skipped): {by_tool:?}",
        manifest.len(),
        total_loaded,
        total_skipped
    );
    println!(
        "corpus: {} files passed to discover in {} projects/collections; listing+reading {:?}, discovery {:?}",
        run.files_passed,
        run.discoveries.len(),
        run.io_time,
        run.discover_time
    );
    println!(
        "corpus: {expansions} expansions in {expand_time:?} ({:?} each), {with_shell} with shell lines",
        expand_time / expansions.max(1) as u32
    );
}
