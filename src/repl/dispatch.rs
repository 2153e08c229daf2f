//! A line typed at the prompt carried out: the REPL's own commands (help,
//! list, play, load, save, ...) here, and those that change the game in
//! progress handed to the session (`session::command`), with what came of
//! each said.

use super::command_line::Command;
use super::stepping;
use super::{help, listing, wrap, Repl, Reply};
use crate::render;
use crate::run::Program;
use crate::script::error::ErrorKind;
use crate::session::command::{self as act, Failure, Named};
use crate::session::texts::rules_text;
use crate::session::Session;
use std::io;

impl Repl<'_> {
    pub(super) fn choose(&mut self, index: usize, label: &str) -> io::Result<()> {
        self.say(&format!("→ {label}"))?;
        self.act(act::Command::Choose(index))
    }

    pub(super) fn command(&mut self, command: Command) -> io::Result<()> {
        match command {
            Command::Help(topic) => {
                // Laid out in columns: a command's summary goes on under
                // its column, prose fills the screen's width.
                let width = self.input.width();
                let text = render::printable(&help::help(topic.as_deref()));
                writeln!(self.out, "{}", wrap::wrap_columns(&text, width))
            }
            Command::List => {
                let width = self.input.width();
                writeln!(self.out, "{}", wrap::wrap_columns(&listing(), width))
            }
            Command::Stats(game) => {
                let text = self.stats_text(game.as_deref());
                self.say(&text)
            }
            Command::Rules(Some(game)) => {
                if let Err(refused) = self.files.may_play(&game) {
                    return self.say(&refused);
                }
                match Program::load_named(&game) {
                    Ok(program) => writeln!(self.out, "{}", rules_text(program.ruleset())),
                    Err(error) => self.say(&format!("{error:#}")),
                }
            }
            Command::Play(play) => self.play(play),
            Command::Resume(which) => self.resume(which.as_deref()),
            // Both are answered where the line is read (`handle`).
            Command::Quit | Command::Step(_) => Ok(()),
            Command::Load(shown)
                if self
                    .files
                    .resolve(&shown)
                    .is_ok_and(|p| stepping::is_transcript(&p)) =>
            {
                let path = self.files.resolve(&shown).expect("checked above");
                self.load_transcript(&path, &shown)
            }
            Command::Load(file) if self.session.is_none() && self.keeper.is_some() => {
                self.load_first(&file)
            }
            _ if self.session.is_none() => writeln!(
                self.out,
                "no game in progress: `play GAME` starts one (`list` shows them)"
            ),
            Command::Show => {
                self.changed = Some(false);
                Ok(())
            }
            Command::Moves => match self.session.as_ref().and_then(Session::prompt) {
                Some(prompt) => {
                    let plain = render::prompt_text(prompt);
                    let width = self.input.width();
                    let text = render::paint_suits(&wrap::wrap(&plain, width));
                    write!(self.out, "{text}")
                }
                None => writeln!(self.out, "the game is over: no move is left to list"),
            },
            Command::Save(file) => self.save(&file),
            Command::Record(file) => {
                let reply = self.record(&file)?;
                self.tell(reply)
            }
            Command::Rules(None) => self.act(act::Command::Rules),
            Command::Options => self.act(act::Command::Options),
            Command::Undo(steps) => self.act(act::Command::Undo(steps)),
            Command::Redo(steps) => self.act(act::Command::Redo(steps)),
            Command::Restart => self.act(act::Command::Restart),
            Command::Reload => self.act(act::Command::Reload),
            Command::Log => self.act(act::Command::Log),
            Command::Hint => self.act(act::Command::Hint),
            Command::HintMc => self.act(act::Command::HintMc),
            Command::New(seed) => {
                if !self.may_replace()? {
                    return Ok(());
                }
                self.act(act::Command::New(seed))
            }
            Command::Load(shown) => {
                let path = match self.files.resolve(&shown) {
                    Ok(path) => path,
                    Err(refused) => return self.say(&refused),
                };
                if !self.may_replace()? {
                    return Ok(());
                }
                self.act(act::Command::Load(Named { path, shown }))
            }
        }
    }

    /// Does a command to the game in progress, and says what came of it.
    pub(super) fn act(&mut self, command: act::Command) -> io::Result<()> {
        // Whether `may_replace` let the game go: only a replacement does.
        let leaving = std::mem::take(&mut self.leaving);
        let session = self.session.as_mut().expect("checked by the caller");
        match act::apply(session, command) {
            Ok(effect) => {
                if let Some(counted) = effect.replaced {
                    self.counted = counted;
                    self.leaving = leaving;
                    self.replaced()?;
                }
                if effect.moved {
                    self.changed = Some(effect.news);
                }
                if effect.message.is_empty() {
                    Ok(())
                } else {
                    self.say(&effect.message)
                }
            }
            Err(Failure::Script {
                kind: Some(ErrorKind::Interrupted),
                ..
            }) => writeln!(self.out, "Interrupted: the game stays where it was."),
            Err(failure) => {
                if matches!(failure, Failure::Script { .. }) {
                    self.script_errors += 1;
                }
                self.say(&failure.text())
            }
        }
    }

    /// Says a command's reply; a script failure is counted.
    pub(super) fn tell(&mut self, reply: Reply) -> io::Result<()> {
        let message = match reply {
            Reply::Done(message) | Reply::Refused(message) => message,
        };
        if message.is_empty() {
            Ok(())
        } else {
            self.say(&message)
        }
    }
}
