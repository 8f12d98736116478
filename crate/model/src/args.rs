//! Command argument schemas: read from the keybindings schema, checked strictly, shown compactly.
//!
//! VS Code declares an `args` schema for about a hundred commands. A plan may pass `args` to
//! exactly those, and only what the schema allows: the listed types and values, every required
//! property, no property it does not name. A part of a schema Solidus cannot read (a reference
//! to another document) accepts nothing, since unknown is never safe.

use serde_json::{Map, Value};

use crate::schema::ValueType;

/// Reference chains deeper than this are treated as unreadable.
const MAX_DEPTH: u8 = 8;

/// The compact text of a schema is cut at this many characters.
const MAX_TEXT_CHARS: usize = 400;

/// Enum values shown in the compact text before `…`.
const MAX_ENUM_SHOWN: usize = 12;

/// What a command accepts as its argument.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArgSchema {
    /// Empty means any type.
    pub types: Vec<ValueType>,
    /// The only values allowed, when listed.
    pub enum_values: Vec<Value>,
    /// Declared properties of an object, in the schema's order; no other property is allowed.
    pub properties: Vec<(String, ArgSchema)>,
    pub required: Vec<String>,
    /// What every element of an array must be.
    pub items: Option<Box<ArgSchema>>,
    /// Alternatives (`anyOf`, `oneOf`): one must accept the value.
    pub alternatives: Vec<ArgSchema>,
    pub min_length: Option<u64>,
    pub minimum: Option<f64>,
    pub maximum: Option<f64>,
    /// A reference Solidus cannot follow: no value is accepted here.
    pub unreadable: bool,
}

/// A command's argument rule as the keybindings schema gives it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CommandArgs {
    pub schema: ArgSchema,
    /// The schema requires `args` (`cursorMove` does nothing without them).
    pub required: bool,
}

/// Reads `definitions.commandsSchemas.allOf` into (command id, rule) pairs. Entries without an
/// `args` schema are skipped. Cost: one pass over the schema document.
pub fn command_args(doc: &Value) -> Vec<(String, CommandArgs)> {
    let Some(list) = doc
        .pointer("/definitions/commandsSchemas/allOf")
        .and_then(Value::as_array)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in list {
        let Some(id) = entry
            .pointer("/if/properties/command/const")
            .and_then(Value::as_str)
        else {
            continue;
        };
        let then = resolve(doc, entry.get("then").unwrap_or(&Value::Null), 0);
        let Some(args) = then.and_then(|t| t.pointer("/properties/args")) else {
            continue;
        };
        let required = then
            .and_then(|t| t.get("required"))
            .and_then(Value::as_array)
            .is_some_and(|r| r.iter().any(|v| v == "args"));
        out.push((
            id.to_string(),
            CommandArgs {
                schema: ArgSchema::read(doc, args, 0),
                required,
            },
        ));
    }
    out
}

/// Follows `$ref`s inside the document; `None` for one that leaves it or loops too deep.
fn resolve<'a>(doc: &'a Value, value: &'a Value, depth: u8) -> Option<&'a Value> {
    let Some(reference) = value.get("$ref").and_then(Value::as_str) else {
        return Some(value);
    };
    if depth >= MAX_DEPTH {
        return None;
    }
    // `vscode://schemas/keybindings#/…` is this very document.
    let pointer = reference
        .strip_prefix("vscode://schemas/keybindings#")
        .or_else(|| reference.strip_prefix('#'))?;
    resolve(doc, doc.pointer(pointer)?, depth + 1)
}

impl ArgSchema {
    fn read(doc: &Value, value: &Value, depth: u8) -> ArgSchema {
        let unreadable = ArgSchema {
            unreadable: true,
            ..ArgSchema::default()
        };
        if depth >= MAX_DEPTH {
            return unreadable;
        }
        let Some(value) = resolve(doc, value, depth) else {
            return unreadable;
        };
        let Some(object) = value.as_object() else {
            // `true` accepts anything, `false` nothing.
            return if value == &Value::Bool(true) {
                ArgSchema::default()
            } else {
                unreadable
            };
        };
        let mut schema = ArgSchema {
            types: read_types(object.get("type")),
            enum_values: object
                .get("enum")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default(),
            required: object
                .get("required")
                .and_then(Value::as_array)
                .map(|r| {
                    r.iter()
                        .filter_map(Value::as_str)
                        .map(String::from)
                        .collect()
                })
                .unwrap_or_default(),
            min_length: object.get("minLength").and_then(Value::as_u64),
            minimum: object.get("minimum").and_then(Value::as_f64),
            maximum: object.get("maximum").and_then(Value::as_f64),
            ..ArgSchema::default()
        };
        if let Some(Value::Object(properties)) = object.get("properties") {
            schema.properties = properties
                .iter()
                .map(|(name, p)| (name.clone(), ArgSchema::read(doc, p, depth + 1)))
                .collect();
        }
        schema.items = match object.get("items") {
            Some(Value::Array(tuple)) => Some(Box::new(ArgSchema {
                alternatives: tuple
                    .iter()
                    .map(|i| ArgSchema::read(doc, i, depth + 1))
                    .collect(),
                ..ArgSchema::default()
            })),
            Some(items) => Some(Box::new(ArgSchema::read(doc, items, depth + 1))),
            None => None,
        };
        for key in ["anyOf", "oneOf"] {
            if let Some(Value::Array(list)) = object.get(key) {
                schema
                    .alternatives
                    .extend(list.iter().map(|alt| ArgSchema::read(doc, alt, depth + 1)));
            }
        }
        // An object that names no properties still takes none: nothing unknown passes.
        if schema.properties.is_empty() && !schema.required.is_empty() {
            schema.unreadable = true;
        }
        schema
    }

