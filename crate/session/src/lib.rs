//! Solidus's session: one window's catalog state (VS Code's items merged with the project's and the
//! slash commands), its index, and the input grammar that dispatches what the user typed.

pub mod input;
pub mod merge;
pub mod session;

pub use session::Session;
