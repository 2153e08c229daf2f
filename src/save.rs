//! Saved games: a versioned JSON file holding the ruleset's name, a hash of
//! its script, the options, the deal and the choices (by key). Loading runs
//! the script again; if it changed, the choices replay as far as they fit.
//! Writes go to a temporary file renamed into place, so a crash mid-write
//! never leaves a broken save.

use crate::deal::DealFile;
use crate::decider::Choice;
use crate::files;
use crate::open::options_for;
use crate::script::{Deal, Ruleset};
use crate::session::Session;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::rc::Rc;

const FORMAT: &str = "delve-save";
const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct SaveFile {
    format: String,
    version: u32,
    game: String,
    script_hash: String,
    /// Option values as typed on the command line (`KEY=VALUE`).
    options: Vec<String>,
    seed: u64,
    /// The deal file's text, so the save stands alone.
    deal: Option<String>,
    choices: Vec<Choice>,
}

/// Saves to `path`; messages name it `shown`, as the person typed it.
pub fn save(session: &Session, path: &Path, shown: &str) -> Result<()> {
    let file = SaveFile {
        format: FORMAT.into(),
        version: VERSION,
        game: session.ruleset.name().to_string(),
        script_hash: session.ruleset.hash.clone(),
        options: session
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect(),
        seed: session.deal.seed,
        deal: session.deal.stack.as_ref().map(|d| d.text.clone()),
        choices: session.choices().to_vec(),
    };
    let json = serde_json::to_string_pretty(&file)? + "\n";
    files::write_atomically(path, json.as_bytes())
        .with_context(|| format!("can not save to {shown}"))
}

/// A loaded game, with what the player should know about how it loaded.
pub struct Loaded {
    pub session: Session,
    pub notes: Vec<String>,
}

/// Loads from `path`; messages name it `shown`, as the person typed it.
pub fn load(path: &Path, shown: &str) -> Result<Loaded> {
    let text = std::fs::read_to_string(path).with_context(|| format!("can not read {shown}"))?;
    let file: SaveFile =
        serde_json::from_str(&text).with_context(|| format!("{shown} is not a delve save file"))?;
    if file.format != FORMAT {
        bail!("{shown} is not a delve save file");
    }
    if file.version != VERSION {
        bail!(
            "{shown} is a version {} save; this delve reads version {VERSION}",
            file.version
        );
    }
    let ruleset = Ruleset::load(&file.game)?;
    let mut notes = Vec::new();
    if ruleset.hash != file.script_hash {
        notes.push(format!(
            "The script of {} changed since this game was saved: replaying its choices.",
            file.game
        ));
    }
    let options = options_for(&ruleset, &file.options)
        .with_context(|| format!("the options saved in {shown}"))?;
    let stack = match &file.deal {
        Some(text) => Some(Rc::new(DealFile::parse(shown, text)?)),
        None => None,
    };
    let wanted = file.choices.len();
    let deal = Deal {
        seed: file.seed,
        stack,
    };
    let session = Session::resume(Rc::new(ruleset), options, deal, file.choices)?;
    if let Some(diverged) = &session.run().diverged {
        notes.push(format!(
            "Replayed {} of {wanted} choices: choice {} (`{}`) is no longer offered there.",
            diverged.at,
            diverged.at + 1,
            diverged.key
        ));
    }
    Ok(Loaded { session, notes })
}
