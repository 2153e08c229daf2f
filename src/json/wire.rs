//! The messages of the JSON-lines protocol, version 2, as values: `hello`,
//! `prompt` and `end` with the table, and the table itself (piles, state,
//! retired count), where a face-down card shows only that it is face down
//! unless the client asked to see everything (`--reveal`).

use crate::card::{Card, Prop};
use crate::decision::Prompt;
use crate::pile::Placed;
use crate::run::Outcome;
use crate::session::Session;
use crate::table::{Table, Value as StateValue};
use serde_json::{json, Map, Value};

/// The protocol version a `hello` announces.
pub(crate) const PROTOCOL: u32 = 2;

pub(crate) fn hello(session: &Session) -> Value {
    let options: Map<String, Value> = session
        .options
        .iter()
        .map(|(name, value)| (name.clone(), json!(value)))
        .collect();
    json!({
        "type": "hello",
        "protocol": PROTOCOL,
        "game": session.ruleset.name(),
        "title": session.ruleset.declared.title,
        "seed": session.deal.seed,
        "options": options,
    })
}

pub(crate) fn prompt(session: &Session, prompt: &Prompt, reveal: bool) -> Value {
    let options: Vec<Value> = prompt
        .options
        .iter()
        .enumerate()
        .map(|(index, o)| json!({"index": index, "key": o.key, "label": o.label}))
        .collect();
    json!({
        "type": "prompt",
        "question": prompt.question,
        "options": options,
        "view": crate::render::table(session).0,
        "table": table(session.table(), reveal),
    })
}

pub(crate) fn end(session: &Session, outcome: &Outcome, reveal: bool) -> Value {
    json!({
        "type": "end",
        "outcome": outcome.result,
        "score": outcome.score,
        "summary": outcome.summary,
        "view": crate::render::table(session).0,
        "table": table(session.table(), reveal),
    })
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
