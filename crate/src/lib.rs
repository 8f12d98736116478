//! Solidus core: the layers under one name, and the wasm binding.
//!
//! Each layer is a Cargo member of its own (ARCHITECTURE.md has the map): this crate only re-exports
//! them, so tests, examples and fuzz targets name one crate, and compiles `wasm.rs`, the one module
//! that knows about JavaScript and only translates between it and the session.

pub use solidus_agent as agent;
pub use solidus_guard as risk;
pub use solidus_lexicon::{data as lexicon_data, notes, vocabulary};
pub use solidus_model::{args, effect, hidden, host, item, jsonc, schema, text};
pub use solidus_rank as rank;
pub use solidus_session::{input, merge, session};
pub use solidus_sources::{catalog, palette, project, slash};

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use catalog::{build_catalog, Catalog, CatalogSources, Warning};
pub use item::{Effect, EnterAction, Item, ItemKind};
pub use rank::{Index, Mode, RankOptions, RankedItem};
pub use schema::{SettingSchema, ValueType};
