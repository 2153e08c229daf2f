//! Nothing lost: the REPL's game is written to the state folder after every
//! step that changes it, atomically, so a crash, a closed terminal or a
//! killed process leaves the last game whole; `delve resume` and `resume`
//! bring it back. Every REPL keeps its game in a file of its own (under
//! `games/` in the state folder, named when it is first written), so two
//! sessions at once never replace each other's game, and `resume` offers
//! the recent unfinished ones. The same keeper adds a game to the
//! statistics when it first ends.
//!
//! A session that writes a game holds an advisory lock on the file's
//! `.lock` beside it while it runs, so another session does not resume the
//! same game and replace it; `resume` shows such a game as played elsewhere.
//! A session that leaves a game for another (`play`, `load`, `new`,
//! `resume`) lets go of its file, which keeps the game as it was left, and
//! saves the next game in a file of its own (`locks.rs`).
//!
//! Only a REPL that a person runs writes: at a terminal, or with `--keep`.
//! Piped or scripted runs read the autosaves (to resume) but write neither
//! them nor the statistics; transcripts, simulations, checks and the JSON
//! protocol have no keeper at all.

mod forget;
mod listing;
mod locks;

use crate::files::{self, Kind, Replace};
use crate::run::Outcome;
use crate::session::places;
use crate::session::record_book::{self, Record};
use crate::session::save::{self, Loaded};
use crate::session::Session;
use crate::usage::UsageError;
use anyhow::{Context, Result};
use listing::listing;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

pub(crate) struct Keeper {
    /// `games/` in the state folder; `None` without a home folder.
    folder: Option<PathBuf>,
    /// `stats.json` in the data folder; `None` without a home folder.
    stats: Option<PathBuf>,
    /// This run writes its game and counts it (a terminal, or `--keep`).
    writes: bool,
    /// This REPL's autosave: named at its first write, or the one resumed.
    current: Option<PathBuf>,
    /// The lock on `current`'s `.lock`, held while this session writes it.
    claim: Option<std::fs::File>,
    /// What was written last, so an unchanged game is not written again.
    last: Option<String>,
    /// The last write failed: told once, not at every step.
    failing: bool,
    /// How the files of its games are named: `game` at the REPL, `web` in
    /// the browser (so `delve resume --forget browser` finds them).
    prefix: &'static str,
    /// `resume` offers every unfinished game, not only the newest.
    all: bool,
    /// How many older autosaves the last list left out.
    left_out: std::cell::Cell<usize>,
}

/// What `resume` found.
pub(crate) enum Found {
    /// One game, brought back.
    One(Box<Loaded>),
    /// Several unfinished games: the list to choose from, numbered.
    Several(String),
}

impl Keeper {
    /// The keeper of this user's folders (XDG); `writes` when this run may
    /// write the autosave and the statistics.
    pub(crate) fn for_user(writes: bool) -> Keeper {
        Keeper {
            folder: places::state_dir().map(|d| d.join("games")),
            stats: record_book::default_path(),
            writes,
            current: None,
            claim: None,
            last: None,
            failing: false,
            prefix: "game",
            all: false,
            left_out: std::cell::Cell::new(0),
        }
    }

    /// The keeper of the games played in the browser (`delve serve`).
    pub(crate) fn for_browser() -> Keeper {
        let mut keeper = Keeper::for_user(true);
        keeper.prefix = "web";
        keeper
    }

    /// `resume --all`: every unfinished game is offered, not only the newest.
    pub(crate) fn offer_all(&mut self) {
        self.all = true;
    }

    /// Lets go of the game's file, which keeps it as last written: the
    /// next write starts a file of its own.
    pub(crate) fn let_go(&mut self) {
        if let (Some(path), Some(claim)) = (&self.current, self.claim.take()) {
            locks::release(path, claim);
        }
        self.current = None;
        self.last = None;
    }

    /// Whether the game is kept between runs.
    pub(crate) fn saves(&self) -> bool {
        self.writes && self.folder.is_some()
    }

