//! A copy of a game of positions packed small, for a search that keeps
//! many of them (`run/search/`): where every card lies, as two bytes a
//! card, and how far the random stream has gone; what moves rarely (the
//! piles' names, the named state, the cards in play, the shuffles) is a
//! frame the packer keeps once and every copy alike in it shares. A
//! `Snapshot` costs kilobytes and dozens of allocations; this costs a
//! hundred or two bytes and one. What a search holds is the copies' own
//! bytes (`Packed::size`) and the frames' (`Packer::frame_bytes`), so a
//! ruleset whose named state changes at every move, each copy with a frame
//! of its own, is held to the search's bound all the same.
//!
//! A card's code is its place in the packer's list of the cards met (each
//! with the place its shuffle gave it), with its facing in the top bit. A
//! search that meets more distinct cards than codes can say keeps whole
//! snapshots from then on.

use super::{Runtime, Snapshot};
use crate::game::card::Card;
use crate::game::pile::{Origin, Pile, Placed};
use crate::game::table::Table;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// The facing bit of a code; the other bits number the card.
const FACE_UP: u16 = 1 << 15;

/// The most cards a packer numbers.
const MOST_CARDS: usize = FACE_UP as usize;

/// What the copies of one search share: the cards met, by code, and the
/// frames, each kept once (by a hash of it) and shared by every copy
/// alike in it.
#[derive(Default)]
pub(crate) struct Packer {
    cards: Vec<(Card, Option<Origin>)>,
    codes: HashMap<(Card, Option<Origin>), u16, ahash::RandomState>,
    last: Option<Rc<Frame>>,
    frames: HashMap<u64, Vec<Rc<Frame>>>,
    /// What the frames kept hold, in bytes.
    frame_bytes: usize,
}

/// The part of a position that changes rarely (not at every decision:
/// the count of decisions is the packed position's own).
struct Frame {
    /// The table with its piles empty (`Table::frame`).
    table: Table,
    shuffles: usize,
    /// What it holds, in bytes (`Table::frame_bytes`).
    bytes: usize,
}

pub(crate) struct Packed(Form);

enum Form {
    Small {
        frame: Rc<Frame>,
        /// Each pile's number of cards then its cards' codes, bottom to
        /// top, pile after pile in the table's order.
        cards: Box<[u16]>,
        random: u128,
        decisions: usize,
        said_in_game: usize,
    },
    /// A position the codes could not say.
    Whole(Box<Snapshot>),
}

impl Packed {
    /// What it holds of its own, in bytes, roughly: for a search's bound
    /// on memory. Its frame is the packer's (`Packer::frame_bytes`).
    pub(crate) fn size(&self) -> usize {
        match &self.0 {
            Form::Small { cards, .. } => {
                std::mem::size_of::<Packed>() + 16 + cards.len() * std::mem::size_of::<u16>()
            }
            Form::Whole(snapshot) => snapshot.size(),
        }
    }

    /// Its frame's bytes, the first time `counted` meets that frame.
    pub(crate) fn frame_bytes_once(&self, counted: &mut HashSet<*const ()>) -> usize {
        match &self.0 {
            Form::Small { frame, .. } if counted.insert(Rc::as_ptr(frame).cast()) => frame.bytes,
            _ => 0,
        }
    }
}

impl Packer {
    fn code(&mut self, placed: &Placed) -> Option<u16> {
        let key = (placed.card.clone(), placed.origin);
        let number = match self.codes.get(&key) {
            Some(&number) => number,
            None if self.cards.len() < MOST_CARDS => {
                let number = self.cards.len() as u16;
                self.cards.push(key.clone());
                self.codes.insert(key, number);
                number
            }
            None => return None,
        };
        Some(if placed.face_up {
            number | FACE_UP
        } else {
            number
        })
    }

    fn placed(&self, code: u16) -> Placed {
        let (card, origin) = &self.cards[usize::from(code & !FACE_UP)];
        Placed {
            card: card.clone(),
            face_up: code & FACE_UP != 0,
            origin: *origin,
        }
    }

