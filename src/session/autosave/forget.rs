//! `delve resume --forget`: autosaves a person no longer wants, removed on
//! their word. One game by its number in the list or its name, every game
//! that ended (the list never offers them), or every game started in the
//! browser. A game being played in another session is never removed.

use super::{locks, Keeper};
use crate::session::save::{self, Trust};
use crate::session::Standing;
use crate::usage::UsageError;
use anyhow::{Context, Result};
use std::path::PathBuf;

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
        if game.busy {
            return Err(UsageError(format!(
                "{} is being played in another session: it is not forgotten",
                game.name
            ))
            .into());
        }
        std::fs::remove_file(&game.path)
            .with_context(|| format!("can not forget {}", game.path.display()))?;
        let session = &game.loaded.session;
        Ok(format!(
            "Forgot {}, seed {} ({}).",
            session.ruleset.declared.title, session.deal.seed, game.name
        ))
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
            .filter(|path| std::fs::remove_file(path).is_ok())
            .count();
        match gone {
            0 => format!("There is no {what} game to forget."),
            1 => format!("Forgot 1 {what} game."),
            n => format!("Forgot {n} {what} games."),
        }
    }
}
