//! Saved games: a versioned JSON file holding the ruleset (a catalog name,
//! or the full path of a script), a hash of its files, the options as typed
//! values, the deal and the choices (by key). Loading runs the script
//! again; if it changed, the choices replay as far as they fit. A save may
//! come from a stranger: it plays a script by path only when the person
//! named that script themselves.

use crate::files::{self, Kind, Replace};
use crate::game::deal::DealFile;
use crate::game::decision::Choice;
use crate::run::live::LiveRun;
use crate::run::Deal;
use crate::script::catalog;
use crate::script::declare::Options;
use crate::session::open::UsageError;
use crate::session::Session;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

const FORMAT: &str = "delve-save";
/// Version 2 stores options as typed JSON; version 1 as `KEY=VALUE` text.
const VERSION: u32 = 2;

#[derive(Serialize, Deserialize)]
struct SaveFile {
    format: String,
    version: u32,
    game: String,
    script_hash: String,
    options: SavedOptions,
    seed: u64,
    /// The deal file's text, so the save stands alone.
    deal: Option<String>,
    choices: Vec<Choice>,
    /// The game already ended once and went into the statistics: it does
    /// not count again when it ends after a load (written only when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    counted: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum SavedOptions {
    Typed(Options),
    /// Version 1: `KEY=VALUE` as typed on a command line.
    Text(Vec<String>),
}

/// Saves to `path`, marking whether the game already counted in the
/// statistics; what may be replaced is `replace`'s to say. Messages name the
/// file `shown`, as the person typed it.
pub(crate) fn save_to(
    session: &Session,
    counted: bool,
    path: &Path,
    shown: &str,
    replace: Replace,
) -> Result<()> {
    files::write(
        path,
        to_json(session, counted)?.as_bytes(),
        Kind::Save,
        replace,
    )
    .with_context(|| format!("can not save to {shown}"))
}

/// The save file's text.
pub(crate) fn to_json(session: &Session, counted: bool) -> Result<String> {
    let file = SaveFile {
        format: FORMAT.into(),
        version: VERSION,
        game: game_of(session),
        script_hash: session.ruleset.hash.clone(),
        options: SavedOptions::Typed(session.options.clone()),
        seed: session.deal.seed,
        deal: session.deal.stack.as_ref().map(|d| d.text.clone()),
        choices: session.choices().to_vec(),
        counted,
    };
    Ok(serde_json::to_string_pretty(&file)? + "\n")
}

/// The ruleset as a save names it: its catalog name, or its script's full
/// path, so the save loads from any folder.
pub(crate) fn game_of(session: &Session) -> String {
    let file = &session.ruleset.file;
    match &file.path {
        Some(path) if catalog::is_path(&file.name) => std::fs::canonicalize(path)
            .unwrap_or_else(|_| path.clone())
            .display()
            .to_string(),
        _ => file.name.clone(),
    }
}

/// A loaded game, with what the player should know about how it loaded.
pub(crate) struct Loaded {
    pub session: Session,
    pub notes: Vec<String>,
    /// The game already counted in the statistics.
    pub counted: bool,
}

/// Who named the script a save plays by path.
#[derive(Clone, Copy)]
pub(crate) enum Trust<'a> {
    /// The person named this script (or none): a save of another script by
    /// path is refused.
    Named(Option<&'a Path>),
    /// The save is delve's own (the autosave): its script path is the one
    /// the person played.
    Own,
}

/// Loads from `path`; messages name it `shown`, as the person typed it.
/// `trusted` is a script the person named themselves: a save that plays a
/// script by path loads only if it is that one.
pub(crate) fn load(path: &Path, shown: &str, trusted: Option<&Path>) -> Result<Loaded> {
    load_trusting(path, shown, Trust::Named(trusted))
}

/// Loads from `path`, trusting a script path as `trust` says.
pub(crate) fn load_trusting(path: &Path, shown: &str, trust: Trust) -> Result<Loaded> {
    let text = crate::read::text(path, crate::read::Kind::Save)
        .with_context(|| format!("can not read {shown}"))?;
    load_text(&text, shown, trust)
}

