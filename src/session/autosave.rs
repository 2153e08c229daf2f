//! Nothing lost: the REPL's game is written to the state folder after every
//! step that changes it, atomically, so a crash, a closed terminal or a
//! killed process leaves the last game whole; `delve resume` and `resume`
//! bring it back. The same keeper adds a game to the statistics when it
//! first ends. Only a REPL that a person runs has a keeper: transcripts,
//! simulations, checks and the JSON protocol do not.

use crate::run::Outcome;
use crate::session::places;
use crate::session::record_book::{self, Record};
use crate::session::save::{self, Loaded, Trust};
use crate::session::Session;
use anyhow::{Context, Result};
use std::path::PathBuf;

pub(crate) struct Keeper {
    /// `autosave.json` in the state folder; `None` without a home folder.
    autosave: Option<PathBuf>,
    /// `stats.json` in the data folder; `None` without a home folder.
    stats: Option<PathBuf>,
    /// What was written last, so an unchanged game is not written again.
    last: Option<String>,
    /// The last write failed: told once, not at every step.
    failing: bool,
}

impl Keeper {
    /// The keeper of this user's folders (XDG).
    pub(crate) fn for_user() -> Keeper {
        Keeper {
            autosave: autosave_path(),
            stats: record_book::default_path(),
            last: None,
            failing: false,
        }
    }

    /// Whether the game is kept between runs.
    pub(crate) fn saves(&self) -> bool {
        self.autosave.is_some()
    }

    /// Writes the game if it changed since the last write; the error when
    /// writing starts to fail (not again while it goes on failing).
    pub(crate) fn save(&mut self, session: &Session, counted: bool) -> Option<anyhow::Error> {
        match self.write(session, counted) {
            Ok(()) => {
                self.failing = false;
                None
            }
            Err(error) => (!std::mem::replace(&mut self.failing, true)).then_some(error),
        }
    }

    fn write(&mut self, session: &Session, counted: bool) -> Result<()> {
        let Some(path) = &self.autosave else {
            return Ok(());
        };
        let json = save::to_json(session, counted)?;
        if self.last.as_ref() == Some(&json) {
            return Ok(());
        }
        places::make_parent(path)
            .and_then(|()| crate::files::write_atomically(path, json.as_bytes()))
            .with_context(|| format!("can not autosave to {}", path.display()))?;
        self.last = Some(json);
        Ok(())
    }

    /// Adds an ended game to the statistics; its updated record.
    pub(crate) fn count(&self, session: &Session, outcome: &Outcome) -> Result<Option<Record>> {
        match &self.stats {
            Some(path) => record_book::add(path, session, outcome).map(Some),
            None => Ok(None),
        }
    }

    /// The last game, as it was saved.
    pub(crate) fn resume(&mut self) -> Result<Loaded> {
        let path = self
            .autosave
            .clone()
            .context("no home folder (HOME or XDG_STATE_HOME) to keep games in")?;
        if !path.exists() {
            return Err(crate::usage::UsageError(
                "there is no game to resume: games played in the REPL are saved as you play".into(),
            )
            .into());
        }
        let loaded = save::load_trusting(&path, &path.display().to_string(), Trust::Own)?;
        self.last = save::to_json(&loaded.session, loaded.counted).ok();
        Ok(loaded)
    }
}

/// `autosave.json` in the state folder.
pub(crate) fn autosave_path() -> Option<PathBuf> {
    places::state_dir().map(|d| d.join("autosave.json"))
}
