//! The random bot's game of a ruleset whose whole turn is declared and
//! compiles, played on boards (`declared/compiled/played_out.rs`) from its
//! first position to its end, with no script and no map a step: the same
//! picks from the bots' stream, the same decisions recorded, the same end
//! in the same words as the host's loop (`steps.rs`) would give, and the
//! final position laid back on the table. Only where nobody reads a step:
//! no events kept, nothing watched or looked at, no choice to replay.

use super::{Answerer, Runtime, LONE_CYCLE};
use crate::declared::compiled::{Board, Chooser, Compiled, Unfinished};
use crate::script::host::{fault, Fallible, Host};
use crate::script::limits::MAX_OPTIONS;
use crate::script::move_kind::MoveKind;
use rhai::Dynamic;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::rc::{Rc, Weak};

type Shared = Rc<RefCell<Runtime>>;

/// The game played out on boards, where this run may be; else `None`,
/// and the host's loop plays it (on from where the boards stopped, where
/// they handed it back).
pub(super) fn played_out(rt: &Shared) -> Option<Fallible<Dynamic>> {
    #[cfg(test)]
    if tests::OFF.get() {
        return None;
    }
    let (rules, mut board) = {
        let host = rt.borrow();
        let unread = host.answerer() == Answerer::RandomBot
            && !host.records_events()
            && !host.watching()
            && !host.inspects()
            && !host.replaying()
            && host.steering().is_none();
        if !unread {
            return None;
        }
        let rules = compiled(&host)?;
        if !rules.plays_out() {
            return None;
        }
        let board = rules.board(&*host).ok()?;
        (rules, board)
    };
    #[cfg(test)]
    tests::PLAYED.set(tests::PLAYED.get() + 1);
    // A board is counted by the key the host gives its table.
    debug_assert_eq!(rt.borrow().key_of_board(&rules, &board), rt.borrow().key());
    let ended = rules.play_out(&mut board, &mut RandomBot { rt, rules: &rules });
    let mut host = rt.borrow_mut();
    let laid = host.table_mut("end").map(|table| rules.lay(&board, table));
    debug_assert_eq!(host.key_of_board(&rules, &board), host.key());
    if let Err(error) = laid {
        return Some(Err(error));
    }
    Some(match ended {
        Ok(ended) => {
            let (result, score, words) = crate::declared::said(host.wiring(), ended);
            host.end(result, score.into(), &words)
                .map(|()| Dynamic::UNIT)
        }
        Err(Unfinished::Stopped(stop)) => Err(stop),
        Err(Unfinished::LoneCycle) => Err(fault(LONE_CYCLE.into())),
        // The host's loop plays on from the position laid back.
        Err(Unfinished::HandBack) => return None,
    })
}

/// The random bot, answering from the run's own stream, and the run's
/// history, counting the boards' positions by the host's keys.
struct RandomBot<'a> {
    rt: &'a Shared,
    rules: &'a Compiled,
}

impl RandomBot<'_> {
    fn key(&self, board: &Board) -> u64 {
        self.rt.borrow().key_of_board(self.rules, board)
    }
}

impl Chooser for RandomBot<'_> {
    type Stop = Box<rhai::EvalAltResult>;

    fn may_go_on(&mut self) -> Fallible<()> {
        self.rt.borrow().may_decide("options")
    }

    fn choose(&mut self, count: usize) -> usize {
        let mut rt = self.rt.borrow_mut();
        let index = rt.random_pick(count);
        rt.record_index(index);
        index
    }

    fn count(&mut self, board: &Board) -> u32 {
        let key = self.key(board);
        self.rt.borrow_mut().history_mut().count(key)
    }

    fn chosen(&mut self) {
        self.rt.borrow_mut().history_mut().chosen();
    }

    fn offers(&self, count: usize) -> bool {
        count <= MAX_OPTIONS
    }

    fn forced(&mut self, board: &Board) -> bool {
        let key = self.key(board);
        self.rt.borrow_mut().history_mut().forced(key)
    }
}

/// The game compiled, kept from the thread's last game of the same
/// ruleset, options and table: a compiled game is the same for every deal,
/// and compiling it costs more than a random game on boards.
fn compiled(host: &Runtime) -> Option<Rc<Compiled>> {
    thread_local! {
        static LAST: RefCell<Option<Kept>> = const { RefCell::new(None) };
    }
    let moves = Rc::downgrade(&host.wiring().moves);
    let shape = shape(host);
    let kept = LAST.with_borrow(|last| {
        last.as_ref()
            .filter(|k| {
                k.shape == shape && Weak::ptr_eq(&k.moves, &moves) && k.moves.strong_count() > 0
            })
            .map(|k| k.rules.clone())
    });
    if kept.is_some() {
        return kept;
    }
    let rules = Rc::new(
        Compiled::of(host)
            .ok()?
            .with_lone_options(host.takes_lone_option()),
    );
    LAST.set(Some(Kept {
        moves,
        shape,
        rules: rules.clone(),
    }));
    Some(rules)
}

