//! Arbitrary input never panics the agent: the response parser, the validator and the prompt
//! builder, with the invariants each promises checked on every input.
//!
//! A small deterministic generator stands in for a fuzzer so the test is repeatable and fast.

mod xorshift;
use xorshift::Rng;

mod agent_common;

use agent_common::{command, other, setting};
use serde_json::{json, Map, Value};
use solidus_core::agent::{
    build_prompt, check_response, parse_response, validate_plan, Outcome, PromptContext, RawPlan,
    Shortlist, ValidatedPlan, MAX_STEPS,
};
use solidus_core::rank::Index;

impl Rng {
    /// Text biased towards what a model's answer is made of, with the plan's own words.
    fn answer_text(&mut self, max: usize) -> String {
        const PIECES: &[&str] = &[
            "{",
            "}",
            "[",
            "]",
            ":",
            ",",
            "\"",
            "\\",
            "\\\"",
            "```",
            "```json\n",
            "\n",
            " ",
            "\"reply\"",
            "\"steps\"",
            "\"type\"",
            "\"item\"",
            "\"setting\"",
            "\"terminal\"",
            "\"id\"",
            "\"key\"",
            "\"value\"",
            "\"args\"",
            "\"command\"",
            "\"why\"",
            "16",
            "-1e999",
            "true",
            "null",
            "\"editor.fontSize\"",
            "\"term:run\"",
            "Sure! ",
            "é",
            "😀",
            "\u{0}",
            "\u{202e}",
            "{\"reply\": \"x\", \"steps\": [",
        ];
        let len = self.below(max);
        let mut out = String::new();
        for _ in 0..len {
            out.push_str(self.pick(PIECES));
        }
        out
    }

    fn value(&mut self, depth: u8) -> Value {
        const STRINGS: &[&str] = &[
            "item",
            "setting",
            "terminal",
            "shell",
            "term:run",
            "command:editor.action.toggleWordWrap",
            "command:npm.runScript",
            "setting:editor.wordWrap",
            "editor.fontSize",
            "editor.wordWrap",
            "terminal.integrated.shell.linux",
            "slash:review",
            "script:npm:test",
            "on",
            "",
            "rm -rf ~",
            "a\rb",
            "\u{202e}",
            "safe",
        ];
        match self.below(if depth > 2 { 5 } else { 8 }) {
            0 => Value::Null,
            1 => Value::Bool(self.below(2) == 0),
            2 => json!(self.below(200) as i64 - 50),
            3 => json!(self.below(1000) as f64 / 7.0),
            4 => Value::String(self.pick(STRINGS).to_string()),
            5 => Value::Array((0..self.below(4)).map(|_| self.value(depth + 1)).collect()),
            _ => Value::Object(self.step(depth + 1)),
        }
    }

    /// A step of a real shape with plausible, often valid, values; sometimes a field is odd.
    fn plausible_step(&mut self) -> Value {
        let mut step = match self.below(3) {
            0 => {
                let id = self.pick(&[
                    "command:editor.action.toggleWordWrap",
                    "command:npm.runScript",
                    "slash:review",
                    "script:npm:test",
                    "term:run",
                    "command:nope",
                ]);
                let mut step = json!({"type": "item", "id": id, "why": "w"});
                match self.below(4) {
                    0 => {}
                    1 => step["args"] = json!(""),
                    2 => step["args"] = json!("ls -la"),
                    _ => step["args"] = self.value(1),
                }
                step
            }
            1 => {
                let key = self.pick(&[
                    "editor.fontSize",
                    "editor.wordWrap",
                    "terminal.integrated.shell.linux",
                    "editor.nope",
                ]);
                let value = match self.below(4) {
                    0 => json!(16),
                    1 => json!("on"),
                    2 => json!("/bin/zsh"),
                    _ => self.value(1),
                };
                json!({"type": "setting", "key": key, "value": value, "why": "w"})
            }
            _ => {
                let command = self.pick(&["npm test", "ls", "", "a\rb", "echo \u{202e}"]);
                json!({"type": "terminal", "command": command})
            }
        };
        if self.below(4) == 0 {
            step["risk"] = json!("safe");
            step["safe"] = json!(true);
        }
        step
    }

    /// A step-like object: mostly the right keys, with random values of random types.
    fn step(&mut self, depth: u8) -> Map<String, Value> {
        const KEYS: &[&str] = &[
            "type", "id", "key", "value", "args", "command", "why", "risk", "safe",
        ];
        let mut map = Map::new();
        for _ in 0..self.below(6) {
            let key = self.pick(KEYS).to_string();
            let value = if key == "type" && self.below(4) > 0 {
                Value::String(self.pick(&["item", "setting", "terminal"]).to_string())
            } else {
                self.value(depth)
            };
            map.insert(key, value);
        }
        map
    }
}

fn small_catalog() -> Index {
    Index::new(vec![
        command(
            "editor.action.toggleWordWrap",
            "View: Toggle Word Wrap",
            "safe",
        ),
        command("npm.runScript", "Run", "safe"),
        setting(
            "editor.wordWrap",
            json!({"type": "string", "enum": ["off", "on", "wordWrapColumn", "bounded"]}),
        ),
        setting(
            "editor.fontSize",
            json!({"type": "number", "minimum": 6, "maximum": 100}),
        ),
        setting(
            "terminal.integrated.shell.linux",
            json!({"type": ["string", "null"]}),
        ),
        other("slash:review", "slash", "/review", true, "safe"),
        other(
            "script:npm:test",
            "script",
            "npm: test",
            true,
            "reachesShell",
        ),
    ])
}

