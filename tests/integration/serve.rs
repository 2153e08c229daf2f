//! `delve serve` over HTTP, as the page speaks to it: a fixture game played
//! through requests, bad requests refused with a clear error and no change,
//! a game found again after the server restarts, and the number of games
//! and threads bounded when hundreds of games are started and abandoned.
//! Each test runs its own server on a free port of 127.0.0.1, with its own
//! home folder.

use serde_json::{json, Value};
use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The longest any request here may wait for its answer.
const ANSWER: Duration = Duration::from_mins(2);

/// The rulesets of `names` whose table is laid out as an earlier one's:
/// the same piles in the same places (a variant that changes a rule, not
/// the table), read from each one's first question on seed 1. A page test
/// that plays every ruleset's table at length may look at these at their
/// start only: the page draws them as it draws the earlier one.
pub(crate) fn laid_out_as_an_earlier(names: &[String]) -> HashSet<String> {
    let mut seen = HashSet::new();
    let mut twins = HashSet::new();
    for name in names {
        let output = crate::delve()
            .args(["play", name, "--json", "--seed", "1"])
            .write_stdin("")
            .output()
            .unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        let prompt: Value = text
            .lines()
            .map(|line| serde_json::from_str::<Value>(line).unwrap())
            .find(|m| m["type"] == "prompt" || m["type"] == "end")
            .unwrap_or_else(|| panic!("{name} shows no table: {text}"));
        let piles: Vec<&Value> = prompt["table"]["piles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pile| &pile["name"])
            .collect();
        let shape = json!([piles, prompt["layout"]]).to_string();
        if !seen.insert(shape) {
            twins.insert(name.clone());
        }
    }
    twins
}

/// The fixture every test plays: a few guesses, a view, a bot.
pub(crate) fn pocket() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/sessions/games/pocket.rhai")
        .display()
        .to_string()
}

/// A `delve serve` of this test's own, stopped when dropped.
pub(crate) struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

impl Server {
    /// The names of the rulesets the page may start.
    pub(crate) fn ruleset_names(&self) -> Vec<String> {
        let (_, listing) = self.get("/rulesets");
        listing["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["name"].as_str().unwrap().to_string())
            .collect()
    }

    /// Starts `delve serve ARGS --port 0` with `home` as its home, state and
    /// data folders, and reads the address it prints.
    pub(crate) fn start(home: &Path, args: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_delve"));
        command.arg("serve").args(args);
        Server::spawn(home, command)
    }

    /// As `start`, with these variables set in the server's environment.
    pub(crate) fn start_with(home: &Path, args: &[&str], vars: &[(&str, &str)]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_delve"));
        command.arg("serve").args(args).envs(vars.iter().copied());
        Server::spawn(home, command)
    }

    /// As `start`, with the process's address space limited to `kb` KiB
    /// (`ulimit -v`, as shared hosts and CI containers set).
    pub(crate) fn start_limited(home: &Path, args: &[&str], kb: u64) -> Server {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("ulimit -v {kb} && exec \"$0\" serve \"$@\""))
            .arg(env!("CARGO_BIN_EXE_delve"))
            .args(args);
        Server::spawn(home, command)
    }

    fn spawn(home: &Path, mut command: Command) -> Server {
        let mut child = command
            .args(["--port", "0"])
            .env("HOME", home)
            .env("XDG_STATE_HOME", home.join("state"))
            .env("XDG_DATA_HOME", home.join("data"))
            .env("DELVE_HISTORY", "/dev/null")
            .env_remove("DELVE_GAMES")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .expect("delve serve starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let address = first
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .to_string();
        assert!(address.starts_with("127.0.0.1:"), "{address}");
        Server { child, address }
    }

    pub(crate) fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `GET path`: the status and the body as JSON.
    pub(crate) fn get(&self, path: &str) -> (u16, Value) {
        let (status, body) = self.request("GET", path, &[], "");
        (status, parse(&body))
    }

    /// `POST path` with a JSON body: the status and the reply.
    pub(crate) fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, text) = self.request(
            "POST",
            path,
            &[("Content-Type", "application/json")],
            &body.to_string(),
        );
        (status, parse(&text))
    }

    /// One HTTP/1.1 request on a connection of its own: status and body.
    pub(crate) fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        // A server that never answers fails the test, not hangs it.
        stream.set_read_timeout(Some(ANSWER)).unwrap();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
            body.len()
        );
        if !headers.iter().any(|(name, _)| *name == "Host") {
            head += &format!("Host: {}\r\n", self.address);
        }
        for (name, value) in headers {
            head += &format!("{name}: {value}\r\n");
        }
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(b"\r\n").unwrap();
        // The server may answer before it reads a body it refuses.
        let _ = stream.write_all(body.as_bytes());
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        let text = String::from_utf8_lossy(&raw).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {head:?}"));
        (status, body.to_string())
    }

    /// Starts a game: its id and the messages that open it.
    pub(crate) fn start_game(&self, request: &Value) -> (String, Vec<Value>) {
        let (status, reply) = self.post("/session", request);
        assert_eq!(status, 200, "{reply}");
        let id = reply["id"].as_str().unwrap().to_string();
        (id, reply["messages"].as_array().unwrap().clone())
    }

    /// Sends one protocol line to game `id`: the messages in reply.
    pub(crate) fn line(&self, id: &str, line: &str) -> Vec<Value> {
        let (status, reply) = self.post(&format!("/session/{id}"), &json!({"line": line}));
        assert_eq!(status, 200, "{line}: {reply}");
        reply.as_array().unwrap().clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text:?}"))
}

