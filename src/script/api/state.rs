//! The game's named state on the table (hit points, a flag, a name, a card,
//! or nothing), and the options a game was started with. A state is made
//! once with `new_state`; reading or setting a name never made is an error
//! naming the nearest one, so a misspelt name can not slip by.

use super::{fail, Fallible, Shared};
use crate::game::card::Card;
use crate::game::table::Value;
use crate::script::host::{check_name, limit, Host};
use crate::script::limits::MAX_STATES;
use rhai::{Dynamic, Engine};

/// A script value as state: a number, true/false, text, a card or nothing.
fn to_value(name: &str, value: Dynamic) -> Fallible<Value> {
    if let Ok(n) = value.as_int() {
        return Ok(Value::Int(n));
    }
    if let Ok(b) = value.as_bool() {
        return Ok(Value::Bool(b));
    }
    if value.is_unit() {
        return Ok(Value::Nothing);
    }
    if value.is_string() {
        let text = value.into_immutable_string()?.to_string();
        if text.chars().count() > crate::script::limits::MAX_TEXT {
            return Err(limit(format!(
                "state `{name}` holds at most {} characters of text",
                crate::script::limits::MAX_TEXT
            )));
        }
        return Ok(Value::Text(text));
    }
    let type_name = super::kind_of(&value);
    match value.try_cast::<Card>() {
        Some(card) => Ok(Value::Card(card)),
        None => fail(format!(
            "state `{name}` holds a number, true/false, text, a card or nothing (()), not {type_name}"
        )),
    }
}

fn to_dynamic(value: &Value) -> Dynamic {
    match value {
        Value::Int(n) => (*n).into(),
        Value::Bool(b) => (*b).into(),
        Value::Text(text) => text.clone().into(),
        Value::Card(card) => Dynamic::from(card.clone()),
        Value::Nothing => Dynamic::UNIT,
    }
}

/// The message for a name never made, with the nearest one made.
fn unknown(rt: &dyn Host, name: &str) -> Box<rhai::EvalAltResult> {
    // Weighing every name made is work a loop of misses could repeat.
    rt.charge(rt.table().state.len() as u64);
    let names = rt.table().state.keys();
    let nearest = names
        .max_by(|a, b| {
            crate::script::suggest::likeness(name, a)
                .total_cmp(&crate::script::suggest::likeness(name, b))
        })
        .filter(|n| crate::script::suggest::likeness(name, n) > 0.7);
    let hint = match nearest {
        Some(near) => format!("did you mean `{near}`? "),
        None => String::new(),
    };
    let name = crate::read::excerpt(name);
    format!("no state named `{name}`: {hint}(make one with new_state(\"{name}\", value))").into()
}

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_fn(
        "new_state",
        move |name: &str, value: Dynamic| -> Fallible<()> {
            let name = check_name("state", name)?;
            let value = to_value(name, value)?;
            let mut rt = r.borrow_mut();
            let state = &mut rt.table_mut("new_state")?.state;
            if state.contains_key(name) {
                return fail(format!("state `{name}` is already made: set it instead"));
            }
            if state.len() >= MAX_STATES {
                return Err(limit(format!(
                    "a table holds at most {MAX_STATES} named states"
                )));
            }
            state.insert(name.to_string(), value);
            Ok(())
        },
    );
    let r = rt.clone();
    engine.register_fn("get", move |name: &str| -> Fallible<Dynamic> {
        let rt = r.borrow();
        rt.may_read("get")?;
        match rt.table().state.get(name) {
            Some(value) => Ok(to_dynamic(value)),
            None => Err(unknown(&*rt, name)),
        }
    });
    let r = rt.clone();
    engine.register_fn("set", move |name: &str, value: Dynamic| -> Fallible<()> {
        let value = to_value(name, value)?;
        let mut rt = r.borrow_mut();
        rt.may_change("set")?;
        if !rt.table().state.contains_key(name) {
            return Err(unknown(&*rt, name));
        }
        rt.table_mut("set")?.state.insert(name.to_string(), value);
        Ok(())
    });
    let r = rt.clone();
    engine.register_fn("add", move |name: &str, delta: i64| -> Fallible<i64> {
        let mut rt = r.borrow_mut();
        rt.may_change("add")?;
        let sum = match rt.table().state.get(name) {
            Some(Value::Int(n)) => n.checked_add(delta).ok_or_else(|| {
                format!("state `{name}` holds {n}: adding {delta} passes the largest whole number")
            })?,
            Some(other) => return fail(format!("state `{name}` holds {other}, not a number")),
            None => return Err(unknown(&*rt, name)),
        };
        rt.table_mut("add")?
            .state
            .insert(name.to_string(), Value::Int(sum));
        Ok(sum)
    });
    let r = rt.clone();
    engine.register_fn("opt", move |name: &str| -> Fallible<Dynamic> {
        let rt = r.borrow();
        rt.may_read("opt")?;
        match rt.option(name) {
            Some(v) => Ok(v.clone()),
            None => fail(format!(
                "no option named `{name}` (options: {})",
                rt.option_names().join(", ")
            )),
        }
    });
}
