//! The unfinished games `resume` offers: the newest autosaves in the
//! state folder, each loaded, or listed as unreadable with why (its script
//! gone, an older format, a file cut short), so that no file is invisible
//! and one bad file never hides the others; `--forget` removes either kind.
//! The REPL shows the list as text, `delve serve`'s page as data.

use super::{locks, Keeper};
use crate::script::cancel::{self, Cancel};
use crate::session::record_book;
use crate::session::save::{self, Loaded, Trust};
use crate::session::Standing;
use anyhow::{Context, Result};
use serde::Serialize;
use std::fmt::Write;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

/// How many of the newest autosaves `resume` looks at.
const LOOKED_AT: usize = 12;

/// An unfinished game `resume` may bring back, or an autosave that does
/// not load.
pub(crate) struct Unfinished {
    /// The file's name without `.json`: what `resume NAME` takes.
    pub name: String,
    pub(super) path: PathBuf,
    /// Another session is playing (and saving) it now.
    pub(super) busy: bool,
    /// The game, or why it does not load.
    pub(super) loaded: Result<Loaded, String>,
    modified: Option<SystemTime>,
}

/// An unfinished game as the page lists it.
#[derive(Serialize)]
pub(crate) struct Listed {
    /// What `POST /session {"resume": NAME}` takes.
    pub name: String,
    /// The ruleset's title, the seed and the choices made; none when the
    /// autosave does not load.
    pub title: Option<String>,
    pub seed: Option<u64>,
    pub choices: Option<usize>,
    /// `saved 3 minutes ago` and the like.
    pub saved: String,
    /// Started in the browser (else at a terminal).
    pub browser: bool,
    /// Played in another session now.
    pub busy: bool,
    /// Why it does not load, when it does not.
    pub unreadable: Option<String>,
}

impl Keeper {
    /// The unfinished games among the newest autosaves, newest first, and
    /// those that do not load, with why. A game that ended is not offered
    /// (and its file goes, when this run writes). A thread the machine
    /// would not start is no fault of a file: it fails the whole list.
    pub(super) fn unfinished(&self) -> Result<Vec<Unfinished>> {
        let folder = self
            .folder
            .as_ref()
            .context("no home folder (HOME or XDG_STATE_HOME) to keep games in")?;
        if self.writes {
            locks::sweep(folder);
        }
        let mut files: Vec<(Option<SystemTime>, PathBuf)> = std::fs::read_dir(folder)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .chain(folder.parent().map(|state| state.join("autosave.json")))
            .filter(|path| path.extension().is_some_and(|e| e == "json"))
            .filter_map(|path| {
                let meta = std::fs::symlink_metadata(&path).ok()?;
                meta.is_file().then(|| (meta.modified().ok(), path))
            })
            .collect();
        files.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified));
        let looked_at = if self.all { files.len() } else { LOOKED_AT };
        self.left_out.set(files.len().saturating_sub(looked_at));
        files.truncate(looked_at);
        let mut games = Vec::new();
        for (modified, path) in files {
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let loaded = match in_time(|| save::load_trusting(&path, &name, Trust::Own)) {
                Err(error) if crate::threads::is_no_thread(&error) => return Err(error),
                loaded => loaded.map_err(|error| format!("{error:#}")),
            };
            let mine = Some(&path) == self.current.as_ref();
            let busy = !mine && locks::held_elsewhere(&path);
            // A game that ended, or one opened and left before any choice
            // (nothing to take up), is not offered.
            let ended = loaded.as_ref().is_ok_and(|l| {
                matches!(l.session.standing(), Standing::Ended(_)) || l.session.choices().is_empty()
            });
            if ended {
                if self.writes && !mine && !busy {
                    let _ = std::fs::remove_file(&path);
                }
                continue;
            }
            games.push(Unfinished {
                name,
                path,
                busy,
                loaded,
                modified,
            });
        }
        Ok(games)
    }

    /// How many older autosaves the last list left out (`resume --all`
    /// lists them).
    pub(crate) fn left_out(&self) -> usize {
        self.left_out.get()
    }

    /// The statistics of `game` (every game when `None`) with every
    /// unfinished game counted beside how the others ended.
    pub(crate) fn records(&self, game: Option<&str>) -> Result<Vec<record_book::Record>> {
        let path = self
            .stats
            .as_ref()
            .context("no home folder (HOME or XDG_DATA_HOME) to keep statistics in")?;
        // Read only, every game: nothing here is removed or left out.
        let mut every = Keeper::for_user(false);
        every.all = true;
        let unfinished: Vec<_> = every
            .unfinished()?
            .iter()
            .filter_map(|g| g.loaded.as_ref().ok())
            .map(|loaded| record_book::identity(&loaded.session))
            .collect();
        record_book::records_beside(path, game, &unfinished)
    }

    /// The unfinished games as data, newest first (`delve serve`'s page).
    pub(crate) fn listed(&self) -> Result<Vec<Listed>> {
        Ok(self.unfinished()?.iter().map(Unfinished::listed).collect())
    }
}

