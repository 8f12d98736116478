//! How often the glossary names the right part for descriptions in a second author's words
//! (`bench/part-descriptions.jsonl`, written blind to the glossary): right first, wrong first,
//! or none. `SHOW=1` prints the wrong ones.
//! `cargo run --release --example glossary_probe -- bench/part-descriptions.jsonl`

use solidus_core::vocabulary::described_parts;

fn main() {
    let path = std::env::args().nth(1).expect("part-descriptions.jsonl");
    let text = std::fs::read_to_string(&path).expect("readable descriptions");
    let (mut right, mut wrong, mut none, mut total) = (0, 0, 0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let row: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let description = row["description"]
            .as_str()
            .expect("description")
            .to_lowercase();
        let names: Vec<&str> = row["names"]
            .as_array()
            .expect("names")
            .iter()
            .filter_map(|n| n.as_str())
            .collect();
        let words: Vec<&str> = description
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        total += 1;
        let groups = described_parts(&words);
        if groups.is_empty() {
            none += 1;
            continue;
        }
        // The best part's words come first, one group each.
        let first: Vec<&str> = groups
            .iter()
            .take(names.len())
            .map(|g| g.word.as_str())
            .collect();
        if first == names {
            right += 1;
        } else {
            wrong += 1;
            if std::env::var_os("SHOW").is_some() {
                eprintln!("{names:?} <- {description:?}: got {first:?}");
            }
        }
    }
    let share = |n: usize| n as f64 / total.max(1) as f64;
    println!(
        "{path}: {total} descriptions; the right part first {right} ({:.3}), a wrong one {wrong} ({:.3}), none {none} ({:.3})",
        share(right),
        share(wrong),
        share(none)
    );
}
