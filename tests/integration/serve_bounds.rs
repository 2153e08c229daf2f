//! `delve serve` bounded by what the machine gives, against clients that
//! hold on: connections that send nothing are closed and their number is
//! capped while a game in play goes on; stalled POST bodies slow only their
//! senders; one game's queue of slow moves holds up no other game; and
//! under an address-space limit games still start, or are refused as the
//! machine's shortage. Every server is on 127.0.0.1 and stopped when its
//! test ends.

use crate::serve::{pocket, Server};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The most a connection may wait for a request (5 s, docs/serve.md), and
/// room for a loaded machine.
const CLOSED_WITHIN: Duration = Duration::from_secs(15);

/// One keep-alive connection that sends requests one after another.
struct Kept {
    reader: BufReader<TcpStream>,
    address: String,
}

impl Kept {
    fn open(server: &Server) -> Kept {
        let stream = TcpStream::connect(&server.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_mins(1)))
            .unwrap();
        Kept {
            reader: BufReader::new(stream),
            address: server.address.clone(),
        }
    }

    /// One request on this connection: the status and the body as JSON.
    fn send(&mut self, method: &str, path: &str, body: &str) -> (u16, Value) {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.address,
            body.len()
        );
        self.reader.get_mut().write_all(head.as_bytes()).unwrap();
        let mut status = String::new();
        self.reader.read_line(&mut status).unwrap();
        let code = status.split(' ').nth(1).unwrap().parse().unwrap();
        let mut length = 0;
        loop {
            let mut line = String::new();
            self.reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            let lower = line.to_ascii_lowercase();
            if let Some(value) = lower.strip_prefix("content-length:") {
                length = value.trim().parse().unwrap();
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).unwrap();
        (code, serde_json::from_slice(&body).unwrap())
    }

    fn line(&mut self, id: &str, line: &str) -> u16 {
        self.send(
            "POST",
            &format!("/session/{id}"),
            &json!({"line": line}).to_string(),
        )
        .0
    }
}

/// Whether the server closes `stream` (or answers and closes it) before
/// `by`.
fn closed_by(stream: &mut TcpStream, by: Instant) -> bool {
    let mut sink = [0; 1024];
    loop {
        let left = by.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        stream.set_read_timeout(Some(left)).unwrap();
        match stream.read(&mut sink) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(_) => return false,
        }
    }
}

fn number(value: &Value) -> u64 {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("not a number: {value}"))
}

#[test]
fn idle_connections_are_closed_and_capped_while_a_game_goes_on() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[&pocket()]);
    let (id, _) =
        server.start_game(&json!({"game": pocket(), "options": {"rounds": 4}, "seed": 3}));
    let mut playing = Kept::open(&server);
    let (_, status) = playing.send("GET", "/status", "");
    // The cap (a server that says none is tried with 512).
    let most = status["most_connections"].as_u64().unwrap_or(512) as usize;
    assert!((8..=512).contains(&most), "{status}");
    // More connections than the cap, sending nothing or half a request line.
    let opened = Instant::now();
    let mut idle: Vec<TcpStream> = (0..most + 100)
        .map(|i| {
            let mut stream = TcpStream::connect(&server.address).unwrap();
            if i % 2 == 0 {
                let _ = stream.write_all(b"GET /sta");
            }
            stream
        })
        .collect();
    // The game in play is answered on its connection, and the server holds
    // no more connections than its cap.
    assert_eq!(playing.line(&id, "h"), 200);
    let (_, during) = playing.send("GET", "/status", "");
    // Every idle one is closed within the time a request has to come.
    for stream in &mut idle {
        assert!(
            closed_by(stream, opened + CLOSED_WITHIN),
            "an idle connection stayed open"
        );
    }
    let open = number(&during["connections"]) as usize;
    assert!(open <= most, "{open} open of {most}: {during}");
    // So is the game's own once it is left idle; a new one is answered.
    let left = Instant::now();
    assert!(closed_by(playing.reader.get_mut(), left + CLOSED_WITHIN));
    let (code, status) = server.get("/status");
    assert_eq!(code, 200);
    assert!(number(&status["connections"]) <= 2, "{status}");
    assert_eq!(Kept::open(&server).line(&id, "l"), 200);
}

#[test]
fn stalled_post_bodies_hold_up_only_their_senders() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[&pocket()]);
    let (a, _) = server.start_game(&json!({"game": pocket(), "seed": 1}));
    let (b, _) = server.start_game(&json!({"game": pocket(), "seed": 2}));
    // 64 moves whose headers come and whose bodies never do.
    let sent = Instant::now();
    let mut stalled: Vec<TcpStream> = (0..64)
        .map(|i| {
            let mut stream = TcpStream::connect(&server.address).unwrap();
            let game = if i % 2 == 0 { &a } else { &b };
            let head = format!(
                "POST /session/{game} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"li",
                server.address
            );
            stream.write_all(head.as_bytes()).unwrap();
            stream
        })
        .collect();
    // Wait until the server holds them (a bounded poll), then play on.
    let held = || server.get("/status").1["connections"].as_u64().unwrap_or(0);
    while held() < 64 && sent.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    for game in [&a, &b] {
        let (status, reply) = server.post(&format!("/session/{game}"), &json!({"line": "h"}));
        assert_eq!(status, 200, "{reply}");
    }
    // Each stalled sender is told so and closed, within its deadline.
    for stream in &mut stalled {
        let mut answer = String::new();
        stream
            .set_read_timeout(Some(CLOSED_WITHIN.saturating_sub(sent.elapsed())))
            .unwrap();
        let _ = stream.read_to_string(&mut answer);
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer:?}");
        assert!(answer.contains("too slowly"), "{answer}");
    }
}

