//! Solidus's model: the plain types every layer shares (items, ids, setting schemas, command
//! arguments, the classes of harm) and the text helpers they need, free of IO and of policy.

pub mod args;
pub mod effect;
pub mod hidden;
pub mod host;
pub mod item;
pub mod jsonc;
pub mod schema;
pub mod text;

pub use effect::Effect;
pub use item::{Arguments, EnterAction, Item, ItemKind};
pub use schema::{SettingSchema, ValueType};
