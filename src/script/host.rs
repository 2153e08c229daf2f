//! What a script's calls need from the run they are part of, as a trait the
//! run implements: the table, the random stream, the options, narration, the
//! mode that decides what code may change, and the decision itself. The
//! script layer gives scripts their API through it and never names the run,
//! so the run can own its state and its decision protocol.

use super::error::{ErrorKind, HostFault, Places};
use super::limits::MAX_NAME;
use super::move_kind::MoveKind;
use crate::game::card::Card;
use crate::game::deal_numbers::DealNumbers;
use crate::game::pile::Placed;
use crate::game::table::Table;
use rhai::{Array, Dynamic, EvalAltResult, ImmutableString, NativeCallContext, Position};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

pub(crate) type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// Who is running script code now, which decides what it may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The rules, playing the game: anything.
    Play,
    /// The top level while loading: declarations only.
    TopLevel,
    /// `fn bot`: reads what the player sees, draws from its own stream.
    Bot,
    /// `fn view` and the other hooks that show the game (named, as the
    /// messages say it: `status()`): read the table.
    View(&'static str),
    /// `fn options()` of a game of positions: reads the table, and may end
    /// the game (no move left).
    Options,
    /// `fn redeal_unseen` in a world: changes the table, reads only what
    /// the player sees, draws from the rules' stream.
    Redeal,
}

/// What ties a run's state to its program, kept from run to run.
// One flag per optional hook of the ruleset: they are independent.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Debug, Default)]
pub(crate) struct Wiring {
    /// Set by each decision; the operation counter starts again from there.
    /// Shared with the engine's progress callback, which runs on every operation.
    pub(crate) decided: Rc<Cell<bool>>,
    /// Operations charged for host calls since the last decision.
    pub(crate) charged: Rc<Cell<u64>>,
    pub(crate) places: Rc<Places>,
    pub(crate) has_view: bool,
    /// The ruleset's `fn layout()`, read where `fn view` is.
    pub(crate) has_layout: bool,
    /// The ruleset's `fn status()`, read where `fn view` is.
    pub(crate) has_status: bool,
    /// The ruleset's `fn faces()`, read where `fn view` is.
    pub(crate) has_faces: bool,
    /// The ruleset's own bot, if it has one.
    pub(crate) bot: Option<BotFn>,
    /// The ruleset's `fn label(option)`, for option maps without a label.
    pub(crate) has_label: bool,
    /// The ruleset's `fn value()`: its judgement of a position, which
    /// orders a search.
    pub(crate) has_value: bool,
    /// The ruleset's `fn begin()`: what a game of positions does once set
    /// up, before its first decision.
    pub(crate) has_begin: bool,
    /// The ruleset's `fn redeal_unseen()`: its worlds keep the real game's
    /// past random numbers and call it at the player's moment.
    pub(crate) has_redeal: bool,
    /// A game of positions (`shape.rs`), whose table a bot may copy.
    pub(crate) positions: bool,
    /// The kinds of move the ruleset declared, which the host lists.
    pub(crate) moves: Rc<[MoveKind]>,
    /// What a position is, beyond the piles (`position_rules.rs`).
    pub(crate) position: Rc<super::position_rules::PositionRules>,
    /// What follows a move by itself and how the game ends (`turn_rules.rs`).
    pub(crate) turn: Rc<super::turn_rules::TurnRules>,
    /// The ruleset leaves listing its options to the host (it has no `fn
    /// options()`), and applying them (no `fn apply(option)`).
    pub(crate) host_lists: bool,
    pub(crate) host_applies: bool,
    /// The field's numbering its seeds are, if it declared one: the first
    /// shuffle lays the deal of that number.
    pub(crate) deal_numbers: Option<DealNumbers>,
}

/// How a ruleset's bot chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BotFn {
    /// `fn bot(question, options)` picks an index.
    Bot,
    /// `fn rate(option)` rates each option; the highest is taken.
    Rate,
}

/// What `choose` or `ask` was given: the script's own values, which a bot
/// receives as they are.
pub(crate) struct Asked<'a> {
    /// `choose` or `ask`, as the script wrote it.
    pub(crate) verb: &'static str,
    pub(crate) question: &'a ImmutableString,
    pub(crate) options: &'a Array,
}

