//! Scoring: the tiers and weights that order ranked items.

pub(super) const TIER: i64 = 10_000;
pub(super) const RECENT_BOOST_MAX: i64 = 2_000;

/// How one query word matched an item; higher is better.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum WordTier {
    Secondary = 1,
    Fuzzy = 2,
    WordStart = 3,
}
