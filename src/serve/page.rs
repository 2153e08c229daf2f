//! The page, built into the binary: plain HTML, CSS and JavaScript modules
//! (`app.js` plays the game with the server, `start.js` starts one or takes
//! up an unfinished one, `common.js` is what both use, `table.js` lays out
//! the piles, `fit.js` sizes the cards to the room, `carry.js` moves them
//! by drags and clicks, `cards.js` draws each card as SVG) with no build step, which
//! loads nothing from anywhere but this server (the
//! Content-Security-Policy says so to the browser as well).

use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::http::HeaderName;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const START: &str = include_str!("page/start.js");
const COMMON: &str = include_str!("page/common.js");
const TABLE: &str = include_str!("page/table.js");
const FIT: &str = include_str!("page/fit.js");
const CARRY: &str = include_str!("page/carry.js");
const CARDS: &str = include_str!("page/cards.js");
const STYLE: &str = include_str!("page/style.css");

/// Only this server's own files, no frames, no plugins; the cards are SVG
/// the script makes, so no image source is needed.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'";

pub(crate) async fn index() -> Response {
    asset(INDEX, "text/html; charset=utf-8")
}

pub(crate) async fn script() -> Response {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

pub(crate) async fn start() -> Response {
    asset(START, "text/javascript; charset=utf-8")
}

pub(crate) async fn common() -> Response {
    asset(COMMON, "text/javascript; charset=utf-8")
}

pub(crate) async fn table() -> Response {
    asset(TABLE, "text/javascript; charset=utf-8")
}

pub(crate) async fn fit() -> Response {
    asset(FIT, "text/javascript; charset=utf-8")
}

pub(crate) async fn carry() -> Response {
    asset(CARRY, "text/javascript; charset=utf-8")
}

pub(crate) async fn cards() -> Response {
    asset(CARDS, "text/javascript; charset=utf-8")
}

pub(crate) async fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}

fn asset(body: &'static str, kind: &'static str) -> Response {
    let nosniff = HeaderName::from_static("x-content-type-options");
    (
        [
            (CONTENT_TYPE, kind),
            (CONTENT_SECURITY_POLICY, POLICY),
            (CACHE_CONTROL, "no-cache"),
            (nosniff, "nosniff"),
        ],
        body,
    )
        .into_response()
}
