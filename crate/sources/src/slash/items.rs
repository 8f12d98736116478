//! Slash commands as catalog items, so the one ranker lists them, `/do` can plan them, and they
//! come back with everything else after a core restart.

use super::command::SlashCommand;
use super::discovery::Discovery;
use solidus_model::item::{Item, ItemKind};

/// The prefix of a slash item's id; the rest is the command's discovery id.
pub const ITEM_PREFIX: &str = "slash:";

/// How a command is typed to pick it even when shadowed: `name` when it wins its name, else
/// `<tool>.<name>`.
pub fn typed_name(command: &SlashCommand) -> String {
    if command.shadowed_by.is_some() {
        format!("{}.{}", command.tool.id(), command.name)
    } else {
        command.name.clone()
    }
}

/// One line for a command's tool, scope and shadowing: `claude · project · shadowed by gemini user`.
pub fn origin(command: &SlashCommand, all: &[SlashCommand]) -> String {
    let mut text = format!("{} · {}", command.tool.id(), command.scope.id());
    if let Some(winner) = &command.shadowed_by {
        let by = all
            .iter()
            .find(|c| &c.id == winner)
            .map(|c| format!("{} {}", c.tool.id(), c.scope.id()))
            .unwrap_or_else(|| winner.clone());
        text.push_str(&format!(" · shadowed by {by}"));
    }
    text
}

impl Discovery {
    /// One item per command, shadowed ones included (typed as `/<tool>.<name>`), in discovery
    /// order so a command that wins its name precedes those it shadows. The title is what is
    /// typed; the keywords are the slash names the ranker matches: that one, the `<tool>.<name>`
    /// form that always reaches this command, and its own name. Every one is classed by `risk`: it comes from a
    /// file, so it is always confirmed in a plan.
    pub fn items(&self) -> Vec<Item> {
        self.commands
            .iter()
            .map(|command| {
                let typed = typed_name(command);
                let full = format!("{}.{}", command.tool.id(), command.name);
                // A shadowed command still answers to its own name, after the one that wins it.
                let mut keywords = vec![format!("/{typed}")];
                for other in [&full, &command.name] {
                    if *other != typed {
                        keywords.push(format!("/{other}"));
                    }
                }
                let detail: Vec<String> = [
                    // Said first, so it is read before the command runs.
                    command
                        .hidden_text
                        .as_ref()
                        .map(|what| format!("⚠ the file holds {what}")),
                    Some(command.description.trim().to_string()),
                    command.argument_hint.clone(),
                    Some(origin(command, &self.commands)),
                ]
                .into_iter()
                .flatten()
                .filter(|part| !part.trim().is_empty())
                .collect();
                solidus_guard::classified(Item {
                    id: format!("{ITEM_PREFIX}{}", command.id),
                    kind: ItemKind::Slash,
                    title: format!("/{typed}"),
                    detail: Some(detail.join(" · ")),
                    keywords,
                    source: format!("slash:{}", command.provider.id()),
                    from_workspace: command.scope == super::Scope::Project,
                    ..Item::default()
                })
            })
            .collect()
    }
}
