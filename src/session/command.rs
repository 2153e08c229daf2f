//! What a front end asks of a game in progress, as typed values: a choice,
//! undo and redo, a restart, a new deal, a hint, reloading the script,
//! saving and loading, and the game's texts. The REPL, the JSON protocol and
//! any later front end call `apply`, so a command does the same and a
//! failure reads the same in all of them; each front end only words its
//! prompt and its replies' framing.

use super::odds::Hinted;
use super::save;
use super::texts::{log_text, options_text, redone_text, rules_text, undone_text};
use super::Session;
use super::{mc_hint, search_hint};
use crate::files::Replace;
use crate::run::live::LiveRun;
use crate::script::error::ErrorKind;
use crate::script::{catalog, ScriptError};
use crate::session::Standing;
use serde_json::{json, Map, Value};
use std::path::PathBuf;

/// How far `undo` or `redo` goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Steps {
    Count(usize),
    All,
}

impl Steps {
    fn count(self) -> usize {
        match self {
            Steps::All => usize::MAX,
            Steps::Count(n) => n,
        }
    }
}

/// A file a command writes or reads: where it is, and its name as the user
/// typed it (for messages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Named {
    pub path: PathBuf,
    pub shown: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Command {
    /// The option at this index of the prompt.
    Choose(usize),
    Undo(Steps),
    Redo(Steps),
    Restart,
    /// A new deal: the next seed, or this one.
    New(Option<u64>),
    Hint,
    /// A Monte Carlo hint, even where the ruleset has a bot of its own.
    HintMc,
    Reload,
    /// Save; `counted` says the game's end is in the statistics already,
    /// `replace` what may stand at the path.
    Save {
        file: Named,
        counted: bool,
        replace: Replace,
    },
    Load(Named),
    Rules,
    Options,
    Log,
}

impl Command {
    /// The command's name, as the protocol's replies give it.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Command::Choose(_) => "choose",
            Command::Undo(_) => "undo",
            Command::Redo(_) => "redo",
            Command::Restart => "restart",
            Command::New(_) => "new",
            Command::Hint | Command::HintMc => "hint",
            Command::Reload => "reload",
            Command::Save { .. } => "save",
            Command::Load(_) => "load",
            Command::Rules => "rules",
            Command::Options => "options",
            Command::Log => "log",
        }
    }
}

/// What a command did.
#[derive(Debug, Default)]
pub(crate) struct Effect {
    /// The game changed: show the table and the question again.
    pub moved: bool,
    /// What was said before the question is new to the player (not after undo).
    pub news: bool,
    /// Another game took this one's place (new deal, load): whether its end
    /// is in the statistics already.
    pub replaced: Option<bool>,
    /// What to tell the player; may be empty.
    pub message: String,
    /// Data for a program: the chosen or hinted option, the file.
    pub fields: Map<String, Value>,
}

impl Effect {
    fn said(message: impl Into<String>) -> Effect {
        Effect {
            message: message.into(),
            ..Effect::default()
        }
    }

    fn moved(message: impl Into<String>, news: bool) -> Effect {
        Effect {
            moved: true,
            news,
            message: message.into(),
            ..Effect::default()
        }
    }
}

/// Why a command did nothing: the game is where it was.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Not possible now, or a bad file: the message says why.
    Refused(String),
    /// The script failed; `note` says what became of the game.
    Script {
        message: String,
        kind: Option<ErrorKind>,
        note: &'static str,
    },
}

const STAYS: &str = "(the game stays where it was)";
const GOES_ON: &str = "(the game goes on with the script as it was)";

impl Failure {
    fn script(error: &ScriptError) -> Failure {
        Failure::Script {
            message: format!("script error: {error}"),
            kind: Some(error.kind),
            note: STAYS,
        }
    }

    /// The whole message, as a person reads it.
    pub(crate) fn text(&self) -> String {
        match self {
            Failure::Refused(message)
            | Failure::Script {
                message, note: "", ..
            } => message.clone(),
            Failure::Script { message, note, .. } => format!("{message}\n{note}"),
        }
    }
}

