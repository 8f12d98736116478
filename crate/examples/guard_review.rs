//! Lists the fixture's commands a safe family glob classifies, one `<id> <rule line>` a line: the
//! input for reviewing families into `commands.reviewed`.
//! `cargo run --release --example guard_review -- <fixture dir>`

mod fixture;

use solidus_core::catalog::build_catalog;
use solidus_core::risk::{command_rules, Effect};
use solidus_core::{Index, ItemKind};

fn main() {
    let dir = std::env::args().nth(1).expect("fixture dir");
    let index = Index::new(build_catalog(&fixture::sources(&dir)).items);
    let mut ids: Vec<(String, usize)> = Vec::new();
    for item in index.items().iter().filter(|i| i.kind == ItemKind::Command) {
        let id = item.command.as_deref().unwrap_or("");
        if let Some(rule) = command_rules().classifying(id) {
            if rule.effect == Effect::Safe && !rule.is_exact() {
                ids.push((id.to_string(), rule.line));
            }
        }
    }
    if std::env::args().nth(2).as_deref() == Some("settings") {
        unreviewed_settings(&index);
        return;
    }
    ids.sort();
    for (id, line) in ids {
        println!("{id} {line}");
    }
}

/// Settings a switch-with-effects description left unreviewed, for the settings review.
#[allow(dead_code)]
fn unreviewed_settings(index: &Index) {
    for item in index.items().iter().filter(|i| i.kind == ItemKind::Setting) {
        if item.risk == Effect::Unreviewed {
            println!("setting {}", item.key.as_deref().unwrap_or(""));
        }
    }
}
