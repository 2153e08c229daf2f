//! `delve check`: random play with every invariant checked after every
//! step. A failure names the seed and the choices, as a transcript that
//! `delve replay` plays back.

use crate::decider::{Choice, RandomBot};
use crate::open::options_for;
use crate::save;
use crate::script::{Deal, Ruleset, Run, RunEnd, RunPlan};
use crate::session::Session;
use anyhow::Result;
use rhai::Map;
use std::rc::Rc;

/// A broken invariant, with what it takes to see it again.
#[derive(Debug)]
pub struct Failure {
    pub seed: u64,
    pub invariant: &'static str,
    pub detail: String,
    /// The transcript that replays the game up to the failure.
    pub transcript: String,
}

/// Checks `games` games from seed `first`; the first failure stops it.
pub fn check(game: &str, opts: &[String], first: u64, games: u64) -> Result<Option<Failure>> {
    let ruleset = Rc::new(Ruleset::load(game)?);
    let options = options_for(&ruleset, opts)?;
    for seed in first..first + games {
        if let Err(failure) = check_game(&ruleset, &options, seed, opts) {
            return Ok(Some(failure));
        }
    }
    Ok(None)
}

fn check_game(
    ruleset: &Rc<Ruleset>,
    options: &Map,
    seed: u64,
    opts: &[String],
) -> Result<(), Failure> {
    let deal = Deal { seed, stack: None };
    let mut plan = RunPlan::new(options.clone(), deal.clone(), Vec::new());
    plan.bot = Some(Box::new(RandomBot::new(seed)));
    plan.check_cards = true;
    let played = ruleset.run(plan);
    let fail = |invariant, detail: String, choices: &[Choice]| Failure {
        seed,
        invariant,
        detail,
        transcript: transcript(ruleset.name(), seed, opts, choices),
    };
    match &played.end {
        RunEnd::Ended(_) => {}
        RunEnd::Failed(error) => {
            let invariant = if error.message.contains("not conserved") {
                "cards are conserved"
            } else if error.message.contains("decisions without ending") {
                "the game ends"
            } else {
                "no script error"
            };
            return Err(fail(invariant, error.message.clone(), &played.choices));
        }
        RunEnd::Asking(_) => {
            return Err(fail(
                "the game ends",
                "the bot stopped answering".into(),
                &played.choices,
            ))
        }
    }

    let mut again = RunPlan::new(options.clone(), deal.clone(), played.choices.clone());
    again.check_cards = true;
    let replayed = ruleset.run(again);
    if let Some(difference) = differs(&played, &replayed) {
        return Err(fail(
            "the same choices replay the same game",
            difference,
            &played.choices,
        ));
    }

    // Undo, redo and save at a point that depends on the seed.
    let at = if played.choices.is_empty() {
        0
    } else {
        (seed as usize * 7919) % played.choices.len()
    };
    let prefix = played.choices[..at].to_vec();
    let mut session = Session::resume(ruleset.clone(), options.clone(), deal, prefix.clone())
        .map_err(|e| fail("no script error", e.message, &prefix))?;
    let before = session.run().clone();
    let undone = session
        .undo()
        .map_err(|e| fail("no script error", e.message, &prefix))?;
    if undone {
        session
            .redo()
            .map_err(|e| fail("no script error", e.message, &prefix))?;
    }
    if let Some(difference) = differs(&before, session.run()) {
        return Err(fail(
            "undo then redo returns to the same state",
            difference,
            &prefix,
        ));
    }
    let dir = tempfile::tempdir().map_err(|e| fail("a save loads back", e.to_string(), &prefix))?;
    let path = dir.path().join("check.json");
    let loaded = save::save(&session, &path, "check.json")
        .and_then(|_| save::load(&path, "check.json"))
        .map_err(|e| {
            fail(
                "a save loads back to the same state",
                format!("{e:#}"),
                &prefix,
            )
        })?;
    if let Some(difference) = differs(&before, loaded.session.run()) {
        return Err(fail(
            "a save loads back to the same state",
            difference,
            &prefix,
        ));
    }
    Ok(())
}

/// What differs between two runs that should be the same, if anything.
fn differs(a: &Run, b: &Run) -> Option<String> {
    if a.table != b.table {
        return Some("the table differs".into());
    }
    if a.events != b.events {
        let at = a
            .events
            .iter()
            .zip(&b.events)
            .position(|(x, y)| x != y)
            .unwrap_or(a.events.len().min(b.events.len()));
        return Some(format!(
            "the log differs from entry {}: {:?} against {:?}",
            at + 1,
            a.events.get(at),
            b.events.get(at)
        ));
    }
    if format!("{:?}", a.end) != format!("{:?}", b.end) {
        return Some(format!("the end differs: {:?} against {:?}", a.end, b.end));
    }
    None
}

/// A transcript of the choices, by number as a person would type them.
fn transcript(game: &str, seed: u64, opts: &[String], choices: &[Choice]) -> String {
    let mut text = format!("# game: {game}\n# seed: {seed}\n");
    for opt in opts {
        text += &format!("# opt: {opt}\n");
    }
    for choice in choices {
        text += &format!("{}\n", choice.index + 1);
    }
    text
}

/// Every shipped ruleset with its defaults and with each other value of
/// each option that has a few (true/false, or a list of allowed values).
pub fn every_configuration() -> Vec<(String, Vec<String>)> {
    let mut configurations = Vec::new();
    for name in crate::script::catalog::names() {
        configurations.push((name.clone(), Vec::new()));
        let Ok(ruleset) = Ruleset::load(&name) else {
            continue;
        };
        for spec in &ruleset.declared.options {
            let others: Vec<String> = if spec.default.is_bool() {
                vec![(!spec.default.as_bool().unwrap_or(false)).to_string()]
            } else {
                spec.allowed
                    .iter()
                    .filter(|a| **a != spec.default.to_string())
                    .cloned()
                    .collect()
            };
            for value in others {
                configurations.push((name.clone(), vec![format!("{}={value}", spec.name)]));
            }
        }
    }
    configurations
}
