//! Shortlist recall at 20 and 60 on request sets, with each miss and where its ids ranked, so
//! a ranker change can be judged natively in seconds (`npm run bench` reports the same figures in wasm).
//! `cargo run --release --example recall -- <fixture dir> <requests.jsonl>...`

use solidus_core::catalog::build_catalog;
use solidus_core::rank::{parse_query, Index, Mode, RankOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("fixture dir");
    let index = Index::new(build_catalog(&solidus_devkit::sources_from(&dir)).items);
    for file in args {
        let text = std::fs::read_to_string(&file).expect("requests file");
        let requests: Vec<(String, Vec<Vec<String>>)> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
                let expect = serde_json::from_value(v["expect"].clone()).expect("expect");
                (v["request"].as_str().expect("request").to_string(), expect)
            })
            .collect();
        let options = RankOptions {
            limit: 200,
            mode: Mode::Any,
            ..RankOptions::default()
        };
        let (mut at20, mut at60) = (0, 0);
        let mut misses = Vec::new();
        for (request, expect) in &requests {
            let rows = index.rank(&parse_query(request), &options);
            let names: Vec<Vec<&str>> = rows
                .iter()
                .map(|r| {
                    let item = &index.items()[r.index];
                    [item.command.as_deref(), item.key.as_deref()]
                        .into_iter()
                        .flatten()
                        .collect()
                })
                .collect();
            // The worst position among the groups: a request is covered when every group is.
            let positions: Vec<Option<usize>> = expect
                .iter()
                .map(|group| {
                    names
                        .iter()
                        .position(|n| n.iter().any(|name| group.iter().any(|g| g == name)))
                })
                .collect();
            let worst = positions
                .iter()
                .map(|p| p.unwrap_or(usize::MAX))
                .max()
                .unwrap_or(0);
            if worst < 20 {
                at20 += 1;
            }
            if worst < 60 {
                at60 += 1;
            } else {
                misses.push(format!("  {request:?}: {positions:?} {expect:?}"));
            }
            if (20..60).contains(&worst) {
                misses.push(format!("  (@20) {request:?}: {positions:?}"));
            }
        }
        let n = requests.len() as f64;
        println!(
            "{file}: recall@20 {:.3} ({at20}/{}), recall@60 {:.3} ({at60}/{})",
            at20 as f64 / n,
            requests.len(),
            at60 as f64 / n,
            requests.len()
        );
        for m in misses {
            println!("{m}");
        }
    }
}
