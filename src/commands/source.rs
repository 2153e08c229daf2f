//! `delve source GAME`: a ruleset's script as delve reads it (the copy built
//! into the binary for a shipped game), or with `--functions` the rule
//! functions a variant may replace, each with the first line of its comment.

use crate::run::Program;
use crate::script::catalog;
use anyhow::Result;
use std::fmt::Write;

pub(crate) fn describe(game: &str, functions: bool) -> Result<String> {
    if !functions {
        let mut text = catalog::find(game)?.text;
        if !text.ends_with('\n') {
            text.push('\n');
        }
        return Ok(text);
    }
    let program = Program::load_named(game)?;
    let ruleset = program.ruleset();
    let public: Vec<_> = ruleset
        .functions
        .iter()
        .filter(|(_, f)| !f.private)
        .collect();
    let width = public
        .iter()
        .map(|(_, f)| f.signature().chars().count())
        .max()
        .unwrap_or(0);
    let mut text = format!(
        "The rule functions of {}. A variant (a script whose first line is \
         `// extends: {}`) replaces one by defining a function of the same name \
         and parameters; a helper of its own is written `private fn`.\n",
        ruleset.name(),
        ruleset.name()
    );
    let mut file = "";
    for (origin, f) in public {
        if origin != file {
            file = origin;
            let _ = writeln!(text, "\n{origin}:");
        }
        let _ = writeln!(text, "  {:width$}  {}", f.signature(), f.summary);
    }
    Ok(text)
}
