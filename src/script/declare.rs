//! What a ruleset's top level declares when it loads: its title, one-line
//! summary, rules text, options with defaults and the values they allow,
//! how its deals are numbered (`deal_numbers`), what a player plays for
//! (`objective`) and what difference is too small to care for
//! (`negligible`).
//! A variant's top level runs after its base's and may change defaults with
//! `variant_default`, and declare, change or drop a kind of move
//! (`move_kind`, `change_move_kind`, `drop_move_kind`). The options'
//! values and what each allows are `option_values.rs`'.

use super::move_kind::MoveKind;
use super::negligible::Negligible;
use super::objective::Objective;
pub(crate) use super::option_values::{host_options, option_is_on, Options, LONE_OPTION};
pub(crate) use super::option_values::{OptionSpec, OptionValue};
use crate::game::deal_numbers::DealNumbers;
use anyhow::{bail, Result};
use rhai::{Array, Dynamic, Engine, EvalAltResult, Map, NativeCallContext};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::rc::Rc;

#[derive(Clone, Debug, Default)]
pub struct Declarations {
    pub title: String,
    pub about: String,
    pub rules: String,
    pub options: Vec<OptionSpec>,
    /// The kinds of move the host lists, in the order it offers them.
    pub moves: Vec<MoveKind>,
    /// What a position is, beyond its piles.
    pub position: super::position_rules::PositionRules,
    /// What follows a move by itself, and how the game ends.
    pub turn: super::turn_rules::TurnRules,
    /// How its deals are numbered: the field's own numbers, or (none) the
    /// host's seeds.
    pub(crate) deal_numbers: Option<DealNumbers>,
    /// What a player plays for (`objective`).
    pub objective: Objective,
    /// The difference between two options too small to care for
    /// (`negligible`).
    pub negligible: Negligible,
}

impl Declarations {
    pub fn check(&self, origin: &str) -> Result<()> {
        if self.title.is_empty() {
            bail!("{origin}: a ruleset needs a title: call title(\"...\") at its top level");
        }
        Ok(())
    }

    pub fn option(&self, name: &str) -> Option<&OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }

    /// Every option at its default.
    pub fn defaults(&self) -> Options {
        self.options
            .iter()
            .map(|o| (o.name.clone(), o.default.clone()))
            .collect()
    }
}

type Fallible<T> = Result<T, Box<EvalAltResult>>;

pub(crate) fn register(engine: &mut Engine, declared: &Rc<RefCell<Declarations>>) {
    let d = declared.clone();
    engine.register_fn("title", move |text: &str| {
        d.borrow_mut().title = text.into();
    });
    let d = declared.clone();
    engine.register_fn("about", move |text: &str| {
        d.borrow_mut().about = text.into();
    });
    let d = declared.clone();
    engine.register_fn("rules", move |text: &str| {
        d.borrow_mut().rules = text.into();
    });
    register_options(engine, declared);
    // A variant plays for what its base does unless it says otherwise.
    let d = declared.clone();
    engine.register_fn("objective", move |name: &str| -> Fallible<()> {
        d.borrow_mut().objective = Objective::named(name, "higher")?;
        Ok(())
    });
    let d = declared.clone();
    engine.register_fn(
        "objective",
        move |name: &str, better: &str| -> Fallible<()> {
            d.borrow_mut().objective = Objective::named(name, better)?;
            Ok(())
        },
    );
    let d = declared.clone();
    engine.register_fn("negligible", move |margins: Map| -> Fallible<()> {
        d.borrow_mut().negligible = Negligible::from_map(&margins)?;
        Ok(())
    });
    // A variant keeps its base's numbering unless it declares another.
    let d = declared.clone();
    engine.register_fn("deal_numbers", move |name: &str| -> Fallible<()> {
        d.borrow_mut().deal_numbers = DealNumbers::named(name)?;
        Ok(())
    });
    // Each kind's map as declared, while the top levels run: a variant's
    // `change_move_kind` replaces some of its keys.
    let maps: Rc<RefCell<BTreeMap<String, Map>>> = Rc::default();
    let (d, m) = (declared.clone(), maps.clone());
    engine.register_fn(
        "move_kind",
        move |ctx: NativeCallContext, name: &str, map: Map| -> Fallible<()> {
            declare_move(&d, &ctx, name, &map)?;
            m.borrow_mut().insert(name.to_string(), map);
            Ok(())
        },
    );
    let (d, m) = (declared.clone(), maps);
    engine.register_fn(
        "change_move_kind",
        move |ctx: NativeCallContext, name: &str, changes: Map| -> Fallible<()> {
            let declared = d.borrow().moves.iter().any(|k| k.name == name);
            let Some(mut map) = m.borrow().get(name).filter(|_| declared).cloned() else {
                let names: Vec<String> = d.borrow().moves.iter().map(|k| k.name.clone()).collect();
                return Err(format!(
                    "change_move_kind: no kind of move `{name}` is declared (declared: {})",
                    names.join(", ")
                )
                .into());
            };
            map.extend(changes);
            declare_move(&d, &ctx, name, &map)?;
            m.borrow_mut().insert(name.to_string(), map);
            Ok(())
        },
    );
    // A variant's rule that offers no such move any more.
    let d = declared.clone();
    engine.register_fn("drop_move_kind", move |name: &str| -> Fallible<()> {
        let mut declared = d.borrow_mut();
        let before = declared.moves.len();
        declared.moves.retain(|k| k.name != name);
        if declared.moves.len() == before {
            let names: Vec<&str> = declared.moves.iter().map(|k| k.name.as_str()).collect();
            return Err(format!(
                "drop_move_kind: no kind of move `{name}` is declared (declared: {})",
                names.join(", ")
            )
            .into());
        }
        Ok(())
    });
    let d = declared.clone();
    engine.register_fn(
        "variant_default",
        move |name: &str, value: Dynamic| -> Fallible<()> {
            let mut declared = d.borrow_mut();
            let Some(spec) = declared.options.iter_mut().find(|o| o.name == name) else {
                return Err(
                    format!("variant_default: the base declares no option `{name}`").into(),
                );
            };
            let value = OptionValue::from_dynamic(&value)
                .ok_or_else(|| format!("variant_default: `{name}` takes a plain value"))?;
            spec.check(&value)
                .map_err(|e| format!("variant_default: {e}"))?;
            spec.default = value;
            Ok(())
        },
    );
}

