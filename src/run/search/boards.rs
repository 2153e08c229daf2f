//! The search of a game whose whole turn is declared and compiles
//! (`declared/compiled/`): best first, as `best_first.rs` searches, but on
//! boards of a few bytes, listed, moved on, keyed and judged in Rust with
//! no script and no copy of the run. The ruleset's `fn value()` orders it
//! where it has one (no: a compiled game has none, or it would run script
//! at every position), else the host's judgement from the declarations.
//! Only a line found is played again through the run, to give it the
//! choices and labels a save keeps.
//!
//! Memory is bounded as the copies' search is: the frontiers' boards by
//! the budget's `copies`, the positions met by its `table` or, where that
//! is more, by as many as `copies` bytes hold (`table_bound`).
//!
//! Where only a win is asked (`Budget::wins_only`), a position met with
//! a card that can never leave its pile (`Compiled::stranded`) is not
//! searched: no line from it wins, so a proof stands without it.
//!
//! Lanes (`lane.rs`) search alike but break ties among positions judged
//! equal differently; the others start once the first has met
//! `SECOND_LANE_AFTER` positions, so a deal settled at once meets them
//! never, and from then on all take turns. They share the table of
//! positions met, each position searched once by the lane that met it,
//! and one bound on the boards their frontiers hold: a win of any is the
//! answer, and their frontiers all emptied with no board let go is the proof
//! that there is none, at the cost of one search.
//!
//! Where the rules turn cards up, a narrowed lane takes turns with them
//! almost from the start: it keeps only the moves that advance and a table of its
//! own, finds wins sooner, and proves nothing (docs/solver.md has the
//! deals it settled). Past `APART_AFTER` positions two lanes apart search
//! from the start again with tables of their own and prove nothing: the
//! proof is the emptying of the lanes that share the table, none of their
//! boards let go and no line of theirs cut at the depth cap.

use super::super::runtime::Snapshot;
use super::super::Outcome;
use super::children::{self, Child};
use super::lane::{Lane, Met, Order};
use super::ledger::Tally;
use super::line;
use super::waiting::{taken, Step, Waiting};
use super::Shared;
use crate::declared::compiled::{Board, Compiled, Ended, Move};
use crate::game::decision::Choice;
use crate::script::host::{Fallible, Host};
use rhai::NativeCallContext;
use std::collections::HashSet;

/// What a position met costs beside the frontier: its key in the table
/// of positions (8 bytes, about 16 with the set's room) and its step back.
const MET_BYTES: usize = 24;

/// The positions the first lane meets before the others start: some
/// tenth of a CPU-second (most deals of most games are settled by then).
const SECOND_LANE_AFTER: usize = 50_000;

/// The positions the first lane meets before a narrowed lane starts, where
/// the rules turn cards up: a search this short needs no other (and a
/// proof this short should cost no more).
const NARROWED_AFTER: usize = 1_000;

/// The lanes that start then: two with shuffles of their own and one
/// depth first (docs/solver.md has the deals each order settled).
const OTHER_ORDERS: [Order; 3] = [
    Order::Shuffled(0),
    Order::Shuffled(0x2545_F491_4F6C_DD1D),
    Order::DepthFirst,
];

/// The positions the lanes that share the table meet before two lanes
/// apart start: a few CPU-seconds, past most deals' search, so that their
/// work, which proves nothing, slows no short proof.
const APART_AFTER: usize = 1_000_000;

/// The lanes apart: depth first in the rules' order and in its reverse
/// (docs/solver.md has the deals each settled).
const APART_ORDERS: [Order; 2] = [Order::DepthFirst, Order::DepthFirstBackwards];

/// The positions a search on boards may meet: the budget's table, or as
/// many as the budget's `copies` in bytes hold, whichever is more (a
/// position met costs a board search no copy, so its copies' memory goes
/// to the table: 11 million positions in 256 MiB).
fn table_bound(tally: &Tally) -> usize {
    tally.budget.table.max(tally.budget.copies / MET_BYTES)
}

pub(super) struct Boards {
    rules: Compiled,
    /// Whether the stock is searched a card it reaches at a time.
    by_stock: bool,
    /// Whether a position with a stranded card may be let go: no card
    /// lies twice on the board.
    strands: bool,
    prefix: Vec<Choice>,
    root: Snapshot,
    root_board: Board,
    /// What the lanes' frontiers may hold together: the budget's copies.
    bound: usize,
    /// The lanes yet to start, the soonest first.
    to_start: Vec<Start>,
    root_key: u64,
    lanes: Vec<Lane>,
    /// The lane whose turn it is.
    turn: usize,
    seen: Met,
    steps: Vec<Step>,
    met: u64,
    moves: Vec<Move>,
    scratch: Vec<Move>,
    children: Vec<Child>,
}