/// The run a script's calls act on.
pub(crate) trait Host: 'static {
    /// A fresh state for a program just compiled.
    fn fresh(wiring: Wiring) -> Self
    where
        Self: Sized;

    /// Answers one decision (`choose` or `ask`); the index of the option
    /// taken. The state is shared because answering runs script code
    /// (labels, the bot) that calls back into it.
    fn decide(this: &Rc<RefCell<Self>>, ctx: &NativeCallContext, asked: &Asked) -> Fallible<usize>
    where
        Self: Sized;

    /// `after(option, judge)`: a bot plays `option` on a copy of the table
    /// (what the player has not seen dealt afresh) and asks its function
    /// `judge` there; the table is then as it was.
    fn after(
        this: &Rc<RefCell<Self>>,
        ctx: &NativeCallContext,
        option: Dynamic,
        judge: &str,
    ) -> Fallible<Dynamic>
    where
        Self: Sized;

    /// `apply_declared(move)`: the host applies a move of a declared kind
    /// as it does for a ruleset that leaves applying to it (the move, what
    /// follows by itself, the win), for a rule that adds to that.
    fn apply_declared(
        this: &Rc<RefCell<Self>>,
        ctx: &NativeCallContext,
        option: Dynamic,
    ) -> Fallible<()>
    where
        Self: Sized;

    /// What a copy a bot is trying a move on says of the game: `()` while
    /// it goes on, else a map of its outcome and score; and how often the
    /// position it holds came in the game before (`repeats()`).
    fn trial_end(&self) -> Dynamic;
    fn repeats(&self) -> i64;

    /// `end(outcome, score, summary)`: the game is over.
    fn end(&mut self, outcome: &str, score: serde_json::Value, summary: &str) -> Fallible<()>;

    fn wiring(&self) -> &Wiring;
    /// Switches who runs script code; returns the mode to restore.
    fn enter(&mut self, mode: Mode) -> Mode;
    /// Refuses a change of the game unless the rules are playing.
    fn may_change(&self, what: &str) -> Fallible<()>;
    /// Refuses reading the game at the top level, which only declares.
    fn may_read(&self, what: &str) -> Fallible<()>;
    fn table(&self) -> &Table;
    fn table_mut(&mut self, what: &str) -> Fallible<&mut Table>;
    /// A number in `0..n`: the game's stream for the rules, the bots' own
    /// stream for a bot. `site` names the place in the scripts that asks
    /// (a world draws its future numbers from a stream per place).
    fn random_below(&mut self, n: usize, site: u64) -> Fallible<usize>;
    /// Shuffles `cards` as the next shuffle of the game (a deal file may fix
    /// its top); which shuffle of the game it was, counted from 0.
    fn shuffle(&mut self, cards: &mut Vec<Card>, pile: &str) -> anyhow::Result<usize>;
    /// Shuffle `nth` mixed face-down cards that earlier shuffles placed:
    /// what the player can not tell apart now spans them all.
    fn link_shuffles(&mut self, _nth: usize, _earlier: &[usize]) {}
    fn option(&self, name: &str) -> Option<&Dynamic>;
    fn option_names(&self) -> Vec<String>;
    /// Whether the script may see this card now: not face down while a bot decides.
    fn sees(&self, placed: &Placed) -> bool {
        placed.face_up || !self.blind()
    }
    /// Whether the script reads the table as the player does, face-down
    /// cards as nothing (a bot, a redeal): then no call may tell a
    /// face-down card from one that is not there.
    fn blind(&self) -> bool;
    /// The card, if the script may see it now.
    fn seen(&self, placed: &Placed) -> Fallible<Card> {
        if self.sees(placed) {
            Ok(placed.card.clone())
        } else {
            Err(fault(
                "a bot sees only what the player sees: this card is face down".into(),
            ))
        }
    }
    /// A card's value by the ruleset's function `rule`, if this game has
    /// asked it already: a declared move's value never changes in a game.
    fn known_value(&self, rule: &str, card: &Card) -> Option<i64>;
    fn keep_value(&mut self, rule: &str, card: &Card, value: i64);
    /// Whether anyone may read the options' labels: a simulation's bot and
    /// a search's copies pick by the fields, so their listings build none.
    fn labels_wanted(&self) -> bool;
    /// Narration, within the bounds on what a game may say.
    fn say(&mut self, text: String) -> Fallible<()>;
    /// `because(text)`: a bot's reason for the choice it is making, kept
    /// where a person asked the bot.
    fn because(&mut self, why: &str) -> Fallible<()>;
    /// Counts `units` operations of work against the step's budget: a host
    /// call costs in proportion to what it does, not one operation.
    fn charge(&self, units: u64) {
        let charged = &self.wiring().charged;
        charged.set(charged.get().saturating_add(units));
    }
}

/// Stops the script without an error the script could catch: the run's
/// stop (or a pending restart) says why.
pub(crate) fn halt() -> Box<EvalAltResult> {
    EvalAltResult::ErrorTerminated(Dynamic::UNIT, Position::NONE).into()
}

/// A name (of a pile, a counter, a card) within the limit, or a limit error.
pub(crate) fn check_name<'a>(what: &str, name: &'a str) -> Fallible<&'a str> {
    let length = name.chars().count();
    if length > MAX_NAME {
        return Err(limit(format!(
            "a {what} name has at most {MAX_NAME} characters, not {length}"
        )));
    }
    Ok(name)
}

/// A bound of the sandbox passed, placed by Rhai at the script's call.
pub(crate) fn limit(message: String) -> Box<EvalAltResult> {
    HostFault::boxed(ErrorKind::Limit, message)
}

/// A runtime error raised by the host, placed by Rhai at the script's call.
pub(crate) fn fault(message: String) -> Box<EvalAltResult> {
    HostFault::boxed(ErrorKind::Runtime, message)
}
