//! Times native ranking over the fixture catalog, to tell core cost from boundary cost.
//! `cargo run --release --example rank_timing -- <fixture dir> [rounds]`
use solidus_core::catalog::{build_catalog, CatalogSources};
use solidus_core::rank::{parse_query, Index, RankOptions};
use std::time::Instant;

fn main() {
    let dir = std::env::args().nth(1).expect("fixture dir");
    let rounds: u32 = std::env::args()
        .nth(2)
        .and_then(|r| r.parse().ok())
        .unwrap_or(100);
    let read = |n: &str| Some(std::fs::read_to_string(format!("{dir}/{n}")).expect(n));
    let sources = CatalogSources {
        keybindings_schema: read("keybindings-schema.json"),
        default_settings: read("default-settings.jsonc"),
        resource_language_schema: read("resource-language-settings-schema.json"),
        default_keybindings: read("default-keybindings.jsonc"),
        extensions: read("extensions.json"),
        registered_commands: read("registered-commands.json"),
    };
    let t = Instant::now();
    let catalog = build_catalog(&sources);
    println!("build {:?}", t.elapsed());
    let index = Index::new(catalog.items);
    for q in [
        "font",
        "word wrap",
        "toggle word wrap",
        "ed fo si",
        "wor wra",
    ] {
        let query = parse_query(q);
        let t = Instant::now();
        for _ in 0..rounds {
            index.rank(&query, &RankOptions::default());
        }
        println!("{q}: {:?}", t.elapsed() / rounds);
    }
}
