//! The games the server holds, each under a random id the page keeps: at
//! most `most` of them (each has a thread of its own, its `LiveRun`), and
//! none idle for longer than `idle`. A new game in a full table closes the
//! one idle longest. A closed game's autosave stays, so the page (or
//! `delve resume`) brings it back. Each game has a queue of its own, so
//! requests that wait for one game never wait for another.

use super::game::Game;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Requests that may wait for one game at once (a page sends one at a
/// time); past that, the game is busy.
pub(crate) const QUEUE: usize = 8;

/// One game: locked while a request acts on it, and the places of the
/// requests that wait for it.
pub(crate) struct Held {
    pub(crate) game: Arc<tokio::sync::Mutex<Game>>,
    pub(crate) queue: Semaphore,
}

pub(crate) type Shared = Arc<Held>;

pub(crate) struct Sessions {
    table: Mutex<HashMap<String, Entry>>,
    most: usize,
    idle: Duration,
}

struct Entry {
    game: Shared,
    used: Instant,
}

impl Sessions {
    pub(crate) fn new(most: usize, idle: Duration) -> Sessions {
        Sessions {
            table: Mutex::new(HashMap::new()),
            most: most.max(1),
            idle,
        }
    }

    pub(crate) fn most(&self) -> usize {
        self.most
    }

    /// Holds `game` under a new id; closes idle games first, and the one
    /// idle longest when the table is full.
    pub(crate) fn insert(&self, game: Game) -> String {
        let id = format!("{:032x}", rand::random::<u128>());
        let closed = {
            let mut table = self.lock();
            let mut closed = idle_ones(&mut table, self.idle);
            while table.len() >= self.most {
                let oldest = table
                    .iter()
                    .min_by_key(|(_, e)| e.used)
                    .map(|(id, _)| id.clone());
                match oldest.and_then(|id| table.remove(&id)) {
                    Some(entry) => closed.push(entry),
                    None => break,
                }
            }
            let entry = Entry {
                game: Arc::new(Held {
                    game: Arc::new(tokio::sync::Mutex::new(game)),
                    queue: Semaphore::new(QUEUE),
                }),
                used: Instant::now(),
            };
            table.insert(id.clone(), entry);
            closed
        };
        // Games end (their threads stop) outside the lock.
        drop(closed);
        id
    }

    /// A game opened, held under a new id (on a thread that may wait: a
    /// game it closes to make room is waited for): the reply to its page.
    pub(crate) fn hold(&self, opened: anyhow::Result<(Game, Vec<Value>)>) -> anyhow::Result<Value> {
        let (mut game, messages) = opened?;
        let autosave = game.autosave();
        let id = self.insert(game);
        Ok(json!({"id": id, "autosave": autosave, "messages": messages}))
    }

    /// The game under `id`, marked as used now.
    pub(crate) fn get(&self, id: &str) -> Option<Shared> {
        let mut table = self.lock();
        let entry = table.get_mut(id)?;
        entry.used = Instant::now();
        Some(entry.game.clone())
    }

    /// Closes the game under `id`, if there is one.
    pub(crate) fn remove(&self, id: &str) {
        let entry = self.lock().remove(id);
        drop(entry);
    }

    /// Closes the games idle for longer than the limit; how many.
    pub(crate) fn sweep(&self) -> usize {
        let closed = idle_ones(&mut self.lock(), self.idle);
        closed.len()
    }

    /// Closes the game idle longest that no request holds or waits for, to
    /// give its thread's room to a new one; whether there was one. Its
    /// thread has ended when this returns.
    pub(crate) fn close_idlest(&self) -> bool {
        let closed = {
            let mut table = self.lock();
            let idlest = table
                .iter()
                .filter(|(_, e)| Arc::strong_count(&e.game) == 1 && e.game.game.try_lock().is_ok())
                .min_by_key(|(_, e)| e.used)
                .map(|(id, _)| id.clone());
            idlest.and_then(|id| table.remove(&id))
        };
        closed.is_some()
    }

    pub(crate) fn len(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Entry>> {
        // A panic while the table was locked leaves it whole: every change
        // to it is one insert or remove.
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Takes the games idle for longer than `idle` out of `table`.
fn idle_ones(table: &mut HashMap<String, Entry>, idle: Duration) -> Vec<Entry> {
    let now = Instant::now();
    let stale: Vec<String> = table
        .iter()
        .filter(|(_, e)| now.duration_since(e.used) > idle)
        .map(|(id, _)| id.clone())
        .collect();
    stale.iter().filter_map(|id| table.remove(id)).collect()
}
