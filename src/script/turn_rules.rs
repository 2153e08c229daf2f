//! What a ruleset declares of a turn beyond its moves, at its top level:
//! what follows a move by itself (a face-down top card turned up, cards
//! sent home by the classic safe-autoplay ruling), when the game is won,
//! what it says when no move is left, and the score. With these and its
//! kinds of move, a game of positions needs no `fn options()` or `fn
//! apply(option)`: the host lists, applies and ends its positions itself
//! (`src/declared/`), and a search or a playout runs no script for a step.

use super::move_kind::Template;
use rhai::{Engine, EvalAltResult, Map};
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnRules {
    /// Families (or piles) whose face-down top card turns up after every
    /// move, each said with its template.
    pub turn_up: Vec<(String, Template)>,
    pub autoplay: Option<Autoplay>,
    pub won: Option<Won>,
    /// What the game says when no move is left (it is lost).
    pub stuck: Option<Template>,
    pub score: Option<Score>,
}

/// After every move, the first move of `kind` (in the order offered) whose
/// card no other card could still want to be built on goes, one at a
/// time, while any does: `autoplay(kind, #{ when, says })`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Autoplay {
    pub kind: String,
    /// Only while this option is on.
    pub when: Option<String>,
    pub says: Template,
}

/// When the game is won: `won_when(#{ all_in: FAMILY } or #{ empty:
/// FAMILY }, says)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Won {
    pub test: WonTest,
    pub says: Template,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WonTest {
    /// Every card in play lies on these piles.
    AllIn(String),
    /// These piles hold no card.
    Empty(String),
}

/// The score: `score_is(#{ cards_in: FAMILY })`, the cards those piles hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    pub cards_in: String,
}

impl TurnRules {
    /// Whether the host can end the game by itself: it knows the score.
    pub(crate) fn ends_by_itself(&self) -> bool {
        self.score.is_some() && self.stuck.is_some()
    }
}

type Fallible<T> = Result<T, Box<EvalAltResult>>;

fn template(text: &str, what: &str) -> Fallible<Template> {
    let template = Template::read(text).map_err(|e| format!("{what}: {e}"))?;
    Ok(template)
}

/// Only `{card}` (and in an end's words `{score}` and `{cards}`) may be filled.
fn fields_only(template: &Template, fields: &[&str], what: &str) -> Fallible<()> {
    for piece in &template.0 {
        if let super::move_kind::Piece::Field(name) = piece {
            if !fields.contains(&name.as_str()) {
                return Err(format!(
                    "{what}: its words name `{{{name}}}`, which it has not (it has {})",
                    fields
                        .iter()
                        .map(|f| format!("{{{f}}}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
                .into());
            }
        }
    }
    Ok(())
}

fn one_text(map: &Map, key: &str, what: &str) -> Fallible<Option<String>> {
    match map.get(key) {
        None => Ok(None),
        Some(value) => value
            .clone()
            .into_string()
            .map(Some)
            .map_err(|found| format!("{what}: `{key}` is text, not {found}").into()),
    }
}

/// The words of an end, which may name its `{score}` and `{cards}`.
pub(super) fn end_words(says: &str, what: &str) -> Fallible<Template> {
    let says = template(says, what)?;
    fields_only(&says, &["score", "cards"], what)?;
    Ok(says)
}

/// Registers the declarations; a variant's replaces its base's.
pub(crate) fn register(engine: &mut Engine, declared: &Rc<RefCell<TurnRules>>) {
    let d = declared.clone();
    engine.register_fn(
        "top_turns_up",
        move |piles: &str, says: &str| -> Fallible<()> {
            let says = template(says, "top_turns_up")?;
            fields_only(&says, &["card"], "top_turns_up")?;
            let rules = &mut *d.borrow_mut();
            rules.turn_up.retain(|(p, _)| p != piles);
            rules.turn_up.push((piles.to_string(), says));
            Ok(())
        },
    );
    let d = declared.clone();
    engine.register_fn("autoplay", move |kind: &str, map: Map| -> Fallible<()> {
        const WHAT: &str = "autoplay";
        for key in map.keys() {
            if !["when", "says"].contains(&key.as_str()) {
                return Err(format!("{WHAT} has no key `{key}` (its keys: when, says)").into());
            }
        }
        let says = one_text(&map, "says", WHAT)?
            .ok_or_else(|| format!("{WHAT} needs `says`: the words for a card sent home"))?;
        let says = template(&says, WHAT)?;
        fields_only(&says, &["card"], WHAT)?;
        d.borrow_mut().autoplay = Some(Autoplay {
            kind: kind.to_string(),
            when: one_text(&map, "when", WHAT)?,
            says,
        });
        Ok(())
    });
    let d = declared.clone();
    engine.register_fn("won_when", move |test: Map, says: &str| -> Fallible<()> {
        const WHAT: &str = "won_when";
        let test = match (
            one_text(&test, "all_in", WHAT)?,
            one_text(&test, "empty", WHAT)?,
        ) {
            (Some(piles), None) if test.len() == 1 => WonTest::AllIn(piles),
            (None, Some(piles)) if test.len() == 1 => WonTest::Empty(piles),
            _ => {
                return Err(format!(
                    "{WHAT} takes #{{ all_in: PILES }} (every card there) or #{{ empty: PILES }} (no card there)"
                )
                .into())
            }
        };
        let says = template(says, WHAT)?;
        fields_only(&says, &["score", "cards"], WHAT)?;
        d.borrow_mut().won = Some(Won { test, says });
        Ok(())
    });
    let d = declared.clone();
    engine.register_fn("lost_when_stuck", move |says: &str| -> Fallible<()> {
        d.borrow_mut().stuck = Some(end_words(says, "lost_when_stuck")?);
        Ok(())
    });
    let d = declared.clone();
    engine.register_fn("score_is", move |map: Map| -> Fallible<()> {
        match one_text(&map, "cards_in", "score_is")? {
            Some(piles) if map.len() == 1 => {
                d.borrow_mut().score = Some(Score { cards_in: piles });
                Ok(())
            }
            _ => Err("score_is takes #{ cards_in: PILES }: the cards those piles hold".into()),
        }
    });
}
