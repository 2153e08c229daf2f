//! A bot that tries a move (`after(option, "judge")`), in a game of
//! positions: the option is applied on a copy of the table and the bot's
//! function `judge` asked there, so a bot judges a move by what it does
//! under the rules as written (a house rule's too) instead of working the
//! rules out again. What the player has not seen is dealt afresh in the
//! copy first (from the bot's own stream), and the rules' random numbers
//! there are the bot's, so trying a move shows nothing the player could
//! not know; then the table is put back as it was.

use super::protocol::{hook, read_only, redeal_unseen};
use super::{Runtime, Stop};
use crate::game::random::Random;
use crate::script::host::{fault, Fallible, Host, Mode};
use rhai::{Dynamic, Map, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

pub(super) fn after(
    ctx: &NativeCallContext,
    rt: &Shared,
    option: Dynamic,
    judge: &str,
) -> Fallible<Dynamic> {
    let (mode, positions) = {
        let host = rt.borrow();
        (host.mode(), host.wiring().positions)
    };
    if mode != Mode::Bot {
        return Err(fault(
            "after(option, judge) is for a bot (fn rate or fn bot): it tries a move on a copy"
                .into(),
        ));
    }
    if !positions {
        return Err(fault(
            "after(option, judge) needs a game of positions (fn setup, fn options, fn apply): a story's table can not be copied".into(),
        ));
    }
    let saved = rt.borrow_mut().begin_trial()?;
    if rt.borrow().wiring().has_redeal {
        if let Err(error) = redeal_unseen(ctx, rt) {
            rt.borrow_mut().end_trial(saved);
            return Err(error);
        }
    }
    let applied = read_only(rt, Mode::Play, || {
        hook::<Dynamic>(ctx, rt, "apply", (option,))
    });
    let judged = match applied {
        Ok(_) => Ok(()),
        // The move ended the game: the judge may ask `ended()`.
        Err(_) if rt.borrow_mut().trial_over() => Ok(()),
        Err(error) => Err(error),
    }
    .and_then(|()| read_only(rt, Mode::Bot, || hook::<Dynamic>(ctx, rt, judge, ())));
    rt.borrow_mut().end_trial(saved);
    judged
}

/// What a trial puts aside and puts back.
pub(super) struct Saved {
    snapshot: super::runtime::Snapshot,
    random: Random,
    record_events: bool,
    said_in_step: usize,
    watcher: Option<super::world::Watcher>,
}

impl Runtime {
    /// Copies the table aside and deals what the player has not seen
    /// afresh: every face-down card, shuffled among the face-down places
    /// (in order first); a face-down card no shuffle placed can not be
    /// dealt afresh so, unless the ruleset does it (`fn redeal_unseen`).
    fn begin_trial(&mut self) -> Fallible<Saved> {
        let mut places = Vec::new();
        for (p, pile) in self.table().piles().iter().enumerate() {
            for (i, placed) in pile.placed().iter().enumerate() {
                if placed.face_up {
                    continue;
                }
                if placed.origin.is_none() && !self.wiring().has_redeal {
                    return Err(fault(
                        "after(option, judge): a face-down card here came from no shuffle, so a copy can not deal it afresh; give the ruleset a fn redeal_unseen".into(),
                    ));
                }
                if placed.origin.is_some() {
                    places.push((p, i));
                }
            }
        }
        let seed = self.bot_draw();
        let saved = Saved {
            snapshot: self.snapshot(),
            random: self.swap_random(Random::new(seed)),
            record_events: self.swap_record_events(false),
            said_in_step: self.swap_said_in_step(0),
            watcher: self.take_watcher(),
        };
        let mut dealer = Random::new(seed ^ 0x0071_21A1);
        self.deal_unseen(&places, &mut dealer);
        self.set_trial_stop(None);
        Ok(saved)
    }

    fn end_trial(&mut self, saved: Saved) {
        self.restore(&saved.snapshot);
        self.swap_random(saved.random);
        self.swap_record_events(saved.record_events);
        self.swap_said_in_step(saved.said_in_step);
        self.put_watcher(saved.watcher);
        self.set_trial_stop(None);
    }

    /// Whether the move tried ended the game (its stop is kept for `ended()`).
    fn trial_over(&mut self) -> bool {
        match self.take_stop() {
            Some(Stop::Ended(outcome)) => {
                let mut end = Map::new();
                end.insert("outcome".into(), outcome.result.clone().into());
                let score = outcome
                    .score_number()
                    .map_or(Dynamic::UNIT, |s| (s as i64).into());
                end.insert("score".into(), score);
                self.set_trial_stop(Some(end.into()));
                true
            }
            Some(other) => {
                self.set_stop(other);
                false
            }
            None => false,
        }
    }
}
