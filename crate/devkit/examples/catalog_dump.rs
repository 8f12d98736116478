//! Prints every command and setting of a catalog with its class, reason and basis, one per line:
//! the view a reviewer of the guard's rule files works from.
//! `cargo run --release --example catalog_dump -- <folder with the six VS Code documents>`
use solidus_core::catalog::build_catalog;
use solidus_core::risk::{command_verdict, setting_basis, setting_verdict};
fn main() {
    let dir = std::env::args().nth(1).expect("the fixture folder");
    let catalog = build_catalog(&solidus_devkit::sources_from(&dir));
    for item in &catalog.items {
        match (&item.command, &item.key, &item.setting) {
            (Some(id), _, _) => {
                let v = command_verdict(id);
                println!(
                    "C\t{id}\t{}\t{}\t{}",
                    v.effect.rule_name(),
                    v.reason,
                    item.title
                );
            }
            (_, Some(key), Some(s)) => {
                let v = setting_verdict(key, Some(s), None);
                println!(
                    "S\t{key}\t{}\t{}\t{:?}\t{:?}\t{}\t{}",
                    v.effect.rule_name(),
                    v.reason,
                    setting_basis(key, Some(s)),
                    s.types,
                    s.restricted,
                    s.description
                        .chars()
                        .take(150)
                        .collect::<String>()
                        .replace(['\n', '\t'], " ")
                );
            }
            _ => {}
        }
    }
}
