//! Settings: classified by the reviewed rules, then VS Code's `restricted` mark, then the schema and
//! description; cosmetic keys stay free.

use std::sync::OnceLock;

use serde_json::Value;

use super::{Effect, RuleSet, Verdict};
use crate::schema::{SettingSchema, ValueType};

/// The reviewed setting rules, parsed once.
pub fn setting_rules() -> &'static RuleSet {
    static RULES: OnceLock<RuleSet> = OnceLock::new();
    RULES.get_or_init(|| RuleSet::parse(include_str!("settings.rules")))
}

/// Families whose settings own processes, remotes, trust or data: every setting under one of
/// these must be classified by a rule, the restricted mark, its schema or the cosmetic words,
/// never by the fallback (the completeness test walks the fixture for it).
pub const RISKY_SETTING_FAMILIES: &[&str] = &[
    "terminal.",
    "task.",
    "tasks.",
    "debug.",
    "launch",
    "testing.",
    "notebook.",
    "extensions.",
    "chat.",
    "mcp",
    "git.",
    "github.",
    "remote.",
    "security.",
    "http.",
    "files.",
    "workbench.localhistory.",
    "npm.",
    "typescript.tsserver.",
    "json.schemadownload",
    "solidus.",
    "telemetry.",
    "update.",
];

/// Words of a key's last segment that name what runs (`executablePath` → executable, path).
const RUNS_WORDS: &[&str] = &[
    "path",
    "paths",
    "executable",
    "command",
    "commands",
    "args",
    "arguments",
    "env",
    "environment",
    "shell",
    "tsdk",
    "npm",
    "binary",
    "program",
    "interpreter",
    "runtime",
];

/// Description phrases that name what runs.
const RUNS_PHRASES: &[&str] = &[
    "executable",
    "command line",
    "command-line",
    "environment variables",
    "path to the",
];

/// Words of a key's last segment that name where data goes or what listens.
const NETWORK_WORDS: &[&str] = &[
    "url", "urls", "uri", "host", "port", "ports", "endpoint", "proxy", "domain", "domains",
];

/// Description phrases that name where data goes or what listens.
const NETWORK_PHRASES: &[&str] = &["url", "endpoint", "proxy"];

/// Description phrases, for settings of any type, that say the setting makes code run.
const EXECUTES_PHRASES: &[&str] = &[
    "to be executed",
    "be executed",
    "executes ",
    "run automatically",
    "runs automatically",
    "automatically run",
    "automatically start",
];

/// Last-segment words of settings that change only how things look; they stay free even under
/// `terminal.` and `task.`.
const COSMETIC_WORDS: &[&str] = &[
    "font",
    "color",
    "colour",
    "cursor",
    "scroll",
    "icon",
    "theme",
    "minimap",
    "lineheight",
    "letterspacing",
    "ligature",
    "opacity",
    "gutter",
    "rulers",
    "smooth",
    "animation",
    "decoration",
    "border",
    "background",
    "padding",
    "zoom",
    "glyph",
    "linenumbers",
    "tabsize",
    "wordwrap",
    "renderwhitespace",
    "bracketpair",
    "stickyscroll",
    "density",
];

/// Words of a description that say a switch or choice sends, runs, trusts or approves something:
/// a boolean or enum with one of these and no rule is confirmed until it is reviewed.
const UNREVIEWED_WORDS: &[&str] = &[
    "send",
    "sends",
    "sent",
    "sending",
    "upload",
    "uploads",
    "uploaded",
    "sync",
    "syncs",
    "synced",
    "syncing",
    "synchronize",
    "synchronization",
    "request",
    "requests",
    "telemetry",
    "run",
    "runs",
    "running",
    "trust",
    "trusted",
    "trusts",
    "approve",
    "approves",
    "approved",
    "approval",
    "approvals",
];

/// Whether a description speaks of sending, uploading, syncing, requests, telemetry, running,
/// trusting or approving (whole words, any case).
pub fn speaks_of_effects(description: &str) -> bool {
    description
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| UNREVIEWED_WORDS.contains(&w.to_ascii_lowercase().as_str()))
}

/// How a setting's class was decided; the completeness test needs to tell the fallback apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// A reviewed rule, by its line in `settings.rules`.
    Rule(usize),
    /// VS Code's own marks: `restricted`, or a machine scope.
    Restricted,
    Schema,
    Description,
    Cosmetic,
    /// A switch or choice whose description speaks of effects, not yet reviewed: confirmed.
    Unreviewed,
    Fallback,
}

/// What writing `value` to `key` does, or (without a value) what the setting can do.
pub fn setting_verdict(
    key: &str,
    schema: Option<&SettingSchema>,
    value: Option<&Value>,
) -> Verdict {
    classify(key, schema, value).0
}

