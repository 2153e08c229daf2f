//! The moves of a build kind (`move_kind/build.rs`), listed by the host:
//! for every source pile, its top card and (where the kind moves runs)
//! each longer run of face-up cards that follows the kind's rule, onto
//! every target pile whose top card it fits, or that it may start when the
//! pile is empty. Each move is a map: `act`, `card` (the card that lands on
//! the target), `cards` (the run, from that card up), `count`, `from` and
//! `to` (pile names), `onto` (the target's top card, or nothing), with its
//! label. `carry(move)` makes one. Charged per pair checked and per move.

use super::targets::pile_index;
use super::{fail, text_of, Fallible, Host, Shared};
use crate::game::card::Card;
use crate::game::pile::Placed;
use crate::game::table::Table;
use crate::script::declare::option_is_on;
use crate::script::host::limit;
use crate::script::limits::{MAX_ITEMS, MAX_OPERATIONS};
use crate::script::move_kind::{Build, Empty, MoveKind, Runs};
use rhai::{Array, Dynamic, Engine, Map};

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_fn("carry", move |mv: Map| -> Fallible<()> { carry(&r, &mv) });
    // `fits(kind, card, onto)`: whether the declared kind's rule, as this
    // game's options set it, lets `card` go onto `onto` (nothing: onto an
    // empty pile). A bot or `value()` asks the rules so instead of
    // restating them; it reads no pile, so it tells nothing of one.
    let r = rt.clone();
    engine.register_fn(
        "fits",
        move |kind: &str, card: Card, onto: Dynamic| -> Fallible<bool> {
            rule_fits(&*r.borrow(), kind, &card, &onto)
        },
    );
    // `longest_run(kind, onto_empty)`: the most cards one move of the
    // declared kind may carry now, onto a card or (true) into an empty
    // pile (0 where an empty pile takes no card); nothing where any run
    // moves. A status line says it so
    // without restating the rule.
    let r = rt.clone();
    engine.register_fn(
        "longest_run",
        move |kind: &str, onto_empty: bool| -> Fallible<Dynamic> {
            let rt = &*r.borrow();
            let build = declared_build(rt, kind, "longest_run")?;
            // An empty pile that takes no card takes no run either.
            if onto_empty && build.empty == Empty::Nothing {
                return Ok(0_i64.into());
            }
            let room = room(rt.table(), rt, &build)?;
            Ok(match capacity(&build, room, onto_empty) {
                usize::MAX => Dynamic::UNIT,
                most => (most as i64).into(),
            })
        },
    );
}

/// The build kind declared as `kind`, as this game's options set it.
fn declared_build(rt: &dyn Host, kind: &str, call: &str) -> Fallible<Build> {
    let kinds = rt.wiring().moves.clone();
    let Some(build) = kinds
        .iter()
        .find(|k| k.name == kind)
        .and_then(|k| k.build.as_ref())
    else {
        let names: Vec<&str> = kinds
            .iter()
            .filter(|k| k.build.is_some())
            .map(|k| k.name.as_str())
            .collect();
        return fail(format!(
            "{call}(\"{kind}\", ...): no kind of move `{kind}` that carries cards is declared (declared: {})",
            names.join(", ")
        ));
    };
    let resolved = build.under_options(|name| rt.option(name).is_some_and(option_is_on));
    Ok(resolved.unwrap_or_else(|| build.clone()))
}

fn rule_fits(rt: &dyn Host, kind: &str, card: &Card, onto: &Dynamic) -> Fallible<bool> {
    let build = declared_build(rt, kind, "fits")?;
    let build = &build;
    if onto.is_unit() {
        return Ok(build.empty.takes(card.rank()));
    }
    let Some(under) = onto.read_lock::<Card>() else {
        return fail(format!(
            "fits(kind, card, onto): `onto` is a card, or nothing for an empty pile, not {}",
            onto.type_name()
        ));
    };
    Ok(build.fits_cards(card, &under))
}

