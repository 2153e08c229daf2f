//! Stranded cards: a position no line can win from, told by the cards
//! alone. A card the win needs to leave its pile, in a pile only its top
//! card ever leaves, is stranded when no card it may go onto can ever lie
//! where it would go: each such card is either buried in a pile no card
//! leaves, or lies under it in its own pile (it can not come out before
//! the card does), and no empty pile it may start is left or can be made;
//! or when too few such cards are left for all that must go (`covers.rs`).
//! A proof of a game whose cards all end on such piles is exhaustive: a
//! line with a stranded card is one it need not follow to its end.
//!
//! Sound only by what it leaves out: every card anywhere else counts as
//! one that may yet come where it is needed, whatever the rules say of
//! getting it there. A search lets such a position go; only its best end,
//! not whether a line wins, can be missed by that. A card is known by its
//! name: a board that holds a card twice is not for this test.

use super::board::{card_of, Board};
use super::covers::Covers;
use super::{Action, Kind, RunRule, Won};

/// What the test reads, resolved once for the game.
pub(super) struct Strands {
    /// Piles no card ever leaves (no kind takes from them): a card buried
    /// there never comes back up.
    kept: Vec<bool>,
    /// Each pile's exits (an index into `exits`) where it is tested.
    tested: Vec<Option<u8>>,
    exits: Vec<Exits>,
}

/// Where the cards of some piles may go: every kind that takes from them,
/// taken together (more places than any one kind: the test stays sound).
struct Exits {
    /// The kinds, by number.
    kinds: Vec<usize>,
    /// `onto[c]`: bit `u` set where card `c` may go onto card `u`.
    onto: Vec<u64>,
    targets: Vec<u8>,
    /// By rank: whether such a card may start an empty target.
    starts: [bool; 14],
    /// The count of cards to go onto (`covers.rs`).
    covers: Option<Covers>,
}

/// At most this many kinds of exits are told apart (more is no game
/// shipped; the piles past them are not tested).
const MOST_EXITS: usize = 4;

impl Strands {
    /// The test for a game with these kinds and this win, over `piles`
    /// piles; none where no pile fits it (or the game declares no win).
    pub(super) fn new(kinds: &[Kind], won: Option<&Won>, piles: usize) -> Option<Strands> {
        let must_leave = |pile: u8| match won {
            Some(Won::AllIn(homes)) => !homes.contains(&pile),
            Some(Won::Empty(emptied)) => emptied.contains(&pile),
            None => false,
        };
        let mut strands = Strands {
            kept: (0..piles as u8)
                .map(|pile| !kinds.iter().any(|k| k.takes_from(pile)))
                .collect(),
            tested: vec![None; piles],
            exits: Vec::new(),
        };
        for pile in (0..piles as u8).filter(|&p| must_leave(p)) {
            let exits: Vec<usize> = (0..kinds.len())
                .filter(|&k| kinds[k].takes_from(pile))
                .collect();
            // A pile nothing takes from (a deck, empty once dealt) is no
            // card's way out.
            if exits.is_empty() {
                continue;
            }
            // Only the top card leaves, one at a time: nothing under a card
            // comes out before it.
            let top_only = exits.iter().all(
                |&k| matches!(&kinds[k].action, Action::Build(b) if matches!(b.runs, RunRule::Top)),
            );
            if !top_only {
                continue;
            }
            let index = match strands.exits.iter().position(|e| e.kinds == exits) {
                Some(index) => index,
                None if strands.exits.len() < MOST_EXITS => {
                    let exits = Exits::of(kinds, exits);
                    // A card that may go to a pile cards leave (a free
                    // cell, a column) is stranded too seldom to pay for
                    // the test; the count needs piles where a card is
                    // covered once.
                    if !exits.targets.iter().all(|&t| strands.kept[usize::from(t)]) {
                        continue;
                    }
                    strands.exits.push(exits);
                    strands.exits.len() - 1
                }
                None => continue,
            };
            strands.tested[usize::from(pile)] = Some(index as u8);
        }
        (!strands.exits.is_empty()).then_some(strands)
    }

    /// Whether some card on `board` is stranded: no line from it wins.
    pub(super) fn any(&self, board: &Board) -> bool {
        // The cards that may yet move (those in a pile cards leave); of
        // those, the ones in the piles tested, by their exits, each with
        // what lies under it in its pile.
        let mut loose = 0u64;
        let mut mine = [0u64; MOST_EXITS];
        let mut under = [0u64; 64];
        for pile in (0..board.pile_count()).filter(|&p| !self.kept[p]) {
            let mut below = 0u64;
            for &card in board.pile(pile) {
                let card = card_of(card);
                under[usize::from(card)] = below;
                below |= 1 << card;
            }
            loose |= below;
            if let Some(exits) = self.tested[pile] {
                mine[usize::from(exits)] |= below;
            }
        }
        let tested = mine.iter().fold(0, |all, m| all | m);
        self.exits.iter().zip(mine).any(|(exits, mine)| {
            // The tested cards of other exits count as loose: nothing here
            // says where they go.
            let reached = loose & !tested | tested & !mine;
            exits.strands(board, reached, mine, &under)
        })
    }
}

impl Exits {
    /// Whether one of `mine` (the cards of the piles these exits serve)
    /// can never go. `reached`, the cards that may ever lie on top of a
    /// target, is grown from the targets' cards and the loose ones by the
    /// cards that may go onto one of them from above it.
    fn strands(&self, board: &Board, mut reached: u64, mine: u64, under: &[u64; 64]) -> bool {
        let mut room = false;
        for &target in &self.targets {
            match board.top(usize::from(target)) {
                Some(top) => reached |= 1 << card_of(top),
                None => room = true,
            }
        }
        if !room {
            if let Some(covers) = &self.covers {
                if covers.short(mine, reached | mine) {
                    return true;
                }
            }
        }
        let mut left = mine;
        // Passes up and down the cards by turns: a chain of ranks going
        // down is grown in one pass down, not a pass a rank. A pass that
        // reaches no card leaves nothing for the next.
        let mut down = false;
        loop {
            let before = left;
            let mut rest = left;
            while rest != 0 {
                let card = if down {
                    63 - rest.leading_zeros() as usize
                } else {
                    rest.trailing_zeros() as usize
                };
                rest &= !(1 << card);
                let starts = room && self.starts[card % 13 + 1];
                if starts || self.onto[card] & reached & !under[card] != 0 {
                    reached |= 1 << card;
                    left &= !(1 << card);
                }
            }
            if left == 0 {
                return false;
            }
            if left == before {
                return true;
            }
            down = !down;
        }
    }

    fn of(kinds: &[Kind], numbers: Vec<usize>) -> Exits {
        let mut exits = Exits {
            kinds: Vec::new(),
            onto: vec![0; 64],
            targets: Vec::new(),
            starts: [false; 14],
            covers: None,
        };
        for &k in &numbers {
            let Action::Build(builds) = &kinds[k].action else {
                continue;
            };
            for (card, onto) in builds.onto.iter().enumerate() {
                exits.onto[card] |= onto;
            }
            for &target in &builds.targets {
                if !exits.targets.contains(&target) {
                    exits.targets.push(target);
                }
            }
            for (rank, starts) in builds.starts.iter().enumerate() {
                exits.starts[rank] |= starts;
            }
        }
        exits.kinds = numbers;
        exits.covers = Covers::of(&exits.onto);
        exits
    }
}
