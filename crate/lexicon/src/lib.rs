//! Solidus's lexicon: the ranker's words — the glossary of word parts, the synonym tables and the
//! plain-language notes on VS Code's commands and settings — as data, read in one place.

pub mod glossary;
pub mod notes;
pub mod thesaurus;
pub mod thesaurus_actions;
pub mod vocabulary;
