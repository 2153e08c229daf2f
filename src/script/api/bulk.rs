//! Many piles read in one call. A bot that looks at a board of piles (a
//! grid of rooms, a tableau) reads every one at every question; in a script
//! loop each pile costs a name built, a lookup and a call, a dozen
//! operations. These give the same answers as `pile(name)`, `p.peek()` and
//! `p.len` for a whole list of piles at once, and hide what those hide.
//!
//! - `piles_from(first, count)`: the `count` piles made one after another
//!   from `first` (as `new_pile` made them), as a list of piles.
//! - `peek_each(piles)`: each pile's top card as `peek` gives it;
//!   `peek_each(piles, property)`: that property of each (`()` where
//!   `peek` gives `()`), with no card copied; of a standard card or a
//!   joker, its own field of that name (`rank`, `suit`, `is_red`, ...).
//! - `len_each(piles)`: each pile's number of cards; `len_all(piles)`:
//!   their cards together (the cards home, the cards left).
//! - `lookup_each(keys, table, missing)`: each key's value in the map
//!   `table`, `missing` for a key it lacks or `()`: a property read from
//!   many cards turned into the numbers a rule reckons with.

use super::{fail, Fallible, PileRef, Shared};
use crate::script::host::Host;
use rhai::{Array, Dynamic, Engine, Map};

/// The piles of a list, each checked to be one.
pub(super) fn piles_of(items: &Array) -> Fallible<Vec<usize>> {
    items
        .iter()
        .map(|item| match item.read_lock::<PileRef>() {
            Some(p) => Ok(p.0),
            None => fail(format!(
                "a list of piles holds piles only, not {}",
                super::kind_of(item)
            )),
        })
        .collect()
}

fn piles_from(rt: &dyn Host, first: PileRef, count: i64) -> Fallible<Array> {
    rt.may_read("piles_from")?;
    let made = rt.table().piles().len();
    let count = super::count_of(count, "piles")?;
    if first.0 + count > made {
        let name = &rt.table().pile(first.0).name;
        return fail(format!(
            "only {} piles were made from `{name}` on, not {count}",
            made - first.0
        ));
    }
    rt.charge(count as u64 / 4);
    Ok((first.0..first.0 + count)
        .map(|i| Dynamic::from(PileRef(i)))
        .collect())
}

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_fn("piles_from", move |first: PileRef, count: i64| {
        piles_from(&*r.borrow(), first, count)
    });
    let r = rt.clone();
    engine.register_fn("peek_each", move |piles: Array| -> Fallible<Array> {
        let rt = r.borrow();
        let piles = piles_of(&piles)?;
        rt.charge(piles.len() as u64 / 2);
        Ok(piles
            .into_iter()
            .map(|i| super::piles::card_or_unit(&*rt, rt.table().pile(i).nth_from_top(0)))
            .collect())
    });
    let r = rt.clone();
    engine.register_fn(
        "peek_each",
        move |piles: Array, property: &str| -> Fallible<Array> {
            let rt = r.borrow();
            let piles = piles_of(&piles)?;
            rt.charge(piles.len() as u64 / 2);
            piles
                .into_iter()
                .map(|i| match rt.table().pile(i).nth_from_top(0) {
                    Some(placed) if rt.sees(placed) => {
                        super::cards::read_field(&placed.card, property)
                    }
                    _ => Ok(Dynamic::UNIT),
                })
                .collect()
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "lookup_each",
        move |keys: Array, table: Map, missing: Dynamic| {
            r.borrow().charge(keys.len() as u64 / 4);
            lookup_each(keys, &table, &missing)
        },
    );
    let r = rt.clone();
    engine.register_fn("len_each", move |piles: Array| -> Fallible<Array> {
        let rt = r.borrow();
        let piles = piles_of(&piles)?;
        rt.charge(piles.len() as u64 / 4);
        Ok(piles
            .into_iter()
            .map(|i| Dynamic::from(rt.table().pile(i).len() as i64))
            .collect())
    });
    let r = rt.clone();
    engine.register_fn("len_all", move |piles: Array| -> Fallible<i64> {
        let rt = r.borrow();
        let piles = piles_of(&piles)?;
        rt.charge(piles.len() as u64 / 4);
        Ok(piles
            .into_iter()
            .map(|i| rt.table().pile(i).len() as i64)
            .sum())
    });
}

fn lookup_each(keys: Array, table: &Map, missing: &Dynamic) -> Fallible<Array> {
    keys.into_iter()
        .map(|key| {
            if key.is_unit() {
                return Ok(missing.clone());
            }
            match key.read_lock::<rhai::ImmutableString>() {
                Some(text) => Ok(table.get(text.as_str()).unwrap_or(missing).clone()),
                None => fail(format!(
                    "lookup_each looks up text (or `()`), not {}",
                    super::kind_of(&key)
                )),
            }
        })
        .collect()
}
