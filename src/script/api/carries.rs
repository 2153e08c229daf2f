//! What an option moves where (`Carried`), read when a person's front end
//! is shown a prompt, never while a bot or a search plays: a declared
//! move's from its kind (the pile its card lies in, the pile it goes onto
//! or `into`; for a move of no card, the pile it is made `at`), a build
//! move's from its fields (`cards`, `from`, `to`), and
//! an option of the script's own from its `carries` field (`#{card or
//! cards, from, to, onto}`). Only face-up cards are ever named, so what the
//! page is told never says more than the table shows.

use super::builds::piles_named;
use super::piles::{numbered_pile, PileRef};
use super::{fail, kind_of, Fallible, Host};
use crate::game::card::Card;
use crate::game::decision::Carried;
use crate::game::table::Table;
use crate::script::move_kind::MoveKind;
use rhai::{Array, Dynamic, Map};

/// The keys of a script's `carries` map.
const CARRIES_KEYS: [&str; 5] = ["card", "cards", "from", "to", "onto"];

/// What `option` carries where, if it says or its kind does.
pub(crate) fn carried(rt: &dyn Host, option: &Dynamic) -> Fallible<Option<Carried>> {
    let Some(map) = option.read_lock::<Map>() else {
        return Ok(None);
    };
    if let Some(declared) = map.get("carries") {
        return by_script(rt, declared).map(Some);
    }
    let Some(act) = map
        .get("act")
        .and_then(Dynamic::read_lock::<rhai::ImmutableString>)
    else {
        return Ok(None);
    };
    let kinds = rt.wiring().moves.clone();
    let Some(kind) = kinds.iter().find(|k| k.name == act.as_str()) else {
        return Ok(None);
    };
    rt.charge(4);
    Ok(if kind.build.is_some() {
        built(rt, kind, &map)
    } else if kind.sources.is_empty() {
        // A move of no card, made by a click at its pile, if it names one.
        kind.at
            .as_ref()
            .filter(|pile| rt.table().pile_index(pile).is_some())
            .map(|pile| Carried {
                targets: vec![pile.clone()],
                ..Carried::default()
            })
    } else {
        declared(rt.table(), kind, &map)
    })
}

/// A move of a kind with `cards` (and `onto` or `into`): its card from the
/// first source that holds it face up, onto the target its number names
/// (into the target's stack, where the kind keeps one), or into `into`.
fn declared(table: &Table, kind: &MoveKind, map: &Map) -> Option<Carried> {
    let card = map.get("card")?.read_lock::<Card>()?.clone();
    let from = kind.sources.iter().find(|source| {
        table.pile_index(&source.pile).is_some_and(|i| {
            let placed = table.pile(i).placed();
            let offered = if source.top_only {
                placed.last().map_or(&placed[..0], std::slice::from_ref)
            } else {
                placed
            };
            offered.iter().any(|p| p.face_up && p.card == card)
        })
    })?;
    let mut carried = Carried {
        cards: vec![card.to_string()],
        from: Some(from.pile.clone()),
        ..Carried::default()
    };
    if let Some(onto) = &kind.onto {
        let number = onto
            .number_field
            .as_ref()
            .and_then(|field| map.get(field.as_str())?.as_int().ok())
            .or_else(|| {
                // No number field: the target is the pile whose top card the
                // move names.
                let top = map
                    .get(onto.card_field.as_ref()?.as_str())?
                    .read_lock::<Card>()?
                    .clone();
                (1..)
                    .map_while(|n| numbered_pile(table, &onto.family, n).map(|i| (n, i)))
                    .find_map(|(n, i)| {
                        (table.pile(i).placed().last().map(|p| &p.card) == Some(&top)).then_some(n)
                    })
            })?;
        let target = numbered_pile(table, &onto.family, number)?;
        let stack = onto
            .stack
            .as_ref()
            .and_then(|stack| numbered_pile(table, stack, number));
        let to = stack.unwrap_or(target);
        carried.to = Some(table.pile(to).name.clone());
        carried.targets.push(table.pile(to).name.clone());
        if to != target {
            carried.targets.push(table.pile(target).name.clone());
        }
    } else if let Some(into) = &kind.into {
        table.pile_index(into)?;
        carried.to = Some(into.clone());
        carried.targets.push(into.clone());
    }
    Some(carried)
}

