//! The moves of the kinds a ruleset declared (`script/move_kind.rs`),
//! listed by the host: `declared_moves()` gives every legal move of every
//! kind, in the order declared, and `declared_moves(kind)` those of one.
//! Each move is a plain map (`act`, `card`, and the target's fields) with
//! its `label`, so a bot reads it as it read the script's own, and a
//! decision runs no script to find its options but the value rules, each
//! asked once per card and game. Charged like `matches`: per pair checked
//! and per move listed.

use super::targets::{fits, pile_index, targets};
use super::{fail, text_of, Fallible, Host, Shared};
use crate::game::card::Card;
use crate::game::table::Value;
use crate::script::declare::option_is_on;
use crate::script::host::{fault, limit};
use crate::script::limits::{MAX_ITEMS, MAX_OPERATIONS};
use crate::script::move_kind::{MoveKind, Source};
use crate::script::suggest::nearest;
use rhai::{Array, Dynamic, Engine, Map, NativeCallContext};
use std::collections::HashMap;

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_fn(
        "declared_moves",
        move |ctx: NativeCallContext| -> Fallible<Array> { listed(&r, &ctx, None) },
    );
    let r = rt.clone();
    engine.register_fn(
        "declared_moves",
        move |ctx: NativeCallContext, kind: &str| -> Fallible<Array> {
            listed(&r, &ctx, Some(kind))
        },
    );
}

pub(super) fn listed<H: Host>(
    rt: &Shared<H>,
    ctx: &NativeCallContext,
    only: Option<&str>,
) -> Fallible<Array> {
    rt.borrow().may_read("declared_moves")?;
    let kinds = rt.borrow().wiring().moves.clone();
    if kinds.is_empty() {
        return fail("declared_moves(): the ruleset declares no kind of move (`move_kind(name, #{...})` at its top level)".into());
    }
    if let Some(name) = only {
        if !kinds.iter().any(|k| k.name == name) {
            let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
            let hint = nearest(name, names.iter().copied())
                .map_or(String::new(), |n| format!(": did you mean `{n}`?"));
            return fail(format!(
                "no kind of move `{name}` is declared{hint} (declared: {})",
                names.join(", ")
            ));
        }
    }
    let mut moves = Array::new();
    for kind in kinds
        .iter()
        .filter(|k| only.is_none_or(|name| k.name == name))
    {
        list_kind(rt, ctx, kind, &mut moves).map_err(|e| placed(kind, e))?;
    }
    rt.borrow().charge(moves.len() as u64);
    if rt.borrow().labels_wanted() {
        tell_twins_apart(&mut moves);
    }
    Ok(moves)
}

/// Where two moves read alike (twin cards of two decks: `5♥ on 6♠` from
/// two columns, or onto two), each label says where its move goes from,
/// to, or both, whichever tells them apart: `5♥ on 6♠ (from column 2)`.
fn tell_twins_apart(moves: &mut Array) {
    let field = |m: &Dynamic, name: &str| -> Option<String> {
        m.read_lock::<Map>()?.get(name).map(text_of)
    };
    let mut alike: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, m) in moves.iter().enumerate() {
        if let Some(label) = field(m, "label") {
            alike.entry(label).or_default().push(i);
        }
    }
    for (label, group) in alike.into_iter().filter(|(_, g)| g.len() > 1) {
        let piles = |name: &str| -> Vec<Option<String>> {
            group.iter().map(|&i| field(&moves[i], name)).collect()
        };
        let (froms, tos) = (piles("from"), piles("to"));
        let differ = |names: &[Option<String>]| names.iter().any(|n| *n != names[0]);
        let (say_from, say_to) = (differ(&froms), differ(&tos));
        for (k, &i) in group.iter().enumerate() {
            let place = match (&froms[k], &tos[k]) {
                (Some(from), Some(to)) if say_from && say_to => format!("from {from} to {to}"),
                (Some(from), _) if say_from => format!("from {from}"),
                (_, Some(to)) if say_to => format!("to {to}"),
                _ => continue,
            };
            if let Some(mut m) = moves[i].write_lock::<Map>() {
                m.insert("label".into(), format!("{label} ({place})").into());
            }
        }
    }
}

/// A fault of a declaration names the kind and where it was declared.
fn placed(kind: &MoveKind, error: Box<rhai::EvalAltResult>) -> Box<rhai::EvalAltResult> {
    match *error {
        rhai::EvalAltResult::ErrorRuntime(ref value, _) if value.is_string() => fault(format!(
            "the moves of `{}` (declared at {}): {}",
            kind.name, kind.place, value
        )),
        _ => error,
    }
}