/// A compiled game kept, and what it was compiled from.
struct Kept {
    /// The ruleset's kinds of move, alive while its program is.
    moves: Weak<[MoveKind]>,
    shape: u64,
    rules: Rc<Compiled>,
}

/// All a compiled game reads of a run beside its ruleset: the options,
/// the piles (names and facing), the named state (names and what kind of
/// value), and whether lone options are taken.
fn shape(host: &Runtime) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for name in host.option_names() {
        name.hash(&mut hasher);
        host.option(&name)
            .map(ToString::to_string)
            .hash(&mut hasher);
    }
    let table = host.table();
    for pile in table.piles() {
        (&pile.name, pile.face_up).hash(&mut hasher);
    }
    for (name, value) in &table.state {
        (name, std::mem::discriminant(value)).hash(&mut hasher);
    }
    host.takes_lone_option().hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::{play, Answerer, Deal, Plan, Program};
    use crate::script::declare::Options;
    use std::cell::Cell;

    thread_local! {
        /// Games played out on boards on this thread.
        pub(in crate::run) static PLAYED: Cell<usize> = const { Cell::new(0) };
        /// No game is played on boards on this thread: the host's loop
        /// plays every one, to compare.
        pub(in crate::run) static OFF: Cell<bool> = const { Cell::new(false) };
    }

    /// The rulesets whose turn is wholly declared.
    pub(in crate::run) fn declared() -> Vec<(String, Program)> {
        crate::script::catalog::names()
            .into_iter()
            .map(|name| {
                let program = Program::load_named(&name).unwrap();
                (name, program)
            })
            .filter(|(_, p)| !p.ruleset().has_fn("options", 0) && !p.ruleset().has_fn("apply", 1))
            .collect()
    }

    /// The defaults, and each other value of one option at a time.
    fn configurations(program: &Program) -> Vec<Options> {
        let declared = &program.ruleset().declared;
        let defaults = declared.defaults();
        let mut each = vec![defaults.clone()];
        for spec in &declared.options {
            for value in spec.other_values(false) {
                let mut options = defaults.clone();
                options.insert(spec.name.clone(), value);
                each.push(options);
            }
        }
        each
    }

    /// Every shipped ruleset whose turn is wholly declared, random games on
    /// boards and through the host's loop (which a run keeping its events
    /// takes): the same picks, the same end in the same words, the same
    /// final table.
    #[test]
    fn a_random_game_on_boards_is_the_host_loops_game() {
        let mut compared = 0;
        for (name, program) in declared() {
            for options in configurations(&program) {
                for seed in 1..=3 {
                    let plan = |kept: bool| {
                        let deal = Deal { seed, stack: None };
                        let mut plan =
                            Plan::new(options.clone(), deal, Vec::new(), Answerer::RandomBot);
                        plan.record_events = kept;
                        plan.check_cards = false;
                        plan
                    };
                    let host = play(&program, plan(true));
                    let before = PLAYED.get();
                    let boards = play(&program, plan(false));
                    let on = format!("{name} {options:?} seed {seed}");
                    assert_eq!(PLAYED.get(), before + 1, "{on}: not played on boards");
                    assert_eq!(boards.stop, host.stop, "{on}");
                    let indices = |r: &super::super::Report| -> Vec<usize> {
                        r.choices.iter().map(|c| c.index).collect()
                    };
                    assert_eq!(indices(&boards), indices(&host), "{on}");
                    assert_eq!(boards.table.piles(), host.table.piles(), "{on}");
                    assert_eq!(boards.table.state, host.table.state, "{on}");
                    compared += 1;
                }
            }
        }
        assert!(compared >= 40, "only {compared} games compared");
    }

    /// Rulesets a reviewer wrote where boards and the host once parted: an
    /// option that is a number, more options than the host asks, a count
    /// spent to the edge of a board's. Each game is the host's.
    #[test]
    fn where_a_board_can_not_follow_the_host_plays_on() {
        for fixture in ["number-option", "many-options", "count-edge"] {
            let path = format!(
                "{}/tests/scripts/declared/boards-{fixture}.rhai",
                env!("CARGO_MANIFEST_DIR")
            );
            let program = Program::load_named(&path).unwrap();
            for options in configurations(&program) {
                let plan = |kept: bool| {
                    let deal = Deal {
                        seed: 2,
                        stack: None,
                    };
                    let mut plan =
                        Plan::new(options.clone(), deal, Vec::new(), Answerer::RandomBot);
                    plan.record_events = kept;
                    plan.check_cards = false;
                    plan
                };
                let host = play(&program, plan(true));
                let boards = play(&program, plan(false));
                let on = format!("{fixture} {options:?}");
                assert_eq!(boards.stop, host.stop, "{on}");
                assert_eq!(boards.choices.len(), host.choices.len(), "{on}");
                assert_eq!(boards.table.piles(), host.table.piles(), "{on}");
                assert_eq!(boards.table.state, host.table.state, "{on}");
            }
        }
    }
}