/// A game whose every step runs some 2 million operations: slow enough
/// that a queue of its moves takes seconds.
const SLOW: &str = r#"title("Slow");
fn play() {
    loop {
        let x = 0;
        for i in 0..400000 { x += 1; }
        let c = choose("On?", [#{ key: "on" }, #{ key: "off" }]);
        if c.key == "off" { end("win", 0, "done"); return; }
    }
}
fn label(option) { option.key }
"#;

#[test]
fn a_long_queue_of_moves_on_one_game_holds_up_no_other() {
    let home = tempfile::tempdir().unwrap();
    let script = home.path().join("slow.rhai");
    std::fs::write(&script, SLOW).unwrap();
    let script = script.display().to_string();
    let server = Server::start(home.path(), &[&script]);
    let (a, _) = server.start_game(&json!({"game": script, "seed": 1}));
    let (b, _) = server.start_game(&json!({"game": script, "seed": 2}));
    let (written, answered) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let answered_when_b_was = std::thread::scope(|scope| {
        for _ in 0..16 {
            scope.spawn(|| {
                let mut kept = Kept::open(&server);
                written.fetch_add(1, Ordering::SeqCst);
                if kept.line(&a, "on") == 200 {
                    answered.fetch_add(1, Ordering::SeqCst);
                }
            });
        }
        let started = Instant::now();
        while written.load(Ordering::SeqCst) < 16 {
            assert!(started.elapsed() < Duration::from_secs(30));
            std::thread::sleep(Duration::from_millis(5));
        }
        let (status, reply) = server.post(&format!("/session/{b}"), &json!({"line": "on"}));
        assert_eq!(status, 200, "{reply}");
        answered.load(Ordering::SeqCst)
    });
    let answered = answered.into_inner();
    // Game b's move came back while most of game a's queue still waited.
    assert!(
        answered_when_b_was + 3 <= answered,
        "b answered after {answered_when_b_was} of a's {answered} moves"
    );
}

/// `delve serve` under an address-space limit of `kb` KiB (`ulimit -v`).
fn limited(home: &Path, kb: u64) -> Server {
    Server::start_limited(home, &[&pocket(), "--games", "32"], kb)
}

#[test]
fn under_an_address_space_limit_games_start_or_are_refused_as_the_machines_shortage() {
    let home = tempfile::tempdir().unwrap();
    // 3 GiB, as shared hosts and CI containers set: twelve games at once.
    let server = limited(home.path(), 3 << 20);
    for seed in 0..12 {
        let (status, reply) = server.post("/session", &json!({"game": pocket(), "seed": seed}));
        assert_eq!(status, 200, "game {seed}: {reply}");
    }
    assert_eq!(server.get("/status").1["sessions"], 12);
    drop(server);
    // Barely room for delve itself: a game starts once an idle one is
    // closed, or the request is told the machine is short.
    let server = limited(home.path(), 1_300_000);
    for seed in 0..6 {
        let (status, reply) = server.post("/session", &json!({"game": pocket(), "seed": seed}));
        let message = reply["message"].as_str().unwrap_or_default();
        assert!(
            status == 200 || (status == 503 && message.contains("no room for another thread")),
            "game {seed}: {status} {reply}"
        );
    }
    assert_eq!(server.get("/status").0, 200);
}

/// An autosave of `tests/scripts/positions/slow-worlds.rhai` ten choices
/// in: replaying it to list it takes ten seconds and more.
fn slow_autosave(home: &Path) {
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/positions/slow-worlds.rhai");
    let mut choices = vec![json!({"index": 0, "key": "red"})];
    choices.extend((0..9).map(|_| json!({"index": 0, "key": "on"})));
    let save = json!({
        "format": "delve-save",
        "version": 2,
        "game": script.display().to_string(),
        "script_hash": "",
        "options": {},
        "seed": 1,
        "deal": null,
        "choices": choices,
    });
    let games = home.join("state/delve/games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("slow.json"), save.to_string()).unwrap();
}

#[test]
fn listings_of_a_slow_autosave_hold_up_no_move() {
    let home = tempfile::tempdir().unwrap();
    slow_autosave(home.path());
    let server = Server::start(home.path(), &[&pocket()]);
    let (id, _) = server.start_game(&json!({"game": pocket(), "seed": 1}));
    let (asked, listed) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let took = std::thread::scope(|scope| {
        let listings: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    asked.fetch_add(1, Ordering::SeqCst);
                    let answer = server.get("/games");
                    listed.fetch_add(1, Ordering::SeqCst);
                    answer
                })
            })
            .collect();
        while asked.load(Ordering::SeqCst) < 4 {
            std::thread::sleep(Duration::from_millis(5));
        }
        // The listings have their requests in, and are replaying.
        std::thread::sleep(Duration::from_millis(300));
        let started = Instant::now();
        let (status, reply) = server.post(&format!("/session/{id}"), &json!({"line": "0"}));
        let took = started.elapsed();
        assert_eq!(status, 200, "{reply}");
        assert_eq!(
            listed.load(Ordering::SeqCst),
            0,
            "a listing ended before the move"
        );
        for listing in listings {
            let (status, games) = listing.join().unwrap();
            assert_eq!(status, 200, "{games}");
            let slow = games["games"]
                .as_array()
                .unwrap()
                .iter()
                .find(|g| g["name"] == "slow")
                .cloned()
                .unwrap_or_else(|| panic!("no slow game in {games}"));
            let why = slow["unreadable"].as_str().unwrap_or_default();
            assert!(why.starts_with("not looked at"), "{slow}");
        }
        took
    });
    assert!(took < Duration::from_secs(1), "the move took {took:?}");
}
