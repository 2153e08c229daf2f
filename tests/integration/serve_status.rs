//! What a player reads on `delve serve`'s page is what the ruleset declares
//! (`fn status()`), and nothing of its named state: a fixture keeps a
//! secret in its state that must never reach the page, and every shipped
//! ruleset, a few moves in, shows only lines and marks it declared
//! (`undeclared`, asked in `serve_fit.rs`'s game in a window). A
//! broken declaration is an error that names `status()` and the script.

use crate::browser::{click, start, until, with_browser};
use crate::serve::{last, Server};
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::path::Path;

/// A game with bookkeeping a player must not see (`secret_bits`) and a
/// status that declares health and marks the pile where the player is.
const LEDGER: &str = r#"
title("Ledger");
fn play() {
    new_pile("hall", "up");
    new_pile("cellar", "up");
    new_state("secret_bits", "1011001");
    new_state("hp", 5);
    loop {
        let way = choose("Where now?", [#{ act: "hall", label: "go to the hall" }, #{ act: "cellar", label: "go down" }]);
        if way.act == "cellar" { end("win", 1, "You found the cellar."); }
    }
}
fn status() {
    [#{ name: "health", text: `${get("hp")} of 5` }, #{ name: "you", pile: "hall" }]
}
"#;

fn ledger(dir: &Path) -> String {
    let path = dir.join("ledger.rhai");
    std::fs::write(&path, LEDGER).unwrap();
    path.display().to_string()
}

/// Every `table` the server sends the page comes without `state`.
fn no_state(messages: &[Value]) {
    for message in messages {
        if let Some(table) = message.get("table") {
            assert!(table.get("state").is_none(), "state sent: {message}");
        }
    }
}

#[test]
fn the_page_is_sent_the_declared_status_and_never_the_named_state() {
    let home = tempfile::tempdir().unwrap();
    let script = ledger(home.path());
    let server = Server::start(home.path(), &[&script]);
    let (id, messages) = server.start_game(&json!({"game": script, "seed": 1}));
    no_state(&messages);
    let prompt = last(&messages, "prompt");
    assert_eq!(
        prompt["status"],
        json!([{"name": "health", "text": "5 of 5"}, {"name": "you", "text": "", "pile": "hall"}])
    );
    assert!(prompt["view"].as_str().unwrap().contains("health  5 of 5"));
    assert!(!prompt["view"].as_str().unwrap().contains("secret_bits"));
    no_state(&server.line(&id, "0"));
}

#[test]
fn a_broken_status_is_an_error_naming_the_hook_and_the_script() {
    let dir = tempfile::tempdir().unwrap();
    let script = ledger(dir.path());
    let broken = LEDGER.replace("text: `${get(\"hp\")} of 5`", "txt: 5");
    std::fs::write(&script, broken).unwrap();
    let output = crate::delve()
        .args(["check", &script, "--games", "2"])
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&output.stdout).into_owned()
        + String::from_utf8_lossy(&output.stderr).as_ref();
    assert!(!output.status.success(), "{printed}");
    assert!(
        printed.contains("ledger.rhai: status() gave line 1 an unknown key `txt`"),
        "{printed}"
    );
}

/// The names the page shows beside the cards: each status line's and each
/// pile's mark.
async fn shown_names(client: &Client) -> Vec<String> {
    let script = "return [...document.querySelectorAll('#table dt, #table .badge')].map((n) => n.textContent)";
    serde_json::from_value(client.execute(script, vec![]).await.unwrap()).unwrap()
}

async fn table_text(client: &Client) -> String {
    let text = client
        .find(Locator::Css("#table"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text
}

#[test]
fn the_page_shows_only_what_the_ledger_declares() {
    let home = tempfile::tempdir().unwrap();
    let script = ledger(home.path());
    let server = Server::start(home.path(), &[&script]);
    with_browser(async |client| {
        start(client, &server, &script, &[]).await;
        let text = table_text(client).await;
        assert!(text.contains("5 of 5"), "{text}");
        assert!(
            !text.contains("secret_bits") && !text.contains("1011001"),
            "{text}"
        );
        assert_eq!(shown_names(client).await, ["you", "health"]);
        click(client, ".option[data-index='1']").await;
        until(client, "[data-state='ended']").await;
    });
}

/// What the page shows now of `name`'s game that its ruleset did not
/// declare, in a sentence each; the table the server holds for the game
/// is checked to come without its named state. `serve_fit.rs` asks this
/// a few moves into every shipped ruleset.
pub(crate) async fn undeclared(client: &Client, server: &Server, name: &str) -> Vec<String> {
    let kept = client
        .execute(
            "return JSON.parse(localStorage.getItem('delve.game')).id",
            vec![],
        )
        .await
        .unwrap();
    let (_, reopened) = server.get(&format!("/session/{}", kept.as_str().unwrap()));
    let messages = reopened["messages"].as_array().cloned().unwrap_or_default();
    no_state(&messages);
    let standing = messages
        .iter()
        .rev()
        .find(|m| m["type"] == "prompt" || m["type"] == "end")
        .unwrap_or_else(|| panic!("{name}: no standing in {reopened}"));
    let declared: Vec<&str> = standing["status"]
        .as_array()
        .unwrap_or_else(|| panic!("{name} declares no status"))
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    let shown = shown_names(client).await;
    if shown.is_empty() {
        return vec![format!("{name}: the page shows no status")];
    }
    shown
        .iter()
        .filter(|shown| !declared.contains(&shown.as_str()))
        .map(|shown| format!("{name}: the page shows `{shown}`, which the ruleset does not declare ({declared:?})"))
        .collect()
}
