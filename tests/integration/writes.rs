//! What delve writes: a save, a recorded transcript or a snapshot replaces
//! only a regular file of its own kind, never through a link, through a
//! temporary file of its own; many processes at once lose no game and no
//! statistic; piped runs keep out of the player's autosaves and statistics
//! unless asked with `--keep`.

use crate::{delve, delve_in};
use predicates::prelude::*;
use predicates::str::contains;
use serde_json::Value;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const NOTES: &str = "my notes, not a game\n";

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

fn is_save(path: &Path) -> bool {
    fs::read_to_string(path)
        .ok()
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .is_some_and(|json| json["format"] == "delve-save")
}

/// A piped REPL game in `dir` typing `lines`; what it printed.
fn repl_in(dir: &Path, lines: &str) -> String {
    let output = delve()
        .current_dir(dir)
        .args(["play", "clear-the-dungeon", "--seed", "1"])
        .write_stdin(lines)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_file_of_notes_is_never_replaced_by_a_save_or_a_transcript() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("notes.txt"), NOTES).unwrap();
    let seen = repl_in(
        dir.path(),
        "save notes.txt\nrecord notes.txt\n9h on ks\nsave game.json\n",
    );
    assert!(
        seen.contains("can not save to notes.txt: it is a file but not a delve save"),
        "{seen}"
    );
    assert!(
        seen.contains("can not record to notes.txt: it is a file but not a delve transcript"),
        "{seen}"
    );
    // The game went on.
    assert!(seen.contains("Saved to game.json."), "{seen}");
    assert_eq!(
        fs::read_to_string(dir.path().join("notes.txt")).unwrap(),
        NOTES
    );
    assert_eq!(names(dir.path()), ["game.json", "notes.txt"]);
    // A save and a transcript replace their own kind.
    let seen = repl_in(dir.path(), "save game.json\nrecord t.txt\nrecord t.txt\n");
    assert_eq!(
        seen.matches("Recorded 0 choices to t.txt").count(),
        2,
        "{seen}"
    );
    assert!(seen.contains("Saved to game.json."), "{seen}");
    // Over the protocol too.
    let output = delve()
        .current_dir(dir.path())
        .args(["play", "clear-the-dungeon", "--seed", "1", "--json"])
        .write_stdin("save notes.txt\nsave --replace notes.txt\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout
            .matches("can not save to notes.txt: it is a file but not a delve save")
            .count(),
        2,
        "{stdout}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("notes.txt")).unwrap(),
        NOTES
    );
}

#[test]
fn the_protocol_replaces_a_save_only_when_asked_with_replace() {
    let dir = tempfile::tempdir().unwrap();
    let output = delve()
        .current_dir(dir.path())
        .args(["play", "clear-the-dungeon", "--seed", "1", "--json"])
        .write_stdin("save g.json\n0\nsave g.json\nsave --replace g.json\n")
        .output()
        .unwrap();
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|l: &Value| l["command"] == "save")
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0]["type"], "ok");
    assert_eq!(lines[1]["type"], "error");
    assert!(
        lines[1]["message"]
            .as_str()
            .unwrap()
            .contains("`save --replace g.json` replaces it"),
        "{lines:?}"
    );
    assert_eq!(lines[2]["type"], "ok");
    let saved: Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("g.json")).unwrap()).unwrap();
    assert_eq!(saved["choices"].as_array().unwrap().len(), 1);
}

#[cfg(unix)]
#[test]
fn a_pipe_a_folder_and_a_device_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let made = Command::new("mkfifo")
        .arg(dir.path().join("pipe"))
        .status()
        .unwrap();
    assert!(made.success());
    fs::create_dir(dir.path().join("folder")).unwrap();
    let seen = repl_in(
        dir.path(),
        "save pipe\nrecord pipe\nsave folder\nsave /dev/null\n9h on ks\n",
    );
    assert!(
        seen.contains("can not save to pipe: it is a named pipe, not a regular file"),
        "{seen}"
    );
    assert!(
        seen.contains("can not record to pipe: it is a named pipe"),
        "{seen}"
    );
    assert!(
        seen.contains("can not save to folder: it is a folder"),
        "{seen}"
    );
    assert!(
        seen.contains("can not save to /dev/null: it is a device"),
        "{seen}"
    );
    assert!(seen.contains("→ 9♥ on K♠"), "the game went on: {seen}");
    let pipe = fs::symlink_metadata(dir.path().join("pipe")).unwrap();
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&pipe.file_type()));
    assert_eq!(names(dir.path()), ["folder", "pipe"]);
}

