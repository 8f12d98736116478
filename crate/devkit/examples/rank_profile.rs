//! Runs the popup's rank over the benchmark's queries in a loop, for a profiler to sample.
//! `cargo run --release --example rank_profile -- <fixture dir> [seconds] [query...]`; without
//! queries, the benchmark's three-word ones.

use solidus_core::catalog::build_catalog;
use solidus_core::rank::{parse_query, Index, Mode, RankOptions};
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("fixture dir");
    let seconds: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    let index = Index::new(build_catalog(&solidus_devkit::sources_from(&dir)).items);
    let options = RankOptions {
        mode: Mode::All,
        limit: 50,
        ..RankOptions::default()
    };
    let given: Vec<String> = args.collect();
    let queries: Vec<_> = if given.is_empty() {
        solidus_devkit::THREE_WORD_QUERIES
            .iter()
            .map(|q| parse_query(q))
            .collect()
    } else {
        given.iter().map(|q| parse_query(q)).collect()
    };
    let end = Instant::now() + Duration::from_secs(seconds);
    let mut runs = 0u64;
    while Instant::now() < end {
        for query in &queries {
            std::hint::black_box(index.rank_with_related(query, &options));
            runs += 1;
        }
    }
    println!("{runs} ranks");
}
