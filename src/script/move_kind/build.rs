//! A kind of move that carries a card, or a run of cards, from the top of
//! some piles onto others, as patience games build: onto a card of the
//! next rank up or down (with or without wrapping from king to ace), of
//! the same suit or alternating colours, onto an empty pile only what its
//! rule lets start one, and a run only as long as its rule allows.
//! A run is what lies on its first card: cards that follow the build rule
//! (or a rule of the run's own), or any face-up cards at all.
//! `move_kind(name, #{ from, to, builds, empty, runs, ... })`; the host
//! lists the moves (`api/builds.rs`) and `carry(move)` makes one.

use super::{flag, known_keys, map_of, text, Read, Template};
use crate::game::card::{Card, Suit};
use rhai::{Dynamic, Map};

pub(super) const BUILD_KEYS: [&str; 6] = ["from", "to", "builds", "empty", "one_empty", "runs"];
const RULE_KEYS: [&str; 4] = ["rank", "wrap", "suit", "colour"];
const RUNS_KEYS: [&str; 4] = ["free", "empty", "builds", "length"];
/// `runs: "face up"`: any face-up card, with whatever lies on it.
const FACE_UP: &str = "face up";

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Build {
    /// The piles whose top cards move: a pile's name, or a family's
    /// (`column` for `column 1`, `column 2`, ...).
    pub from: Vec<String>,
    /// The pile or family they go onto.
    pub to: String,
    /// What a card must be to go onto another; none: nothing goes onto a card.
    pub rule: Option<Rule>,
    pub empty: Empty,
    /// Of the empty piles of the target family, only the first is offered
    /// (any of them is as good).
    pub one_empty: bool,
    pub runs: Runs,
    /// The rule each card of a run follows onto the card under it, where
    /// it is not `rule` (a run of one suit where any suit builds).
    pub run_rule: Option<Rule>,
    /// Only runs of exactly this many cards move (a whole suit home).
    pub run_length: Option<usize>,
}

/// What a card must be to go onto a card: `ranks` steps from the card
/// under it (-1 one lower, 1 one higher), `wrap` from king to ace and back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rule {
    pub ranks: Vec<i64>,
    pub wrap: bool,
    /// The option that turns `wrap` on, where the ruleset makes it one
    /// (`wrap: "NAME"`).
    pub wrap_when: Option<String>,
    pub suits: Suits,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Suits {
    Any,
    Same,
    /// Red on black, black on red.
    Alternate,
}

/// What may go onto an empty pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Empty {
    Nothing,
    Any,
    Rank(u8),
}

/// How many cards move at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Runs {
    /// The top card alone.
    Top,
    /// Any run of face-up cards that follows the rule.
    Built,
    /// Any face-up card, with every card that lies on it, whether or not
    /// they follow a rule.
    FaceUp,
    /// A run of at most (empty piles of `free` + 1) × 2 ^ (empty piles of
    /// `empty`, not counting the target): what moving one card at a time
    /// through free cells and empty columns allows (`Build::most_carried`).
    /// A game with no free cells names none: 2 ^ (empty piles of `empty`).
    Limited { free: Option<String>, empty: String },
}

impl Build {
    pub(super) fn read(map: &Map) -> Read<Option<Build>> {
        let Some(to) = text(map, "to")? else {
            if let Some(key) = BUILD_KEYS.iter().find(|k| map.contains_key(**k)) {
                return Err(format!(
                    "`{key}` goes with `to`, the pile or piles the cards go onto"
                ));
            }
            return Ok(None);
        };
        for key in ["cards", "onto", "into", "fits"] {
            if map.contains_key(key) {
                return Err(format!(
                    "a move `to` a pile names where its cards come from with `from`, not `{key}`"
                ));
            }
        }
        let from = match map.get("from") {
            None => {
                return Err("a move `to` a pile needs `from`: the piles its cards come from".into())
            }
            Some(value) => names(value, "from")?,
        };
        let (runs, run_rule, run_length) = match map.get("runs") {
            None => (Runs::Top, None, None),
            Some(value) => Runs::read(value)?,
        };
        Ok(Some(Build {
            from,
            to,
            rule: map.get("builds").map(Rule::read).transpose()?,
            empty: map.get("empty").map_or(Ok(Empty::Nothing), Empty::read)?,
            one_empty: flag(map, "one_empty")?,
            runs,
            run_rule,
            run_length,
        }))
    }

    /// The kind as a game with these options plays it: `wrap` on where
    /// the option that turns it on is (`on` tells an option's value).
    pub(crate) fn under_options(&self, on: impl Fn(&str) -> bool) -> Option<Build> {
        let wrapping = |rule: &Option<Rule>| rule.as_ref().is_some_and(|r| r.wrap_when.is_some());
        if !wrapping(&self.rule) && !wrapping(&self.run_rule) {
            return None;
        }
        let mut build = self.clone();
        for rule in [&mut build.rule, &mut build.run_rule].into_iter().flatten() {
            if let Some(name) = rule.wrap_when.take() {
                rule.wrap = on(&name);
            }
        }
        Some(build)
    }

