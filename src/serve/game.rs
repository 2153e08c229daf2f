//! One game played from a page: the session, its autosave (a game of its
//! own in the state folder, as a REPL's is) and whether its end is in the
//! statistics yet. A line from the page gets exactly the messages
//! `delve play --json --keep-open` prints for it (a `json::Conversation`
//! makes them), except `save PATH` and `load PATH`: a page
//! saves by download and loads by upload, so a request never names a file
//! on the server's disk. And the table comes without the game's named
//! state: that is the rules' bookkeeping, and the page shows only what the
//! ruleset declares a player reads (`status`). Besides those messages the
//! server tells the page a `note` of its own, and `autosave` when the name
//! of the game's autosave changes. A game in progress that a new deal or an
//! upload replaces stays in its autosave, as the REPL's does: the next game
//! gets a file of its own. An uploaded transcript deals its game and keeps
//! its lines, which `step` types one at a time (`line_steps`).

use super::line_steps::{self, Steps};
use super::rulesets::Rulesets;
use crate::json::{Conversation, Settings};
use crate::repl::answer::{self, Answer};
use crate::session::autosave::{Found, Keeper};
use crate::session::save::{self, Trust};
use crate::session::{Session, Standing};
use anyhow::Result;
use serde_json::{json, Value};
use std::path::PathBuf;

pub(crate) struct Game {
    session: Session,
    keeper: Keeper,
    /// The game's end is in the statistics already.
    counted: bool,
    /// The protocol as the page last (re)opened it.
    conversation: Conversation,
    /// The autosave's name as the page was last told it.
    told: Option<String>,
    /// An uploaded transcript's lines, to step through.
    steps: Option<Steps>,
}

/// The page speaks protocol 2, stays after the end, and never sees a
/// face-down card.
const PAGE: Settings = Settings {
    protocol: 2,
    reveal: false,
    keep_open: true,
};

/// Why a page's `save`/`load` line is refused.
const FILES: &str =
    "the page saves by download and loads by upload: a request never names a file on the server";

impl Game {
    /// A new game, kept by `keeper`; the messages that open it.
    pub(crate) fn begin(session: Session, keeper: Keeper) -> (Game, Vec<Value>) {
        let (conversation, mut messages) = Conversation::open(&session, PAGE);
        let mut game = Game {
            session,
            keeper,
            counted: false,
            conversation,
            told: None,
            steps: None,
        };
        messages.extend(game.keep());
        // The reply names the autosave.
        game.told = game.autosave();
        (game, for_page(messages))
    }

    /// The unfinished game whose autosave is `name`, which this game then
    /// goes on writing.
    pub(crate) fn resume(name: &str, mut keeper: Keeper) -> Result<(Game, Vec<Value>)> {
        let loaded = match keeper.resume(Some(name))? {
            Found::One(loaded) => *loaded,
            Found::Several(_) => anyhow::bail!("there is no unfinished game `{name}` to resume"),
        };
        let (conversation, mut messages) = Conversation::open(&loaded.session, PAGE);
        let told = keeper.name();
        let game = Game {
            session: loaded.session,
            keeper,
            counted: loaded.counted,
            conversation,
            told,
            steps: None,
        };
        messages.extend(loaded.notes.into_iter().map(note));
        Ok((game, for_page(messages)))
    }

    /// What a page that (re)opens this game is shown: `hello`, what was
    /// said since the last choice, and the prompt or the end.
    pub(crate) fn opening(&mut self) -> Vec<Value> {
        let (conversation, mut messages) = Conversation::open(&self.session, PAGE);
        self.conversation = conversation;
        messages.extend(self.steps.as_ref().map(|s| s.message(None)));
        for_page(messages)
    }

    /// The name of the game's autosave, once it has one.
    pub(crate) fn autosave(&mut self) -> Option<String> {
        self.told = self.keeper.name();
        self.told.clone()
    }

    /// A game with choices made and not over: what a new deal or a load
    /// would interrupt.
    fn in_progress(&self) -> bool {
        self.session.prompt().is_some() && !self.session.choices().is_empty()
    }

    /// The game in progress was replaced: its autosave keeps it as it was
    /// left, and the next game is written to a file of its own. What the
    /// player is told.
    fn left(&mut self) -> Option<Value> {
        let name = self.keeper.name()?;
        self.keeper.let_go();
        Some(note(format!(
            "The game you left is saved as {name}: the start page lists it among your unfinished games, to take up again."
        )))
    }

    /// `autosave`, when the autosave's name is not the one the page knows.
    fn name_if_changed(&mut self) -> Option<Value> {
        let name = self.keeper.name();
        if name == self.told {
            return None;
        }
        self.told.clone_from(&name);
        Some(json!({"type": "autosave", "name": name}))
    }

    /// Acts on one protocol line; the messages, and whether it was `quit`.
    pub(crate) fn line(&mut self, line: &str) -> (Vec<Value>, bool) {
        if line.trim() == "step" {
            return self.step();
        }
        self.typed(line)
    }

    /// One line as the protocol reads it, but a page's `save` and `load`.
    /// A transcript's line comes here too, so a line `step` in it is no
    /// step (the protocol refuses it): stepping never calls itself.
    fn typed(&mut self, line: &str) -> (Vec<Value>, bool) {
        let word = line.trim().split(' ').next().unwrap_or("");
        if matches!(word, "save" | "load") {
            return (vec![error(word, FILES)], false);
        }
        let leaving = self.in_progress();
        let mut messages = self
            .conversation
            .answer(&mut self.session, Ok(line.to_string()));
        if self.conversation.finished() {
            return (for_page(messages), true);
        }
        let reply = &messages[0];
        if reply["type"] == "ok" && reply["command"] == "new" {
            self.counted = false;
            self.steps = None;
            if leaving {
                messages.extend(self.left());
            }
        }
        messages.extend(self.keep());
        messages.extend(self.name_if_changed());
        (for_page(messages), false)
    }

