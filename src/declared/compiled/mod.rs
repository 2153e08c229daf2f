//! A declared game compiled: its kinds of move, what follows a move by
//! itself and its end, resolved once against the game's table and options
//! into pile numbers and tables of which card builds on which, so that a
//! position (`board.rs`) is listed (`legal_moves.rs`), moved on
//! (`moving.rs`), keyed (`key.rs`), judged (`judgement.rs`) and found
//! hopeless (`stranded.rs`) with no script, no map and no name looked up.
//! It says the same rules as the host's declared turn (`declared/mod.rs`), which `delve check`'s tests
//! and the compiled crosscheck hold it to, option for option.
//!
//! Only a game whose whole turn is declared compiles: no `fn options()`
//! or `fn apply(option)` of its own, standard cards only, and named state
//! that is a count its moves spend (or bookkeeping). Anything else stays
//! with the host's general run.

mod board;
mod covers;
mod detour;
mod judgement;
mod key;
mod laid;
mod legal_moves;
mod moving;
mod played_out;
mod resolve;
mod stranded;

pub(crate) use board::{card_of, is_up, Board};
pub(crate) use legal_moves::Move;
pub(crate) use moving::Ended;
pub(crate) use played_out::{Chooser, Unfinished};

use crate::game::table::Value;
use crate::script::host::Host;
use crate::script::move_kind::{standard, Build};

/// At most this many piles and cards: a pile's end is one byte.
const MOST_PILES: usize = 64;
const MOST_CARDS: usize = 255;

pub(crate) struct Compiled {
    /// Each pile's default facing, for a card dealt onto it.
    up: Vec<bool>,
    kinds: Vec<Kind>,
    /// The piles whose face-down top turns up after every move.
    turn_up: Vec<u8>,
    autoplay: Option<Autoplay>,
    /// The autoplay ruling, in force or not: which moves home can not
    /// hurt, for a search to take without trying the others.
    safe: Option<Autoplay>,
    won: Option<Won>,
    score: Vec<u8>,
    /// The interchangeable families, each its piles.
    families: Vec<Vec<u8>>,
    /// Whether each pile is in one of them.
    in_family: Vec<bool>,
    /// Piles no move takes a card from and no rule reads below the top (a
    /// foundation, a hole): a position is the same whatever lies under
    /// their tops.
    sinks: Vec<bool>,
    /// For each card, the first card onto which exactly the same cards
    /// go by every kind: a sink's top is known by it (in a game that
    /// builds by rank alone, 5♥ and 5♠ on a hole are the same position).
    alike: Vec<u8>,
    /// The named counts, in the board's order, by their state's name.
    counts: Vec<String>,
    /// Lone options are taken as the game takes them.
    takes_lone: bool,
    /// What a position that comes back means, to a game played to its end
    /// (a search meets no position twice).
    repeats: Repeats,
    judge: judgement::Judge,
    /// The test for a card that can never leave its pile, where some pile
    /// fits it.
    strands: Option<stranded::Strands>,
}

/// A declared kind of move, as this game plays it.
struct Kind {
    name: String,
    /// Offered only while this pile is empty.
    when_empty: Option<u8>,
    /// Offered only while this count is above 0.
    while_left: Option<usize>,
    /// Offered only while this pile holds a card.
    unless_empty: Option<u8>,
    action: Action,
    /// The count a move spends one of.
    spends: Option<usize>,
}

enum Action {
    Build(Box<Builds>),
    /// Cards dealt one at a time from `from` onto `to`, at most `count`.
    Deal {
        from: u8,
        to: u8,
        count: usize,
    },
    /// A move of no card: only what follows it.
    Nothing,
}

impl Kind {
    /// Whether a move of this kind takes cards from `pile`.
    fn takes_from(&self, pile: u8) -> bool {
        match &self.action {
            Action::Build(b) => b.sources.contains(&pile),
            Action::Deal { from, .. } => *from == pile,
            Action::Nothing => false,
        }
    }
}

/// A build kind resolved: its piles, and which card goes onto which.
struct Builds {
    sources: Vec<u8>,
    targets: Vec<u8>,
    /// `onto[c]`: bit `u` set where card `c` may go onto card `u`.
    onto: Vec<u64>,
    /// `run_onto[c]`: bit `u` set where card `c` may lie on card `u`
    /// within a run the kind carries (`Build::holds_together`).
    run_onto: Vec<u64>,
    /// By rank (1 to 13): whether such a card may start an empty pile.
    starts: [bool; 14],
    one_empty: bool,
    runs: RunRule,
    /// Each pile's interchangeable family, if it has one.
    family: Vec<Option<u8>>,
    /// The declared rule, for what it says of runs (`Build::most_carried`).
    rule: Build,
}

enum RunRule {
    Top,
    /// Any run that holds together (`Builds::run_onto`).
    Built,
    /// As many as the rule lets empty `free` and `empty` piles carry
    /// (`Build::most_carried`).
    Limited {
        free: Vec<u8>,
        empty: Vec<u8>,
    },
}

/// Cards sent home by themselves (`declared/autoplay.rs`'s ruling).
#[derive(Clone)]
struct Autoplay {
    kind: usize,
    homes: Vec<u8>,
    /// `wanted[c]`: the cards (as a mask) that could still want to be
    /// built on card `c`.
    wanted: Vec<u64>,
    /// Cards may come back from home: the card a move home covers could
    /// have come back, so it too must be one no card out could want.
    covered_counts: bool,
}