    /// The frame of `rt`'s position: the last one, if it is still that,
    /// else one kept alike, else a new one, kept.
    fn frame(&mut self, rt: &Runtime) -> Rc<Frame> {
        let alike =
            |frame: &Frame| frame.shuffles == rt.shuffles && frame.table.same_frame(&rt.table);
        if let Some(last) = self.last.as_ref().filter(|last| alike(last)) {
            return last.clone();
        }
        let mut hasher = ahash::AHasher::default();
        rt.table.hash_frame(&mut hasher);
        rt.shuffles.hash(&mut hasher);
        let kept = self.frames.entry(hasher.finish()).or_default();
        let frame = if let Some(frame) = kept.iter().find(|frame| alike(frame)) {
            frame.clone()
        } else {
            let table = rt.table.frame();
            let bytes = std::mem::size_of::<Frame>() + table.frame_bytes();
            let frame = Rc::new(Frame {
                table,
                shuffles: rt.shuffles,
                bytes,
            });
            kept.push(frame.clone());
            self.frame_bytes += bytes;
            frame
        };
        self.last = Some(frame.clone());
        frame
    }

    /// What the frames it keeps hold, in bytes.
    pub(crate) fn frame_bytes(&self) -> usize {
        self.frame_bytes
    }

    /// Lets go of the frames no copy holds any more; what the rest hold.
    pub(crate) fn sweep(&mut self) -> usize {
        self.last = None;
        self.frames.retain(|_, kept| {
            kept.retain(|frame| Rc::strong_count(frame) > 1);
            !kept.is_empty()
        });
        self.frame_bytes = self.frames.values().flatten().map(|f| f.bytes).sum();
        self.frame_bytes
    }
}

impl Runtime {
    /// The position the run holds, packed by `book` (a packer).
    pub(crate) fn pack(&self, book: &mut Packer) -> Packed {
        let piles = self.table.piles();
        let count = piles.len() + piles.iter().map(Pile::len).sum::<usize>();
        let mut cards = Vec::with_capacity(count);
        for pile in piles {
            let Ok(len) = u16::try_from(pile.len()) else {
                return Packed(Form::Whole(Box::new(self.snapshot())));
            };
            cards.push(len);
            for placed in pile.placed() {
                let Some(code) = book.code(placed) else {
                    return Packed(Form::Whole(Box::new(self.snapshot())));
                };
                cards.push(code);
            }
        }
        Packed(Form::Small {
            frame: book.frame(self),
            cards: cards.into_boxed_slice(),
            random: self.random.position(),
            decisions: self.decisions,
            said_in_game: self.said_in_game,
        })
    }

