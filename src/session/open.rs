//! Opening a game from what a person typed: a ruleset name or path, a seed,
//! a deal file and `KEY=VALUE` options. Bad names and options are usage
//! errors (exit code 2); everything else a game error.

use crate::game::deal::DealFile;
use crate::run::live::LiveRun;
use crate::run::Deal;
use crate::script::declare::Options;
use crate::script::{catalog, Ruleset};
use crate::session::Session;
pub(crate) use crate::usage::UsageError;
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Clone, Debug, Default)]
pub struct GameSpec {
    pub game: String,
    pub seed: Option<u64>,
    pub deal: Option<PathBuf>,
    /// `KEY=VALUE` as typed.
    pub opts: Vec<String>,
    /// The folder relative paths (game, deal) are tried from first: a
    /// transcript's own folder, so a test folder runs from anywhere.
    pub base: Option<PathBuf>,
}

impl GameSpec {
    pub fn open(&self) -> Result<Session> {
        let file = catalog::find_from(&self.game, self.base.as_deref())?;
        let (live, ruleset) = LiveRun::load(file)?;
        let options = options_for(&ruleset, &self.opts)?;
        let stack = match &self.deal {
            Some(path) => {
                let shown = path.display().to_string();
                let found = match &self.base {
                    Some(base) => crate::read::inside(base, &shown).map_err(|why| {
                        UsageError(format!(
                            "`# deal: {}` is refused: {why}. A transcript reads a deal file only from its own folder or below; to use that file on purpose, name it on the command line: `delve play GAME --deal FILE`",
                            crate::read::excerpt(&shown)
                        ))
                    })?,
                    None => path.clone(),
                };
                Some(Arc::new(DealFile::read(&found, &shown)?))
            }
            None => None,
        };
        let seed = self.seed.unwrap_or_else(fresh_seed);
        let deal = Deal { seed, stack };
        Session::begin(live, ruleset, options, deal, Vec::new()).context("the game could not start")
    }
}

/// A seed short enough to type back in.
pub(crate) fn fresh_seed() -> u64 {
    u64::from(rand::random::<u32>())
}

/// The ruleset's defaults with `KEY=VALUE` settings applied.
pub fn options_for(ruleset: &Ruleset, settings: &[String]) -> Result<Options> {
    let mut options = ruleset.declared.defaults();
    for setting in settings {
        let Some((key, value)) = setting.split_once('=') else {
            return Err(UsageError(format!("--opt takes KEY=VALUE, not `{setting}`")).into());
        };
        let Some(spec) = ruleset.option(key.trim()) else {
            let known: Vec<&str> = ruleset
                .declared
                .options
                .iter()
                .map(|o| o.name.as_str())
                .collect();
            return Err(UsageError(format!(
                "{} has no option `{key}` (its options: {})",
                ruleset.name(),
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ))
            .into());
        };
        let value = spec.parse(value.trim()).map_err(UsageError)?;
        options.insert(spec.name.clone(), value);
    }
    Ok(options)
}
