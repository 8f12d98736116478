//! Helpers shared by the slash tests: a candidate file with its text, and discovery over a list.
#![allow(dead_code)]

use solidus_core::slash::{discover, CandidateFile, DiscoverInput, Discovery, Provider, Scope};

/// A file the shell found and read, not gitignored.
pub fn candidate(
    provider: Provider,
    scope: Scope,
    root: &str,
    path: &str,
    text: &str,
) -> CandidateFile {
    CandidateFile {
        provider,
        scope,
        root: root.into(),
        path: path.into(),
        text: Some(text.into()),
        read_error: None,
        gitignored: false,
        outside: None,
        namespace: None,
    }
}

/// Discovery over these files in a trusted workspace, every provider on.
pub fn run(files: Vec<CandidateFile>) -> Discovery {
    discover(&DiscoverInput {
        files,
        ..DiscoverInput::default()
    })
}
