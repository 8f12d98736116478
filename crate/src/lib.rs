//! Solidus core: the catalog of actions, the ranker and the settings checker, free of IO.
//!
//! Everything here is plain Rust over plain types so it is tested natively; `wasm.rs` is the only
//! module that knows about JavaScript.

pub mod agent;
pub mod args;
pub mod catalog;
pub mod glossary;
pub mod hidden;
pub mod input;
pub mod item;
pub mod jsonc;
pub mod merge;
pub mod notes;
pub mod palette;
pub mod project;
pub mod rank;
pub mod risk;
pub mod schema;
pub mod slash;
pub mod text;
pub mod thesaurus;
pub mod thesaurus_actions;
pub mod vocabulary;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use catalog::{build_catalog, Catalog, CatalogSources, Warning};
pub use item::{Effect, EnterAction, Item, ItemKind};
pub use rank::{Index, Mode, RankOptions, RankedItem};
pub use schema::{SettingSchema, ValueType};
