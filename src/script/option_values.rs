//! The values of a declared option besides its default that a check plays
//! (the other of true/false, each allowed text or listed number, and where
//! asked a number's bounds): `delve check`'s configurations and the tests
//! that hold two ways of playing a ruleset to each other use the same ones.

use super::declare::{OptionSpec, OptionValue};

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
