//! Why a card can not go where a player put it, read from the ruleset's
//! declared build moves (`script/move_kind/build.rs`) and the table as the
//! player sees it: the card is covered, the card under the target wants
//! another rank or colour, an empty pile takes only a king, a pile is
//! full, a run is longer than the free cells let move. Every front end
//! says the same words (the REPL's typed move, the protocol's `why`, the
//! page's refused drop).
//!
//! Kinds that put a card onto a target's stack (`onto` with `fits`) are
//! read in `refusal/stacked.rs`: a card that falls short of a reach, or is
//! of another suit than the target wants.
//!
//! Fair to the player: a face-down card reads as no card at all, so a
//! refusal never tells a card lying face down from one not on the table.

use crate::game::card::Card;
use crate::game::decision::Prompt;
use crate::game::pile::{Pile, Placed};
use crate::game::table::Table;
use crate::run::RuleValues;
use crate::script::declare::Options;
use crate::script::move_kind::{Build, Empty, MoveKind, Runs, Suits};

mod stacked;

/// What a refusal reads besides the table: the ruleset's declared moves,
/// the game's options, and the values its rules gave cards this game.
pub(crate) struct Rules<'a> {
    pub(crate) kinds: &'a [MoveKind],
    pub(crate) options: &'a Options,
    pub(crate) values: &'a RuleValues,
}

#[cfg(test)]
static NO_OPTIONS: Options = Options::new();
#[cfg(test)]
static NO_VALUES: RuleValues = RuleValues::new();

#[cfg(test)]
impl Rules<'_> {
    /// Rules that declare no moves: a refusal can say only that no move
    /// takes the card.
    pub(crate) fn none() -> Rules<'static> {
        Rules {
            kinds: &[],
            options: &NO_OPTIONS,
            values: &NO_VALUES,
        }
    }
}

/// Where a player put the card: onto a face-up card, or to a pile named
/// by whole words of its name (`foundation`, `free cell 2`).
pub(crate) enum Place<'a> {
    Onto(&'a Card),
    Named(&'a [&'a str]),
}

/// Why no declared move takes `card` to `place`, or `None` where the
/// declared moves do not tell (the ruleset's refusals are its own).
pub(crate) fn why_not(rules: &Rules, table: &Table, card: &Card, place: &Place) -> Option<String> {
    let builds: Vec<&Build> = rules
        .kinds
        .iter()
        .filter_map(|k| k.build.as_ref())
        .collect();
    if builds.is_empty() {
        return stacked::why_not(rules, table, card, place);
    }
    let Some((from, depth)) = face_up(table, card) else {
        return Some(format!("there is no face-up {card} on the table"));
    };
    let targets = match targets(table, place) {
        Ok(targets) => targets,
        Err(why) => return Some(why),
    };
    let mut reasons: Vec<String> = Vec::new();
    for target in targets.into_iter().filter(|&t| t != from) {
        let reason = reason(&builds, table, from, depth, target);
        if !reasons.contains(&reason) {
            reasons.push(reason);
        }
    }
    match reasons.as_slice() {
        [] => Some(format!("{card} is in that pile already")),
        [one] => Some(one.clone()),
        several => Some(several.join("; ")),
    }
}

/// The protocol's `why CARD PLACE`: the option that carries the card
/// there, else why none does, and whether that is said from the declared
/// moves (false: they tell no more than that no move does); or what is
/// wrong with the question.
pub(crate) fn explain(
    prompt: Option<&Prompt>,
    table: &Table,
    rules: &Rules,
    typed: &str,
) -> Result<(String, bool), String> {
    let words: Vec<&str> = typed.split_whitespace().collect();
    let Some((first, rest)) = words.split_first().filter(|(_, rest)| !rest.is_empty()) else {
        return Err("why takes a card and where it goes: `why 9d 10c`, `why 4h foundation`".into());
    };
    let card: Card = first
        .parse()
        .map_err(|e: crate::game::card::CardParseError| e.to_string())?;
    let Some(prompt) = prompt else {
        return Err("the game is over: no card moves".into());
    };
    let under = if let [word] = rest {
        word.parse::<Card>().ok()
    } else {
        None
    };
    let place = match &under {
        Some(under) => Place::Onto(under),
        None => Place::Named(rest),
    };
    let goes = |pile: &String| match &place {
        Place::Onto(under) => table
            .pile_index(pile)
            .and_then(|i| top(table.pile(i)))
            .is_some_and(|t| t.face_up && t.card == **under),
        Place::Named(words) => names_pile(words, pile),
    };
    let named = card.to_string();
    let taking = prompt.options.iter().find(|o| {
        o.carries
            .as_ref()
            .is_some_and(|c| c.cards.first() == Some(&named) && c.targets.iter().any(goes))
    });
    if let Some(option) = taking {
        return Ok((format!("`{}` is an option", option.label), true));
    }
    Ok(match why_not(rules, table, &card, &place) {
        Some(why) => (why, true),
        None => (format!("no move takes {card} there"), false),
    })
}

