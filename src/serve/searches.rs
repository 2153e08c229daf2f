//! The long work `delve serve` does for a page, apart from game moves: a
//! search for a winnable deal, and a hint (an odds hint, `hint mc`, or a
//! hint of a ruleset with no bot, which is one). Each runs on a
//! thread of its own with a script's stack (`threads`), never on the
//! threads that answer moves, and at most `MOST` of each kind at once: past
//! that, the request is told the server is busy with them (503). A search
//! is polled: the page asks how it goes (`GET /search/ID`: seeds tried,
//! seconds) until it is done, and a search whose page has not asked for
//! `GONE` has lost its page and is called off (its `Cancel` raised, which
//! stops even a step of a script at once). What a done search found is
//! kept until its page asks, or `GONE` passes.

use super::reply::Refused;
use crate::script::cancel::Cancel;
use axum::http::StatusCode;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Searches, and hints, that may run at once: each keeps a core busy (an
/// odds hint every core, for its five seconds).
pub(crate) const MOST: usize = 2;

/// How long a search's page may go without asking how it goes (it asks
/// twice a second) before the search is called off.
pub(crate) const GONE: Duration = Duration::from_secs(10);

/// What a search ends with: the reply to its page, or why it failed.
pub(crate) type Outcome = Result<Value, Refused>;

/// One search: how far it has got, its stop, and its outcome once done.
struct Search {
    stop: Cancel,
    state: Mutex<State>,
}

struct State {
    /// Seeds passed over so far.
    passed: u64,
    started: Instant,
    /// When the page last asked.
    asked: Instant,
    outcome: Option<Outcome>,
}

/// What a page that asks about a search is told.
pub(crate) enum Polled {
    Going(Value),
    Done(Outcome),
}

pub(crate) struct Searches {
    table: Mutex<HashMap<String, Arc<Search>>>,
    /// Places for searches, and for hints, running now.
    searching: Arc<Semaphore>,
    hinting: Arc<Semaphore>,
}

/// The work of a search: it runs until done, or until `stop` is raised,
/// and tells how many seeds it has passed over.
pub(crate) type Work = Box<dyn FnOnce(&Cancel, &mut dyn FnMut(u64)) -> Outcome + Send>;

impl Searches {
    pub(crate) fn new() -> Searches {
        Searches {
            table: Mutex::new(HashMap::new()),
            searching: Arc::new(Semaphore::new(MOST)),
            hinting: Arc::new(Semaphore::new(MOST)),
        }
    }

    /// Starts `work` on a thread of its own; its id, and what its page is
    /// told first. Past `MOST` searches at once, or without a thread, the
    /// server is busy.
    pub(crate) fn start(&self, work: Work) -> Result<(String, Value), Refused> {
        let Ok(place) = self.searching.clone().try_acquire_owned() else {
            return Err(busy(&format!(
                "the server is searching for {MOST} winnable deals already"
            )));
        };
        let id = format!("{:032x}", rand::random::<u128>());
        let search = Arc::new(Search {
            stop: Cancel::default(),
            state: Mutex::new(State {
                passed: 0,
                started: Instant::now(),
                asked: Instant::now(),
                outcome: None,
            }),
        });
        self.lock().insert(id.clone(), search.clone());
        let running = search.clone();
        let spawned = crate::threads::spawn("delve-search", move || {
            let _place = place;
            let mut told = |passed| lock(&running.state).passed = passed;
            let outcome = work(&running.stop, &mut told);
            lock(&running.state).outcome = Some(outcome);
        });
        if let Err(no_thread) = spawned {
            self.lock().remove(&id);
            return Err(Refused::new(
                StatusCode::SERVICE_UNAVAILABLE,
                no_thread.to_string(),
            ));
        }
        let going = going(&id, &lock(&search.state));
        Ok((id, going))
    }

    /// How the search `id` goes, or its outcome once done (then it is
    /// forgotten); `None` for a search not held (done and told, or called
    /// off for want of asking).
    pub(crate) fn poll(&self, id: &str) -> Option<Polled> {
        let mut table = self.lock();
        let search = table.get(id)?.clone();
        let mut state = lock(&search.state);
        state.asked = Instant::now();
        Some(match state.outcome.take() {
            Some(outcome) => {
                drop(state);
                table.remove(id);
                Polled::Done(outcome)
            }
            None => Polled::Going(going(id, &state)),
        })
    }

    /// Calls off the search `id` (its page said so); whether there was one.
    pub(crate) fn call_off(&self, id: &str) -> bool {
        let Some(search) = self.lock().remove(id) else {
            return false;
        };
        search.stop.raise();
        true
    }

    /// Calls off (and forgets) the searches whose page has not asked
    /// within `GONE`, and forgets those done that no page asked for within
    /// as long. A search called off holds its place until its thread ends.
    pub(crate) fn sweep(&self) {
        self.lock().retain(|_, search| {
            let gone = lock(&search.state).asked.elapsed() > GONE;
            if gone {
                search.stop.raise();
            }
            !gone
        });
    }

    /// Searches running now (those called off count until their threads end).
    pub(crate) fn running(&self) -> usize {
        MOST - self.searching.available_permits()
    }

    /// A place for a hint, held while it plays; none past `MOST`.
    pub(crate) fn hint_place(&self) -> Result<OwnedSemaphorePermit, Refused> {
        self.hinting.clone().try_acquire_owned().map_err(|_| {
            busy(&format!(
                "the server is working out hints for {MOST} games already"
            ))
        })
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<Search>>> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A search's state, locked (a panic while it was held leaves it whole:
/// each change is one assignment).
fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What a page is told of a search under way.
fn going(id: &str, state: &State) -> Value {
    let seconds = state.started.elapsed().as_secs_f64();
    json!({"search": id, "done": false, "seeds": state.passed, "seconds": seconds})
}

fn busy(why: &str) -> Refused {
    Refused::new(
        StatusCode::SERVICE_UNAVAILABLE,
        format!("{why}: try again when one is done"),
    )
}