/// A build move: its fields say it all. Onto an empty pile of a kind that
/// offers only the first (`one_empty`), any empty pile of the family is a
/// target: the cards go to the first.
fn built(rt: &dyn Host, kind: &MoveKind, map: &Map) -> Option<Carried> {
    let text = |name: &str| {
        Some(
            map.get(name)?
                .read_lock::<rhai::ImmutableString>()?
                .to_string(),
        )
    };
    let (from, to) = (text("from")?, text("to")?);
    let cards: Vec<String> = map
        .get("cards")?
        .read_lock::<Array>()?
        .iter()
        .map(|c| c.read_lock::<Card>().map(|c| c.to_string()))
        .collect::<Option<_>>()?;
    let mut targets = vec![to.clone()];
    let build = kind.build.as_ref()?;
    if build.one_empty && map.get("onto").is_some_and(Dynamic::is_unit) {
        let table = rt.table();
        let family = piles_named(rt, std::slice::from_ref(&build.to)).ok()?;
        targets.extend(
            family
                .into_iter()
                .map(|i| table.pile(i))
                .filter(|p| p.is_empty() && p.name != to)
                .map(|p| p.name.clone()),
        );
    }
    Some(Carried {
        cards,
        from: Some(from),
        to: Some(to),
        targets,
    })
}

/// An option's own `carries`: its cards (`card`, or `cards` from the one
/// that lands first), the pile they lie in (`from`; found on the table when
/// not given), the pile they go to (`to`) and another a player may put them
/// on for the same move (`onto`). Each card must lie face up; each pile
/// must be on the table.
fn by_script(rt: &dyn Host, declared: &Dynamic) -> Fallible<Carried> {
    let wrong = |why: String| -> Fallible<Carried> {
        fail(format!(
            "an option's `carries` {why}: it is a map of `card` (or `cards`, a list), `from`, `to` and `onto`, each pile by its name"
        ))
    };
    let Some(map) = declared.read_lock::<Map>() else {
        return wrong(format!("is {}", kind_of(declared)));
    };
    if let Some(key) = map.keys().find(|k| !CARRIES_KEYS.contains(&k.as_str())) {
        return wrong(format!("has no key `{key}`"));
    }
    let table = rt.table();
    let pile = |name: &str| -> Result<Option<String>, String> {
        let Some(value) = map.get(name) else {
            return Ok(None);
        };
        let named = if let Some(pile) = value.read_lock::<PileRef>() {
            table.pile(pile.0).name.clone()
        } else if let Some(text) = value.read_lock::<rhai::ImmutableString>() {
            text.to_string()
        } else {
            return Err(format!(
                "has `{name}` that is {}, not a pile's name",
                kind_of(value)
            ));
        };
        if table.pile_index(&named).is_none() {
            return Err(format!(
                "has `{name}` naming no pile on the table: `{named}`"
            ));
        }
        Ok(Some(named))
    };
    let (from, to, onto) = match (pile("from"), pile("to"), pile("onto")) {
        (Ok(from), Ok(to), Ok(onto)) => (from, to, onto),
        (Err(why), _, _) | (_, Err(why), _) | (_, _, Err(why)) => return wrong(why),
    };
    let cards = match (map.get("card"), map.get("cards")) {
        (Some(_), Some(_)) => return wrong("has both `card` and `cards`".into()),
        (Some(card), None) => vec![card.clone()],
        (None, Some(list)) => match list.read_lock::<Array>() {
            Some(list) => list.clone(),
            None => return wrong(format!("has `cards` that is {}", kind_of(list))),
        },
        (None, None) => Vec::new(),
    };
    rt.charge(cards.len() as u64 + 4);
    let mut names = Vec::with_capacity(cards.len());
    let mut lies_in = from.clone();
    for (nth, value) in cards.iter().enumerate() {
        let Some(card) = value.read_lock::<Card>().map(|c| c.clone()) else {
            return wrong(format!("names {}, not a card", kind_of(value)));
        };
        let found = table.piles().iter().find(|p| {
            lies_in.as_ref().is_none_or(|name| p.name == *name)
                && p.placed().iter().any(|c| c.face_up && c.card == card)
        });
        let Some(found) = found else {
            let place = from
                .as_ref()
                .map_or("on the table".to_string(), |f| format!("in `{f}`"));
            // The card is not named: it may lie face down, and the
            // message reaches the player.
            return wrong(format!(
                "names a card that lies face up nowhere {place} (card {} of {})",
                nth + 1,
                cards.len()
            ));
        };
        lies_in = Some(found.name.clone());
        names.push(card.to_string());
    }
    let mut targets: Vec<String> = to.iter().chain(&onto).cloned().collect();
    targets.dedup();
    Ok(Carried {
        cards: names,
        from: lies_in,
        to,
        targets,
    })
}