/// `option(name, default, help)`, with the values allowed as a list or a range.
fn register_options(engine: &mut Engine, declared: &Rc<RefCell<Declarations>>) {
    let d = declared.clone();
    engine.register_fn("option", move |name: &str, default: Dynamic, help: &str| {
        declare_option(&d, name, &default, help, &Array::new(), None)
    });
    let d = declared.clone();
    engine.register_fn(
        "option",
        move |name: &str, default: Dynamic, help: &str, allowed: Array| {
            declare_option(&d, name, &default, help, &allowed, None)
        },
    );
    // `option("limit", 7, "...", 0..=52)`: a number within bounds.
    let d = declared.clone();
    engine.register_fn(
        "option",
        move |name: &str, default: Dynamic, help: &str, range: RangeInclusive<i64>| {
            declare_option(&d, name, &default, help, &Array::new(), Some(range))
        },
    );
    let d = declared.clone();
    engine.register_fn(
        "option",
        move |name: &str, default: Dynamic, help: &str, range: std::ops::Range<i64>| {
            let range = range.start..=range.end.saturating_sub(1);
            declare_option(&d, name, &default, help, &Array::new(), Some(range))
        },
    );
}

/// Declares a kind of move; a variant's declaration of a kind its base
/// declared replaces it where it stood.
fn declare_move(
    declared: &Rc<RefCell<Declarations>>,
    ctx: &NativeCallContext,
    name: &str,
    map: &Map,
) -> Fallible<()> {
    let place = format!(
        "{}:{}",
        ctx.call_source().unwrap_or("the script"),
        ctx.call_position().line().unwrap_or(0)
    );
    let kind =
        MoveKind::read(name, map, place).map_err(|e| format!("move_kind(\"{name}\"): {e}"))?;
    let mut declared = declared.borrow_mut();
    match declared.moves.iter_mut().find(|k| k.name == name) {
        Some(existing) => *existing = kind,
        None => declared.moves.push(kind),
    }
    Ok(())
}

fn declare_option(
    declared: &Rc<RefCell<Declarations>>,
    name: &str,
    default: &Dynamic,
    help: &str,
    allowed: &Array,
    range: Option<RangeInclusive<i64>>,
) -> Fallible<()> {
    let Some(default) = OptionValue::from_dynamic(default) else {
        return Err(format!("option `{name}`: a default is true/false, a number or text").into());
    };
    if range.is_some() && !matches!(default, OptionValue::Int(_)) {
        return Err(format!("option `{name}`: only a number option takes a range").into());
    }
    let spec = OptionSpec {
        name: name.to_string(),
        default,
        help: help.to_string(),
        allowed: allowed.iter().map(ToString::to_string).collect(),
        range,
    };
    spec.check(&spec.default)
        .map_err(|e| format!("option `{name}`: its default is not allowed: {e}"))?;
    let mut declared = declared.borrow_mut();
    match declared.options.iter_mut().find(|o| o.name == name) {
        Some(existing) => *existing = spec,
        None => declared.options.push(spec),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(
        default: OptionValue,
        range: Option<RangeInclusive<i64>>,
        allowed: &[&str],
    ) -> OptionSpec {
        OptionSpec {
            name: "x".into(),
            default,
            help: String::new(),
            allowed: allowed.iter().map(ToString::to_string).collect(),
            range,
        }
    }

    #[test]
    fn typed_values_are_read_in_the_type_of_the_default() {
        let limit = spec(OptionValue::Int(7), Some(0..=52), &[]);
        assert_eq!(limit.parse("9"), Ok(OptionValue::Int(9)));
        assert_eq!(
            limit.parse("-3"),
            Err("option `x` is a whole number from 0 to 52, not -3".into())
        );
        assert!(limit.check(&OptionValue::Bool(true)).is_err());
        let flag = spec(OptionValue::Bool(true), None, &[]);
        assert_eq!(flag.parse("no"), Ok(OptionValue::Bool(false)));
        let mode = spec(OptionValue::Text("a".into()), None, &["a", "b"]);
        assert!(mode.parse("c").unwrap_err().contains("one of a, b"));
        let draw = spec(OptionValue::Int(1), None, &["1", "3"]);
        assert_eq!(draw.parse("3"), Ok(OptionValue::Int(3)));
        assert_eq!(
            draw.parse("2"),
            Err("option `x` is one of 1, 3, not 2".into())
        );
    }

    #[test]
    fn values_are_stored_as_typed_json() {
        let options: Options = [
            ("jokers".to_string(), OptionValue::Bool(false)),
            ("limit".to_string(), OptionValue::Int(5)),
            ("mode".to_string(), OptionValue::Text("easy".into())),
        ]
        .into();
        let json = serde_json::to_string(&options).unwrap();
        assert_eq!(json, r#"{"jokers":false,"limit":5,"mode":"easy"}"#);
        assert_eq!(serde_json::from_str::<Options>(&json).unwrap(), options);
    }
}
