//! The messages of the JSON-lines protocol, version 2, as values: `hello`,
//! `prompt` and `end` with the table, and the table itself (piles, state,
//! retired count), where a face-down card shows only that it is face down
//! unless the client asked to see everything (`--reveal`).

use crate::game::card::{Card, Prop};
use crate::game::decision::{Offer, Prompt};
use crate::game::pile::Placed;
use crate::game::table::{Table, Value as StateValue};
use crate::run::{Event, Outcome};
use crate::script::declare::OptionSpec;
use crate::session::Session;
use serde_json::{json, Map, Value};

/// The protocol version a `hello` announces.
pub(crate) const PROTOCOL: u32 = 2;

pub(crate) fn hello(session: &Session) -> Value {
    let options: Map<String, Value> = session
        .options
        .iter()
        .map(|(name, value)| (name.clone(), json!(value)))
        .collect();
    let declared = &session.ruleset.declared;
    json!({
        "type": "hello",
        "protocol": PROTOCOL,
        "game": session.ruleset.name(),
        "title": declared.title,
        "seed": session.deal.seed,
        "options": options,
        "about": declared.about,
        "rules": declared.rules,
        "option_specs": declared.options.iter().map(option_spec).collect::<Vec<_>>(),
    })
}

/// What an option is: its default, what it does and the values it takes.
pub(crate) fn option_spec(spec: &OptionSpec) -> Value {
    let mut value = json!({"name": spec.name, "default": spec.default, "help": spec.help});
    if !spec.allowed.is_empty() {
        value["allowed"] = json!(spec.allowed);
    }
    if let Some(range) = &spec.range {
        value["min"] = json!(range.start());
        value["max"] = json!(range.end());
    }
    value
}

/// Something the game said; in version 2 a lone option it took says which.
pub(crate) fn say(event: &Event, v2: bool) -> Value {
    let mut value = json!({"type": "say", "text": event.text()});
    if let (
        Event::Took {
            question,
            key,
            label,
        },
        true,
    ) = (event, v2)
    {
        value["took"] = json!({"question": question, "key": key, "label": label});
    }
    value
}

/// Where the game stands: the choices made so far (a prompt is
/// decision `choices + 1`), and what undo and redo can do.
fn progress(session: &Session, value: &mut Value) {
    value["choices"] = json!(session.choices().len());
    value["can_undo"] = json!(!session.choices().is_empty());
    value["can_redo"] = json!(session.can_redo());
}

pub(crate) fn prompt(session: &Session, prompt: &Prompt, reveal: bool) -> Value {
    let options: Vec<Value> = prompt
        .options
        .iter()
        .enumerate()
        .map(|(index, o)| option(index, o))
        .collect();
    let mut value = json!({
        "type": "prompt",
        "question": prompt.question,
        "options": options,
        "view": crate::render::table(session).0,
        "table": table(session.table(), reveal),
    });
    progress(session, &mut value);
    layout(session, &mut value);
    status(session, &mut value);
    faces(session, &mut value);
    value
}

/// An option of a prompt: its index, key and label, and what it carries
/// where when it moves cards: `cards`, `from`, `to` and `targets`, each
/// only when there is one.
fn option(index: usize, offer: &Offer) -> Value {
    let mut value = json!({"index": index, "key": offer.key, "label": offer.label});
    if let Some(carried) = &offer.carries {
        if let (Value::Object(value), Ok(Value::Object(carried))) =
            (&mut value, serde_json::to_value(carried))
        {
            value.extend(carried);
        }
    }
    value
}

pub(crate) fn end(session: &Session, outcome: &Outcome, reveal: bool) -> Value {
    let mut value = json!({
        "type": "end",
        "outcome": outcome.result,
        "score": outcome.score,
        "summary": outcome.summary,
        "view": crate::render::table(session).0,
        "table": table(session.table(), reveal),
    });
    progress(session, &mut value);
    layout(session, &mut value);
    status(session, &mut value);
    faces(session, &mut value);
    value
}

