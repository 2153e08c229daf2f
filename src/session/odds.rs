//! The odds of a person's decision: Monte Carlo estimates of every option
//! from worlds the player can not tell apart (no face-down card is read),
//! played on every core until the verdict or the hint's budget; Ctrl-C
//! cuts them short with the best so far. The last odds are kept for their
//! decision, so that asking again there (the page's Hint, then its Odds)
//! gives the same answer from the same worlds, at once.

use super::Session;
use crate::game::decision::Choice;
use crate::run::mc::{estimate_on_cores, Estimates, Failure, Settings};
use crate::run::search::{Searched, Settled};
use crate::run::solve::Halt;
use crate::script::cancel::Cancel;
use crate::script::engine::INTERRUPT;
use crate::script::error::ErrorKind;
use std::sync::atomic::Ordering;

/// Odds kept: the deal and choices they were worked out after, and how.
pub(super) struct Kept {
    seed: u64,
    choices: Vec<Choice>,
    settings: String,
    hinted: Hinted,
}

/// How a hint was answered: by a search, where the player sees everything
/// (whatever it settled: worlds there would all be this one game), or by
/// worlds.
#[derive(Clone)]
pub(crate) enum Hinted {
    Searched(Searched),
    Worlds(Estimates),
}

impl Session {
    /// The hint now: where the player sees everything, a search from here
    /// (`search_hint.rs`), which is the answer whatever it settles; else
    /// the odds of every option. The worlds run on threads of their own, each
    /// with a fresh copy of the ruleset, so the live run stays as it is. A
    /// hint worked out at this decision before with these settings is
    /// given again.
    pub(crate) fn hint_mc(&mut self, settings: &Settings) -> Result<Hinted, Failure> {
        let asked = format!("{settings:?}");
        if let Some(kept) = self.odds.as_ref().filter(|k| {
            k.seed == self.deal.seed && k.choices == self.choices && k.settings == asked
        }) {
            return Ok(kept.hinted.clone());
        }
        INTERRUPT.store(false, Ordering::Relaxed);
        let interrupted = || INTERRUPT.load(Ordering::Relaxed);
        // The budget holds from here: the search, the replays to this
        // decision and the worlds are all spent from it.
        let started = std::time::Instant::now();
        let within = Cancel::within(settings.budget, None);
        let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let mut shown = false;
        let fresh = settings.seed ^ 0x5EA2_C4ED_0000 ^ self.choices.len() as u64;
        let search = within.over(|| {
            self.search_hint(fresh, &mut |p| {
                if terminal && started.elapsed().as_millis() > 1000 {
                    eprint!(
                        "\rhint: searching, {} positions, {:.1} s, Ctrl-C to stop ",
                        p.positions, p.seconds
                    );
                    shown = true;
                }
            })
        });
        if let Some(found) = search {
            if shown {
                eprint!("\r\x1b[K");
            }
            // A search a person stopped (or its client left) is not kept:
            // asked again, it goes on.
            let stopped = INTERRUPT.swap(false, Ordering::Relaxed)
                || matches!(
                    found.settled,
                    Settled::Unknown(Some(Halt::Interrupted | Halt::Called))
                );
            let hinted = Hinted::Searched(found);
            if !stopped {
                self.keep(asked, hinted.clone());
            }
            return Ok(hinted);
        }
        let mut progress = |accepted: usize, tried: usize| {
            if terminal && started.elapsed().as_millis() > 1000 {
                eprint!(
                    "\rhint: {accepted} worlds ({tried} tried), {:.1} s, Ctrl-C for the best so far ",
                    started.elapsed().as_secs_f64()
                );
                shown = true;
            }
        };
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let result = within.over(|| {
            estimate_on_cores(
                &self.ruleset.file,
                &self.options,
                &self.deal,
                &self.choices,
                settings,
                cores,
                &interrupted,
                &mut progress,
            )
        });
        // Odds a person cut short are not kept: asked again, they go on.
        let stopped = INTERRUPT.swap(false, Ordering::Relaxed);
        let result = match result {
            Ok(mut estimates) => {
                estimates.elapsed = started.elapsed();
                Ok(estimates)
            }
            Err(failure) if !stopped && within.why().is_some() && cut_short(&failure) => {
                Err(Failure::Late(settings.budget.unwrap_or_default()))
            }
            Err(failure) => Err(failure),
        };
        if shown {
            eprint!("\r\x1b[K");
        }
        let hinted = result.map(Hinted::Worlds);
        if let (Ok(hinted), false) = (&hinted, stopped) {
            self.keep(asked, hinted.clone());
        }
        hinted
    }

    /// Keeps a hint for the decision it was worked out at.
    fn keep(&mut self, settings: String, hinted: Hinted) {
        self.odds = Some(Kept {
            seed: self.deal.seed,
            choices: self.choices.clone(),
            settings,
            hinted,
        });
    }
}

/// Whether an estimate failed for being stopped (before any world, or
/// inside the replay to the decision).
fn cut_short(failure: &Failure) -> bool {
    match failure {
        Failure::Stopped => true,
        Failure::Script(error) => error.kind == ErrorKind::Interrupted,
        _ => false,
    }
}
