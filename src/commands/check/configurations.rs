//! Which configurations `delve check` plays: a ruleset with its defaults,
//! then with each other value of each option, one option at a time (the
//! other of true/false, each allowed text or listed number, and for a ruleset checked by
//! name a number's bounds; the check of every shipped ruleset leaves
//! numbers at their defaults, to keep CI's run short).

use crate::run::Program;
use crate::script::declare::{OptionSpec, OptionValue};
use crate::session::open::Setting;
use anyhow::Result;

/// A ruleset (a name or a path) and its settings.
pub type Configuration = (String, Vec<Setting>);

/// `game` with its defaults, then with each other value of each option.
pub fn configurations_of(game: &str) -> Result<Vec<Configuration>> {
    with_values(game, true)
}

fn with_values(game: &str, bounds: bool) -> Result<Vec<Configuration>> {
    let program = Program::load_named(game)?;
    let mut configurations = vec![(game.to_string(), Vec::new())];
    for spec in &program.ruleset().declared.options {
        for value in other_values(spec, bounds) {
            let setting = Setting {
                key: spec.name.clone(),
                value,
            };
            configurations.push((game.to_string(), vec![setting]));
        }
    }
    Ok(configurations)
}

/// Every shipped ruleset's configurations, ruleset by ruleset.
pub fn every_configuration() -> Vec<Configuration> {
    let mut configurations = Vec::new();
    for name in crate::script::catalog::names() {
        match with_values(&name, false) {
            Ok(each) => configurations.extend(each),
            // A ruleset that does not load is still checked, so its error shows.
            Err(_) => configurations.push((name, Vec::new())),
        }
    }
    configurations
}

/// The values of an option besides its default that a check tries.
fn other_values(spec: &OptionSpec, bounds: bool) -> Vec<String> {
    let values: Vec<String> = match &spec.default {
        OptionValue::Bool(b) => vec![(!b).to_string()],
        // A number chosen from a list is tried with each, as a text is.
        OptionValue::Int(_) if !spec.allowed.is_empty() => spec.allowed.clone(),
        OptionValue::Int(_) => match &spec.range {
            Some(range) if bounds => vec![range.start().to_string(), range.end().to_string()],
            _ => Vec::new(),
        },
        OptionValue::Text(_) => spec.allowed.clone(),
    };
    let default = spec.default.to_string();
    let mut others: Vec<String> = Vec::new();
    for value in values {
        if value != default && !others.contains(&value) {
            others.push(value);
        }
    }
    others
}