/// The script's layout hint, when it has `fn layout`: `layout`, a map of
/// pile name to `{row, col}` (and `span` when wider than a card, `fan:
/// "down"` for cards fanned downward) or `{hidden: true}`, or `layout_error` when the hook failed (the
/// game goes on; a front end lays the piles out its own way).
fn layout(session: &Session, value: &mut Value) {
    match session.layout() {
        Some(Ok(spots)) => {
            let spots: Map<String, Value> = spots
                .iter()
                .map(|s| {
                    let mut place = if s.hidden {
                        json!({"hidden": true})
                    } else if s.span > 1 {
                        json!({"row": s.row, "col": s.col, "span": s.span})
                    } else {
                        json!({"row": s.row, "col": s.col})
                    };
                    if s.fan_down && !s.hidden {
                        place["fan"] = json!("down");
                    }
                    (s.pile.clone(), place)
                })
                .collect();
            value["layout"] = Value::Object(spots);
        }
        Some(Err(error)) => value["layout_error"] = json!(error.to_string()),
        None => {}
    }
}

/// What the ruleset declares a player reads, when it has `fn status`:
/// `status`, a list of `{name, text}` (with `pile` where a line marks one),
/// or `status_error` when the hook failed.
fn status(session: &Session, value: &mut Value) {
    match session.status() {
        Some(Ok(lines)) => {
            let lines: Vec<Value> = lines
                .iter()
                .map(|l| {
                    let mut line = json!({"name": l.name, "text": l.text});
                    if let Some(pile) = &l.pile {
                        line["pile"] = json!(pile);
                    }
                    line
                })
                .collect();
            value["status"] = Value::Array(lines);
        }
        Some(Err(error)) => value["status_error"] = json!(error.to_string()),
        None => {}
    }
}

/// The faces of the custom cards face up on the table, when the ruleset
/// has `fn faces`: `faces`, a map of card name to `{glyph, title, caption,
/// paths}` (the empty parts left out), or `faces_error`.
fn faces(session: &Session, value: &mut Value) {
    match session.faces() {
        Some(Ok(faces)) => {
            let shown: std::collections::HashSet<String> = session
                .table()
                .piles()
                .iter()
                .flat_map(|pile| pile.placed().iter())
                .filter(|p| p.face_up)
                .map(|p| p.card.to_string())
                .collect();
            let faces: Map<String, Value> = faces
                .iter()
                .filter(|(card, _)| shown.contains(card))
                .map(|(card, face)| {
                    let parts = [
                        ("glyph", &face.glyph),
                        ("title", &face.title),
                        ("caption", &face.caption),
                        ("paths", &face.paths),
                    ];
                    let face: Map<String, Value> = parts
                        .into_iter()
                        .filter(|(_, text)| !text.is_empty())
                        .map(|(key, text)| (key.to_string(), json!(text)))
                        .collect();
                    (card.clone(), Value::Object(face))
                })
                .collect();
            value["faces"] = Value::Object(faces);
        }
        Some(Err(error)) => value["faces_error"] = json!(error.to_string()),
        None => {}
    }
}

/// The table as data: piles in the order made, cards bottom to top.
pub(crate) fn table(table: &Table, reveal: bool) -> Value {
    let piles: Vec<Value> = table
        .piles()
        .iter()
        .map(|pile| {
            let cards: Vec<Value> = pile.placed().iter().map(|p| placed(p, reveal)).collect();
            json!({"name": pile.name, "cards": cards})
        })
        .collect();
    let state: Map<String, Value> = table
        .state
        .iter()
        .map(|(name, value)| (name.clone(), state_value(value)))
        .collect();
    json!({"piles": piles, "state": state, "retired": table.retired_count()})
}

fn placed(placed: &Placed, reveal: bool) -> Value {
    if !placed.face_up && !reveal {
        return json!({"face_up": false});
    }
    let mut value = card(&placed.card);
    value["face_up"] = json!(placed.face_up);
    value
}

/// A card: its name in the shared notation, and a custom card's properties.
fn card(card: &Card) -> Value {
    match card.props() {
        Some(props) => {
            let props: Map<String, Value> = props
                .iter()
                .map(|(name, prop)| (name.clone(), prop_value(prop)))
                .collect();
            json!({"name": card.to_string(), "props": props})
        }
        None => json!({"name": card.to_string()}),
    }
}

fn prop_value(prop: &Prop) -> Value {
    match prop {
        Prop::Int(n) => json!(n),
        Prop::Bool(b) => json!(b),
        Prop::Text(t) => json!(t),
    }
}

fn state_value(value: &StateValue) -> Value {
    match value {
        StateValue::Int(n) => json!(n),
        StateValue::Bool(b) => json!(b),
        StateValue::Text(t) => json!(t),
        StateValue::Card(c) => card(c),
        StateValue::Nothing => Value::Null,
    }
}
