//! The list of rulesets, as `list` and `delve list` print it.

use crate::run::Program;
use crate::script::catalog;

/// One line per ruleset: its name and what it is; a broken one says why.
pub(crate) fn listing() -> String {
    let names = catalog::names();
    let width = names.iter().map(String::len).max().unwrap_or(0);
    names
        .iter()
        .map(|name| match Program::load_named(name) {
            Ok(p) => format!("{name:width$}  {}", p.ruleset().declared.about),
            Err(e) => format!(
                "{name:width$}  (does not load: {})",
                e.to_string().lines().next().unwrap_or("")
            ),
        })
        .collect::<Vec<_>>()
        .join("\n")
}