/// Does `command` to the session. On failure the session is as it was.
pub(crate) fn apply(session: &mut Session, command: Command) -> Result<Effect, Failure> {
    match command {
        Command::Choose(index) => choose(session, index),
        Command::Undo(steps) => undo(session, steps),
        Command::Redo(steps) => redo(session, steps),
        Command::Restart => {
            session.restart().map_err(|e| Failure::script(&e))?;
            Ok(Effect::moved("Back to the start of this deal.", false))
        }
        Command::New(seed) => {
            let seed = match seed {
                Some(seed) => {
                    session.ruleset.check_seed(seed).map_err(Failure::Refused)?;
                    seed
                }
                None => session.ruleset.next_seed(session.deal.seed),
            };
            session.new_deal(seed).map_err(|e| Failure::script(&e))?;
            let mut effect = Effect::moved(format!("New deal: seed {seed}."), true);
            effect.replaced = Some(false);
            effect.fields.insert("seed".into(), json!(seed));
            Ok(effect)
        }
        Command::Hint if !session.ruleset.has_bot() => hint_mc(session),
        Command::Hint => hint(session),
        Command::HintMc => hint_mc(session),
        Command::Reload => reload(session),
        Command::Save {
            file,
            counted,
            replace,
        } => {
            save::save_to(session, counted, &file.path, &file.shown, replace)
                .map_err(|e| Failure::Refused(format!("{e:#}")))?;
            let mut effect = Effect::said(format!("Saved to {}.", file.shown));
            effect.fields.insert("path".into(), json!(file.shown));
            Ok(effect)
        }
        Command::Load(file) => load(session, &file),
        Command::Rules => Ok(Effect::said(rules_text(&session.ruleset))),
        Command::Options => Ok(Effect::said(options_text(session))),
        Command::Log => Ok(Effect::said(log_text(session))),
    }
}

fn choose(session: &mut Session, index: usize) -> Result<Effect, Failure> {
    let Some(offer) = session.prompt().and_then(|p| p.options.get(index)).cloned() else {
        return Err(Failure::Refused(over("choose")));
    };
    session.choose(index).map_err(|e| Failure::script(&e))?;
    let mut effect = Effect::moved("", true);
    effect.fields = option_fields(index, &offer.key, &offer.label);
    Ok(effect)
}

fn undo(session: &mut Session, steps: Steps) -> Result<Effect, Failure> {
    let labels = session.chosen_labels();
    match session.undo_many(steps.count()) {
        Ok(0) => Err(Failure::Refused("There is nothing to undo.".into())),
        Ok(n) => {
            let undone = &labels[labels.len().saturating_sub(n)..];
            let text = undone_text(undone, session.choices().is_empty());
            Ok(counted(Effect::moved(text, false), n))
        }
        Err(error) => Err(Failure::script(&error)),
    }
}

fn redo(session: &mut Session, steps: Steps) -> Result<Effect, Failure> {
    match session.redo_many(steps.count()) {
        Ok(0) => Err(Failure::Refused("There is nothing to redo.".into())),
        Ok(n) => {
            let labels = session.chosen_labels();
            let redone = &labels[labels.len().saturating_sub(n)..];
            let text = redone_text(redone, session.redo_len());
            Ok(counted(Effect::moved(text, true), n))
        }
        Err(error) => Err(Failure::script(&error)),
    }
}

/// How many choices an undo or redo moved, for a program.
fn counted(mut effect: Effect, n: usize) -> Effect {
    effect.fields.insert("steps".into(), json!(n));
    effect
}

fn hint(session: &mut Session) -> Result<Effect, Failure> {
    // A run lost to a failed step is started again first: its failure is
    // the rules', not the bot's.
    session.resume().map_err(|error| Failure::script(&error))?;
    let prompt = session.prompt().cloned();
    match session.bot_choice() {
        Some(Ok(choice)) => {
            let offer = &prompt.expect("a hint needs a prompt").options[choice.index];
            let said = match &choice.why {
                Some(why) => format!("hint: {} ({why})", offer.label),
                None => format!("hint: {}", offer.label),
            };
            let mut effect = Effect::said(said);
            effect.fields = option_fields(choice.index, &offer.key, &offer.label);
            if let Some(why) = choice.why {
                effect.fields.insert("why".into(), json!(why));
            }
            Ok(effect)
        }
        Some(Err(error)) => Err(Failure::Script {
            message: format!("script error in its bot: {error}"),
            kind: Some(error.kind),
            note: STAYS,
        }),
        None if prompt.is_none() => Err(Failure::Refused(over("hint"))),
        None => Err(Failure::Refused(format!(
            "{} has no bot to ask (no `fn bot` in its script)",
            session.ruleset.name()
        ))),
    }
}

