//! The HTTP side of `delve serve`: the routes, the guard every request
//! passes, and the bounds. The server listens on 127.0.0.1 only; it answers
//! only requests addressed to that address or `localhost` at its port, and
//! a POST only with a JSON body, so a page from elsewhere that the browser
//! also shows can not drive it. Game work runs on a small pool of blocking
//! threads, and at most `IN_FLIGHT` requests wait for it at once: past
//! that a request is told the server is busy instead of queueing. At most
//! `READING` POSTs are read and answered at once, each body read within
//! `POST_TIME`, so unfinished uploads hold no more than that many bodies.

use super::game::Game;
use super::reply::{body, bytes, error, reply, Answer, Refused};
use super::rulesets::Rulesets;
use super::sessions::{self, Sessions};
use super::{page, Settings};
use crate::session::autosave::Keeper;
use crate::session::open::{GameSpec, Setting};
use anyhow::{Context, Result};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE, HOST, ORIGIN};
use axum::http::{Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// A protocol line is at most 64 KiB, as `--json` and the REPL read them;
/// its request body has room for the JSON around it.
const LINE_BODY: usize = 64 * 1024 + 1024;
/// An uploaded save: the cap on any save file delve reads.
const SAVE_BODY: usize = 4 * 1024 * 1024;
/// Threads that run game work; each waits on a game's own thread.
const BLOCKING_THREADS: usize = 4;
/// Requests that may wait for game work at once.
const IN_FLIGHT: usize = 64;
/// POSTs whose bodies may be read at once: each body is held whole before
/// its work, so a flood of slow uploads holds at most this many caps.
const READING: usize = 16;
/// The longest a POST's body may take to come: a slow sender gives its
/// place back.
const POST_TIME: Duration = Duration::from_secs(30);

struct App {
    sessions: Sessions,
    rulesets: Rulesets,
    /// The addresses a request may name in `Host` (and `Origin`).
    hosts: [String; 2],
    origins: [String; 2],
    busy: Arc<Semaphore>,
    /// Places for the POSTs being read and answered (`READING`).
    reading: Arc<Semaphore>,
}

/// Serves until the process is stopped; prints the address first.
pub(crate) fn run(settings: &Settings) -> Result<()> {
    let rulesets = Rulesets::gather(settings.game.as_deref())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(BLOCKING_THREADS)
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
            busy: Arc::new(Semaphore::new(IN_FLIGHT)),
            reading: Arc::new(Semaphore::new(READING)),
        });
        tokio::spawn(sweep(app.clone(), settings.idle));
        let mut out = std::io::stdout();
        writeln!(
            out,
            "delve serves http://127.0.0.1:{port}/ to this computer only; Ctrl-C stops it."
        )?;
        out.flush()?;
        axum::serve(listener, routes(app))
            .await
            .context("the server stopped")
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
/// when no request comes.
async fn sweep(app: Arc<App>, idle: Duration) {
    let mut tick =
        tokio::time::interval((idle / 2).clamp(Duration::from_secs(1), Duration::from_mins(1)));
    loop {
        tick.tick().await;
        app.sessions.sweep();
    }
}

fn routes(app: Arc<App>) -> Router {
    let lines = DefaultBodyLimit::max(LINE_BODY);
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/table.js", get(page::table))
        .route("/cards.js", get(page::cards))
        .route("/style.css", get(page::style))
        .route("/rulesets", get(rulesets))
        .route("/status", get(status))
        .route("/stats", get(stats))
        .route("/session", axum::routing::post(start).layer(lines))
        .route(
            "/session/{id}",
            get(reopen)
                .post(line)
                .layer(DefaultBodyLimit::max(LINE_BODY)),
        )
        .route("/session/{id}/save", get(download))
        .route(
            "/session/{id}/load",
            axum::routing::post(upload).layer(DefaultBodyLimit::max(SAVE_BODY)),
        )
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page or request") })
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app)
}

