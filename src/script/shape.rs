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

/// The functions of a game of positions, with their arities.
pub(crate) const POSITION_FNS: [(&str, usize); 3] = [("setup", 0), ("options", 0), ("apply", 1)];

/// The shape of a ruleset from the functions it defines, or why it has
/// none (no way to start, or half of each).
pub(crate) fn of(functions: &[(String, RuleFn)], origin: &str) -> Result<Shape> {
    let has = |name: &str, arity: usize| {
        functions
            .iter()
            .any(|(_, f)| f.name == name && f.params.len() == arity)
    };
    let play = has("play", 0);
    let positions: Vec<&str> = POSITION_FNS
        .iter()
        .filter(|(name, arity)| has(name, *arity))
        .map(|(name, _)| *name)
        .collect();
    let missing: Vec<String> = POSITION_FNS
        .iter()
        .filter(|(name, _)| !positions.contains(name))
        .map(|(name, arity)| signature(name, *arity))
        .collect();
    let positional = has("options", 0) || has("apply", 1);
    match (play, positional, missing.is_empty()) {
        (true, true, _) => bail!(
            "{origin}: a ruleset is a story (`fn play()`) or a game of positions \
             (`fn options()` and `fn apply(option)`), not both: the host would not know which to run"
        ),
        (true, false, _) => Ok(Shape::Story),
        (false, true, true) => Ok(Shape::Positions),
        (false, true, false) => bail!(
            "{origin}: a game of positions needs {} as well (docs/scripting.md, \"A game of positions\")",
            missing.join(" and ")
        ),
        (false, false, _) => bail!(
            "{origin}: a ruleset needs a `fn play()` (the game told as a story), or `fn setup()`, \
             `fn options()` and `fn apply(option)` (a game of positions): the game starts there"
        ),
    }
}

fn signature(name: &str, arity: usize) -> String {
    if arity == 0 {
        format!("`fn {name}()`")
    } else {
        format!("`fn {name}(option)`")
    }
}