/// The pile holding `card` face up, and how many cards lie on it.
fn face_up(table: &Table, card: &Card) -> Option<(usize, usize)> {
    table.piles().iter().enumerate().find_map(|(index, pile)| {
        let cards = pile.placed();
        let at = cards.iter().position(|p| p.face_up && p.card == *card)?;
        Some((index, cards.len() - at - 1))
    })
}

/// The piles `place` names, or why it names none.
fn targets(table: &Table, place: &Place) -> Result<Vec<usize>, String> {
    let piles = table.piles().iter().enumerate();
    match place {
        Place::Onto(under) => {
            let found: Vec<usize> = piles
                .filter(|(_, pile)| top(pile).is_some_and(|t| t.face_up && t.card == **under))
                .map(|(index, _)| index)
                .collect();
            if found.is_empty() {
                return Err(match face_up(table, under) {
                    Some((_, _)) => {
                        format!("{under} is not on top of its pile: a card goes onto a top card")
                    }
                    None => format!("there is no face-up {under} on the table"),
                });
            }
            Ok(found)
        }
        Place::Named(words) => {
            let found: Vec<usize> = piles
                .filter(|(_, pile)| names_pile(words, &pile.name))
                .map(|(index, _)| index)
                .collect();
            if found.is_empty() {
                return Err(format!("no pile is called `{}`", words.join(" ")));
            }
            Ok(found)
        }
    }
}

/// Whether the typed words are whole words of a pile's name, in a row.
fn names_pile(typed: &[&str], pile: &str) -> bool {
    let name: Vec<String> = pile.split_whitespace().map(str::to_lowercase).collect();
    let typed: Vec<String> = typed.iter().map(|w| w.to_lowercase()).collect();
    !typed.is_empty() && name.windows(typed.len()).any(|run| run == typed.as_slice())
}

fn top(pile: &Pile) -> Option<&Placed> {
    pile.placed().last()
}

/// Why the card `depth` cards deep in pile `from` does not go onto pile
/// `target`: the first reason of the first kind that carries from one to
/// the other.
fn reason(builds: &[&Build], table: &Table, from: usize, depth: usize, target: usize) -> String {
    let (source, onto) = (table.pile(from), table.pile(target));
    let cards = source.placed();
    let card = &cards[cards.len() - depth - 1].card;
    let Some(build) = builds.iter().find(|b| {
        in_family(&source.name, &b.from) && in_family(&onto.name, std::slice::from_ref(&b.to))
    }) else {
        return format!("no move takes a card from {} to {}", source.name, onto.name);
    };
    if let Some(why) = covered(build, cards, depth) {
        return why;
    }
    if let Some(length) = build.run_length.filter(|_| !build.carries_count(depth + 1)) {
        return format!(
            "only a run of {length} cards goes to a {}, not {}",
            family_of(&onto.name),
            if depth == 0 {
                "one card".to_string()
            } else {
                format!("{} cards", depth + 1)
            }
        );
    }
    match top(onto) {
        None if !build.empty.takes(card.rank()) => match build.empty {
            Empty::Rank(rank) => {
                format!(
                    "an empty {} takes only {}",
                    family_of(&onto.name),
                    a_rank(rank)
                )
            }
            _ => format!("an empty {} takes no card", family_of(&onto.name)),
        },
        Some(under) if !under.face_up => format!("the top card of {} is face down", onto.name),
        Some(under) => match needs(build, &under.card) {
            None => format!("{} is full (it takes a card only when empty)", onto.name),
            Some(wanted) if !build.fits_cards(card, &under.card) => {
                format!("{} takes {wanted}, not {card}", under.card)
            }
            Some(_) => {
                too_long(build, table, depth + 1, false).unwrap_or_else(|| nothing(card, onto))
            }
        },
        None => too_long(build, table, depth + 1, true).unwrap_or_else(|| nothing(card, onto)),
    }
}

/// The words when every rule read fits: the move waits on something the
/// declarations do not say (an option, a count left).
fn nothing(card: &Card, onto: &Pile) -> String {
    format!("no move takes {card} to {} now", onto.name)
}

