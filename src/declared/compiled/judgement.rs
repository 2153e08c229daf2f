//! The host's own judgement of a compiled position, for a ruleset that
//! declares no `fn value()`: higher is nearer a win. Worked out from the
//! declarations alone: the cards the win wants where it wants them; the
//! depth of each card the homes take next (it must be dug out); where the
//! homes build by suit, the cards lying above a lower card of their suit
//! (each must move before that one goes home); where the homes take whole
//! runs at once, the cards already joined into such runs; empty piles a
//! card may start (room to work); and face-down cards. A search orders its
//! positions by it; it changes no rule.

use super::board::{card_of, is_up, rank_of, Board};
use super::{Action, Builds, Compiled, Kind, Won};

/// What the judgement reads, resolved once.
pub(super) struct Judge {
    /// The kind that sends cards home, and its home piles.
    pub(super) home: Option<(usize, Vec<u8>)>,
    /// The homes build by suit.
    by_suit: bool,
    /// The piles cards come home from.
    tableau: Vec<u8>,
    /// Empty piles a card may start.
    room: Vec<u8>,
    /// Where the homes take only whole runs: which card lies joined on
    /// which within such a run (`Builds::run_onto`).
    joins: Option<Vec<u64>>,
}

impl Judge {
    pub(super) fn new(kinds: &[Kind], won: Option<&Won>, autoplay: Option<usize>) -> Judge {
        fn builds(k: &Kind) -> Option<&Builds> {
            match &k.action {
                Action::Build(b) => Some(b),
                _ => None,
            }
        }
        let home = autoplay.or_else(|| {
            kinds.iter().position(|k| {
                builds(k).is_some_and(|b| match won {
                    Some(Won::AllIn(piles)) => b.targets.iter().all(|t| piles.contains(t)),
                    Some(Won::Empty(piles)) => {
                        b.sources.iter().any(|s| piles.contains(s))
                            && !b.targets.iter().any(|t| piles.contains(t))
                    }
                    None => false,
                })
            })
        });
        let home_builds = home.and_then(|h| builds(&kinds[h]));
        let homes = home_builds.map(|b| b.targets.clone()).unwrap_or_default();
        let tableau = home_builds
            .map(|b| {
                b.sources
                    .iter()
                    .copied()
                    .filter(|s| !homes.contains(s))
                    .collect()
            })
            .unwrap_or_default();
        let by_suit = home_builds.is_some_and(builds_by_suit);
        let mut room = Vec::new();
        for (n, kind) in kinds.iter().enumerate() {
            let Some(b) = builds(kind).filter(|_| Some(n) != home) else {
                continue;
            };
            if b.starts.iter().any(|&s| s) {
                for &target in &b.targets {
                    if !room.contains(&target) && !homes.contains(&target) {
                        room.push(target);
                    }
                }
            }
        }
        let joins = home_builds
            .filter(|b| b.rule.run_length.is_some())
            .map(|b| b.run_onto.clone());
        Judge {
            home: home.map(|h| (h, homes)),
            by_suit,
            tableau,
            room,
            joins,
        }
    }
}

/// Whether a card goes onto no card of another suit.
fn builds_by_suit(builds: &Builds) -> bool {
    (0..52).all(|card: usize| {
        (0..52).all(|under: usize| builds.onto[card] & (1 << under) == 0 || card / 13 == under / 13)
    })
}

/// What a face-down card costs a position: a card home's worth.
const FACE_DOWN: i64 = 100;

impl Compiled {
    /// The host's judgement of a position: higher is nearer a win.
    pub(crate) fn value(&self, board: &Board) -> i64 {
        let judge = &self.judge;
        let mut value = 100 * self.progress(board);
        if let Some(joins) = &judge.joins {
            // A whole run goes home at once: what counts is how much of
            // each is already joined (the next card to go home means little).
            for &pile in &judge.tableau {
                value += 25 * joined(board.pile(usize::from(pile)), joins) as i64;
            }
        } else if let Some((kind, homes)) = &judge.home {
            if let Action::Build(builds) = &self.kinds[*kind].action {
                for &home in homes {
                    value -= 5 * self.next_depth(board, builds, home) as i64;
                }
            }
        }
        for &pile in &judge.tableau {
            let cards = board.pile(usize::from(pile));
            value -= 10 * buried(cards, judge.by_suit) as i64;
            // A face-down card is as far from the win as a card not home:
            // weighed at a tenth of that, a search sent cards home and
            // left columns closed (docs/solver.md has the deals it cost).
            value -= FACE_DOWN * cards.iter().filter(|&&c| !is_up(c)).count() as i64;
        }
        for &pile in &judge.room {
            if board.len(usize::from(pile)) == 0 {
                value += 20;
            }
        }
        value
    }

    /// The cards where the win wants them.
    fn progress(&self, board: &Board) -> i64 {
        let held = |piles: &[u8]| {
            piles
                .iter()
                .map(|&p| board.len(usize::from(p)))
                .sum::<usize>()
        };
        match &self.won {
            Some(Won::AllIn(piles)) => held(piles) as i64,
            Some(Won::Empty(piles)) => (board.card_count() - held(piles)) as i64,
            None => 0,
        }
    }

    /// How deep the shallowest card lies that `home` takes next (0: on
    /// top; the tableau's deepest pile if none is out).
    fn next_depth(&self, board: &Board, builds: &Builds, home: u8) -> usize {
        let top = board.top(usize::from(home));
        let takes = |card: u8| match top {
            None => builds.starts[usize::from(rank_of(card))],
            Some(under) => builds.onto[usize::from(card_of(card))] & (1 << card_of(under)) != 0,
        };
        let mut deepest = 0;
        let mut best = usize::MAX;
        for &pile in &self.judge.tableau {
            let cards = board.pile(usize::from(pile));
            deepest = deepest.max(cards.len());
            if let Some(at) = cards.iter().rposition(|&c| takes(c)) {
                best = best.min(cards.len() - 1 - at);
            }
        }
        best.min(deepest)
    }
}

/// Cards of a pile lying on a card they hold together with in a run.
fn joined(cards: &[u8], joins: &[u64]) -> usize {
    cards
        .windows(2)
        .filter(|pair| {
            let (under, card) = (card_of(pair[0]), card_of(pair[1]));
            is_up(pair[1]) && joins[usize::from(card)] & (1 << under) != 0
        })
        .count()
}

/// Cards lying above a lower card (of their suit, where homes build by
/// suit) in a pile: each must move before that card goes home.
fn buried(cards: &[u8], by_suit: bool) -> usize {
    let mut lowest = [u8::MAX; 5];
    let mut count = 0;
    for &card in cards {
        let (rank, suit) = (rank_of(card), usize::from(card_of(card) / 13));
        let slot = if by_suit { suit } else { 4 };
        if lowest[slot] < rank {
            count += 1;
        }
        lowest[slot] = lowest[slot].min(rank);
    }
    if by_suit {
        count
    } else {
        0
    }
}
