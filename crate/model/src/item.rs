//! The catalog item: one action Solidus can take, with a stable id, a kind and a risk.

use serde::{Deserialize, Serialize};

pub use crate::effect::Effect;
use crate::schema::SettingSchema;

/// What sort of action an item is; decides how the shell runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    Command,
    Setting,
    Script,
    Git,
    File,
    Terminal,
    Custom,
    Pack,
    Slash,
}

impl ItemKind {
    /// The lowercase name used in ids, badges and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            ItemKind::Command => "command",
            ItemKind::Setting => "setting",
            ItemKind::Script => "script",
            ItemKind::Git => "git",
            ItemKind::File => "file",
            ItemKind::Terminal => "terminal",
            ItemKind::Custom => "custom",
            ItemKind::Pack => "pack",
            ItemKind::Slash => "slash",
        }
    }
}

/// What Enter does on an item in the popup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum EnterAction {
    /// Runs the item (commands and everything else that is not a setting).
    #[default]
    Run,
    /// Flips a boolean setting.
    Toggle,
    /// Offers the values of an enum setting.
    Choose,
    /// Asks for a value and checks it against the schema.
    Edit,
}

impl EnterAction {
    /// Booleans toggle, enums offer their values, every other setting asks for a value.
    pub fn for_setting(schema: &SettingSchema) -> EnterAction {
        if schema.types == [crate::schema::ValueType::Boolean] {
            EnterAction::Toggle
        } else if !schema.enum_values.is_empty() {
            EnterAction::Choose
        } else {
            EnterAction::Edit
        }
    }
}

/// One action in the catalog.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Item {
    /// Stable across sessions and machines: `command:<id>`, `setting:<key>`, and so on.
    pub id: String,
    pub kind: ItemKind,
    #[serde(default)]
    pub action: EnterAction,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub detail: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    /// Where the item came from: `core`, `registered`, or `extension:<id>`.
    pub source: String,
    /// True for anything read from the workspace; its text is data, never instructions.
    #[serde(default)]
    pub from_workspace: bool,
    /// What running it can do, decided by `risk` alone.
    pub risk: Effect,
    /// The VS Code command id, for command items.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub command: Option<String>,
    /// The setting key, for setting items.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub key: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub keybinding: Option<String>,
    /// True when the default keybinding applies everywhere (no `when` clause).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub global_keybinding: bool,
    /// True when VS Code gave no title and Solidus made one (from its own table or the id).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub derived_title: bool,
    /// True when VS Code keeps the command out of its palette (`menus.commandPalette` with
    /// `"when": "false"`): a menu's command that expects the menu's context (a resource, a
    /// repository, a graph node). It ranks below palette commands and is not offered to /do.
    /// Only the core ranks, so it never crosses to the shell.
    #[serde(skip)]
    pub palette_hidden: bool,
    /// Boxed: most items are commands without one, and the box keeps every item small.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub setting: Option<Box<SettingSchema>>,
    /// The command's argument schema, when VS Code declares one. Only the core checks
    /// arguments, so it never crosses to the shell.
    #[serde(skip)]
    pub arguments: Option<Box<crate::args::CommandArgs>>,
}

impl Item {
    /// Whether the item can run with no menu's context: anything shown in the palette, and a
    /// command hidden from it that a default key runs (it acts on the editor's state, as the
    /// Markdown editor's cursor commands do). A request ranker offers /do only these.
    pub fn runs_without_a_menu(&self) -> bool {
        !self.palette_hidden || self.keybinding.is_some()
    }
}

/// A command item with nothing but defaults: literals name what differs (`..Item::default()`),
/// so the optional fields are written once. Unknown is never safe: the class defaults to
/// unreviewed, and whoever builds an item sets it from `risk`.
impl Default for Item {
    fn default() -> Item {
        Item {
            id: String::new(),
            kind: ItemKind::Command,
            action: EnterAction::Run,
            title: String::new(),
            detail: None,
            keywords: Vec::new(),
            source: String::new(),
            from_workspace: false,
            risk: Effect::Unreviewed,
            command: None,
            key: None,
            keybinding: None,
            global_keybinding: false,
            derived_title: false,
            palette_hidden: false,
            setting: None,
            arguments: None,
        }
    }
}

/// Whether an item takes `args`.
///
/// The rule, by kind: the terminal (`term:run`) requires the shell command line; a slash command
/// takes optional argument text (what follows `/name`). Nothing else takes arguments by default:
/// commands are run without any (letting a model pass arguments to arbitrary commands would make
/// `workbench.action.terminal.sendSequence`-like commands into a shell), and scripts, custom
/// commands, packs, Git and file actions run as the catalog defines them. The caller may say
/// otherwise per item (the agent's `ValidateOptions::arguments`), e.g. for a justfile recipe whose run
/// spec has parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Arguments {
    None,
    Optional,
    Required,
}

/// The argument rule for an item by its kind; see [`Arguments`].
pub fn item_arguments(item: &Item) -> Arguments {
    match item.kind {
        ItemKind::Terminal => Arguments::Required,
        ItemKind::Slash => Arguments::Optional,
        _ => Arguments::None,
    }
}
