//! A solver's line stepped on the page: a transcript (`delve solve
//! --line` writes one) uploaded with Load deals its game, and Step types
//! its next line as the REPL's `step` does, a move at a time. Over HTTP
//! (the refusals: a ruleset the server does not offer, a deal file, a
//! step with nothing loaded) and in a real browser (the button).

use crate::browser::{until, until_made, with_browser};
use crate::serve::{last, Server};
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::path::Path;

/// A line the solver found: FreeCell's deal 28 won in 42 moves.
fn solved_line() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions/freecell-win.txt")
}

/// Uploads `text` into game `id`: the messages in reply.
fn upload(server: &Server, id: &str, text: &str) -> Vec<Value> {
    let (status, reply) = server.request(
        "POST",
        &format!("/session/{id}/load"),
        &[("Content-Type", "application/json")],
        text,
    );
    assert_eq!(status, 200, "{reply}");
    serde_json::from_str(&reply).unwrap()
}

#[test]
fn an_uploaded_line_deals_its_game_and_steps_a_move_at_a_time() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    let (id, _) = server.start_game(&json!({"game": "golf", "seed": 1}));

    let refused = server.line(&id, "step");
    assert!(
        refused[0]["message"]
            .as_str()
            .unwrap()
            .contains("there is no transcript to step through"),
        "{refused:?}"
    );

    let text = std::fs::read_to_string(solved_line()).unwrap();
    let loaded = upload(&server, &id, &text);
    assert_eq!(loaded[0], json!({"type": "ok", "command": "load"}));
    assert_eq!(last(&loaded, "hello")["game"], "freecell");
    assert_eq!(last(&loaded, "hello")["seed"], 28);
    assert_eq!(
        last(&loaded, "steps"),
        &json!({"type": "steps", "done": 0, "of": 42})
    );

    let stepped = server.line(&id, "step");
    assert_eq!(
        stepped[0],
        json!({"type": "steps", "done": 1, "of": 42, "line": "3♥ to a free cell"})
    );
    assert_eq!(last(&stepped, "ok")["label"], "3♥ to a free cell");
    assert_eq!(last(&stepped, "prompt")["choices"], 1);

    // Every line to the end wins the game; one more says it is over.
    for _ in 1..42 {
        server.line(&id, "step");
    }
    let (_, again) = server.get(&format!("/session/{id}"));
    let messages = again["messages"].as_array().unwrap();
    assert_eq!(last(messages, "end")["outcome"], "win", "{messages:?}");
    let past = server.line(&id, "step");
    assert_eq!(past[0]["message"], "the transcript is played to its end");
}

#[test]
fn an_uploaded_line_reads_no_file_and_plays_only_what_is_offered() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    let (id, _) = server.start_game(&json!({"game": "golf", "seed": 1}));
    for (text, why) in [
        (
            "# game: freecell\n# deal: /etc/passwd\n1\n",
            "names a deal file",
        ),
        (
            "# game: /tmp/elsewhere.rhai\n1\n",
            "which is no ruleset here",
        ),
    ] {
        let reply = upload(&server, &id, text);
        assert_eq!(reply.len(), 1, "{reply:?}");
        assert_eq!(reply[0]["type"], "error");
        assert!(
            reply[0]["message"].as_str().unwrap().contains(why),
            "{why}: {reply:?}"
        );
    }
    // The game is as it was.
    let (_, again) = server.get(&format!("/session/{id}"));
    assert_eq!(
        last(again["messages"].as_array().unwrap(), "hello")["game"],
        "golf"
    );

    // A line `step` in a transcript is typed as any other (the protocol
    // has no such command): one step types one line, never the next.
    upload(
        &server,
        &id,
        "# game: golf
# seed: 1
step
step
1
",
    );
    let stepped = server.line(&id, "step");
    assert_eq!(
        stepped[0],
        json!({"type": "steps", "done": 1, "of": 3, "line": "step"})
    );
    assert_eq!(stepped[1]["type"], "error", "{stepped:?}");
    assert_eq!(last(&stepped, "prompt")["choices"], 0);
}

async fn text_of(client: &Client, css: &str) -> String {
    let element = client.find(Locator::Css(css)).await.unwrap();
    element.text().await.unwrap()
}

#[test]
fn the_page_loads_a_line_and_its_step_button_plays_it() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    with_browser(async |client| {
        crate::browser::start(client, &server, "golf", &[]).await;
        let step = client.find(Locator::Css("#step")).await.unwrap();
        assert!(!step.is_displayed().await.unwrap(), "no line is loaded yet");

        let input = client.find(Locator::Css("#load-file")).await.unwrap();
        input
            .send_keys(&solved_line().display().to_string())
            .await
            .unwrap();
        until(
            client,
            "[data-state='asking'][data-game='freecell'][data-choices='0'] #step:not([hidden])",
        )
        .await;
        assert!(step.is_displayed().await.unwrap());
        assert_eq!(step.text().await.unwrap(), "Step 1 of 42");

        for made in 1..=3 {
            step.click().await.unwrap();
            until_made(client, made).await;
        }
        assert_eq!(step.text().await.unwrap(), "Step 4 of 42");
        let log = text_of(client, "#log").await;
        assert!(log.contains("Step 1 of 42: 3♥ to a free cell"), "{log}");
        assert!(log.contains("Step 3 of 42: 9♥ to a free cell"), "{log}");

        // A new deal leaves the line: the button goes.
        crate::browser::click(client, "#new-deal").await;
        until(client, "[data-state='asking'][data-choices='0']").await;
        assert!(!step.is_displayed().await.unwrap());
    });
}
