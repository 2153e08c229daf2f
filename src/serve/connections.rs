//! The server's connections: how many may be open, and how long one may
//! wait for a request. axum's own `serve` holds a connection that sends
//! nothing for ever, and any number of them, until the process runs out of
//! files and answers no one; here each connection is served by hyper with a
//! deadline for every request's head, and their number is capped below the
//! process's limit of open files, so a flood of idle connections can never
//! shut out the games in play.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// A request's head must come within this long of connecting, or of the
/// answer before it on the same connection: a connection that sends
/// nothing, half a request line, or nothing more after its answers, is
/// closed after this long.
pub(crate) const HEAD_TIME: Duration = Duration::from_secs(5);

/// The most connections open at once, where the file limit allows. A
/// browser opens six at most to one server; the rest is room for several
/// pages and tools.
const MOST: usize = 512;

/// Files kept free of connections: the listener, autosaves, statistics,
/// the terminal, what the runtime and the allocator open.
const OTHER_FILES: u64 = 128;

/// The connections open, against their cap.
pub(crate) struct Connections {
    places: Arc<Semaphore>,
    most: usize,
}

impl Connections {
    /// Raises the soft limit of open files to the hard one where allowed,
    /// and caps the connections below it.
    pub(crate) fn new() -> Connections {
        let most = usize::try_from(open_file_limit().saturating_sub(OTHER_FILES))
            .unwrap_or(MOST)
            .clamp(8, MOST);
        Connections {
            places: Arc::new(Semaphore::new(most)),
            most,
        }
    }

    pub(crate) fn most(&self) -> usize {
        self.most
    }

    pub(crate) fn open(&self) -> usize {
        self.most - self.places.available_permits()
    }

    /// Accepts connections for ever, each served by `routes` on a task of
    /// its own; one past the cap is closed at once, unanswered, so those
    /// already open (the games in play) go on.
    pub(crate) async fn serve(&self, listener: TcpListener, routes: Router) {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                // Out of files or memory for a moment: try again soon,
                // without spinning.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            let Ok(place) = self.places.clone().try_acquire_owned() else {
                drop(stream);
                continue;
            };
            let service = TowerToHyperService::new(routes.clone());
            tokio::spawn(async move {
                let connection = http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(HEAD_TIME)
                    .serve_connection(TokioIo::new(stream), service);
                // A connection that breaks or times out concerns only itself.
                let _ = connection.await;
                drop(place);
            });
        }
    }
}

/// The soft limit of open files, raised first to the hard one if it is
/// lower (a desktop's soft limit is often 1,024 of a hard 500,000 or more).
#[cfg(unix)]
fn open_file_limit() -> u64 {
    use nix::sys::resource::{getrlimit, setrlimit, Resource};
    let Ok((soft, hard)) = getrlimit(Resource::RLIMIT_NOFILE) else {
        return MOST as u64 + OTHER_FILES;
    };
    // The system may refuse a hard limit of "unlimited" as a soft one: the
    // soft limit then stays as it was.
    if soft < hard && setrlimit(Resource::RLIMIT_NOFILE, hard, hard).is_ok() {
        return hard;
    }
    soft
}

#[cfg(not(unix))]
fn open_file_limit() -> u64 {
    MOST as u64 + OTHER_FILES
}
