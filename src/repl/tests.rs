//! The REPL at a terminal: the questions it asks before a game is lost.

use super::*;
use input::Echoed;

/// The fixture game of the host's own tests: no shipped rule churns these.
fn game() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/sessions/games/pocket.rhai"
    )
    .to_string()
}

/// What a person at a terminal sees for these lines (asking on).
fn at_terminal(lines: &[&str], files: Files) -> String {
    playing_at_terminal(&game(), lines, files)
}

/// The same, playing the script at `game`.
fn playing_at_terminal(game: &str, lines: &[&str], files: Files) -> String {
    let spec = GameSpec {
        game: game.to_string(),
        seed: Some(1),
        ..GameSpec::default()
    };
    let session = spec.open().unwrap();
    let mut out = Vec::new();
    let input = Echoed::new(
        lines
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .into_iter(),
    );
    let mut repl = Repl::new(Some(session), Box::new(input), &mut out);
    repl.set_asks(true);
    repl.set_files(files);
    repl.run().unwrap();
    drop(repl);
    String::from_utf8(out).unwrap()
}

#[test]
fn leaving_or_replacing_a_game_in_progress_asks_first() {
    let seen = at_terminal(
        &[
            "1",
            "quit",
            "n",
            "new",
            "no",
            &format!("play {} 2", game()),
            "",
            "quit",
            "y",
            "show",
        ],
        Files::Anywhere,
    );
    // No choice made yet: nothing to lose, so no question.
    let fresh = at_terminal(&["quit", "show"], Files::Anywhere);
    assert!(
        !fresh.contains("Leave") && !fresh.contains("> show"),
        "{fresh}"
    );
    assert_eq!(
        seen.matches("Leave this game? It is not saved. [y/N]")
            .count(),
        2,
        "{seen}"
    );
    assert_eq!(seen.matches("The game goes on.").count(), 2, "{seen}");
    assert!(
        seen.contains("This ends the game in progress (1 choice made)"),
        "{seen}"
    );
    assert!(!seen.contains("New deal"), "{seen}");
    assert!(!seen.contains("seed 2."), "{seen}");
    assert!(!seen.ends_with("> show\n"), "quit with yes leaves: {seen}");
}

#[test]
fn saving_over_a_file_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kept.json");
    std::fs::write(&file, "mine").unwrap();
    let save = format!("save {}", file.display());
    let seen = at_terminal(&[&save, "n", &save, "y", &save, "y"], Files::Anywhere);
    // A file of something else: asked in other words than for a save.
    assert!(
        seen.contains("exists and is not a delve save: replace it anyway? [y/N] n"),
        "{seen}"
    );
    assert!(seen.contains("is as it was."), "{seen}");
    assert!(seen.contains("Saved to "), "{seen}");
    assert!(seen.contains("exists: replace it? [y/N] y"), "{seen}");
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("delve-save"));
}

#[test]
fn recording_over_a_file_asks_as_saving_does() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.txt");
    std::fs::write(&file, "notes").unwrap();
    // The script beside the transcript, where the transcript may name it.
    let script = dir.path().join("pocket.rhai");
    std::fs::copy(game(), &script).unwrap();
    let record = format!("record {}", file.display());
    let seen = playing_at_terminal(
        &script.display().to_string(),
        &[&record, "n", &record, "y", &record, "y"],
        Files::Anywhere,
    );
    let seen = seen.replace('\n', " ");
    assert!(
        seen.contains("exists and is not a delve transcript: replace it anyway? [y/N] n"),
        "{seen}"
    );
    assert!(seen.contains("Not recorded: "), "{seen}");
    assert!(seen.contains("exists: replace it? [y/N] y"), "{seen}");
    assert_eq!(seen.matches("Recorded 0 choices to ").count(), 2, "{seen}");
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .starts_with("# game:"));
}

#[test]
fn recording_where_the_script_could_not_be_named_is_refused_before_asking() {
    let dir = tempfile::tempdir().unwrap();
    let tests = dir.path().join("tests");
    std::fs::create_dir(&tests).unwrap();
    let script = dir.path().join("pocket.rhai");
    std::fs::copy(game(), &script).unwrap();
    let file = tests.join("t.txt");
    std::fs::write(&file, "notes").unwrap();
    let record = format!("record {}", file.display());
    let seen = playing_at_terminal(
        &script.display().to_string(),
        &["1", &record],
        Files::Anywhere,
    )
    .replace('\n', " ");
    assert!(
        seen.contains("a transcript may name only a script in its own folder or below it"),
        "{seen}"
    );
    let beside = dir.path().join("t.txt");
    assert!(
        seen.contains(&format!("(`record {}`)", beside.display())),
        "{seen}"
    );
    assert!(!seen.contains("replace it"), "{seen}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "notes");
}
