//! What a search over a deal may spend, and the meter that holds it to
//! that: decisions met (new to the search), decisions replayed (the runs'
//! way back to them), and time, with a stop that a caller may raise (Ctrl-C,
//! a server whose client has gone). Every count is checked where it grows,
//! and the time also inside a script's step (`script::cancel`), so each
//! bound holds within one decision whatever the ruleset does. The solver
//! uses it (`solve.rs`); any other search of a deal can.

use crate::script::cancel::{Cancel, Why};
use crate::script::clock::thread_time;
use crate::script::engine::INTERRUPT;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How far a search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Decisions met: new to the search, or seen again (the same on every
    /// machine).
    pub nodes: u64,
    /// Decisions replayed on the way back to a line's open decision: what
    /// a search that meets few new decisions spends its time on (the same
    /// on every machine too).
    pub replays: u64,
    pub time: Option<Duration>,
    /// CPU time of the searching thread: a bound that the machine's load
    /// does not move (`--cpu-seconds`).
    pub cpu: Option<Duration>,
    /// Positions kept in the table of those seen.
    pub table: usize,
    /// Bytes of option keys the line being searched may hold (it keeps
    /// every decision's, to take the next option): `solve::MAX_LINE_BYTES`.
    pub line_bytes: usize,
    /// Decisions on one line: a deeper line is cut there, and a search
    /// that cut one proves nothing of the deal.
    pub depth: usize,
    /// Bytes the copies of positions a search of a game of positions keeps
    /// may hold, their frames and named state counted: `MAX_COPY_BYTES`.
    pub copies: usize,
    /// Go on after a win for the highest score, instead of stopping.
    pub best: bool,
    /// Only whether a line wins is asked: a search may let go a position
    /// no line can win from (a stranded card), whose ends it then does not
    /// weigh among the best found.
    pub wins_only: bool,
}

/// How many decisions replayed `--nodes` allows when no bound of its own
/// is given: the shipped games replay 1 to 21 for each decision met (a
/// line's length over the decisions a run meets; docs/solver.md), so this
/// leaves their searches as they were, and stops one that meets nothing new.
pub(crate) const REPLAYS_PER_NODE: u64 = 100;

/// The most the copies of positions a search keeps may hold (a best-first
/// search's frontier, a depth-first search's line), in bytes.
pub(crate) const MAX_COPY_BYTES: usize = 256 << 20;

/// Why a search stopped before it was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    Nodes,
    Replays,
    Time,
    /// The thread's CPU time was spent (`Budget::cpu`).
    Cpu,
    /// The table of positions seen was full.
    Table,
    /// The line being searched held as many option keys as it may.
    Line,
    /// The copies of positions on the line searched held as much as they
    /// may (`Budget::copies`).
    Copies,
    Interrupted,
    /// The caller called the search off (its client went away).
    Called,
}

impl Halt {
    /// The name `--json` and the protocol give it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Halt::Nodes => "nodes",
            Halt::Replays => "replays",
            Halt::Time => "time",
            Halt::Cpu => "cpu",
            Halt::Table => "table",
            Halt::Line => "line",
            Halt::Copies => "copies",
            Halt::Interrupted => "interrupted",
            Halt::Called => "called_off",
        }
    }
}

/// What a search has spent, against its budget.
pub(crate) struct Meter {
    nodes: u64,
    replays: u64,
    most_nodes: u64,
    most_replays: u64,
    /// The search's time and its caller's stop, in one.
    stop: Cancel,
    /// When its time began: a search's seconds count from here, so one
    /// halted for time has spent at least its budget.
    started: Instant,
    /// The thread's CPU time when it began, and the most it may spend.
    cpu_started: Duration,
    most_cpu: Option<Duration>,
}

/// How many counts go by between two readings of the thread's CPU clock
/// (a reading costs about what a position of a compiled game does).
const CPU_READ_EVERY: u64 = 256;

impl Meter {
    /// A meter for `budget`, its time counted from now, stopped too when
    /// `outer` is.
    pub(crate) fn new(budget: &Budget, outer: &Cancel) -> Meter {
        let started = Instant::now();
        Meter {
            nodes: 0,
            replays: 0,
            most_nodes: budget.nodes,
            most_replays: budget.replays,
            stop: Cancel::within(budget.time, Some(outer)),
            started,
            cpu_started: thread_time(),
            most_cpu: budget.cpu,
        }
    }

    /// The stop to put over the search's script calls (`Cancel::over`).
    pub(crate) fn stop(&self) -> &Cancel {
        &self.stop
    }

    /// Counts a decision met; why the search must stop, if it must.
    pub(crate) fn meet(&mut self) -> Option<Halt> {
        self.nodes += 1;
        self.spent()
    }

    /// Counts a decision replayed; why the search must stop, if it must.
    pub(crate) fn replay(&mut self) -> Option<Halt> {
        self.replays += 1;
        self.spent()
    }

    /// When its time began.
    pub(crate) fn started(&self) -> Instant {
        self.started
    }

    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    pub(crate) fn replays(&self) -> u64 {
        self.replays
    }

    /// Why the search must stop now, if it must.
    pub(crate) fn spent(&self) -> Option<Halt> {
        if INTERRUPT.load(Ordering::Relaxed) {
            return Some(Halt::Interrupted);
        }
        match self.stop.why() {
            Some(Why::Raised) => return Some(Halt::Called),
            Some(Why::Time) => return Some(Halt::Time),
            None => {}
        }
        if self.cpu_spent() {
            return Some(Halt::Cpu);
        }
        if self.nodes > self.most_nodes {
            Some(Halt::Nodes)
        } else if self.replays > self.most_replays {
            Some(Halt::Replays)
        } else {
            None
        }
    }
}

impl Meter {
    /// Whether the thread's CPU time is spent, read every few counts.
    fn cpu_spent(&self) -> bool {
        let Some(most) = self.most_cpu else {
            return false;
        };
        (self.nodes + self.replays).is_multiple_of(CPU_READ_EVERY)
            && thread_time().saturating_sub(self.cpu_started) >= most
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(nodes: u64, replays: u64) -> Budget {
        Budget {
            nodes,
            replays,
            time: None,
            cpu: None,
            table: 10,
            line_bytes: 1 << 10,
            depth: 10,
            copies: 1 << 10,
            best: false,
            wins_only: false,
        }
    }

    #[test]
    fn each_count_stops_the_search_once_past_its_bound() {
        let never = Cancel::default();
        let mut meter = Meter::new(&budget(2, 3), &never);
        assert_eq!((meter.meet(), meter.meet()), (None, None));
        assert_eq!(meter.meet(), Some(Halt::Nodes));
        let mut meter = Meter::new(&budget(2, 3), &never);
        for _ in 0..3 {
            assert_eq!(meter.replay(), None);
        }
        assert_eq!(meter.replay(), Some(Halt::Replays));
        assert_eq!((meter.nodes(), meter.replays()), (0, 4));
    }

    #[test]
    fn time_and_the_callers_stop_end_it_too() {
        let outer = Cancel::default();
        let timed = Budget {
            time: Some(Duration::ZERO),
            ..budget(9, 9)
        };
        assert_eq!(Meter::new(&timed, &outer).meet(), Some(Halt::Time));
        let meter = Meter::new(&budget(9, 9), &outer);
        assert_eq!(meter.spent(), None);
        outer.raise();
        assert_eq!(meter.spent(), Some(Halt::Called));
    }
}
