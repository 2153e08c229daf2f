//! Hostile files: what delve reads must be a regular file under its cap, and
//! a file named inside another file (a transcript's game and deal, a
//! script's `extends:`, a snapshot) must be in the naming file's folder or
//! below it. tests/transcripts/hostile/ holds the cases a plain file can
//! make, each with `# exit:`, `# expect:` and `# never:` lines in its
//! header; symlinks, named pipes and large files are made in a scratch
//! folder. Every refusal must come at once: each command has a time limit.

use crate::delve;
use predicates::prelude::*;
use predicates::str::contains;
use std::path::{Path, PathBuf};
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(30);

fn hostile_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts/hostile")
}

fn field(text: &str, name: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix(&format!("# {name}: ")))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_hostile_transcript_is_refused_with_its_message() {
    let mut transcripts: Vec<PathBuf> = std::fs::read_dir(hostile_folder())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    transcripts.sort();
    assert!(
        transcripts.len() >= 7,
        "the hostile transcripts went missing"
    );
    for transcript in &transcripts {
        let text = std::fs::read_to_string(transcript).unwrap();
        let output = delve()
            .arg("replay")
            .arg(transcript)
            .timeout(LIMIT)
            .output()
            .unwrap();
        let printed = String::from_utf8_lossy(&output.stdout).into_owned()
            + String::from_utf8_lossy(&output.stderr).as_ref();
        let name = transcript.file_name().unwrap().to_string_lossy();
        let exit: i32 = field(&text, "exit")[0].parse().unwrap();
        assert_eq!(output.status.code(), Some(exit), "{name}: {printed}");
        for expected in field(&text, "expect") {
            assert!(
                printed.contains(&expected),
                "{name}: `{expected}` in {printed}"
            );
        }
        for never in field(&text, "never") {
            assert!(!printed.contains(&never), "{name}: `{never}` in {printed}");
        }
    }
}

/// A named pipe at `path` (Unix only).
#[cfg(unix)]
fn pipe(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
}

#[cfg(unix)]
#[test]
fn delve_test_refuses_links_out_pipes_and_devices_in_a_folder_at_once() {
    use std::os::unix::fs::symlink;
    let outside = tempfile::tempdir().unwrap();
    write(&outside.path().join("secret.txt"), "root:x:0:0:secret\n");
    write(&outside.path().join("secret.rhai"), "root secret\n");
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path();
    for entry in std::fs::read_dir(hostile_folder()).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, suite.join(path.file_name().unwrap())).unwrap();
    }
    symlink(outside.path().join("secret.txt"), suite.join("link.deal")).unwrap();
    write(
        &suite.join("deal-link.txt"),
        "# game: clear-the-dungeon\n# deal: link.deal\n1\n",
    );
    symlink(outside.path().join("secret.rhai"), suite.join("link.rhai")).unwrap();
    write(&suite.join("game-link.txt"), "# game: link.rhai\n1\n");
    pipe(&suite.join("ff"));
    write(
        &suite.join("deal-pipe.txt"),
        "# game: clear-the-dungeon\n# deal: ff\n1\n",
    );
    pipe(&suite.join("game.rhai"));
    write(&suite.join("game-pipe.txt"), "# game: game.rhai\n1\n");
    // A transcript that plays well, whose snapshot is a pipe or a link out.
    let good = "# game: clear-the-dungeon\n# seed: 3\n1\n";
    write(&suite.join("snap-pipe.txt"), good);
    pipe(&suite.join("snap-pipe.snap"));
    write(&suite.join("snap-link.txt"), good);
    symlink(
        outside.path().join("secret.txt"),
        suite.join("snap-link.snap"),
    )
    .unwrap();
    // A named pipe called like a transcript is not opened to look at it.
    pipe(&suite.join("pipe.txt"));
    let output = delve()
        .arg("test")
        .arg(suite)
        .timeout(LIMIT)
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&output.stdout).into_owned()
        + String::from_utf8_lossy(&output.stderr).as_ref();
    assert_eq!(output.status.code(), Some(1), "{printed}");
    for (transcript, reason) in [
        (
            "deal-link.txt",
            "`link.deal` leads out of its folder through a symlink",
        ),
        (
            "game-link.txt",
            "`link.rhai` leads out of its folder through a symlink",
        ),
        (
            "deal-pipe.txt",
            "can not read deal file ff: it is not a regular file",
        ),
        ("game-pipe.txt", "it is not a regular file"),
        ("snap-pipe.txt", "snap-pipe.snap: it is not a regular file"),
        (
            "snap-link.txt",
            "snap-link.snap: `snap-link.snap` leads out of its folder",
        ),
        ("game-dotdot.txt", "named without `..`"),
    ] {
        let line = printed
            .lines()
            .find(|l| l.contains(transcript))
            .unwrap_or_else(|| panic!("{transcript} in {printed}"));
        assert!(line.starts_with("FAILED"), "{line}");
        assert!(line.contains(reason), "{transcript}: `{reason}` in {line}");
    }
    assert!(!printed.contains("root:x"), "{printed}");
    let pipe_txt = suite.join("pipe.txt").display().to_string();
    assert!(!printed.contains(&pipe_txt), "{printed}");
}

