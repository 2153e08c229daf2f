//! The odds of a person's decision: Monte Carlo estimates of every option
//! from worlds the player can not tell apart (no face-down card is read),
//! played on every core until the verdict or the hint's budget; Ctrl-C
//! cuts them short with the best so far. The last odds are kept for their
//! decision, so that asking again there (the page's Hint, then its Odds)
//! gives the same answer from the same worlds, at once.

use super::Session;
use crate::game::decision::Choice;
use crate::run::mc::{estimate_on_cores, Estimates, Failure, Settings};
use crate::script::engine::INTERRUPT;
use std::sync::atomic::Ordering;

/// Odds kept: the deal and choices they were worked out after, and how.
pub(super) struct Kept {
    seed: u64,
    choices: Vec<Choice>,
    settings: String,
    estimates: Estimates,
}

impl Session {
    /// The odds of every option now; the worlds run on threads of their
    /// own, each with a fresh copy of the ruleset, so the live run stays as
    /// it is. Odds worked out at this decision before with these settings
    /// are given again.
    pub(crate) fn hint_mc(&mut self, settings: &Settings) -> Result<Estimates, Failure> {
        let asked = format!("{settings:?}");
        if let Some(kept) = self.odds.as_ref().filter(|k| {
            k.seed == self.deal.seed && k.choices == self.choices && k.settings == asked
        }) {
            return Ok(kept.estimates.clone());
        }
        INTERRUPT.store(false, Ordering::Relaxed);
        let interrupted = || INTERRUPT.load(Ordering::Relaxed);
        let started = std::time::Instant::now();
        let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let mut shown = false;
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
        let result = estimate_on_cores(
            &self.ruleset.file,
            &self.options,
            &self.deal,
            &self.choices,
            settings,
            cores,
            &interrupted,
            &mut progress,
        );
        // Odds a person cut short are not kept: asked again, they go on.
        let stopped = INTERRUPT.swap(false, Ordering::Relaxed);
        if shown {
            eprint!("\r\x1b[K");
        }
        if let (Ok(estimates), false) = (&result, stopped) {
            self.odds = Some(Kept {
                seed: self.deal.seed,
                choices: self.choices.clone(),
                settings: asked,
                estimates: estimates.clone(),
            });
        }
        result
    }
}
