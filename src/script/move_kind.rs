//! A kind of move, declared once at a ruleset's top level with
//! `move_kind(name, #{...})`: where its card comes from, the piles whose top
//! card it goes onto, what the card must fit there, when it is offered and
//! how a player reads it. The host lists every legal move of the declared
//! kinds (`api/move_list.rs`), so a decision runs no script to find its
//! options; only the chosen move's rule does. Plain data, read and checked
//! when the ruleset loads, so a misspelt key is an error at the author's
//! line, not a move silently missing.

mod build;
mod deals;
mod template;
pub(crate) mod words;

use super::suggest::nearest;
pub(crate) use build::{standard, Build, Empty, Runs, Suits};
pub(crate) use deals::{Count, Deals};
use rhai::{Array, Dynamic, Map};
pub(crate) use template::{Piece, Template};

/// The keys of a move kind's map, besides a build's (`build.rs`).
const KIND_KEYS: [&str; 16] = [
    "cards",
    "onto",
    "into",
    "at",
    "fits",
    "value",
    "target_value",
    "joker_any_suit",
    "when",
    "when_empty",
    "while_left",
    "unless_empty",
    "label",
    "label_empty",
    "deals",
    "spends",
];
const SOURCE_KEYS: [&str; 4] = ["pile", "top_of", "when", "label"];
const ONTO_KEYS: [&str; 5] = ["tops_of", "number", "card", "stack", "only"];
const FIT_KEYS: [&str; 2] = ["reach", "same_suit"];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveKind {
    /// The kind's name, which every move of it carries as its `act`.
    pub name: String,
    /// Where its card comes from; none: a move with no card (giving up).
    pub sources: Vec<Source>,
    pub onto: Option<Onto>,
    /// The one pile its card goes into, where it goes onto no target (a
    /// discard onto the damage pile): what a front end shows it carried to.
    pub into: Option<String>,
    /// The pile a click makes a move of no card at (the stock a draw
    /// turns up): what a front end makes the move by.
    pub at: Option<String>,
    /// What the card must fit, by how many cards the target's stack holds:
    /// the first entry for an empty stack, and so on; past the last, none.
    pub fits: Vec<Fit>,
    /// The script functions that reckon a card's value and a target's
    /// (once per card and game: a value never changes within a game).
    pub value: Option<String>,
    pub target_value: Option<String>,
    pub joker_any_suit: bool,
    /// Offered only while this option is on.
    pub when: Option<String>,
    /// Offered only while this pile is empty.
    pub when_empty: Option<String>,
    /// Offered only while this named state holds a number above 0 (a move
    /// a player may make so many times a game).
    pub while_left: Option<String>,
    /// Offered only while this pile holds a card.
    pub unless_empty: Option<String>,
    /// Cards carried from the tops of piles to others, as patience builds.
    pub(crate) build: Option<Build>,
    /// A move of no card that deals cards from one pile to another, which
    /// the host applies by itself.
    pub(crate) deals: Option<Deals>,
    /// A named count the move spends one of (a redeal), while it holds a
    /// number.
    pub(crate) spends: Option<String>,
    pub label: Option<Template>,
    /// A build move's label onto an empty pile, if it reads otherwise.
    pub label_empty: Option<Template>,
    /// Where it was declared, `file:line`, for errors found later.
    pub place: String,
}

/// Where a kind's cards come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub pile: String,
    /// Only the pile's top card, not every card.
    pub top_only: bool,
    pub when: Option<String>,
    /// The label of a move from here, if it reads otherwise.
    pub label: Option<Template>,
}

/// The piles a kind's card goes onto: `NAME 1`, `NAME 2`, ... while they
/// exist, each a target while it has a top card (and the script's `only`
/// allows it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Onto {
    pub family: String,
    /// The move's fields for the pile's number and its top card.
    pub number_field: Option<String>,
    pub card_field: Option<String>,
    /// The family of piles paired with the targets by number, whose cards
    /// count towards a `reach` and whose length picks the fit.
    pub stack: Option<String>,
    pub only: Option<String>,
}

/// What a card must fit to go onto a target.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fit {
    /// The card's value, the stack's values and this reach the target's value.
    pub reach: Option<i64>,
    /// The card is of the target's suit.
    pub same_suit: bool,
}

type Read<T> = Result<T, String>;