impl Unfinished {
    fn listed(&self) -> Listed {
        let session = self.loaded.as_ref().ok().map(|l| &l.session);
        Listed {
            name: self.name.clone(),
            title: session.map(|s| s.ruleset.declared.title.clone()),
            seed: session.map(|s| s.deal.seed),
            choices: session.map(|s| s.choices().len()),
            saved: age(self.modified),
            browser: self.name.starts_with("web-"),
            busy: self.busy,
            unreadable: self.loaded.as_ref().err().cloned(),
        }
    }
}

/// The most one autosave's replay may take when the listing has a time
/// of its own (a page's, `delve serve`): a slow game is listed as not
/// looked at, and the others still are.
const EACH: Duration = Duration::from_secs(1);

/// Why a game is listed without its title: its replay took too long.
const NOT_IN_TIME: &str =
    "not looked at: replaying it took longer than the list may wait (resuming it loads it in full)";

/// Runs `load` under a share of the stop over this thread's work, if it
/// has one: at most `EACH`, and never past the whole listing's time; a
/// load that share cut short is said to be so.
fn in_time<T>(load: impl FnOnce() -> Result<T>) -> Result<T> {
    let Some(whole) = cancel::current() else {
        return load();
    };
    let share = Cancel::within(Some(EACH), Some(&whole));
    if share.why().is_some() {
        anyhow::bail!(NOT_IN_TIME);
    }
    share.over(load).map_err(|error| match share.why() {
        Some(_) => anyhow::anyhow!(NOT_IN_TIME),
        None => error,
    })
}

/// The unfinished games, numbered, newest first, and how many older ones
/// were `left_out`.
pub(super) fn listing(games: &[Unfinished], left_out: usize) -> String {
    let mut text = String::from("Unfinished games (`resume N` brings one back):");
    for (n, game) in games.iter().enumerate() {
        let listed = game.listed();
        let (Some(title), Some(seed), Some(made)) = (&listed.title, listed.seed, listed.choices)
        else {
            let why = listed.unreadable.unwrap_or_default();
            let _ = write!(
                text,
                "\n  {}. ({}) does not load, {}: {why}",
                n + 1,
                game.name,
                listed.saved
            );
            continue;
        };
        let _ = write!(
            text,
            "\n  {}. {title}, seed {seed}: {made} choice{} made, {} ({}){}",
            n + 1,
            if made == 1 { "" } else { "s" },
            listed.saved,
            game.name,
            match (listed.busy, listed.browser) {
                (true, _) => ", being played in another session",
                (false, true) => ", in the browser",
                (false, false) => "",
            }
        );
    }
    if left_out > 0 {
        let _ = write!(
            text,
            "\nThese are the {} newest; {left_out} older saved game{} not looked at: `delve resume --all` lists every one.",
            games.len(),
            if left_out == 1 { " is" } else { "s are" }
        );
    }
    text += "\nA game you no longer want: `delve resume --forget N` forgets it.";
    text
}

/// `3 minutes ago` and the like.
fn age(modified: Option<SystemTime>) -> String {
    let Some(seconds) = modified
        .and_then(|m| SystemTime::now().duration_since(m).ok())
        .map(|d| d.as_secs())
    else {
        return "saved earlier".into();
    };
    let (n, unit) = match seconds {
        0..60 => return "saved just now".into(),
        60..3600 => (seconds / 60, "minute"),
        3600..86400 => (seconds / 3600, "hour"),
        _ => (seconds / 86400, "day"),
    };
    format!("saved {n} {unit}{} ago", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_read_as_a_person_says_them() {
        let now = SystemTime::now();
        let ago = |s| Some(now - std::time::Duration::from_secs(s));
        assert_eq!(age(ago(5)), "saved just now");
        assert_eq!(age(ago(61)), "saved 1 minute ago");
        assert_eq!(age(ago(7200)), "saved 2 hours ago");
        assert_eq!(age(ago(3 * 86400)), "saved 3 days ago");
        assert_eq!(age(None), "saved earlier");
    }
}
