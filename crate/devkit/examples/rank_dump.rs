//! Prints the ranked rows (id, position, score, highlights) of about 4,500 queries in both
//! modes, so a change meant to keep behaviour can be diffed before and after.
//! `cargo run --release --example rank_dump -- <fixture dir> <requests.jsonl> > rows.txt`

use solidus_core::catalog::build_catalog;
use solidus_core::rank::{parse_query, Index, Mode, RankOptions};
use solidus_core::ItemKind;
use std::fmt::Write;

fn main() {
    let dir = std::env::args().nth(1).expect("fixture dir");
    let requests = std::env::args().nth(2).expect("requests");
    let sources = solidus_devkit::sources_from(&dir);
    let index = Index::new(build_catalog(&sources).items);
    let mut queries: Vec<String> = [
        "font",
        "zen",
        "format",
        "wrap",
        "minimap",
        "theme",
        "terminal",
        "commit",
        "sav",
        "tab",
        "rename",
        "fold",
        "ligatures",
        "autosave",
        "breadcrumbs",
        "word wrap",
        "font size",
        "tab size",
        "save all",
        "close editor",
        "toggle sidebar",
        "git push",
        "line numbers",
        "format document",
        "auto save",
        "go line",
        "color theme",
        "split editor",
        "find files",
        "wor wra",
        "toggle word wrap",
        "editor font size",
        "format on save",
        "close all editors",
        "toggle zen mode",
        "fosi",
        "tgwr",
        "comit",
        "\"word wrap\"",
        "\"font size\" editor",
        "\"lines will wrap\"",
        "/wrap",
        "/w",
        "/",
        "/zen x",
        "workbench.action.showcommands",
        "editor.fontsize",
        "git: clone",
        "view: toggle",
        "x",
        "e",
        "a b c d e",
        "wordwrap",
        "fontsize",
        "toggleword",
        "bounded",
        "pixels",
        "größe",
        "İ",
    ]
    .iter()
    .chain(solidus_devkit::THREE_WORD_QUERIES)
    .map(|s| s.to_string())
    .collect();
    let items = index.items();
    // Queries made from every 23rd title: prefixes of its first word, its first and last
    // words, initials-style chunks, and the whole title or key of every third one.
    for (i, item) in items.iter().enumerate().step_by(23) {
        let words: Vec<String> = item
            .title
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| w.to_lowercase())
            .collect();
        if let Some(w) = words.first() {
            let c: Vec<char> = w.chars().collect();
            for n in [2, 3, 5] {
                if c.len() >= n {
                    queries.push(c[..n].iter().collect());
                }
            }
        }
        if words.len() >= 2 {
            queries.push(format!("{} {}", words[0], words[words.len() - 1]));
            let a: String = words[words.len() - 1].chars().take(3).collect();
            let b: String = words[0].chars().take(2).collect();
            queries.push(format!("{a} {b}"));
            let fz: String = words
                .iter()
                .map(|w| w.chars().take(2).collect::<String>())
                .collect();
            queries.push(fz);
        }
        if i % 3 == 0 {
            queries.push(item.title.to_lowercase());
            if let Some(k) = &item.key {
                queries.push(k.to_lowercase());
            }
        }
    }
    let mut out = String::new();
    let recent = vec![
        items[10].id.clone(),
        items[500].id.clone(),
        items[3000].id.clone(),
    ];
    let popup_options = [
        RankOptions::default(),
        RankOptions {
            limit: 7,
            recent: recent.clone(),
            ..Default::default()
        },
        RankOptions {
            limit: 20,
            kinds: vec![ItemKind::Setting],
            ..Default::default()
        },
    ];
    for q in &queries {
        let query = parse_query(q);
        for (o, options) in popup_options.iter().enumerate() {
            writeln!(out, "# all {o} {q:?}").unwrap();
            for r in index.rank(&query, options) {
                writeln!(
                    out,
                    "{} {} {} {:?}",
                    items[r.index].id, r.index, r.score, r.highlights
                )
                .unwrap();
            }
        }
    }
    let requests = std::fs::read_to_string(requests).expect("requests");
    let mut requests: Vec<String> = requests
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["request"].as_str().map(String::from))
        .collect();
    // Popup queries too: the shortlist also sees short requests.
    requests.extend(queries.iter().step_by(5).cloned());
    for q in &requests {
        let query = parse_query(q);
        for (o, options) in [
            RankOptions {
                limit: 60,
                mode: Mode::Any,
                ..Default::default()
            },
            RankOptions {
                limit: 20,
                mode: Mode::Any,
                recent: recent.clone(),
                ..Default::default()
            },
        ]
        .iter()
        .enumerate()
        {
            writeln!(out, "# any {o} {q:?}").unwrap();
            for r in index.rank(&query, options) {
                writeln!(
                    out,
                    "{} {} {} {:?}",
                    items[r.index].id, r.index, r.score, r.highlights
                )
                .unwrap();
            }
        }
    }
    print!("{out}");
}
