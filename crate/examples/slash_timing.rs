//! Times slash-command discovery and expansion natively, over the shared corpus and over a made-up
//! project with 500 command files spread across every provider.
//! `cargo run --release --example slash_timing -- [<corpus dir>] [rounds]`
use std::path::{Path, PathBuf};
use std::time::Instant;

use solidus_core::slash::{
    discover, search_folders, CandidateFile, DiscoverInput, ExpandRequest, Provider, Scope,
    SearchRequest,
};

fn files_below(dir: &Path, depth: u32, prefix: &str, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let rel = format!("{prefix}{}", entry.file_name().to_string_lossy());
        if entry.path().is_dir() {
            if depth > 1 {
                files_below(&entry.path(), depth - 1, &format!("{rel}/"), out);
            }
        } else {
            out.push((rel, entry.path()));
        }
    }
}

/// Every project folder of the plan found under `corpus`, read into candidate lists.
fn corpus_inputs(corpus: &Path) -> Vec<Vec<CandidateFile>> {
    let mut dirs = vec![corpus.to_path_buf()];
    let mut i = 0;
    while i < dirs.len() {
        if let Ok(entries) = std::fs::read_dir(&dirs[i]) {
            dirs.extend(entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()));
        }
        i += 1;
    }
    let mut inputs = Vec::new();
    for dir in dirs {
        let plan = search_folders(&SearchRequest {
            project_roots: vec![dir.to_string_lossy().into_owned()],
            ..SearchRequest::default()
        });
        let mut files = Vec::new();
        for folder in &plan.folders {
            let mut found = Vec::new();
            files_below(Path::new(&folder.dir), folder.max_depth, "", &mut found);
            for (path, full) in found {
                files.push(CandidateFile {
                    provider: folder.provider,
                    scope: folder.scope,
                    root: folder.dir.clone(),
                    text: std::fs::read_to_string(full).ok(),
                    path,
                    read_error: None,
                    gitignored: false,
                    outside: None,
                    namespace: None,
                });
            }
        }
        if !files.is_empty() {
            inputs.push(files);
        }
    }
    inputs
}

/// 500 files, evenly over the providers, with frontmatter and a body of about a kilobyte.
fn synthetic() -> Vec<CandidateFile> {
    let body = "Review the change below and list problems.\n".repeat(20);
    (0..500)
        .map(|n| {
            let provider = Provider::ALL[n % Provider::ALL.len()];
            let (path, text) = match provider {
                Provider::Gemini => (
                    format!("group{}/cmd{n}.toml", n % 7),
                    format!("description = \"Command {n}\"\nprompt = \"\"\"\n{body}{{{{args}}}}\n\"\"\""),
                ),
                Provider::ClaudeSkills => (format!("skill{n}/SKILL.md"), format!("---\ndescription: Skill {n}\n---\n{body}$ARGUMENTS")),
                Provider::Copilot => (format!("cmd{n}.prompt.md"), format!("---\ndescription: Prompt {n}\nagent: agent\n---\n{body}${{input:x}}")),
                _ => (
                    format!("cmd{}.md", n % 200),
                    format!("---\ndescription: Command {n}\nargument-hint: [file]\nallowed-tools: Read, Grep\n---\n{body}$1 $ARGUMENTS"),
                ),
            };
            CandidateFile {
                provider,
                scope: if n % 2 == 0 { Scope::Project } else { Scope::User },
                root: format!("/r/{}", provider.id()),
                path,
                text: Some(text),
                read_error: None,
                gitignored: false,
                outside: None,
                namespace: None,
            }
        })
        .collect()
}

fn main() {
    let corpus = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/slash")
        });
    let rounds: u32 = std::env::args()
        .nth(2)
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);

    let t = Instant::now();
    let inputs = corpus_inputs(&corpus);
    let files: usize = inputs.iter().map(Vec::len).sum();
    println!(
        "corpus: listed and read {files} files in {} projects in {:?}",
        inputs.len(),
        t.elapsed()
    );

    let t = Instant::now();
    let mut commands = 0;
    for _ in 0..rounds {
        commands = inputs
            .iter()
            .map(|files| {
                discover(&DiscoverInput {
                    files: files.clone(),
                    ..DiscoverInput::default()
                })
                .commands
                .len()
            })
            .sum();
    }
    println!(
        "corpus: discovery of {commands} commands: {:?} per run",
        t.elapsed() / rounds
    );

    let project = synthetic();
    let t = Instant::now();
    let mut d = discover(&DiscoverInput {
        files: project.clone(),
        ..DiscoverInput::default()
    });
    for _ in 1..rounds {
        d = discover(&DiscoverInput {
            files: project.clone(),
            ..DiscoverInput::default()
        });
    }
    println!(
        "500-file project: {} commands ({} active) discovered in {:?} per run",
        d.commands.len(),
        d.active().count(),
        t.elapsed() / rounds
    );

    let typed: Vec<String> = d
        .commands
        .iter()
        .map(|c| format!("/{}.{} a.ts \"b c\"", c.tool.id(), c.name))
        .collect();
    let t = Instant::now();
    for _ in 0..rounds {
        for text in &typed {
            let e = d.expand(&ExpandRequest {
                text: text.clone(),
                ..ExpandRequest::default()
            });
            assert!(e.matched);
        }
    }
    println!(
        "expansion: {:?} per command (lookup included)",
        t.elapsed() / (rounds * typed.len() as u32)
    );
}
