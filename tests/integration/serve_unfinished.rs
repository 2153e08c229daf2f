//! Nothing is lost in the browser either: a new deal (or an upload) leaves
//! the game in progress in its autosave, as the REPL's `new` does; the
//! start page lists the unfinished games, the browser's and the
//! terminal's, as `delve resume` does, and takes one up with a click; and
//! the status line shows the seed of the deal being played.

use crate::browser::{click, start, until, until_made, with_browser};
use crate::delve_in;
use crate::serve::{last, pocket, Server};
use fantoccini::Locator;
use serde_json::{json, Value};

/// The `autosave` message among `messages`: the name the game is kept under.
fn autosave_named(messages: &[Value]) -> Value {
    last(messages, "autosave")["name"].clone()
}

#[test]
fn a_new_deal_keeps_the_game_left_and_the_list_takes_it_up() {
    let home = tempfile::tempdir().unwrap();
    // A game left at the terminal, listed beside the browser's.
    delve_in(home.path())
        .args(["play", "tomb-of-four-kings", "--seed", "9", "--keep"])
        .write_stdin("1\n")
        .assert()
        .success();
    let server = Server::start(home.path(), &[&pocket()]);
    let (id, _) = server.start_game(&json!({"game": pocket(), "seed": 5}));
    let first = server.line(&id, "h");
    let kept = autosave_named(&first);
    server.line(&id, "l");
    let dealt = server.line(&id, "new");
    assert_eq!(dealt[0], json!({"type": "ok", "command": "new", "seed": 6}));
    let left = kept.as_str().unwrap();
    assert!(
        last(&dealt, "note")["text"]
            .as_str()
            .unwrap()
            .contains(left),
        "{dealt:?}"
    );
    // The new deal is written to a file of its own once it has a choice.
    assert_eq!(autosave_named(&dealt), Value::Null);
    let next = autosave_named(&server.line(&id, "h"));
    assert_ne!(next, kept);
    // The game left is whole in its file, and `delve resume` offers it.
    let file = home.path().join(format!("state/delve/games/{left}.json"));
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(
        (
            saved["seed"].clone(),
            saved["choices"].as_array().unwrap().len()
        ),
        (json!(5), 2)
    );
    let (status, listed) = server.get("/games");
    assert_eq!(status, 200, "{listed}");
    let games = listed["games"].as_array().unwrap();
    let entry = |name: &str| games.iter().find(|g| g["name"] == name).cloned();
    let ours = entry(left).unwrap_or_else(|| panic!("{left} not in {listed}"));
    assert_eq!(
        (
            ours["seed"].clone(),
            ours["choices"].clone(),
            ours["busy"].clone()
        ),
        (json!(5), json!(2), json!(false))
    );
    assert!(
        games
            .iter()
            .any(|g| g["title"] == "Tomb of Four Kings" && g["browser"] == false),
        "{listed}"
    );
    let (status, resumed) = server.post("/session", &json!({"resume": left}));
    assert_eq!(status, 200, "{resumed}");
    let messages = resumed["messages"].as_array().unwrap();
    assert_eq!(messages[0]["seed"], 5);
    assert_eq!(last(messages, "prompt")["choices"], 2);
}

#[test]
fn the_page_lists_the_game_left_by_a_new_deal_and_resumes_it() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[&pocket()]);
    with_browser(async |client| {
        start(client, &server, &pocket(), &[("rounds", "3")]).await;
        let status = async || {
            let line = client.find(Locator::Css("#status")).await.unwrap();
            line.text().await.unwrap()
        };
        assert!(status().await.starts_with("seed 1,"), "{}", status().await);
        click(client, ".option[data-index='0']").await;
        until_made(client, 1).await;
        click(client, "#new-deal").await;
        until(client, "[data-state='asking'][data-choices='0']").await;
        assert!(status().await.starts_with("seed 2,"), "{}", status().await);
        // The game left is offered on the start page, and taken up again.
        click(client, "#to-start").await;
        until(client, "[data-state='start'][data-unfinished='1']").await;
        let listed = client
            .find(Locator::Css("#unfinished-list li"))
            .await
            .unwrap();
        let text = listed.text().await.unwrap();
        assert!(text.contains("Pocket, seed 1: 1 choice made"), "{text}");
        save_screenshot(client, "start-unfinished.png").await;
        click(client, "#unfinished-list button[data-resume]").await;
        until(client, "[data-state='asking'][data-choices='1']").await;
        assert!(status().await.starts_with("seed 1,"), "{}", status().await);
    });
}

#[test]
fn a_game_left_by_new_game_then_start_is_resumable_at_once() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[&pocket()]);
    with_browser(async |client| {
        start(client, &server, &pocket(), &[("rounds", "3")]).await;
        click(client, ".option[data-index='0']").await;
        until_made(client, 1).await;
        // New game, then Start: a game of its own, and the one left free.
        start(client, &server, &pocket(), &[("rounds", "3")]).await;
        click(client, "#to-start").await;
        until(client, "[data-state='start'][data-unfinished='1']").await;
        let button = client
            .find(Locator::Css("#unfinished-list button[data-resume]"))
            .await
            .unwrap();
        let listed = client
            .find(Locator::Css("#unfinished-list li"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(!listed.contains("elsewhere"), "{listed}");
        assert!(button.is_enabled().await.unwrap(), "{listed}");
        let (_, games) = server.get("/games");
        let busy: Vec<&Value> = games["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["busy"] == true)
            .collect();
        assert!(busy.is_empty(), "{games}");
        button.click().await.unwrap();
        until(client, "[data-state='asking'][data-choices='1']").await;
    });
}

#[test]
fn a_reload_shows_what_happened_and_the_start_page_offers_the_last_game() {
    let home = tempfile::tempdir().unwrap();
    // No ruleset named on the command line: the page chooses its default.
    let server = Server::start(home.path(), &[]);
    with_browser(async |client| {
        start(client, &server, "golf", &[]).await;
        let label = client
            .find(Locator::Css(".option[data-index='0']"))
            .await
            .unwrap()
            .prop("textContent")
            .await
            .unwrap()
            .unwrap_or_default();
        crate::browser::pick_first(client).await;
        // A reload finds the game, and "What happened" tells its story.
        client.goto(&server.url()).await.unwrap();
        until(client, "[data-state='asking'][data-choices='1']").await;
        let told = async || {
            client
                .find(Locator::Css("#log"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap()
        };
        // The button reads "1. 7♠ on 8♥": the label after its number.
        let label = label.trim();
        let label = label.split_once(". ").map_or(label, |(_, l)| l);
        let chose = format!("→ {label}");
        let started = std::time::Instant::now();
        while !told().await.contains(&chose) && started.elapsed() < crate::browser::PATIENCE {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert!(told().await.contains(&chose), "{chose}: {}", told().await);
        // The start page offers the game last played, not the first listed.
        click(client, "#to-start").await;
        until(client, "[data-state='start']").await;
        let chosen = client
            .find(Locator::Css("#ruleset"))
            .await
            .unwrap()
            .prop("value")
            .await
            .unwrap();
        assert_eq!(chosen.as_deref(), Some("golf"));
    });
}

/// Writes a screenshot where `DELVE_SCREENSHOTS` says, if it does.
async fn save_screenshot(client: &fantoccini::Client, name: &str) {
    if let Some(dir) = std::env::var_os("DELVE_SCREENSHOTS") {
        let png = client.screenshot().await.unwrap();
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
}