impl MoveKind {
    /// Reads a declaration; `place` is where it stands in the script.
    pub(crate) fn read(name: &str, map: &Map, place: String) -> Read<MoveKind> {
        let keys: Vec<&str> = KIND_KEYS
            .iter()
            .chain(&build::BUILD_KEYS)
            .copied()
            .collect();
        known_keys(map, &keys, "a move kind")?;
        let build = Build::read(map)?;
        let sources = match map.get("cards") {
            None => Vec::new(),
            Some(list) => list_of(list, "cards")?
                .iter()
                .map(Source::read)
                .collect::<Read<_>>()?,
        };
        let onto = map.get("onto").map(Onto::read).transpose()?;
        let fits = match map.get("fits") {
            None => Vec::new(),
            Some(list) => list_of(list, "fits")?
                .iter()
                .map(Fit::read)
                .collect::<Read<_>>()?,
        };
        if !fits.is_empty() && onto.as_ref().is_none_or(|o| o.stack.is_none()) {
            return Err("`fits` goes with an `onto` that names its `stack`".into());
        }
        if onto.is_some() && sources.is_empty() {
            return Err("a move `onto` a pile needs `cards` to put there".into());
        }
        let into = text(map, "into")?;
        let at = text(map, "at")?;
        let deals = map.get("deals").map(Deals::read).transpose()?;
        if deals.is_some() && !(sources.is_empty() && build.is_none()) {
            return Err(
                "`deals` is what a move of no card does: a kind with `cards` or `from` carries its cards instead"
                    .into(),
            );
        }
        if at.is_some() && !(sources.is_empty() && build.is_none()) {
            return Err(
                "`at` names the pile a click makes a move of no card at: a kind with `cards` or `from` carries its cards instead"
                    .into(),
            );
        }
        if into.is_some() && (onto.is_some() || sources.is_empty()) {
            return Err(
                "`into` names the one pile a move's `cards` go into, where it goes `onto` none"
                    .into(),
            );
        }
        let kind = MoveKind {
            name: name.to_string(),
            sources,
            onto,
            into,
            at,
            fits,
            value: text(map, "value")?,
            target_value: text(map, "target_value")?,
            joker_any_suit: flag(map, "joker_any_suit")?,
            when: text(map, "when")?,
            when_empty: text(map, "when_empty")?,
            while_left: text(map, "while_left")?,
            unless_empty: text(map, "unless_empty")?,
            build,
            deals,
            spends: text(map, "spends")?,
            label: build::template(map, "label")?,
            label_empty: build::template(map, "label_empty")?,
            place,
        };
        kind.check_labels()?;
        Ok(kind)
    }

    /// The fields every move of this kind carries.
    pub fn fields(&self) -> Vec<&str> {
        let mut fields = vec!["act"];
        if self.build.is_some() {
            fields.extend(build::FIELDS);
            return fields;
        }
        if !self.sources.is_empty() {
            fields.push("card");
        }
        if let Some(onto) = &self.onto {
            fields.extend(onto.number_field.as_deref());
            fields.extend(onto.card_field.as_deref());
        }
        fields
    }

    /// The script functions it names, with what each is for.
    pub fn functions(&self) -> Vec<(&str, usize)> {
        let mut named = Vec::new();
        named.extend(self.value.as_deref().map(|f| (f, 1)));
        named.extend(self.target_value.as_deref().map(|f| (f, 1)));
        if let Some(only) = self.onto.as_ref().and_then(|o| o.only.as_deref()) {
            named.push((only, 1));
        }
        named
    }

