//! Times the popup's rank natively for the benchmark's three-word queries, related rows on and off,
//! so a slower all pass and a costly related pass can be told apart.
//! `cargo run --release --example rank_timing -- <fixture dir>`

use solidus_core::catalog::build_catalog;
use solidus_core::rank::{parse_query, Index, Mode, RankOptions};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let dir = std::env::args().nth(1).expect("fixture dir");
    let index = Index::new(build_catalog(&solidus_devkit::sources_from(&dir)).items);
    let options = RankOptions {
        mode: Mode::All,
        limit: 50,
        ..RankOptions::default()
    };
    for q in solidus_devkit::THREE_WORD_QUERIES {
        let query = parse_query(q);
        let time = |related: bool| {
            let runs: Vec<f64> = (0..200)
                .map(|_| {
                    let start = Instant::now();
                    let rows = if related {
                        index.rank_with_related(&query, &options)
                    } else {
                        index.rank(&query, &options)
                    };
                    std::hint::black_box(rows);
                    start.elapsed().as_secs_f64() * 1e3
                })
                .collect();
            median(runs)
        };
        let (all, with_related) = (time(false), time(true));
        println!("{q:26} all {all:.3} ms, with related {with_related:.3} ms");
    }
}
