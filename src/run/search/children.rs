//! What a search on boards tries from a decision, and the line of the
//! player's own choices it stands for.
//!
//! A move home that can not hurt (the game's autoplay ruling says no card
//! still out could want its card, whether or not autoplay is on) is the
//! decision's only child: the player could make it, and every line that
//! does not is no better than one that does. Only where no card comes back
//! from home (else a card home may be wanted after all: one built on it,
//! then one on that) and not from a pile a stock deals onto several cards
//! at a time (a card taken from there changes what later deals lay bare):
//! `Compiled::safe_move` holds to both.
//!
//! The stock as one step per card it can reach: where a decision's only
//! dealing move (a draw, the waste turned over) leads through positions
//! that differ only in the stock, its waste and what the deals covered,
//! the search does not keep those positions, but takes from each the
//! moves that play what the dealing laid bare, as children of the
//! decision itself (as Bjarnason et al. and Solvitaire search a stock).
//! A child is told by how many deals come before its move, and a line is
//! played again as the player would play it: each draw a choice.
//!
//! Nothing is lost: a move at a later position of the chain that touches
//! no pile the deals changed, and was a move of the decision, leads where
//! making it first and dealing after leads, and that line is searched from
//! the decision's own child. That holds while nothing moves by itself
//! between the deals, so a game with autoplay in force is searched move by
//! move, as before.

use crate::declared::compiled::{Board, Compiled, Ended, Move};
use std::collections::HashSet;

/// A child's step from its decision: how many deals, then which option
/// of the position they led to (packed in a step's option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Reach {
    pub(super) deals: u32,
    pub(super) option: u32,
}

/// Bits of a packed step kept for the option; the deals above them.
const OPTION_BITS: u32 = 20;

impl Reach {
    pub(super) fn packed(self) -> u32 {
        self.deals << OPTION_BITS | self.option
    }

    pub(super) fn unpacked(step: u32) -> Reach {
        Reach {
            deals: step >> OPTION_BITS,
            option: step & ((1 << OPTION_BITS) - 1),
        }
    }
}

/// A child of a decision: its step, and the board it reached or its end.
pub(super) struct Child {
    pub(super) reach: Reach,
    /// The move that reached it, but for a deal's own.
    pub(super) moved: Option<Move>,
    pub(super) reached: Result<Board, Ended>,
}

/// Whether this game's stock is searched a card at a time: where it comes
/// round (dealt out, then dealt back), so that its deals lead through
/// positions that come back; where it is dealt once (a stock dealt onto a
/// home), each deal is a move like any other, and a chain would only
/// multiply the children.
pub(super) fn applies(rules: &Compiled) -> bool {
    rules.stock_comes_round() && !rules.autoplays() && rules.deals_gated_by_their_piles()
}

/// The children of the decision at `at`, whose moves are `moves`, into
/// `out` (emptied first): with `by_stock` as above, else one a move.
pub(super) fn children(
    rules: &Compiled,
    at: &Board,
    moves: &[Move],
    by_stock: bool,
    scratch: &mut Vec<Move>,
    out: &mut Vec<Child>,
) {
    out.clear();
    if let Some(safe) = rules.safe_move(at, moves) {
        out.push(child(rules, at, Reach::at(0, safe), moves[safe], scratch));
        return;
    }
    let deal = if by_stock {
        lone_deal(rules, moves)
    } else {
        None
    };
    for (index, &mv) in moves.iter().enumerate() {
        if Some(index) != deal {
            out.push(child(rules, at, Reach::at(0, index), mv, scratch));
        }
    }
    let Some(deal) = deal else { return };
    let mut passed = HashSet::from([rules.key(at)]);
    let mut here = at.clone();
    let mut deal = moves[deal];
    let mut link = Link::default();
    for deals in 0u32.. {
        let mut next = here.clone();
        let dealt = Reach {
            deals,
            option: DEAL,
        };
        if let Some(ended) = rules.play(&mut next, deal, scratch) {
            out.push(Child {
                reach: dealt,
                moved: None,
                reached: Err(ended),
            });
            break;
        }
        link.read(rules, at, moves, &next);
        if !link.decision {
            // Where the deal leads to no decision of its own, the position
            // it reached is the child (searched as any other).
            out.push(Child {
                reach: dealt,
                moved: None,
                reached: Ok(next),
            });
            break;
        }
        if !passed.insert(rules.key(&next)) {
            break;
        }
        for (index, &mv) in link.taken.iter().enumerate() {
            out.push(child(
                rules,
                &next,
                Reach::at(deals + 1, index),
                mv,
                scratch,
            ));
        }
        let Some(on) = link.deal else {
            // More than one way to deal on: the position is searched as
            // any other, its deals its own children.
            if link.listed.iter().any(|&m| rules.deals(m)) {
                out.push(Child {
                    reach: dealt,
                    moved: None,
                    reached: Ok(next),
                });
            }
            break;
        };
        deal = on;
        here = next;
    }
    // Of children a search holds equal, it takes the last met first: the
    // decision's own moves, then those after fewer deals, so the stock is
    // spent last.
    out.sort_by_key(|child| std::cmp::Reverse(child.reach.deals));
}

/// A step's option that is the deal itself, at the position its deals
/// reached (one that ended the game, or led to no decision).
const DEAL: u32 = (1 << OPTION_BITS) - 1;

