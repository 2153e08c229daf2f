//! A compiled game moved on: a move's cards carried or dealt and its count
//! spent, then what follows by itself (face-down tops turned up, safe cards
//! sent home, each followed by the tops it uncovers), then the win, as the
//! host's declared turn does them (`declared/effects.rs`, `autoplay.rs`,
//! `ending.rs`).

use super::board::{card_of, Board};
use super::{Action, Autoplay, Compiled, Move, Won};

/// How a line ended, with its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    Won(i64),
    /// No move is left.
    Lost(i64),
    /// A position came back as often as the declared repetition rule allows.
    Repeated(i64),
}

impl Compiled {
    /// Makes `mv` and what follows it; the win, if it won.
    pub(crate) fn play(
        &self,
        board: &mut Board,
        mv: Move,
        scratch: &mut Vec<Move>,
    ) -> Option<Ended> {
        let kind = &self.kinds[usize::from(mv.kind)];
        match kind.action {
            Action::Build(_) => board.carry(
                usize::from(mv.from),
                usize::from(mv.to),
                usize::from(mv.count),
            ),
            Action::Deal { from, to, count } => {
                let (from, to) = (usize::from(from), usize::from(to));
                for _ in 0..count.min(board.len(from)) {
                    board.carry(from, to, 1);
                    board.set_top_face(to, self.up[to]);
                }
            }
            Action::Nothing => {}
        }
        if let Some(count) = kind.spends {
            board.set_count(count, board.count(count) - 1);
        }
        self.turn_up(board);
        self.send_home(board, scratch);
        self.won(board).then(|| Ended::Won(self.score(board)))
    }

    fn turn_up(&self, board: &mut Board) {
        for &pile in &self.turn_up {
            let pile = usize::from(pile);
            if board.top(pile).is_some_and(|top| !super::board::is_up(top)) {
                board.set_top_face(pile, true);
            }
        }
    }

    /// Safe cards home, one at a time, the first offered each time.
    fn send_home(&self, board: &mut Board, moves: &mut Vec<Move>) {
        let Some(autoplay) = &self.autoplay else {
            return;
        };
        let kind = &self.kinds[autoplay.kind];
        for _ in 0..=board.card_count() {
            moves.clear();
            super::legal_moves::moves_of(autoplay.kind, kind, board, moves);
            if moves.is_empty() {
                return;
            }
            let safe = safe_among(autoplay, board, moves.iter().copied());
            let Some(home) = safe else {
                return;
            };
            board.carry(
                usize::from(home.from),
                usize::from(home.to),
                usize::from(home.count),
            );
            self.turn_up(board);
        }
    }

    /// The first of `moves` that sends home a card no card still out could
    /// want (the autoplay ruling, in force or not): a move that can not
    /// hurt, where the game has such a ruling and no card comes back from
    /// home. Not from a pile a stock deals onto several cards at a time:
    /// a card taken from there changes which cards later deals lay bare.
    pub(crate) fn safe_move(&self, board: &Board, moves: &[Move]) -> Option<usize> {
        let ruling = self.safe.as_ref()?;
        let kind = ruling.kind as u8;
        let grouped = |pile: u8| {
            self.kinds.iter().any(
                |k| matches!(k.action, Action::Deal { to, count, .. } if to == pile && count > 1),
            )
        };
        let home = moves
            .iter()
            .copied()
            .filter(|m| m.kind == kind && !grouped(m.from));
        let safe = safe_among(ruling, board, home)?;
        moves.iter().position(|&m| m == safe)
    }

    fn won(&self, board: &Board) -> bool {
        match &self.won {
            None => false,
            Some(Won::AllIn(piles)) => {
                piles
                    .iter()
                    .map(|&p| board.len(usize::from(p)))
                    .sum::<usize>()
                    == board.card_count()
            }
            Some(Won::Empty(piles)) => piles.iter().all(|&p| board.len(usize::from(p)) == 0),
        }
    }

    /// The score: the cards the declared piles hold.
    pub(crate) fn score(&self, board: &Board) -> i64 {
        self.score
            .iter()
            .map(|&p| board.len(usize::from(p)) as i64)
            .sum()
    }

    /// Whether lone options are taken without a decision.
    pub(crate) fn takes_lone(&self) -> bool {
        self.takes_lone
    }
}

/// The first of `moves` (all home) whose card no card still out could
/// want; the cards out are read only where there is a move to judge.
fn safe_among(
    ruling: &Autoplay,
    board: &Board,
    moves: impl IntoIterator<Item = Move>,
) -> Option<Move> {
    let mut moves = moves.into_iter().peekable();
    moves.peek()?;
    let mut out = 0u64;
    for pile in 0..board.pile_count() {
        if ruling.homes.contains(&(pile as u8)) {
            continue;
        }
        for &card in board.pile(pile) {
            out |= 1 << card_of(card);
        }
    }
    let unwanted = |card: u8| ruling.wanted[usize::from(card_of(card))] & out == 0;
    moves.find(|m| {
        let cards = board.pile(usize::from(m.from));
        let covered = board.top(usize::from(m.to));
        unwanted(cards[cards.len() - usize::from(m.count)])
            && !(ruling.covered_counts && covered.is_some_and(|c| !unwanted(c)))
    })
}