/// Lists the moves of `kind` (a build kind) into `moves`.
pub(super) fn list(
    rt: &dyn Host,
    kind: &MoveKind,
    build: &Build,
    act: &Dynamic,
    moves: &mut Array,
) -> Fallible<()> {
    let resolved = build.under_options(|name| rt.option(name).is_some_and(option_is_on));
    let build = resolved.as_ref().unwrap_or(build);
    let table = rt.table();
    let sources = piles_named(rt, &build.from)?;
    let targets = piles_named(rt, std::slice::from_ref(&build.to))?;
    let labels = rt.labels_wanted();
    let room = room(table, rt, build)?;
    let position = rt.wiring().position.clone();
    let mut pairs = 0u64;
    for &source in &sources {
        let cards = table.pile(source).placed();
        let run = movable_run(rt, build, cards);
        let family = position.family_of(&table.pile(source).name);
        for count in (1..=run).filter(|&count| build.carries_count(count)) {
            let base = &cards[cards.len() - count];
            let mut empty_offered = false;
            for &target in &targets {
                if target == source {
                    continue;
                }
                // A whole pile onto an empty one it is interchangeable
                // with leaves the position as it was: no move at all.
                let same_place = count == cards.len()
                    && family.is_some()
                    && table.pile(target).is_empty()
                    && position.family_of(&table.pile(target).name) == family;
                if same_place {
                    continue;
                }
                pairs += 1;
                let onto = table.pile(target).placed().last();
                let fits = match onto {
                    None if build.one_empty && empty_offered => false,
                    None => {
                        empty_offered = true;
                        build.empty.takes(base.card.rank())
                    }
                    Some(under) => under.face_up && build.fits_cards(&base.card, &under.card),
                };
                if !fits || count > capacity(build, room, onto.is_none()) {
                    continue;
                }
                let mut found = Map::new();
                found.insert("act".into(), act.clone());
                found.insert("card".into(), Dynamic::from(base.card.clone()));
                let run: Array = cards[cards.len() - count..]
                    .iter()
                    .map(|p| Dynamic::from(p.card.clone()))
                    .collect();
                found.insert("cards".into(), run.into());
                found.insert("count".into(), (count as i64).into());
                found.insert("from".into(), table.pile(source).name.clone().into());
                found.insert("to".into(), table.pile(target).name.clone().into());
                let onto = onto.map_or(Dynamic::UNIT, |p| Dynamic::from(p.card.clone()));
                found.insert("onto".into(), onto);
                push(moves, kind, found, labels)?;
            }
        }
    }
    if pairs > MAX_OPERATIONS {
        return Err(limit(format!(
            "listing `{}` checked {pairs} card and pile pairs, more than the {MAX_OPERATIONS} operations a step may run",
            kind.name
        )));
    }
    rt.charge(pairs);
    Ok(())
}

/// How many cards at the top of a pile may move together: none if the top
/// is face down, one, or (where the kind moves runs) as many face-up cards
/// as hold together by its rule, each on the one under it (any face-up
/// cards, where any moves).
fn movable_run(rt: &dyn Host, build: &Build, cards: &[Placed]) -> usize {
    let Some(top) = cards.last() else {
        return 0;
    };
    if !top.face_up || !rt.sees(top) {
        return 0;
    }
    if build.runs == Runs::Top {
        return 1;
    }
    let mut run = 1;
    while run < cards.len() {
        let (upper, under) = (&cards[cards.len() - run], &cards[cards.len() - run - 1]);
        if !under.face_up || !build.holds_together(&upper.card, &under.card) {
            break;
        }
        run += 1;
    }
    run
}

/// The room a run has to move through, counted once a listing: the empty
/// piles of the kind's `free` and `empty` families (none: any run moves).
fn room(table: &Table, rt: &dyn Host, build: &Build) -> Fallible<Option<(usize, usize)>> {
    let Runs::Limited { free, empty } = &build.runs else {
        return Ok(None);
    };
    let free = match free {
        Some(free) => empty_piles(table, rt, free)?,
        None => 0,
    };
    Ok(Some((free, empty_piles(table, rt, empty)?)))
}

/// The most cards a move onto this target may carry, with `room`.
fn capacity(build: &Build, room: Option<(usize, usize)>, onto_empty: bool) -> usize {
    let Some((free, empty)) = room else {
        return usize::MAX;
    };
    let empty = empty.saturating_sub(usize::from(onto_empty));
    build.most_carried(free, empty).unwrap_or(usize::MAX)
}

fn empty_piles(table: &Table, rt: &dyn Host, name: &str) -> Fallible<usize> {
    let piles = piles_named(rt, std::slice::from_ref(&name.to_string()))?;
    Ok(piles.iter().filter(|&&p| table.pile(p).is_empty()).count())
}

/// The piles a name stands for: the pile of that name, or else the family
/// `NAME 1`, `NAME 2`, ... as far as it goes.
pub(crate) fn piles_named(rt: &dyn Host, names: &[String]) -> Fallible<Vec<usize>> {
    let table = rt.table();
    let mut piles = Vec::new();
    for name in names {
        if let Some(index) = table.pile_index(name) {
            piles.push(index);
            continue;
        }
        let family = family(table, name);
        if family.is_empty() {
            // Names the nearest pile.
            pile_index(rt, name)?;
        }
        piles.extend(family);
    }
    Ok(piles)
}

