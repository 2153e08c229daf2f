//! A hint's search: where the player sees everything (a game of positions
//! with no card the player has not seen, `mc::Moment::hides_nothing`), the
//! search on copies from the player's position answers in place of worlds
//! that would all be the same deal. It may not use what the player can not
//! know: the game's random stream is seeded afresh at the player's
//! position, as a world's is, and an answer that drew any number from it
//! (rules that shuffle or roll later) is thrown away, so such a game's hint
//! is the worlds' as before (docs/hints.md). Where it may answer, no
//! worlds are played: they would all be this one game.

use super::super::budget::Meter;
use super::super::mc::Moment;
use super::super::verdict::{Budget, Halt, Progress, Verdict};
use super::super::{Deal, Program};
use crate::game::decision::Choice;
use crate::script::cancel;
use crate::script::declare::Options;
use crate::script::host::Host;
use crate::script::ScriptError;

/// What a hint's search settled about the player's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Settled {
    /// A line wins: option `index` of the decision first, `length`
    /// decisions in all to the win.
    Win { index: usize, length: usize },
    /// Every line from here was searched: none wins. `best` is the
    /// option that starts the best end found (by what the ruleset plays
    /// for) and that end's score, as the ruleset counts it.
    NoWin { best: Option<(usize, String)> },
    /// The budget ran out first (or Ctrl-C), for this reason.
    Unknown(Option<Halt>),
}

/// A hint's search and how far it went.
#[derive(Clone, Debug)]
pub(crate) struct Searched {
    pub settled: Settled,
    /// Positions told apart (the table of those seen).
    pub positions: usize,
    /// Options applied.
    pub nodes: u64,
    pub seconds: f64,
}

/// The search from the decision after `choices`, within `budget`; none
/// where it may not answer: the game hides something there, is not a
/// game of positions, has ended, or the search drew a random number.
/// `fresh` seeds the game's stream at the player's position; `progress`
/// hears how far the search has got.
pub(crate) fn from_here(
    program: &Program,
    options: &Options,
    deal: &Deal,
    choices: &[Choice],
    budget: Budget,
    fresh: u64,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Option<Searched>, ScriptError> {
    let open = Moment::look(program, options, deal, choices).is_ok_and(|m| m.hides_nothing());
    if !open || program.host().borrow().wiring().has_redeal {
        return Ok(None);
    }
    // Inside the stop over the caller's work, if any: a hint's budget.
    let meter = Meter::new(&budget, &cancel::current().unwrap_or_default());
    let stop = meter.stop().clone();
    let (solved, drawn) = stop.over(|| {
        super::search(
            program,
            options,
            deal,
            choices,
            budget,
            meter,
            Some(fresh),
            progress,
        )
    })?;
    if drawn > 0 {
        return Ok(None);
    }
    let settled = match (solved.verdict, &solved.win) {
        (Verdict::Winnable, Some(win)) if win.choices.len() > choices.len() => Settled::Win {
            index: win.choices[choices.len()].index,
            length: win.choices.len() - choices.len(),
        },
        (Verdict::NotWinnable, _) => Settled::NoWin {
            best: solved
                .best
                .as_ref()
                .filter(|line| line.choices.len() > choices.len())
                .map(|line| {
                    let score = match &line.outcome.score {
                        serde_json::Value::String(text) => text.clone(),
                        other => other.to_string(),
                    };
                    (line.choices[choices.len()].index, score)
                }),
        },
        _ => Settled::Unknown(solved.halted),
    };
    Ok(Some(Searched {
        settled,
        positions: solved.stats.positions,
        nodes: solved.stats.nodes,
        seconds: solved.stats.seconds,
    }))
}