enum Won {
    AllIn(Vec<u8>),
    Empty(Vec<u8>),
}

/// The game's repetition rule.
enum Repeats {
    /// No rule: a position may come back, but not through lone options alone.
    Never,
    /// Lost at the position's this-many-th visit.
    Lost(u32),
    /// A function of the script ends the game: no board plays it out.
    ByScript,
}

/// Why a game does not compile.
pub(crate) type Refusal = String;

impl Compiled {
    /// Whether the game takes a lone option without asking (it does unless
    /// the player asked otherwise).
    pub(crate) fn with_lone_options(mut self, taken: bool) -> Compiled {
        self.takes_lone = taken;
        self
    }

    /// The board of the position the host holds (every card as it lies;
    /// the solver peeks).
    pub(crate) fn board(&self, host: &dyn Host) -> Result<Board, Refusal> {
        let table = host.table();
        let mut piles = Vec::with_capacity(table.piles().len());
        for pile in table.piles() {
            let mut bytes = Vec::with_capacity(pile.len());
            for placed in pile.placed() {
                let (rank, suit) = standard(&placed.card).ok_or_else(|| {
                    format!("`{}` holds a card that is not a standard one", pile.name)
                })?;
                let byte = suit * 13 + rank - 1;
                bytes.push(if placed.face_up {
                    byte | board::UP
                } else {
                    byte
                });
            }
            piles.push(bytes);
        }
        let mut counts = Vec::with_capacity(self.counts.len());
        for name in &self.counts {
            match table.state.get(name) {
                Some(Value::Int(n)) => counts.push(
                    i16::try_from(*n)
                        .ok()
                        .filter(|n| n.abs() <= played_out::MOST_COUNT)
                        .ok_or_else(|| format!("state `{name}` is past a board's count"))?,
                ),
                _ => return Err(format!("state `{name}` is no count")),
            }
        }
        Ok(Board::new(&piles, &counts))
    }

    /// Where the board holds the named count `name`, if it holds it.
    pub(crate) fn count_index(&self, name: &str) -> Option<usize> {
        self.counts.iter().position(|c| c == name)
    }

    /// The name of a move's kind.
    pub(crate) fn kind_name(&self, mv: Move) -> &str {
        &self.kinds[usize::from(mv.kind)].name
    }

    fn kind(&self, mv: Move) -> &Kind {
        &self.kinds[usize::from(mv.kind)]
    }

    /// Whether the move deals from one pile to another (a draw, a redeal).
    pub(crate) fn deals(&self, mv: Move) -> bool {
        matches!(self.kind(mv).action, Action::Deal { .. })
    }

    /// Whether a kind deals cards back to a pile another kind deals from
    /// (a waste turned over as the stock).
    pub(crate) fn stock_comes_round(&self) -> bool {
        let deals: Vec<(u8, u8)> = self
            .kinds
            .iter()
            .filter_map(|kind| match kind.action {
                Action::Deal { from, to, .. } => Some((from, to)),
                _ => None,
            })
            .collect();
        deals.iter().any(|&(from, to)| deals.contains(&(to, from)))
    }

    /// Whether some card on `board` can never leave its pile, as the win
    /// needs it to (`stranded.rs`): no line from `board` wins. Only on a
    /// board whose cards are each one of a kind (`Board::cards_distinct`):
    /// the test knows a card by its name.
    pub(crate) fn stranded(&self, board: &Board) -> bool {
        self.strands.as_ref().is_some_and(|s| s.any(board))
    }

    /// Whether cards go home by themselves after a move.
    pub(crate) fn autoplays(&self) -> bool {
        self.autoplay.is_some()
    }

    /// The piles a move carries cards from and to, where it carries any.
    pub(crate) fn carried(&self, mv: Move) -> Option<(u8, u8)> {
        matches!(self.kind(mv).action, Action::Build(_)).then_some((mv.from, mv.to))
    }

    /// Whether a count offers or is spent by the move.
    pub(crate) fn counted(&self, mv: Move) -> bool {
        let kind = self.kind(mv);
        kind.while_left.is_some() || kind.spends.is_some()
    }

    /// Whether what the move may carry reads a pile marked in `piles`
    /// (the free and empty piles its run counts on, or the piles the
    /// first empty target is chosen among).
    pub(crate) fn reads_room(&self, mv: Move, piles: &[bool]) -> bool {
        let kind = self.kind(mv);
        legal_moves::gate_changed(kind, piles)
            || match &kind.action {
                Action::Build(builds) => legal_moves::room_changed(builds, piles),
                _ => true,
            }
    }

    /// Whether every pile that offers a dealing kind or not is one the
    /// deals lay cards on or take them from: else a move elsewhere could
    /// open or close the stock, and would not commute with dealing.
    pub(crate) fn deals_gated_by_their_piles(&self) -> bool {
        let dealt: Vec<u8> = self
            .kinds
            .iter()
            .filter_map(|kind| match kind.action {
                Action::Deal { from, to, .. } => Some([from, to]),
                _ => None,
            })
            .flatten()
            .collect();
        self.kinds
            .iter()
            .filter(|kind| matches!(kind.action, Action::Deal { .. }))
            .flat_map(|kind| [kind.when_empty, kind.unless_empty])
            .flatten()
            .all(|pile| dealt.contains(&pile))
    }
}