/// The piles `NAME 1`, `NAME 2`, ... up to the first number missing, in
/// one pass over the table (listing moves reads families at every
/// decision; a lookup per number went over the table once each).
fn family(table: &Table, name: &str) -> Vec<usize> {
    let mut numbered: Vec<(u64, usize)> = table
        .piles()
        .iter()
        .enumerate()
        .filter_map(|(index, pile)| {
            let digits = pile.name.strip_prefix(name)?.strip_prefix(' ')?;
            // The number as `format!` writes it: no sign, no leading zero.
            let canonical = !digits.starts_with('0')
                && !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit());
            Some((digits.parse().ok().filter(|_| canonical)?, index))
        })
        .collect();
    numbered.sort_unstable();
    numbered
        .into_iter()
        .zip(1..)
        .take_while(|&((number, _), wanted)| number == wanted)
        .map(|((_, index), _)| index)
        .collect()
}

/// Adds a move with its label: the kind's, or onto an empty pile its
/// `label_empty` where it has one.
fn push(moves: &mut Array, kind: &MoveKind, mut found: Map, labels: bool) -> Fallible<()> {
    if moves.len() >= MAX_ITEMS {
        return Err(limit(format!(
            "the declared moves are more than {MAX_ITEMS}"
        )));
    }
    let onto_empty = found.get("onto").is_some_and(Dynamic::is_unit);
    let template = if onto_empty {
        kind.label_empty.as_ref().or(kind.label.as_ref())
    } else {
        kind.label.as_ref()
    };
    if let Some(template) = template.filter(|_| labels) {
        let label = template.fill(|field| match found.get(field) {
            Some(value) if value.is_array() => {
                let cards = value.read_lock::<Array>().expect("an array");
                cards.iter().map(text_of).collect::<Vec<_>>().join(" ")
            }
            Some(value) => text_of(value),
            None => String::new(),
        });
        found.insert("label".into(), label.into());
    }
    moves.push(found.into());
    Ok(())
}

/// `carry(move)`: the move's cards, from the top of its `from` pile onto
/// its `to` pile, in their order; a move that no longer fits the table (its
/// cards are not the top of `from`) is an error.
fn carry<H: Host>(rt: &Shared<H>, mv: &Map) -> Fallible<()> {
    let field = |name: &str| -> Fallible<String> {
        mv.get(name)
            .and_then(|v| v.clone().into_string().ok())
            .ok_or_else(|| format!("carry(move): the move has no pile `{name}`: carry takes a move of a kind declared with `from` and `to`").into())
    };
    let (from, to) = (field("from")?, field("to")?);
    let Some(cards) = mv
        .get("cards")
        .and_then(|c| c.read_lock::<Array>().map(|a| a.clone()))
    else {
        return fail("carry(move): the move has no `cards`".into());
    };
    let mut host = rt.borrow_mut();
    let (from, to) = (pile_index(&*host, &from)?, pile_index(&*host, &to)?);
    host.charge(cards.len() as u64);
    let table = host.table_mut("carry")?;
    let pile = table.pile(from);
    let at = pile.len().checked_sub(cards.len());
    let on_top = at.is_some_and(|at| {
        pile.placed()[at..]
            .iter()
            .zip(&cards)
            .all(|(p, c)| c.read_lock::<Card>().is_some_and(|c| *c == p.card))
    });
    if !on_top {
        return fail(format!(
            "carry(move): {} {} not on top of `{}`",
            cards.iter().map(text_of).collect::<Vec<_>>().join(" "),
            if cards.len() == 1 { "is" } else { "are" },
            pile.name
        ));
    }
    let mut lifted = Vec::with_capacity(cards.len());
    for _ in 0..cards.len() {
        lifted.push(table.pile_mut(from).pop().expect("checked on top"));
    }
    for placed in lifted.into_iter().rev() {
        table.pile_mut(to).push_moved(placed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::family;
    use crate::game::table::Table;

    #[test]
    fn a_family_runs_from_one_to_the_first_number_missing() {
        let mut table = Table::default();
        for name in [
            "column 2",
            "columns 3",
            "column 1",
            "column 02",
            "column x",
            "column 4",
            "column 3",
            "column",
            "column 6",
        ] {
            table.add_pile(name, true);
        }
        let at = |name: &str| table.pile_index(name).unwrap();
        assert_eq!(
            family(&table, "column"),
            vec![
                at("column 1"),
                at("column 2"),
                at("column 3"),
                at("column 4")
            ]
        );
        assert_eq!(family(&table, "columns"), Vec::<usize>::new());
        assert_eq!(family(&table, "colum"), Vec::<usize>::new());
    }
}