impl Reach {
    fn at(deals: u32, option: usize) -> Reach {
        Reach {
            deals,
            option: option as u32,
        }
    }
}

/// What a search takes from a position the deals lead to from a decision.
#[derive(Default)]
struct Link {
    /// Its moves that the decision's own children do not stand for.
    taken: Vec<Move>,
    /// The dealing move on from it, where it has exactly one.
    deal: Option<Move>,
    /// Whether it is a decision (more than one move, or one the game asks).
    decision: bool,
    listed: Vec<Move>,
}

impl Link {
    /// Reads `next`, which the deals led to from the decision `at` whose
    /// moves are `moves`. Only the moves that touch what the deals changed
    /// are listed: every other move of `next` is one of `at`'s, and leads
    /// where making it first and dealing after leads.
    fn read(&mut self, rules: &Compiled, at: &Board, moves: &[Move], next: &Board) {
        let changed = Changed::between(at, next);
        rules.moves_touching(next, &changed.piles, changed.counts, &mut self.listed);
        let kept = moves
            .iter()
            .filter(|&&m| !changed.touched(rules, m))
            .count();
        let count = self.listed.len() + kept;
        self.decision = count > 1 || (count == 1 && !rules.takes_lone());
        self.deal = lone_deal(rules, &self.listed).map(|d| self.listed[d]);
        self.taken.clear();
        self.taken
            .extend(self.listed.iter().copied().filter(|&m| !rules.deals(m)));
    }
}

fn child(rules: &Compiled, at: &Board, reach: Reach, mv: Move, scratch: &mut Vec<Move>) -> Child {
    let mut board = at.clone();
    let reached = match rules.play(&mut board, mv, scratch) {
        Some(ended) => Err(ended),
        None => Ok(board),
    };
    Child {
        reach,
        moved: Some(mv),
        reached,
    }
}

/// The one dealing move among `moves`, if there is exactly one.
fn lone_deal(rules: &Compiled, moves: &[Move]) -> Option<usize> {
    let mut deals = moves.iter().enumerate().filter(|(_, &m)| rules.deals(m));
    let (index, _) = deals.next()?;
    deals.next().is_none().then_some(index)
}

/// Which piles, and whether the counts, differ between two boards.
struct Changed {
    piles: Vec<bool>,
    counts: bool,
}

impl Changed {
    fn between(a: &Board, b: &Board) -> Changed {
        Changed {
            piles: (0..a.pile_count())
                .map(|p| a.pile(p) != b.pile(p))
                .collect(),
            counts: a.counts() != b.counts(),
        }
    }

    /// Whether the move's legality or effect could depend on what changed
    /// (a move of no card always could).
    fn touched(&self, rules: &Compiled, mv: Move) -> bool {
        match rules.carried(mv) {
            Some((from, to)) => {
                self.piles[usize::from(from)]
                    || self.piles[usize::from(to)]
                    || (self.counts && rules.counted(mv))
                    || rules.reads_room(mv, &self.piles)
            }
            None => true,
        }
    }
}

/// The options taken at each decision from a position: each step's deals
/// (the dealing move's option at each position they pass) then its own
/// option, the boards played again from `at` as the search played them.
pub(super) fn expanded(rules: &Compiled, at: &Board, steps: &[u32]) -> Vec<usize> {
    let mut board = at.clone();
    let mut moves = Vec::new();
    let mut scratch = Vec::new();
    let mut link = Link::default();
    let mut taken = Vec::with_capacity(steps.len());
    for (n, &step) in steps.iter().enumerate() {
        if n > 0 {
            take_lone_options(rules, &mut board, &mut moves, &mut scratch);
        }
        let reach = Reach::unpacked(step);
        rules.moves(&board, &mut moves);
        let decision = (board.clone(), moves.clone());
        let deals = reach.deals + u32::from(reach.option == DEAL);
        for _ in 0..deals {
            rules.moves(&board, &mut moves);
            let Some(deal) = lone_deal(rules, &moves) else {
                break;
            };
            taken.push(deal);
            rules.play(&mut board, moves[deal], &mut scratch);
        }
        if reach.option == DEAL {
            continue;
        }
        let mv = if reach.deals == 0 {
            moves.get(reach.option as usize).copied()
        } else {
            link.read(rules, &decision.0, &decision.1, &board);
            link.taken.get(reach.option as usize).copied()
        };
        rules.moves(&board, &mut moves);
        let index = mv.and_then(|mv| moves.iter().position(|&m| m == mv));
        // The search played these boards: a step that does not play again
        // is a fault of this module (the run's replay then says so).
        debug_assert!(index.is_some(), "a searched step does not play again");
        let Some(index) = index else { break };
        taken.push(index);
        rules.play(&mut board, moves[index], &mut scratch);
    }
    taken
}

/// Lone options played as the game plays them, up to a decision.
fn take_lone_options(
    rules: &Compiled,
    board: &mut Board,
    moves: &mut Vec<Move>,
    scratch: &mut Vec<Move>,
) {
    let mut passed = HashSet::new();
    loop {
        rules.moves(board, moves);
        if moves.len() != 1 || !rules.takes_lone() || !passed.insert(rules.key(board)) {
            return;
        }
        if rules.play(board, moves[0], scratch).is_some() {
            return;
        }
    }
}
