//! A compiled game played from a position to its end, each decision
//! answered by a chooser (the random bot), as the host's loop of a game of
//! positions plays it (`run/steps.rs`): a lone option taken with no
//! decision, each position counted in the game's history where the game
//! has a repetition rule, a cycle of lone options refused where it has
//! none, and the chooser asked before every decision and every end whether
//! the game may go on (the bound on decisions, the work's stop), where the
//! host asks too.

use super::board::Board;
use super::{Compiled, Ended, Move, Repeats};

/// Who answers the decisions of a game played out, and keeps its history.
pub(crate) trait Chooser {
    /// Why the game may not go on.
    type Stop;
    /// Before each decision, a lone option's too, and before the end.
    fn may_go_on(&mut self) -> Result<(), Self::Stop>;
    /// The option taken among `count` (a decision made).
    fn choose(&mut self, count: usize) -> usize;
    /// Counts one more visit of the position on `board`; how many there
    /// have been in the game.
    fn count(&mut self, board: &Board) -> u32;
    /// A choice was made: the chain of lone options starts again.
    fn chosen(&mut self);
    /// A lone option led to `board`: false if the chain was there before.
    fn forced(&mut self, board: &Board) -> bool;
    /// Whether the host would ask a decision of `count` options (else it
    /// fails there, as the host's loop says).
    fn offers(&self, count: usize) -> bool;
}

/// Why a game played out has no end.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Unfinished<S> {
    Stopped(S),
    /// Lone options came back to a position they had passed: no choice
    /// would ever leave it.
    LoneCycle,
    /// The board holds no more of the game the host's loop would play
    /// alike (a decision past what the host asks, a count near what a
    /// board holds): the host plays on from the position laid back.
    HandBack,
}

/// A count a board keeps, at most this far from 0 (it holds an `i16`, and
/// a move spends one at a time).
pub(super) const MOST_COUNT: i16 = 30_000;

impl Compiled {
    /// Whether a board may play the game to its end: its repetition rule,
    /// if any, is declared, not a function of the script.
    pub(crate) fn plays_out(&self) -> bool {
        !matches!(self.repeats, Repeats::ByScript)
    }

    /// Plays on from `board` (a position the host holds, counted in its
    /// history as the host counts it) to the end.
    pub(crate) fn play_out<C: Chooser>(
        &self,
        board: &mut Board,
        chooser: &mut C,
    ) -> Result<Ended, Unfinished<C::Stop>> {
        let (mut moves, mut scratch) = (Vec::<Move>::new(), Vec::new());
        let end = |chooser: &mut C, ended| chooser.may_go_on().map(|()| ended);
        loop {
            let counts = 0..self.counts.len();
            if counts.map(|c| board.count(c)).any(|n| n.abs() > MOST_COUNT) {
                return Err(Unfinished::HandBack);
            }
            self.moves(board, &mut moves);
            if moves.len() > 1 && !chooser.offers(moves.len()) {
                return Err(Unfinished::HandBack);
            }
            if moves.is_empty() {
                return end(chooser, Ended::Lost(self.score(board))).map_err(Unfinished::Stopped);
            }
            chooser.may_go_on().map_err(Unfinished::Stopped)?;
            let lone = moves.len() == 1 && self.takes_lone;
            let index = if lone { 0 } else { chooser.choose(moves.len()) };
            if let Some(ended) = self.play(board, moves[index], &mut scratch) {
                return end(chooser, ended).map_err(Unfinished::Stopped);
            }
            if matches!(self.repeats, Repeats::Never) && !lone {
                chooser.chosen();
                continue;
            }
            let times = chooser.count(board);
            if let Repeats::Lost(most) = self.repeats {
                if times >= most {
                    let ended = Ended::Repeated(self.score(board));
                    return end(chooser, ended).map_err(Unfinished::Stopped);
                }
            }
            if !lone {
                chooser.chosen();
            } else if matches!(self.repeats, Repeats::Never) && !chooser.forced(board) {
                return Err(Unfinished::LoneCycle);
            }
        }
    }
}
