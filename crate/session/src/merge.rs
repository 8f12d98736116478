//! Merges a project's items into VS Code's without copying VS Code's, and takes them back out.

use solidus_model::item::Item;
use solidus_sources::catalog::Catalog;
use solidus_sources::project::ProjectCatalog;

/// Where VS Code's items are while the index holds them: the first `kept` items of the index,
/// plus the few the project's own items stand in for (a Git item wrapping `git.commit`), set
/// aside with their places. One copy of the catalog instead of two keeps wasm memory down.
#[derive(Debug, Default)]
pub struct BaseItems {
    kept: usize,
    set_aside: Vec<(usize, Item)>,
}

impl BaseItems {
    /// For an index built from VS Code's items alone.
    pub fn new(count: usize) -> BaseItems {
        BaseItems {
            kept: count,
            set_aside: Vec::new(),
        }
    }

    /// Drops the project's items from the index's items, and hands back VS Code's items in
    /// their original order. Cost: the index's memory is free before the next project is built.
    pub fn take(&mut self, mut items: Vec<Item>) -> Vec<Item> {
        items.truncate(self.kept);
        // Ascending places, so every earlier one is back when a later one goes in.
        for (place, item) in self.set_aside.drain(..) {
            items.insert(place, item);
        }
        self.kept = items.len();
        items
    }

    /// Moves the project's items in after VS Code's (see `ProjectCatalog::move_items_into`)
    /// and notes which of VS Code's items the merge dropped, to put them back in `take`.
    /// Cost: copies of the few items that share a command with a project item, and of the ids.
    pub fn merge(&mut self, base: Vec<Item>, project: &mut ProjectCatalog) -> Catalog {
        let commands: std::collections::HashSet<&str> = project
            .items
            .iter()
            .filter_map(|i| i.command.as_deref())
            .collect();
        // Only an item sharing a command with a project item is ever dropped for it.
        let mut candidates: Vec<(usize, Item)> = base
            .iter()
            .enumerate()
            .filter(|(_, i)| i.command.as_deref().is_some_and(|c| commands.contains(c)))
            .map(|(place, i)| (place, i.clone()))
            .collect();
        drop(commands);
        let ids: Vec<Box<str>> = base.iter().map(|i| i.id.as_str().into()).collect();
        let mut items = base;
        items.reserve_exact(project.items.len());
        let mut catalog = Catalog {
            items,
            warnings: Vec::new(),
        };
        project.move_items_into(&mut catalog);
        // The kept items lead in their order, so a walk over both finds the dropped ones.
        let mut at = 0;
        for (place, id) in ids.iter().enumerate() {
            if catalog.items.get(at).is_some_and(|i| *i.id == **id) {
                at += 1;
            } else if let Some(pos) = candidates.iter().position(|(p, _)| *p == place) {
                self.set_aside.push(candidates.swap_remove(pos));
            } else {
                debug_assert!(false, "the merge dropped {id}, which shares no command");
            }
        }
        self.set_aside.sort_unstable_by_key(|(place, _)| *place);
        self.kept = at;
        catalog
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solidus_model::item::{Effect, ItemKind};
    use solidus_rank::Index;

    fn command(id: &str) -> Item {
        Item {
            id: format!("command:{id}"),
            kind: ItemKind::Command,
            title: id.to_string(),
            keywords: Vec::new(),
            source: "core".to_string(),
            risk: Effect::Safe,
            command: Some(id.to_string()),
            ..Item::default()
        }
    }

    fn project_with(items: Vec<Item>) -> ProjectCatalog {
        ProjectCatalog {
            items,
            ..Default::default()
        }
    }

    #[test]
    fn dropped_items_come_back_in_place_and_ids_resolve_after_each_merge() {
        let base: Vec<Item> = ["a.one", "git.commit", "b.two", "git.push", "c.three"]
            .iter()
            .map(|c| command(c))
            .collect();
        let original = base.clone();
        let mut book = BaseItems::new(base.len());
        let mut index = Index::new(base);
        for round in 0..3 {
            let mut git = command("git.commit");
            git.id = "git:commit".to_string();
            git.kind = ItemKind::Git;
            let mut script = command("unused");
            script.id = format!("script:round{round}");
            script.kind = ItemKind::Script;
            script.command = None;
            let items = book.take(index.into_items());
            assert_eq!(
                items, original,
                "round {round}: VS Code's items, whole and in order"
            );
            let catalog = book.merge(items, &mut project_with(vec![git, script]));
            index = Index::new(catalog.items);
            assert!(
                index.get("command:git.commit").is_none(),
                "wrapped command is dropped"
            );
            assert!(index.get("command:git.push").is_some());
            assert!(index.get("command:c.three").is_some());
            assert_eq!(index.get("git:commit").map(|i| i.kind), Some(ItemKind::Git));
            assert!(index.get(&format!("script:round{round}")).is_some());
            assert!(index.get("script:round9").is_none());
            if round > 0 {
                assert!(index.get(&format!("script:round{}", round - 1)).is_none());
            }
        }
        let items = book.take(index.into_items());
        assert_eq!(items, original);
    }

    #[test]
    fn an_empty_project_keeps_every_item() {
        let base: Vec<Item> = ["x", "y"].iter().map(|c| command(c)).collect();
        let mut book = BaseItems::new(base.len());
        let catalog = book.merge(base.clone(), &mut ProjectCatalog::default());
        assert_eq!(catalog.items, base);
        let items = book.take(catalog.items);
        assert_eq!(items, base);
    }
}
