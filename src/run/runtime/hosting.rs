//! The run as the script layer's `Host`: who may change or read the game
//! in each mode (the rules, a bot, a view, a redeal), the random numbers
//! and shuffles as a world or the real game draws them, and what a script
//! may see of a face-down card.

use super::Runtime;
use crate::game::card::Card;
use crate::game::table::Table;
use crate::run::world::Watcher;
use crate::run::{inspect, protocol, Event, Outcome, Stop};
use crate::script::host::{fault, halt, Asked, Fallible, Host, Mode, Wiring};
use crate::script::limits::MAX_OPTIONS;
use rhai::NativeCallContext;
use std::cell::RefCell;
use std::rc::Rc;

/// What `fn redeal_unseen` may do to the table.
const REDEAL_MAY: &[&str] = &["create", "retire_all", "turn_all_down", "shuffle"];

impl Host for Runtime {
    fn fresh(wiring: Wiring) -> Runtime {
        Runtime::new(wiring)
    }

    fn decide(this: &Rc<RefCell<Self>>, ctx: &NativeCallContext, asked: &Asked) -> Fallible<usize> {
        // A decision the protocol refuses (no options, too many) is not looked at.
        let count = asked.options.len();
        if this.borrow().inspects() && (1..=MAX_OPTIONS).contains(&count) {
            inspect::inspect(ctx, this, asked)?;
        }
        protocol::decide(ctx, this, asked)
    }

    fn after(
        this: &Rc<RefCell<Self>>,
        ctx: &NativeCallContext,
        option: rhai::Dynamic,
        judge: &str,
    ) -> Fallible<rhai::Dynamic> {
        crate::run::trial::after(ctx, this, option, judge)
    }

    fn apply_declared(
        this: &Rc<RefCell<Self>>,
        ctx: &NativeCallContext,
        option: rhai::Dynamic,
    ) -> Fallible<()> {
        this.borrow().may_change("apply_declared")?;
        crate::declared::apply(this, ctx, &option)
    }

    fn trial_end(&self) -> rhai::Dynamic {
        self.trial_end_now()
    }

    fn repeats(&self) -> i64 {
        self.repeats_now()
    }

    fn end(&mut self, outcome: &str, score: serde_json::Value, summary: &str) -> Fallible<()> {
        self.may_decide("end")?;
        self.set_stop(Stop::Ended(Outcome {
            result: outcome.to_string(),
            score,
            summary: summary.to_string(),
        }));
        Err(halt())
    }

    fn wiring(&self) -> &Wiring {
        &self.wiring
    }

    /// Switches who runs script code; returns the mode to restore.
    fn enter(&mut self, mode: Mode) -> Mode {
        std::mem::replace(&mut self.mode, mode)
    }

    /// Refuses a change of the game unless the rules are playing.
    fn may_change(&self, what: &str) -> Fallible<()> {
        let reader = match self.mode {
            Mode::Play => return Ok(()),
            // Only what makes face-down cards anew: a move or a turn up
            // could tell where a card lies, a decision or words would
            // belong to the player's moment.
            Mode::Redeal if REDEAL_MAY.contains(&what) => return Ok(()),
            Mode::Redeal => {
                return Err(fault(format!(
                    "redeal_unseen() may only make face-down cards anew ({}): not `{what}`",
                    REDEAL_MAY.join(", ")
                )))
            }
            Mode::TopLevel => return self.may_read(what),
            // No move left: the game ends there.
            Mode::Options if what == "end" => return Ok(()),
            Mode::Options => "options()",
            Mode::Bot => "bot()",
            Mode::View(reader) => reader,
        };
        Err(fault(format!(
            "{reader} may only read the game: `{what}` would change it"
        )))
    }

    /// Refuses reading the game at the top level, which only declares.
    fn may_read(&self, what: &str) -> Fallible<()> {
        match self.mode {
            Mode::TopLevel => Err(fault(format!(
                "the top level only declares (title, rules, options): `{what}` belongs in a rule function such as play()"
            ))),
            _ => Ok(()),
        }
    }

