//! What a ruleset's top level declares when it loads: its title, one-line
//! summary, rules text, and options with defaults. A variant's top level runs
//! after its base's and may change defaults with `variant_default`.

use anyhow::{bail, Result};
use rhai::{Array, Dynamic, Engine, EvalAltResult};
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Clone, Debug)]
pub struct OptionSpec {
    pub name: String,
    pub default: Dynamic,
    pub help: String,
    /// For text options: the values allowed (empty: any).
    pub allowed: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Declarations {
    pub title: String,
    pub about: String,
    pub rules: String,
    pub options: Vec<OptionSpec>,
}

impl Declarations {
    pub fn check(&self, origin: &str) -> Result<()> {
        if self.title.is_empty() {
            bail!("{origin}: a ruleset needs a title: call title(\"...\") at its top level");
        }
        Ok(())
    }
}

impl OptionSpec {
    /// Reads a value typed on the command line, in the type of the default.
    pub fn parse(&self, text: &str) -> Result<Dynamic, String> {
        let name = &self.name;
        if self.default.is_bool() {
            return match text.to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" => Ok(true.into()),
                "false" | "no" | "off" => Ok(false.into()),
                _ => Err(format!("option `{name}` is true or false, not `{text}`")),
            };
        }
        if self.default.is_int() {
            return text
                .parse::<i64>()
                .map(Dynamic::from)
                .map_err(|_| format!("option `{name}` is a whole number, not `{text}`"));
        }
        if !self.allowed.is_empty() && !self.allowed.iter().any(|a| a == text) {
            return Err(format!(
                "option `{name}` is one of {}, not `{text}`",
                self.allowed.join(", ")
            ));
        }
        Ok(text.into())
    }
}

type Fallible<T> = Result<T, Box<EvalAltResult>>;

pub fn register(engine: &mut Engine, declared: &Rc<RefCell<Declarations>>) {
    let d = declared.clone();
    engine.register_fn("title", move |text: &str| {
        d.borrow_mut().title = text.into()
    });
    let d = declared.clone();
    engine.register_fn("about", move |text: &str| {
        d.borrow_mut().about = text.into()
    });
    let d = declared.clone();
    engine.register_fn("rules", move |text: &str| {
        d.borrow_mut().rules = text.into()
    });
    let d = declared.clone();
    engine.register_fn("option", move |name: &str, default: Dynamic, help: &str| {
        declare_option(&d, name, default, help, Array::new())
    });
    let d = declared.clone();
    engine.register_fn(
        "option",
        move |name: &str, default: Dynamic, help: &str, allowed: Array| {
            declare_option(&d, name, default, help, allowed)
        },
    );
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
            if spec.default.type_name() != value.type_name() {
                let expected = spec.default.type_name();
                return Err(format!("variant_default: option `{name}` holds a {expected}").into());
            }
            spec.default = value;
            Ok(())
        },
    );
}

fn declare_option(
    declared: &Rc<RefCell<Declarations>>,
    name: &str,
    default: Dynamic,
    help: &str,
    allowed: Array,
) -> Fallible<()> {
    if !(default.is_bool() || default.is_int() || default.is_string()) {
        return Err(format!("option `{name}`: a default is true/false, a number or text").into());
    }
    let spec = OptionSpec {
        name: name.to_string(),
        default,
        help: help.to_string(),
        allowed: allowed.iter().map(|a| a.to_string()).collect(),
    };
    let mut declared = declared.borrow_mut();
    match declared.options.iter_mut().find(|o| o.name == name) {
        Some(existing) => *existing = spec,
        None => declared.options.push(spec),
    }
    Ok(())
}
