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
//! gets a file of its own.

use crate::json::{Conversation, Settings};
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
        };
        messages.extend(loaded.notes.into_iter().map(note));
        Ok((game, for_page(messages)))
    }

    /// What a page that (re)opens this game is shown: `hello`, what was
    /// said since the last choice, and the prompt or the end.
    pub(crate) fn opening(&mut self) -> Vec<Value> {
        let (conversation, messages) = Conversation::open(&self.session, PAGE);
        self.conversation = conversation;
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
        let word = line.trim().split(' ').next().unwrap_or("");
        if matches!(word, "save" | "load") {
            let error = json!({"type": "error", "command": word, "message": FILES});
            return (vec![error], false);
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

    /// Replaces the game with the save file `text` (uploaded by the page);
    /// on failure the game stays as it was and the error says why.
    /// `trusted` is the script the person named on the command line. The
    /// one error is a thread the machine would not start: not the save's
    /// fault, so not told as a protocol error.
    pub(crate) fn load_text(
        &mut self,
        text: &str,
        trusted: Option<&PathBuf>,
    ) -> Result<Vec<Value>> {
        let trust = Trust::Named(trusted.map(PathBuf::as_path));
        Ok(match save::load_text(text, "the uploaded save", trust) {
            Err(error) if crate::threads::is_no_thread(&error) => return Err(error),
            Err(error) => {
                let message = format!("{error:#}");
                vec![json!({"type": "error", "command": "load", "message": message})]
            }
            Ok(loaded) => {
                let left = if self.in_progress() {
                    self.left()
                } else {
                    None
                };
                self.session = loaded.session;
                self.counted =
                    loaded.counted || matches!(self.session.standing(), Standing::Ended(_));
                let mut messages = vec![json!({"type": "ok", "command": "load"})];
                messages.extend(self.opening());
                messages.extend(loaded.notes.into_iter().map(note));
                messages.extend(left);
                messages.extend(self.keep());
                messages.extend(self.name_if_changed());
                messages
            }
        })
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

/// Something the server tells the player beside the game's own messages.
fn note(text: impl std::fmt::Display) -> Value {
    json!({"type": "note", "text": text.to_string()})
}
