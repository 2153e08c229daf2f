//! A ruleset's options: a value (true/false, a whole number or text), what
//! each option allows and how a typed value is read, and the values besides
//! its default that a check plays (the other of true/false, each allowed
//! text or listed number, and where asked a number's bounds): `delve
//! check`'s configurations and the tests that hold two ways of playing a
//! ruleset to each other use the same ones. Option values are plain Rust
//! values, so a session can hand them to the thread that runs its game and
//! a save can store them as typed JSON.

use rhai::Dynamic;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::ops::RangeInclusive;

/// The value of an option: true/false, a whole number, or text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Text(String),
}

/// The option every ruleset has: whether a decision with one option is
/// taken (and said) or asked.
pub(crate) const LONE_OPTION: &str = "lone_option";

/// Whether an option's value turns on what names it in a `when`: true, or
/// a number other than 0. One reading for every declaration (a kind, a
/// build rule's part, autoplay), the host's turn and the compiled game alike.
pub(crate) fn option_is_on(value: &Dynamic) -> bool {
    value
        .as_bool()
        .unwrap_or_else(|_| value.as_int().is_ok_and(|n| n != 0))
}

/// The host's own options, declared before a ruleset's top level runs; a
/// ruleset may change their defaults with `variant_default`.
pub(crate) fn host_options() -> Vec<OptionSpec> {
    vec![OptionSpec {
        name: LONE_OPTION.into(),
        default: OptionValue::Text("take".into()),
        help: "a decision with one option: take it and say so, or ask it".into(),
        allowed: vec!["take".into(), "ask".into()],
        range: None,
    }]
}

/// A game's option values by name.
pub(crate) type Options = BTreeMap<String, OptionValue>;

impl OptionValue {
    pub(super) fn from_dynamic(value: &Dynamic) -> Option<OptionValue> {
        if let Ok(b) = value.as_bool() {
            return Some(OptionValue::Bool(b));
        }
        if let Ok(n) = value.as_int() {
            return Some(OptionValue::Int(n));
        }
        value
            .clone()
            .into_immutable_string()
            .ok()
            .map(|s| OptionValue::Text(s.to_string()))
    }

    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            OptionValue::Bool(b) => (*b).into(),
            OptionValue::Int(n) => (*n).into(),
            OptionValue::Text(s) => s.clone().into(),
        }
    }

    /// What kind of value it is, as a message names it.
    fn kind(&self) -> &'static str {
        match self {
            OptionValue::Bool(_) => "true or false",
            OptionValue::Int(_) => "a whole number",
            OptionValue::Text(_) => "text",
        }
    }
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(n) => write!(f, "{n}"),
            OptionValue::Text(s) => f.write_str(s),
        }
    }
}

#[derive(Clone, Debug)]
pub struct OptionSpec {
    pub name: String,
    pub default: OptionValue,
    pub help: String,
    /// For text options, and numbers chosen from a list: the values allowed
    /// (empty: any).
    pub allowed: Vec<String>,
    /// For number options: the values allowed, if bounded.
    pub range: Option<RangeInclusive<i64>>,
}

impl OptionSpec {
    /// Reads a value typed on the command line, in the type of the default.
    pub fn parse(&self, text: &str) -> Result<OptionValue, String> {
        let name = &self.name;
        let value = match self.default {
            OptionValue::Bool(_) => match text.to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" => OptionValue::Bool(true),
                "false" | "no" | "off" => OptionValue::Bool(false),
                _ => return Err(format!("option `{name}` is true or false, not `{text}`")),
            },
            OptionValue::Int(_) => match text.parse::<i64>() {
                Ok(n) => OptionValue::Int(n),
                Err(_) => return Err(format!("option `{name}` is a whole number, not `{text}`")),
            },
            OptionValue::Text(_) => OptionValue::Text(text.to_string()),
        };
        self.check(&value)?;
        Ok(value)
    }

    /// Whether a value (typed, or from a save) is one this option allows.
    pub fn check(&self, value: &OptionValue) -> Result<(), String> {
        let name = &self.name;
        if std::mem::discriminant(value) != std::mem::discriminant(&self.default) {
            return Err(format!(
                "option `{name}` is {}, not `{value}`",
                self.default.kind()
            ));
        }
        match value {
            // A number chosen from a list: `option("draw", 1, "...", [1, 3])`.
            OptionValue::Int(n)
                if !self.allowed.is_empty() && !self.allowed.contains(&n.to_string()) =>
            {
                Err(format!(
                    "option `{name}` is one of {}, not {n}",
                    self.allowed.join(", ")
                ))
            }
            OptionValue::Int(n) => match &self.range {
                Some(range) if !range.contains(n) => Err(format!(
                    "option `{name}` is a whole number from {} to {}, not {n}",
                    range.start(),
                    range.end()
                )),
                _ => Ok(()),
            },
            OptionValue::Text(text) if !self.allowed.is_empty() && !self.allowed.contains(text) => {
                Err(format!(
                    "option `{name}` is one of {}, not `{text}`",
                    self.allowed.join(", ")
                ))
            }
            _ => Ok(()),
        }
    }

    /// The values it allows, as `options` shows them: `[a, b]` or `0..=52`.
    pub fn allowed_text(&self) -> String {
        match (&self.range, self.allowed.is_empty()) {
            (Some(range), _) => format!(" [{} to {}]", range.start(), range.end()),
            (None, false) => format!(" [{}]", self.allowed.join(", ")),
            (None, true) => String::new(),
        }
    }
}

impl OptionSpec {
    /// Each other value once, in the declared order.
    pub(crate) fn other_values(&self, bounds: bool) -> Vec<OptionValue> {
        let values: Vec<OptionValue> = match &self.default {
            OptionValue::Bool(b) => vec![OptionValue::Bool(!b)],
            // A number chosen from a list is tried with each, as a text is.
            OptionValue::Int(_) if !self.allowed.is_empty() => self
                .allowed
                .iter()
                .filter_map(|v| v.parse().ok().map(OptionValue::Int))
                .collect(),
            OptionValue::Int(_) => match &self.range {
                Some(range) if bounds => {
                    vec![
                        OptionValue::Int(*range.start()),
                        OptionValue::Int(*range.end()),
                    ]
                }
                _ => Vec::new(),
            },
            OptionValue::Text(_) => self
                .allowed
                .iter()
                .cloned()
                .map(OptionValue::Text)
                .collect(),
        };
        let mut others: Vec<OptionValue> = Vec::new();
        for value in values {
            if value != self.default && !others.contains(&value) {
                others.push(value);
            }
        }
        others
    }
}