/// Each option's estimated win rate and mean score over worlds the player
/// can not tell apart, best first.
fn hint_mc(session: &mut Session) -> Result<Effect, Failure> {
    if session.prompt().is_none() {
        return Err(Failure::Refused(over("hint")));
    }
    // A person waits: worlds until the verdict, at most a few seconds,
    // then the best so far.
    let mut settings = crate::run::mc::Settings {
        worlds: crate::run::mc::FEWEST_WORLDS,
        budget: Some(std::time::Duration::from_secs(5)),
        until_separated: true,
        ..crate::run::mc::Settings::default()
    };
    // The ruleset's bot plays the worlds out, and its choice here (and
    // why) is named where the verdict keeps or leaves it.
    let bot = if session.ruleset.has_bot() {
        settings.rollout = crate::run::Answerer::ScriptBot;
        session.bot_choice().and_then(Result::ok)
    } else {
        None
    };
    let hinted = session.hint_mc(&settings).map_err(|e| match e {
        crate::run::mc::Failure::Script(error) => Failure::Script {
            message: format!("script error in a world of the hint: {error}"),
            kind: Some(error.kind),
            note: STAYS,
        },
        other => Failure::Refused(format!("no hint: {other}")),
    })?;
    let prompt = session.prompt().expect("a hint needs a prompt");
    let objective = session.ruleset.declared.objective;
    Ok(match hinted {
        Hinted::Searched(found) => {
            let mut effect = Effect::said(search_hint::text(&found, prompt, bot.as_ref()));
            effect.fields = search_hint::fields(&found, prompt, objective, bot.as_ref());
            effect
        }
        Hinted::Worlds(estimates) => {
            let mut effect = Effect::said(mc_hint::text(&estimates, bot.as_ref()));
            effect.fields = mc_hint::fields(&estimates, bot.as_ref());
            effect
        }
    })
}

fn reload(session: &mut Session) -> Result<Effect, Failure> {
    let (live, ruleset) = catalog::reread(&session.ruleset.file)
        .and_then(LiveRun::load)
        .map_err(|e| Failure::Script {
            message: format!("{e:#}"),
            kind: e
                .chain()
                .find_map(|c| c.downcast_ref::<ScriptError>())
                .map(|s| s.kind),
            note: GOES_ON,
        })?;
    // The script may have come to number its deals since.
    ruleset.check_seed(session.deal.seed).map_err(|why| {
        Failure::Refused(format!(
            "the reloaded script does not deal this game: {why} (the game goes on as it was)"
        ))
    })?;
    let wanted = session.choices().len();
    session.reload(live, ruleset).map_err(|e| Failure::Script {
        message: format!("script error: {e}"),
        kind: Some(e.kind),
        note: GOES_ON,
    })?;
    let mut message = format!(
        "Reloaded {}: replayed {} of {wanted} choices.",
        session.ruleset.name(),
        session.choices().len()
    );
    if let Some(d) = session.diverged() {
        message += &format!(" Choice {} (`{}`) is no longer offered.", d.at + 1, d.key);
    }
    Ok(Effect::moved(message, true))
}

fn load(session: &mut Session, file: &Named) -> Result<Effect, Failure> {
    let trusted = session.ruleset.file.path.clone();
    let loaded = save::load(&file.path, &file.shown, trusted.as_deref()).map_err(|error| {
        let script = error.chain().find_map(|e| e.downcast_ref::<ScriptError>());
        match script {
            Some(s) => Failure::Script {
                message: format!("{error:#}"),
                kind: Some(s.kind),
                note: "",
            },
            None => Failure::Refused(format!("{error:#}")),
        }
    })?;
    *session = loaded.session;
    let ended = matches!(session.standing(), Standing::Ended(_));
    let mut notes = loaded.notes;
    notes.insert(
        0,
        format!("Loaded {}: {}", file.shown, super::texts::header(session)),
    );
    let mut effect = Effect::moved(notes.join("\n"), true);
    effect.replaced = Some(loaded.counted || ended);
    effect.fields.insert("path".into(), json!(file.shown));
    Ok(effect)
}

fn option_fields(index: usize, key: &str, label: &str) -> Map<String, Value> {
    let mut fields = Map::new();
    fields.insert("index".into(), json!(index));
    fields.insert("key".into(), json!(key));
    fields.insert("label".into(), json!(label));
    fields
}

fn over(what: &str) -> String {
    format!("the game is over: there is nothing to {what}")
}