/// The class of a setting itself, for the catalog's badge.
pub fn setting_effect(key: &str, schema: Option<&SettingSchema>) -> Effect {
    classify(key, schema, None).0.effect
}

/// How the class of `key` is decided.
pub fn setting_basis(key: &str, schema: Option<&SettingSchema>) -> Basis {
    classify(key, schema, None).1
}

fn classify(key: &str, schema: Option<&SettingSchema>, value: Option<&Value>) -> (Verdict, Basis) {
    let rules = setting_rules();
    let by_rule = |rule: &'static super::Rule| {
        let verdict = if rule.condition.holds(value) {
            Verdict::from_rule(rule)
        } else {
            // A guard's rule, and the new value keeps the guard up: turning a confirmation
            // back on stays free.
            Verdict::new(Effect::Safe, "this value keeps the safety setting on")
        };
        (verdict, Basis::Rule(rule.line))
    };
    // A rule naming the key wins over everything; family rules come after the restricted
    // mark and the cosmetic words, so a font under `terminal.` stays free.
    if let Some(rule) = rules.classifying_by(key, true) {
        return by_rule(rule);
    }
    if schema.is_some_and(|s| s.restricted) {
        return (
            Verdict::new(
                Effect::ChangesTrust,
                "VS Code marks this setting as restricted: an untrusted workspace may not set it",
            ),
            Basis::Restricted,
        );
    }
    if schema.is_some_and(|s| s.machine) {
        return (
            Verdict::new(
                Effect::ChangesWhatRuns,
                "VS Code scopes this setting to the machine: it names a program or place on this computer",
            ),
            Basis::Restricted,
        );
    }
    let lower = key.to_ascii_lowercase();
    let last = lower.rsplit('.').next().unwrap_or(&lower);
    if COSMETIC_WORDS.iter().any(|w| last.contains(w)) {
        return (
            Verdict::new(Effect::Safe, "changes only how things look"),
            Basis::Cosmetic,
        );
    }
    // A family's safe rule says the rest of the family is harmless; it does not overrule what
    // a key's own schema says (a free-form path under `terminal.integrated.` still counts).
    let family = rules.classifying_by(key, false);
    if let Some(rule) = family.filter(|r| r.effect != Effect::Safe) {
        return by_rule(rule);
    }
    let reviewed_safe = || family.map(by_rule);
    let Some(schema) = schema else {
        return reviewed_safe().unwrap_or((
            Verdict::new(Effect::Unreviewed, "Solidus has no schema for this setting"),
            Basis::Fallback,
        ));
    };
    let description = schema.description.to_ascii_lowercase();
    if is_free_form(schema) {
        // Every segment but the namespace: `terminal.integrated.shell.windows` names a shell.
        let words = crate::text::id_words(key.split_once('.').map_or(key, |(_, rest)| rest));
        let key_has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
        let says = |phrases: &[&str]| phrases.iter().any(|p| description.contains(p));
        if key_has(RUNS_WORDS) || says(RUNS_PHRASES) {
            return (
                Verdict::new(
                    Effect::ChangesWhatRuns,
                    "sets a path, program, command, arguments or environment that runs",
                ),
                Basis::Schema,
            );
        }
        if key_has(NETWORK_WORDS) || says(NETWORK_PHRASES) {
            return (
                Verdict::new(
                    Effect::OpensNetwork,
                    "sets an address, host, port or endpoint data goes to",
                ),
                Basis::Schema,
            );
        }
    }
    if EXECUTES_PHRASES.iter().any(|p| description.contains(p)) {
        return (
            Verdict::new(
                Effect::RunsProjectCode,
                "VS Code's description says it can make code run",
            ),
            Basis::Description,
        );
    }
    if let Some(reviewed) = reviewed_safe() {
        return reviewed;
    }
    // No silent default: a switch or choice that VS Code says sends, runs, trusts or approves
    // something is confirmed until a rule reviews it.
    let switch = schema.types.contains(&ValueType::Boolean) || !schema.enum_values.is_empty();
    if switch && speaks_of_effects(&schema.description) {
        return (
            Verdict::new(
                Effect::Unreviewed,
                "VS Code's description speaks of sending, syncing, running, trusting or approving, and Solidus has not reviewed this setting",
            ),
            Basis::Unreviewed,
        );
    }
    (
        Verdict::new(Effect::Safe, "changes how the editor looks or behaves"),
        Basis::Fallback,
    )
}

/// Free-form values can name anything: strings without an enum, objects and arrays.
fn is_free_form(schema: &SettingSchema) -> bool {
    schema.types.iter().any(|t| match t {
        ValueType::String => schema.enum_values.is_empty(),
        ValueType::Object | ValueType::Array => true,
        _ => false,
    })
}
