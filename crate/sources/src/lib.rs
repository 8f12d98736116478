//! Solidus's sources: what VS Code reports (its command and setting documents), the project's own
//! files and the slash-command files, each read into catalog items. Plain text in, items out; no IO.

pub mod catalog;
pub mod palette;
pub mod project;
pub mod slash;

pub use catalog::{build_catalog, Catalog, CatalogSources, Warning};
