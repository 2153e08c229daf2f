//! What a declared move does to the table: a build's cards carried, as
//! they lie, from the top of one pile onto another; a stock's cards dealt
//! one at a time, each lying as the pile it reaches lays cards; a named
//! count spent; and the face-down tops of the declared piles turned up.

use crate::script::api::{piles_named, text_of};
use crate::script::host::{fault, Fallible, Host};
use crate::script::move_kind::{Count, Deals};
use rhai::{Array, Map};

/// A build move's cards, from its `from` pile onto its `to` pile; a move
/// that no longer fits the table is an error.
pub(super) fn carry(host: &mut dyn Host, chosen: &Map) -> Fallible<()> {
    let name = |field: &str| -> Fallible<String> {
        chosen
            .get(field)
            .and_then(|v| v.clone().into_string().ok())
            .ok_or_else(|| fault(format!("a declared move without its pile `{field}`")))
    };
    let (from, to) = (name("from")?, name("to")?);
    let count = chosen
        .get("cards")
        .and_then(|c| c.read_lock::<Array>().map(|a| a.len()))
        .ok_or_else(|| fault("a declared move without its `cards`".into()))?;
    let (from, to) = (pile(host, &from)?, pile(host, &to)?);
    host.charge(count as u64);
    let table = host.table_mut("a move")?;
    let source = table.pile(from);
    if source.len() < count {
        return Err(fault(format!(
            "the move takes {count} cards from `{}`, which holds {}",
            source.name,
            source.len()
        )));
    }
    let at = source.len() - count;
    let lifted: Vec<_> = (0..count)
        .map(|_| table.pile_mut(from).pop().expect("counted"))
        .collect();
    debug_assert_eq!(table.pile(from).len(), at);
    for placed in lifted.into_iter().rev() {
        table.pile_mut(to).push_placed(placed);
    }
    Ok(())
}

/// Cards dealt from the top of one pile to another, one at a time.
pub(super) fn deal(host: &mut dyn Host, deals: &Deals) -> Fallible<()> {
    let (from, to) = (pile(host, &deals.from)?, pile(host, &deals.to)?);
    let wanted = match &deals.count {
        Count::Cards(n) => *n,
        Count::All => usize::MAX,
        Count::Option(name) => host
            .option(name)
            .and_then(|v| v.as_int().ok())
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| {
                fault(format!(
                    "`deals` counts by option `{name}`, which is no number"
                ))
            })?,
    };
    let table = host.table_mut("a deal")?;
    let count = wanted.min(table.pile(from).len());
    for _ in 0..count {
        let placed = table.pile_mut(from).pop().expect("counted");
        table.pile_mut(to).push_moved(placed);
    }
    host.charge(count as u64);
    Ok(())
}

/// One of a named count spent, while it holds a number (a count that
/// holds nothing has no limit).
pub(super) fn spend(host: &mut dyn Host, state: &str) -> Fallible<()> {
    use crate::game::table::Value;
    let table = host.table_mut("a move")?;
    match table.state.get_mut(state) {
        Some(Value::Int(n)) => {
            *n -= 1;
            Ok(())
        }
        Some(Value::Nothing) => Ok(()),
        _ => Err(fault(format!(
            "`spends` names state `{state}`, which holds no number"
        ))),
    }
}

/// The face-down top card of each declared pile turned up, and said.
pub(super) fn turn_up(host: &mut dyn Host) -> Fallible<()> {
    let rules = host.wiring().turn.clone();
    for (piles, says) in &rules.turn_up {
        for index in piles_named(host, std::slice::from_ref(piles))? {
            let pile = host.table().pile(index);
            let Some(top) = pile.placed().last().filter(|p| !p.face_up) else {
                continue;
            };
            let card = top.card.clone();
            let at = pile.len() - 1;
            host.table_mut("a turn up")?
                .pile_mut(index)
                .set_face(at, true);
            let card = rhai::Dynamic::from(card);
            host.say(says.fill(|_| text_of(&card)))?;
        }
    }
    Ok(())
}

fn pile(host: &dyn Host, name: &str) -> Fallible<usize> {
    host.table().pile_index(name).ok_or_else(|| {
        fault(format!(
            "a declared move names pile `{name}`, which the table has not"
        ))
    })
}
