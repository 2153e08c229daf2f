//! A compiled game played from a position to its end, each decision
//! answered by a chooser (the random bot), as the host's loop of a game of
//! positions plays it (`run/steps.rs`): a lone option taken with no
//! decision, each position counted where the game has a repetition rule,
//! a cycle of lone options refused where it has none, and the chooser
//! asked before every decision and every end whether the game may go on
//! (the bound on decisions, the work's stop), where the host asks too.

use super::board::Board;
use super::{Compiled, Ended, Move, Repeats};
use std::collections::{HashMap, HashSet};

/// Who answers the decisions of a game played out.
pub(crate) trait Chooser {
    /// Why the game may not go on.
    type Stop;
    /// Before each decision, a lone option's too, and before the end.
    fn may_go_on(&mut self) -> Result<(), Self::Stop>;
    /// The option taken among `count` (a decision made).
    fn choose(&mut self, count: usize) -> usize;
}

/// Why a game played out has no end.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Unfinished<S> {
    Stopped(S),
    /// Lone options came back to a position they had passed: no choice
    /// would ever leave it.
    LoneCycle,
}

impl Compiled {
    /// Whether a board may play the game to its end: its repetition rule,
    /// if any, is declared, not a function of the script.
    pub(crate) fn plays_out(&self) -> bool {
        !matches!(self.repeats, Repeats::ByScript)
    }

    /// Plays on from `board` (the game's first position, already counted
    /// by the host) to the end.
    pub(crate) fn play_out<C: Chooser>(
        &self,
        board: &mut Board,
        chooser: &mut C,
    ) -> Result<Ended, Unfinished<C::Stop>> {
        let mut times: HashMap<u64, u32> = HashMap::new();
        let mut since_choice: HashSet<u64> = HashSet::new();
        if matches!(self.repeats, Repeats::Lost(_)) {
            times.insert(self.exact_key(board), 1);
        }
        let (mut moves, mut scratch) = (Vec::<Move>::new(), Vec::new());
        let end = |chooser: &mut C, ended| chooser.may_go_on().map(|()| ended);
        loop {
            self.moves(board, &mut moves);
            if moves.is_empty() {
                return end(chooser, Ended::Lost(self.score(board))).map_err(Unfinished::Stopped);
            }
            chooser.may_go_on().map_err(Unfinished::Stopped)?;
            let lone = moves.len() == 1 && self.takes_lone;
            let index = if lone { 0 } else { chooser.choose(moves.len()) };
            if let Some(ended) = self.play(board, moves[index], &mut scratch) {
                return end(chooser, ended).map_err(Unfinished::Stopped);
            }
            match self.repeats {
                Repeats::Lost(most) => {
                    let seen = times.entry(self.exact_key(board)).or_insert(0);
                    *seen += 1;
                    if *seen >= most {
                        let ended = Ended::Repeated(self.score(board));
                        return end(chooser, ended).map_err(Unfinished::Stopped);
                    }
                }
                Repeats::Never if lone => {
                    if !since_choice.insert(self.exact_key(board)) {
                        return Err(Unfinished::LoneCycle);
                    }
                    continue;
                }
                Repeats::Never | Repeats::ByScript => {}
            }
            if !lone {
                since_choice.clear();
            }
        }
    }
}
