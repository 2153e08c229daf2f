//! Every place delve runs a script has a script's stack (src/threads.rs):
//! on `tests/scripts/nests-deep.rhai`, which compares a list nested 1,500
//! deep as it loads and before its first decision (more than a thread's
//! default 2 MiB of stack), every command that runs a script plays it,
//! and `delve serve` answers every request that runs one (a start, a
//! winnable deal's search, an odds hint, an upload, a resume, the list of
//! unfinished games) and goes on serving.

use crate::serve::{last, Server};
use crate::{delve, delve_in};
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

/// The fixture, copied into `dir` (a transcript names its script from
/// beside it); its path.
fn deep_in(dir: &Path) -> String {
    let script = dir.join("nests-deep.rhai");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/nests-deep.rhai");
    std::fs::copy(fixture, &script).unwrap();
    script.display().to_string()
}

#[test]
fn every_command_that_runs_a_script_plays_a_deep_one() {
    let dir = tempfile::tempdir().unwrap();
    let deep = deep_in(dir.path());
    let commands: [&[&str]; 6] = [
        &["play", &deep, "--seed", "1"],
        &["sim", &deep, "--games", "2", "--bot", "heuristic"],
        &[
            "sim",
            &deep,
            "--games",
            "1",
            "--bot",
            "mc",
            "--budget-ms",
            "100",
        ],
        &["check", &deep, "--games", "2"],
        &["solve", &deep, "--seed", "1"],
        &["play", &deep, "--winnable", "--seed", "1"],
    ];
    for args in commands {
        // At the REPL, an odds hint runs the script too.
        delve()
            .args(args)
            .write_stdin("hint mc\n1\n1\n")
            .assert()
            .success();
    }
    // Transcripts replay on a pool of threads of their own.
    let transcript = dir.path().join("left.txt");
    std::fs::write(&transcript, "# game: nests-deep.rhai\n# seed: 1\n1\n1\n").unwrap();
    delve()
        .args(["test", transcript.to_str().unwrap(), "--accept"])
        .assert()
        .success();
    delve()
        .args(["test", transcript.to_str().unwrap()])
        .assert()
        .success();
    delve_in(dir.path())
        .args(["replay", transcript.to_str().unwrap()])
        .assert()
        .success();
}

/// Polls the search `first` answered until it is done: its last reply.
fn searched(server: &Server, first: &Value) -> (u16, Value) {
    let id = first["search"].as_str().expect("a search id");
    let deadline = Instant::now() + Duration::from_mins(1);
    loop {
        let (status, reply) = server.get(&format!("/search/{id}"));
        if status != 200 || reply["done"] == true {
            return (status, reply);
        }
        assert!(Instant::now() < deadline, "the search did not end: {reply}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn the_server_answers_every_request_that_runs_a_deep_script() {
    let home = tempfile::tempdir().unwrap();
    let deep = deep_in(home.path());
    let server = Server::start(home.path(), &[&deep]);
    let (id, opening) = server.start_game(&json!({"game": deep, "seed": 1}));
    assert!(last(&opening, "prompt")["question"] == "Which way?");
    // An odds hint looks at the game on the thread that serves it.
    let odds = server.line(&id, "hint mc");
    assert_eq!(odds[0]["command"], "hint", "{odds:?}");
    // The solver plays on the search's thread.
    let (status, first) = server.post(
        "/session",
        &json!({"game": deep, "winnable": true, "seed": 1}),
    );
    assert_eq!(status, 202, "{first}");
    let (status, done) = searched(&server, &first);
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["messages"][0]["seed"], 1, "{done}");
    // A save uploaded, a game left and resumed, the list of unfinished ones.
    server.line(&id, "0");
    let (status, saved) = server.request("GET", &format!("/session/{id}/save"), &[], "");
    assert_eq!(status, 200);
    let other = done["id"].as_str().unwrap();
    let (status, loaded) = server.request(
        "POST",
        &format!("/session/{other}/load"),
        &[("Content-Type", "application/json")],
        &saved,
    );
    assert_eq!(status, 200, "{loaded}");
    let (left, _) = server.start_game(&json!({"game": deep, "seed": 2}));
    let named = server.line(&left, "1");
    let name = last(&named, "autosave")["name"]
        .as_str()
        .unwrap()
        .to_string();
    server.line(&left, "new");
    let (status, games) = server.get("/games");
    assert_eq!(status, 200, "{games}");
    assert!(
        games["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["name"] == name),
        "{games}"
    );
    let (status, resumed) = server.post("/session", &json!({"resume": name}));
    assert_eq!(status, 200, "{resumed}");
    assert_eq!(server.get("/status").0, 200);
}
