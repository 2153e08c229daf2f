//! Why a Monte Carlo estimate gave no answer, in words a person reading a
//! hint (or a bot's error) can act on.

use crate::script::ScriptError;

/// Why there is no estimate.
#[derive(Clone, Debug)]
pub(crate) enum Failure {
    /// The game is over: there is nothing to choose.
    Over,
    Script(ScriptError),
    /// Too many worlds showed what the player did not see, or were left
    /// out for a playout that never ended.
    Rejected {
        tried: usize,
        accepted: usize,
        /// The script drew random numbers of its own before the decision.
        randoms: bool,
        /// Worlds left out because a playout never ended.
        endless: usize,
    },
    /// Ctrl-C came before a single world was played.
    Stopped,
    /// A hint's budget ran out before a single world was played out.
    Late(std::time::Duration),
    /// The ruleset could not be loaded again for the worlds.
    Load(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Over => write!(f, "the game is over"),
            Failure::Script(error) => write!(f, "{error}"),
            Failure::Load(message) => write!(f, "{message}"),
            Failure::Stopped => write!(f, "stopped before a single world was played"),
            Failure::Late(budget) => write!(
                f,
                "not one world was played out within the hint's {:.0} seconds (counted from when it was asked): this ruleset's worlds, or its replay to this decision, take longer",
                budget.as_secs_f64()
            ),
            Failure::Rejected {
                tried,
                accepted,
                endless,
                ..
            } if 2 * endless > tried - accepted => write!(
                f,
                "only {accepted} of {tried} random worlds could be played out: in {endless} of them the rollout player never ended the game, so there is no estimate to give"
            ),
            Failure::Rejected {
                tried,
                accepted,
                randoms,
                ..
            } => {
                write!(
                    f,
                    "only {accepted} of {tried} random worlds replay what the player saw ({:.0}% told apart from the real game): ",
                    100.0 * (tried - accepted) as f64 / (*tried).max(1) as f64
                )?;
                if *randoms {
                    write!(f, "this ruleset shows what its own random numbers made, and a world, which must draw them afresh lest it know what they hid, rarely shows the same, so honest Monte Carlo play can not use it")
                } else {
                    write!(f, "this ruleset reveals too much through its narration or state for honest Monte Carlo play")
                }
            }
        }
    }
}