#[cfg(unix)]
#[test]
fn a_planted_link_is_never_followed() {
    let dir = tempfile::tempdir().unwrap();
    let precious = dir.path().join("precious.txt");
    fs::write(&precious, NOTES).unwrap();
    let link = |from: &str| {
        std::os::unix::fs::symlink(&precious, dir.path().join(from)).unwrap();
    };
    // The temporary name the old scheme used, and a save that is a link.
    link(".game.json.delve-tmp");
    link("linked.json");
    link(".t.txt.delve-tmp");
    let seen = repl_in(
        dir.path(),
        "save game.json\nsave linked.json\nrecord t.txt\n",
    );
    assert!(seen.contains("Saved to game.json."), "{seen}");
    assert!(
        seen.contains("can not save to linked.json: it is a symbolic link"),
        "{seen}"
    );
    assert!(seen.contains("Recorded 0 choices to t.txt"), "{seen}");
    assert_eq!(fs::read_to_string(&precious).unwrap(), NOTES);
    assert!(is_save(&dir.path().join("game.json")));
    assert!(!fs::symlink_metadata(dir.path().join("game.json"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(fs::symlink_metadata(dir.path().join("linked.json"))
        .unwrap()
        .file_type()
        .is_symlink());
}

#[cfg(unix)]
#[test]
fn a_read_only_folder_is_a_clear_error_and_the_game_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let locked = dir.path().join("locked");
    fs::create_dir(&locked).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o555)).unwrap();
    // The superuser writes anyway: then the save is made and the game goes on.
    let writable = fs::write(locked.join("probe"), "").is_ok();
    let _ = fs::remove_file(locked.join("probe"));
    let seen = repl_in(dir.path(), "save locked/g.json\n9h on ks\n");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    if writable {
        assert!(seen.contains("Saved to locked/g.json."), "{seen}");
    } else {
        assert!(
            seen.contains(
                "can not save to locked/g.json: the folder locked can not be written in (permission denied)"
            ),
            "{seen}"
        );
        assert!(names(&locked).is_empty());
    }
    assert!(seen.contains("→ 9♥ on K♠"), "the game went on: {seen}");
}

