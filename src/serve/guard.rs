//! What every request passes before its route: it must be addressed to
//! this server by name (not a page of another site, nor DNS rebinding), a
//! POST must carry JSON (which a browser sends from another site only after
//! asking), and a POST's body is read whole here, under bounds that let a
//! slow sender slow only itself: a deadline that grows with the body's size
//! (`GRACE`, then `MIN_RATE`), and a budget of bytes held at once
//! (`BODIES`) that its route's cap is reserved from. Reading a body takes
//! no place that game work waits for.

use super::held::App;
use super::reply::error;
use axum::body::{Body, HttpBody};
use axum::extract::{Request, State};
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE, HOST, ORIGIN};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// A protocol line is at most 64 KiB, as `--json` and the REPL read them;
/// its request body has room for the JSON around it.
pub(crate) const LINE_BODY: usize = 64 * 1024 + 1024;
/// An uploaded save: the cap on any save file delve reads.
pub(crate) const SAVE_BODY: usize = 4 * 1024 * 1024;
/// The bytes of bodies held at once, each counted at its route's cap: the
/// connections' cap keeps lines far below it, so only uploads (16 at once)
/// can fill it.
pub(crate) const BODIES: usize = 64 << 20;
/// The time any body has, and the rate it must come at past that: a line
/// comes within 5.3 s, an upload within 21 s.
const GRACE: Duration = Duration::from_secs(5);
const MIN_RATE: usize = 256 * 1024;

/// Refuses what is not for this server, then reads a POST's body.
pub(crate) async fn guard(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    if let Some(refused) = refusal(&app, &request) {
        return refused;
    }
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    let cap = if request.uri().path().ends_with("/load") {
        SAVE_BODY
    } else {
        LINE_BODY
    };
    // Held until the answer: the body's bytes are held as long.
    let Ok(_held) = app.bodies.clone().try_acquire_many_owned(cap as u32) else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy with other requests: try again in a moment",
        );
    };
    let (parts, body) = request.into_parts();
    let announced = parts
        .headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse().ok());
    let deadline = Instant::now() + GRACE + Duration::from_secs_f64(cap as f64 / MIN_RATE as f64);
    match read(body, announced, cap, deadline).await {
        Ok(bytes) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Err(Unread::TooLarge) => error(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request is too large: a line is at most 64 KiB, a save at most 4 MiB",
        ),
        Err(Unread::Late) => error(
            StatusCode::REQUEST_TIMEOUT,
            &format!(
                "the request's body came too slowly: it has {} seconds and then {} KiB a second",
                GRACE.as_secs(),
                MIN_RATE / 1024
            ),
        ),
        Err(Unread::Broken) => error(
            StatusCode::BAD_REQUEST,
            "the request's body could not be read",
        ),
    }
}

/// Why a body was not read.
enum Unread {
    TooLarge,
    Late,
    Broken,
}

/// The body, if it is at most `cap` bytes and all of it comes by `deadline`.
/// Each piece is copied out as it comes, so hyper's buffers go back to it
/// at once, into room for the length announced (within the cap, which the
/// budget counted): an unfinished body holds what came, and no more.
async fn read(
    mut body: Body,
    announced: Option<usize>,
    cap: usize,
    deadline: Instant,
) -> Result<Vec<u8>, Unread> {
    let mut bytes = Vec::with_capacity(announced.unwrap_or(0).min(cap));
    loop {
        let frame = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx));
        match tokio::time::timeout_at(deadline, frame).await {
            Err(_) => return Err(Unread::Late),
            Ok(None) => return Ok(bytes),
            Ok(Some(Err(_))) => return Err(Unread::Broken),
            Ok(Some(Ok(frame))) => {
                if let Ok(data) = frame.into_data() {
                    if bytes.len() + data.len() > cap {
                        return Err(Unread::TooLarge);
                    }
                    bytes.extend_from_slice(&data);
                }
            }
        }
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