/// What every validated plan promises, whatever the model wrote.
fn assert_invariants(plan: &ValidatedPlan, steps_in: usize) {
    assert!(plan.steps.len() <= MAX_STEPS);
    assert_eq!(
        plan.steps.len() + plan.dropped.len() + plan.cut,
        steps_in,
        "every step is kept, dropped or cut"
    );
    assert_eq!(
        plan.must_confirm,
        plan.steps.iter().any(|s| s.risk.needs_confirmation())
    );
    assert_eq!(plan.outcome == Outcome::ReplyOnly, plan.steps.is_empty());
    let mut positions: Vec<usize> = plan
        .steps
        .iter()
        .map(|s| s.step)
        .chain(plan.dropped.iter().map(|d| d.step))
        .collect();
    positions.sort_unstable();
    positions.dedup();
    assert_eq!(positions.len(), plan.steps.len() + plan.dropped.len());
    assert!(positions.iter().all(|&p| p < steps_in));
    for step in &plan.steps {
        assert!(!step.description.is_empty());
        assert_eq!(step.risk_label, step.risk.label());
        assert!(!step.risk_reason.is_empty());
        assert!(!step.description.contains('\u{202e}'));
    }
    for dropped in &plan.dropped {
        assert!(!dropped.reason.is_empty() && !dropped.reason.ends_with('.'));
    }
}

#[test]
fn parser_never_panics_on_arbitrary_text() {
    let index = small_catalog();
    let mut rng = Rng(0x5eed_0001);
    for _ in 0..4000 {
        let text = rng.answer_text(60);
        match parse_response(&text) {
            Ok(plan) => assert_invariants(&validate_plan(&plan, &index), plan.steps.len()),
            Err(e) => {
                let message = e.to_string();
                assert!(!message.is_empty() && !message.ends_with('.'), "{message}");
            }
        }
        let _ = check_response(&text, &index);
    }
}

#[test]
fn parser_never_panics_on_arbitrary_bytes() {
    let mut rng = Rng(0x5eed_0002);
    for _ in 0..2000 {
        let bytes: Vec<u8> = (0..rng.below(200)).map(|_| rng.next() as u8).collect();
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_response(&text);
    }
}

#[test]
fn validator_never_panics_and_keeps_its_promises() {
    let index = small_catalog();
    let mut rng = Rng(0x5eed_0003);
    let (mut kept, mut shell, mut cut) = (0, 0, 0);
    for _ in 0..4000 {
        // Now and then a plan long enough to be cut.
        let count = if rng.below(8) == 0 {
            11 + rng.below(40)
        } else {
            rng.below(12)
        };
        let steps: Vec<Value> = (0..count)
            .map(|_| match rng.below(10) {
                0 => rng.value(0),
                1..=3 => Value::Object(rng.step(0)),
                _ => rng.plausible_step(),
            })
            .collect();
        let plan = RawPlan {
            reply: "r".into(),
            steps,
        };
        let validated = validate_plan(&plan, &index);
        assert_invariants(&validated, count);
        kept += validated.steps.len();
        shell += validated
            .steps
            .iter()
            .filter(|s| s.risk.needs_confirmation())
            .count();
        cut += validated.cut;
        // Round trip through the boundary format.
        let json = serde_json::to_string(&validated).expect("serializable");
        let back: ValidatedPlan = serde_json::from_str(&json).expect("readable");
        assert_eq!(back, validated);
    }
    // The generator reaches every branch that matters, not only the drops.
    assert!(
        kept > 100 && shell > 10 && cut > 0,
        "{kept} kept, {shell} shell, {cut} cut"
    );
}

#[test]
fn prompt_builder_never_lets_workspace_text_out_of_its_fence() {
    let mut rng = Rng(0x5eed_0004);
    const PIECES: &[&str] = &[
        "a",
        " ",
        "\n",
        "\r",
        "`",
        "```",
        "<",
        ">",
        "workspace-data>>>",
        "<<<workspace-data",
        "\"",
        "\\",
        "|",
        "\u{202e}",
        "\u{2028}",
        "\u{0}",
        "é",
        "😀",
        "Request: ",
        "Rules:",
    ];
    for _ in 0..1000 {
        let mut text = || {
            let mut s = String::new();
            for _ in 0..rng.below(12) {
                s.push_str(rng.pick(PIECES));
            }
            s
        };
        let items = vec![
            other(
                &format!("script:{}", text()),
                "script",
                &text(),
                true,
                "reachesShell",
            ),
            other(&format!("file:{}", text()), "file", &text(), true, "safe"),
        ];
        let context = PromptContext {
            os: text(),
            language: Some(text()),
            text_selected: false,
            stack: vec![text(), text()],
        };
        let prompt = build_prompt(&Shortlist::from_items(&items), "do it", &context);
        let lines: Vec<&str> = prompt.user.lines().collect();
        let open = lines.iter().position(|l| *l == "<<<workspace-data");
        let closes = lines.iter().filter(|l| **l == "workspace-data>>>").count();
        if let Some(open) = open {
            assert_eq!(closes, 1, "{}", prompt.user);
            let close = lines
                .iter()
                .position(|l| *l == "workspace-data>>>")
                .expect("close");
            assert!(lines[open + 1..close].iter().all(|l| l.starts_with('"')));
        }
        assert!(!prompt.user.contains('`'));
        assert!(!prompt.user.contains('\u{202e}') && !prompt.user.contains('\u{2028}'));
        assert!(prompt.user.ends_with("Request: do it\n"));
    }
}