    /// The most cards one move may carry, with `free` empty piles of the
    /// runs' `free` family and `empty` of its `empty` family (the target
    /// not counted): none where any run moves (or only the top card). An
    /// empty pile holds part of a run on its way only where any card may
    /// start one: where only a rank may (kings only), the run passes
    /// through the free piles alone, (free + 1) cards.
    pub(crate) fn most_carried(&self, free: usize, empty: usize) -> Option<usize> {
        match self.runs {
            Runs::Limited { .. } if self.empty == Empty::Any => Some((free + 1) << empty.min(20)),
            Runs::Limited { .. } => Some(free + 1),
            Runs::Top | Runs::Built | Runs::FaceUp => None,
        }
    }

    /// Whether a run of `count` cards is one this kind may carry by its
    /// length (a kind of whole runs carries those alone).
    pub(crate) fn carries_count(&self, count: usize) -> bool {
        self.run_length.is_none_or(|length| count == length)
    }

    /// Whether `upper` may lie on `under` within a run this kind carries:
    /// by the run's own rule where it has one, else the build rule (a run
    /// of any face-up cards is asked nothing).
    pub(crate) fn holds_together(&self, upper: &Card, under: &Card) -> bool {
        match (&self.runs, &self.run_rule) {
            (Runs::FaceUp, _) => true,
            (_, Some(rule)) => match (standard(upper), standard(under)) {
                (Some(upper), Some(under)) => rule.fits(upper, under),
                _ => false,
            },
            (_, None) => self.fits_cards(upper, under),
        }
    }

    /// Whether a card of (rank, suit) may lie on another within a run, as
    /// `holds_together` says of cards.
    pub(crate) fn holds_together_ranks(&self, upper: (u8, u8), under: (u8, u8)) -> bool {
        match (&self.runs, &self.run_rule) {
            (Runs::FaceUp, _) => true,
            (_, Some(rule)) => rule.fits(upper, under),
            (_, None) => self.fits(upper, under),
        }
    }

    /// Whether a card may go onto another (none but standard cards build).
    pub(crate) fn fits_cards(&self, card: &Card, under: &Card) -> bool {
        match (standard(card), standard(under)) {
            (Some(card), Some(under)) => self.fits(card, under),
            _ => false,
        }
    }

    /// Whether `card` (rank, suit) may go onto `under`.
    pub(crate) fn fits(&self, card: (u8, u8), under: (u8, u8)) -> bool {
        self.rule
            .as_ref()
            .is_some_and(|rule| rule.fits(card, under))
    }
}

impl Rule {
    fn read(value: &Dynamic) -> Read<Rule> {
        let map = map_of(value, "`builds`")?;
        known_keys(&map, &RULE_KEYS, "`builds`")?;
        let ranks = match map.get("rank") {
            None => {
                return Err(
                    "`builds` needs `rank`: -1 (one lower), 1 (one higher), or a list".into(),
                )
            }
            Some(value) => steps(value)?,
        };
        let suits = match (
            text(&map, "suit")?.as_deref(),
            text(&map, "colour")?.as_deref(),
        ) {
            (None | Some("any"), None) => Suits::Any,
            (Some("same"), None) => Suits::Same,
            (None, Some("alternate")) => Suits::Alternate,
            (suit, colour) => {
                return Err(format!(
                "`builds` takes `suit: \"same\"` or `colour: \"alternate\"` (or neither), not {}",
                suit.map(|s| format!("suit `{s}`"))
                    .or(colour.map(|c| format!("colour `{c}`")))
                    .unwrap_or_default()
            ))
            }
        };
        let (wrap, wrap_when) = match map.get("wrap") {
            Some(value) if value.is_string() => (false, text(&map, "wrap")?),
            _ => (flag(&map, "wrap")?, None),
        };
        Ok(Rule {
            ranks,
            wrap,
            wrap_when,
            suits,
        })
    }

    /// Whether a card of (rank, suit) may go onto one of (rank, suit);
    /// suits are numbered as `game::card::Suit` orders them.
    pub(crate) fn fits(&self, (rank, suit): (u8, u8), (under_rank, under_suit): (u8, u8)) -> bool {
        let step = i64::from(rank) - i64::from(under_rank);
        let ranked = self
            .ranks
            .iter()
            .any(|&want| step == want || (self.wrap && (step - want).rem_euclid(13) == 0));
        ranked
            && match self.suits {
                Suits::Any => true,
                Suits::Same => suit == under_suit,
                Suits::Alternate => is_red(suit) != is_red(under_suit),
            }
    }
}