#[test]
fn two_processes_saving_one_path_at_once_leave_one_whole_save() {
    let dir = tempfile::tempdir().unwrap();
    let lines = "save g.json\n".repeat(60);
    let spawn = |seed: &str| {
        Command::new(assert_cmd::cargo::cargo_bin("delve"))
            .current_dir(dir.path())
            .args(["play", "clear-the-dungeon", "--seed", seed])
            .env("NO_COLOR", "1")
            .env("DELVE_HISTORY", "/dev/null")
            .env("HOME", dir.path())
            .env("XDG_STATE_HOME", dir.path().join("state"))
            .env("XDG_DATA_HOME", dir.path().join("data"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut children = [spawn("1"), spawn("2")];
    for child in &mut children {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(lines.as_bytes())
            .unwrap();
    }
    // Meanwhile a reader never finds half a save.
    for _ in 0..10 {
        if dir.path().join("g.json").exists() {
            delve()
                .current_dir(dir.path())
                .args(["play", "--load", "g.json"])
                .write_stdin("")
                .assert()
                .success();
        }
    }
    for child in children {
        let output = child.wait_with_output().unwrap();
        let seen = String::from_utf8(output.stdout).unwrap();
        assert_eq!(seen.matches("Saved to g.json.").count(), 60, "{seen}");
    }
    assert!(is_save(&dir.path().join("g.json")));
    assert_eq!(names(dir.path()), ["g.json"], "no temporary file is left");
}

#[test]
fn accepting_a_snapshot_replaces_only_a_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("a.txt"),
        "# game: clear-the-dungeon\n# seed: 1\nshow\n",
    )
    .unwrap();
    fs::write(dir.path().join("a.snap"), NOTES).unwrap();
    delve()
        .args(["test", "--accept"])
        .arg(dir.path())
        .assert()
        .code(1)
        .stdout(contains("a.snap").and(contains("it is a file but not a delve snapshot")));
    assert_eq!(
        fs::read_to_string(dir.path().join("a.snap")).unwrap(),
        NOTES
    );
    // A snapshot of its own kind is replaced.
    fs::write(dir.path().join("a.snap"), "Old Title, seed 1.\n").unwrap();
    delve()
        .args(["test", "--accept"])
        .arg(dir.path())
        .assert()
        .success();
    delve().arg("test").arg(dir.path()).assert().success();
}

#[test]
fn record_asks_no_folder_into_being() {
    let dir = tempfile::tempdir().unwrap();
    let seen = repl_in(dir.path(), "record new/t.txt\n");
    assert!(
        seen.contains("can not record to new/t.txt: the folder new does not exist"),
        "{seen}"
    );
    assert!(names(dir.path()).is_empty());
}

/// A ruleset of one question: any answer wins.
const TINY: &str = r#"title("Tiny");
fn play() {
    new_pile("deck", "down");
    ask("Pick", ["a", "b"]);
    end("win", 1, "done");
}
"#;

#[test]
fn dozens_of_games_at_once_are_all_counted() {
    const GAMES: usize = 30;
    let home = tempfile::tempdir().unwrap();
    let script = home.path().join("tiny.rhai");
    fs::write(&script, TINY).unwrap();
    let children: Vec<_> = (0..GAMES)
        .map(|n| {
            let mut child = Command::new(assert_cmd::cargo::cargo_bin("delve"))
                .args(["play", script.to_str().unwrap(), "--keep"])
                .args(["--seed", &n.to_string()])
                .env("NO_COLOR", "1")
                .env("DELVE_HISTORY", "/dev/null")
                .env("HOME", home.path())
                .env("XDG_STATE_HOME", home.path().join("state"))
                .env("XDG_DATA_HOME", home.path().join("data"))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let _ = child.stdin.take().unwrap().write_all(b"a\n");
            child
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        let seen = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{seen}");
        assert!(!seen.contains("not updated"), "{seen}");
        assert!(!seen.contains("can not autosave"), "{seen}");
    }
    let output = delve_in(home.path())
        .args(["stats", "--json"])
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(stats["records"][0]["played"], GAMES, "{stats}");
    assert_eq!(stats["records"][0]["won"], GAMES, "{stats}");
    // Every game kept a whole autosave of its own, and nothing else is left.
    let games = home.path().join("state/delve/games");
    let saved: Vec<String> = names(&games)
        .into_iter()
        .filter(|name| Path::new(name).extension() != Some("lock".as_ref()))
        .collect();
    assert_eq!(saved.len(), GAMES, "{saved:?}");
    assert!(saved.iter().all(|name| is_save(&games.join(name))));
    assert_eq!(
        names(&home.path().join("data/delve")),
        ["stats.json", "stats.lock"]
    );
}

#[test]
fn a_later_write_removes_what_a_killed_save_left_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);
    let aged = |name: &str| {
        let file = fs::File::options().write(true).open(at(name)).unwrap();
        let then = std::time::SystemTime::now() - std::time::Duration::from_hours(1);
        file.set_modified(then).unwrap();
    };
    // A save killed before its rename leaves its temporary file; a live
    // writer (here this test) holds its file locked; a file just made may
    // be a writer's that has not locked it yet; the rest are not delve's.
    let planted = [
        ".delve-k1LLed.tmp",
        ".delve-wr1tes.tmp",
        ".delve-n3wone.tmp",
        ".delve-notes.tmp",
        "mine.tmp",
    ];
    for name in planted {
        fs::write(at(name), "{\"format\": \"delve-save\"").unwrap();
        if name != ".delve-n3wone.tmp" {
            aged(name);
        }
    }
    let writing = fs::File::open(at(".delve-wr1tes.tmp")).unwrap();
    writing.lock().unwrap();
    let seen = repl_in(dir.path(), "save g.json\n");
    assert!(seen.contains("Saved to g.json."), "{seen}");
    assert_eq!(
        names(dir.path()),
        [
            ".delve-n3wone.tmp",
            ".delve-notes.tmp",
            ".delve-wr1tes.tmp",
            "g.json",
            "mine.tmp"
        ]
    );
    // Its writer gone, the next write there takes it too.
    drop(writing);
    repl_in(dir.path(), "save g.json\n");
    assert!(!at(".delve-wr1tes.tmp").exists());
}
