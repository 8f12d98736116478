//! The reviewed rule files: one rule a line, a class, a glob and a reason; the first match wins.

use serde_json::Value;

use super::Effect;

/// When a setting rule applies: always, or only for the values that lower a guard.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    Always,
    /// Applies when the new value equals this one (`when=false` on a confirmation).
    When(Value),
    /// Applies unless the new value equals this one (`unless=true` on a trash switch).
    Unless(Value),
}

impl Condition {
    /// Whether the rule's class holds for `value`; `None` (no value known, as for the popup's
    /// badge) counts as holding, so a guard setting is always shown as one.
    pub fn holds(&self, value: Option<&Value>) -> bool {
        match (self, value) {
            (Condition::Always, _) | (_, None) => true,
            (Condition::When(v), Some(value)) => value == v,
            (Condition::Unless(v), Some(value)) => value != v,
        }
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
            match parse_line(trimmed, line_no) {
                Ok(rule) => set.rules.push(rule),
                Err(message) => set.errors.push(format!("line {line_no}: {message}")),
            }
        }
        set
    }

    /// The first rule matching `id` whose condition holds for `value`.
    pub fn find(&self, id: &str, value: Option<&Value>) -> Option<&Rule> {
        let lower = id.to_ascii_lowercase();
        self.rules
            .iter()
            .find(|rule| rule.matches(&lower) && rule.condition.holds(value))
    }

    /// The first rule matching `id`, whatever its condition: the rule that classifies it.
    pub fn classifying(&self, id: &str) -> Option<&Rule> {
        self.find(id, None)
    }

    /// The first rule naming `id` exactly (`exact`), or the first family rule matching it.
    pub fn classifying_by(&self, id: &str, exact: bool) -> Option<&Rule> {
        let lower = id.to_ascii_lowercase();
        self.rules
            .iter()
            .find(|rule| rule.is_exact() == exact && rule.matches(&lower))
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
            let value: Value = serde_json::from_str(&after[..end])
                .map_err(|e| format!("{prefix} needs a JSON value: {e}"))?;
            condition = make(value);
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
        assert!(set.find("openReference", None).is_some());
        assert!(set.find("openai.runCode", None).is_none());
    }

    #[test]
    fn conditions_pick_the_values_that_lower_a_guard() {
        let set = RuleSet::parse(
            "guard *.confirm* when=false stops asking first\nsafe *.confirm* asks first",
        );
        assert!(set.errors.is_empty(), "{:?}", set.errors);
        let lowered = set.find("git.confirmSync", Some(&json!(false))).unwrap();
        assert_eq!(lowered.effect, Effect::LowersGuard);
        let raised = set.find("git.confirmSync", Some(&json!(true))).unwrap();
        assert_eq!(raised.effect, Effect::Safe);
        // Without a value (the popup's badge), the guard rule classifies the setting.
        assert_eq!(
            set.classifying("git.confirmSync").unwrap().effect,
            Effect::LowersGuard
        );
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
