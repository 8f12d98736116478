//! Times the /do core natively over the fixture catalog: shortlist + prompt for the seed request
//! (p50 of 50 runs), the prompt's size, and parsing and validating answers.
//! `cargo run --release --example agent_timing -- <fixture dir> [runs]`

use std::time::{Duration, Instant};

use solidus_core::agent::{check_response, prepare_request, PromptContext, ShortlistOptions};
use solidus_core::catalog::build_catalog;
use solidus_core::rank::Index;

const SEED: &str = "make the font bigger and turn on word wrap";

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort_unstable();
    let at = ((samples.len() as f64 - 1.0) * p).round() as usize;
    samples[at]
}

fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, Duration) {
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed()
        })
        .collect();
    (percentile(&mut samples, 0.5), percentile(&mut samples, 0.9))
}

fn main() {
    let dir = std::env::args().nth(1).expect("fixture dir");
    let runs: usize = std::env::args()
        .nth(2)
        .and_then(|r| r.parse().ok())
        .unwrap_or(50);
    let sources = solidus_devkit::sources_from(&dir);
    let index = Index::new(build_catalog(&sources).items);
    let context = PromptContext {
        os: "linux".into(),
        language: Some("rust".into()),
        text_selected: false,
        stack: vec!["rust".into()],
    };
    let options = ShortlistOptions::default();

    let prepared = prepare_request(&index, SEED, &context, &options).expect("prompt");
    let (p50, p90) = time(runs, || prepare_request(&index, SEED, &context, &options));
    println!("shortlist + prompt, seed request: p50 {p50:?}, p90 {p90:?} over {runs} runs");
    println!(
        "  shortlist {} items, {} settings; prompt {} characters (system {}, user {})",
        prepared.shortlist.len(),
        prepared.shortlist.settings.len(),
        prepared.prompt.system.chars().count() + prepared.prompt.user.chars().count(),
        prepared.prompt.system.chars().count(),
        prepared.prompt.user.chars().count()
    );

    let longest: String = "wrap font size theme minimap ".repeat(140);
    let longest = &longest[..3990];
    let (p50, _) = time(runs.min(20), || {
        prepare_request(&index, longest, &context, &options)
    });
    println!("shortlist + prompt, a 3,990-character request: p50 {p50:?}");

    let answer = r#"Here you go: {"reply": "I'll increase the editor font size to 16 and turn on word wrap.", "steps": [{"type": "setting", "key": "editor.fontSize", "value": 16, "why": "bigger font"}, {"type": "setting", "key": "editor.wordWrap", "value": "on", "why": "enable word wrap"}]}"#;
    let (p50, _) = time(runs, || check_response(answer, &index));
    println!("parse + validate, seed answer: p50 {p50:?}");

    let mut noise = String::with_capacity(1 << 20);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    // No closing brace: the scan from the first `{` runs to the end, the costliest case.
    let alphabet = b"{[]\":,\\ abc\n";
    while noise.len() < 1 << 20 {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let pick = (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize;
        noise.push(alphabet[pick % alphabet.len()] as char);
    }
    let (p50, _) = time(runs.min(20), || check_response(&noise, &index));
    println!("parse, 1 MB of unclosed bracket noise: p50 {p50:?}");
    let braces = "{".repeat(1 << 20);
    let (p50, _) = time(runs.min(20), || check_response(&braces, &index));
    println!("parse, 1 MB of opening braces: p50 {p50:?}");
    let prose: String = "lorem ipsum [dolor] \"sit\" amet; ".repeat(1 << 15);
    let with_plan = format!("{prose}{answer}");
    let (p50, _) = time(runs.min(20), || check_response(&with_plan, &index));
    println!("parse + validate, plan after 1 MB of prose: p50 {p50:?}");
}
