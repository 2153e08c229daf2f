//! What `delve check` found on a run of seeds: its first broken invariant,
//! and the games that reached the cap on decisions, counted apart.

use super::Failure;

/// What the check of a run of seeds found: the first broken invariant,
/// and the games that reached the cap on decisions without ending, which
/// are counted rather than taken for a failure (a ruleset may allow games
/// that go on for ever; `check_all` fails one whose every game did).
#[derive(Debug, Default)]
pub struct Checked {
    pub failure: Option<Failure>,
    /// How many seeds' games reached the cap.
    pub capped: u64,
    /// The first of them, to replay.
    pub first_capped: Option<Failure>,
}

impl Checked {
    /// The next run of seeds' findings after this one's.
    pub(super) fn then(&mut self, next: Checked) {
        if self.failure.is_none() {
            self.failure = next.failure;
        }
        self.capped += next.capped;
        if self.first_capped.is_none() {
            self.first_capped = next.first_capped;
        }
    }
}