/// Why the card `depth` cards deep can not move with what lies on it.
fn covered(build: &Build, cards: &[Placed], depth: usize) -> Option<String> {
    if depth == 0 {
        return None;
    }
    let at = cards.len() - depth - 1;
    let card = &cards[at].card;
    let over = &cards[at + 1];
    let named = |p: &Placed| {
        if p.face_up {
            format!(" by {}", p.card)
        } else {
            String::new()
        }
    };
    if build.runs == Runs::Top {
        return Some(format!("{card} is covered{}", named(over)));
    }
    let broken = (at + 1..cards.len()).find(|&i| {
        !cards[i].face_up || !build.holds_together(&cards[i].card, &cards[i - 1].card)
    })?;
    Some(if broken == at + 1 {
        format!("{card} is covered{}, which is not built on it", named(over))
    } else {
        format!(
            "{card} is under {}, which is not built on {}",
            if cards[broken].face_up {
                cards[broken].card.to_string()
            } else {
                "a face-down card".into()
            },
            cards[broken - 1].card
        )
    })
}

/// Why a run of `count` cards is too long to move, where the kind limits
/// runs by the empty piles they pass through.
fn too_long(build: &Build, table: &Table, count: usize, onto_empty: bool) -> Option<String> {
    let Runs::Limited { free, empty } = &build.runs else {
        return None;
    };
    let free_room = free.as_deref().map_or(0, |free| empty_in(table, free));
    let empty_room = empty_in(table, empty).saturating_sub(usize::from(onto_empty));
    let most = build.most_carried(free_room, empty_room)?;
    let free_said = free
        .as_deref()
        .map(|free| counted(free_room, &format!("empty {free}")));
    let empty_said =
        (build.empty == Empty::Any).then(|| counted(empty_room, &format!("empty {empty}")));
    // Where only one family gives room, its count agrees with the verb.
    let (room, lets) = match (free_said, empty_said) {
        (Some(free), Some(empty)) => (format!("{free} and {empty}"), "let"),
        (Some(room), None) | (None, Some(room)) => {
            let lets = if room.starts_with("1 ") {
                "lets"
            } else {
                "let"
            };
            (room, lets)
        }
        (None, None) => ("no room".into(), "lets"),
    };
    (count > most)
        .then(|| format!("a run of {count} cards: {room} {lets} at most {most} move at once"))
}

fn counted(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

fn empty_in(table: &Table, family: &str) -> usize {
    table
        .piles()
        .iter()
        .filter(|p| in_family(&p.name, std::slice::from_ref(&family.to_string())) && p.is_empty())
        .count()
}

/// Whether pile `name` is one of `names` or of the family one names
/// (`column 3` of `column`).
fn in_family(name: &str, names: &[String]) -> bool {
    names.iter().any(|n| {
        name == n
            || name
                .strip_prefix(n.as_str())
                .and_then(|rest| rest.strip_prefix(' '))
                .is_some_and(|digits| {
                    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
                })
    })
}

/// A pile's family name: `column` of `column 3`.
fn family_of(name: &str) -> &str {
    match name.rsplit_once(' ') {
        Some((family, number)) if number.bytes().all(|b| b.is_ascii_digit()) => family,
        _ => name,
    }
}

/// What the kind lets go onto `under`, in words (`a black 9`, `a 4♠`);
/// `None` where nothing goes onto a card.
fn needs(build: &Build, under: &Card) -> Option<String> {
    let rule = build.rule.as_ref()?;
    let (Some(rank), Some(suit)) = (under.rank(), under.suit()) else {
        return Some("no card".into());
    };
    let ranks: Vec<u8> = rule
        .ranks
        .iter()
        .filter_map(|step| {
            let wanted = i64::from(rank) + step;
            let wanted = if rule.wrap {
                (wanted - 1).rem_euclid(13) + 1
            } else {
                wanted
            };
            u8::try_from(wanted).ok().filter(|r| (1..=13).contains(r))
        })
        .collect();
    if ranks.is_empty() {
        return Some("no card".into());
    }
    let each: Vec<String> = ranks
        .iter()
        .map(|&r| match rule.suits {
            Suits::Any => a_rank(r),
            Suits::Same => format!("{}", Card::standard(r, suit)),
            Suits::Alternate => {
                let colour = if suit.is_red() { "black" } else { "red" };
                format!("a {colour} {}", rank_word(r))
            }
        })
        .collect();
    Some(each.join(" or "))
}

/// `a king`, `an ace`, `an 8`, `a 5`.
fn a_rank(rank: u8) -> String {
    let word = rank_word(rank);
    let article = if matches!(rank, 1 | 8) { "an" } else { "a" };
    format!("{article} {word}")
}

fn rank_word(rank: u8) -> String {
    match rank {
        1 => "ace".into(),
        11 => "jack".into(),
        12 => "queen".into(),
        13 => "king".into(),
        n => n.to_string(),
    }
}

#[cfg(test)]
mod tests;