fn list_kind<H: Host>(
    rt: &Shared<H>,
    ctx: &NativeCallContext,
    kind: &MoveKind,
    moves: &mut Array,
) -> Fallible<()> {
    if !option_on(&*rt.borrow(), kind.when.as_deref())? {
        return Ok(());
    }
    if let Some(name) = &kind.when_empty {
        if !rt
            .borrow()
            .table()
            .pile(pile_index(&*rt.borrow(), name)?)
            .is_empty()
        {
            return Ok(());
        }
    }
    if let Some(name) = &kind.while_left {
        if !left(&*rt.borrow(), name)? {
            return Ok(());
        }
    }
    if let Some(name) = &kind.unless_empty {
        if rt
            .borrow()
            .table()
            .pile(pile_index(&*rt.borrow(), name)?)
            .is_empty()
        {
            return Ok(());
        }
    }
    let labels = rt.borrow().labels_wanted();
    // The kind's name, made once: every move of it shares the text.
    let act: Dynamic = rhai::ImmutableString::from(kind.name.as_str()).into();
    if let Some(build) = &kind.build {
        return super::builds::list(&*rt.borrow(), kind, build, &act, moves);
    }
    if kind.sources.is_empty() {
        let mut found = Map::new();
        found.insert("act".into(), act.clone());
        return push(moves, kind, None, found, labels);
    }
    let targets = match &kind.onto {
        Some(onto) => Some(targets(rt, ctx, kind, onto)?),
        None => None,
    };
    for source in &kind.sources {
        if !option_on(&*rt.borrow(), source.when.as_deref())? {
            continue;
        }
        let cards = cards_from(&*rt.borrow(), source)?;
        let pairs = cards.len() as u64 * targets.as_ref().map_or(0, |t| t.len() as u64);
        if pairs > MAX_OPERATIONS {
            return Err(limit(format!(
                "listing `{}` would check {pairs} card and pile pairs, more than the {MAX_OPERATIONS} operations a step may run",
                kind.name
            )));
        }
        rt.borrow().charge(pairs);
        for card in cards {
            let Some(targets) = &targets else {
                let mut found = Map::new();
                found.insert("act".into(), act.clone());
                found.insert("card".into(), Dynamic::from(card));
                push(moves, kind, Some(source), found, labels)?;
                continue;
            };
            for target in targets {
                if !fits(rt, ctx, kind, &card, target)? {
                    continue;
                }
                let onto = kind.onto.as_ref().expect("targets come from `onto`");
                let mut found = Map::new();
                found.insert("act".into(), act.clone());
                found.insert("card".into(), Dynamic::from(card.clone()));
                if let Some(field) = &onto.number_field {
                    found.insert(field.as_str().into(), target.number.into());
                }
                if let Some(field) = &onto.card_field {
                    found.insert(field.as_str().into(), Dynamic::from(target.card.clone()));
                }
                push(moves, kind, Some(source), found, labels)?;
            }
        }
    }
    Ok(())
}

/// Adds a move with its label: its source's, else its kind's.
fn push(
    moves: &mut Array,
    kind: &MoveKind,
    source: Option<&Source>,
    mut found: Map,
    labels: bool,
) -> Fallible<()> {
    if moves.len() >= MAX_ITEMS {
        return Err(limit(format!(
            "the declared moves are more than {MAX_ITEMS}"
        )));
    }
    let template = source
        .and_then(|s| s.label.as_ref())
        .or(kind.label.as_ref());
    if let Some(template) = template.filter(|_| labels) {
        let label = template.fill(|field| found.get(field).map(text_of).unwrap_or_default());
        found.insert("label".into(), label.into());
    }
    moves.push(found.into());
    Ok(())
}

/// Whether an option a kind or source depends on is on (no option: yes).
fn option_on(rt: &dyn Host, name: Option<&str>) -> Fallible<bool> {
    let Some(name) = name else { return Ok(true) };
    let Some(value) = rt.option(name) else {
        let names = rt.option_names();
        let hint = nearest(name, names.iter().map(String::as_str))
            .map_or(String::new(), |n| format!(": did you mean `{n}`?"));
        return fail(format!("`when` names no option `{name}`{hint}"));
    };
    Ok(option_is_on(value))
}

/// Whether a named state counts any uses left (one that holds nothing
/// counts none: there is no limit).
fn left(rt: &dyn Host, name: &str) -> Fallible<bool> {
    match rt.table().state.get(name) {
        Some(Value::Int(n)) => Ok(*n > 0),
        Some(Value::Nothing) => Ok(true),
        Some(other) => fail(format!(
            "`while_left` reads state `{name}`, which holds {other}, not a number"
        )),
        None => {
            let hint = nearest(name, rt.table().state.keys().map(String::as_str))
                .map_or(String::new(), |n| format!(": did you mean `{n}`?"));
            fail(format!("`while_left` names no state `{name}`{hint}"))
        }
    }
}

/// The cards a source offers, bottom to top, as the rules see them.
fn cards_from(rt: &dyn Host, source: &Source) -> Fallible<Vec<Card>> {
    let pile = rt.table().pile(pile_index(rt, &source.pile)?);
    let placed = pile.placed();
    let offered = if source.top_only {
        placed.last().map_or(&placed[..0], std::slice::from_ref)
    } else {
        placed
    };
    rt.charge(offered.len() as u64);
    offered.iter().map(|p| rt.seen(p)).collect()
}
