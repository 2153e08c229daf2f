//! Cards sent home by themselves, by the classic safe-autoplay ruling made
//! generic: after a move, the first move of the declared kind (in the order
//! offered) whose card no card still out could want to be built on goes,
//! one at a time, while any does. A card "could want" another where a
//! tableau kind's rule lets it go onto it; a card that may start an empty
//! pile of the kind's target (an ace, onto a foundation) never needs to.
//! Where columns build down in alternate colours, that is the classic "aces
//! and twos always, any other card once both cards of the other colour one
//! rank lower are home"; where they build down by suit, "as soon as it may
//! go at all".

use super::effects;
use crate::script::api::{declared_moves, piles_named, text_of};
use crate::script::declare::option_is_on;
use crate::script::host::{Fallible, Host};
use crate::script::move_kind::{standard, Build, MoveKind};
use rhai::{Dynamic, Map, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared<H> = Rc<RefCell<H>>;

pub(super) fn send_home<H: Host>(rt: &Shared<H>, ctx: &NativeCallContext) -> Fallible<()> {
    let rules = rt.borrow().wiring().turn.clone();
    let Some(autoplay) = &rules.autoplay else {
        return Ok(());
    };
    if let Some(option) = &autoplay.when {
        let on = rt.borrow().option(option).is_some_and(option_is_on);
        if !on {
            return Ok(());
        }
    }
    let kinds = rt.borrow().wiring().moves.clone();
    let Some(home) = kinds.iter().find(|k| k.name == autoplay.kind) else {
        return Err(crate::script::host::fault(format!(
            "autoplay names no kind of move `{}`",
            autoplay.kind
        )));
    };
    let Some(home_build) = &home.build else {
        return Err(crate::script::host::fault(format!(
            "autoplay's kind `{}` carries no cards (`from`, `to`)",
            autoplay.kind
        )));
    };
    let tableau = tableau_rules(rt, &kinds, home);
    // Each card sent home leaves the piles it could come from: the loop
    // ends within as many rounds as there are cards.
    let rounds = rt.borrow().table().card_count() + 1;
    for _ in 0..rounds {
        let moves = declared_moves(rt, ctx, Some(&autoplay.kind))?;
        let safe = moves.into_iter().find_map(|m| {
            let map = m.read_lock::<Map>()?.clone();
            let card = map.get("card")?.clone();
            let card = card.read_lock::<crate::game::card::Card>()?.clone();
            safe(&*rt.borrow(), home_build, &tableau, &card)
                .ok()?
                .then_some(map)
        });
        let Some(chosen) = safe else {
            return Ok(());
        };
        let mut host = rt.borrow_mut();
        effects::carry(&mut *host, &chosen)?;
        let card = chosen.get("card").cloned().unwrap_or(Dynamic::UNIT);
        host.say(autoplay.says.fill(|_| text_of(&card)))?;
        effects::turn_up(&mut *host)?;
    }
    Ok(())
}

/// The rules of the other kinds that build cards onto cards, as this
/// game's options set them: what a card out could be built on.
fn tableau_rules<H: Host>(rt: &Shared<H>, kinds: &[MoveKind], home: &MoveKind) -> Vec<Build> {
    let host = rt.borrow();
    let on = |name: &str| host.option(name).is_some_and(option_is_on);
    kinds
        .iter()
        .filter(|k| k.name != home.name)
        .filter(|k| k.when.as_deref().is_none_or(&on))
        .filter_map(|k| k.build.as_ref())
        .filter(|b| b.rule.is_some())
        .map(|b| b.under_options(on).unwrap_or_else(|| b.clone()))
        .collect()
}

/// Whether no card still out could want to be built on `card`.
fn safe(
    host: &dyn Host,
    home: &Build,
    tableau: &[Build],
    card: &crate::game::card::Card,
) -> Fallible<bool> {
    let Some(under) = standard(card) else {
        return Ok(false);
    };
    let homes = piles_named(host, std::slice::from_ref(&home.to))?;
    let table = host.table();
    for (index, pile) in table.piles().iter().enumerate() {
        if homes.contains(&index) {
            continue;
        }
        for placed in pile.placed() {
            let Some(other) = standard(&placed.card) else {
                continue;
            };
            if home.empty.takes(Some(other.0)) {
                continue;
            }
            if tableau.iter().any(|b| b.fits(other, under)) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}
