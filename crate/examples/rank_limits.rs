//! Compares native rank cost at limit 1 and 50, to see what the results themselves cost.
use solidus_core::catalog::{build_catalog, CatalogSources};
use solidus_core::rank::{parse_query, Index, RankOptions};
use std::time::Instant;

fn main() {
    let dir = std::env::args().nth(1).expect("fixture dir");
    let read = |n: &str| Some(std::fs::read_to_string(format!("{dir}/{n}")).expect(n));
    let sources = CatalogSources {
        keybindings_schema: read("keybindings-schema.json"),
        default_settings: read("default-settings.jsonc"),
        resource_language_schema: read("resource-language-settings-schema.json"),
        default_keybindings: read("default-keybindings.jsonc"),
        extensions: read("extensions.json"),
        registered_commands: read("registered-commands.json"),
    };
    let index = Index::new(build_catalog(&sources).items);
    let queries: Vec<_> = ["font", "sav", "zen", "tab", "format", "theme", "commit", "word wrap", "font size"].iter().map(|q| parse_query(q)).collect();
    for limit in [1, 50, 1, 50] {
        let options = RankOptions { limit, ..Default::default() };
        let t = Instant::now();
        for _ in 0..200 {
            for q in &queries {
                index.rank(q, &options);
            }
        }
        println!("limit {limit}: {:?} per rank", t.elapsed() / (200 * queries.len() as u32));
    }
}
