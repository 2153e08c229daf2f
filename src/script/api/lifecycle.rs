//! Cards coming into play and leaving it for good: `p.create(cards)` at any
//! point of a game, `retire(c)`, `p.retire(c)`, `p.retire_all()`. The table
//! counts both, so every card stays traceable: each card created and not
//! retired lies in exactly one pile.

use super::piles::cards_of;
use super::{fail, Fallible, Host, PileRef, Shared};
use crate::game::card::Card;
use crate::game::table::Table;
use crate::script::host::limit;
use crate::script::limits::{MAX_CARDS, MAX_MADE, MAX_PROPS_IN_PLAY};
use rhai::{Array, Engine};

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_fn(
        "create",
        move |p: &mut PileRef, cards: Array| -> Fallible<()> {
            let cards = cards_of(cards)?;
            let mut rt = r.borrow_mut();
            rt.charge(cards.len() as u64 * 4);
            let table = rt.table_mut("create")?;
            if table.card_count() + cards.len() > MAX_CARDS {
                return Err(limit(format!(
                    "a table holds at most {MAX_CARDS} cards in play"
                )));
            }
            if table.made_count() + cards.len() > MAX_MADE {
                return Err(limit(format!(
                    "a game creates at most {MAX_MADE} cards in all"
                )));
            }
            let added: usize = cards.iter().map(Card::props_size).sum();
            if table.props_size() + added > MAX_PROPS_IN_PLAY {
                return Err(limit(format!(
                    "the custom cards in play carry at most {} MiB of properties in all (names and text)",
                    MAX_PROPS_IN_PLAY >> 20
                )));
            }
            table.create(&cards);
            let pile = table.pile_mut(p.0);
            for card in cards {
                pile.push(card);
            }
            Ok(())
        },
    );
    let r = rt.clone();
    engine.register_fn("retire", move |card: Card| -> Fallible<()> {
        let mut rt = r.borrow_mut();
        rt.charge(rt.table().card_count() as u64 / 8);
        let table = rt.table_mut("retire")?;
        let Some((pile, at)) = super::moves::find(table, &card) else {
            return fail(format!("{card} is not on the table: nothing to retire"));
        };
        retire_at(table, pile.0, at);
        Ok(())
    });
    let r = rt.clone();
    engine.register_fn(
        "retire",
        move |p: &mut PileRef, card: Card| -> Fallible<()> {
            let mut rt = r.borrow_mut();
            rt.charge(rt.table().pile(p.0).len() as u64 / 4);
            let table = rt.table_mut("retire")?;
            match table.pile(p.0).position(&card) {
                Some(at) => {
                    retire_at(table, p.0, at);
                    Ok(())
                }
                None => fail(format!(
                    "{card} is not in pile `{}`: nothing to retire",
                    table.pile(p.0).name
                )),
            }
        },
    );
    let r = rt.clone();
    engine.register_fn("retire_all", move |p: &mut PileRef| -> Fallible<()> {
        let mut rt = r.borrow_mut();
        rt.charge(rt.table().pile(p.0).len() as u64);
        let table = rt.table_mut("retire_all")?;
        for placed in table.pile_mut(p.0).take_all() {
            table.retire(&placed.card);
        }
        Ok(())
    });
}

fn retire_at(table: &mut Table, pile: usize, at: usize) {
    let placed = table.pile_mut(pile).remove(at);
    table.retire(&placed.card);
}
