//! What each request does: the rulesets and statistics, the unfinished
//! games, starting or resuming a game (a winnable deal is a search,
//! `searching`), one protocol line, a save's download and upload, and the
//! status. Game work goes through `work`, which says when the server or a
//! game is busy; long work (an odds hint, a listing) runs apart from it.

use super::game::Game;
use super::held::App;
use super::reply::{body, bytes, reply, Answer, Refused};
use super::sessions;
use super::work::{refused, with_room};
use crate::script::cancel::Cancel;
use crate::session::autosave::Keeper;
use crate::session::open::{GameSpec, Setting};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::sync::Arc;
use std::time::Duration;

/// The most a listing of the unfinished games takes: each game is
/// replayed to be listed, and a page waits for the list.
const LISTING_TIME: Duration = Duration::from_secs(5);

pub(crate) async fn rulesets(State(app): State<Arc<App>>) -> Response {
    reply(StatusCode::OK, app.rulesets.listing())
}

pub(crate) async fn status(State(app): State<Arc<App>>) -> Response {
    let status = json!({
        "sessions": app.sessions.len(),
        "most": app.sessions.most(),
        "searches": app.searches.running(),
        "most_searches": super::searches::MOST,
        "connections": app.connections.open(),
        "most_connections": app.connections.most(),
    });
    reply(StatusCode::OK, &status)
}

/// The statistics of every ruleset, as `delve stats --json` gives them.
pub(crate) async fn stats(State(app): State<Arc<App>>) -> Answer {
    let value = app
        .work
        .blocking(|| {
            let records = Keeper::for_browser().records(None)?;
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
    /// Deal the first seed from `seed` on that the solver proves winnable.
    #[serde(default)]
    winnable: bool,
}

pub(crate) async fn start(
    State(app): State<Arc<App>>,
    raw: Result<Bytes, BytesRejection>,
) -> Answer {
    let start: Start = body(raw)?;
    let room = app.clone();
    let opened = match (start.resume, start.game) {
        (Some(name), None) => {
            app.work
                .blocking(move || {
                    let opened = with_room(&room.sessions, || {
                        Game::resume(&name, Keeper::for_browser())
                    });
                    room.sessions.hold(opened)
                })
                .await?
        }
        (None, Some(game)) => {
            if !app.rulesets.offers(&game) {
                return Err(Refused::new(
                    StatusCode::BAD_REQUEST,
                    format!("there is no ruleset `{game}` here (GET /rulesets lists them)"),
                ));
            }
            if start.winnable && start.deal.is_some() {
                return Err(Refused::new(
                    StatusCode::BAD_REQUEST,
                    "a winnable deal is found by its seed: it takes no deal file",
                ));
            }
            let spec = GameSpec {
                game,
                seed: start.seed,
                deal_text: start.deal,
                opts: settings(&start.options)?,
                ..GameSpec::default()
            };
            if start.winnable {
                return super::searching::winnable(&app, spec);
            }
            app.work
                .blocking(move || {
                    let opened = with_room(&room.sessions, || {
                        Ok(Game::begin(spec.open()?, Keeper::for_browser()))
                    });
                    room.sessions.hold(opened)
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
    let value = opened.map_err(|e| refused(&e))?;
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
pub(crate) async fn reopen(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    let game = held(&app, &id)?;
    let (autosave, messages) = app
        .work
        .on_game(&game, |game| (game.autosave(), game.opening()))
        .await?;
    let value = json!({"id": id, "autosave": autosave, "messages": messages});
    Ok(reply(StatusCode::OK, &value))
}

/// The page left the game for another: the server lets go of it at once
/// (its autosave stays, free to resume) rather than when it is idle. The
/// autosave's name, if it has one, so the page can tell the player.
pub(crate) async fn leave(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    let game = held(&app, &id)?;
    let left = app.work.on_game(&game, Game::autosave).await?;
    drop(game);
    let room = app.clone();
    // The game's run ends (its thread stops) off the async threads.
    app.work.blocking(move || room.sessions.remove(&id)).await?;
    Ok(reply(StatusCode::OK, &json!({"left": left})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    line: String,
}

/// One protocol line: the messages `--json` prints for it.
pub(crate) async fn line(
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
    let (messages, quit) = if is_long(&line) {
        let place = app.searches.hint_place()?;
        app.work
            .on_game_apart(&game, place, move |game| game.line(&line))
            .await?
    } else {
        app.work
            .on_game(&game, move |game| game.line(&line))
            .await?
    };
    if quit {
        app.sessions.remove(&id);
    }
    Ok(reply(StatusCode::OK, &Value::Array(messages)))
}

/// Whether a line may be long work, which runs apart from game moves: an
/// odds hint (five seconds on every core), or a hint, which is one where
/// the ruleset has no bot of its own.
fn is_long(line: &str) -> bool {
    line.split_whitespace().next() == Some("hint")
}

/// The unfinished games of this player, the REPL's and the browser's, as
/// `delve resume` lists them, with those that do not load and why. Each is
/// replayed to be listed: apart from game work, within `LISTING_TIME` (a
/// game not replayed within its share of it is listed as not looked at).
pub(crate) async fn games(State(app): State<Arc<App>>) -> Answer {
    let (listed, more) = app
        .work
        .listing(|| {
            Cancel::within(Some(LISTING_TIME), None).over(|| {
                let keeper = Keeper::for_browser();
                keeper.listed().map(|listed| (listed, keeper.left_out()))
            })
        })
        .await?
        .map_err(|e| Refused::internal(format!("{e:#}")))?;
    Ok(reply(
        StatusCode::OK,
        &json!({"games": listed, "more": more}),
    ))
}

/// The game's save file, as a download.
pub(crate) async fn download(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    let game = held(&app, &id)?;
    let (name, text) = app
        .work
        .on_game(&game, |game| {
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

/// A save file or a transcript the page uploads takes the game's place.
pub(crate) async fn upload(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Answer {
    let text = String::from_utf8(bytes(raw)?.to_vec())
        .map_err(|_| Refused::new(StatusCode::BAD_REQUEST, "a save file is UTF-8 text"))?;
    let game = held(&app, &id)?;
    let shared = app.clone();
    let messages = app
        .work
        .on_game(&game, move |game| {
            with_room(&shared.sessions, || game.load_text(&text, &shared.rulesets))
        })
        .await?
        .map_err(|e| refused(&e))?;
    Ok(reply(StatusCode::OK, &Value::Array(messages)))
}
