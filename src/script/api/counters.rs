//! Named counters on the table, and the options a game was started with.

use super::{fail, Fallible, Shared};
use crate::script::limits::MAX_COUNTERS;
use crate::script::runtime::{check_name, limit};
use rhai::{Dynamic, Engine};

pub(super) fn register(engine: &mut Engine, rt: &Shared) {
    let r = rt.clone();
    engine.register_fn("get", move |name: &str| -> Fallible<i64> {
        let rt = r.borrow();
        rt.may_read("get")?;
        if let Some(v) = rt.table().counters.get(name) {
            Ok(*v)
        } else {
            let names: Vec<&str> = rt.table().counters.keys().map(String::as_str).collect();
            fail(format!(
                "no counter named `{name}` (counters: {})",
                names.join(", ")
            ))
        }
    });
    let r = rt.clone();
    engine.register_fn("set", move |name: &str, value: i64| -> Fallible<()> {
        let name = check_name("counter", name)?;
        let mut rt = r.borrow_mut();
        let counters = &mut rt.table_mut("set")?.counters;
        if !counters.contains_key(name) && counters.len() >= MAX_COUNTERS {
            return Err(limit(format!(
                "a table holds at most {MAX_COUNTERS} counters"
            )));
        }
        counters.insert(name.to_string(), value);
        Ok(())
    });
    let r = rt.clone();
    engine.register_fn("add", move |name: &str, delta: i64| -> Fallible<i64> {
        let mut rt = r.borrow_mut();
        match rt.table_mut("add")?.counters.get_mut(name) {
            Some(v) => match v.checked_add(delta) {
                Some(sum) => {
                    *v = sum;
                    Ok(sum)
                }
                None => fail(format!(
                    "counter `{name}` holds {v}: adding {delta} passes the largest whole number"
                )),
            },
            None => fail(format!(
                "no counter named `{name}`: set it before adding to it"
            )),
        }
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
