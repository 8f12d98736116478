//! The popup's first five rows on phrase sets: whether the action meant is among them, overall
//! and by kind of phrase, ranked as the popup ranks (the typed text parsed as the popup parses
//! it, `all` mode with related rows, limit 50) over the fixture's catalog, as `solidus rank` does.
//! A set given after `--held-out` reports counts only, never a phrase, so it stays unseen.
//! `cargo run --release --example popup_phrases -- <fixture dir> <dev.jsonl>... [--held-out <set.jsonl>...]`

use std::collections::BTreeMap;

use solidus_core::catalog::build_catalog;
use solidus_core::input::{parse_input, Input};
use solidus_core::rank::{parse_plain, Index, RankOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("fixture dir");
    let index = Index::new(build_catalog(&solidus_devkit::sources_from(&dir)).items);
    let mut held_out = false;
    for file in args {
        if file == "--held-out" {
            held_out = true;
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("phrases file");
        let mut by_kind: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        let (mut hits, mut total) = (0, 0);
        let mut misses = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let phrase = v["phrase"].as_str().expect("phrase");
            let expect: Vec<String> = serde_json::from_value(v["expect"].clone()).expect("expect");
            let kind = v["kind"].as_str().unwrap_or("-").to_string();
            let query = match parse_input(phrase) {
                Input::Search { query, .. } => parse_plain(&query),
                _ => parse_plain(phrase),
            };
            let rows = index.rank_with_related(&query, &RankOptions::default());
            let names: Vec<&str> = rows
                .iter()
                .take(5)
                .flat_map(|r| {
                    let item = &index.items()[r.index];
                    [item.command.as_deref(), item.key.as_deref()]
                        .into_iter()
                        .flatten()
                })
                .collect();
            let hit = names.iter().any(|n| expect.iter().any(|e| e == n));
            let counts = by_kind.entry(kind.clone()).or_default();
            counts.1 += 1;
            total += 1;
            if hit {
                counts.0 += 1;
                hits += 1;
            } else if !held_out {
                misses.push(format!("  [{kind}] {phrase:?}: got {names:?}"));
                if std::env::var_os("POPUP_SHOW_ANY").is_some() {
                    // Where the wanted item stands in the every-word list and in the request
                    // ranker's, to see which of the two lost it.
                    let place = |mode: solidus_core::Mode| {
                        let options = RankOptions {
                            mode,
                            limit: 60,
                            ..RankOptions::default()
                        };
                        index.rank(&query, &options).iter().position(|r| {
                            let item = &index.items()[r.index];
                            [item.command.as_deref(), item.key.as_deref()]
                                .into_iter()
                                .flatten()
                                .any(|n| expect.iter().any(|e| e == n))
                        })
                    };
                    misses.push(format!(
                        "      every-word at {:?}, request ranker at {:?}",
                        place(solidus_core::Mode::All),
                        place(solidus_core::Mode::Any)
                    ));
                }
            }
        }
        println!(
            "{file}{}: first five {:.3} ({hits}/{total})",
            if held_out { " (held out)" } else { "" },
            hits as f64 / total.max(1) as f64
        );
        let kinds: Vec<String> = by_kind
            .iter()
            .map(|(k, (h, n))| format!("{k} {h}/{n}"))
            .collect();
        println!("  by kind: {}", kinds.join(", "));
        for m in misses {
            println!("{m}");
        }
    }
}
