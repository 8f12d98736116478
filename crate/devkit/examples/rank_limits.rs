//! Native rank cost at limit 1 and 50 (what the results themselves cost).
//! `cargo run --release --example rank_limits -- <fixture dir>`

use solidus_core::catalog::build_catalog;
use solidus_core::rank::{parse_query, Index, RankOptions};
use std::time::Instant;

fn main() {
    let dir = std::env::args().nth(1).expect("fixture dir");
    let sources = solidus_devkit::sources_from(&dir);
    let index = Index::new(build_catalog(&sources).items);
    let queries: Vec<_> = [
        "font",
        "sav",
        "zen",
        "tab",
        "format",
        "theme",
        "commit",
        "word wrap",
        "font size",
    ]
    .iter()
    .map(|q| parse_query(q))
    .collect();
    for limit in [1, 50, 1, 50] {
        let options = RankOptions {
            limit,
            ..Default::default()
        };
        let t = Instant::now();
        for _ in 0..200 {
            for q in &queries {
                index.rank(q, &options);
            }
        }
        println!(
            "limit {limit}: {:?} per rank",
            t.elapsed() / (200 * queries.len() as u32)
        );
    }
}
