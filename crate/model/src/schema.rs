//! Setting schemas (the JSON-schema subset VS Code uses for settings) and the value checker.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A JSON value type a setting may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ValueType {
    Boolean,
    Integer,
    Number,
    String,
    Array,
    Object,
    Null,
}

impl ValueType {
    fn parse(name: &str) -> Option<ValueType> {
        Some(match name {
            "boolean" => ValueType::Boolean,
            "integer" => ValueType::Integer,
            "number" => ValueType::Number,
            "string" => ValueType::String,
            "array" => ValueType::Array,
            "object" => ValueType::Object,
            "null" => ValueType::Null,
            _ => return None,
        })
    }

    /// The type of a concrete value; whole numbers report `Integer`.
    pub fn of(value: &Value) -> ValueType {
        match value {
            Value::Bool(_) => ValueType::Boolean,
            Value::Number(n) if n.is_i64() || n.is_u64() => ValueType::Integer,
            Value::Number(n) if n.as_f64().is_some_and(|f| f.fract() == 0.0) => ValueType::Integer,
            Value::Number(_) => ValueType::Number,
            Value::String(_) => ValueType::String,
            Value::Array(_) => ValueType::Array,
            Value::Object(_) => ValueType::Object,
            Value::Null => ValueType::Null,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ValueType::Boolean => "boolean",
            ValueType::Integer => "integer",
            ValueType::Number => "number",
            ValueType::String => "string",
            ValueType::Array => "array",
            ValueType::Object => "object",
            ValueType::Null => "null",
        }
    }

    /// Whether a value of type `actual` is acceptable where `self` is declared.
    fn admits(self, actual: ValueType) -> bool {
        self == actual || (self == ValueType::Number && actual == ValueType::Integer)
    }
}

/// One alternative of a setting's schema (`anyOf`/`oneOf` give several).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Constraint {
    /// Empty means any type.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<ValueType>,
    #[serde(default, skip_serializing_if = "Vec::is_empty", rename = "enum")]
    pub enum_values: Vec<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub minimum: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub maximum: Option<f64>,
}

/// What a setting may hold, with what the user is shown about it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SettingSchema {
    /// Every type any alternative allows; never empty once the catalog is built.
    pub types: Vec<ValueType>,
    #[serde(default, skip_serializing_if = "Vec::is_empty", rename = "enum")]
    pub enum_values: Vec<Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enum_descriptions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub minimum: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub maximum: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub default: Option<Value>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// VS Code marks settings that can make the workspace run code as `restricted`.
    #[serde(default)]
    pub restricted: bool,
    /// VS Code scopes it to the machine (`machine`, `machine-overridable`): it names something on
    /// this computer, such as a program's path.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub machine: bool,
    /// The alternatives a value is checked against; one of them must accept it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<Constraint>,
}

impl SettingSchema {
    /// Reads a JSON-schema property as VS Code writes one; `defs` resolves `$ref`s.
    pub fn from_json(property: &Value, defs: Option<&Map<String, Value>>) -> SettingSchema {
        let mut schema = SettingSchema::default();
        let Some(object) = property.as_object() else {
            schema.summarise();
            return schema;
        };
        schema.alternatives = alternatives(property, defs, 0);
        schema.default = object.get("default").cloned();
        schema.restricted = object
            .get("restricted")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        schema.machine = matches!(
            object.get("scope").and_then(Value::as_str),
            Some("machine" | "machine-overridable")
        );
        schema.description = ["markdownDescription", "description"]
            .iter()
            .find_map(|k| object.get(*k).and_then(Value::as_str))
            .map(clean_markdown)
            .unwrap_or_default();
        let descriptions = ["markdownEnumDescriptions", "enumDescriptions"]
            .iter()
            .find_map(|k| object.get(*k).and_then(Value::as_array));
        if let Some(list) = descriptions {
            schema.enum_descriptions = list
                .iter()
                .map(|v| v.as_str().map(clean_markdown).unwrap_or_default())
                .collect();
        }
        schema.summarise();
        schema
    }

