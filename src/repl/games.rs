//! Starting, leaving and keeping games at the REPL: `play`, `resume`,
//! `load` at the `delve>` prompt, `save`, the questions asked before a game
//! in progress is lost, and the autosave and statistics after each step.

use super::{
    act, header, io, save, wrap, Files, GameSpec, Keeper, Line, Named, PlayArgs, Repl, Reply,
    ScriptError, Standing, Words,
};
use crate::files::{self, Kind, Replace};
use crate::session::autosave::Found;
use crate::transcript::record;
use std::path::Path;

impl Repl<'_> {
    /// A game with choices made and not over: what leaving would interrupt.
    pub(super) fn in_progress(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.prompt().is_some() && !s.choices().is_empty())
    }

    /// Asks a yes-or-no question; the end of the input answers `at_end`.
    pub(super) fn confirm(&mut self, question: &str, at_end: bool) -> io::Result<bool> {
        let width = self.input.width();
        let question = wrap::wrap(question, width);
        match self
            .input
            .read(&format!("{question} [y/N] "), &Words::default(), self.out)
        {
            Line::Text(answer) => Ok(matches!(answer.trim().to_lowercase().as_str(), "y" | "yes")),
            Line::End => {
                writeln!(self.out)?;
                Ok(at_end)
            }
            Line::NotText | Line::TooLong | Line::Interrupted => Ok(false),
        }
    }

    /// Whether to leave the game in progress (asked only at a terminal).
    pub(super) fn confirm_leave(&mut self, at_end: bool) -> io::Result<bool> {
        let kept = self.keeper.as_ref().is_some_and(Keeper::saves);
        let question = if kept {
            "Leave this game? It is saved: `delve resume` brings it back."
        } else {
            "Leave this game? It is not saved."
        };
        self.confirm(question, at_end)
    }

    /// Whether the game in progress may be replaced. A kept game stays in
    /// its autosave (see `replaced`), so nothing is asked; an unkept one is
    /// lost, so a person at a terminal is asked first.
    pub(super) fn may_replace(&mut self) -> io::Result<bool> {
        if !self.in_progress() {
            return Ok(true);
        }
        if self.keeper.as_ref().is_some_and(Keeper::saves) {
            self.leaving = true;
            return Ok(true);
        }
        if !self.asks {
            return Ok(true);
        }
        let made = self.session.as_ref().map_or(0, |s| s.choices().len());
        let question = format!(
            "This ends the game in progress ({made} choice{} made); it is not saved, so it can not be resumed after. Go on?",
            if made == 1 { "" } else { "s" }
        );
        let yes = self.confirm(&question, false)?;
        if !yes {
            writeln!(self.out, "The game goes on.")?;
        }
        Ok(yes)
    }

    /// After a game in progress was replaced: its autosave keeps it as it
    /// was left, and the next game is saved in a file of its own.
    pub(super) fn replaced(&mut self) -> io::Result<()> {
        if !std::mem::take(&mut self.leaving) {
            return Ok(());
        }
        let Some(keeper) = self.keeper.as_mut() else {
            return Ok(());
        };
        let name = keeper.name();
        keeper.let_go();
        match name {
            Some(name) => self.say(&format!(
                "The game you left is saved: `resume {name}` brings it back."
            )),
            None => Ok(()),
        }
    }

    /// Saves the game, and counts it in the statistics the first time it ends.
    pub(super) fn keep_game(&mut self) -> io::Result<()> {
        let (Some(keeper), Some(session)) = (&mut self.keeper, &self.session) else {
            return Ok(());
        };
        let mut told = Vec::new();
        if let (Standing::Ended(outcome), false) = (session.standing(), self.counted) {
            self.counted = true;
            match keeper.count(session, outcome) {
                Ok(Some(record)) => told.push(format!(
                    "Your games of {}: {}.",
                    session.ruleset.name(),
                    record.summary()
                )),
                Ok(None) => {}
                Err(error) => told.push(format!("(the statistics were not updated: {error:#})")),
            }
        }
        if let Some(failure) = keeper.save(session, self.counted) {
            told.push(format!("({failure:#})"));
        }
        for line in told {
            self.say(&line)?;
        }
        Ok(())
    }

    pub(super) fn play(&mut self, play: PlayArgs) -> io::Result<()> {
        let game = match &self.files {
            Files::Anywhere if play.game.starts_with('~') => {
                crate::session::places::expand_home(&play.game)
                    .display()
                    .to_string()
            }
            _ => play.game,
        };
        if let Err(refused) = self.files.may_play(&game) {
            return self.say(&refused);
        }
        let spec = GameSpec {
            game,
            seed: play.seed,
            opts: play.opts,
            ..GameSpec::default()
        };
        // Opened first, so a bad name or option leaves the game alone and asks nothing.
        match spec.open() {
            Ok(session) => {
                if !self.may_replace()? {
                    return Ok(());
                }
                self.replaced()?;
                let header = header(&session);
                self.say(&header)?;
                self.session = Some(session);
                self.counted = false;
                self.changed = Some(true);
                Ok(())
            }
            Err(error) => {
                if error
                    .chain()
                    .any(<dyn std::error::Error + 'static>::is::<ScriptError>)
                {
                    self.script_errors += 1;
                }
                self.say(&format!("{error:#}"))
            }
        }
    }

    /// `resume [WHICH]`: an unfinished game, saved as it was played. The
    /// game in progress, if any, stays in its own autosave.
    pub(super) fn resume(&mut self, which: Option<&str>) -> io::Result<()> {
        let Some(keeper) = self.keeper.as_mut() else {
            return self.say("resume brings back a game played at the REPL; a transcript has none");
        };
        let kept = keeper.saves();
        let found = match keeper.resume(which) {
            Ok(found) => found,
            Err(error) => return self.say(&format!("{error:#}")),
        };
        let loaded = match found {
            Found::One(loaded) => *loaded,
            Found::Several(list) => return self.say(&list),
        };
        // Unkept, the game in progress would be lost: asked first at a terminal.
        if !kept && !self.may_replace()? {
            return Ok(());
        }
        let ended = matches!(loaded.session.standing(), Standing::Ended(_));
        let mut notes = loaded.notes;
        notes.insert(0, format!("Resumed {}", header(&loaded.session)));
        self.session = Some(loaded.session);
        self.counted = loaded.counted || ended;
        self.changed = Some(true);
        self.say(&notes.join("\n"))
    }

    /// `load` at the `delve>` prompt, with no game to load into.
    pub(super) fn load_first(&mut self, file: &str) -> io::Result<()> {
        let path = match self.files.resolve(file) {
            Ok(path) => path,
            Err(refused) => return self.say(&refused),
        };
        match save::load(&path, file, None) {
            Ok(loaded) => {
                let ended = matches!(loaded.session.standing(), Standing::Ended(_));
                let mut notes = loaded.notes;
                notes.insert(0, format!("Loaded {file}: {}", header(&loaded.session)));
                self.session = Some(loaded.session);
                self.counted = loaded.counted || ended;
                self.changed = Some(true);
                self.say(&notes.join("\n"))
            }
            Err(error) => self.say(&format!("{error:#}")),
        }
    }

    pub(super) fn stats_text(&self, game: Option<&str>) -> String {
        let Some(keeper) = &self.keeper else {
            return "a transcript keeps no statistics".into();
        };
        match keeper.records(game) {
            Ok(records) => crate::session::record_book::text(&records, game),
            Err(error) => format!("{error:#}"),
        }
    }

    /// `save FILE`: a new file, or a delve save replaced; at a terminal a
    /// file is replaced only after a yes.
    pub(super) fn save(&mut self, file: &str) -> io::Result<()> {
        let path = match self.files.resolve(file) {
            Ok(path) => path,
            Err(refused) => return self.say(&refused),
        };
        let Some(replace) = self.may_write(&path, file, Kind::Save)? else {
            return self.say(&format!("Not saved: {file} is as it was."));
        };
        let file = Named {
            path,
            shown: file.to_string(),
        };
        self.act(act::Command::Save {
            file,
            counted: self.counted,
            replace,
        })
    }

    /// `record FILE`: the game so far as a transcript, asked like `save`.
    pub(super) fn record(&mut self, file: &str) -> io::Result<Reply> {
        let path = match self.files.resolve(file) {
            Ok(path) => path,
            Err(refused) => return Ok(Reply::Refused(refused)),
        };
        let session = self.session.as_ref().expect("checked by the caller");
        // Refused before asking whether to replace a file it would not write.
        if let Some(refused) = record::unreachable_script(session, &path, file) {
            return Ok(Reply::Refused(refused));
        }
        let Some(replace) = self.may_write(&path, file, Kind::Transcript)? else {
            return Ok(Reply::Refused(format!(
                "Not recorded: {file} is as it was."
            )));
        };
        let session = self.session.as_ref().expect("checked by the caller");
        Ok(match record::write(session, &path, file, replace) {
            Ok(n) => Reply::Done(format!(
                "Recorded {n} choice{} to {file}: `delve replay {file}` plays it back, `delve test` checks it against its snapshot.",
                if n == 1 { "" } else { "s" }
            )),
            Err(error) => Reply::Refused(format!("{error:#}")),
        })
    }

    /// What writing a `kind` file at `path` may replace: without a terminal
    /// only a file of that kind; at one, an existing file after a yes
    /// (never anything but a regular file). `None`: the person said no.
    fn may_write(&mut self, path: &Path, file: &str, kind: Kind) -> io::Result<Option<Replace>> {
        if !self.asks {
            return Ok(Some(Replace::SameKind));
        }
        let (question, replace) = if files::holds_same_kind(path, kind) {
            (format!("{file} exists: replace it?"), Replace::SameKind)
        } else if files::holds_other_file(path, kind) {
            (
                format!(
                    "{file} exists and is not {}: replace it anyway?",
                    kind.name()
                ),
                Replace::AnyFile,
            )
        } else {
            return Ok(Some(Replace::SameKind));
        };
        Ok(self.confirm(&question, false)?.then_some(replace))
    }
}
