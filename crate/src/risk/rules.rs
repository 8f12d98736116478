//! The reviewed rule files: one rule a line, a class, a glob and a reason; the first match wins.

use std::collections::HashMap;

use serde_json::Value;

use super::Effect;

/// When a setting rule applies: always, or only for the values that lower its guard, in the
/// setting's own schema terms (booleans, enum members, numbers, objects and arrays).
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    Always,
    /// Applies when the new value is this one, or one of this list (`when=false` on a
    /// confirmation, `when=[false,"never","light"]` on one with enum members).
    When(Value),
    /// Applies unless the new value is this one or one of this list (`unless=true` on a trash
    /// switch, `unless="off"` on telemetry).
    Unless(Value),
    /// Applies when a number is below this one (`when=<256`: a smaller local history size).
    Below(f64),
    /// Applies when the value turns something on: `true` itself, or a `true` anywhere inside an
    /// object or array (`when=anytrue` on auto-approval maps and exclude globs).
    AnyTrue,
}

impl Condition {
    /// Whether the rule's class holds for `value`; `None` (no value known, as for the popup's
    /// badge) counts as holding, so a guard setting is always shown as one.
    pub fn holds(&self, value: Option<&Value>) -> bool {
        let Some(value) = value else {
            return true;
        };
        match self {
            Condition::Always => true,
            Condition::When(v) => among(value, v),
            Condition::Unless(v) => !among(value, v),
            // A value that is not a number (a schema allowing both) cannot be read as smaller.
            Condition::Below(limit) => value.as_f64().is_none_or(|n| n < *limit),
            Condition::AnyTrue => any_true(value),
        }
    }
}

/// Whether `value` is `listed`, or one of it when it is a list; `0`, `"off"` and `false` mean the
/// same, as VS Code's settings use each for "off".
fn among(value: &Value, listed: &Value) -> bool {
    let same = |a: &Value, b: &Value| a == b || (is_off(a) && is_off(b));
    match listed {
        Value::Array(list) => list.iter().any(|l| same(value, l)),
        one => same(value, one),
    }
}

fn is_off(value: &Value) -> bool {
    matches!(value, Value::Bool(false)) || value.as_f64() == Some(0.0) || value == "off"
}

fn any_true(value: &Value) -> bool {
    match value {
        Value::Bool(b) => *b,
        Value::Array(list) => list.iter().any(any_true),
        Value::Object(map) => map.values().any(any_true),
        Value::String(text) => !is_off(value) && text != "never" && text != "none",
        Value::Number(_) => !is_off(value),
        Value::Null => false,
    }
}

/// One line of a rule file.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub effect: Effect,
    /// Lowercase glob; `*` is any run of characters.
    pub pattern: String,
    pub condition: Condition,
    pub reason: String,
    /// 1-based line in its file, for tests and reviewers.
    pub line: usize,
    /// Ids the rule must classify (`match:` lines under it), checked when the rules load in tests.
    pub examples: Vec<String>,
    /// Ids the rule's pattern must not match (`not_match:` lines under it).
    pub counter_examples: Vec<String>,
    /// Patterns of later, stricter rules this one shadows on purpose (`shadows:` lines under it);
    /// any other shadowing fails a test.
    pub shadows: Vec<String>,
}

impl Rule {
    /// Whether the rule's pattern matches `id_lower` (already lowercase). A pattern without a
    /// dot matches only ids without one, so `open*` (VS Code's own `openInTerminal`) never
    /// matches an unknown extension's `openai.runCode`.
    pub fn matches(&self, id_lower: &str) -> bool {
        if !self.pattern.contains('.') && id_lower.contains('.') {
            return false;
        }
        glob_matches(&self.pattern, id_lower)
    }

    /// Whether the rule names one id exactly, rather than a family.
    pub fn is_exact(&self) -> bool {
        !self.pattern.contains('*')
    }
}

/// A rule file, parsed. Bad lines are kept as errors; a test requires there are none.
#[derive(Clone, Debug, Default)]
pub struct RuleSet {
    pub rules: Vec<Rule>,
    pub errors: Vec<String>,
    /// Rule positions by the literal segments a pattern starts with (none, one or two), so a
    /// lookup scans only the rules that can match: about 700 command rules, 3,000 commands.
    buckets: HashMap<String, Vec<usize>>,
}

/// How many leading segments are used as a bucket key.
const KEY_SEGMENTS: usize = 2;

/// The bucket key of a lowercase pattern: its leading literal segments, at most two.
fn pattern_key(pattern: &str) -> String {
    let literal: Vec<&str> = pattern
        .split('.')
        .take_while(|segment| !segment.contains('*'))
        .take(KEY_SEGMENTS)
        .collect();
    literal.join(".")
}