/// Lanes that start once the first has met some positions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Start {
    /// The narrowed lane, where the rules turn cards up.
    Narrowed,
    /// The other orders, sharing the table.
    Others,
    /// The lanes apart.
    Apart,
}

impl Start {
    /// Each, the soonest first.
    const ALL: [Start; 3] = [Start::Narrowed, Start::Others, Start::Apart];

    /// The positions met when it starts.
    fn after(self) -> usize {
        match self {
            Start::Narrowed => NARROWED_AFTER,
            Start::Others => SECOND_LANE_AFTER,
            Start::Apart => APART_AFTER,
        }
    }
}

/// Where a board went on to: a decision of more than one option, an end,
/// or a cycle of lone options.
enum Reached {
    Decision,
    Ended(Ended),
    Cycle,
}

impl Boards {
    /// The search from the first decision, the position the run holds;
    /// none where the game does not compile.
    pub(super) fn new(rt: &Shared, prefix: &[Choice], key: u64, bound: usize) -> Option<Boards> {
        let host = rt.borrow();
        let rules = Compiled::of(&*host)
            .ok()?
            .with_lone_options(host.takes_lone_option());
        let board = rules.board(&*host).ok()?;
        let lanes = vec![Lane::new(Waiting::root(board.clone()), Order::LastMet)];
        Some(Boards {
            to_start: Start::ALL
                .into_iter()
                .filter(|&start| start != Start::Narrowed || rules.narrows())
                .collect(),
            root_key: key,
            by_stock: children::applies(&rules),
            // No move makes or copies a card: the root's cards are all.
            strands: board.cards_distinct(),
            rules,
            prefix: prefix.to_vec(),
            root: host.snapshot(),
            lanes,
            root_board: board,
            bound,
            turn: 0,
            seen: Met::from_iter([key]),
            steps: vec![Step::ROOT],
            met: 0,
            moves: Vec::new(),
            scratch: Vec::new(),
            children: Vec::new(),
        })
    }

    /// Whether every lane kept every board it met (their emptying a proof).
    pub(super) fn complete(&self) -> bool {
        self.lanes.iter().all(Lane::complete)
    }

    /// Starts the lanes `start` names.
    fn start(&mut self, start: Start) {
        let root = || Waiting::root(self.root_board.clone());
        match start {
            Start::Narrowed => self.lanes.push(Lane::narrowed(root(), self.root_key)),
            Start::Others => {
                // Each other lane starts where the first's order parts
                // from its earliest choices: a board nearest the first
                // decision.
                for order in OTHER_ORDERS {
                    if let Some(best) = self.lanes[0].pop_shallowest() {
                        self.lanes.push(Lane::new(best, order));
                    }
                }
            }
            Start::Apart => {
                for order in APART_ORDERS {
                    self.lanes.push(Lane::apart(root(), self.root_key, order));
                }
            }
        }
    }

    /// The lane to step next: the first (and the narrowed one) until
    /// enough positions are met, then each in turn that has a board
    /// waiting; none once the complete lanes are empty and kept every
    /// board (a proof), or once all are empty.
    fn next_lane(&mut self) -> Option<(usize, Waiting<Board>)> {
        while let Some(&start) = self.to_start.first() {
            if self.seen.len() < start.after() {
                break;
            }
            self.to_start.remove(0);
            self.start(start);
        }
        let proven = self
            .lanes
            .iter()
            .all(|lane| !lane.proves() || (lane.is_empty() && lane.complete()));
        if proven {
            return None;
        }
        for _ in 0..self.lanes.len() {
            self.turn = (self.turn + 1) % self.lanes.len();
            if let Some(waiting) = self.lanes[self.turn].pop() {
                return Some((self.turn, waiting));
            }
        }
        None
    }

