//! How a declared game ends: won when its declared test holds after a
//! move, lost when no move is left, scored by the cards its declared piles
//! hold, each end said in the ruleset's words (`{score}`, `{cards}`).

use super::compiled::Ended;
use crate::script::api::piles_named;
use crate::script::host::{fault, Fallible, Host, Wiring};
use crate::script::move_kind::Template;
use crate::script::position_rules::RepetitionEnd;
use crate::script::turn_rules::WonTest;

/// Ends the game as won if its declared test holds.
pub(super) fn if_won(host: &mut dyn Host) -> Fallible<()> {
    let rules = host.wiring().turn.clone();
    let Some(won) = &rules.won else {
        return Ok(());
    };
    let table = host.table();
    let holds = match &won.test {
        WonTest::AllIn(piles) => {
            let held: usize = piles_named(host, std::slice::from_ref(piles))?
                .into_iter()
                .map(|p| table.pile(p).len())
                .sum();
            held == table.card_count()
        }
        WonTest::Empty(piles) => piles_named(host, std::slice::from_ref(piles))?
            .into_iter()
            .all(|p| table.pile(p).is_empty()),
    };
    if holds {
        end(host, "win", &won.says)?;
    }
    Ok(())
}

/// Ends the game as lost: no move is left.
pub(super) fn stuck(host: &mut dyn Host) -> Fallible<()> {
    let rules = host.wiring().turn.clone();
    let Some(says) = &rules.stuck else {
        return Err(fault(
            "no move is left and the ruleset says not how that ends".into(),
        ));
    };
    end(host, "loss", says)
}

/// Ends the game as lost: a position came back as often as the declared
/// repetition rule allows.
pub(crate) fn repeated(host: &mut dyn Host, says: &Template) -> Fallible<()> {
    end(host, "loss", says)
}

fn end(host: &mut dyn Host, outcome: &str, says: &Template) -> Fallible<()> {
    let score = score(host)?;
    host.end(outcome, score.into(), &words(says, score))
}

/// An end said in the ruleset's words, with its score.
fn words(says: &Template, score: i64) -> String {
    says.fill(|field| match field {
        "cards" if score == 1 => "1 card".to_string(),
        "cards" => format!("{score} cards"),
        _ => score.to_string(),
    })
}

/// How a compiled game's line ended (`compiled::Ended`), as the host's
/// declared turn would have ended it: its result, score and words.
pub(crate) fn said(wiring: &Wiring, ended: Ended) -> (&'static str, i64, String) {
    let rules = &wiring.turn;
    let (result, says, score) = match ended {
        Ended::Won(score) => ("win", rules.won.as_ref().map(|w| &w.says), score),
        Ended::Lost(score) => ("loss", rules.stuck.as_ref(), score),
        Ended::Repeated(score) => {
            let says = match wiring.position.repetition.as_ref().map(|r| &r.end) {
                Some(RepetitionEnd::Lost(says)) => Some(says),
                _ => None,
            };
            ("loss", says, score)
        }
    };
    (
        result,
        score,
        says.map(|s| words(s, score)).unwrap_or_default(),
    )
}

/// The cards the declared piles hold.
fn score(host: &dyn Host) -> Fallible<i64> {
    let rules = host.wiring().turn.clone();
    let Some(score) = &rules.score else {
        return Err(fault("the ruleset declares no score (`score_is`)".into()));
    };
    let table = host.table();
    Ok(piles_named(host, std::slice::from_ref(&score.cards_in))?
        .into_iter()
        .map(|p| table.pile(p).len() as i64)
        .sum())
}