/// The keys an id's matching rules can have: none, its first segment, its first two.
fn id_keys(id: &str) -> impl Iterator<Item = &str> {
    let ends = id.match_indices('.').map(|(i, _)| i).chain([id.len()]);
    std::iter::once("").chain(ends.take(KEY_SEGMENTS).map(move |end| &id[..end]))
}

impl RuleSet {
    /// Reads `<class> <pattern> [when=<json>|unless=<json>] <reason>` lines; `#` starts a comment
    /// line. Cost: one pass over the text, once per process.
    pub fn parse(text: &str) -> RuleSet {
        let mut set = RuleSet::default();
        for (index, line) in text.lines().enumerate() {
            let line_no = index + 1;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            // A rule's own examples, as Codex's execpolicy keeps them: `match:`, `not_match:` and
            // `shadows:` lines below the rule they belong to.
            let attached = [("match:", 0), ("not_match:", 1), ("shadows:", 2)]
                .into_iter()
                .find_map(|(prefix, n)| trimmed.strip_prefix(prefix).map(|rest| (n, rest)));
            if let Some((list, rest)) = attached {
                let Some(rule) = set.rules.last_mut() else {
                    set.errors
                        .push(format!("line {line_no}: examples before any rule"));
                    continue;
                };
                let words = rest.split_whitespace().map(str::to_string);
                match list {
                    0 => rule.examples.extend(words),
                    1 => rule.counter_examples.extend(words),
                    _ => rule.shadows.extend(words.map(|w| w.to_ascii_lowercase())),
                }
                continue;
            }
            match parse_line(trimmed, line_no) {
                Ok(rule) => {
                    let key = pattern_key(&rule.pattern);
                    set.buckets.entry(key).or_default().push(set.rules.len());
                    set.rules.push(rule);
                }
                Err(message) => set.errors.push(format!("line {line_no}: {message}")),
            }
        }
        set
    }

    /// The first rule matching `id` and `keep`, in file order. Cost: a scan of the few buckets
    /// the id's first segments select.
    fn first(&self, id: &str, keep: impl Fn(&Rule) -> bool) -> Option<&Rule> {
        let lower = id.to_ascii_lowercase();
        id_keys(&lower)
            .filter_map(|key| self.buckets.get(key))
            .filter_map(|positions| {
                positions
                    .iter()
                    .copied()
                    .find(|&i| keep(&self.rules[i]) && self.rules[i].matches(&lower))
            })
            .min()
            .map(|i| &self.rules[i])
    }

    /// The first rule matching `id`, whatever its condition: the rule that classifies it.
    pub fn classifying(&self, id: &str) -> Option<&Rule> {
        self.first(id, |_| true)
    }

    /// The first rule naming `id` exactly (`exact`), or the first family rule matching it.
    pub fn classifying_by(&self, id: &str, exact: bool) -> Option<&Rule> {
        self.first(id, |rule| rule.is_exact() == exact)
    }
}

fn parse_line(line: &str, line_no: usize) -> Result<Rule, String> {
    let mut rest = line;
    let mut word = || {
        let text = rest.trim_start();
        let end = text.find(char::is_whitespace).unwrap_or(text.len());
        let (head, tail) = text.split_at(end);
        rest = tail;
        head
    };
    let class = word();
    let effect = Effect::from_rule_name(class).ok_or_else(|| format!("unknown class “{class}”"))?;
    let pattern = word().to_ascii_lowercase();
    if pattern.is_empty() {
        return Err("no pattern".into());
    }
    let mut condition = Condition::Always;
    let mut reason = rest.trim();
    for (prefix, make) in [
        ("when=", Condition::When as fn(Value) -> Condition),
        ("unless=", Condition::Unless as fn(Value) -> Condition),
    ] {
        if let Some(after) = reason.strip_prefix(prefix) {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            let text = &after[..end];
            condition = match (prefix, text) {
                ("when=", "anytrue") => Condition::AnyTrue,
                ("when=", below) if below.starts_with('<') => Condition::Below(
                    below[1..]
                        .parse()
                        .map_err(|e| format!("when=<N needs a number: {e}"))?,
                ),
                _ => make(
                    serde_json::from_str(text)
                        .map_err(|e| format!("{prefix} needs a JSON value: {e}"))?,
                ),
            };
            reason = after[end..].trim();
        }
    }
    if reason.is_empty() {
        return Err(format!("the rule for “{pattern}” has no reason"));
    }
    Ok(Rule {
        effect,
        pattern,
        condition,
        reason: reason.to_string(),
        line: line_no,
        examples: Vec::new(),
        counter_examples: Vec::new(),
        shadows: Vec::new(),
    })
}

