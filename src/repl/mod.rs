//! The REPL: shows the table and the question, reads an answer or a command,
//! and acts on the session. The same loop serves a terminal, a pipe and a
//! transcript (`delve replay`), so tests see exactly what a person sees.

pub(crate) mod answer;
mod carry;
pub(crate) mod command_line;
mod dispatch;
mod games;
pub(crate) mod help;
pub(crate) mod input;
mod manual;
pub(crate) mod reach;
pub(crate) mod replay;
mod ruleset_list;
pub(crate) mod screen;
mod stepping;
pub(crate) mod wrap;

use crate::render;
use crate::run::Event;
use crate::script::{catalog, ScriptError};
use crate::session::autosave::Keeper;
use crate::session::command::{self as act, Named};
use crate::session::open::GameSpec;
use crate::session::save;
use crate::session::texts::header;
use crate::session::{Session, Standing};
use answer::Answer;
use command_line::{Command, PlayArgs};
use input::{Line, LineSource, Words};
use manual::COMMANDS;
use reach::Files;
pub(crate) use ruleset_list::listing;
use std::io::{self, Write};

pub(crate) struct Repl<'a> {
    session: Option<Session>,
    input: Box<dyn LineSource + 'a>,
    out: &'a mut dyn Write,
    /// Show the table and the question before reading the next line: with
    /// the narration since the last choice (`Some(true)`), or without it
    /// (after undo, where it was told already).
    changed: Option<bool>,
    files: Files,
    /// How often the script failed: a transcript with any fails its test.
    script_errors: usize,
    /// Autosave and statistics: only for a person's REPL.
    keeper: Option<Keeper>,
    /// A person at a terminal: leaving or replacing a game asks first.
    asks: bool,
    /// What may follow a game's end, said there; none for a transcript
    /// played back, where no one answers.
    what_next: Option<&'static str>,
    /// The game's end is in the statistics already.
    counted: bool,
    /// The game in progress is being replaced, and keeps its autosave.
    leaving: bool,
    /// Said once after the header (how a loaded game loaded).
    opening: Vec<String>,
    games: Vec<String>,
    /// A loaded transcript's lines still to `step` through.
    steps: Option<stepping::Steps>,
}

/// What a command of the REPL's own has to say: done, or refused (nothing changed).
enum Reply {
    Done(String),
    Refused(String),
}

impl<'a> Repl<'a> {
    pub(crate) fn new(
        session: Option<Session>,
        input: Box<dyn LineSource + 'a>,
        out: &'a mut dyn Write,
    ) -> Self {
        Repl {
            session,
            input,
            out,
            changed: Some(true),
            files: Files::Anywhere,
            script_errors: 0,
            keeper: None,
            asks: false,
            what_next: Some("(undo, restart, new, play GAME or quit)"),
            counted: false,
            leaving: false,
            opening: Vec::new(),
            games: catalog::names(),
            steps: None,
        }
    }

    /// Saves the game after every step and counts finished games.
    pub(crate) fn keep(&mut self, keeper: Keeper) {
        self.keeper = Some(keeper);
    }

    /// Asks before a game in progress is left or replaced (a terminal).
    pub(crate) fn set_asks(&mut self, asks: bool) {
        self.asks = asks;
    }

    /// A transcript played back: its output is what a person saw of the
    /// game, without the REPL's word on what they might type next.
    pub(crate) fn set_played_back(&mut self) {
        self.what_next = None;
    }

    /// A loaded game: whether it counted already, and what to tell about it.
    pub(crate) fn set_loaded(&mut self, counted: bool, notes: Vec<String>) {
        self.counted = counted;
        self.opening = notes;
    }

    /// Limits the files that `save`, `load`, `record` and `play` may use.
    pub(crate) fn set_files(&mut self, files: Files) {
        self.files = files;
    }

    /// How many times the script failed during this REPL's life.
    pub(crate) fn script_errors(&self) -> usize {
        self.script_errors
    }

