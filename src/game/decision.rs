//! Decisions as the host sees them: the prompt a game puts, its options,
//! and the choice taken.

use serde::{Deserialize, Serialize};

/// One option of a decision: `label` is what a person reads and may type,
/// `key` stays the same when labels are reworded.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Offer {
    pub key: String,
    pub label: String,
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
