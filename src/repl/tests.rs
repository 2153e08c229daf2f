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

/// A prompt of 90 moves of one card, each onto any of 900 columns, and a
/// table of those columns: the most a typed move is matched against.
fn crowded() -> (crate::game::decision::Prompt, crate::game::table::Table) {
    use crate::game::decision::{Carried, Offer, Prompt};
    use crate::game::table::Table;
    let mut table = Table::default();
    let columns: Vec<String> = (1..=900).map(|n| format!("column {n}")).collect();
    for name in &columns {
        let index = table.add_pile(name, true);
        table.pile_mut(index).push("9♥".parse().unwrap());
    }
    let options = (0..90)
        .map(|n| Offer {
            key: format!("move {n}"),
            label: format!("8♣ move {n}"),
            carries: Some(Carried {
                cards: vec!["8♣".into()],
                from: Some("hand".into()),
                to: Some(columns[0].clone()),
                targets: columns.clone(),
            }),
        })
        .collect();
    let prompt = Prompt {
        question: "Move".into(),
        options,
    };
    (prompt, table)
}

#[test]
fn a_line_of_64_kib_at_a_crowded_prompt_costs_little_cpu() {
    let (prompt, table) = crowded();
    let most = crate::lines::MAX_LINE;
    let fill = |head: &str, word: &str| {
        let mut line = head.to_string();
        while line.len() + word.len() < most {
            line.push_str(word);
        }
        line
    };
    let lines = [
        fill("8c", " column"),
        fill("8c", " c"),
        fill("8c x", "y"),
        fill("x", "y"),
        fill("8c 9h", " 9h"),
        fill("", "8c "),
    ];
    let start = crate::script::clock::thread_time();
    for line in &lines {
        assert!(line.len() <= most && line.len() > most - 8);
        let answered = answer::resolve(
            line,
            &prompt,
            &table,
            &crate::session::refusal::Rules::none(),
        );
        assert!(
            !matches!(answered, answer::Answer::Option(_)),
            "{answered:?}"
        );
        if answered == answer::Answer::Nothing {
            let first = line.split_whitespace().next().unwrap_or(line);
            assert!(command_line::parse(line).is_none());
            assert_eq!(command_line::suggest(first), None);
        }
    }
    let spent = crate::script::clock::thread_time().saturating_sub(start);
    // 50 ms a line in a release build; a debug build is some ten times
    // slower, and the machine may be busy. Before, one such line took 27 s.
    assert!(
        spent < std::time::Duration::from_millis(500) * lines.len() as u32,
        "{} lines took {spent:?} of CPU",
        lines.len()
    );
}