    /// Recomputes the union of types, enum values and range from the alternatives, and makes
    /// sure there is a type: from the enum values, else from the default.
    pub fn summarise(&mut self) {
        let mut types: Vec<ValueType> = Vec::new();
        let mut any_type = false;
        let mut enum_values = Vec::new();
        for alt in &self.alternatives {
            if alt.types.is_empty() {
                if alt.enum_values.is_empty() {
                    any_type = true;
                }
                for v in &alt.enum_values {
                    push_unique(&mut types, ValueType::of(v));
                }
            }
            for t in &alt.types {
                push_unique(&mut types, *t);
            }
            for v in &alt.enum_values {
                if !enum_values.contains(v) {
                    enum_values.push(v.clone());
                }
            }
            if self.minimum.is_none() {
                self.minimum = alt.minimum;
            }
            if self.maximum.is_none() {
                self.maximum = alt.maximum;
            }
        }
        if types.is_empty() || any_type {
            // An alternative that names no type takes the default's, so checks and display agree.
            if let Some(default) = self.default.as_ref().filter(|d| !d.is_null()) {
                let inferred = match ValueType::of(default) {
                    ValueType::Integer => ValueType::Number,
                    other => other,
                };
                push_unique(&mut types, inferred);
                for alt in &mut self.alternatives {
                    if alt.types.is_empty() && alt.enum_values.is_empty() {
                        alt.types.push(inferred);
                    }
                }
            }
        }
        if types.is_empty() {
            // Nothing says what the setting holds; any JSON value is allowed.
            types = vec![
                ValueType::Boolean,
                ValueType::Number,
                ValueType::String,
                ValueType::Array,
                ValueType::Object,
                ValueType::Null,
            ];
        }
        types.sort();
        self.types = types;
        // Only a setting whose every alternative is an enum is offered as a fixed list.
        let all_enum = !self.alternatives.is_empty()
            && self.alternatives.iter().all(|a| !a.enum_values.is_empty());
        self.enum_values = if all_enum || self.alternatives.is_empty() {
            enum_values
        } else {
            Vec::new()
        };
        if self.enum_values.is_empty() {
            self.enum_descriptions.clear();
        }
    }

    /// Whether an agent may be told this current value: only what cannot carry a secret or a path.
    /// A boolean, a number or null; a string only when it is the schema's own default or one of its
    /// enum values, which the schema already publishes. Never a free string (a token, a URL with a
    /// password, a program's path), an array or an object, and nothing of a machine-scoped setting.
    pub fn disclosable(&self, value: &Value) -> Result<(), String> {
        if self.machine {
            return Err(
                "it names something on this computer, so its value is not read out".to_string(),
            );
        }
        match value {
            Value::Bool(_) | Value::Number(_) | Value::Null => Ok(()),
            Value::String(_) if self.default.as_ref() == Some(value) || self.enum_values.contains(value) => {
                Ok(())
            }
            Value::String(_) => Err(
                "its value is free text, which can hold a secret or a path, so it is not read out".to_string(),
            ),
            Value::Array(_) | Value::Object(_) => Err(
                "its value is a list or an object, which can hold secrets or paths, so it is not read out"
                    .to_string(),
            ),
        }
    }

