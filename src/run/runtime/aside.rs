//! What a bot's trial of a move (`run/trial.rs`) puts aside while it plays
//! on a copy, and what the copy tells the bot: the random stream, whether
//! events are kept, the watcher, the copy's end, how often its position
//! came before.

use super::Runtime;
use crate::game::random::Random;
use crate::run::world::Watcher;
use crate::script::host::Mode;
use rhai::Dynamic;

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
