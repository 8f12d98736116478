//! Helpers shared by the `project_*` tests: folders from file tables and short views of results.
#![allow(dead_code)]

use solidus_core::project::{
    build_project, FileInput, FolderInput, Known, Os, ProjectCatalog, ProjectInput,
};

/// A folder from `(path, text)` pairs; an empty text stands for a file whose presence matters.
pub fn folder(name: &str, files: &[(&str, &str)]) -> FolderInput {
    FolderInput {
        name: name.to_string(),
        root: format!("/work/{name}"),
        files: files
            .iter()
            .map(|(path, text)| FileInput {
                path: path.to_string(),
                text: text.to_string(),
            })
            .collect(),
        ..Default::default()
    }
}

/// A trusted Linux workspace.
pub fn input(folders: Vec<FolderInput>) -> ProjectInput {
    ProjectInput {
        folders,
        trusted: true,
        os: Os::Linux,
        ..Default::default()
    }
}

pub fn build(input: &ProjectInput) -> ProjectCatalog {
    build_project(input, &Known::new())
}

/// `(id, title, detail, command line, cwd)` of every item whose id starts with `prefix`.
pub fn rows(
    catalog: &ProjectCatalog,
    prefix: &str,
) -> Vec<(String, String, String, String, String)> {
    catalog
        .items
        .iter()
        .filter(|i| i.id.starts_with(prefix))
        .map(|i| {
            let run = catalog.run(&i.id).expect("every script has a run spec");
            (
                i.id.clone(),
                i.title.clone(),
                i.detail.clone().unwrap_or_default(),
                run.command_line.clone(),
                run.cwd.clone(),
            )
        })
        .collect()
}

/// `source: message` of every warning.
pub fn warnings(catalog: &ProjectCatalog) -> Vec<String> {
    catalog
        .warnings
        .iter()
        .map(|w| format!("{}: {}", w.source, w.message))
        .collect()
}

/// Turns `&str` tuples into the owned rows `rows` returns, for comparisons.
pub fn expect(
    table: &[(&str, &str, &str, &str, &str)],
) -> Vec<(String, String, String, String, String)> {
    table
        .iter()
        .map(|(a, b, c, d, e)| {
            (
                a.to_string(),
                b.to_string(),
                c.to_string(),
                d.to_string(),
                e.to_string(),
            )
        })
        .collect()
}
