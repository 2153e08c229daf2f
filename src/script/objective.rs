//! What a player of a ruleset plays for, as its top level declares it
//! (`objective("score")`, `objective("win", "lower")`): to win first and
//! then to score, which is the default, or the score alone, where a win is
//! rare or there is none; and whether a higher score is better (the
//! default) or a lower (where the score counts cards left). Hints, the Monte Carlo
//! bot and `sim`'s comparisons rank options and players by it; an
//! outcome's own words stay the ruleset's.

use std::fmt;

/// What a player plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// More wins first; as many, a better score.
    WinThenScore { lower: bool },
    /// A better score; a win counts only for what it scores.
    Score { lower: bool },
}

impl Default for Objective {
    fn default() -> Objective {
        Objective::WinThenScore { lower: false }
    }
}

impl Objective {
    /// The objective a ruleset names, with which score is better, or why
    /// the words are none.
    pub(crate) fn named(name: &str, better: &str) -> Result<Objective, String> {
        let lower = match better {
            "higher" => false,
            "lower" => true,
            other => {
                return Err(format!(
                    "objective: `{other}` says no order of scores: \"higher\" (the default) or \"lower\" is better"
                ))
            }
        };
        match name {
            "win" => Ok(Objective::WinThenScore { lower }),
            "score" => Ok(Objective::Score { lower }),
            other => Err(format!(
                "objective: `{other}` is no objective: \"win\" (to win first, then to score) or \"score\" (the score alone)"
            )),
        }
    }

    /// The word a ruleset declares it with, as the protocol names it.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Objective::WinThenScore { .. } => "win",
            Objective::Score { .. } => "score",
        }
    }

    /// Whether the score alone counts.
    pub(crate) fn score_alone(self) -> bool {
        matches!(self, Objective::Score { .. })
    }

    /// Whether a lower score is the better.
    pub(crate) fn lower(self) -> bool {
        match self {
            Objective::WinThenScore { lower } | Objective::Score { lower } => lower,
        }
    }

    /// A score as ranked: the higher the better, whichever way the ruleset
    /// counts.
    pub(crate) fn ranked(self, score: f64) -> f64 {
        if self.lower() {
            -score
        } else {
            score
        }
    }

    /// How a shard file keeps it: its word, and `lower` where a lower
    /// score is the better.
    pub(crate) fn spec(self) -> String {
        if self.lower() {
            format!("{} lower", self.word())
        } else {
            self.word().to_string()
        }
    }

    /// The objective a shard file kept.
    pub(crate) fn from_spec(spec: &str) -> Option<Objective> {
        let (word, better) = spec.split_once(' ').unwrap_or((spec, "higher"));
        Objective::named(word, better).ok()
    }

    /// Which score is better, as the protocol names it.
    pub(crate) fn better_score(self) -> &'static str {
        if self.lower() {
            "lower"
        } else {
            "higher"
        }
    }
}

impl fmt::Display for Objective {
    /// As a person reads it: "to win, then to score".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let score = if self.lower() {
            "to score low"
        } else {
            "to score"
        };
        match self {
            Objective::WinThenScore { .. } => write!(f, "to win, then {score}"),
            Objective::Score { .. } => f.write_str(score),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_objectives_are_named_by_their_words_and_nothing_else() {
        let win = Objective::WinThenScore { lower: false };
        assert_eq!(Objective::named("win", "higher"), Ok(win));
        assert_eq!(
            Objective::named("score", "lower"),
            Ok(Objective::Score { lower: true })
        );
        let wrong = Objective::named("points", "higher").unwrap_err();
        assert!(
            wrong.contains("`points`") && wrong.contains("\"score\""),
            "{wrong}"
        );
        assert!(Objective::named("win", "fewer")
            .unwrap_err()
            .contains("\"lower\""));
        assert_eq!(Objective::default(), win);
        assert!(
            Objective::Score { lower: true }.ranked(3.0)
                < Objective::Score { lower: true }.ranked(2.0)
        );
        assert_eq!(win.to_string(), "to win, then to score");
    }
}