    /// Puts the game back where `packed` stood, as `restore` does a
    /// snapshot, reusing the piles' memory.
    pub(crate) fn unpack(&mut self, packed: &Packed, book: &Packer) {
        let (frame, cards, random, decisions, said_in_game) = match &packed.0 {
            Form::Small {
                frame,
                cards,
                random,
                decisions,
                said_in_game,
            } => (frame, cards, random, decisions, said_in_game),
            Form::Whole(snapshot) => {
                self.restore(snapshot);
                return;
            }
        };
        self.table.set_frame(&frame.table);
        let mut codes = cards.iter().copied();
        for index in 0..self.table.piles().len() {
            let len = usize::from(codes.next().expect("a length a pile"));
            let pile = self.table.pile_mut(index);
            pile.refill(codes.by_ref().take(len).map(|code| book.placed(code)));
        }
        if self.random.position() != *random {
            self.random.seek(*random);
        }
        self.shuffles = frame.shuffles;
        self.decisions = *decisions;
        self.said_in_game = *said_in_game;
        self.said_in_step = 0;
        self.stop = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::host::Wiring;

    /// A run whose table holds these piles, each card face up and knowing
    /// a place of a shuffle.
    fn runtime_with(piles: &[(&str, &[&str])]) -> Runtime {
        let mut rt = Runtime::new(Wiring::default());
        let mut place = 0;
        for (name, cards) in piles {
            let index = rt.table.add_pile(name, true);
            let cards: Vec<Card> = cards.iter().map(|c| c.parse().unwrap()).collect();
            rt.table.create(&cards);
            for card in cards {
                place += 1;
                rt.table.pile_mut(index).push_placed(Placed {
                    card,
                    face_up: true,
                    origin: Some(Origin { shuffle: 0, place }),
                });
            }
        }
        rt
    }

    fn origins(pile: &Pile) -> Vec<Option<Origin>> {
        pile.placed().iter().map(|p| p.origin).collect()
    }

    #[test]
    fn a_packed_position_unpacks_as_it_was() {
        let mut rt = runtime_with(&[("deck", &["AS", "2H", "KD"]), ("hand", &["QC"])]);
        let mut book = Packer::default();
        let packed = rt.pack(&mut book);
        let before = rt.table.clone();
        let moved = rt.table.pile_mut(0).pop().unwrap();
        rt.table.pile_mut(1).push_placed(moved);
        rt.table.pile_mut(1).set_face(0, false);
        rt.random.below(6);
        assert_ne!(rt.table, before);
        rt.unpack(&packed, &book);
        assert_eq!(rt.table, before);
        assert_eq!(
            rt.random.position(),
            Runtime::new(Wiring::default()).random.position()
        );
        for (pile, was) in rt.table.piles().iter().zip(before.piles()) {
            assert_eq!(origins(pile), origins(was));
        }
    }

    #[test]
    fn positions_alike_but_for_their_cards_and_decisions_share_a_frame() {
        let mut rt = runtime_with(&[("deck", &["AS", "2H"]), ("hand", &[])]);
        let mut book = Packer::default();
        let first = rt.pack(&mut book);
        let moved = rt.table.pile_mut(0).pop().unwrap();
        rt.table.pile_mut(1).push_placed(moved);
        // A decision later: still the same frame.
        rt.decisions += 1;
        let second = rt.pack(&mut book);
        let (Form::Small { frame: a, .. }, Form::Small { frame: b, .. }) = (&first.0, &second.0)
        else {
            panic!("both small");
        };
        assert!(Rc::ptr_eq(a, b));
        // A named state that changed makes a frame of its own.
        rt.table
            .state
            .insert("turn".into(), crate::game::table::Value::Int(2));
        let third = rt.pack(&mut book);
        let Form::Small { frame: c, .. } = &third.0 else {
            panic!("small");
        };
        assert!(!Rc::ptr_eq(a, c));
        rt.unpack(&first, &book);
        assert!(rt.table.state.is_empty());
        assert_eq!(rt.table.pile(0).len(), 2);
        assert_eq!(rt.decisions, 0);
        rt.unpack(&third, &book);
        assert_eq!(rt.table.state.len(), 1);
        assert_eq!(rt.table.pile(1).len(), 1);
    }

    #[test]
    fn a_frame_met_again_is_shared_counted_once_and_let_go_when_no_copy_holds_it() {
        let mut rt = runtime_with(&[("deck", &["AS"])]);
        let mut book = Packer::default();
        let text = |n: usize| crate::game::table::Value::Text(format!("{n}").repeat(1000));
        rt.table.state.insert("log".into(), text(1));
        let first = rt.pack(&mut book);
        let one = book.frame_bytes();
        assert!(one > 1000, "the named state is counted: {one}");
        rt.table.state.insert("log".into(), text(2));
        let second = rt.pack(&mut book);
        assert!(book.frame_bytes() > one);
        // Back to the first frame, not the last: the same one, not a third.
        rt.table.state.insert("log".into(), text(1));
        let again = rt.pack(&mut book);
        let (Form::Small { frame: a, .. }, Form::Small { frame: c, .. }) = (&first.0, &again.0)
        else {
            panic!("both small");
        };
        assert!(Rc::ptr_eq(a, c));
        assert_eq!(book.frame_bytes(), book.sweep());
        // No copy holds the second frame once it is dropped.
        drop(second);
        assert_eq!(book.sweep(), one);
    }
}