    fn check_labels(&self) -> Read<()> {
        let fields = self.fields();
        let labels = self
            .label
            .iter()
            .chain(&self.label_empty)
            .chain(self.sources.iter().filter_map(|s| s.label.as_ref()));
        for label in labels {
            for piece in &label.0 {
                if let Piece::Field(name) = piece {
                    if !fields.contains(&name.as_str()) {
                        return Err(format!(
                            "the label names `{{{name}}}`, which a `{}` move has not{} (it has {})",
                            self.name,
                            did_you_mean(name, &fields),
                            fields.join(", ")
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

impl Source {
    fn read(item: &Dynamic) -> Read<Source> {
        if let Ok(pile) = item.clone().into_string() {
            return Ok(Source {
                pile,
                top_only: false,
                when: None,
                label: None,
            });
        }
        let map = map_of(item, "an item of `cards`")?;
        known_keys(&map, &SOURCE_KEYS, "an item of `cards`")?;
        let (pile, top_only) = match (text(&map, "pile")?, text(&map, "top_of")?) {
            (Some(pile), None) => (pile, false),
            (None, Some(pile)) => (pile, true),
            _ => return Err(
                "an item of `cards` names one `pile` (every card) or one `top_of` (its top card)"
                    .into(),
            ),
        };
        Ok(Source {
            pile,
            top_only,
            when: text(&map, "when")?,
            label: text(&map, "label")?
                .map(|t| Template::read(&t))
                .transpose()?,
        })
    }
}

impl Onto {
    fn read(item: &Dynamic) -> Read<Onto> {
        let map = map_of(item, "`onto`")?;
        known_keys(&map, &ONTO_KEYS, "`onto`")?;
        let Some(family) = text(&map, "tops_of")? else {
            return Err(
                "`onto` names the piles with `tops_of: \"NAME\"` (NAME 1, NAME 2, ...)".into(),
            );
        };
        Ok(Onto {
            family,
            number_field: text(&map, "number")?,
            card_field: text(&map, "card")?,
            stack: text(&map, "stack")?,
            only: text(&map, "only")?,
        })
    }
}

impl Fit {
    fn read(item: &Dynamic) -> Read<Fit> {
        let map = map_of(item, "an item of `fits`")?;
        known_keys(&map, &FIT_KEYS, "an item of `fits`")?;
        let reach = match map.get("reach") {
            None => None,
            Some(n) => Some(
                n.as_int()
                    .map_err(|found| format!("`reach` is a number, not {found}"))?,
            ),
        };
        Ok(Fit {
            reach,
            same_suit: flag(&map, "same_suit")?,
        })
    }
}

/// Checks, once the whole ruleset has loaded, that the functions and
/// options a kind names exist: `functions` are the names and arities the
/// ruleset defines, `options` the options it declares.
pub(crate) fn check_names(
    kinds: &[MoveKind],
    functions: &[(&str, usize)],
    options: &[&str],
) -> Read<()> {
    for kind in kinds {
        let fault = |what: String| format!("{}: move_kind(\"{}\"): {what}", kind.place, kind.name);
        for (name, arity) in kind.functions() {
            if !functions.contains(&(name, arity)) {
                let names: Vec<&str> = functions.iter().map(|(n, _)| *n).collect();
                return Err(fault(format!(
                    "the ruleset has no `fn {name}` of {arity} argument{}",
                    did_you_mean(name, &names)
                )));
            }
        }
        let whens = kind
            .when
            .iter()
            .chain(kind.sources.iter().filter_map(|s| s.when.as_ref()))
            .chain(
                kind.build
                    .iter()
                    .flat_map(|b| [&b.rule, &b.run_rule])
                    .filter_map(|rule| rule.as_ref()?.wrap_when.as_ref()),
            )
            .chain(kind.deals.iter().filter_map(|d| match &d.count {
                Count::Option(name) => Some(name),
                _ => None,
            }));
        for name in whens {
            if !options.contains(&name.as_str()) {
                return Err(fault(format!(
                    "`when` names no option `{name}`{}",
                    did_you_mean(name, options)
                )));
            }
        }
    }
    Ok(())
}

fn known_keys(map: &Map, keys: &[&str], what: &str) -> Read<()> {
    for key in map.keys() {
        if !keys.contains(&key.as_str()) {
            return Err(format!(
                "{what} has no key `{key}`{} (its keys: {})",
                did_you_mean(key, keys),
                keys.join(", ")
            ));
        }
    }
    Ok(())
}

fn did_you_mean(name: &str, known: &[&str]) -> String {
    nearest(name, known.iter().copied()).map_or(String::new(), |n| format!(": did you mean `{n}`?"))
}

fn text(map: &Map, key: &str) -> Read<Option<String>> {
    match map.get(key) {
        None => Ok(None),
        Some(value) => match value.clone().into_string() {
            Ok(text) if !text.is_empty() => Ok(Some(text)),
            Ok(_) => Err(format!("`{key}` is empty")),
            Err(found) => Err(format!("`{key}` is text, not {found}")),
        },
    }
}

fn flag(map: &Map, key: &str) -> Read<bool> {
    match map.get(key) {
        None => Ok(false),
        Some(value) => value
            .as_bool()
            .map_err(|found| format!("`{key}` is true or false, not {found}")),
    }
}

fn list_of(value: &Dynamic, key: &str) -> Read<Array> {
    value
        .read_lock::<Array>()
        .map(|a| a.clone())
        .ok_or_else(|| format!("`{key}` is a list, not {}", value.type_name()))
}

fn map_of(value: &Dynamic, what: &str) -> Read<Map> {
    value
        .read_lock::<Map>()
        .map(|m| m.clone())
        .ok_or_else(|| format!("{what} is a map, not {}", value.type_name()))
}

#[cfg(test)]
mod tests;
