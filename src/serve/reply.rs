//! What `delve serve` answers and how it reads a body: a reply is JSON, a
//! refusal is the protocol's `error` message with an HTTP status, and a
//! body is read under its route's cap, so every handler refuses alike.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::header::CONTENT_TYPE;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

/// A request refused: its status and why, as the page reads it.
pub(crate) struct Refused(StatusCode, String);

impl Refused {
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> Refused {
        Refused(status, message.into())
    }

    /// A failure of delve's own (a file it could not read, a bug).
    pub(crate) fn internal(error: impl std::fmt::Display) -> Refused {
        Refused(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
    }
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        error(self.0, &self.1)
    }
}

/// What a handler gives: its reply, or why it refused.
pub(crate) type Answer = Result<Response, Refused>;

/// An error as the page reads it: the protocol's `error` message.
pub(crate) fn error(status: StatusCode, message: &str) -> Response {
    reply(status, &json!({"type": "error", "message": message}))
}

pub(crate) fn reply(status: StatusCode, value: &Value) -> Response {
    (
        status,
        [(CONTENT_TYPE, "application/json")],
        value.to_string(),
    )
        .into_response()
}

/// The body, read under the route's cap, as a value of type `T`.
pub(crate) fn body<T: serde::de::DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
) -> Result<T, Refused> {
    serde_json::from_slice(&bytes(body)?).map_err(|e| {
        Refused::new(
            StatusCode::BAD_REQUEST,
            format!("the request is not the JSON it should be: {e}"),
        )
    })
}

/// The body's bytes, read under the route's cap.
pub(crate) fn bytes(body: Result<Bytes, BytesRejection>) -> Result<Bytes, Refused> {
    body.map_err(|rejection| {
        let status = rejection.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            Refused::new(
                status,
                "the request is too large: a line is at most 64 KiB, a save at most 4 MiB",
            )
        } else {
            Refused::new(
                status,
                format!(
                    "the request's body could not be read: {}",
                    rejection.body_text()
                ),
            )
        }
    })
}
