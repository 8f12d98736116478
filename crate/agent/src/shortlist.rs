//! The /do shortlist: the catalog items a request is likely about, with the facts the model
//! needs to set each listed setting to a precise value.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use solidus_model::item::{Item, ItemKind};
use solidus_model::schema::ValueType;
use solidus_rank::{parse_plain, Index, Mode, RankOptions};

use super::DEFAULT_SHORTLIST_LIMIT;

/// How to build the shortlist.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ShortlistOptions {
    /// At most this many items (at least one); 60 by default, as product.md §4.1 says.
    pub limit: usize,
    /// Item ids, most recently used first, passed on to the ranker.
    pub recent: Vec<String>,
    /// Phrases the model asked to search for in a search round: their items come first.
    pub search: Vec<String>,
    /// How many search rounds this request has had (0 on the first ask).
    pub round: usize,
}

impl Default for ShortlistOptions {
    fn default() -> Self {
        ShortlistOptions {
            limit: DEFAULT_SHORTLIST_LIMIT,
            recent: Vec::new(),
            search: Vec::new(),
            round: 0,
        }
    }
}

/// One shortlisted item, as the prompt lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ShortlistEntry {
    pub id: String,
    pub kind: ItemKind,
    pub title: String,
    /// Workspace text is listed as data, never among the trusted lines.
    pub from_workspace: bool,
    /// A command's argument schema in compact form, when VS Code declares one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub args: Option<String>,
}

/// A shortlisted setting again, by exact key, with what values it takes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SettingFacts {
    pub key: String,
    /// The JSON types the schema allows, e.g. `["number"]`.
    pub types: Vec<ValueType>,
    /// The only values allowed, when the schema lists them; empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed: Vec<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub minimum: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub maximum: Option<f64>,
    pub from_workspace: bool,
}

/// What `runCommands` takes, as the prompt shows it.
const RUN_COMMANDS_ARGS: &str =
    "{commands: (command id | {command: command id, args?: its args})[]}";

/// Enum lists longer than this are shortened in the prompt; the validator still knows them all.
const MAX_ALLOWED_SHOWN: usize = 40;

impl SettingFacts {
    /// `number`, `string`, `boolean or string`; `any` when every JSON type is allowed.
    pub fn type_text(&self) -> String {
        if self.types.len() >= 6 {
            return "any".to_string();
        }
        let mut names: Vec<&str> = self
            .types
            .iter()
            .filter(|t| **t != ValueType::Null)
            .map(|t| t.as_str())
            .collect();
        // Null reads best last: `string or null`.
        if self.types.contains(&ValueType::Null) {
            names.push("null");
        }
        if names.is_empty() {
            return "any".to_string();
        }
        names.join(" or ")
    }

    /// The allowed values as JSON literals, `"off", "on"`; `any` when the schema lists none.
    pub fn allowed_text(&self) -> String {
        if self.allowed.is_empty() {
            return "any".to_string();
        }
        // JSON text keeps quotes and escapes newlines, so a value cannot break the line.
        let mut shown: Vec<String> = self
            .allowed
            .iter()
            .take(MAX_ALLOWED_SHOWN)
            .map(|v| super::ellipsize(&v.to_string(), 80))
            .collect();
        if self.allowed.len() > MAX_ALLOWED_SHOWN {
            shown.push(format!(
                "… ({} more)",
                self.allowed.len() - MAX_ALLOWED_SHOWN
            ));
        }
        shown.join(", ")
    }

    /// `6 to 100`, `at least 0`, `at most 5`; `any` without bounds.
    pub fn range_text(&self) -> String {
        match (self.minimum, self.maximum) {
            (Some(lo), Some(hi)) => format!("{} to {}", number(lo), number(hi)),
            (Some(lo), None) => format!("at least {}", number(lo)),
            (None, Some(hi)) => format!("at most {}", number(hi)),
            (None, None) => "any".to_string(),
        }
    }
}

fn number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

/// The shortlist: ranked items, then every setting among them again with its facts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Shortlist {
    pub entries: Vec<ShortlistEntry>,
    /// Settings of `entries`, in the same order.
    pub settings: Vec<SettingFacts>,
}