    /// The best board waiting in the next lane, searched: each option of
    /// its decision played.
    pub(super) fn step(
        &mut self,
        ctx: &NativeCallContext,
        rt: &Shared,
        tally: &mut Tally,
    ) -> Fallible<()> {
        if tally.spent_within(self.met_count(), table_bound(tally)) {
            return Ok(());
        }
        let Some((lane, mut waiting)) = self.next_lane() else {
            tally.exhaust();
            return Ok(());
        };
        match self.reach(&mut waiting.position) {
            Reached::Decision => {}
            Reached::Ended(ended) => {
                let outcome = outcome(rt, ended);
                return tally.ended(outcome, || self.line(ctx, rt, waiting.node, None));
            }
            Reached::Cycle => return Ok(()),
        }
        let depth = self.prefix.len() + waiting.depth as usize;
        let cut = if self.lanes[lane].proves() {
            tally.too_deep(depth)
        } else {
            tally.past_cap(depth)
        };
        if cut {
            return Ok(());
        }
        let mut children = std::mem::take(&mut self.children);
        children::children(
            &self.rules,
            &waiting.position,
            &self.moves,
            self.by_stock,
            &mut self.scratch,
            &mut children,
        );
        let narrowed = self.lanes[lane].is_narrowed();
        for child in children.drain(..) {
            if tally.done || tally.meet() {
                break;
            }
            let step = child.reach.packed();
            let board = match child.reached {
                Ok(board) => board,
                Err(ended) => {
                    let outcome = outcome(rt, ended);
                    tally.ended(outcome, || self.line(ctx, rt, waiting.node, Some(step)))?;
                    continue;
                }
            };
            if narrowed
                && child.moved.is_some_and(|mv| {
                    let before = &waiting.position;
                    let scratch = &mut self.scratch;
                    self.rules.detour(mv, before, &self.moves, &board, scratch)
                })
            {
                continue;
            }
            let key = self.rules.key(&board);
            if !self.lanes[lane].first_met(key, &mut self.seen) {
                continue;
            }
            // Met (so met again for nothing), but not searched: no line
            // from it wins.
            if self.strands && tally.budget.wins_only && self.rules.stranded(&board) {
                tally.stats.stranded += 1;
                continue;
            }
            let node = self.steps.len() as u32;
            self.steps.push(Step {
                from: waiting.node,
                option: step,
            });
            self.met += 1;
            let next = Waiting {
                value: self.rules.value(&board),
                met: self.met,
                node,
                depth: waiting.depth + 1,
                position: board,
            };
            self.lanes[lane].wait_new(next, key);
        }
        self.children = children;
        tally.stats.positions = self.met_count();
        let held = self.lanes.iter().map(Lane::bytes).sum();
        tally.stats.held = tally.stats.held.max(held);
        if held > self.bound {
            // The lane holding most lets its worst boards go: of the lanes
            // that prove nothing first, so that a proof is kept while it
            // can be.
            let first_to_go = |lane: &&mut Lane| (!lane.proves() && lane.bytes() > 0, lane.bytes());
            if let Some(most) = self.lanes.iter_mut().max_by_key(first_to_go) {
                most.prune();
            }
        }
        Ok(())
    }

    /// The positions met, in the shared table and the lanes' own.
    fn met_count(&self) -> usize {
        self.seen.len() + self.lanes.iter().map(Lane::own_met).sum::<usize>()
    }

    /// The board moved on through its lone options to a decision (its
    /// moves then in `self.moves`) or an end.
    fn reach(&mut self, board: &mut Board) -> Reached {
        let mut passed: Option<HashSet<u64>> = None;
        loop {
            self.rules.moves(board, &mut self.moves);
            match self.moves.len() {
                0 => return Reached::Ended(Ended::Lost(self.rules.score(board))),
                1 if self.rules.takes_lone() => {
                    let key = self.rules.key(board);
                    if !passed.get_or_insert_with(HashSet::new).insert(key) {
                        return Reached::Cycle;
                    }
                    let only = self.moves[0];
                    if let Some(ended) = self.rules.play(board, only, &mut self.scratch) {
                        return Reached::Ended(ended);
                    }
                }
                _ => return Reached::Decision,
            }
        }
    }

    /// The choices from the start to `node`'s position, then `step` from
    /// its decision if it is one, played through the run (each deal a
    /// stock step passed over a choice of its own).
    fn line(
        &self,
        ctx: &NativeCallContext,
        rt: &Shared,
        node: u32,
        step: Option<u32>,
    ) -> Fallible<Vec<Choice>> {
        let steps: Vec<u32> = taken(&self.steps, node, step.map(|s| s as usize))
            .into_iter()
            .map(|s| s as u32)
            .collect();
        let taken = children::expanded(&self.rules, &self.root_board, &steps);
        line::choices(ctx, rt, &self.prefix, &self.root, &taken)
    }
}

/// How a line on boards ended, as the host's declared turn ends it.
fn outcome(rt: &Shared, ended: Ended) -> Outcome {
    let (result, score, summary) = crate::declared::said(rt.borrow().wiring(), ended);
    Outcome {
        result: result.to_string(),
        score: score.into(),
        summary,
    }
}
