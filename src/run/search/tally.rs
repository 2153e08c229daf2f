//! What a search keeps whatever order it searches in: its budget and
//! whether it is spent, how far it has got, and the lines it found (the
//! first win, the best end), which make its answer.

use super::super::verdict::{better, Budget, Halt, Line, Progress, Solved, Verdict};
use super::super::Outcome;
use crate::game::decision::Choice;
use crate::script::engine::INTERRUPT;
use crate::script::host::Fallible;
use std::sync::atomic::Ordering;
use std::time::Instant;

pub(super) struct Tally {
    pub(super) budget: Budget,
    pub(super) started: Instant,
    deadline: Option<Instant>,
    pub(super) stats: Progress,
    win: Option<Line>,
    best: Option<Line>,
    halted: Option<Halt>,
    /// Every line was searched (within the depth cap).
    pub(super) exhausted: bool,
    pub(super) done: bool,
}

impl Tally {
    pub(super) fn new(budget: Budget) -> Tally {
        let started = Instant::now();
        Tally {
            budget,
            started,
            deadline: budget.time.map(|t| started + t),
            stats: Progress {
                passes: 1,
                ..Progress::default()
            },
            win: None,
            best: None,
            halted: None,
            exhausted: false,
            done: false,
        }
    }

    /// Stops the search if its budget is spent (with `positions` kept in
    /// its table); whether it did.
    pub(super) fn spent(&mut self, positions: usize) -> bool {
        let halt = if INTERRUPT.load(Ordering::Relaxed) {
            Some(Halt::Interrupted)
        } else if self.stats.nodes >= self.budget.nodes {
            Some(Halt::Nodes)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Halt::Time)
        } else if positions >= self.budget.table {
            Some(Halt::Table)
        } else {
            None
        };
        if halt.is_some() {
            self.halted = halt;
            self.done = true;
        }
        halt.is_some()
    }

    /// Every line searched: the search is done.
    pub(super) fn exhaust(&mut self) {
        self.exhausted = true;
        self.done = true;
    }

    /// A line that ended: kept if it is the first win or the best end so
    /// far (`choices` gives its choices, worked out only then). A win ends
    /// the search unless it looks for the best score.
    pub(super) fn ended(
        &mut self,
        outcome: Outcome,
        choices: impl FnOnce() -> Fallible<Vec<Choice>>,
    ) -> Fallible<()> {
        self.stats.probes += 1;
        let is_best = better(&outcome, self.best.as_ref().map(|b| &b.outcome));
        let wins = outcome.is_win() && self.win.is_none();
        if !is_best && !wins {
            return Ok(());
        }
        let line = Line {
            choices: choices()?,
            outcome,
        };
        if is_best {
            self.stats.best_score = line.outcome.score_number();
            self.best = Some(line.clone());
        }
        if wins {
            self.win = Some(line);
            if !self.budget.best {
                self.done = true;
            }
        }
        Ok(())
    }

    /// The answer: a proof of "not winnable" needs every line searched,
    /// none cut by the depth cap or the budget, and nothing else left out
    /// (`complete`).
    pub(super) fn solved(self, complete: bool) -> Solved {
        let exhausted = self.exhausted && self.halted.is_none() && complete;
        let proven = exhausted && self.stats.too_deep == 0;
        let verdict = match (&self.win, proven) {
            (Some(_), _) => Verdict::Winnable,
            (None, true) => Verdict::NotWinnable,
            (None, false) => Verdict::Unknown,
        };
        Solved {
            verdict,
            halted: self.halted,
            win: self.win,
            best: self.best,
            exhausted,
            stats: self.stats,
        }
    }
}
