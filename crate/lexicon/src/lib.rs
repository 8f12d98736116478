//! Solidus's lexicon: the ranker's words as data files under `data/` — one synonym table, the
//! glossary of VS Code's parts, the command that opens each part, stop and filler words, and the
//! plain-language notes on VS Code's commands and settings — read in one place (`data`,
//! `notes`), and the rules that turn a request's words into the catalog's (`vocabulary`).

pub mod data;
pub mod notes;
pub mod vocabulary;
