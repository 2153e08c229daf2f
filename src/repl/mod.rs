//! The REPL: shows the table and the question, reads an answer or a command,
//! and acts on the session. The same loop serves a terminal, a pipe and a
//! transcript (`delve replay`), so tests see exactly what a person sees.

pub(crate) mod answer;
pub(crate) mod command;
pub(crate) mod files;
pub(crate) mod help;
pub(crate) mod input;

use crate::open::GameSpec;
use crate::render;
use crate::run::live::LiveRun;
use crate::run::Event;
use crate::save;
use crate::script::error::ErrorKind;
use crate::script::Ruleset;
use crate::script::{catalog, Program, ScriptError};
use crate::session::{Session, Standing};
use crate::transcript::record;
use answer::Answer;
use command::{Command, COMMANDS};
use files::Files;
use input::{Line, LineSource};
use std::io::{self, Write};

pub(crate) struct Repl<'a> {
    session: Option<Session>,
    input: Box<dyn LineSource + 'a>,
    out: &'a mut dyn Write,
    /// Show the table and the question before reading the next line.
    changed: bool,
    files: Files,
    /// How often the script failed: a transcript with any fails its test.
    script_errors: usize,
}

/// What a command has to say: done, refused (nothing changed), or the
/// script failed (nothing changed either, but the script is at fault).
enum Reply {
    Done(String),
    Refused(String),
    ScriptFailed(String),
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
            changed: true,
            files: Files::Anywhere,
            script_errors: 0,
        }
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
            writeln!(self.out, "{header}")?;
        } else {
            writeln!(self.out, "delve: solo card games. `list` shows the games, `play GAME` starts one, `help` tells more.")?;
        }
        loop {
            if std::mem::take(&mut self.changed) {
                self.show(true)?;
            }
            let prompt = if self.session.is_some() {
                "> "
            } else {
                "delve> "
            };
            let words = self.completions();
            match self.input.read(prompt, &words, self.out) {
                Line::End => {
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
                Line::Text(text) => {
                    if !self.handle(text.trim())? {
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    fn completions(&self) -> Vec<String> {
        let mut words: Vec<String> = COMMANDS.iter().map(|(n, _, _)| n.to_string()).collect();
        if let Some(prompt) = self.session.as_ref().and_then(Session::prompt) {
            words.splice(0..0, prompt.options.iter().map(|o| o.label.clone()));
        }
        words
    }

    /// The narration since the last choice, the table, then the question or the end.
    fn show(&mut self, with_news: bool) -> io::Result<()> {
        let Some(session) = &self.session else {
            return Ok(());
        };
        writeln!(self.out)?;
        if with_news {
            let events = session.events();
            let last = events
                .iter()
                .rposition(|e| matches!(e, Event::Chose { .. }));
            for event in &events[last.map_or(0, |i| i + 1)..] {
                if let Event::Say(text) = event {
                    writeln!(self.out, "{}", render::paint_suits(text))?;
                }
            }
        }
        let (table, failed) = render::table(session);
        if failed.is_some() {
            self.script_errors += 1;
        }
        writeln!(self.out, "{}\n", render::paint_suits(&table))?;
        match session.standing() {
            Standing::Asking(prompt) => write!(self.out, "{}", render::prompt(prompt)),
            Standing::Ended(outcome) => writeln!(
                self.out,
                "{}\n(undo, restart, new, play GAME or quit)",
                render::outcome(outcome)
            ),
        }
    }

    /// Acts on one line; false to stop.
    fn handle(&mut self, line: &str) -> io::Result<bool> {
        if line.is_empty() {
            return Ok(true);
        }
        if let Some(prompt) = self.session.as_ref().and_then(Session::prompt) {
            match answer::resolve(line, prompt) {
                Answer::Option(index) => {
                    let label = prompt.options[index].label.clone();
                    return self.choose(index, &label).map(|()| true);
                }
                Answer::Mistake(message) => {
                    writeln!(self.out, "{message}")?;
                    return Ok(true);
                }
                Answer::Nothing => {}
            }
        }
        match command::parse(line) {
            Some(Ok(Command::Quit)) => Ok(false),
            Some(Ok(command)) => self.command(command).map(|()| true),
            Some(Err(usage)) => writeln!(self.out, "{usage}").map(|()| true),
            None => {
                let message = match self.session.as_ref().and_then(Session::prompt) {
                    Some(p) => format!(
                        "`{line}` is neither an option nor a command: type 1 to {}, part of a label, or help",
                        p.options.len()
                    ),
                    None => format!("`{line}` is not a command: help lists them"),
                };
                writeln!(self.out, "{message}").map(|()| true)
            }
        }
    }

    fn choose(&mut self, index: usize, label: &str) -> io::Result<()> {
        let session = self.session.as_mut().expect("a prompt has a session");
        writeln!(self.out, "→ {}", render::paint_suits(label))?;
        match session.choose(index) {
            Ok(()) => self.changed = true,
            Err(error) => self.script_failed(&error)?,
        }
        Ok(())
    }

    fn script_failed(&mut self, error: &ScriptError) -> io::Result<()> {
        if error.kind == ErrorKind::Interrupted {
            return writeln!(self.out, "Interrupted: the game stays where it was.");
        }
        self.script_errors += 1;
        writeln!(
            self.out,
            "script error: {error}\n(the game stays where it was)"
        )
    }

    fn command(&mut self, command: Command) -> io::Result<()> {
        match command {
            Command::Help(topic) => writeln!(self.out, "{}", help::help(topic.as_deref())),
            Command::List => writeln!(self.out, "{}", listing()),
            Command::Rules(Some(game)) => {
                if let Err(refused) = self.files.may_play(&game) {
                    return writeln!(self.out, "{refused}");
                }
                match Program::load_named(&game) {
                    Ok(program) => writeln!(self.out, "{}", rules_text(program.ruleset())),
                    Err(error) => writeln!(self.out, "{error:#}"),
                }
            }
            Command::Play(game, seed) => {
                if let Err(refused) = self.files.may_play(&game) {
                    return writeln!(self.out, "{refused}");
                }
                let spec = GameSpec {
                    game,
                    seed,
                    ..GameSpec::default()
                };
                match spec.open() {
                    Ok(session) => {
                        writeln!(self.out, "{}", header(&session))?;
                        self.session = Some(session);
                        self.changed = true;
                        Ok(())
                    }
                    Err(error) => {
                        if error
                            .chain()
                            .any(<dyn std::error::Error + 'static>::is::<ScriptError>)
                        {
                            self.script_errors += 1;
                        }
                        writeln!(self.out, "{error:#}")
                    }
                }
            }
            Command::Quit => Ok(()),
            other => {
                if self.session.is_some() {
                    self.game_command(other)
                } else {
                    writeln!(
                        self.out,
                        "no game in progress: `play GAME` starts one (`list` shows them)"
                    )
                }
            }
        }
    }

    fn game_command(&mut self, command: Command) -> io::Result<()> {
        let session = self.session.as_mut().expect("checked by the caller");
        // Whether the game moved, so the table and question are shown again.
        let mut moved = false;
        let reply = match command {
            Command::Rules(_) => Reply::Done(rules_text(&session.ruleset)),
            Command::Options => Reply::Done(options_text(session)),
            Command::Show => {
                moved = true;
                Reply::Done(String::new())
            }
            Command::Undo => step(
                session.undo(),
                &mut moved,
                "Undone.",
                "There is nothing to undo.",
            ),
            Command::Redo => step(
                session.redo(),
                &mut moved,
                "Redone.",
                "There is nothing to redo.",
            ),
            Command::Restart => {
                let result = session.restart().map(|()| true);
                step(result, &mut moved, "Back to the start of this deal.", "")
            }
            Command::New(seed) => {
                let seed = seed.unwrap_or(session.deal.seed.wrapping_add(1));
                let result = session.new_deal(seed).map(|()| true);
                step(result, &mut moved, &format!("New deal: seed {seed}."), "")
            }
            Command::Save(file) => match self.files.resolve(&file) {
                Ok(path) => match save::save(session, &path, &file) {
                    Ok(()) => Reply::Done(format!("Saved to {file}.")),
                    Err(error) => Reply::Refused(format!("{error:#}")),
                },
                Err(refused) => Reply::Refused(refused),
            },
            Command::Record(file) => match self.files.resolve(&file) {
                Ok(path) => match record::write(session, &path, &file) {
                    Ok(n) => Reply::Done(format!(
                        "Recorded {n} choice{} to {file}: `delve replay {file}` plays it back, `delve test` checks it against its snapshot.",
                        if n == 1 { "" } else { "s" }
                    )),
                    Err(error) => Reply::Refused(format!("{error:#}")),
                },
                Err(refused) => Reply::Refused(refused),
            },
            Command::Load(file) => match self.files.resolve(&file) {
                Ok(path) => match save::load(&path, &file, session.ruleset.file.path.as_deref()) {
                    Ok(loaded) => {
                        *session = loaded.session;
                        moved = true;
                        let mut notes = loaded.notes;
                        notes.insert(0, format!("Loaded {file}: {}", header(session)));
                        Reply::Done(notes.join("\n"))
                    }
                    Err(error) if error.chain().any(<dyn std::error::Error + 'static>::is::<ScriptError>) => {
                        Reply::ScriptFailed(format!("{error:#}"))
                    }
                    Err(error) => Reply::Refused(format!("{error:#}")),
                },
                Err(refused) => Reply::Refused(refused),
            },
            Command::Reload => match reload(session) {
                Ok(message) => {
                    moved = true;
                    Reply::Done(message)
                }
                Err(message) => Reply::ScriptFailed(message),
            },
            Command::Log => Reply::Done(log_text(session)),
            Command::Hint => match session.hint() {
                Some(Ok(label)) => Reply::Done(format!("hint: {}", render::paint_suits(&label))),
                Some(Err(error)) => Reply::ScriptFailed(format!("script error in its bot: {error}")),
                None if session.prompt().is_none() => {
                    Reply::Refused("the game is over: there is nothing to hint".into())
                }
                None => Reply::Refused(format!(
                    "{} has no bot to ask (no `fn bot` in its script)",
                    session.ruleset.name()
                )),
            },
            Command::Help(_) | Command::List | Command::Play(..) | Command::Quit => {
                unreachable!("handled without a game")
            }
        };
        self.changed = moved;
        let message = match reply {
            Reply::Done(message) | Reply::Refused(message) => message,
            Reply::ScriptFailed(message) => {
                self.script_errors += 1;
                message
            }
        };
        if message.is_empty() {
            Ok(())
        } else {
            writeln!(self.out, "{message}")
        }
    }
}

/// The message of a step that reruns the game: done, nothing to do, or failed.
fn step(result: Result<bool, ScriptError>, moved: &mut bool, done: &str, nothing: &str) -> Reply {
    match result {
        Ok(true) => {
            *moved = true;
            Reply::Done(done.to_string())
        }
        Ok(false) => Reply::Done(nothing.to_string()),
        Err(error) => Reply::ScriptFailed(format!(
            "script error: {error}\n(the game stays where it was)"
        )),
    }
}

/// A ruleset's title and rules text, as `rules` prints them.
fn rules_text(ruleset: &Ruleset) -> String {
    format!("{}\n\n{}", ruleset.declared.title, ruleset.declared.rules)
}

fn reload(session: &mut Session) -> Result<String, String> {
    let (live, ruleset) = catalog::reread(&session.ruleset.file)
        .and_then(LiveRun::load)
        .map_err(|e| format!("{e:#}\n(the game goes on with the script as it was)"))?;
    let wanted = session.choices().len();
    session
        .reload(live, ruleset)
        .map_err(|e| format!("script error: {e}\n(the game goes on with the script as it was)"))?;
    let mut message = format!(
        "Reloaded {}: replayed {} of {wanted} choices.",
        session.ruleset.name(),
        session.choices().len()
    );
    if let Some(d) = session.diverged() {
        message += &format!(" Choice {} (`{}`) is no longer offered.", d.at + 1, d.key);
    }
    Ok(message)
}

/// The line that opens a game: which game, which deal, which options differ.
pub(crate) fn header(session: &Session) -> String {
    let declared = &session.ruleset.declared;
    let mut text = format!("{}, seed {}", declared.title, session.deal.seed);
    if let Some(deal) = &session.deal.stack {
        text += &format!(", deal {}", deal.origin);
    }
    let changed: Vec<String> = declared
        .options
        .iter()
        .filter(|o| session.option_text(&o.name) != o.default.to_string())
        .map(|o| format!("{}={}", o.name, session.option_text(&o.name)))
        .collect();
    if !changed.is_empty() {
        text += &format!(" ({})", changed.join(", "));
    }
    text + ". Type help for commands."
}

fn options_text(session: &Session) -> String {
    let options = &session.ruleset.declared.options;
    if options.is_empty() {
        return format!("{} has no options.", session.ruleset.name());
    }
    let lines: Vec<String> = options
        .iter()
        .map(|o| {
            let allowed = if o.allowed.is_empty() {
                String::new()
            } else {
                format!(" [{}]", o.allowed.join(", "))
            };
            format!(
                "  {} = {} (default {}){allowed}: {}",
                o.name,
                session.option_text(&o.name),
                o.default,
                o.help
            )
        })
        .collect();
    format!("Options (set with --opt KEY=VALUE):\n{}", lines.join("\n"))
}

fn log_text(session: &Session) -> String {
    let mut lines = Vec::new();
    let mut decision = 0;
    for event in session.events() {
        match event {
            Event::Say(text) => lines.push(format!("     {}", render::paint_suits(text))),
            Event::Chose { label, .. } => {
                decision += 1;
                lines.push(format!("{decision:>3}. → {}", render::paint_suits(label)));
            }
        }
    }
    if lines.is_empty() {
        "Nothing has happened yet.".into()
    } else {
        lines.join("\n")
    }
}

/// One line per ruleset: its name and what it is; a broken one says why.
pub(crate) fn listing() -> String {
    let names = catalog::names();
    let width = names.iter().map(String::len).max().unwrap_or(0);
    names
        .iter()
        .map(|name| match Program::load_named(name) {
            Ok(p) => format!("{name:width$}  {}", p.ruleset().declared.about),
            Err(e) => format!(
                "{name:width$}  (does not load: {})",
                e.to_string().lines().next().unwrap_or("")
            ),
        })
        .collect::<Vec<_>>()
        .join("\n")
}
