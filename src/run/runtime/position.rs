//! Where a run stands, as the solver tells positions apart: a hash of what
//! the host holds at a decision (every pile with its cards and their
//! facing, the named state, how far the random stream and the shuffles
//! have gone) and of the decision itself (the question, the option keys).
//! Two runs at the same hash play on alike, but for what a script keeps in
//! its own variables across a decision, which the host can not see
//! (docs/solver.md says what that means for a proof).

use super::Runtime;
use crate::declared::compiled::{card_of, is_up, Board, Compiled};
use crate::game::card::Card;
use crate::game::decision::Prompt;
use crate::game::table::Value;
use crate::run::steer::Steering;
use crate::script::move_kind::standard;
use std::borrow::Cow;
use std::hash::{BuildHasher, Hash, Hasher};

impl Runtime {
    /// The position at `prompt`. The hasher has fixed keys, so a position
    /// hashes alike in every run and on every machine.
    pub(crate) fn position(&self, prompt: &Prompt) -> u64 {
        let mut hasher = std::hash::DefaultHasher::new();
        let table = &self.table;
        table.piles().hash(&mut hasher);
        table.state.hash(&mut hasher);
        self.random.position().hash(&mut hasher);
        self.shuffles.hash(&mut hasher);
        prompt.question.hash(&mut hasher);
        for option in &prompt.options {
            option.key.hash(&mut hasher);
        }
        hasher.finish()
    }

    /// The search steering this run, in a solver's run.
    pub(crate) fn steering(&self) -> Option<Steering> {
        self.steering.clone()
    }
}

/// The hasher of a position's key: fixed seeds, so a key is the same in
/// every run of one build.
fn key_hasher() -> ahash::RandomState {
    ahash::RandomState::with_seeds(
        0x243F_6A88_85A3_08D3,
        0x1319_8A2E_0370_7344,
        0xA409_3822_299F_31D0,
        0x082E_FA98_EC4E_6C89,
    )
}

impl Runtime {
    /// The key of a game of positions where it stands: everything the host
    /// holds that its future depends on, which in that shape is all of it
    /// (no script runs between two decisions). Every pile with its cards
    /// and their facing (the piles of an interchangeable family as a set,
    /// in whatever order; an unordered pile's cards as a set), the named
    /// state but its bookkeeping, and how
    /// far the random stream and the shuffles have gone.
    pub(crate) fn key(&self) -> u64 {
        let piles = self.table.piles().iter().map(|pile| {
            let cards = pile.placed().iter().map(|p| Keyed::of(&p.card, p.face_up));
            (pile.name.as_str(), pile.len(), cards)
        });
        let state = self.table.state.iter().map(|(n, v)| (n, Cow::Borrowed(v)));
        self.key_of(piles, state)
    }

    /// The key `key()` gives with `board`'s cards laid on the table (a
    /// compiled game played out on boards counts its positions so, in the
    /// game's own history).
    pub(crate) fn key_of_board(&self, rules: &Compiled, board: &Board) -> u64 {
        let piles = self.table.piles().iter().enumerate().map(|(p, pile)| {
            let bytes = board.pile(p);
            let faced = bytes.iter().map(|&b| {
                let card = card_of(b);
                Keyed::Standard(token(card % 13 + 1, card / 13, is_up(b)))
            });
            (pile.name.as_str(), bytes.len(), faced)
        });
        let state = self
            .table
            .state
            .iter()
            .map(|(name, value)| match rules.count_index(name) {
                Some(at) => (name, Cow::Owned(Value::Int(i64::from(board.count(at))))),
                None => (name, Cow::Borrowed(value)),
            });
        self.key_of(piles, state)
    }

    /// The key of these piles (name, length, each card and its facing, in
    /// the table's order) and this named state: both forms of a position
    /// are fed to the hasher alike.
    fn key_of<'a, C>(
        &self,
        piles: impl Iterator<Item = (&'a str, usize, C)>,
        state: impl Iterator<Item = (&'a String, Cow<'a, Value>)>,
    ) -> u64
    where
        C: Iterator<Item = Keyed<'a>>,
    {
        let rules = &self.wiring.position;
        let seeds = key_hasher();
        let mut hasher = seeds.build_hasher();
        let mut families: Vec<Vec<u64>> = vec![Vec::new(); rules.interchangeable.len()];
        for (name, len, cards) in piles {
            let unordered = rules.is_unordered(name);
            if let Some(family) = rules.family_of(name) {
                let mut own = seeds.build_hasher();
                hash_cards(&mut own, &seeds, (len, cards), unordered);
                families[family].push(own.finish());
            } else {
                name.hash(&mut hasher);
                hash_cards(&mut hasher, &seeds, (len, cards), unordered);
            }
        }
        for mut family in families {
            family.sort_unstable();
            family.hash(&mut hasher);
        }
        for (name, value) in state {
            if !rules.bookkeeping.contains(name) {
                (name, value.as_ref()).hash(&mut hasher);
            }
        }
        self.random.position().hash(&mut hasher);
        self.shuffles.hash(&mut hasher);
        hasher.finish()
    }
}

/// A card as a key reads it, with its facing: a standard card by a small
/// number (rank, suit, facing), as a board knows it; any other whole.
enum Keyed<'a> {
    Standard(u16),
    Other(&'a Card, bool),
}

impl Keyed<'_> {
    fn of(card: &Card, face_up: bool) -> Keyed<'_> {
        match standard(card) {
            Some((rank, suit)) => Keyed::Standard(token(rank, suit, face_up)),
            None => Keyed::Other(card, face_up),
        }
    }
}

/// A standard card's number in a key (the suit as `standard` counts it).
fn token(rank: u8, suit: u8, face_up: bool) -> u16 {
    u16::from(rank) | u16::from(suit) << 4 | u16::from(face_up) << 7
}

/// A pile's cards into a key: how many, then each card and its facing; in
/// a pile whose order the ruleset declares no part of a position, each card
/// as one word and the words sorted.
fn hash_cards<'a>(
    hasher: &mut impl Hasher,
    seeds: &ahash::RandomState,
    (len, cards): (usize, impl Iterator<Item = Keyed<'a>>),
    unordered: bool,
) {
    hasher.write_usize(len);
    if unordered {
        let mut words: Vec<u64> = cards.map(|card| card.word(seeds)).collect();
        words.sort_unstable();
        for word in words {
            hasher.write_u64(word);
        }
        return;
    }
    for card in cards {
        match card {
            Keyed::Standard(token) => hasher.write_u16(token),
            Keyed::Other(card, face_up) => {
                card.hash(hasher);
                face_up.hash(hasher);
            }
        }
    }
}

impl Keyed<'_> {
    /// The card as one word: a standard card's token, any other's hash
    /// (a hash below 2⁸ that meets a token has odds of 2⁻⁵⁶).
    fn word(&self, seeds: &ahash::RandomState) -> u64 {
        match self {
            Keyed::Standard(token) => u64::from(*token),
            Keyed::Other(card, face_up) => seeds.hash_one((card, face_up)),
        }
    }
}
