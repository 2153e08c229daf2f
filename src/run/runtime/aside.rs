//! What a bot's trial of a move (`run/trial.rs`) puts aside while it plays
//! on a copy, and what the copy tells the bot: the random stream, whether
//! events are kept, the watcher, the copy's end, how often its position
//! came before.

use super::world_copy::UnseenPlace;
use super::Runtime;
use crate::game::random::Random;
use crate::game::table::Table;
use crate::run::world::Watcher;
use crate::run::Stop;
use crate::script::host::{fault, Fallible, Host, Mode};
use rhai::{Dynamic, Map};

impl Runtime {
    pub(crate) fn mode(&self) -> Mode {
        self.mode
    }

    /// A number from the bots' own stream, to seed a copy's randomness.
    pub(crate) fn bot_draw(&mut self) -> u64 {
        (self.bot_random.below(1 << 31) as u64) << 32 | self.bot_random.below(1 << 31) as u64
    }

    pub(crate) fn swap_random(&mut self, random: Random) -> Random {
        std::mem::replace(&mut self.random, random)
    }

    pub(crate) fn swap_record_events(&mut self, record: bool) -> bool {
        std::mem::replace(&mut self.record_events, record)
    }

    pub(crate) fn swap_said_in_step(&mut self, said: usize) -> usize {
        std::mem::replace(&mut self.said_in_step, said)
    }

    pub(crate) fn take_watcher(&mut self) -> Option<Watcher> {
        self.watcher.take()
    }

    pub(crate) fn put_watcher(&mut self, watcher: Option<Watcher>) {
        self.watcher = watcher;
    }

    /// The end a copy came to (`ended()`), or `()`.
    pub(crate) fn set_trial_stop(&mut self, end: Option<Dynamic>) {
        self.trial_end = end.unwrap_or(Dynamic::UNIT);
    }

    pub(crate) fn trial_end_now(&self) -> Dynamic {
        self.trial_end.clone()
    }

    /// How many times the position the host holds came before in this
    /// game (counted in a ruleset with a repetition rule).
    pub(crate) fn repeats_now(&self) -> i64 {
        i64::from(self.history.times(self.key()))
    }
}

/// What a trial puts aside and puts back.
pub(crate) struct Saved {
    snapshot: super::Snapshot,
    random: Random,
    record_events: bool,
    said_in_step: usize,
    watcher: Option<Watcher>,
}

impl Runtime {
    /// Copies the table aside and deals what the player has not seen
    /// afresh: every face-down card, shuffled among the face-down places
    /// of the cards of its shuffle (in order first); a face-down card no shuffle placed can not be
    /// dealt afresh so, unless the ruleset does it (`fn redeal_unseen`).
    pub(crate) fn begin_trial(&mut self) -> Fallible<Saved> {
        let mut places = Vec::new();
        for (p, pile) in self.table().piles().iter().enumerate() {
            for (i, placed) in pile.placed().iter().enumerate() {
                if placed.face_up {
                    continue;
                }
                if placed.origin.is_none() && !self.wiring().has_redeal {
                    return Err(fault(
                        "after(option, judge): a face-down card here came from no shuffle, so a copy can not deal it afresh; give the ruleset a fn redeal_unseen".into(),
                    ));
                }
                if let Some(origin) = &placed.origin {
                    places.push(UnseenPlace {
                        shuffle: self.shuffle_group(origin.shuffle),
                        pile: p,
                        index: i,
                    });
                }
            }
        }
        places.sort_unstable();
        let seed = self.bot_draw();
        let saved = Saved {
            snapshot: self.snapshot(),
            random: self.swap_random(Random::new(seed)),
            record_events: self.swap_record_events(false),
            said_in_step: self.swap_said_in_step(0),
            watcher: self.take_watcher(),
        };
        let mut dealer = Random::new(seed ^ 0x0071_21A1);
        self.deal_unseen(&places, &mut dealer);
        self.set_trial_stop(None);
        Ok(saved)
    }

    /// Copies the game aside as it is, for a check that changes it on the
    /// host's own behalf (`inspect/declarations.rs`): nothing dealt afresh,
    /// nothing told; `end_trial` puts it back.
    pub(crate) fn set_aside(&mut self) -> Saved {
        Saved {
            snapshot: self.snapshot(),
            random: self.random.clone(),
            record_events: self.swap_record_events(false),
            said_in_step: self.swap_said_in_step(0),
            watcher: self.take_watcher(),
        }
    }

    /// Puts the game back where `saved` stood, its table then changed by
    /// `change` (a check's variant of the position).
    pub(crate) fn put_back_changed(&mut self, saved: &Saved, change: &dyn Fn(&mut Table)) {
        self.restore(&saved.snapshot);
        change(&mut self.table);
    }

    pub(crate) fn end_trial(&mut self, saved: Saved) {
        self.restore(&saved.snapshot);
        self.swap_random(saved.random);
        self.swap_record_events(saved.record_events);
        self.swap_said_in_step(saved.said_in_step);
        self.put_watcher(saved.watcher);
        self.set_trial_stop(None);
    }

    /// Whether the move tried ended the game (its stop is kept for `ended()`).
    pub(crate) fn trial_over(&mut self) -> bool {
        match self.take_stop() {
            Some(Stop::Ended(outcome)) => {
                let mut end = Map::new();
                end.insert("outcome".into(), outcome.result.clone().into());
                let score = outcome
                    .score_number()
                    .map_or(Dynamic::UNIT, |s| (s as i64).into());
                end.insert("score".into(), score);
                self.set_trial_stop(Some(end.into()));
                true
            }
            Some(other) => {
                self.set_stop(other);
                false
            }
            None => false,
        }
    }
}
