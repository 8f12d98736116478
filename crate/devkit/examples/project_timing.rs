//! Times the project catalog for a synthetic monorepo (default 200 packages × 10 scripts), for
//! issue 5's figures: `cargo run --release --example project_timing -- [packages] [scripts] [rounds]`
use std::time::{Duration, Instant};

use solidus_core::project::{build_project, files_to_read, Known};

fn arg(n: usize, default: usize) -> usize {
    std::env::args()
        .nth(n)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let (packages, scripts, rounds) = (arg(1, 200), arg(2, 10), arg(3, 50).max(1));
    let input = solidus_devkit::monorepo(packages, scripts);
    let known = Known::new();
    let mut request_times = Vec::new();
    let mut build_times = Vec::new();
    let mut items = 0;
    let mut json_bytes = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        let request = files_to_read(&input);
        request_times.push(t.elapsed());
        assert_eq!(request.folders.len(), 1);
        let t = Instant::now();
        let catalog = build_project(&input, &known);
        build_times.push(t.elapsed());
        items = catalog.items.len();
        json_bytes = serde_json::to_string(&catalog)
            .map(|s| s.len())
            .unwrap_or(0);
    }
    let median = |mut v: Vec<Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    println!("packages {packages} × scripts {scripts}, {rounds} rounds");
    println!("items {items} (scripts, packs and built-ins), result JSON {json_bytes} bytes");
    println!("files_to_read (round 2) median {:?}", median(request_times));
    println!("build_project median {:?}", median(build_times));
}