/// A standard card as (rank, suit number), as build rules read cards.
pub(crate) fn standard(card: &Card) -> Option<(u8, u8)> {
    let suit = card.suit()?;
    let number = Suit::ALL.iter().position(|&s| s == suit)? as u8;
    Some((card.rank()?, number))
}

/// Hearts and diamonds, as `Suit` numbers them (spades 0, hearts 1,
/// diamonds 2, clubs 3).
fn is_red(suit: u8) -> bool {
    suit == 1 || suit == 2
}

impl Empty {
    fn read(value: &Dynamic) -> Read<Empty> {
        if let Ok(rank) = value.as_int() {
            return match u8::try_from(rank) {
                Ok(rank @ 1..=13) => Ok(Empty::Rank(rank)),
                _ => Err(format!(
                    "`empty` is a rank from 1 (ace) to 13 (king), not {rank}"
                )),
            };
        }
        match value.clone().into_string().as_deref() {
            Ok("any") => Ok(Empty::Any),
            Ok("none") => Ok(Empty::Nothing),
            _ => Err(format!(
                "`empty` is \"any\", \"none\" or a rank (1 ace to 13 king), not {value}"
            )),
        }
    }

    /// Whether a card of `rank` (none: a joker or a custom card) may
    /// start an empty pile.
    pub(crate) fn takes(self, rank: Option<u8>) -> bool {
        match self {
            Empty::Nothing => false,
            Empty::Any => true,
            Empty::Rank(wanted) => rank == Some(wanted),
        }
    }
}

/// What `runs` says: how long a run may be, the rule its cards follow
/// where it has one of its own, and the one length it must have, if any.
type RunsRead = (Runs, Option<Rule>, Option<usize>);

impl Runs {
    fn read(value: &Dynamic) -> Read<RunsRead> {
        const SAID: &str = "`runs` is true (any run that builds), \"face up\" (any face-up card with what lies on it), or #{ free: CELLS, empty: COLUMNS } (as many as moving one card at a time allows; `free` may be left out where there are no free cells), with `builds: RULE` (the rule a run's cards follow, where it is not the kind's) and `length: N` (only runs of N cards) as it needs";
        if let Ok(any) = value.as_bool() {
            return Ok((if any { Runs::Built } else { Runs::Top }, None, None));
        }
        if let Ok(said) = value.clone().into_string() {
            return match said.as_str() {
                FACE_UP => Ok((Runs::FaceUp, None, None)),
                _ => Err(format!("{SAID}, not \"{said}\"")),
            };
        }
        let map = map_of(value, "`runs`")?;
        known_keys(&map, &RUNS_KEYS, "`runs`")?;
        let runs = match (text(&map, "free")?, text(&map, "empty")?) {
            (free, Some(empty)) => Runs::Limited { free, empty },
            (None, None) if map.contains_key("builds") || map.contains_key("length") => Runs::Built,
            _ => return Err(SAID.into()),
        };
        let rule = map.get("builds").map(Rule::read).transpose()?;
        let length = match map.get("length") {
            None => None,
            Some(value) => match value.as_int().ok().filter(|n| (1..=52).contains(n)) {
                Some(n) => Some(n as usize),
                None => {
                    return Err(format!(
                        "`length` is a number of cards from 1 to 52, not {value}"
                    ))
                }
            },
        };
        Ok((runs, rule, length))
    }
}

/// The fields of a build move, beyond `act`.
pub(super) const FIELDS: [&str; 6] = ["card", "cards", "count", "from", "to", "onto"];

/// A label's template, if the map gives one under `key`.
pub(super) fn template(map: &Map, key: &str) -> Read<Option<Template>> {
    text(map, key)?.map(|t| Template::read(&t)).transpose()
}

fn names(value: &Dynamic, key: &str) -> Read<Vec<String>> {
    if let Ok(name) = value.clone().into_string() {
        return Ok(vec![name]);
    }
    let list = super::list_of(value, key)?;
    list.iter()
        .map(|item| {
            item.clone()
                .into_string()
                .map_err(|found| format!("`{key}` lists pile names, not {found}"))
        })
        .collect()
}

fn steps(value: &Dynamic) -> Read<Vec<i64>> {
    let one = |v: &Dynamic| {
        v.as_int()
            .ok()
            .filter(|n| (-12..=12).contains(n) && *n != 0)
            .ok_or_else(|| {
                format!("`rank` is a step from -12 to 12 but 0 (-1: one lower), not {v}")
            })
    };
    if value.is_array() {
        super::list_of(value, "rank")?.iter().map(one).collect()
    } else {
        one(value).map(|n| vec![n])
    }
}
