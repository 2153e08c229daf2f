//! Decisions: the prompt a game puts, the choice taken, and the deciders that
//! answer without a person (bots).

use crate::random::Random;
use serde::{Deserialize, Serialize};

/// One option of a decision: `label` is what a person reads and may type,
/// `key` stays the same when labels are reworded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Offer {
    pub key: String,
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    pub question: String,
    pub options: Vec<Offer>,
}

/// A choice as a session records it: the index for speed, the key so a
/// replay can tell when the script no longer offers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    pub index: usize,
    pub key: String,
}

/// Answers decisions during a run, without pausing it.
pub trait Decider {
    fn decide(&mut self, prompt: &Prompt) -> usize;
}

/// Picks uniformly among the options offered, from its own seeded stream.
pub struct RandomBot {
    random: Random,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        // Its own stream: the game's shuffles must not depend on the bot.
        RandomBot {
            random: Random::new(seed ^ 0x05EE_DB07),
        }
    }
}

impl Decider for RandomBot {
    fn decide(&mut self, prompt: &Prompt) -> usize {
        self.random.below(prompt.options.len())
    }
}
