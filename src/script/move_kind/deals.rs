//! What a move of no card does when the host applies it by itself: cards
//! dealt from the top of one pile onto another (a stock drawn to a waste or
//! onto a foundation, a waste turned over as the new stock), and a named
//! count spent (a redeal). `move_kind(name, #{ at, deals: #{ from, to,
//! count }, spends })`: with these a game needs no `fn apply` of its own
//! for the move.

use super::{known_keys, map_of, text, Read};
use rhai::{Dynamic, Map};

pub(super) const DEALS_KEYS: [&str; 3] = ["from", "to", "count"];

/// Cards dealt one at a time from the top of `from` onto `to`, each lying
/// as `to` lays its cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Deals {
    pub from: String,
    pub to: String,
    pub count: Count,
}

/// How many cards a deal moves (fewer where `from` holds fewer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    Cards(usize),
    /// As many as an option of the game says.
    Option(String),
    /// Every card of `from`.
    All,
}

impl Deals {
    pub(super) fn read(value: &Dynamic) -> Read<Deals> {
        let map: Map = map_of(value, "`deals`")?;
        known_keys(&map, &DEALS_KEYS, "`deals`")?;
        let pile = |key: &str| {
            text(&map, key)?
                .ok_or_else(|| format!("`deals` needs `{key}`: the pile its cards go {key}"))
        };
        let count = match map.get("count") {
            None => Count::Cards(1),
            Some(value) => Count::read(value)?,
        };
        Ok(Deals {
            from: pile("from")?,
            to: pile("to")?,
            count,
        })
    }
}

impl Count {
    fn read(value: &Dynamic) -> Read<Count> {
        if let Ok(n) = value.as_int() {
            return match usize::try_from(n) {
                Ok(n @ 1..=1000) => Ok(Count::Cards(n)),
                _ => Err(format!("`count` is 1 to 1000 cards, not {n}")),
            };
        }
        match value.clone().into_string() {
            Ok(all) if all == "all" => Ok(Count::All),
            Ok(option) if !option.is_empty() => Ok(Count::Option(option)),
            _ => Err(format!(
                "`count` is a number of cards, \"all\", or the name of an option that gives it, not {value}"
            )),
        }
    }
}
