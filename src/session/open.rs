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
    /// A deal file's text given without a file (a page's upload), used
    /// when `deal` names none.
    pub deal_text: Option<String>,
    /// The options set, typed into values when the ruleset is known.
    pub opts: Vec<Setting>,
    /// The folder relative paths (game, deal) are tried from first: a
    /// transcript's own folder, so a test folder runs from anywhere.
    pub base: Option<PathBuf>,
    /// Without a seed, deal the ruleset's first (0, or its first deal
    /// number) rather than a fresh one: a transcript replays alike.
    pub first_unless_seeded: bool,
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
            None => match &self.deal_text {
                Some(text) => Some(Arc::new(DealFile::parse("the deal file given", text)?)),
                None => None,
            },
        };
        let seed = match self.seed {
            Some(seed) => {
                ruleset.check_seed(seed).map_err(UsageError)?;
                seed
            }
            None if self.first_unless_seeded => ruleset.first_seed(),
            None => ruleset.fresh_seed(),
        };
        let deal = Deal { seed, stack };
        Session::begin(live, ruleset, options, deal, Vec::new())
            .context("the game failed before its first decision")
    }
}

/// One option set by a person: `KEY=VALUE` as `--opt`, `play` and a
/// transcript's `# opt:` take it, read once where it comes in. The value is
/// typed when the ruleset that declares the option is known (`options_for`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub key: String,
    pub value: String,
}

impl std::str::FromStr for Setting {
    type Err = String;

    fn from_str(text: &str) -> Result<Setting, String> {
        match text.split_once('=') {
            Some((key, value)) if !key.trim().is_empty() => Ok(Setting {
                key: key.trim().to_string(),
                value: value.trim().to_string(),
            }),
            _ => Err(format!("--opt takes KEY=VALUE, not `{text}`")),
        }
    }
}

impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.key, self.value)
    }
}

/// The ruleset's defaults with the settings applied, each value typed as
/// the ruleset declares its option.
pub fn options_for(ruleset: &Ruleset, settings: &[Setting]) -> Result<Options> {
    let mut options = ruleset.declared.defaults();
    for Setting { key, value } in settings {
        let Some(spec) = ruleset.option(key) else {
            let known: Vec<&str> = ruleset
                .declared
                .options
                .iter()
                .map(|o| o.name.as_str())
                .collect();
            // A misspelt option gets the same "did you mean" as a misspelt game.
            let near = crate::script::suggest::nearest(key, known.iter().copied())
                .map(|name| format!("did you mean `{name}`? "))
                .unwrap_or_default();
            return Err(UsageError(format!(
                "{} has no option `{key}` ({near}its options: {})",
                ruleset.name(),
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ))
            .into());
        };
        let value = spec.parse(value).map_err(UsageError)?;
        options.insert(spec.name.clone(), value);
    }
    Ok(options)
}