/// Why a file that is not a save does not load: what it is, in words, and
/// what takes it.
fn not_a_save(shown: &str, text: &str) -> anyhow::Error {
    use crate::file_kind::Kind;
    let what = match crate::file_kind::kind_of(text) {
        Some(Kind::Transcript) => "it is a transcript (its first line names the game): the REPL's `load` takes it and `step` goes through it a line at a time, and `delve replay FILE` plays it whole",
        Some(Kind::Stats) => "it is delve's statistics file: `delve stats` reads it",
        Some(Kind::Shard) => "it is a shard of a `delve sim` run: `delve pool` adds shards up",
        Some(Kind::Snapshot) => "it is a snapshot that `delve test` stored for a transcript: `delve test` compares with it",
        Some(Kind::Chart) => "it is a chart of a `delve sim --sweep`",
        Some(Kind::Deal) => "it is a deal file: `delve play GAME --deal FILE` deals it",
        Some(Kind::Save) => "it starts as a save, but the rest does not read as one (damaged, or cut short)",
        None => "a save is the JSON that `save` writes, starting with \"format\": \"delve-save\"",
    };
    anyhow::anyhow!("{shown} is not a delve save file: {what}")
}

/// Loads a save from its text (a file read, or one a page uploaded).
pub(crate) fn load_text(text: &str, shown: &str, trust: Trust) -> Result<Loaded> {
    let file: SaveFile = serde_json::from_str(text).map_err(|_| not_a_save(shown, text))?;
    if file.format != FORMAT {
        return Err(not_a_save(shown, text));
    }
    if !(1..=VERSION).contains(&file.version) {
        bail!(
            "{shown} is a version {} save; this delve reads versions 1 to {VERSION}",
            file.version
        );
    }
    let script = if catalog::is_path(&file.game) {
        match trust {
            Trust::Named(trusted) => trusted_script(&file.game, shown, trusted)?,
            Trust::Own => catalog::find(&file.game)?,
        }
    } else {
        catalog::find(&file.game)?
    };
    let (live, ruleset) = LiveRun::load(script)?;
    let mut notes = Vec::new();
    if ruleset.hash != file.script_hash {
        notes.push(format!(
            "The script of {} changed since this game was saved: replaying its choices.",
            ruleset.name()
        ));
    }
    let options = match &file.options {
        SavedOptions::Text(settings) => settings
            .iter()
            .map(|s| s.parse().map_err(anyhow::Error::msg))
            .collect::<Result<Vec<_>>>()
            .and_then(|settings| crate::session::open::options_for(&ruleset, &settings)),
        SavedOptions::Typed(saved) => typed_options(&ruleset, saved),
    }
    .with_context(|| format!("the options saved in {shown}"))?;
    let stack = match &file.deal {
        Some(text) => Some(Arc::new(DealFile::parse(shown, text)?)),
        None => None,
    };
    ruleset
        .check_seed(file.seed)
        .map_err(|why| anyhow::anyhow!("the seed saved in {shown}: {why}"))?;
    let wanted = file.choices.len();
    let deal = Deal {
        seed: file.seed,
        stack,
    };
    let session = Session::begin(live, ruleset, options, deal, file.choices)?;
    if let Some(diverged) = session.diverged() {
        notes.push(format!(
            "Replayed {} of {wanted} choices: choice {} (`{}`) is no longer offered there.",
            diverged.at,
            diverged.at + 1,
            diverged.key
        ));
    }
    Ok(Loaded {
        session,
        notes,
        counted: file.counted,
    })
}

/// The script a save names by path, if the person named the same one.
fn trusted_script(game: &str, shown: &str, trusted: Option<&Path>) -> Result<catalog::ScriptFile> {
    let named = PathBuf::from(game);
    let same = trusted
        .and_then(|t| std::fs::canonicalize(t).ok())
        .is_some_and(|t| std::fs::canonicalize(&named).is_ok_and(|n| n == t));
    if !same {
        return Err(UsageError(format!(
            "{shown} plays the script {game}; a save runs a script by path only when you name it yourself: `delve play {game} --load {shown}`"
        ))
        .into());
    }
    catalog::find(game)
}

/// Saved option values, each checked against what the ruleset declares now.
fn typed_options(ruleset: &crate::script::Ruleset, saved: &Options) -> Result<Options> {
    let mut options = ruleset.declared.defaults();
    for (name, value) in saved {
        let Some(spec) = ruleset.option(name) else {
            bail!("{} has no option `{name}` any more", ruleset.name());
        };
        spec.check(value).map_err(anyhow::Error::msg)?;
        options.insert(name.clone(), value.clone());
    }
    Ok(options)
}