    /// Checks a value against the schema; the error says why in words a user understands.
    pub fn check(&self, value: &Value) -> Result<(), String> {
        // A setting's own default is always a value it takes, even where an extension's enum
        // forgets it (`""` for "not set").
        if self.default.as_ref() == Some(value) {
            return Ok(());
        }
        if self.alternatives.is_empty() {
            let actual = ValueType::of(value);
            if !self.types.iter().any(|t| t.admits(actual)) {
                return Err(format!(
                    "expected {}, got {}",
                    describe_types(&self.types),
                    actual.as_str()
                ));
            }
            return Ok(());
        }
        let mut first_error = None;
        for alt in &self.alternatives {
            match check_constraint(alt, value) {
                Ok(()) => return Ok(()),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        if self.alternatives.len() > 1 {
            let actual = ValueType::of(value);
            let typed: Vec<&Constraint> = self
                .alternatives
                .iter()
                .filter(|a| a.types.iter().any(|t| t.admits(actual)))
                .collect();
            if typed.len() == 1 {
                return check_constraint(typed[0], value);
            }
            return Err(format!(
                "{} is not allowed here; expected {}",
                short_value(value),
                self.expectation()
            ));
        }
        Err(first_error.unwrap_or_else(|| "value not allowed".to_string()))
    }

    /// A short phrase for what the setting accepts, e.g. `a number from 6 to 100`.
    pub fn expectation(&self) -> String {
        if !self.enum_values.is_empty() {
            let names: Vec<String> = self.enum_values.iter().map(short_value).collect();
            return format!("one of {}", names.join(", "));
        }
        let mut text = describe_types(&self.types);
        match (self.minimum, self.maximum) {
            (Some(lo), Some(hi)) => {
                text.push_str(&format!(" from {} to {}", fmt_num(lo), fmt_num(hi)))
            }
            (Some(lo), None) => text.push_str(&format!(" of at least {}", fmt_num(lo))),
            (None, Some(hi)) => text.push_str(&format!(" of at most {}", fmt_num(hi))),
            (None, None) => {}
        }
        text
    }

    /// Turns what a user typed into a value of the setting's type, then checks it.
    pub fn parse_text(&self, text: &str) -> Result<Value, String> {
        let trimmed = text.trim();
        let numeric = self
            .types
            .iter()
            .any(|t| matches!(t, ValueType::Number | ValueType::Integer));
        let stringy = self.types.contains(&ValueType::String);
        let candidate = if numeric && !stringy {
            match parse_number(trimmed) {
                Some(n) => n,
                None => {
                    return Err(format!(
                        "“{}” is not a number; expected {}",
                        ellipsize(trimmed, 40),
                        self.expectation()
                    ))
                }
            }
        } else if stringy && !(numeric && parse_number(trimmed).is_some()) {
            if self.types.len() == 1 || !looks_like_json(trimmed) {
                Value::String(text.to_string())
            } else {
                serde_json::from_str(trimmed).unwrap_or_else(|_| Value::String(text.to_string()))
            }
        } else if numeric {
            parse_number(trimmed).unwrap_or(Value::Null)
        } else if self.types == [ValueType::Boolean] {
            match trimmed {
                "true" | "on" | "yes" => Value::Bool(true),
                "false" | "off" | "no" => Value::Bool(false),
                _ => return Err("expected true or false".to_string()),
            }
        } else {
            serde_json::from_str(trimmed).map_err(|e| format!("not valid JSON: {e}"))?
        };
        self.check(&candidate)?;
        Ok(candidate)
    }
}

fn looks_like_json(text: &str) -> bool {
    text.starts_with(['[', '{']) || matches!(text, "true" | "false" | "null")
}

fn parse_number(text: &str) -> Option<Value> {
    if text.is_empty() {
        return None;
    }
    if let Ok(i) = text.parse::<i64>() {
        return Some(Value::from(i));
    }
    let f: f64 = text.parse().ok()?;
    if !f.is_finite() {
        return None;
    }
    serde_json::Number::from_f64(f).map(Value::Number)
}

fn check_constraint(alt: &Constraint, value: &Value) -> Result<(), String> {
    let actual = ValueType::of(value);
    if !alt.types.is_empty() && !alt.types.iter().any(|t| t.admits(actual)) {
        return Err(format!(
            "expected {}, got {}",
            describe_types(&alt.types),
            actual.as_str()
        ));
    }
    if !alt.enum_values.is_empty() && !alt.enum_values.contains(value) {
        let names: Vec<String> = alt.enum_values.iter().map(short_value).collect();
        return Err(format!(
            "{} is not one of {}",
            short_value(value),
            names.join(", ")
        ));
    }
    if let Some(n) = value.as_f64() {
        if alt.types == [ValueType::Integer] && n.fract() != 0.0 {
            return Err(format!("{} is not a whole number", fmt_num(n)));
        }
        if let Some(lo) = alt.minimum {
            if n < lo {
                return Err(format!(
                    "{} is below the minimum of {}",
                    fmt_num(n),
                    fmt_num(lo)
                ));
            }
        }
        if let Some(hi) = alt.maximum {
            if n > hi {
                return Err(format!(
                    "{} is above the maximum of {}",
                    fmt_num(n),
                    fmt_num(hi)
                ));
            }
        }
    }
    Ok(())
}

fn alternatives(property: &Value, defs: Option<&Map<String, Value>>, depth: u8) -> Vec<Constraint> {
    let Some(object) = property.as_object() else {
        return vec![Constraint::default()];
    };
    if depth > 8 {
        return vec![Constraint::default()];
    }
    if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
        let target = reference
            .rsplit('/')
            .next()
            .and_then(|name| defs.and_then(|d| d.get(name)));
        return match target {
            Some(target) => alternatives(target, defs, depth + 1),
            None => vec![Constraint::default()],
        };
    }
    for union in ["anyOf", "oneOf"] {
        if let Some(list) = object.get(union).and_then(Value::as_array) {
            let mut out: Vec<Constraint> = list
                .iter()
                .flat_map(|p| alternatives(p, defs, depth + 1))
                .collect();
            if out.is_empty() {
                out.push(Constraint::default());
            }
            return out;
        }
    }
    let mut alt = Constraint::default();
    match object.get("type") {
        Some(Value::String(name)) => alt.types.extend(ValueType::parse(name)),
        Some(Value::Array(names)) => alt.types.extend(
            names
                .iter()
                .filter_map(|n| n.as_str().and_then(ValueType::parse)),
        ),
        _ => {}
    }
    if let Some(list) = object.get("enum").and_then(Value::as_array) {
        alt.enum_values = list.clone();
    }
    alt.minimum = object.get("minimum").and_then(Value::as_f64);
    alt.maximum = object.get("maximum").and_then(Value::as_f64);
    vec![alt]
}

fn push_unique(types: &mut Vec<ValueType>, t: ValueType) {
    let t = if t == ValueType::Integer && types.contains(&ValueType::Number) {
        ValueType::Number
    } else {
        t
    };
    if !types.contains(&t) {
        types.push(t);
    }
}

fn describe_types(types: &[ValueType]) -> String {
    let names: Vec<&str> = types
        .iter()
        .map(|t| match t {
            ValueType::Integer => "a whole number",
            ValueType::Number => "a number",
            ValueType::Boolean => "true or false",
            ValueType::String => "text",
            ValueType::Array => "a list",
            ValueType::Object => "an object",
            ValueType::Null => "null",
        })
        .collect();
    match names.len() {
        0 => "any value".to_string(),
        1 => names[0].to_string(),
        _ => format!(
            "{} or {}",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        ),
    }
}

fn short_value(value: &Value) -> String {
    let text = value.to_string();
    ellipsize(&text, 60)
}

fn ellipsize(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        return text.to_string();
    }
    let cut: String = text.chars().take(max_chars).collect();
    format!("{cut}…")
}

