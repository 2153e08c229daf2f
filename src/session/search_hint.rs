//! A hint answered by search, where the player sees everything
//! (`run/search/hint.rs`): the search from the player's position, for
//! about two seconds, and the answer in words and as data. A win found
//! names the first option of its line; a proof that no line wins, or a
//! search that did not settle it, is said in a sentence before the
//! worlds' verdict, which then answers as before (docs/hints.md).

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
    table: MAX_POSITIONS,
    line_bytes: MAX_LINE_BYTES,
    depth: 1_000,
    // A server answers many games' hints: a quarter of a solve's copies.
    copies: MAX_COPY_BYTES / 4,
    best: false,
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

/// The option a winning line starts with, and its length.
fn first_move(searched: &Searched) -> Option<(usize, usize)> {
    match searched.settled {
        Settled::Win { index, length } => Some((index, length)),
        _ => None,
    }
}

/// The verdict of a search that found a win: the option that starts it.
pub(super) fn verdict(searched: &Searched, prompt: &Prompt) -> Option<String> {
    let (index, length) = first_move(searched)?;
    let offer = prompt.options.get(index)?;
    Some(format!(
        "Take {}. {}: it leads to a win (found by a search that tried {} moves; a winning line of {length}).",
        index + 1,
        offer.label,
        searched.nodes,
    ))
}

/// What a search that found no win says before the worlds' verdict.
pub(super) fn sentence(searched: &Searched) -> String {
    let n = searched.nodes;
    match searched.settled {
        Settled::Win { .. } => String::new(),
        Settled::NoWin => {
            format!("No line from here wins: a search tried every one ({n} moves). The worlds rank the options by what is left:")
        }
        Settled::Unknown(Some(Halt::Interrupted | Halt::Called)) => {
            format!("A search was stopped after {n} moves, before it settled whether a line from here wins.")
        }
        Settled::Unknown(_) => format!(
            "A search of {n} moves in {:.1} s did not settle whether a line from here wins.",
            searched.seconds
        ),
    }
}

/// The search as data: how it settled, and how far it went.
pub(super) fn data(searched: &Searched) -> Value {
    let (settled, index, length) = match searched.settled {
        Settled::Win { index, length } => ("win", Some(index), Some(length)),
        Settled::NoWin => ("no_win", None, None),
        Settled::Unknown(_) => ("unknown", None, None),
    };
    json!({
        "settled": settled,
        "first": index,
        "line": length,
        "positions": searched.positions,
        "nodes": searched.nodes,
        "seconds": searched.seconds,
    })
}

/// The hint in words, for a search that found a win.
pub(super) fn text(searched: &Searched, prompt: &Prompt) -> String {
    format!(
        "hint (by search: you see every card here and the rules draw nothing at random from here, so a search looks ahead without peeking):\n  {}\n  ({:.1} s)",
        verdict(searched, prompt).unwrap_or_default(),
        searched.seconds,
    )
}

/// The hint as data, for a search that found a win: the option to take,
/// then how it was found (no worlds, no odds).
pub(super) fn fields(
    searched: &Searched,
    prompt: &Prompt,
    objective: Objective,
    bot: Option<&BotChoice>,
) -> Map<String, Value> {
    let mut fields = Map::new();
    let index = first_move(searched).map_or(0, |(index, _)| index);
    if let Some(offer) = prompt.options.get(index) {
        fields.insert("index".into(), json!(index));
        fields.insert("key".into(), json!(offer.key));
        fields.insert("label".into(), json!(offer.label));
    }
    let more = [
        ("method", json!("search")),
        ("verdict", json!(verdict(searched, prompt))),
        ("answered", json!(true)),
        ("too_close_to_call", json!(false)),
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