/// The message of `kind` among `messages`, the last one if several.
pub(crate) fn last<'a>(messages: &'a [Value], kind: &str) -> &'a Value {
    messages
        .iter()
        .rev()
        .find(|m| m["type"] == kind)
        .unwrap_or_else(|| panic!("no {kind} in {messages:?}"))
}

fn autosaves(home: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(home.join("state/delve/games"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect()
}

#[test]
fn a_game_plays_through_requests_as_over_json_lines() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[&pocket()]);
    assert!(server.url().starts_with("http://127.0.0.1:"));
    let (status, listing) = server.get("/rulesets");
    assert_eq!(status, 200);
    assert_eq!(listing["chosen"], json!(pocket()));
    let names: Vec<&str> = listing["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"clear-the-dungeon"), "{names:?}");
    // The start form offers a game's options (some have none), not the
    // host's `lone_option`.
    for ruleset in listing["rulesets"].as_array().unwrap() {
        let specs = ruleset["option_specs"].as_array().unwrap();
        assert!(
            specs.iter().all(|o| o["name"] != "lone_option"),
            "{ruleset}"
        );
    }

    let game = json!({"game": pocket(), "seed": 1, "options": {"rounds": 2}});
    let (id, opening) = server.start_game(&game);
    assert_eq!(opening[0]["type"], "hello");
    assert_eq!(opening[0]["options"]["rounds"], 2);
    let prompt = last(&opening, "prompt");
    assert_eq!(prompt["choices"], 0);
    assert!(prompt["table"]["piles"].is_array());
    // Nothing is written before the first choice.
    assert!(autosaves(home.path()).is_empty());

    // The same messages as `delve play --json`: ok, say, prompt; and the
    // name of the autosave, now written.
    let step = server.line(&id, "h");
    let kinds: Vec<&str> = step.iter().map(|m| m["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["ok", "say", "prompt", "autosave"]);
    assert_eq!(step[0]["command"], "choose");
    let written = autosaves(home.path());
    assert_eq!(written.len(), 1);
    assert_eq!(
        json!(written[0].file_stem().unwrap().to_str()),
        step[3]["name"]
    );

    let bad = server.line(&id, "sideways");
    assert_eq!(bad[0]["type"], "error");
    assert_eq!(last(&bad, "prompt")["choices"], 1);

    let undone = server.line(&id, "undo");
    assert_eq!(undone[0]["steps"], 1);
    assert_eq!(last(&undone, "prompt")["choices"], 0);
    server.line(&id, "redo");
    let end = server.line(&id, "l");
    let end = last(&end, "end");
    assert_eq!(end["choices"], 2);
    // The end counts in the statistics once.
    let (_, record) = server.get("/stats");
    assert_eq!(record["records"][0]["played"], 1, "{record}");

    // A reload of the page finds the game where it is.
    let (status, again) = server.get(&format!("/session/{id}"));
    assert_eq!(status, 200);
    assert_eq!(
        last(again["messages"].as_array().unwrap(), "end")["choices"],
        2
    );

    // The save downloads; uploaded into another game, it takes its place.
    let (status, saved) = server.request("GET", &format!("/session/{id}/save"), &[], "");
    assert_eq!(status, 200);
    assert!(saved.contains("\"format\": \"delve-save\""), "{saved}");
    let (other, _) = server.start_game(&game);
    let (status, text) = server.request(
        "POST",
        &format!("/session/{other}/load"),
        &[("Content-Type", "application/json")],
        &saved,
    );
    assert_eq!(status, 200, "{text}");
    let loaded: Vec<Value> = serde_json::from_str(&text).unwrap();
    assert_eq!(loaded[0], json!({"type": "ok", "command": "load"}));
    assert_eq!(last(&loaded, "end")["choices"], 2);

    let quit = server.line(&id, "quit");
    assert_eq!(quit, [json!({"type": "ok", "command": "quit"})]);
    assert_eq!(server.get(&format!("/session/{id}")).0, 404);
}

/// A request the server refuses: method, path, headers, body, and the
/// status and words of its error.
struct Bad {
    method: &'static str,
    path: String,
    headers: Vec<(&'static str, &'static str)>,
    body: String,
    status: u16,
    says: &'static str,
}

/// Every kind of request the server refuses, aimed at game `id`.
fn bad_requests(id: &str) -> Vec<Bad> {
    let json = vec![("Content-Type", "application/json")];
    let game = format!("/session/{id}");
    let bad =
        |method, path: &str, headers: &[(&'static str, &'static str)], body: &str, status, says| {
            Bad {
                method,
                path: path.to_string(),
                headers: headers.to_vec(),
                body: body.to_string(),
                status,
                says,
            }
        };
    let pocket = pocket();
    vec![
        // Not JSON, or JSON of the wrong shape.
        bad("POST", &game, &json, "h", 400, "not the JSON"),
        bad("POST", &game, &json, r#"{"line": 1}"#, 400, "not the JSON"),
        bad(
            "POST",
            &game,
            &json,
            r#"{"line": "h", "x": 1}"#,
            400,
            "unknown field",
        ),
        bad("POST", &game, &json, r#"{"line": "h\nl"}"#, 400, "one line"),
        // Too large: past the cap, the body is not read.
        bad(
            "POST",
            &game,
            &json,
            &format!(r#"{{"line": "{}"}}"#, "x".repeat(70_000)),
            413,
            "too large",
        ),
        // Not a JSON body: a form another site could post.
        bad(
            "POST",
            &game,
            &[("Content-Type", "text/plain")],
            r#"{"line": "h"}"#,
            415,
            "JSON body",
        ),
        // Not addressed to this server by name, or sent from another site.
        bad(
            "GET",
            &game,
            &[("Host", "attacker.example:80")],
            "",
            403,
            "only requests to 127.0.0.1",
        ),
        bad(
            "POST",
            &game,
            &[json[0], ("Origin", "http://attacker.example")],
            r#"{"line": "h"}"#,
            403,
            "other sites",
        ),
        // A game that is not there, or no such route.
        bad(
            "POST",
            "/session/0123",
            &json,
            r#"{"line": "h"}"#,
            404,
            "no game",
        ),
        bad("GET", "/nowhere", &[], "", 404, "no such page"),
        // Starting: a ruleset the server does not offer, a bad option, no game to resume.
        bad(
            "POST",
            "/session",
            &json,
            r#"{"game": "/etc/passwd.rhai"}"#,
            400,
            "no ruleset",
        ),
        bad(
            "POST",
            "/session",
            &json,
            &format!(r#"{{"game": {pocket:?}, "options": {{"rounds": 9}}}}"#),
            400,
            "rounds",
        ),
        bad(
            "POST",
            "/session",
            &json,
            &format!(r#"{{"game": {pocket:?}, "options": {{"nope": 1}}}}"#),
            400,
            "no option `nope`",
        ),
        bad(
            "POST",
            "/session",
            &json,
            r#"{"resume": "game-0"}"#,
            400,
            "no unfinished game",
        ),
    ]
}

#[test]
fn a_bad_request_gets_a_clear_error_and_changes_nothing() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[&pocket()]);
    let (id, _) = server.start_game(&json!({"game": pocket(), "seed": 4}));
    server.line(&id, "h");
    let game = format!("/session/{id}");
    let before = server.get(&game).1;
    for bad in bad_requests(&id) {
        let (status, text) = server.request(bad.method, &bad.path, &bad.headers, &bad.body);
        let what = format!("{} {} {:.60}: {text}", bad.method, bad.path, bad.body);
        assert_eq!(status, bad.status, "{what}");
        let reply: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(reply["type"], "error", "{what}");
        assert!(
            reply["message"].as_str().unwrap().contains(bad.says),
            "{what}"
        );
    }
    // Lines that name files on the server are refused.
    for line in ["save /tmp/x.json", "load /etc/passwd"] {
        let reply = server.line(&id, line);
        assert_eq!(reply.len(), 1);
        assert!(reply[0]["message"].as_str().unwrap().contains("download"));
    }
    let json = [("Content-Type", "application/json")];
    let (status, text) = server.request("POST", &format!("{game}/load"), &json, r#"{"format": 1}"#);
    assert_eq!(status, 200);
    assert!(text.contains("not a delve save"), "{text}");
    assert_eq!(server.get(&game).1, before);
}

#[test]
fn a_restarted_server_resumes_the_game_from_its_autosave() {
    let home = tempfile::tempdir().unwrap();
    let game = json!({"game": pocket(), "seed": 2, "options": {"rounds": 3}});
    let (autosave, table) = {
        let server = Server::start(home.path(), &[&pocket()]);
        let (status, reply) = server.post("/session", &game);
        assert_eq!(status, 200);
        let id = reply["id"].as_str().unwrap();
        let step = server.line(id, "h");
        let (_, again) = server.get(&format!("/session/{id}"));
        (
            again["autosave"].as_str().unwrap().to_string(),
            last(&step, "prompt")["table"].clone(),
        )
    };
    let server = Server::start(home.path(), &[&pocket()]);
    let (status, reply) = server.post("/session", &json!({"resume": autosave}));
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["autosave"], json!(autosave));
    let prompt = last(reply["messages"].as_array().unwrap(), "prompt");
    assert_eq!(prompt["choices"], 1);
    assert_eq!(prompt["table"], table);
}

#[test]
fn games_and_threads_stay_bounded_when_hundreds_are_started_and_left() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[&pocket(), "--games", "8", "--idle", "5"]);
    let started = Instant::now();
    for seed in 0..300 {
        let (id, _) = server.start_game(&json!({"game": pocket(), "seed": seed}));
        if seed % 3 == 0 {
            server.line(&id, "h");
        }
    }
    let (_, status) = server.get("/status");
    assert_eq!(status["sessions"], 8, "{status}");
    #[cfg(target_os = "linux")]
    {
        // A game's thread, the runtime, its blocking pool: no more.
        let threads = std::fs::read_dir(format!("/proc/{}/task", server.pid()))
            .unwrap()
            .count();
        assert!(threads <= 8 + 4 + 4, "{threads} threads");
    }
    // Idle games close by themselves, with no request to prompt it.
    loop {
        let (_, status) = server.get("/status");
        if status["sessions"] == 0 {
            break;
        }
        assert!(started.elapsed() < Duration::from_mins(2), "{status}");
        std::thread::sleep(Duration::from_millis(100));
    }
    // The games with a choice made were kept; the others left no file.
    assert_eq!(autosaves(home.path()).len(), 100);
}

/// The peak resident memory of a process, in KiB (Linux only).
#[cfg(target_os = "linux")]
fn peak_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_flood_of_unfinished_uploads_keeps_memory_bounded_and_the_server_answering() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[&pocket()]);
    let (id, _) = server.start_game(&json!({"game": pocket(), "seed": 1}));
    // Forty uploads of nearly 4 MiB, each ten bytes short of what it
    // announced, left open: a server that read them all would hold 160 MiB.
    let body = vec![b' '; 4_000_000];
    let mut open = Vec::new();
    for _ in 0..40 {
        let mut stream = TcpStream::connect(&server.address).unwrap();
        stream
            .set_write_timeout(Some(Duration::from_secs(2)))
            .unwrap();
        let head = format!(
            "POST /session/{id}/load HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            server.address,
            body.len() + 10
        );
        stream.write_all(head.as_bytes()).unwrap();
        // A refused upload is answered and closed: writing may then fail.
        let _ = stream.write_all(&body);
        open.push(stream);
    }
    // The places for bodies are taken: another POST is told so at once.
    let (status, reply) = server.post(&format!("/session/{id}"), &json!({"line": "h"}));
    assert_eq!(status, 503, "{reply}");
    #[cfg(target_os = "linux")]
    {
        let kb = peak_kb(server.pid());
        assert!(kb < 120 * 1024, "{kb} KiB");
    }
    drop(open);
    // The uploads gone, their places come back.
    let started = Instant::now();
    loop {
        let (status, _) = server.post(&format!("/session/{id}"), &json!({"line": "h"}));
        if status == 200 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "{status}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_deal_file_given_by_the_page_stacks_the_deck() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[&pocket()]);
    let deal = "# the three turned up, the five under it\n3S 5S\n";
    let game = json!({"game": pocket(), "seed": 1, "deal": deal});
    let (id, opening) = server.start_game(&game);
    let prompt = last(&opening, "prompt");
    assert!(
        prompt["question"].as_str().unwrap().contains("3♠"),
        "{prompt}"
    );
    let step = server.line(&id, "h");
    assert_eq!(last(&step, "say")["text"], "5♠: right.");

    // A deal that does not parse starts nothing and says where it broke.
    let bad = json!({"game": pocket(), "deal": "3S ZZ\n"});
    let (status, reply) = server.post("/session", &bad);
    assert_eq!(status, 400);
    let message = reply["message"].as_str().unwrap();
    assert!(message.contains("the deal file given line 1"), "{message}");
}