#[cfg(unix)]
#[test]
fn files_named_on_the_command_line_must_be_regular_files() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("ff");
    pipe(&fifo);
    let not_regular = "it is not a regular file (a folder, a device or a named pipe)";
    for args in [
        vec!["play", "/dev/zero"],
        vec!["source", "/dev/zero"],
        vec!["check", "/dev/zero", "--games", "1"],
        vec!["replay", "/dev/zero"],
        vec!["play", "clear-the-dungeon", "--deal", "/dev/zero"],
        vec!["play", "--load", "/dev/zero"],
    ] {
        delve()
            .args(&args)
            .timeout(LIMIT)
            .assert()
            .failure()
            .stderr(contains(not_regular));
    }
    let fifo = fifo.to_str().unwrap();
    for args in [
        vec!["play", fifo],
        vec!["play", "clear-the-dungeon", "--deal", fifo],
        vec!["play", "--load", fifo],
        vec!["replay", fifo],
    ] {
        delve()
            .args(&args)
            .timeout(LIMIT)
            .assert()
            .failure()
            .stderr(contains(not_regular));
    }
    // The JSON protocol's load: one error line for the client.
    delve()
        .args(["play", "--load", fifo, "--json"])
        .timeout(LIMIT)
        .assert()
        .failure()
        .stdout(contains("\"kind\":\"load\"").and(contains(not_regular)));
}

#[test]
fn files_past_their_cap_are_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let deal = dir.path().join("big.deal");
    write(&deal, &"AS ".repeat(30_000));
    delve()
        .args(["play", "clear-the-dungeon", "--deal"])
        .arg(&deal)
        .timeout(LIMIT)
        .assert()
        .failure()
        .stderr(contains(
            "it is larger than 64 KiB, the most a deal file may be",
        ));
    let script = dir.path().join("big.rhai");
    write(&script, &"// padding\n".repeat(400_000));
    delve()
        .arg("play")
        .arg(&script)
        .timeout(LIMIT)
        .assert()
        .failure()
        .stderr(contains(
            "it is larger than 4 MiB, the most a script may be",
        ));
    // `delve test` finds a transcript past its cap, and says so.
    let suite = dir.path().join("suite");
    std::fs::create_dir(&suite).unwrap();
    let mut text = "# game: clear-the-dungeon\n".to_string();
    text += &"help\n".repeat(1_100_000);
    write(&suite.join("big.txt"), &text);
    delve()
        .arg("test")
        .arg(&suite)
        .timeout(LIMIT)
        .assert()
        .failure()
        .stdout(contains("big.txt: can not read transcript").and(contains("larger than 4 MiB")));
}

#[cfg(unix)]
#[test]
fn the_repl_load_refuses_a_device_or_pipe_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("ff");
    pipe(&fifo);
    delve()
        .args(["play", "clear-the-dungeon", "--seed", "1"])
        .write_stdin(format!("load /dev/zero\nload {}\n1\n", fifo.display()))
        .timeout(LIMIT)
        .assert()
        .success()
        .stdout(
            contains("can not read /dev/zero: it is not a regular file").and(contains(format!(
                "can not read {}: it is not",
                fifo.display()
            ))),
        );
}

