//! The moves of a compiled game's position, in the order the host's
//! declared turn offers them (`script/api/move_list.rs`, `builds.rs`):
//! kind by kind as declared; a build kind's from each source pile, its top
//! card and then each longer run it may carry, onto each target pile in
//! turn; a move of no card once, while its pile and count allow.

use super::board::{card_of, is_up, rank_of, Board};
use super::{Action, Builds, Compiled, Kind, RunRule};

/// A move: its kind (the compiled game's number for it), and for a build
/// the piles and how many cards it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Move {
    pub kind: u8,
    pub from: u8,
    pub to: u8,
    pub count: u8,
}

impl Compiled {
    /// Every move of the position, into `moves` (emptied first).
    pub(crate) fn moves(&self, board: &Board, moves: &mut Vec<Move>) {
        moves.clear();
        for (number, kind) in self.kinds.iter().enumerate() {
            moves_of(number, kind, board, moves);
        }
    }

    /// The moves of the position that take from or go onto a pile marked
    /// in `changed`, and every move of a kind whose room or first empty
    /// target such a pile decides or offers (or that a count offers, where
    /// the counts changed), and every move of no card, in their order, into
    /// `moves` (emptied first): what may differ from the moves of a
    /// position that differs only in those piles and counts.
    pub(crate) fn moves_touching(
        &self,
        board: &Board,
        changed: &[bool],
        counts_changed: bool,
        moves: &mut Vec<Move>,
    ) {
        moves.clear();
        for (number, kind) in self.kinds.iter().enumerate() {
            let counted = counts_changed && (kind.while_left.is_some() || kind.spends.is_some());
            let gated = gate_changed(kind, changed);
            let only = match &kind.action {
                Action::Build(builds) if !counted && !gated && !room_changed(builds, changed) => {
                    Some(changed)
                }
                _ => None,
            };
            listed(number, kind, board, only, moves);
        }
    }
}

/// Whether a pile that offers the kind or not (`when_empty`,
/// `unless_empty`) is among `changed`.
pub(super) fn gate_changed(kind: &Kind, changed: &[bool]) -> bool {
    [kind.when_empty, kind.unless_empty]
        .into_iter()
        .flatten()
        .any(|p| changed[usize::from(p)])
}

/// Whether the piles a kind's room or first empty target is read from
/// are among `changed`.
pub(super) fn room_changed(builds: &Builds, changed: &[bool]) -> bool {
    let marked = |list: &[u8]| list.iter().any(|&p| changed[usize::from(p)]);
    let room = match &builds.runs {
        RunRule::Limited { free, empty } => marked(free) || marked(empty),
        _ => false,
    };
    room || (builds.one_empty && marked(&builds.targets))
}

/// The moves of one kind, added to `moves`.
pub(super) fn moves_of(number: usize, kind: &Kind, board: &Board, moves: &mut Vec<Move>) {
    listed(number, kind, board, None, moves);
}

/// The moves of one kind, those from or onto a pile marked in `only`
/// where it is given, added to `moves`.
fn listed(number: usize, kind: &Kind, board: &Board, only: Option<&[bool]>, moves: &mut Vec<Move>) {
    if !offered(kind, board) {
        return;
    }
    let number = number as u8;
    match &kind.action {
        Action::Build(builds) => list_builds(number, builds, board, only, moves),
        Action::Deal { .. } | Action::Nothing => moves.push(Move {
            kind: number,
            from: 0,
            to: 0,
            count: 0,
        }),
    }
}

/// Whether the kind's piles and count let it be offered at all.
fn offered(kind: &Kind, board: &Board) -> bool {
    kind.when_empty
        .is_none_or(|p| board.len(usize::from(p)) == 0)
        && kind.while_left.is_none_or(|c| board.count(c) > 0)
        && kind
            .unless_empty
            .is_none_or(|p| board.len(usize::from(p)) > 0)
}

fn list_builds(
    kind: u8,
    builds: &Builds,
    board: &Board,
    only: Option<&[bool]>,
    moves: &mut Vec<Move>,
) {
    let marked = |pile: u8| only.is_none_or(|c| c[usize::from(pile)]);
    let any_target = builds.targets.iter().any(|&t| marked(t));
    let room = match &builds.runs {
        RunRule::Limited { free, empty } => Some((empties(board, free), empties(board, empty))),
        _ => None,
    };
    // The targets' tops, read once (`NONE`: an empty pile).
    let mut tops = [NONE; 64];
    for &target in &builds.targets {
        tops[usize::from(target)] = board.top(usize::from(target)).unwrap_or(NONE);
    }
    for &source in &builds.sources {
        if !marked(source) && !any_target {
            continue;
        }
        let cards = board.pile(usize::from(source));
        let run = movable_run(builds, cards);
        let family = builds.family[usize::from(source)];
        for count in (1..=run).filter(|&count| builds.rule.carries_count(count)) {
            let base = cards[cards.len() - count];
            let mut empty_offered = false;
            for &target in &builds.targets {
                if target == source {
                    continue;
                }
                let onto = Some(tops[usize::from(target)]).filter(|&t| t != NONE);
                // A whole pile onto an empty one it is interchangeable
                // with leaves the position as it was: no move at all.
                if count == cards.len()
                    && family.is_some()
                    && onto.is_none()
                    && builds.family[usize::from(target)] == family
                {
                    continue;
                }
                let fits = match onto {
                    None if builds.one_empty && empty_offered => false,
                    None => {
                        empty_offered = true;
                        builds.starts[usize::from(rank_of(base))]
                    }
                    Some(under) => is_up(under) && goes_onto(builds, base, under),
                };
                if fits
                    && (marked(source) || marked(target))
                    && count <= capacity(builds, room, onto.is_none())
                {
                    moves.push(Move {
                        kind,
                        from: source,
                        to: target,
                        count: count as u8,
                    });
                }
            }
        }
    }
}

/// No card: a byte no card has.
const NONE: u8 = 0xFF;

fn goes_onto(builds: &Builds, card: u8, under: u8) -> bool {
    builds.onto[usize::from(card_of(card))] & (1 << card_of(under)) != 0
}

fn holds_together(builds: &Builds, card: u8, under: u8) -> bool {
    builds.run_onto[usize::from(card_of(card))] & (1 << card_of(under)) != 0
}

/// How many top cards may move together: none under a face-down top, the
/// top alone, or as many face-up cards as hold together by the run's rule
/// (any face-up cards, where any moves).
fn movable_run(builds: &Builds, cards: &[u8]) -> usize {
    match cards.last() {
        None => return 0,
        Some(&top) if !is_up(top) => return 0,
        _ => {}
    }
    if matches!(builds.runs, RunRule::Top) {
        return 1;
    }
    let mut run = 1;
    while run < cards.len() {
        let (upper, under) = (cards[cards.len() - run], cards[cards.len() - run - 1]);
        if !is_up(under) || !holds_together(builds, upper, under) {
            break;
        }
        run += 1;
    }
    run
}

fn empties(board: &Board, piles: &[u8]) -> usize {
    piles
        .iter()
        .filter(|&&p| board.len(usize::from(p)) == 0)
        .count()
}

/// The most cards a move may carry with `room` (free piles, empty piles),
/// onto an empty pile or not, as the declared rule reckons it.
fn capacity(builds: &Builds, room: Option<(usize, usize)>, onto_empty: bool) -> usize {
    let Some((free, empty)) = room else {
        return usize::MAX;
    };
    let empty = empty.saturating_sub(usize::from(onto_empty));
    builds.rule.most_carried(free, empty).unwrap_or(usize::MAX)
}