    /// Checks a value; the message names the property at fault. Cost: one walk of the value.
    pub fn check(&self, value: &Value) -> Result<(), String> {
        self.check_at(value, "args")
    }

    fn check_at(&self, value: &Value, at: &str) -> Result<(), String> {
        if self.unreadable {
            return Err(format!("{at} cannot be checked, so it is not accepted"));
        }
        if !self.alternatives.is_empty() {
            let mut first = None;
            let mut fits = false;
            for alt in &self.alternatives {
                match alt.check_at(value, at) {
                    Ok(()) => {
                        fits = true;
                        break;
                    }
                    Err(problem) => {
                        first.get_or_insert(problem);
                    }
                }
            }
            if !fits {
                return Err(first.unwrap_or_else(|| format!("{at} fits no allowed form")));
            }
        }
        let actual = ValueType::of(value);
        if !self.types.is_empty()
            && !self
                .types
                .iter()
                .any(|t| *t == actual || (*t == ValueType::Number && actual == ValueType::Integer))
        {
            let names: Vec<&str> = self.types.iter().map(|t| t.as_str()).collect();
            return Err(format!(
                "{at} must be {}, not {}",
                names.join(" or "),
                crate::text::kind_of(value)
            ));
        }
        if !self.enum_values.is_empty() && !self.enum_values.contains(value) {
            return Err(format!(
                "{at} must be one of {}",
                enum_text(&self.enum_values)
            ));
        }
        match value {
            Value::Object(map) => self.check_object(map, at),
            Value::Array(list) => match &self.items {
                Some(items) => list
                    .iter()
                    .enumerate()
                    .try_for_each(|(i, v)| items.check_at(v, &format!("{at}[{i}]"))),
                None => Ok(()),
            },
            Value::String(text) => match self.min_length {
                Some(min) if (text.chars().count() as u64) < min => {
                    Err(format!("{at} must have at least {min} characters"))
                }
                _ => Ok(()),
            },
            Value::Number(n) => {
                let n = n.as_f64().unwrap_or(f64::NAN);
                if self.minimum.is_some_and(|lo| n < lo) || self.maximum.is_some_and(|hi| n > hi) {
                    Err(format!("{at} is out of range"))
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }

    fn check_object(&self, map: &Map<String, Value>, at: &str) -> Result<(), String> {
        // Only an alternative-free schema of no type says nothing of objects; it takes any value.
        let says_nothing = self.types.is_empty()
            && self.properties.is_empty()
            && self.alternatives.is_empty()
            && self.enum_values.is_empty();
        if says_nothing {
            return Ok(());
        }
        if !self.alternatives.is_empty() && self.properties.is_empty() {
            // The alternative that accepted it checked its properties.
            return Ok(());
        }
        for name in &self.required {
            if !map.contains_key(name) {
                return Err(format!("{at} needs the property “{name}”"));
            }
        }
        for (name, value) in map {
            let Some((_, schema)) = self.properties.iter().find(|(p, _)| p == name) else {
                let known: Vec<&str> = self.properties.iter().map(|(p, _)| p.as_str()).collect();
                let shown = crate::text::ellipsize(&crate::text::one_line(name), 60);
                return Err(if known.is_empty() {
                    format!("{at} takes no properties, not “{shown}”")
                } else {
                    format!(
                        "{at} has no property “{shown}”; it takes {}",
                        known.join(", ")
                    )
                });
            };
            schema.check_at(value, &format!("{at}.{name}"))?;
        }
        Ok(())
    }

    /// A compact one-line form for the prompt: `{query?: string, isRegex?: boolean}`,
    /// `"left"|"right"`, `string[]`. Cut at a few hundred characters.
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.write_text(&mut out, 0);
        crate::text::ellipsize(&out, MAX_TEXT_CHARS)
    }

    fn write_text(&self, out: &mut String, depth: u8) {
        if out.len() > MAX_TEXT_CHARS * 2 || depth > 4 {
            out.push('…');
            return;
        }
        if self.unreadable {
            out.push_str("(not accepted)");
            return;
        }
        if !self.alternatives.is_empty() {
            for (n, alt) in self.alternatives.iter().enumerate() {
                if n > 0 {
                    out.push_str(" | ");
                }
                alt.write_text(out, depth + 1);
            }
            return;
        }
        if !self.enum_values.is_empty() {
            out.push_str(&enum_text(&self.enum_values).replace(", ", "|"));
            return;
        }
        if !self.properties.is_empty() {
            out.push('{');
            for (n, (name, schema)) in self.properties.iter().enumerate() {
                if n > 0 {
                    out.push_str(", ");
                }
                out.push_str(name);
                if !self.required.contains(name) {
                    out.push('?');
                }
                out.push_str(": ");
                schema.write_text(out, depth + 1);
            }
            out.push('}');
            return;
        }
        if let Some(items) = &self.items {
            items.write_text(out, depth + 1);
            out.push_str("[]");
            return;
        }
        if self.types.is_empty() {
            out.push_str("any");
            return;
        }
        let names: Vec<&str> = self.types.iter().map(|t| t.as_str()).collect();
        out.push_str(&names.join("|"));
    }
}

fn read_types(value: Option<&Value>) -> Vec<ValueType> {
    let names: Vec<&str> = match value {
        Some(Value::String(name)) => vec![name.as_str()],
        Some(Value::Array(list)) => list.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    names
        .into_iter()
        .filter_map(|n| serde_json::from_value(Value::String(n.to_string())).ok())
        .collect()
}

fn enum_text(values: &[Value]) -> String {
    let mut shown: Vec<String> = values
        .iter()
        .take(MAX_ENUM_SHOWN)
        .map(|v| crate::text::ellipsize(&v.to_string(), 60))
        .collect();
    if values.len() > MAX_ENUM_SHOWN {
        shown.push("…".to_string());
    }
    shown.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc() -> Value {
        json!({
            "$defs": {"_1": {"type": "string", "enum": ["up", "down"]}},
            "definitions": {"commandsSchemas": {"allOf": [
                {"if": {"properties": {"command": {"const": "cursorMove"}}},
                 "then": {"required": ["args"], "properties": {"args": {"type": "object", "required": ["to"],
                   "properties": {"to": {"type": "string", "enum": ["left", "right"]}, "value": {"type": "number"},
                     "dir": {"$ref": "#/$defs/_1"}}}}}},
                {"if": {"properties": {"command": {"const": "quickOpen"}}},
                 "then": {"properties": {"args": {"type": "string"}}}},
                {"if": {"properties": {"command": {"const": "far"}}},
                 "then": {"properties": {"args": {"$ref": "vscode://schemas/elsewhere"}}}},
                {"if": {"properties": {"command": {"const": "none"}}}, "then": {"properties": {}}}
            ]}}
        })
    }

    #[test]
    fn reads_each_command_with_args() {
        let rules = command_args(&doc());
        let ids: Vec<&str> = rules.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["cursorMove", "quickOpen", "far"]);
        assert!(rules[0].1.required && !rules[1].1.required);
        assert_eq!(
            rules[0].1.schema.text(),
            r#"{dir?: "up"|"down", to: "left"|"right", value?: number}"#
        );
        assert_eq!(rules[1].1.schema.text(), "string");
    }

    #[test]
    fn checks_types_enums_required_and_unknown_properties() {
        let rules = command_args(&doc());
        let cursor = &rules[0].1.schema;
        assert!(cursor.check(&json!({"to": "left", "value": 3})).is_ok());
        assert!(cursor.check(&json!({"to": "left", "dir": "up"})).is_ok());
        let wrong = cursor.check(&json!({"to": "sideways"})).unwrap_err();
        assert!(wrong.contains("args.to must be one of"), "{wrong}");
        let missing = cursor.check(&json!({"value": 1})).unwrap_err();
        assert_eq!(missing, "args needs the property “to”");
        let unknown = cursor
            .check(&json!({"to": "left", "text": "x"}))
            .unwrap_err();
        assert!(unknown.contains("no property “text”"), "{unknown}");
        let typed = cursor
            .check(&json!({"to": "left", "value": "3"}))
            .unwrap_err();
        assert_eq!(typed, "args.value must be number, not text");
        assert!(cursor.check(&json!("left")).is_err());
        assert!(rules[1].1.schema.check(&json!("%foo")).is_ok());
        assert!(rules[1].1.schema.check(&json!({"q": 1})).is_err());
    }

    #[test]
    fn a_schema_it_cannot_read_accepts_nothing() {
        let rules = command_args(&doc());
        let far = &rules[2].1.schema;
        assert!(far.unreadable);
        assert!(far.check(&json!({})).is_err());
        assert!(far.check(&json!(null)).is_err());
    }
}
