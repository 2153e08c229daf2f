//! The two shapes a ruleset's game may have. A *story* (`fn play()`) runs
//! from the deal to the end and asks each decision where the rules meet it
//! (`choose` inside a rule), so a moment lives on the script's own call
//! stack and only a replay from the start rebuilds it. A game of
//! *positions* (`fn setup()`, `fn options()`, `fn apply(option)`) leaves
//! the asking to the host: between two decisions no script runs, so the
//! whole state is what the host holds (piles, named state, the random
//! stream) and a search may continue any position from a copy of it.

use super::functions::RuleFn;
use anyhow::{bail, Result};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `fn play()`: the script asks inside its rules.
    Story,
    /// `fn setup()`, `fn options()` and `fn apply(option)`: the host asks.
    Positions,
}

/// The shape of a ruleset from the functions it defines, or why it has
/// none (no way to start, or half of each).
pub(crate) fn of(functions: &[(String, RuleFn)], origin: &str) -> Result<Shape> {
    let has = |name: &str, arity: usize| {
        functions
            .iter()
            .any(|(_, f)| f.name == name && f.params.len() == arity)
    };
    let play = has("play", 0);
    let setup = has("setup", 0);
    // `fn options()` and `fn apply(option)` are each the host's where the
    // ruleset declares its moves and turn instead (`turn_rules.rs`); a
    // story may have a `fn setup()` of its own, called by its `play`.
    let positional = has("options", 0) || has("apply", 1);
    match (play, positional, setup) {
        (true, true, _) => bail!(
            "{origin}: a ruleset is a story (`fn play()`) or a game of positions \
             (`fn setup()`, with `fn options()` and `fn apply(option)` or declared moves), not both: \
             the host would not know which to run"
        ),
        (true, false, _) => Ok(Shape::Story),
        (false, _, true) => Ok(Shape::Positions),
        (false, true, false) => bail!(
            "{origin}: a game of positions needs {} as well (docs/scripting.md, \"A game of positions\")",
            signature("setup", 0)
        ),
        (false, false, false) => bail!(
            "{origin}: a ruleset needs a `fn play()` (the game told as a story), or `fn setup()` \
             with `fn options()` and `fn apply(option)` or declared moves (a game of positions): \
             the game starts there"
        ),
    }
}

/// What a game of positions that leaves its options or their effect to
/// the host must declare: kinds of move, and (without `fn options()`) how
/// the game ends when none is left; (without `fn apply`) each kind's
/// effect.
pub(crate) fn check_declared(
    declared: &super::declare::Declarations,
    lists: bool,
    applies: bool,
    origin: &str,
) -> Result<()> {
    if !(lists || applies) {
        return Ok(());
    }
    if declared.moves.is_empty() {
        bail!(
            "{origin}: a game of positions without `fn options()` or `fn apply(option)` declares \
             its moves (`move_kind(name, #{{...}})`), which the host then lists and applies"
        );
    }
    if lists && !declared.turn.ends_by_itself() {
        bail!(
            "{origin}: without `fn options()` the host ends the game when no move is left: \
             declare its words (`lost_when_stuck(\"...\")`) and the score (`score_is(#{{ cards_in: PILES }})`)"
        );
    }
    if applies {
        if let Some(kind) = declared
            .moves
            .iter()
            .find(|k| k.build.is_none() && k.deals.is_none())
        {
            bail!(
                "{origin}: without `fn apply(option)` the host applies each move by itself, \
                 but `{}` (declared at {}) neither carries cards (`from`, `to`) nor deals them (`deals`)",
                kind.name,
                kind.place
            );
        }
    }
    Ok(())
}

fn signature(name: &str, arity: usize) -> String {
    if arity == 0 {
        format!("`fn {name}()`")
    } else {
        format!("`fn {name}(option)`")
    }
}