    /// The name of this game's autosave (what `resume NAME` takes), once
    /// it is written or resumed.
    pub(crate) fn name(&self) -> Option<String> {
        let stem = self.current.as_ref()?.file_stem()?;
        Some(stem.to_string_lossy().into_owned())
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
        let (true, Some(folder)) = (self.writes, &self.folder) else {
            return Ok(());
        };
        // A game with no choice made is not written until it has one, so
        // games opened and left fill no place among the unfinished.
        if self.current.is_none() && session.choices().is_empty() {
            return Ok(());
        }
        let json = save::to_json(session, counted)?;
        if self.last.as_ref() == Some(&json) {
            return Ok(());
        }
        if let Some(path) = &self.current {
            files::write(path, json.as_bytes(), Kind::Save, Replace::SameKind)
                .with_context(|| format!("can not autosave to {}", path.display()))?;
        } else {
            std::fs::create_dir_all(folder)
                .with_context(|| format!("can not autosave in {}", folder.display()))?;
            let (path, claim) = create_new(folder, self.prefix, &json)?;
            self.current = Some(path);
            self.claim = Some(claim);
        }
        self.last = Some(json);
        Ok(())
    }

    /// Adds an ended game to the statistics; its updated record.
    pub(crate) fn count(&self, session: &Session, outcome: &Outcome) -> Result<Option<Record>> {
        match (&self.stats, self.writes) {
            (Some(path), true) => record_book::add(path, session, outcome).map(Some),
            _ => Ok(None),
        }
    }

    /// The game `which` names (its number in the list, or its name), or
    /// else the only unfinished game, or the list when there are several.
    pub(crate) fn resume(&mut self, which: Option<&str>) -> Result<Found> {
        let mut games = self.unfinished()?;
        let index =
            match which {
                Some(which) => which
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .filter(|&i| i < games.len())
                    .or_else(|| games.iter().position(|g| g.name == which))
                    .ok_or_else(|| {
                        UsageError(format!(
                            "there is no unfinished game `{which}` to resume{}",
                            if games.is_empty() {
                                String::new()
                            } else {
                                format!(":\n{}", listing(&games, self.left_out.get()))
                            }
                        ))
                    })?,
                None if games.is_empty() => return Err(UsageError(
                    "there is no game to resume: games played in the REPL are saved as you play"
                        .into(),
                )
                .into()),
                None if games.len() > 1 || self.all || (games[0].busy && self.writes) => {
                    return Ok(Found::Several(listing(&games, self.left_out.get())))
                }
                None => 0,
            };
        let chosen = games.swap_remove(index);
        let loaded = match chosen.loaded {
            Ok(loaded) => loaded,
            Err(why) => anyhow::bail!(
                "{} can not be resumed: {why}\n(`delve resume --forget {}` forgets it)",
                chosen.name,
                chosen.name
            ),
        };
        let claim = if Some(&chosen.path) == self.current.as_ref() {
            self.claim.take()
        } else if self.writes {
            match locks::claim(&chosen.path) {
                Some(claim) => Some(claim),
                None => {
                    return Err(UsageError(format!(
                        "{} is being played in another session: go on there, or quit it first",
                        chosen.name
                    ))
                    .into())
                }
            }
        } else {
            None
        };
        if Some(&chosen.path) != self.current.as_ref() {
            self.let_go();
        }
        self.last = save::to_json(&loaded.session, loaded.counted).ok();
        self.current = Some(chosen.path);
        self.claim = claim;
        Ok(Found::One(Box::new(loaded)))
    }
}

impl Drop for Keeper {
    /// A session that ends lets go of its game, leaving no lock file behind.
    fn drop(&mut self) {
        self.let_go();
    }
}

/// Writes `json` to a new file in `folder` under a name no other session
/// has, claimed (its lock taken first); gives that file and its claim.
fn create_new(folder: &Path, prefix: &str, json: &str) -> Result<(PathBuf, std::fs::File)> {
    let seconds = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let base = format!("{prefix}-{seconds}-{}", std::process::id());
    let failed = |e: std::io::Error| {
        Err(e).with_context(|| format!("can not autosave in {}", folder.display()))
    };
    for n in 0..100 {
        let name = if n == 0 {
            format!("{base}.json")
        } else {
            format!("{base}-{n}.json")
        };
        let path = folder.join(name);
        let Some(claim) = locks::claim(&path) else {
            continue;
        };
        match files::write(&path, json.as_bytes(), Kind::Save, Replace::Nothing) {
            Ok(()) => return Ok((path, claim)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => locks::release(&path, claim),
            Err(e) => {
                locks::release(&path, claim);
                return failed(e);
            }
        }
    }
    failed(std::io::Error::other("no free name for a new game"))
}
