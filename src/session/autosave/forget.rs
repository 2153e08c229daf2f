//! `delve resume --forget`: autosaves a person no longer wants, removed on
//! their word. One game by its number in the list or its name (one that
//! does not load too), every game that ended (the list never offers them),
//! or every game started in the browser. A game being played in another
//! session is never removed: its lock is taken first, and the lock file
//! goes with the game.

use super::{locks, Keeper};
use crate::session::save::{self, Trust};
use crate::session::Standing;
use crate::usage::UsageError;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

impl Keeper {
    /// Removes the autosaves `which` names; says what went.
    pub(crate) fn forget(&mut self, which: &str) -> Result<String> {
        match which {
            "finished" => Ok(self.forget_all("finished", |path| {
                save::load_trusting(path, "", Trust::Own)
                    .is_ok_and(|l| matches!(l.session.standing(), Standing::Ended(_)))
            })),
            "browser" => Ok(self.forget_all("browser", |path| {
                path.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("web-"))
            })),
            one => self.forget_one(one),
        }
    }

    fn forget_one(&mut self, which: &str) -> Result<String> {
        let games = self.unfinished()?;
        let game = which
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| games.get(i))
            .or_else(|| games.iter().find(|g| g.name == which))
            .ok_or_else(|| {
                UsageError(format!(
                    "there is no unfinished game `{which}` to forget (`delve resume` lists them; \
                     `--forget finished` and `--forget browser` forget many)"
                ))
            })?;
        let busy = || {
            UsageError(format!(
                "{} is being played in another session: it is not forgotten",
                game.name
            ))
        };
        if game.busy {
            return Err(busy().into());
        }
        remove(&game.path)
            .ok_or_else(busy)?
            .with_context(|| format!("can not forget {}", game.path.display()))?;
        Ok(match &game.loaded {
            Ok(loaded) => format!(
                "Forgot {}, seed {} ({}).",
                loaded.session.ruleset.declared.title, loaded.session.deal.seed, game.name
            ),
            Err(_) => format!("Forgot {}, which did not load.", game.name),
        })
    }

    /// Removes every autosave that `chosen` picks and no session holds.
    fn forget_all(&self, what: &str, chosen: impl Fn(&std::path::Path) -> bool) -> String {
        let files: Vec<PathBuf> = self
            .folder
            .as_ref()
            .and_then(|folder| std::fs::read_dir(folder).ok())
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "json"))
            .filter(|path| std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()))
            .filter(|path| Some(path) != self.current.as_ref() && !locks::held_elsewhere(path))
            .filter(|path| chosen(path))
            .collect();
        let gone = files
            .iter()
            .filter(|path| remove(path).is_some_and(|removed| removed.is_ok()))
            .count();
        match gone {
            0 => format!("There is no {what} game to forget."),
            1 => format!("Forgot 1 {what} game."),
            n => format!("Forgot {n} {what} games."),
        }
    }
}

/// Removes an autosave and its lock file, holding its lock meanwhile so no
/// session takes the game up as it goes; `None` when one holds it.
fn remove(path: &Path) -> Option<std::io::Result<()>> {
    let claim = locks::claim(path)?;
    let removed = std::fs::remove_file(path);
    locks::release(path, claim);
    Some(removed)
}