impl Shortlist {
    /// Builds a shortlist from items already chosen, keeping their order and dropping repeats.
    pub fn from_items<'a>(items: impl IntoIterator<Item = &'a Item>) -> Shortlist {
        let mut list = Shortlist::default();
        let mut seen = std::collections::HashSet::new();
        for item in items {
            if !seen.insert(item.id.as_str()) {
                continue;
            }
            list.entries.push(ShortlistEntry {
                id: item.id.clone(),
                kind: item.kind,
                title: item.title.clone(),
                from_workspace: item.from_workspace,
                args: item.arguments.as_ref().map(|a| {
                    // The validator opens runCommands itself; VS Code's schema lists every command id.
                    if item.command.as_deref() == Some(super::validate::RUN_COMMANDS) {
                        return RUN_COMMANDS_ARGS.to_string();
                    }
                    let text = a.schema.text();
                    if a.required {
                        text
                    } else {
                        format!("optional {text}")
                    }
                }),
            });
            if let (ItemKind::Setting, Some(key), Some(schema)) =
                (item.kind, item.key.as_ref(), item.setting.as_ref())
            {
                list.settings.push(SettingFacts {
                    key: key.clone(),
                    types: schema.types.clone(),
                    allowed: schema.enum_values.clone(),
                    minimum: schema.minimum,
                    maximum: schema.maximum,
                    from_workspace: item.from_workspace,
                });
            }
        }
        list
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Ranks the request in `any` mode and lists the best items with their setting facts.
/// Cost: one ranking pass over the index (a few milliseconds for ~5,000 items).
pub fn shortlist(index: &Index, request: &str, options: &ShortlistOptions) -> Shortlist {
    let limit = options.limit.max(1);
    let rank = |text: &str, limit: usize| {
        // A request is plain words even when it starts with `/`.
        index.rank(
            &parse_plain(text),
            &RankOptions {
                limit,
                mode: Mode::Any,
                recent: options.recent.clone(),
                kinds: Vec::new(),
            },
        )
    };
    let items = index.items();
    // In a search round each phrase's best items come first, then the request's own.
    let mut ranked = Vec::new();
    if !options.search.is_empty() {
        let share = (limit / (options.search.len() + 1)).max(1);
        for phrase in &options.search {
            ranked.extend(rank(phrase, share));
        }
    }
    ranked.extend(rank(request, limit));
    let mut list = Shortlist::from_items(ranked.iter().filter_map(|r| items.get(r.index)));
    if list.entries.len() > limit {
        let kept: std::collections::HashSet<String> =
            list.entries[..limit].iter().map(|e| e.id.clone()).collect();
        list.entries.truncate(limit);
        list.settings
            .retain(|s| kept.contains(&format!("setting:{}", s.key)));
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn facts(types: Vec<ValueType>) -> SettingFacts {
        SettingFacts {
            key: "a.b".into(),
            types,
            allowed: Vec::new(),
            minimum: None,
            maximum: None,
            from_workspace: false,
        }
    }

    #[test]
    fn facts_read_as_short_phrases() {
        let mut f = facts(vec![ValueType::Number]);
        f.minimum = Some(6.0);
        f.maximum = Some(100.0);
        assert_eq!(
            (f.type_text(), f.allowed_text(), f.range_text()),
            ("number".into(), "any".into(), "6 to 100".into())
        );
        f.maximum = None;
        assert_eq!(f.range_text(), "at least 6");
        let mut f = facts(vec![ValueType::String]);
        f.allowed = vec![json!("off"), json!("on")];
        assert_eq!(f.allowed_text(), r#""off", "on""#);
        assert_eq!(
            facts(vec![ValueType::Boolean, ValueType::String]).type_text(),
            "boolean or string"
        );
        assert_eq!(
            facts(vec![ValueType::String, ValueType::Null]).type_text(),
            "string or null"
        );
        let every = vec![
            ValueType::Boolean,
            ValueType::Number,
            ValueType::String,
            ValueType::Array,
            ValueType::Object,
            ValueType::Null,
        ];
        assert_eq!(facts(every).type_text(), "any");
    }

    #[test]
    fn long_enums_are_shortened_and_values_stay_on_one_line() {
        let mut f = facts(vec![ValueType::String]);
        f.allowed = (0..45).map(|i| json!(format!("v{i}"))).collect();
        f.allowed[0] = json!("two\nlines");
        let text = f.allowed_text();
        assert!(text.starts_with(r#""two\nlines", "v1""#), "{text}");
        assert!(text.ends_with("… (5 more)"), "{text}");
        assert!(!text.contains('\n'));
    }
}