    fn table(&self) -> &Table {
        &self.table
    }

    fn table_mut(&mut self, what: &str) -> Fallible<&mut Table> {
        self.may_change(what)?;
        // A card turned up and down again between two decisions, never
        // said, was never shown: only a decision and what is said are
        // moments the player sees (docs/hints.md).
        Ok(&mut self.table)
    }

    /// A number in `0..n`: the game's stream for the rules, the bots' own
    /// stream for a bot.
    fn random_below(&mut self, n: usize, site: u64) -> Fallible<usize> {
        match self.mode {
            Mode::Play | Mode::Redeal => {
                self.drawn += 1;
                self.rolled += u64::from(self.mode == Mode::Play);
                Ok(match self.watcher.as_mut() {
                    Some(watcher) => watcher.random(n, site, &mut self.random),
                    None => self.random.below(n),
                })
            }
            Mode::Bot => Ok(self.bot_random.below(n)),
            _ => self.may_change("random").map(|()| 0),
        }
    }

    /// Shuffles `cards` as the next shuffle of the game (a deal file may fix
    /// its top). In a ruleset with deal numbers, the game's first shuffle
    /// lays the deal its seed numbers; a world deals it afresh as any other
    /// (keeping what the player saw), for the number would tell the rest.
    fn link_shuffles(&mut self, nth: usize, earlier: &[usize]) {
        self.link_shuffle(nth, earlier);
    }

    fn shuffle(&mut self, cards: &mut Vec<Card>, pile: &str) -> anyhow::Result<usize> {
        use crate::game::deal::{shuffle, Order};
        let nth = self.shuffles;
        self.shuffles += 1;
        self.drawn += 1;
        let in_world = self.watcher.as_ref().is_some_and(Watcher::is_world);
        let order = match self.wiring.deal_numbers {
            Some(numbers) if nth == 0 && !in_world => Order::Numbered(numbers, self.seed),
            _ => Order::Random,
        };
        let deal = self.deal.as_deref();
        match self.watcher.as_mut() {
            Some(watcher) if watcher.shuffles_past(nth) => {
                watcher.shuffle(cards, nth, &mut self.random);
            }
            _ => shuffle(cards, nth, deal, &mut self.random, pile, order)?,
        }
        if let Some(watcher) = self.watcher.as_mut() {
            watcher.shuffled(cards);
        }
        Ok(nth)
    }

    fn known_value(&self, rule: &str, card: &Card) -> Option<i64> {
        let (_, values) = self.values.iter().find(|(r, _)| r == rule)?;
        values.get(card).copied()
    }

    fn keep_value(&mut self, rule: &str, card: &Card, value: i64) {
        if let Some((_, values)) = self.values.iter_mut().find(|(r, _)| r == rule) {
            values.insert(card.clone(), value);
        } else {
            let mut values = super::CardValues::default();
            values.insert(card.clone(), value);
            self.values.push((rule.to_string(), values));
        }
    }

    fn option(&self, name: &str) -> Option<&rhai::Dynamic> {
        self.options.get(name)
    }

    fn option_names(&self) -> Vec<String> {
        self.options.keys().map(ToString::to_string).collect()
    }

    fn blind(&self) -> bool {
        matches!(self.mode, Mode::Bot | Mode::Redeal)
    }

    fn labels_wanted(&self) -> bool {
        self.labels.unwrap_or_else(|| {
            self.record_events
                || self.replaying()
                || self.answerer == crate::run::Answerer::Solver
                || self.checks.decisions
        })
    }

    fn say(&mut self, text: String) -> Fallible<()> {
        self.tell(Event::Say(text))
    }

    fn because(&mut self, why: &str) -> Fallible<()> {
        if self.mode != Mode::Bot {
            return Err(fault(
                "because(text) is a bot's reason for its choice: only `fn rate` and `fn bot` may give one".into(),
            ));
        }
        self.give_reason(why);
        Ok(())
    }
}
