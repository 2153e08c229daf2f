//! One world of an estimate made from a copy of the player's position, in a
//! game of positions (`runtime/world_copy.rs`): no replay of the choices
//! that led there, so a world costs the same at decision 60 as at 5. The
//! face-down cards the player has not seen are dealt afresh (and what the
//! rules made face down, by the ruleset's `fn redeal_unseen`); the world's
//! options must be the player's, or it is left out; then each option still
//! played is applied on a copy of the world and played out by the rollout
//! player. Options that come to the same position (the host's key) are
//! played out once from there: the same game from the same place. A world
//! counts for every option or for none.

use super::super::protocol::{ask_bot, build_prompt, redeal_unseen};
use super::super::runtime::{Position, Unseen};
use super::super::steps::{applied, options_of, play_on};
use super::super::{Answerer, Outcome, Program, Runtime, Stop};
use super::playout::World;
use super::{Moment, Settings};
use crate::game::random::Random;
use crate::script::declare::Options;
use crate::script::error::ErrorKind;
use crate::script::host::{Asked, Fallible, Host};
use crate::script::ScriptError;
use rhai::{Dynamic, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

/// The player's position and the places of what a world deals afresh.
#[derive(Clone, Debug)]
pub(crate) struct Copyable {
    pub(crate) position: Position,
    pub(crate) unseen: Unseen,
}

/// Plays world `seed` at `moment` (which has a copy) for every option
/// `alive` says is still played, under the ruleset's `options`.
pub(super) fn play_world(
    program: &Program,
    options: &Options,
    moment: &Moment,
    settings: &Settings,
    seed: u64,
    alive: &[bool],
    stop: &dyn Fn() -> bool,
) -> World {
    let copy = moment.copy.clone().expect("a world from a copy needs one");
    let rt = program.host().clone();
    // A world begins no run: the options the game was set up with are
    // the copy's too.
    rt.borrow_mut().set_options(options);
    let result: Rc<RefCell<Option<World>>> = Rc::default();
    let (out, keys) = (result.clone(), moment.keys());
    let (alive, rollout) = (alive.to_vec(), settings.rollout);
    // The closure must own what it reads: the stop test is polled here,
    // between the options.
    let stopped = stop();
    let run = program.drive(Box::new(move |ctx| {
        let world = world(ctx, &rt, &copy, &keys, seed, &alive, rollout, stopped)?;
        *out.borrow_mut() = Some(world);
        Ok(Dynamic::UNIT)
    }));
    let taken = result.borrow_mut().take();
    let world = match (taken, run) {
        (Some(world), _) => world,
        (None, Err(error)) => World::Failed(error),
        (None, Ok(_)) => World::Failed(ScriptError::new(
            ErrorKind::Runtime,
            "delve: a world ended without a result".into(),
        )),
    };
    // A world called off inside a step is stopped, not failed.
    match world {
        World::Failed(error) if error.kind == ErrorKind::Interrupted && stop() => World::Stopped,
        world => world,
    }
}

#[allow(clippy::too_many_arguments)]
fn world(
    ctx: &NativeCallContext,
    rt: &Shared,
    copy: &Copyable,
    keys: &[String],
    seed: u64,
    alive: &[bool],
    rollout: Answerer,
    stopped: bool,
) -> Fallible<World> {
    if stopped {
        return Ok(World::Stopped);
    }
    rt.borrow_mut().enter_world(&copy.position, seed, rollout);
    let mut dealer = Random::new(seed ^ 0xDEA1_AF12_E500);
    rt.borrow_mut().deal_unseen(&copy.unseen, &mut dealer);
    if rt.borrow().wiring().has_redeal {
        redeal_unseen(ctx, rt)?;
    }
    // The world's decision must be the player's, option for option.
    rt.borrow_mut().force_labels(Some(true));
    let (question, options) = options_of(ctx, rt)?;
    let asked = Asked {
        verb: "options",
        question: &question,
        options: &options,
    };
    let prompt = build_prompt(ctx, rt, &asked)?;
    rt.borrow_mut().force_labels(None);
    if prompt.options.iter().map(|o| &o.key).ne(keys.iter()) {
        return Ok(World::Rejected);
    }
    let bot_took = if rollout == Answerer::ScriptBot && rt.borrow().wiring().bot.is_some() {
        Some(ask_bot(ctx, rt, &asked)?)
    } else {
        None
    };
    let world = Position {
        snapshot: rt.borrow().snapshot(),
        history: copy.position.history.clone(),
    };
    let mut results: Vec<Option<Outcome>> = vec![None; options.len()];
    let mut keys: Vec<Option<u64>> = vec![None; options.len()];
    for (i, option) in options.iter().enumerate() {
        if !alive[i] {
            continue;
        }
        rt.borrow_mut().enter_world(&world, seed, rollout);
        let played = match applied_here(ctx, rt, option.clone()) {
            Ok(After::Ended(outcome)) => Ok(outcome),
            Ok(After::At(key)) => {
                keys[i] = Some(key);
                let before = (0..i).find(|&j| keys[j] == Some(key));
                match before.and_then(|j| results[j].clone()) {
                    Some(outcome) => Ok(outcome),
                    None => played_on(ctx, rt),
                }
            }
            Err(error) => Err(error),
        };
        match played {
            Ok(outcome) => results[i] = Some(outcome),
            Err(error) if error.kind == ErrorKind::TooLong => return Ok(World::Endless),
            Err(error) => return Ok(World::Failed(error)),
        }
    }
    Ok(World::Accepted {
        results,
        keys,
        bot_took,
    })
}

/// Where an option applied in a world left it.
enum After {
    /// The game ended there.
    Ended(Outcome),
    /// It goes on from the position of this key.
    At(u64),
}

/// An option applied in the world.
fn applied_here(
    ctx: &NativeCallContext,
    rt: &Shared,
    option: Dynamic,
) -> Result<After, ScriptError> {
    rt.borrow().wiring().decided.set(true);
    match applied(ctx, rt, option, false) {
        Ok(()) => Ok(After::At(rt.borrow().key())),
        Err(error) => ended(rt, &error).map(After::Ended),
    }
}

/// The rollout player from where the option left the world, to the end.
fn played_on(ctx: &NativeCallContext, rt: &Shared) -> Result<Outcome, ScriptError> {
    // The random bot plays a wholly declared game out on boards.
    let played = super::super::board_play::played_out(rt).unwrap_or_else(|| play_on(ctx, rt));
    let Err(error) = played else {
        unreachable!("a game plays on until it ends or fails")
    };
    ended(rt, &error)
}

/// How the world ended, after `error` stopped its script.
fn ended(rt: &Shared, error: &rhai::EvalAltResult) -> Result<Outcome, ScriptError> {
    // The stop is taken first: a borrow held over the match would clash
    // with the last arm's.
    let stop = rt.borrow_mut().take_stop();
    match stop {
        Some(Stop::Ended(outcome)) => Ok(outcome),
        Some(Stop::Failed(failed)) => Err(failed),
        _ => Err(rt.borrow().wiring().places.hook_error("apply", error)),
    }
}