/// Refuses a request not addressed to this server by name (a page of
/// another site, or DNS rebinding), and a POST whose body is not JSON
/// (which a browser would only send from another site after asking).
async fn guard(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    if let Some(refused) = refusal(&app, &request) {
        return refused;
    }
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    // A POST's body is read whole before its work: so many at once, each
    // for so long, and no more, or slow uploads would hold memory unbounded.
    let Ok(_place) = app.reading.clone().try_acquire_owned() else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy with other requests: try again in a moment",
        );
    };
    // The body is read here, within the time allowed; the work itself is
    // not timed, for work cut short by a timeout would still be done.
    let (parts, body) = request.into_parts();
    let read = tokio::time::timeout(POST_TIME, axum::body::to_bytes(body, SAVE_BODY)).await;
    match read {
        Ok(Ok(bytes)) => {
            let request = Request::from_parts(parts, axum::body::Body::from(bytes));
            next.run(request).await
        }
        Ok(Err(_)) => error(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request is too large: a line is at most 64 KiB, a save at most 4 MiB",
        ),
        Err(_) => error(
            StatusCode::REQUEST_TIMEOUT,
            "the request's body took longer than 30 seconds to come: send it again",
        ),
    }
}

fn refusal(app: &App, request: &Request) -> Option<Response> {
    let header = |name| request.headers().get(name).and_then(|v| v.to_str().ok());
    if !header(HOST).is_some_and(|h| app.hosts.iter().any(|a| a == h)) {
        return Some(error(
            StatusCode::FORBIDDEN,
            "this server answers only requests to 127.0.0.1 or localhost at its port",
        ));
    }
    if header(ORIGIN).is_some_and(|o| !app.origins.iter().any(|a| a == o)) {
        return Some(error(
            StatusCode::FORBIDDEN,
            "requests from other sites are refused",
        ));
    }
    let json_body = header(CONTENT_TYPE).is_some_and(|t| t.starts_with("application/json"));
    if request.method() == Method::POST && !json_body {
        return Some(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a POST takes a JSON body (Content-Type: application/json)",
        ));
    }
    None
}

/// Runs game work on the blocking pool, if not too many requests wait for it.
async fn blocking<T: Send + 'static>(
    app: &App,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Refused> {
    let Ok(permit) = app.busy.clone().try_acquire_owned() else {
        return Err(Refused::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy with other requests: try again in a moment",
        ));
    };
    let result = tokio::task::spawn_blocking(move || {
        let result = work();
        drop(permit);
        result
    })
    .await;
    result.map_err(|_| Refused::internal("delve failed on this request (a bug)"))
}

async fn rulesets(State(app): State<Arc<App>>) -> Response {
    reply(StatusCode::OK, app.rulesets.listing())
}

async fn status(State(app): State<Arc<App>>) -> Response {
    let status = json!({"sessions": app.sessions.len(), "most": app.sessions.most()});
    reply(StatusCode::OK, &status)
}

/// The statistics of every ruleset, as `delve stats --json` gives them.
async fn stats(State(app): State<Arc<App>>) -> Answer {
    let value = blocking(&app, || {
        let path = crate::session::record_book::default_path()
            .context("no home folder (HOME or XDG_DATA_HOME) to keep statistics in")?;
        let records = crate::session::record_book::records(&path, None)?;
        anyhow::Ok(crate::session::record_book::json(&records))
    })
    .await?
    .map_err(|e| Refused::internal(format!("{e:#}")))?;
    Ok(reply(StatusCode::OK, &value))
}

/// What starts a game: a ruleset, its options, a seed and a deal, or the
/// name of an unfinished game's autosave to resume.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Start {
    game: Option<String>,
    #[serde(default)]
    options: Map<String, Value>,
    seed: Option<u64>,
    /// A deal file's text (the page uploads it; the server reads no file).
    deal: Option<String>,
    resume: Option<String>,
}

