//! What a game's script may make `delve serve` hold: `fn layout()` is
//! bounded as the other hooks a page shows are (piles on the table, so no
//! more names than a table holds, none longer than a pile's), its failure
//! a `layout_error` while the game goes on; and past the server's bound on
//! memory, a game that can not start is told the server is short (503),
//! not that the request was bad.

use crate::serve::{last, Server};
use serde_json::json;
use std::path::Path;

/// A layout of made-up names (more than a table holds, each longer than
/// a pile's name), and one that names a pile the rules make only after
/// the first choice.
const MADE_UP: &str = r#"
title("Made-up layout");
fn play() {
    new_pile("hall", "up");
    ask("Open the cellar?", ["yes", "no"]);
    new_pile("cellar", "up");
    ask("Go down?", ["yes", "no"]);
    end("win", 1, "done");
}
fn layout() {
    if opt("made_up") {
        let places = #{};
        let long = "x";
        long.pad(5000, "x");
        for n in 0..2000 { places[long + n] = #{ row: 0, col: 0 }; }
        return places;
    }
    #{ hall: #{ row: 0, col: 0 }, cellar: #{ row: 0, col: 1 } }
}
option("made_up", false, "name piles that are not there");
"#;

fn script(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn a_layout_names_only_piles_on_the_table_and_the_game_goes_on() {
    let home = tempfile::tempdir().unwrap();
    let made_up = script(home.path(), "made-up.rhai", MADE_UP);
    let server = Server::start(home.path(), &[&made_up]);
    let start = json!({"game": made_up, "seed": 1, "options": {"made_up": true}});
    let (status, body) = server.request(
        "POST",
        "/session",
        &[("Content-Type", "application/json")],
        &start.to_string(),
    );
    let excerpt: String = body.chars().take(500).collect();
    assert_eq!(status, 200, "{excerpt}");
    assert!(body.len() < 64 << 10, "a reply of {} bytes", body.len());
    let reply: serde_json::Value = serde_json::from_str(&body).unwrap();
    let prompt = last(reply["messages"].as_array().unwrap(), "prompt");
    let error = prompt["layout_error"].as_str().unwrap();
    assert!(
        error.contains("layout() named 2000 piles, more than a table holds (1000)"),
        "{error}"
    );
    // A pile made later is named once it is there.
    let (id, opening) = server.start_game(&json!({"game": made_up, "seed": 1}));
    let first = last(&opening, "prompt");
    assert!(
        first["layout_error"]
            .as_str()
            .unwrap()
            .contains("named `cellar`, which is no pile on the table now"),
        "{first}"
    );
    let next = server.line(&id, "0");
    let second = last(&next, "prompt");
    assert!(second.get("layout_error").is_none(), "{second}");
    assert_eq!(second["layout"]["cellar"], json!({"row": 0, "col": 1}));
}

#[test]
fn past_the_servers_memory_bound_a_start_is_told_the_server_is_short() {
    let home = tempfile::tempdir().unwrap();
    let leaky = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/leaks-in-its-view.rhai");
    let leaky = leaky.to_str().unwrap();
    let server = Server::start_with(home.path(), &[leaky], &[("DELVE_MAX_MEMORY", "256")]);
    // Each view leaves some 120 MB behind: a few pass the bound.
    let (id, _) = server.start_game(&json!({"game": leaky, "seed": 1}));
    for _ in 0..3 {
        server.post(&format!("/session/{id}"), &json!({"line": "0"}));
    }
    let (status, reply) = server.post("/session", &json!({"game": "clear-the-dungeon", "seed": 1}));
    assert_eq!(status, 503, "{reply}");
    let message = reply["message"].as_str().unwrap();
    assert!(
        message.contains("the server is short of memory"),
        "{message}"
    );
}
