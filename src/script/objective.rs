//! What a player of a ruleset plays for, as its top level declares it
//! (`objective("score")`): to win first and then to score, which is the
//! default, or the score alone, where a win is rare or there is none. Hints,
//! the Monte Carlo bot and `sim`'s comparisons rank options and players by
//! it; an outcome's own words stay the ruleset's.

use std::fmt;

/// What a player plays for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Objective {
    /// More wins first; as many, a higher score.
    #[default]
    WinThenScore,
    /// A higher score; a win counts only for what it scores.
    Score,
}

impl Objective {
    /// The objective a ruleset names, or why the name is none.
    pub(crate) fn named(name: &str) -> Result<Objective, String> {
        match name {
            "win" => Ok(Objective::WinThenScore),
            "score" => Ok(Objective::Score),
            other => Err(format!(
                "objective: `{other}` is no objective: \"win\" (to win first, then to score) or \"score\" (the score alone)"
            )),
        }
    }

    /// The word a ruleset declares it with, as the protocol names it.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Objective::WinThenScore => "win",
            Objective::Score => "score",
        }
    }
}

impl fmt::Display for Objective {
    /// As a person reads it: "to win, then to score".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Objective::WinThenScore => "to win, then to score",
            Objective::Score => "to score",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_objectives_are_named_by_their_words_and_nothing_else() {
        assert_eq!(Objective::named("win"), Ok(Objective::WinThenScore));
        assert_eq!(Objective::named("score"), Ok(Objective::Score));
        let wrong = Objective::named("points").unwrap_err();
        assert!(
            wrong.contains("`points`") && wrong.contains("\"score\""),
            "{wrong}"
        );
        assert_eq!(Objective::default(), Objective::WinThenScore);
    }
}
