//! Decisions as the host sees them: the prompt a game puts, its options,
//! what an option moves where, and the choice taken.

use serde::{Deserialize, Serialize};

/// One option of a decision: `label` is what a person reads and may type,
/// `key` stays the same when labels are reworded; `carries` says what it
/// moves where, when it moves cards (or steps onto a place), so a front end
/// can make it by carrying a card there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offer {
    pub key: String,
    pub label: String,
    pub carries: Option<Carried>,
}

/// What an option moves where: its cards (none, one, or a run from the one
/// that lands first up to the top), the pile they come from and the pile
/// they go to; `targets` are every pile a player may put them on to make
/// the move, `to` first (a monster's pile as well as the attack pile under
/// it that takes the card; any empty pile of a family where any is as
/// good). Every card named lies face up on the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Carried {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<String>,
}

impl Carried {
    /// Whether a player may put the cards on `pile` to make this move.
    pub fn goes_onto(&self, pile: &str) -> bool {
        self.targets.iter().any(|t| t == pile)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
