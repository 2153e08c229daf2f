//! The rulesets a page may start: every name `delve list` shows (built in
//! and `DELVE_GAMES`) and the script named on the command line, each with
//! its title, what it is and its options. Read once when the server
//! starts. A page may start only these: a request never names a script of
//! its own, so the server runs no file the person did not name.

use crate::json::wire;
use crate::run::Program;
use crate::script::catalog;
use crate::script::declare::LONE_OPTION;
use crate::usage::UsageError;
use anyhow::Result;
use serde_json::{json, Value};
use std::path::PathBuf;

pub(crate) struct Rulesets {
    /// What `GET /rulesets` answers.
    listing: Value,
    names: Vec<String>,
    /// The script named on the command line by path: a save that plays it
    /// by path may be loaded.
    named_script: Option<PathBuf>,
}

impl Rulesets {
    /// Every ruleset; `game`, the one named on the command line, first
    /// chosen on the page (and an error if it does not load).
    pub(crate) fn gather(game: Option<&str>) -> Result<Rulesets> {
        let mut names = catalog::names();
        let mut named_script = None;
        if let Some(game) = game {
            if catalog::is_path(game) {
                named_script = Some(PathBuf::from(game));
                names.insert(0, game.to_string());
            } else if !names.iter().any(|n| n == game) {
                return Err(UsageError(format!(
                    "there is no ruleset `{game}` (`delve list` shows them)"
                ))
                .into());
            }
            Program::load_named(game)?;
        }
        let entries: Vec<Value> = names.iter().map(|name| entry(name)).collect();
        Ok(Rulesets {
            listing: json!({"rulesets": entries, "chosen": game}),
            names,
            named_script,
        })
    }

    pub(crate) fn listing(&self) -> &Value {
        &self.listing
    }

    /// Whether a page may start `name`.
    pub(crate) fn offers(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }

    pub(crate) fn named_script(&self) -> Option<&PathBuf> {
        self.named_script.as_ref()
    }
}

/// One ruleset as the page lists it, with the options of the game (not
/// the host's `lone_option`, which is how delve asks, not a rule: the
/// ruleset's own default stands); a broken one says why.
fn entry(name: &str) -> Value {
    match Program::load_named(name) {
        Ok(program) => {
            let declared = &program.ruleset().declared;
            let specs: Vec<Value> = declared
                .options
                .iter()
                .filter(|spec| spec.name != LONE_OPTION)
                .map(wire::option_spec)
                .collect();
            json!({
                "name": name,
                "title": declared.title,
                "about": declared.about,
                "option_specs": specs,
            })
        }
        Err(error) => json!({"name": name, "error": format!("{error:#}")}),
    }
}