    /// Reads and acts until `quit` or the end of input.
    pub(crate) fn run(&mut self) -> io::Result<()> {
        if let Some(session) = &self.session {
            let header = header(session);
            // A game loaded at its end was played before, not here.
            let ended = matches!(session.standing(), Standing::Ended(_));
            self.counted |= ended;
            let mut lines = std::mem::take(&mut self.opening);
            lines.push(header);
            self.say(&lines.join("\n"))?;
        } else {
            self.say("delve: solo card games. `list` shows the games, `play GAME` starts one, `help` tells more.")?;
            for note in std::mem::take(&mut self.opening) {
                self.say(&note)?;
            }
        }
        loop {
            if let Some(news) = self.changed.take() {
                self.show(news)?;
            }
            self.keep_game()?;
            let prompt = if self.session.is_some() {
                "> "
            } else {
                "delve> "
            };
            let words = self.completions();
            match self.input.read(prompt, &words, self.out) {
                Line::End => {
                    if self.in_progress() && self.asks && !self.confirm_leave(true)? {
                        continue;
                    }
                    if let Some(Standing::Asking(_)) = self.session.as_ref().map(Session::standing)
                    {
                        writeln!(self.out, "(input ended before the game did)")?;
                    }
                    break;
                }
                Line::Interrupted => writeln!(self.out, "(type quit to leave)")?,
                Line::NotText => {
                    writeln!(self.out, "That line is not text (UTF-8): nothing changed.")?;
                }
                Line::TooLong => {
                    writeln!(
                        self.out,
                        "That line is longer than 64 KiB: nothing changed."
                    )?;
                }
                Line::Text(text) => {
                    if !self.handle(text.trim())? {
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    fn completions(&self) -> Words {
        let commands: Vec<String> = COMMANDS.iter().map(|c| c.name.to_string()).collect();
        let labels = self
            .session
            .as_ref()
            .and_then(Session::prompt)
            .map(|p| p.options.iter().map(|o| o.label.clone()).collect())
            .unwrap_or_default();
        Words {
            labels,
            topics: help::topics(),
            commands,
            games: self.games.clone(),
        }
    }

    /// Writes `text` wrapped to the screen, red suits painted.
    /// Control characters are dropped: a script's text may not move the cursor.
    fn say(&mut self, text: &str) -> io::Result<()> {
        let width = self.input.width();
        let text = render::printable(text);
        writeln!(
            self.out,
            "{}",
            render::paint_suits(&wrap::wrap(&text, width))
        )
    }

    /// The narration since the last choice, the table, then the question or the end.
    fn show(&mut self, with_news: bool) -> io::Result<()> {
        let Some(session) = &self.session else {
            return Ok(());
        };
        writeln!(self.out)?;
        if with_news {
            let said: Vec<String> = session.news().iter().map(Event::text).collect();
            if !said.is_empty() {
                let text = render::printable(&said.join("\n"));
                self.say(&text)?;
            }
        }
        let session = self.session.as_ref().expect("checked above");
        let (table, failed) = render::table(session);
        let failed = failed.is_some();
        let width = self.input.width();
        let table = wrap::wrap_columns(&table, width);
        writeln!(self.out, "{}\n", render::paint_suits(&table))?;
        let room = screen::room(self.input.height(), table.lines().count());
        let session = self.session.as_ref().expect("checked above");
        match session.standing() {
            Standing::Asking(prompt) => {
                let plain = screen::prompt_text(prompt, room);
                if plain.lines().all(|l| l.chars().count() <= width) {
                    write!(self.out, "{}", render::prompt(prompt))?;
                } else {
                    write!(
                        self.out,
                        "{}",
                        render::paint_suits(&wrap::wrap(&plain, width))
                    )?;
                }
            }
            Standing::Ended(outcome) => {
                let mut wrapped = outcome.clone();
                wrapped.summary = wrap::wrap(&outcome.summary, width);
                writeln!(self.out, "{}", render::outcome(&wrapped))?;
                if let Some(what_next) = self.what_next {
                    writeln!(self.out, "{what_next}")?;
                }
            }
        }
        if failed {
            self.script_errors += 1;
        }
        Ok(())
    }

    /// Acts on one line; false to stop.
    fn handle(&mut self, line: &str) -> io::Result<bool> {
        if line.is_empty() {
            return Ok(true);
        }
        let asked = self
            .session
            .as_ref()
            .and_then(|s| Some((s.prompt()?, s.table(), s.rules())));
        if let Some((prompt, table, rules)) = asked {
            match answer::resolve(line, prompt, table, &rules) {
                Answer::Option(index) => {
                    let label = prompt.options[index].label.clone();
                    return self.choose(index, &label).map(|()| true);
                }
                Answer::Mistake(message) => {
                    self.say(&message)?;
                    return Ok(true);
                }
                Answer::Nothing => {}
            }
        }
        match command_line::parse(line) {
            Some(Ok(Command::Quit)) => {
                if self.asks && self.in_progress() {
                    return Ok(!self.confirm_leave(false)?);
                }
                Ok(false)
            }
            Some(Ok(Command::Step(count))) => self.step(count),
            Some(Ok(command)) => {
                if command.replaces_game() {
                    self.steps = None;
                }
                self.command(command).map(|()| true)
            }
            Some(Err(usage)) => self.say(&usage).map(|()| true),
            None => {
                let first = line.split_whitespace().next().unwrap_or(line);
                let near = command_line::suggest(first)
                    .map(|name| format!(" Did you mean `{name}`?"))
                    .unwrap_or_default();
                let message = match self.session.as_ref().and_then(Session::prompt) {
                    Some(p) => format!(
                        "`{line}` is neither an option nor a command: type 1 to {}, the first words of a label, or help.{near}",
                        p.options.len()
                    ),
                    None => format!("`{line}` is not a command: help lists them.{near}"),
                };
                self.say(&message).map(|()| true)
            }
        }
    }
}

#[cfg(test)]
mod tests;