fn fmt_num(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

/// Drops the markdown a description carries for the settings editor (`#key#` links, backticks).
pub fn clean_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '`' => {
                // `#editor.tabSize#` becomes `editor.tabSize`.
                if chars.peek() == Some(&'#') {
                    chars.next();
                }
                out.push('`');
            }
            '#' if chars.peek() == Some(&'`') => {}
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn font_size() -> SettingSchema {
        SettingSchema::from_json(
            &json!({"type": "number", "minimum": 6, "maximum": 100, "default": 14}),
            None,
        )
    }

    #[test]
    fn only_values_that_cannot_hold_a_secret_are_disclosed() {
        assert!(font_size().disclosable(&json!(19)).is_ok());
        let flag = SettingSchema::from_json(&json!({"type": "boolean", "default": false}), None);
        assert!(flag.disclosable(&json!(true)).is_ok());
        let wrap = SettingSchema::from_json(
            &json!({"type": "string", "enum": ["off", "on"], "default": "off"}),
            None,
        );
        assert!(wrap.disclosable(&json!("on")).is_ok());
        // A string the enum does not list (a hand-edited value) may be anything.
        assert!(wrap.disclosable(&json!("sk-live-123")).is_err());
        let proxy = SettingSchema::from_json(&json!({"type": "string", "default": ""}), None);
        assert!(
            proxy.disclosable(&json!("")).is_ok(),
            "the published default"
        );
        let refused = proxy
            .disclosable(&json!("http://user:password@proxy:8080"))
            .unwrap_err();
        assert!(refused.contains("free text"), "{refused}");
        let headers = SettingSchema::from_json(&json!({"type": "object", "default": {}}), None);
        assert!(headers
            .disclosable(&json!({"Authorization": "Bearer x"}))
            .unwrap_err()
            .contains("list or an object"));
        let path = SettingSchema::from_json(
            &json!({"type": "boolean", "scope": "machine", "default": false}),
            None,
        );
        assert!(path.machine);
        assert!(path.disclosable(&json!(false)).is_err());
    }

    #[test]
    fn number_in_range_is_accepted_and_out_of_range_refused() {
        let s = font_size();
        assert_eq!(s.parse_text("18"), Ok(json!(18)));
        assert_eq!(s.parse_text(" 12.5 "), Ok(json!(12.5)));
        assert_eq!(
            s.parse_text("500").unwrap_err(),
            "500 is above the maximum of 100"
        );
        assert_eq!(
            s.parse_text("2").unwrap_err(),
            "2 is below the minimum of 6"
        );
        assert!(s.parse_text("abc").unwrap_err().contains("is not a number"));
        assert!(s.parse_text("").is_err());
        assert!(s.parse_text("NaN").is_err());
    }

    #[test]
    fn enum_refuses_values_outside_the_list() {
        let s = SettingSchema::from_json(
            &json!({"type": "string", "enum": ["off", "on"], "enumDescriptions": ["a", "b"]}),
            None,
        );
        assert!(s.check(&json!("on")).is_ok());
        assert_eq!(
            s.check(&json!("sideways")).unwrap_err(),
            "\"sideways\" is not one of \"off\", \"on\""
        );
        assert_eq!(
            s.check(&json!(true)).unwrap_err(),
            "expected text, got boolean"
        );
        assert_eq!(s.expectation(), "one of \"off\", \"on\"");
    }

    #[test]
    fn any_of_accepts_either_alternative() {
        let s = SettingSchema::from_json(
            &json!({"anyOf": [{"type": "string", "enum": ["tabSize"]}, {"type": "number", "minimum": 1}]}),
            None,
        );
        assert_eq!(s.types, vec![ValueType::Number, ValueType::String]);
        assert!(s.check(&json!("tabSize")).is_ok());
        assert!(s.check(&json!(4)).is_ok());
        assert_eq!(
            s.check(&json!(0)).unwrap_err(),
            "0 is below the minimum of 1"
        );
        assert!(s.check(&json!("spaces")).is_err());
        assert_eq!(s.parse_text("3"), Ok(json!(3)));
        // Mixed unions are not offered as a fixed list of values.
        assert!(s.enum_values.is_empty());
    }

    #[test]
    fn refs_resolve_through_defs() {
        let defs = json!({"_0": {"type": "array"}});
        let s = SettingSchema::from_json(&json!({"$ref": "#/$defs/_0"}), defs.as_object());
        assert_eq!(s.types, vec![ValueType::Array]);
        assert!(s.check(&json!([1])).is_ok());
        assert!(s.check(&json!(1)).is_err());
    }

    #[test]
    fn integer_settings_refuse_fractions() {
        let s = SettingSchema::from_json(&json!({"type": "integer", "minimum": 0}), None);
        assert!(s.check(&json!(3)).is_ok());
        assert_eq!(
            s.check(&json!(2.5)).unwrap_err(),
            "expected a whole number, got number"
        );
    }

    #[test]
    fn booleans_parse_from_words() {
        let s = SettingSchema::from_json(&json!({"type": "boolean"}), None);
        assert_eq!(s.parse_text("on"), Ok(json!(true)));
        assert!(s.parse_text("maybe").is_err());
    }

    #[test]
    fn untyped_schema_takes_its_type_from_the_default() {
        let s = SettingSchema::from_json(&json!({"default": 3, "description": "x"}), None);
        assert_eq!(s.types, vec![ValueType::Number]);
    }

    #[test]
    fn markdown_links_to_settings_are_cleaned() {
        assert_eq!(
            clean_markdown("wrap at `#editor.wordWrapColumn#`."),
            "wrap at `editor.wordWrapColumn`."
        );
    }
}
