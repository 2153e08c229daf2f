//! `delve serve`'s searches for winnable deals run apart from game moves:
//! at most two at once (past that, 503 and why), each answered at once
//! (202) and then polled for how it goes; a move of another game is
//! answered meanwhile; each deal's search keeps to its two seconds however
//! the ruleset plays (`tests/scripts/thousand-ways.rhai`, whose searches
//! only replay); a search whose page stops asking, or calls it off,
//! stops; and the page shows how its search goes until it deals, and
//! deals a proven deal again at New deal.

use crate::browser::{click, until as page_until, with_browser};
use crate::serve::{last, Server};
use fantoccini::Locator;
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

fn ways() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scripts/thousand-ways.rhai")
        .display()
        .to_string()
}

/// Polls `status` until `done` says so, within a minute: the last answer.
fn until(server: &Server, path: &str, done: impl Fn(u16, &Value) -> bool) -> (u16, Value) {
    let deadline = Instant::now() + Duration::from_mins(1);
    loop {
        let (status, reply) = server.get(path);
        if done(status, &reply) {
            return (status, reply);
        }
        assert!(Instant::now() < deadline, "{path}: still {status} {reply}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn searches_run_apart_from_moves_at_most_two_at_once() {
    let home = tempfile::tempdir().unwrap();
    let ways = ways();
    let server = Server::start(home.path(), &[&ways]);
    // Seeds 0 to 3 each take their two seconds: four searches at once.
    let start = json!({"game": ways, "seed": 0, "winnable": true});
    let answers: Vec<(u16, Value)> = std::thread::scope(|scope| {
        let asked: Vec<_> = (0..4)
            .map(|_| scope.spawn(|| server.post("/session", &start)))
            .collect();
        asked.into_iter().map(|a| a.join().unwrap()).collect()
    });
    let going: Vec<&Value> = answers
        .iter()
        .filter(|(s, _)| *s == 202)
        .map(|(_, v)| v)
        .collect();
    assert_eq!(going.len(), 2, "{answers:?}");
    for (status, refused) in answers.iter().filter(|(s, _)| *s != 202) {
        assert_eq!(*status, 503, "{refused}");
        let message = refused["message"].as_str().unwrap();
        assert!(
            message.contains("searching for 2 winnable deals already"),
            "{message}"
        );
    }
    assert_eq!(server.get("/status").1["searches"], 2);
    // Another game plays on while they search.
    let (id, _) = server.start_game(&json!({"game": "clear-the-dungeon", "seed": 1}));
    for line in ["0", "undo", "0"] {
        let asked = Instant::now();
        server.line(&id, line);
        assert!(
            asked.elapsed() < Duration::from_secs(3),
            "{line}: {:?}",
            asked.elapsed()
        );
    }
    let search = going[0]["search"].as_str().unwrap();
    let path = format!("/search/{search}");
    let (_, partway) = until(&server, &path, |_, r| r["seeds"].as_u64() > Some(0));
    assert_eq!(partway["done"], false, "{partway}");
    let (status, done) = until(&server, &path, |s, r| s != 200 || r["done"] == true);
    assert_eq!(status, 200, "{done}");
    let messages = done["messages"].as_array().unwrap();
    assert_eq!(messages[0]["seed"], 4, "{done}");
    let said = last(messages, "say")["text"].as_str().unwrap();
    assert!(said.contains("it passed over 4 seeds"), "{said}");
    // Told once, the search is gone.
    assert_eq!(server.get(&path).0, 404);
}

#[test]
fn a_search_stops_when_its_page_stops_asking_or_calls_it_off() {
    let home = tempfile::tempdir().unwrap();
    let ways = ways();
    let server = Server::start(home.path(), &[&ways]);
    // No deal of a road that never reaches the sea is winnable: this search
    // would take its whole minute.
    let start = json!({"game": ways, "winnable": true, "options": {"sea": false}});
    let (status, left) = server.post("/session", &start);
    assert_eq!(status, 202, "{left}");
    let (status, called) = server.post("/session", &start);
    assert_eq!(status, 202, "{called}");
    let id = called["search"].as_str().unwrap();
    let (status, off) = server.request("DELETE", &format!("/search/{id}"), &[], "");
    assert_eq!(status, 200, "{off}");
    // The one left unasked stops after ten seconds: both threads end.
    let asked = Instant::now();
    until(&server, "/status", |_, s| s["searches"] == 0);
    assert!(
        asked.elapsed() < Duration::from_secs(30),
        "{:?}",
        asked.elapsed()
    );
    let gone = left["search"].as_str().unwrap();
    assert_eq!(server.get(&format!("/search/{gone}")).0, 404);
}

#[test]
fn the_page_shows_how_its_search_goes_until_it_deals() {
    let home = tempfile::tempdir().unwrap();
    let ways = ways();
    let server = Server::start(home.path(), &[&ways]);
    with_browser(async |client| {
        client.goto(&server.url()).await.unwrap();
        page_until(client, "[data-state='start']").await;
        let select = client.find(Locator::Css("#ruleset")).await.unwrap();
        select.select_by_value(&ways).await.unwrap();
        click(client, "#deal-choices summary").await;
        let seed = client.find(Locator::Css("#seed")).await.unwrap();
        seed.send_keys("0").await.unwrap();
        click(client, "#winnable").await;
        click(client, "#start-game").await;
        page_until(client, "[data-state='searching']").await;
        let progress = client.find(Locator::Css("#search-progress")).await.unwrap();
        let text = progress.text().await.unwrap();
        assert!(text.contains("passed over"), "{text}");
        if let Some(dir) = std::env::var_os("DELVE_SCREENSHOTS") {
            let png = client.screenshot().await.unwrap();
            std::fs::write(Path::new(&dir).join("start-searching.png"), png).unwrap();
        }
        page_until(client, "[data-state='asking'][data-choices='0']").await;
        let status = client.find(Locator::Css("#status")).await.unwrap();
        let status = status.text().await.unwrap();
        assert!(status.starts_with("seed 4,"), "{status}");
        // A new deal of a winnable game is a proven one too, found after it.
        click(client, "#new-deal").await;
        page_until(client, ":not([data-state='asking'])").await;
        page_until(client, "[data-state='asking'][data-choices='0']").await;
        let log = client.find(Locator::Css("#log")).await.unwrap();
        let log = log.text().await.unwrap();
        let status = client.find(Locator::Css("#status")).await.unwrap();
        let status = status.text().await.unwrap();
        let seed: u64 = status["seed ".len()..status.find(',').unwrap()]
            .parse()
            .unwrap();
        assert!(seed > 4, "{status}");
        assert!(
            log.contains(&format!("Seed {seed} is winnable")),
            "{status}: {log}"
        );
    });
}
