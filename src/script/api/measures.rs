//! What a judgement of a position (`fn value()`) or a bot reads of many
//! cards in one call instead of a loop of script: how deep a card lies,
//! and how many cards lie above a lower card in their piles. A search asks
//! a value at every position it meets, so a loop over every card there is
//! most of the search's time (a patience judgement looping over 52
//! cards: 450,000 instructions a position). Face-down cards are hidden as
//! from any bot.
//!
//! - `depth_of(card)`: how many cards lie on `card` in its pile (0: it is
//!   a top card), or `()` where it lies in no pile; a bot finds only the
//!   copies it sees (a face-down twin is as absent, and hides none).
//! - `out_of_order(piles)`: how many face-up cards of the piles lie above a
//!   face-up card of lower rank in their pile (each of them must move
//!   before that card can): how deep a patience's low cards are buried.

use super::{Fallible, PileRef, Shared};
use crate::game::card::Card;
use crate::script::host::Host;
use rhai::{Array, Dynamic, Engine};

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_fn("depth_of", move |card: Card| -> Fallible<Dynamic> {
        let rt = r.borrow();
        rt.may_read("depth_of")?;
        Ok(depth_of(&*rt, &card).map_or(Dynamic::UNIT, |d| Dynamic::from(d as i64)))
    });
    let r = rt.clone();
    engine.register_fn("out_of_order", move |piles: Array| -> Fallible<i64> {
        let rt = r.borrow();
        rt.may_read("out_of_order")?;
        let mut count = 0;
        for item in &piles {
            let Some(pile) = item.read_lock::<PileRef>() else {
                return super::fail(format!(
                    "out_of_order takes a list of piles, not one holding {}",
                    super::kind_of(item)
                ));
            };
            count += out_of_order(&*rt, pile.0);
        }
        Ok(count as i64)
    });
}

fn depth_of(rt: &dyn Host, card: &Card) -> Option<usize> {
    let piles = rt.table().piles();
    rt.charge(piles.len() as u64);
    // Only the copies the reader sees are looked for: a face-down twin
    // above one must not hide it, nor tell where it lies.
    piles.iter().find_map(|pile| {
        let at = pile
            .placed()
            .iter()
            .rposition(|p| p.card == *card && rt.sees(p))?;
        Some(pile.len() - 1 - at)
    })
}

fn out_of_order(rt: &dyn Host, pile: usize) -> usize {
    let placed = rt.table().pile(pile).placed();
    rt.charge(placed.len() as u64 / 4);
    let mut lowest = u8::MAX;
    let mut count = 0;
    for card in placed.iter().filter(|p| p.face_up && rt.sees(p)) {
        let Some(rank) = card.card.rank() else {
            continue;
        };
        if rank > lowest {
            count += 1;
        } else {
            lowest = rank;
        }
    }
    count
}
