//! The requests of a search for a winnable deal: `POST /session` with
//! `"winnable": true` starts one apart from game work (`searches`) and is
//! answered at once, 202, with the search's id; `GET /search/ID` tells how
//! it goes (seeds passed over, seconds) and, once done, gives the game it
//! dealt as a start does; `DELETE /search/ID` calls it off. A page that
//! stops asking has gone, and its search stops.

use super::game::Game;
use super::held::App;
use super::reply::{reply, Answer, Refused};
use super::searches::{Polled, Work};
use super::work::{refused, with_room};
use crate::commands::winnable::first_winnable;
use crate::session::autosave::Keeper;
use crate::session::open::GameSpec;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde_json::json;
use std::sync::Arc;

/// Starts the search for the first seed from `spec`'s (or a fresh one)
/// that the solver proves winnable; its game is dealt when it is found.
pub(crate) fn winnable(app: &Arc<App>, spec: GameSpec) -> Answer {
    let room = app.clone();
    let work: Work = Box::new(move |stop, told| {
        let (seed, note) = first_winnable(&spec.game, &spec.opts, spec.seed, stop, told)
            .map_err(|e| refused(&e))?;
        let spec = GameSpec {
            seed: Some(seed),
            ..spec
        };
        let opened = with_room(&room.sessions, || {
            let (game, mut messages) = Game::begin(spec.open()?, Keeper::for_browser());
            // Said after `hello`, as the game's first words.
            let at = messages.len().min(1);
            messages.insert(at, json!({"type": "say", "text": note}));
            Ok((game, messages))
        });
        room.sessions.hold(opened).map_err(|e| refused(&e))
    });
    let (_, going) = app.searches.start(work)?;
    Ok(reply(StatusCode::ACCEPTED, &going))
}

/// How the search goes, or the game it dealt.
pub(crate) async fn poll(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    match app.searches.poll(&id) {
        Some(Polled::Going(going)) => Ok(reply(StatusCode::OK, &going)),
        Some(Polled::Done(Ok(mut opened))) => {
            opened["search"] = json!(id);
            opened["done"] = json!(true);
            Ok(reply(StatusCode::OK, &opened))
        }
        Some(Polled::Done(Err(refused))) => Err(refused),
        None => Err(no_search(&id)),
    }
}

/// Calls the search off, at its page's word.
pub(crate) async fn call_off(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    if !app.searches.call_off(&id) {
        return Err(no_search(&id));
    }
    Ok(reply(
        StatusCode::OK,
        &json!({"search": id, "done": true, "called_off": true}),
    ))
}

fn no_search(id: &str) -> Refused {
    Refused::new(
        StatusCode::NOT_FOUND,
        format!(
            "there is no search `{}` here now: it was told already, or called off when its page stopped asking",
            crate::read::excerpt(id)
        ),
    )
}
