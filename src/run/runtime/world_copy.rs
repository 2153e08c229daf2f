//! A Monte Carlo world made from a copy of the player's position in a game
//! of positions, with no replay: the face-down cards the player has not
//! seen (since the shuffle that last placed them) dealt afresh among the
//! places of the cards of the same shuffle (a player who saw two decks
//! shuffled apart knows which deck a card is in), and every random number to come drawn afresh (a
//! stream per place in the scripts, as a replayed world draws them). What
//! lies face up, the named state and every card seen stay as they are, so
//! the world shows what the player saw by construction. That holds only
//! where the rules drew no random number of their own: one may have moved
//! a card the player saw and can no longer follow, or made named state the
//! player is not shown, so such a game's worlds replay (docs/hints.md).

use super::{History, Runtime, Snapshot};
use crate::game::random::Random;
use crate::run::world::{Sight, Watch, Watcher};
use crate::run::Answerer;
use crate::script::host::Mode;
use std::sync::Arc;

/// The player's position, as worlds are made from it.
#[derive(Clone, Debug)]
pub(crate) struct Position {
    pub(crate) snapshot: Snapshot,
    pub(crate) history: History,
}

/// A face-down card a world deals afresh: where it lies, and the shuffle
/// that placed it (it is dealt only among the places of that shuffle's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct UnseenPlace {
    pub(crate) shuffle: usize,
    pub(crate) pile: usize,
    pub(crate) index: usize,
}

/// The face-down cards a world deals afresh.
pub(crate) type Unseen = Vec<UnseenPlace>;

/// Why worlds replay: the rules drew random numbers.
const ROLLED: &str = "the rules drew random numbers, which may have placed a face-down card or made named state you are not shown, and a copy of the position would keep what they made: each world replays your choices with them drawn afresh";

/// Why worlds replay: the rules made a face-down card.
const MADE: &str = "a face-down card came from no shuffle (the rules made it), and a copy of the position can not say what else it could be: each world replays your choices";

impl Runtime {
    /// Where the game stands, to make worlds from.
    pub(crate) fn position_now(&self) -> Position {
        Position {
            snapshot: self.snapshot(),
            history: self.history.clone(),
        }
    }

    /// The places of the face-down cards the player has not seen, or why
    /// a copy can not make honest worlds: some face-down card came from no
    /// shuffle (the rules made it), or the rules drew a random number (it
    /// may have moved a card the player saw face down, or made named
    /// state the player is not shown, and a copy keeps both as the real
    /// game has them). Only a replay, which draws those numbers afresh,
    /// or the ruleset's own `fn redeal_unseen` can say what else they
    /// could be.
    pub(crate) fn unseen_places(&self, sight: &Sight) -> Result<Unseen, &'static str> {
        if self.rolled > 0 && !self.wiring.has_redeal {
            return Err(ROLLED);
        }
        let mut places = Vec::new();
        for (p, pile) in self.table.piles().iter().enumerate() {
            for (i, placed) in pile.placed().iter().enumerate() {
                if placed.face_up {
                    continue;
                }
                match &placed.origin {
                    Some(origin) if sight.saw(origin) => {}
                    Some(origin) => places.push(UnseenPlace {
                        shuffle: self.shuffle_group(origin.shuffle),
                        pile: p,
                        index: i,
                    }),
                    None if self.wiring.has_redeal => {}
                    None => return Err(MADE),
                }
            }
        }
        places.sort_unstable();
        Ok(places)
    }

    /// The group of shuffle `nth`: itself, unless a later shuffle mixed its
    /// face-down cards with others'.
    pub(crate) fn shuffle_group(&self, nth: usize) -> usize {
        self.shuffle_groups.get(nth).copied().unwrap_or(nth)
    }

    /// Shuffle `nth` mixed face-down cards of the `earlier` shuffles: they
    /// and it are one group from now on (the lowest number names it).
    pub(crate) fn link_shuffle(&mut self, nth: usize, earlier: &[usize]) {
        let mut joined: Vec<usize> = earlier.iter().map(|&e| self.shuffle_group(e)).collect();
        joined.push(nth);
        let group = joined.iter().copied().min().unwrap_or(nth);
        if self.shuffle_groups.len() <= nth {
            let start = self.shuffle_groups.len();
            self.shuffle_groups.extend(start..=nth);
        }
        for g in &mut self.shuffle_groups {
            if joined.contains(g) {
                *g = group;
            }
        }
    }

    /// Puts the game at `snapshot` as a world of seed `seed` plays it on:
    /// its random numbers its own, its rollout player `rollout`, nothing
    /// kept but the outcome.
    pub(crate) fn enter_world(&mut self, position: &Position, seed: u64, rollout: Answerer) {
        self.restore(&position.snapshot);
        self.history = position.history.clone();
        self.random = Random::new(seed);
        self.bot_random = Random::new(seed ^ 0x05EE_DB07);
        self.answerer = rollout;
        self.record_events = false;
        self.replay.clear();
        self.replayed = 0;
        self.mode = Mode::Play;
        self.steering = None;
        self.labels = None;
        self.redeal_due = false;
        let empty = Watch::World(Arc::new(Sight::default()));
        self.watcher = Watcher::new(empty, self.wiring.has_redeal, seed);
    }

    /// Deals the cards at `unseen` afresh among those places of the same
    /// shuffle, from `random`. They are put in order first: the world may
    /// depend on which cards the player has not seen, never on where they
    /// really lie. `unseen` is in order of shuffle.
    pub(crate) fn deal_unseen(&mut self, unseen: &[UnseenPlace], random: &mut Random) {
        for group in unseen.chunk_by(|a, b| a.shuffle == b.shuffle) {
            let mut cards: Vec<_> = group
                .iter()
                .map(|u| self.table.pile(u.pile).placed()[u.index].card.clone())
                .collect();
            cards.sort_unstable();
            random.shuffle(&mut cards);
            for (u, card) in group.iter().zip(cards) {
                self.table.pile_mut(u.pile).replace_card(u.index, card);
            }
        }
    }
}