async fn start(State(app): State<Arc<App>>, raw: Result<Bytes, BytesRejection>) -> Answer {
    let start: Start = body(raw)?;
    let opened = match (start.resume, start.game) {
        (Some(name), None) => {
            blocking(&app, move || Game::resume(&name, Keeper::for_browser())).await?
        }
        (None, Some(game)) => {
            if !app.rulesets.offers(&game) {
                return Err(Refused::new(
                    StatusCode::BAD_REQUEST,
                    format!("there is no ruleset `{game}` here (GET /rulesets lists them)"),
                ));
            }
            let spec = GameSpec {
                game,
                seed: start.seed,
                deal_text: start.deal,
                opts: settings(&start.options)?,
                ..GameSpec::default()
            };
            blocking(&app, move || {
                spec.open()
                    .map(|session| Game::begin(session, Keeper::for_browser()))
            })
            .await?
        }
        _ => {
            return Err(Refused::new(
                StatusCode::BAD_REQUEST,
                "start a game with `game` (and `options`, `seed`), or resume one with `resume`",
            ))
        }
    };
    let (game, messages) =
        opened.map_err(|e| Refused::new(StatusCode::BAD_REQUEST, format!("{e:#}")))?;
    let autosave = game.autosave();
    let id = app.sessions.insert(game);
    let value = json!({"id": id, "autosave": autosave, "messages": messages});
    Ok(reply(StatusCode::OK, &value))
}

/// A page's options, `{"name": value}`, as the settings `--opt` takes.
fn settings(options: &Map<String, Value>) -> Result<Vec<Setting>, Refused> {
    options
        .iter()
        .map(|(key, value)| {
            let value = match value {
                Value::String(text) => text.clone(),
                Value::Number(_) | Value::Bool(_) => value.to_string(),
                _ => {
                    return Err(Refused::new(
                        StatusCode::BAD_REQUEST,
                        format!("option `{key}` takes a number, true/false or a word, not {value}"),
                    ))
                }
            };
            Ok(Setting {
                key: key.clone(),
                value,
            })
        })
        .collect()
}

/// The game under `id`, or why there is none: closed when idle, or before
/// the server restarted. The page may then resume its autosave.
fn held(app: &App, id: &str) -> Result<sessions::Shared, Refused> {
    app.sessions.get(id).ok_or_else(|| {
        Refused::new(
            StatusCode::NOT_FOUND,
            format!(
                "there is no game `{}` here now: it was closed; resume it from its autosave",
                crate::read::excerpt(id)
            ),
        )
    })
}

/// The game as a page that opens it again is shown it.
async fn reopen(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    let game = held(&app, &id)?;
    let (autosave, messages) = blocking(&app, move || {
        let mut game = sessions::lock(&game);
        (game.autosave(), game.opening())
    })
    .await?;
    let value = json!({"id": id, "autosave": autosave, "messages": messages});
    Ok(reply(StatusCode::OK, &value))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    line: String,
}

/// One protocol line: the messages `--json` prints for it.
async fn line(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Answer {
    let Line { line } = body(raw)?;
    if line.len() > crate::lines::MAX_LINE {
        return Err(Refused::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request is too large: a line is at most 64 KiB",
        ));
    }
    if line.contains(['\n', '\r']) {
        return Err(Refused::new(
            StatusCode::BAD_REQUEST,
            "send one line: it holds no line break",
        ));
    }
    let game = held(&app, &id)?;
    let (messages, quit) = blocking(&app, move || sessions::lock(&game).line(&line)).await?;
    if quit {
        app.sessions.remove(&id);
    }
    Ok(reply(StatusCode::OK, &Value::Array(messages)))
}

/// The game's save file, as a download.
async fn download(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    let game = held(&app, &id)?;
    let (name, text) = blocking(&app, move || {
        let game = sessions::lock(&game);
        game.save_text().map(|text| (game.save_name(), text))
    })
    .await?
    .map_err(|e| Refused::internal(format!("{e:#}")))?;
    let headers = [
        (CONTENT_TYPE, "application/json".to_string()),
        (
            CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}\""),
        ),
    ];
    Ok((headers, text).into_response())
}

/// A save file the page uploads takes the game's place.
async fn upload(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Answer {
    let text = String::from_utf8(bytes(raw)?.to_vec())
        .map_err(|_| Refused::new(StatusCode::BAD_REQUEST, "a save file is UTF-8 text"))?;
    let game = held(&app, &id)?;
    let shared = app.clone();
    let messages = blocking(&app, move || {
        sessions::lock(&game).load_text(&text, shared.rulesets.named_script())
    })
    .await?;
    Ok(reply(StatusCode::OK, &Value::Array(messages)))
}
