//! Prints a request's first rows and where the given ids rank, to see why a request misses.
//! `cargo run --release --example explain -- <fixture dir> "<request>" [id...]`
//! With `EXPLAIN_POPUP=1`, also the popup's every-word rows and its fused list.

use solidus_core::catalog::build_catalog;
use solidus_core::rank::{parse_query, Index, Mode, RankOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("fixture dir");
    let request = args.next().expect("request");
    let ids: Vec<String> = args.collect();
    let index = Index::new(build_catalog(&solidus_devkit::sources_from(&dir)).items);
    let options = RankOptions {
        limit: 200,
        mode: Mode::Any,
        ..RankOptions::default()
    };
    let query = parse_query(&request);
    // The spellings each word is looked for as, and the glossary's parts the request describes.
    let words: Vec<&str> = query.words.iter().map(String::as_str).collect();
    for group in index.word_groups(&words) {
        println!("{}: {:?}", group.word, group.alternatives);
    }
    if std::env::var_os("EXPLAIN_POPUP").is_some() {
        let popup = RankOptions::default();
        let show = |label: &str, rows: Vec<solidus_core::rank::RankedItem>| {
            println!("{label}:");
            for (at, row) in rows.iter().take(8).enumerate() {
                let item = &index.items()[row.index];
                let mark = if row.related { "~" } else { " " };
                println!(
                    "{mark}{at:>3} {:>8} {} | {}",
                    row.score, item.id, item.title
                );
            }
        };
        show("every word", index.rank(&query, &popup));
        show("popup", index.rank_with_related(&query, &popup));
        println!("request ranker:");
    }
    let rows = index.rank(&query, &options);
    for (at, row) in rows.iter().enumerate() {
        let item = &index.items()[row.index];
        let name = item
            .command
            .as_deref()
            .or(item.key.as_deref())
            .unwrap_or("");
        let wanted = ids.iter().any(|id| id == name);
        if at < 12 || wanted {
            println!(
                "{}{at:>3} {:>8} {name} | {}",
                if wanted { "*" } else { " " },
                row.score,
                item.title
            );
        }
    }
    for id in &ids {
        let found = index
            .items()
            .iter()
            .find(|i| i.command.as_deref() == Some(id) || i.key.as_deref() == Some(id));
        match found {
            Some(item) => println!("  {id}: title {:?}", item.title),
            None => println!("  {id}: not in the catalog"),
        }
    }
}
