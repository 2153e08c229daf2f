//! Where game work runs: on a small pool of blocking threads (each waits
//! on a game's own thread; each has a script's stack, as every thread that
//! may run a script does), at most `IN_FLIGHT` requests at once and past
//! that the server is busy. Long work on a game (an odds hint) runs on a
//! thread of its own instead (`on_game_apart`, `searches`). A request for a game first waits its turn on
//! that game alone (at most `sessions::QUEUE` of them), holding nothing
//! else meanwhile, so a game with a long queue takes one thread of the pool
//! at most and never holds up another game. A thread the machine will not
//! start closes the game idle longest to make room, once, and is otherwise
//! told as the machine's shortage (503), not as a bad request; so is a
//! failure while the server holds more memory than its bound.

use super::game::Game;
use super::reply::Refused;
use super::sessions::{Sessions, Shared, QUEUE};
use axum::http::StatusCode;
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Threads that run game work.
pub(crate) const BLOCKING_THREADS: usize = 4;
/// Requests that may wait for game work at once.
const IN_FLIGHT: usize = 64;

/// Listings of the unfinished games that run at once; the others wait
/// their turn, holding no thread.
const LISTINGS: usize = 1;

pub(crate) struct Work {
    in_flight: Arc<Semaphore>,
    listings: Arc<Semaphore>,
}

impl Work {
    pub(crate) fn new() -> Work {
        Work {
            in_flight: Arc::new(Semaphore::new(IN_FLIGHT)),
            listings: Arc::new(Semaphore::new(LISTINGS)),
        }
    }

    /// Runs a listing of the unfinished games (`work`, which replays
    /// autosaves) apart from game work: on a thread of its own, `LISTINGS`
    /// at a time, so a slow autosave never holds up a move.
    pub(crate) async fn listing<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let Ok(_waiting) = self.in_flight.clone().try_acquire_owned() else {
            return Err(busy("the server is busy with other requests"));
        };
        let place = self
            .listings
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| Refused::internal("delve failed on this request (a bug)"))?;
        let (done, result) = tokio::sync::oneshot::channel();
        crate::threads::spawn("delve-listing", move || {
            let _place = place;
            let _ = done.send(work());
        })
        .map_err(|e| Refused::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))?;
        result
            .await
            .map_err(|_| Refused::internal("delve failed on this request (a bug)"))
    }

    /// Runs `work` on the blocking pool, if not too many requests wait for it.
    pub(crate) async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let Ok(permit) = self.in_flight.clone().try_acquire_owned() else {
            return Err(busy("the server is busy with other requests"));
        };
        let result = tokio::task::spawn_blocking(move || {
            let result = work();
            drop(permit);
            result
        })
        .await;
        result.map_err(|_| Refused::internal("delve failed on this request (a bug)"))
    }

    /// Runs `work` on `held`'s game once the requests before it for that
    /// game are answered.
    pub(crate) async fn on_game<T: Send + 'static>(
        &self,
        held: &Shared,
        work: impl FnOnce(&mut Game) -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let Ok(_waiting) = held.queue.try_acquire() else {
            return Err(busy(&format!(
                "this game has {QUEUE} requests waiting already"
            )));
        };
        let mut game = held.game.clone().lock_owned().await;
        self.blocking(move || work(&mut game)).await
    }

    /// Runs `work` on `held`'s game once the requests before it for that
    /// game are answered, as `on_game` does, but on a thread of its own
    /// (long work: an odds hint), holding `place` among the server's long
    /// work, so that game moves never wait for it.
    pub(crate) async fn on_game_apart<T: Send + 'static>(
        &self,
        held: &Shared,
        place: OwnedSemaphorePermit,
        work: impl FnOnce(&mut Game) -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let Ok(_waiting) = held.queue.try_acquire() else {
            return Err(busy(&format!(
                "this game has {QUEUE} requests waiting already"
            )));
        };
        let mut game = held.game.clone().lock_owned().await;
        let (done, result) = tokio::sync::oneshot::channel();
        crate::threads::spawn("delve-apart", move || {
            let _place = place;
            let _ = done.send(work(&mut game));
        })
        .map_err(|e| Refused::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))?;
        result
            .await
            .map_err(|_| Refused::internal("delve failed on this request (a bug)"))
    }
}

/// Tries `attempt`, and if the machine would not start its thread, closes
/// the game idle longest and tries once more.
pub(crate) fn with_room<T>(
    sessions: &Sessions,
    mut attempt: impl FnMut() -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    match attempt() {
        Err(error) if crate::threads::is_no_thread(&error) && sessions.close_idlest() => attempt(),
        done => done,
    }
}

/// What a request that failed to start a game or load one is told: the
/// machine's shortage (no thread, or the server holding more memory than
/// its bound) is 503 (try later), anything else the request's fault.
pub(crate) fn refused(error: &anyhow::Error) -> Refused {
    if crate::threads::is_no_thread(error) {
        return Refused::new(StatusCode::SERVICE_UNAVAILABLE, format!("{error:#}"));
    }
    if let Some(held) = crate::heap::process_over_bound_now() {
        return Refused::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is short of memory: it holds {} MiB, more than its bound of {} MiB \
                 (a game's script may keep memory it can no longer reach); restarting delve \
                 serve frees it, and every game stays in its autosave ({error:#})",
                held >> 20,
                crate::heap::process_bound() >> 20
            ),
        );
    }
    Refused::new(StatusCode::BAD_REQUEST, format!("{error:#}"))
}

fn busy(why: &str) -> Refused {
    Refused::new(
        StatusCode::SERVICE_UNAVAILABLE,
        format!("{why}: try again in a moment"),
    )
}
