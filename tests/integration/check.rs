//! `delve check` looks at what a player meets at every decision (the view,
//! each label and key, the bot behind `hint`), tries each value of a named
//! ruleset's options, reports a game that never ends as such, and keeps a
//! failing game's transcript in a file rather than on the terminal. Each
//! fixture under tests/scripts/ passed the check before it looked.

use crate::delve;
use delve::check_all;

/// `delve check SCRIPT ARGS... --out DIR`: exit code, stdout, and DIR.
fn check(script: &str, args: &[&str]) -> (Option<i32>, String, tempfile::TempDir) {
    let out = tempfile::tempdir().unwrap();
    let output = delve()
        .arg("check")
        .arg(format!("tests/scripts/{script}"))
        .args(args)
        .arg("--out")
        .arg(out.path())
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    (output.status.code(), text, out)
}

/// The one configuration of `script` with its defaults: fails, saying `what`.
fn fails_saying(script: &str, what: &str) {
    let (code, text, _out) = check(script, &["--games", "2", "--opt", "lone_option=take"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains(
            "seed 0 breaks \"a player can read every decision (view, labels, keys, hint)\""
        ),
        "{text}"
    );
    assert!(text.contains(what), "{text}");
}

#[test]
fn a_view_that_fails_fails_the_check() {
    fails_saying(
        "view-fails.rhai",
        "view() fails at this decision: tests/scripts/view-fails.rhai:12:13: no pile named `no such pile`",
    );
}

#[test]
fn two_options_with_the_same_label_fail_the_check() {
    fails_saying(
        "same-labels.rhai",
        "tests/scripts/same-labels.rhai:6:9: options 1 and 2 have the same label `a door`",
    );
}

#[test]
fn two_options_with_the_same_key_fail_the_check() {
    fails_saying("same-keys.rhai", "options 1 and 2 have the same key `d`");
}

#[test]
fn a_bot_that_fails_at_one_decision_fails_the_check() {
    fails_saying(
        "rate-fails.rhai",
        "the bot (hint) fails at this decision: tests/scripts/rate-fails.rhai:14:33: the bot has no idea after a right turn",
    );
}

#[test]
fn a_named_ruleset_is_checked_with_each_value_of_each_option() {
    let (code, text, _out) = check("option-breaks.rhai", &["--games", "3"]);
    assert_eq!(code, Some(1), "{text}");
    let game = "tests/scripts/option-breaks.rhai";
    for line in [
        format!("{game}: 3 games, every invariant held"),
        format!("{game} mode=wild: seed 0 breaks \"no script error\""),
        format!("{game} size=1: 3 games, every invariant held"),
        format!("{game} size=4: seed 0 breaks \"no script error\""),
        format!("{game} lone_option=ask: 3 games, every invariant held"),
    ] {
        assert!(text.contains(&line), "no `{line}` in:\n{text}");
    }
    assert_eq!(
        text.lines().filter(|l| l.starts_with(game)).count(),
        5,
        "{text}"
    );
    // Options given on the command line: that configuration alone.
    let (code, text, _out) = check("option-breaks.rhai", &["--games", "3", "--opt", "size=3"]);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
}

#[test]
fn a_game_that_never_ends_is_reported_and_its_transcript_kept_in_a_file() {
    let (code, text, out) = check(
        "never-ends.rhai",
        &["--games", "1", "--opt", "lone_option=take"],
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("seed 0 breaks \"the game ends\": tests/scripts/never-ends.rhai:6:9: the game took more than 20000 decisions without ending"),
        "{text}"
    );
    assert!(
        text.lines().count() < 5,
        "a short report, not the game:\n{text}"
    );
    let path = out.path().join("never-ends-lone_option=take-seed-0.txt");
    assert!(
        text.contains(&format!(
            "This transcript replays it: delve replay {}",
            path.display()
        )),
        "{text}"
    );
    let transcript = std::fs::read_to_string(&path).unwrap();
    let mut lines = transcript.lines();
    assert_eq!(lines.next(), Some("# game: tests/scripts/never-ends.rhai"));
    assert_eq!(lines.next(), Some("# seed: 0"));
    assert_eq!(lines.next(), Some("# opt: lone_option=take"));
    assert_eq!(lines.count(), 20_000, "every choice up to the limit");
}

#[test]
fn without_out_the_transcript_goes_to_a_new_temporary_folder() {
    let output = delve()
        .args([
            "check",
            "tests/scripts/view-fails.rhai",
            "--games",
            "1",
            "--opt",
            "lone_option=take",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let path = text
        .split("This transcript replays it: delve replay ")
        .nth(1)
        .map_or_else(|| panic!("no path in:\n{text}"), str::trim);
    let path = std::path::Path::new(path);
    let folder = path.parent().unwrap();
    assert!(folder.starts_with(std::env::temp_dir()), "{text}");
    let transcript = std::fs::read_to_string(path).unwrap();
    std::fs::remove_dir_all(folder).unwrap();
    assert!(
        transcript.starts_with("# game: tests/scripts/view-fails.rhai\n# seed: 0\n"),
        "{transcript}"
    );
}

#[test]
fn the_first_failing_seed_is_named_however_the_seeds_are_shared_out() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scripts/fails-on-third-choice.rhai"
    );
    let configurations = vec![
        (script.to_string(), Vec::new()),
        (script.to_string(), vec!["lone_option=ask".parse().unwrap()]),
    ];
    let found = check_all(&configurations, Some(4), 9, None).unwrap();
    assert_eq!(found.len(), 2);
    for checked in found {
        assert_eq!(
            checked.failure.unwrap().seed,
            4,
            "the lowest seed, on any core"
        );
    }
}

#[test]
fn check_plays_the_games_of_the_bot_it_is_given() {
    let (code, text, _out) = check(
        "colour-count.rhai",
        &["--games", "6", "--bot", "mc", "--worlds", "4"],
    );
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("colour-count.rhai: 6 games of the mc bot, every invariant held"),
        "{text}"
    );
    let refused = delve()
        .args([
            "check",
            "tests/scripts/colour-count.rhai",
            "--bot",
            "heuristic",
        ])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("has no heuristic bot"));
}

#[test]
fn games_that_reach_the_cap_are_counted_and_the_check_goes_on() {
    let (code, text, out) = check("sometimes-endless.rhai", &["--games", "8"]);
    assert_eq!(code, Some(0), "a capped game is no failure:\n{text}");
    assert!(text.contains("every invariant held"), "{text}");
    let said = text
        .lines()
        .find(|line| line.contains("reached the cap of 20000 decisions"))
        .unwrap_or_else(|| panic!("the capped games are said:\n{text}"));
    let count: u64 = said
        .split(": ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a count: {said}"));
    assert!(
        (1..8).contains(&count),
        "some deals end, some do not: {said}"
    );
    assert!(said.contains(&format!("{count} of 8 games")), "{said}");
    // The first capped game is kept to replay.
    let seed = said
        .split("seed ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .unwrap_or_else(|| panic!("a seed: {said}"));
    let path = out
        .path()
        .join(format!("sometimes-endless-seed-{seed}.txt"));
    assert!(said.contains(&path.display().to_string()), "{said}");
    let transcript = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        transcript.lines().filter(|l| !l.starts_with('#')).count(),
        20_000
    );
}