#[cfg(unix)]
#[test]
fn resume_refuses_an_autosave_whose_game_is_a_pipe_or_device() {
    let home = tempfile::tempdir().unwrap();
    let state = home.path().join("state/delve");
    std::fs::create_dir_all(&state).unwrap();
    let fifo = home.path().join("game.rhai");
    pipe(&fifo);
    for game in [fifo.display().to_string(), "/dev/zero".to_string()] {
        let save = serde_json::json!({
            "format": "delve-save", "version": 2, "game": game, "script_hash": "x",
            // One choice made: a game left before any is not offered at all.
            "options": {}, "seed": 1, "deal": null, "choices": [{"index": 0, "key": "1"}]
        });
        write(&state.join("autosave.json"), &save.to_string());
        crate::delve_in(home.path())
            .arg("resume")
            .timeout(LIMIT)
            .assert()
            .failure()
            .stderr(contains("it is not a regular file"));
    }
}

#[test]
fn a_line_past_64_kib_is_refused_with_a_short_quote_and_the_game_goes_on() {
    let long = "7".repeat(1 << 20);
    let assert = delve()
        .args(["play", "clear-the-dungeon", "--seed", "1", "--json"])
        .write_stdin(format!("{long}\n0\n"))
        .timeout(LIMIT)
        .assert()
        .success();
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    let error = out
        .lines()
        .find(|l| l.contains("\"type\":\"error\""))
        .expect("an error line");
    assert!(error.contains("longer than 64 KiB"), "{error}");
    assert!(
        error.len() < 400,
        "the error quotes the whole line: {} bytes",
        error.len()
    );
    assert!(out.lines().all(|l| l.len() < 100_000));
    assert!(
        out.contains("\"type\":\"ok\""),
        "the next line is answered: {out}"
    );
    let assert = delve()
        .args(["play", "clear-the-dungeon", "--seed", "1"])
        .write_stdin(format!("{long}\nquit\n"))
        .timeout(LIMIT)
        .assert()
        .success()
        .stdout(contains(
            "That line is longer than 64 KiB: nothing changed.",
        ));
    let out = &assert.get_output().stdout;
    assert!(out.len() < 100_000, "the REPL echoed {} bytes", out.len());
}

#[cfg(unix)]
#[test]
fn a_library_script_is_a_file_of_the_library_not_a_link_out_of_it() {
    let outside = tempfile::tempdir().unwrap();
    write(&outside.path().join("far.rhai"), "fn double(n) { n * 2 }\n");
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("lib")).unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("far.rhai"),
        dir.path().join("lib/far.rhai"),
    )
    .unwrap();
    write(
        &dir.path().join("reach.rhai"),
        "import \"far\" as far;\ntitle(\"Reach\");\nfn play() { ask(\"q\", [\"a\", \"b\"]); end(\"win\", far::double(1), \"\"); }\n",
    );
    delve()
        .env("DELVE_GAMES", dir.path())
        .args(["play", "reach", "--seed", "1"])
        .timeout(LIMIT)
        .assert()
        .failure()
        .stderr(contains(
            "`far.rhai` leads out of its folder through a symlink",
        ));
}

#[test]
fn record_writes_a_deal_from_elsewhere_beside_the_transcript() {
    let dir = tempfile::tempdir().unwrap();
    // `record` writes in a folder that exists, as `save` does.
    std::fs::create_dir(dir.path().join("t")).unwrap();
    let deal =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/deals/clear-the-dungeon-quick-kill.txt");
    delve()
        .current_dir(dir.path())
        .args(["play", "clear-the-dungeon", "--seed", "9", "--deal"])
        .arg(&deal)
        .write_stdin("1\nrecord t/kill.txt\n")
        .timeout(LIMIT)
        .assert()
        .success();
    let recorded = std::fs::read_to_string(dir.path().join("t/kill.txt")).unwrap();
    assert!(recorded.contains("# deal: kill.deal\n"), "{recorded}");
    delve()
        .arg("replay")
        .arg(dir.path().join("t/kill.txt"))
        .timeout(LIMIT)
        .assert()
        .success();
}