    /// The save file of this game, as `save` would write it.
    pub(crate) fn save_text(&self) -> Result<String> {
        save::to_json(&self.session, self.counted)
    }

    /// A name for the downloaded save: the ruleset and the seed.
    pub(crate) fn save_name(&self) -> String {
        let name: String = self
            .session
            .ruleset
            .name()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        format!(
            "{}-seed-{}.json",
            name.trim_matches('-'),
            self.session.deal.seed
        )
    }

    /// Replaces the game with the save file or transcript `text` (uploaded
    /// by the page); on failure the game stays as it was and the error says
    /// why. `rulesets` are those the server offers, with the script the
    /// person named on the command line. The one error is a thread the
    /// machine would not start: not the file's fault, so not told as a
    /// protocol error.
    pub(crate) fn load_text(&mut self, text: &str, rulesets: &Rulesets) -> Result<Vec<Value>> {
        if line_steps::is_transcript(text) {
            return self.load_transcript(text, rulesets);
        }
        let trust = Trust::Named(rulesets.named_script().map(PathBuf::as_path));
        Ok(match save::load_text(text, "the uploaded save", trust) {
            Err(error) if crate::threads::is_no_thread(&error) => return Err(error),
            Err(error) => load_error(&error),
            Ok(loaded) => {
                self.steps = None;
                let notes: Vec<Value> = loaded.notes.into_iter().map(note).collect();
                self.replace(loaded.session, loaded.counted, notes)
            }
        })
    }

    /// A transcript's game dealt afresh, its lines kept for `step`.
    fn load_transcript(&mut self, text: &str, rulesets: &Rulesets) -> Result<Vec<Value>> {
        let (spec, steps) = match line_steps::read(text, |name| rulesets.offers(name)) {
            Ok(read) => read,
            Err(why) => return Ok(vec![error("load", &why)]),
        };
        let session = match spec.open() {
            Ok(session) => session,
            Err(error) if crate::threads::is_no_thread(&error) => return Err(error),
            Err(error) => return Ok(load_error(&error)),
        };
        self.steps = Some(steps);
        Ok(self.replace(session, false, Vec::new()))
    }

    /// The game `session` takes this one's place; the game in progress
    /// stays in its autosave. The messages for the page.
    fn replace(&mut self, session: Session, counted: bool, notes: Vec<Value>) -> Vec<Value> {
        let left = if self.in_progress() {
            self.left()
        } else {
            None
        };
        self.session = session;
        self.counted = counted || matches!(self.session.standing(), Standing::Ended(_));
        let mut messages = vec![json!({"type": "ok", "command": "load"})];
        messages.extend(self.opening());
        messages.extend(notes);
        messages.extend(left);
        messages.extend(self.keep());
        messages.extend(self.name_if_changed());
        messages
    }

    /// `step`: the transcript's next line, typed as at the REPL's prompt
    /// (a move typed as its card and place is read as the REPL reads it).
    fn step(&mut self) -> (Vec<Value>, bool) {
        let Some((_, typed)) = self.steps.as_mut().and_then(Steps::next) else {
            let why = if self.steps.is_some() {
                "the transcript is played to its end"
            } else {
                "there is no transcript to step through: Load takes one (a `delve solve --line` file, or one `record` wrote)"
            };
            return (vec![error("step", why)], false);
        };
        let sent = match self.session.prompt() {
            Some(prompt) => {
                match answer::resolve(&typed, prompt, self.session.table(), &self.session.rules()) {
                    Answer::Option(index) => prompt.options[index].key.clone(),
                    _ => typed.clone(),
                }
            }
            None => typed.clone(),
        };
        let told = self.steps.as_ref().map(|s| s.message(Some(&typed)));
        let (messages, quit) = self.typed(&sent);
        (told.into_iter().chain(messages).collect(), quit)
    }

    /// Counts the game the first time it ends and writes its autosave; a
    /// note for what the player should know (the record, a failure). A game
    /// with no choice made is not written until it has one, so pages opened
    /// and left leave no files behind.
    fn keep(&mut self) -> Vec<Value> {
        let mut notes = Vec::new();
        if let (Standing::Ended(outcome), false) = (self.session.standing(), self.counted) {
            self.counted = true;
            match self.keeper.count(&self.session, outcome) {
                Ok(Some(record)) => notes.push(note(format!(
                    "Your games of {}: {}.",
                    self.session.ruleset.name(),
                    record.summary()
                ))),
                Ok(None) => {}
                Err(error) => notes.push(note(format!(
                    "(the statistics were not updated: {error:#})"
                ))),
            }
        }
        if self.session.choices().is_empty() && self.keeper.name().is_none() {
            return notes;
        }
        if let Some(failure) = self.keeper.save(&self.session, self.counted) {
            notes.push(note(format!("({failure:#})")));
        }
        notes
    }
}

/// The messages without the table's named state, which the page never
/// shows: what a player reads there is the ruleset's `status`.
fn for_page(mut messages: Vec<Value>) -> Vec<Value> {
    for message in &mut messages {
        if let Some(table) = message.get_mut("table").and_then(Value::as_object_mut) {
            table.remove("state");
        }
    }
    messages
}

fn error(command: &str, message: &str) -> Value {
    json!({"type": "error", "command": command, "message": message})
}

fn load_error(why: &anyhow::Error) -> Vec<Value> {
    vec![error("load", &format!("{why:#}"))]
}

/// Something the server tells the player beside the game's own messages.
fn note(text: impl std::fmt::Display) -> Value {
    json!({"type": "note", "text": text.to_string()})
}
