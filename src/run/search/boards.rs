//! The search of a game whose whole turn is declared and compiles
//! (`declared/compiled/`): best first, as `best_first.rs` searches, but on
//! boards of a few bytes, listed, moved on, keyed and judged in Rust with
//! no script and no copy of the run. The ruleset's `fn value()` orders it
//! where it has one (no: a compiled game has none, or it would run script
//! at every position), else the host's judgement from the declarations.
//! Only a line found is played again through the run, to give it the
//! choices and labels a save keeps.
//!
//! Memory is bounded as the copies' search is: the frontier's boards by
//! the budget's `copies`, the positions met by its `table` or, where that
//! is more, by as many as `copies` bytes hold (`table_bound`).

use super::super::runtime::Snapshot;
use super::super::Outcome;
use super::children::{self, Child};
use super::ledger::Tally;
use super::line;
use super::waiting::{taken, Step, Waiting};
use super::Shared;
use crate::declared::compiled::{Board, Compiled, Ended, Move};
use crate::game::decision::Choice;
use crate::script::host::{Fallible, Host};
use rhai::NativeCallContext;
use std::collections::{BinaryHeap, HashSet};
use std::hash::BuildHasherDefault;

/// What a position met costs beside the frontier: its key in the table
/// of positions (8 bytes, about 16 with the set's room) and its step back.
const MET_BYTES: usize = 24;

/// The positions a search on boards may meet: the budget's table, or as
/// many as the budget's `copies` in bytes hold, whichever is more (a
/// position met costs a board search no copy, so its copies' memory goes
/// to the table: 11 million positions in 256 MiB).
fn table_bound(tally: &Tally) -> usize {
    tally.budget.table.max(tally.budget.copies / MET_BYTES)
}

/// What a waiting board costs beside its bytes.
const WAITING_BYTES: usize = std::mem::size_of::<Waiting<Board>>();

pub(super) struct Boards {
    rules: Compiled,
    /// Whether the stock is searched a card it reaches at a time.
    by_stock: bool,
    prefix: Vec<Choice>,
    root: Snapshot,
    root_board: Board,
    frontier: BinaryHeap<Waiting<Board>>,
    frontier_bytes: usize,
    bound: usize,
    pruned: bool,
    seen: HashSet<u64, BuildHasherDefault<super::best_first::KeyHasher>>,
    steps: Vec<Step>,
    met: u64,
    moves: Vec<Move>,
    scratch: Vec<Move>,
    children: Vec<Child>,
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
        let mut search = Boards {
            by_stock: children::applies(&rules),
            rules,
            prefix: prefix.to_vec(),
            root: host.snapshot(),
            root_board: board.clone(),
            frontier: BinaryHeap::new(),
            frontier_bytes: 0,
            bound,
            pruned: false,
            seen: HashSet::default(),
            steps: vec![Step::ROOT],
            met: 0,
            moves: Vec::new(),
            scratch: Vec::new(),
            children: Vec::new(),
        };
        search.seen.insert(key);
        search.wait(&mut 0, Waiting::root(board));
        Some(search)
    }

    pub(super) fn complete(&self) -> bool {
        !self.pruned
    }

    /// The best board waiting, searched: each option of its decision played.
    pub(super) fn step(
        &mut self,
        ctx: &NativeCallContext,
        rt: &Shared,
        tally: &mut Tally,
    ) -> Fallible<()> {
        if tally.spent_within(self.seen.len(), table_bound(tally)) {
            return Ok(());
        }
        let Some(mut waiting) = self.frontier.pop() else {
            tally.exhaust();
            return Ok(());
        };
        self.frontier_bytes -= waiting.position.size() + WAITING_BYTES;
        match self.reach(&mut waiting.position) {
            Reached::Decision => {}
            Reached::Ended(ended) => {
                let outcome = outcome(rt, ended);
                return tally.ended(outcome, || self.line(ctx, rt, waiting.node, None));
            }
            Reached::Cycle => return Ok(()),
        }
        let depth = self.prefix.len() + waiting.depth as usize;
        if tally.too_deep(depth) {
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
            let key = self.rules.key(&board);
            if !self.seen.insert(key) {
                continue;
            }
            let node = self.steps.len() as u32;
            self.steps.push(Step {
                from: waiting.node,
                option: step,
            });
            self.met += 1;
            let value = self.rules.value(&board);
            let next = Waiting {
                value,
                met: self.met,
                node,
                depth: waiting.depth + 1,
                position: board,
            };
            self.wait(&mut tally.stats.held, next);
        }
        self.children = children;
        tally.stats.positions = self.seen.len();
        Ok(())
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

    fn wait(&mut self, most: &mut usize, waiting: Waiting<Board>) {
        self.frontier_bytes += waiting.position.size() + WAITING_BYTES;
        self.frontier.push(waiting);
        if self.frontier_bytes > self.bound {
            self.prune();
        }
        *most = (*most).max(self.frontier_bytes);
    }

    /// Keeps the best boards of the frontier, three quarters of its bound.
    fn prune(&mut self) {
        self.pruned = true;
        let mut kept = Vec::with_capacity(self.frontier.len());
        let mut bytes = 0;
        while let Some(waiting) = self.frontier.pop() {
            let size = waiting.position.size() + WAITING_BYTES;
            if bytes + size > self.bound / 4 * 3 {
                break;
            }
            bytes += size;
            kept.push(waiting);
        }
        self.frontier = kept.into();
        self.frontier_bytes = bytes;
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
