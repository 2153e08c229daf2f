//! `delve serve`'s server: its runtime, its listener on 127.0.0.1, what it
//! holds (games, connections, work, the budget for bodies) and its routes,
//! every one behind `guard`. What it holds is in `held`. The bounds are each in the file of their
//! concept: connections (`connections`), bodies (`guard`), game work
//! (`work`), long searches (`searches`), games (`sessions`).

use super::connections::Connections;
use super::guard::{guard, BODIES, LINE_BODY, SAVE_BODY};
use super::held::App;
use super::reply::error;
use super::rulesets::Rulesets;
use super::searches::Searches;
use super::sessions::Sessions;
use super::work::{Work, BLOCKING_THREADS};
use super::{page, requests, searching, Settings};
use anyhow::{Context, Result};
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::middleware;
use axum::routing::{get, post};
use axum::Router;
use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Serves until the process is stopped; prints the address first.
pub(crate) fn run(settings: &Settings) -> Result<()> {
    let rulesets = Rulesets::gather(settings.game.as_deref())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(BLOCKING_THREADS)
        // Game work may run a script (an odds hint's first look): every
        // thread that may, has a script's stack.
        .thread_stack_size(crate::threads::STACK)
        .thread_name("delve-serve")
        .build()
        .context("can not start the server's runtime")?;
    runtime.block_on(async {
        let wanted = SocketAddr::from((Ipv4Addr::LOCALHOST, settings.port));
        let listener = tokio::net::TcpListener::bind(wanted)
            .await
            .map_err(|e| bind_error(settings.port, &e))?;
        let port = listener.local_addr()?.port();
        let app = Arc::new(App {
            sessions: Sessions::new(settings.sessions, settings.idle),
            rulesets,
            hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
            origins: [
                format!("http://127.0.0.1:{port}"),
                format!("http://localhost:{port}"),
            ],
            connections: Connections::new(),
            work: Work::new(),
            searches: Searches::new(),
            bodies: Arc::new(Semaphore::new(BODIES)),
        });
        tokio::spawn(sweep(app.clone(), settings.idle));
        tokio::spawn(sweep_searches(app.clone()));
        let mut out = std::io::stdout();
        writeln!(
            out,
            "delve serves http://127.0.0.1:{port}/ to this computer only; Ctrl-C stops it."
        )?;
        out.flush()?;
        app.connections.serve(listener, routes(app.clone())).await;
        Ok(())
    })
}

fn bind_error(port: u16, error: &std::io::Error) -> anyhow::Error {
    if error.kind() == std::io::ErrorKind::AddrInUse {
        crate::usage::UsageError(format!(
            "port {port} on 127.0.0.1 is in use: name another with --port N, or --port 0 for any free one"
        ))
        .into()
    } else {
        anyhow::anyhow!("can not listen on 127.0.0.1:{port}: {error}")
    }
}

/// Closes idle games now and then, so their memory and threads go even
/// when no request comes (off the runtime's thread: a closed game's thread
/// is waited for).
async fn sweep(app: Arc<App>, idle: Duration) {
    let mut tick =
        tokio::time::interval((idle / 2).clamp(Duration::from_secs(1), Duration::from_mins(1)));
    loop {
        tick.tick().await;
        let app = app.clone();
        let _ = tokio::task::spawn_blocking(move || app.sessions.sweep()).await;
    }
}

/// Calls off, every second, the searches whose page has stopped asking.
async fn sweep_searches(app: Arc<App>) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    loop {
        tick.tick().await;
        app.searches.sweep();
    }
}

fn routes(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/start.js", get(page::start))
        .route("/common.js", get(page::common))
        .route("/table.js", get(page::table))
        .route("/fit.js", get(page::fit))
        .route("/carry.js", get(page::carry))
        .route("/cards.js", get(page::cards))
        .route("/style.css", get(page::style))
        .route("/rulesets", get(requests::rulesets))
        .route("/status", get(requests::status))
        .route("/stats", get(requests::stats))
        .route("/games", get(requests::games))
        .route(
            "/search/{id}",
            get(searching::poll).delete(searching::call_off),
        )
        .route(
            "/session",
            post(requests::start).layer(DefaultBodyLimit::max(LINE_BODY)),
        )
        .route(
            "/session/{id}",
            get(requests::reopen)
                .post(requests::line)
                .delete(requests::leave)
                .layer(DefaultBodyLimit::max(LINE_BODY)),
        )
        .route("/session/{id}/save", get(requests::download))
        .route(
            "/session/{id}/load",
            post(requests::upload).layer(DefaultBodyLimit::max(SAVE_BODY)),
        )
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page or request") })
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app)
}
