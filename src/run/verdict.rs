//! What a solver is given and gives back, whichever engine searches (the
//! replay passes of `solve.rs` or the search on copies of `search/`): its
//! budget (`budget.rs`), how far it got, its verdict and the lines it found.

use super::Outcome;
use crate::game::decision::Choice;
use crate::script::objective::Objective;

pub(crate) use super::budget::{Budget, Halt};

/// What a search found of the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Winnable,
    /// Every line searched: none wins.
    NotWinnable,
    /// The budget ran out first, or a line passed the depth cap.
    Unknown,
}

/// A line played to its end: every choice from the start, and how it ended.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub choices: Vec<Choice>,
    pub outcome: Outcome,
}

/// A search's answer and how far it got.
#[derive(Debug)]
pub(crate) struct Solved {
    pub verdict: Verdict,
    pub halted: Option<Halt>,
    /// The first winning line found.
    pub win: Option<Line>,
    /// The line with the highest score found (a win first, in `best` mode
    /// the highest of the wins).
    pub best: Option<Line>,
    /// Every line searched, none stopped by the budget (with `best`, the
    /// best score is then proven).
    pub exhausted: bool,
    pub stats: Progress,
}

/// How far a search has got, for progress and the answer.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Progress {
    pub nodes: u64,
    /// Decisions replayed to reach them.
    pub replays: u64,
    /// Runs played, each a line.
    pub probes: u64,
    pub positions: usize,
    /// The deepest line, in decisions from the start.
    pub deepest: usize,
    /// Lines cut at the depth cap.
    pub too_deep: u64,
    pub best_score: Option<f64>,
    pub seconds: f64,
    /// Passes begun: pass k searches the lines that leave the ruleset's
    /// bot at most k - 1 times.
    pub passes: u32,
    /// The most bytes the copies of positions it kept held at once, as it
    /// counts them against `Budget::copies` (a game of positions).
    pub held: usize,
    /// Positions let go with a card stranded (`Budget::wins_only`): no
    /// line from them wins, but their ends were not weighed.
    pub stranded: u64,
}

/// Whether `outcome` beats the best so far by what the ruleset plays for:
/// a win beats any other end (unless the score alone counts), then the
/// better score (the lower, where the ruleset counts cards left).
pub(crate) fn better(outcome: &Outcome, best: Option<&Outcome>, objective: Objective) -> bool {
    let Some(best) = best else {
        return true;
    };
    let rank = |o: &Outcome| {
        let win = o.is_win() && !objective.score_alone();
        let score = o
            .score_number()
            .map_or(f64::NEG_INFINITY, |s| objective.ranked(s));
        (win, score)
    };
    rank(outcome) > rank(best)
}
