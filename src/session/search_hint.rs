//! A hint answered by search, where the player sees everything
//! (`run/search/hint.rs`): the search from the player's position, for
//! about two seconds, and the answer in words and as data. No worlds are
//! played there: they would all be this one game. A win found names the
//! first option of its line; a proof that no line wins names the first of
//! the best end found; a search that did not settle it names the
//! ruleset's bot's choice, with its reason, and says it is not settled
//! (docs/hints.md, "Where nothing is hidden").

use super::Session;
use crate::game::decision::Prompt;
use crate::run::search::{from_here, Searched, Settled};
use crate::run::solve::{Budget, Halt, Progress, MAX_COPY_BYTES, MAX_LINE_BYTES, MAX_POSITIONS};
use crate::run::{BotChoice, Program};
use crate::script::objective::Objective;
use serde_json::{json, Map, Value};
use std::time::Duration;

/// How long a hint's search may take before the worlds answer instead.
pub(crate) const SEARCH_TIME: Duration = Duration::from_secs(2);

/// The search's bounds beside its time: those of `delve solve`.
const BUDGET: Budget = Budget {
    nodes: 1_000_000,
    replays: 100_000_000,
    time: Some(SEARCH_TIME),
    cpu: None,
    table: MAX_POSITIONS,
    line_bytes: MAX_LINE_BYTES,
    depth: 1_000,
    // A server answers many games' hints: a quarter of a solve's copies.
    copies: MAX_COPY_BYTES / 4,
    best: false,
    // Where no line wins, the hint names the best end: every end counts.
    wins_only: false,
};

impl Session {
    /// The search from the player's decision, where it may answer: the
    /// ruleset plays to win (a score alone is not what a search for a
    /// win finds), hides nothing here, and the search draws no random
    /// number. `fresh` seeds the game's stream from here; `progress`
    /// hears how far it has got. A ruleset that fails in the search is
    /// left to the worlds, which say how it failed.
    pub(super) fn search_hint(
        &self,
        fresh: u64,
        progress: &mut dyn FnMut(&Progress),
    ) -> Option<Searched> {
        if self.ruleset.declared.objective.score_alone() {
            return None;
        }
        let program = Program::load(self.ruleset.file.clone()).ok()?;
        let choices = self.choices();
        from_here(
            &program,
            &self.options,
            &self.deal,
            choices,
            BUDGET,
            fresh,
            progress,
        )
        .ok()
        .flatten()
    }
}

/// What a search's hint names: the option to take, the kind of its
/// verdict (none where the search did not settle it), and the sentence.
struct Answer {
    index: usize,
    kind: Option<&'static str>,
    verdict: String,
}

/// An option as the player chooses it: its number and label.
fn name(prompt: &Prompt, index: usize) -> String {
    let label = prompt.options.get(index).map_or("", |o| o.label.as_str());
    format!("{}. {label}", index + 1)
}

/// The answer of a search: its winning line's first option, the first of
/// the best end where no line wins, else the ruleset's bot's choice (or,
/// without a bot, the first option offered), not settled.
fn answer(searched: &Searched, prompt: &Prompt, bot: Option<&BotChoice>) -> Answer {
    let n = searched.nodes;
    match &searched.settled {
        Settled::Win { index, length } => Answer {
            index: *index,
            kind: Some("winning_line"),
            verdict: format!(
                "A winning line: take {}: it leads to a win (found by a search that tried {n} moves; a winning line of {length}).",
                name(prompt, *index),
            ),
        },
        Settled::NoWin {
            best: Some((index, score)),
        } => Answer {
            index: *index,
            kind: Some("best_end"),
            verdict: format!(
                "No line wins: take {}: no line from here wins (a search tried every one, {n} moves), and this one leads to the best end found (a score of {score}).",
                name(prompt, *index),
            ),
        },
        _ => {
            let (index, taken) = match bot {
                Some(b) => (
                    b.index,
                    match &b.why {
                        Some(why) => format!("the ruleset's bot's choice ({why})"),
                        None => "the ruleset's bot's choice".to_string(),
                    },
                ),
                None => (0, "the first option offered: the ruleset has no bot to ask".to_string()),
            };
            Answer {
                index,
                kind: None,
                verdict: format!(
                    "Not settled: {} Take {}, {taken}.",
                    unsettled(searched),
                    name(prompt, index),
                ),
            }
        }
    }
}

/// What a search that settled nothing says it did.
fn unsettled(searched: &Searched) -> String {
    let n = searched.nodes;
    match searched.settled {
        Settled::Unknown(Some(Halt::Interrupted | Halt::Called)) => format!(
            "a search was stopped after {n} moves, before it settled whether a line from here wins."
        ),
        Settled::NoWin { .. } => {
            format!("no line from here wins (a search tried every one, {n} moves), and none ended.")
        }
        _ => format!(
            "a search of {n} moves in {:.1} s did not settle whether a line from here wins.",
            searched.seconds
        ),
    }
}

/// The search as data: how it settled, and how far it went.
fn data(searched: &Searched) -> Value {
    let (settled, index, length, score) = match &searched.settled {
        Settled::Win { index, length } => ("win", Some(*index), Some(*length), None),
        Settled::NoWin { best } => (
            "no_win",
            best.as_ref().map(|b| b.0),
            None,
            best.as_ref().map(|b| b.1.clone()),
        ),
        Settled::Unknown(_) => ("unknown", None, None, None),
    };
    json!({
        "settled": settled,
        "first": index,
        "line": length,
        "best_score": score,
        "positions": searched.positions,
        "nodes": searched.nodes,
        "seconds": searched.seconds,
    })
}

/// The hint in words.
pub(super) fn text(searched: &Searched, prompt: &Prompt, bot: Option<&BotChoice>) -> String {
    format!(
        "hint (by search: you see every card here and the rules draw nothing at random from here, so no worlds are played and a search looks ahead without peeking):\n  {}\n  ({:.1} s)",
        answer(searched, prompt, bot).verdict,
        searched.seconds,
    )
}

/// The hint as data: the option to take, the verdict and its kind, then
/// how the search went (no worlds, no odds).
pub(super) fn fields(
    searched: &Searched,
    prompt: &Prompt,
    objective: Objective,
    bot: Option<&BotChoice>,
) -> Map<String, Value> {
    let answer = answer(searched, prompt, bot);
    let mut fields = Map::new();
    if let Some(offer) = prompt.options.get(answer.index) {
        fields.insert("index".into(), json!(answer.index));
        fields.insert("key".into(), json!(offer.key));
        fields.insert("label".into(), json!(offer.label));
    }
    let more = [
        ("method", json!("search")),
        ("verdict", json!(answer.verdict)),
        ("answered", json!(answer.kind.is_some())),
        ("kind", json!(answer.kind)),
        ("too_close_to_call", json!(answer.kind.is_none())),
        ("objective", json!(objective.word())),
        ("better_score", json!(objective.better_score())),
        ("seconds", json!(searched.seconds)),
        ("peeked", json!(false)),
        ("search", data(searched)),
        (
            "bot",
            bot.map_or(Value::Null, |b| json!({ "index": b.index, "why": b.why })),
        ),
    ];
    for (name, value) in more {
        fields.insert(name.into(), value);
    }
    fields
}