/// Glob match where `*` is any run of characters (dots included); both sides lowercase.
/// Cost: linear in the text times the number of stars, without allocation.
pub fn glob_matches(pattern: &str, text: &str) -> bool {
    let (p, t) = (pattern.as_bytes(), text.as_bytes());
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && p[pi] == b'*' {
            star = Some((pi, ti));
            pi += 1;
        } else if pi < p.len() && p[pi] == t[ti] {
            pi += 1;
            ti += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn globs_match_runs_of_any_characters() {
        assert!(glob_matches("git.push*", "git.pushtags"));
        assert!(glob_matches("git.push*", "git.push"));
        assert!(glob_matches("*.openinterminal", "scm.openinterminal"));
        assert!(glob_matches("a*b*c", "axxbyyc"));
        assert!(!glob_matches("a*b*c", "axxbyy"));
        assert!(!glob_matches("git.push", "git.pushto"));
    }

    #[test]
    fn a_pattern_without_a_dot_matches_only_ids_without_one() {
        let set = RuleSet::parse("safe open* opens an editor");
        assert!(set.classifying("openReference").is_some());
        assert!(set.classifying("openai.runCode").is_none());
    }

    #[test]
    fn conditions_pick_the_values_that_lower_a_guard() {
        let set = RuleSet::parse("guard *.confirm* when=false stops asking first");
        assert!(set.errors.is_empty(), "{:?}", set.errors);
        let rule = set.classifying("git.confirmSync").unwrap();
        assert_eq!(rule.effect, Effect::LowersGuard);
        assert!(rule.condition.holds(Some(&json!(false))));
        assert!(!rule.condition.holds(Some(&json!(true))));
        // Without a value (the popup's badge), the guard rule holds.
        assert!(rule.condition.holds(None));
    }

    #[test]
    fn directions_read_in_schema_terms() {
        let set = RuleSet::parse(
            "guard a.confirm when=[false,\"never\",\"light\"] asks\nnetwork a.telemetry unless=false sends\nguard a.size when=<256 keeps less\ntrust a.autoApprove when=anytrue approves",
        );
        assert!(set.errors.is_empty(), "{:?}", set.errors);
        let holds = |id: &str, v: Value| set.classifying(id).unwrap().condition.holds(Some(&v));
        assert!(holds("a.confirm", json!("light")));
        assert!(holds("a.confirm", json!(0)), "0 is false");
        assert!(!holds("a.confirm", json!("always")));
        assert!(!holds("a.telemetry", json!(0)), "a numeric 0 is off");
        assert!(!holds("a.telemetry", json!("off")));
        assert!(holds("a.telemetry", json!("all")));
        assert!(holds("a.size", json!(0)));
        assert!(!holds("a.size", json!(1024)));
        assert!(holds("a.autoApprove", json!({"rm": false, "ls": true})));
        assert!(holds("a.autoApprove", json!({"x": {"approve": true}})));
        assert!(!holds("a.autoApprove", json!({"rm": false})));
        assert!(!holds("a.autoApprove", json!(false)));
    }

    #[test]
    fn buckets_keep_file_order_across_levels() {
        // A family rule above an exact one still wins, whichever bucket each sits in.
        let set = RuleSet::parse(
            "data git.* acts on git\nsafe git.open opens\nsafe *.open opens anything\nsafe git.open* opens",
        );
        assert_eq!(set.classifying("git.open").unwrap().line, 1);
        assert_eq!(set.classifying("scm.open").unwrap().line, 3);
        let set = RuleSet::parse("safe *.open opens anything\ndata git.open* opens");
        assert_eq!(set.classifying("git.open").unwrap().line, 1);
        assert_eq!(set.classifying("git.openAll").unwrap().line, 2);
        assert_eq!(set.classifying("workbench.action.x").map(|r| r.line), None);
        let set = RuleSet::parse("safe deletefile trashes\nsafe a.b.c.d deep");
        assert_eq!(set.classifying("deleteFile").unwrap().line, 1);
        assert!(set.classifying("deleteFile.x").is_none());
        assert_eq!(set.classifying("a.b.c.d").unwrap().line, 2);
    }

    #[test]
    fn examples_attach_to_the_rule_above() {
        let set = RuleSet::parse(
            "safe git.graph.compare* shows\n  match: git.graph.compareRef\n  not_match: git.graph.checkout\n  shadows: git.*",
        );
        assert!(set.errors.is_empty(), "{:?}", set.errors);
        let rule = &set.rules[0];
        assert_eq!(rule.examples, ["git.graph.compareRef"]);
        assert_eq!(rule.counter_examples, ["git.graph.checkout"]);
        assert_eq!(rule.shadows, ["git.*"]);
        assert_eq!(RuleSet::parse("  match: x").errors.len(), 1);
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let set =
            RuleSet::parse("# comment\nharmless x.y because\nsafe x.z\nguard a.b when=nope r");
        assert_eq!(set.rules.len(), 0);
        assert_eq!(set.errors.len(), 3);
        assert!(set.errors[0].starts_with("line 2:"), "{:?}", set.errors);
    }
}
