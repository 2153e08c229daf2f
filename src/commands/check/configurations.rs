//! Which configurations `delve check` plays: a ruleset with its defaults,
//! then with each other value of each option, one option at a time (the
//! other of true/false, each allowed text or listed number, and for a ruleset checked by
//! name a number's bounds; the check of every shipped ruleset leaves
//! numbers at their defaults, to keep CI's run short).

use crate::run::Program;
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
        for value in spec.other_values(bounds) {
            let setting = Setting {
                key: spec.name.clone(),
                value: value.to_string(),
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
