//! Ordering: the best results by score with recency and names breaking ties, and the empty query.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::highlight::Letters;
use super::index::Index;
use super::score;
use super::{RankOptions, RankedItem};

impl Index {
    pub(super) fn recency_boost(&self, index: usize, recent_pos: &HashMap<&str, usize>) -> i64 {
        match recent_pos.get(self.items[index].id.as_str()) {
            Some(&pos) => score::recency(pos),
            None => 0,
        }
    }

    /// Keeps the best `limit` by score, then recency, title and id, and adds highlights.
    pub(super) fn top(
        &self,
        mut scored: Vec<(i64, usize)>,
        limit: usize,
        recent_pos: &HashMap<&str, usize>,
        words: &[&str],
        letters: Letters,
    ) -> Vec<RankedItem> {
        let recency = |i: usize| {
            if recent_pos.is_empty() {
                usize::MAX
            } else {
                recent_pos
                    .get(self.items[i].id.as_str())
                    .copied()
                    .unwrap_or(usize::MAX)
            }
        };
        let order = |a: &(i64, usize), b: &(i64, usize)| -> Ordering {
            b.0.cmp(&a.0)
                .then_with(|| recency(a.1).cmp(&recency(b.1)))
                .then_with(|| self.title_order[a.1].cmp(&self.title_order[b.1]))
        };
        if scored.len() > limit {
            scored.select_nth_unstable_by(limit - 1, order);
            scored.truncate(limit);
        }
        scored.sort_unstable_by(order);
        // One list of marked chars serves every row.
        let mut chars = Vec::new();
        scored
            .into_iter()
            .map(|(score, index)| RankedItem {
                index,
                score,
                highlights: self.highlights(index, words, letters, &mut chars),
                related: false,
            })
            .collect()
    }

    /// An empty query: the recent items, most recent first. With a kind filter (the popup's
    /// `#` for scripts) the rest of those kinds follow in catalog order, so the filter alone
    /// lists what there is.
    pub(super) fn recent_only(&self, options: &RankOptions, limit: usize) -> Vec<RankedItem> {
        let allowed =
            |i: &usize| options.kinds.is_empty() || options.kinds.contains(&self.items[*i].kind);
        let recent: Vec<usize> = options
            .recent
            .iter()
            .filter_map(|id| self.position(id))
            .filter(allowed)
            .take(limit)
            .collect();
        let mut out: Vec<RankedItem> = recent
            .iter()
            .enumerate()
            .map(|(pos, &index)| RankedItem {
                index,
                score: score::recency(pos),
                highlights: Vec::new(),
                related: false,
            })
            .collect();
        if !options.kinds.is_empty() {
            let rest = (0..self.items.len())
                .filter(allowed)
                .filter(|i| !recent.contains(i))
                .take(limit - out.len());
            out.extend(rest.map(|index| RankedItem {
                index,
                score: 0,
                highlights: Vec::new(),
                related: false,
            }));
        }
        out
    }
}
