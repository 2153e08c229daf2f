//! A long piece of work's stop: a deadline, and a flag another thread may
//! raise (a server whose client has gone, a caller's own deadline). Put
//! over the script calls of that work on its thread (`over`), it is read by
//! the engine every few thousand operations with the Ctrl-C flag, so a
//! step that runs long stops once it is due, and a search's time holds
//! whatever a ruleset does between two decisions. A stop may sit inside
//! another's (a deal's seconds inside a whole search's minute): it is due
//! when either is.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A stop that one thread may raise and another reads; clones share it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Cancel(Arc<Inner>);

#[derive(Debug, Default)]
struct Inner {
    deadline: Option<Instant>,
    raised: AtomicBool,
    outer: Option<Cancel>,
}

/// Why a stop is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// Its time (or an outer stop's) is up.
    Time,
    /// It was raised (or an outer stop was).
    Raised,
}

impl Cancel {
    /// A stop due `time` from now (never, for `None`), and when `outer` is.
    pub(crate) fn within(time: Option<Duration>, outer: Option<&Cancel>) -> Cancel {
        Cancel(Arc::new(Inner {
            deadline: time.map(|t| Instant::now() + t),
            raised: AtomicBool::new(false),
            outer: outer.cloned(),
        }))
    }

    /// Calls the work off: it stops at its next check.
    pub(crate) fn raise(&self) {
        self.0.raised.store(true, Ordering::Relaxed);
    }

    /// Whether the work must stop now, and why (raised before time).
    pub(crate) fn why(&self) -> Option<Why> {
        let mut stop = Some(self);
        let mut due = None;
        while let Some(Cancel(inner)) = stop {
            if inner.raised.load(Ordering::Relaxed) {
                return Some(Why::Raised);
            }
            if inner.deadline.is_some_and(|d| Instant::now() >= d) {
                due = Some(Why::Time);
            }
            stop = inner.outer.as_ref();
        }
        due
    }

    /// Runs `work` with this as its thread's stop: the script calls in it
    /// stop (an `interrupted` error) once it is due.
    pub(crate) fn over<T>(&self, work: impl FnOnce() -> T) -> T {
        let _restored = Restore(CURRENT.with(|c| c.replace(Some(self.clone()))));
        work()
    }
}

/// Puts the stop that was over the thread back, even when work unwinds.
struct Restore(Option<Cancel>);

impl Drop for Restore {
    fn drop(&mut self) {
        let before = self.0.take();
        CURRENT.with(|c| *c.borrow_mut() = before);
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Cancel>> = const { RefCell::new(None) };
}

/// The stop over this thread's work, if there is one: a run started for
/// that work on another thread (a live game's) takes it along.
pub(crate) fn current() -> Option<Cancel> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Lifts the stop over this thread's work until that work ends: a live
/// run's stop holds up to its first decision, not over the person's
/// answers after it.
pub(crate) fn lift() {
    CURRENT.with(|c| *c.borrow_mut() = None);
}

/// Whether the stop over this thread's work is due (the engine asks).
pub(crate) fn due() -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(|c| c.why().is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_is_due_when_raised_or_timed_out_or_when_the_outer_one_is() {
        let outer = Cancel::within(None, None);
        let inner = Cancel::within(Some(Duration::from_hours(1)), Some(&outer));
        assert_eq!(inner.why(), None);
        outer.raise();
        assert_eq!(inner.why(), Some(Why::Raised));
        let gone = Cancel::within(Some(Duration::ZERO), None);
        let under = Cancel::within(None, Some(&gone));
        assert_eq!(under.why(), Some(Why::Time));
        assert!(!due(), "no stop over this thread");
        assert!(under.over(due));
        assert!(!due(), "the stop is lifted after its work");
        assert!(under.over(|| {
            lift();
            current().is_none() && !due()
        }));
        assert!(under.over(|| current().is_some()));
    }
}
