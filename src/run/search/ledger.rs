//! What a search keeps whatever order it searches in: its budget and the
//! meter that holds it to that (`run/budget.rs`: a copy replays nothing,
//! so it counts decisions met, each option applied), how far it has got,
//! and the lines it found (the first win, the best end), which make its
//! answer.

use super::super::budget::Meter;
use super::super::verdict::{better, Budget, Halt, Line, Progress, Solved, Verdict};
use super::super::Outcome;
use crate::game::decision::Choice;
use crate::script::host::Fallible;
use crate::script::objective::Objective;
use std::time::Instant;

pub(super) struct Tally {
    pub(super) budget: Budget,
    meter: Meter,
    /// What the ruleset plays for: which end is the best.
    objective: Objective,
    pub(super) started: Instant,
    pub(super) stats: Progress,
    win: Option<Line>,
    best: Option<Line>,
    halted: Option<Halt>,
    /// Every line was searched (within the depth cap).
    pub(super) exhausted: bool,
    pub(super) done: bool,
}

impl Tally {
    pub(super) fn new(budget: Budget, meter: Meter, objective: Objective) -> Tally {
        let started = meter.started();
        Tally {
            budget,
            meter,
            objective,
            started,
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

    /// Counts a decision met (an option applied); whether the search must
    /// stop.
    pub(super) fn meet(&mut self) -> bool {
        let halt = self.meter.meet();
        self.stats.nodes = self.meter.nodes();
        self.halt(halt)
    }

    /// Stops the search if its budget is spent (with `positions` kept in
    /// its table); whether it did.
    pub(super) fn spent(&mut self, positions: usize) -> bool {
        self.spent_within(positions, self.budget.table)
    }

    /// `spent`, with a table of at most `table` positions.
    pub(super) fn spent_within(&mut self, positions: usize, table: usize) -> bool {
        let halt = self
            .meter
            .spent()
            .or_else(|| (positions >= table).then_some(Halt::Table));
        self.halt(halt)
    }

    /// The copies the search keeps would hold more than the budget's
    /// `copies`: it halts.
    pub(super) fn out_of_copies(&mut self) {
        self.halt(Some(Halt::Copies));
    }

    /// A script call of the search was stopped (by the search's time or
    /// its caller's stop): the search halts, for the meter's reason.
    pub(super) fn interrupted(&mut self) {
        let why = self.meter.spent().unwrap_or(Halt::Interrupted);
        self.halt(Some(why));
    }

    fn halt(&mut self, halt: Option<Halt>) -> bool {
        if halt.is_some() && !self.done {
            self.halted = halt;
            self.done = true;
        }
        self.done && self.halted.is_some()
    }

    /// A decision met `depth` decisions from the start: counted as the
    /// deepest if it is; whether it lies past the depth cap (then it is
    /// not searched, and counted so: no proof rests on a cut line).
    pub(super) fn too_deep(&mut self, depth: usize) -> bool {
        let cut = self.past_cap(depth);
        if cut {
            self.stats.too_deep += 1;
        }
        cut
    }

    /// A decision met `depth` decisions from the start, in a lane that
    /// proves nothing: counted as the deepest if it is; whether it lies
    /// past the depth cap (then it is not searched, and not counted as a
    /// cut: no proof rests on that lane).
    pub(super) fn past_cap(&mut self, depth: usize) -> bool {
        self.stats.deepest = self.stats.deepest.max(depth + 1);
        depth >= self.budget.depth
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
        let is_best = better(
            &outcome,
            self.best.as_ref().map(|b| &b.outcome),
            self.objective,
        );
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
