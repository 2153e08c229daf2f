//! What a rule author does outside this repository: record a session,
//! snapshot-test it with `delve test` from any folder, read a ruleset's
//! source and its rule functions, and get told when a variant's function
//! replaces nothing.

use crate::delve;
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::path::Path;

const FRAGILE: &str = include_str!("../scripts/fails-on-third-choice.rhai");

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

#[test]
fn delve_test_reports_passing_failing_new_and_erroring_transcripts() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite");
    write(
        &suite,
        "pass.txt",
        "# game: clear-the-dungeon\n# seed: 5\n1\n",
    );
    write(
        &suite,
        "fail.txt",
        "# game: clear-the-dungeon\n# seed: 6\n1\n",
    );
    write(&suite, "new.txt", "# game: clear-the-dungeon\n# seed: 7\n");
    write(&suite, "rules/fragile.rhai", FRAGILE);
    write(
        &suite,
        "error.txt",
        "# game: rules/fragile.rhai\nleft\nright\nleft\n",
    );
    write(&suite, "notes.txt", "not a transcript\n");
    // Store the snapshots of two, then break one of them.
    for name in ["pass.txt", "fail.txt"] {
        delve()
            .current_dir(&suite)
            .args(["test", name, "--accept"])
            .assert()
            .success();
    }
    let snap = suite.join("fail.snap");
    let stored = fs::read_to_string(&snap).unwrap();
    fs::write(
        &snap,
        stored.replace("damage    0 of 7", "damage    0 of 8"),
    )
    .unwrap();

    // Run from another folder: paths in headers resolve beside the transcripts.
    delve()
        .current_dir(dir.path())
        .args(["test", "suite"])
        .assert()
        .code(1)
        .stdout(
            contains("ok       suite/pass.txt")
                .and(contains("FAILED   suite/fail.txt"))
                .and(contains("-damage    0 of 8\n+damage    0 of 7"))
                .and(contains("new      suite/new.txt"))
                .and(contains(
                    "FAILED   suite/error.txt: the script failed 1 time",
                ))
                .and(contains("notes.txt").not())
                .and(predicate::str::ends_with("1 passed, 2 failed, 1 new\n")),
        );
    assert!(
        !suite.join("new.snap").exists(),
        "nothing is accepted unasked"
    );
    assert!(!suite.join("error.snap").exists());
}

#[test]
fn a_recorded_session_is_accepted_then_passes_from_anywhere() {
    let dir = tempfile::tempdir().unwrap();
    // The script lives in the test folder: a transcript plays a script by
    // path only from its own folder or below.
    fs::create_dir(dir.path().join("t")).unwrap();
    write(
        dir.path(),
        "t/mine.rhai",
        "// extends: clear-the-dungeon\ntitle(\"Mine\");\nvariant_default(\"damage_limit\", 9);\n",
    );
    delve()
        .current_dir(dir.path())
        .args([
            "play",
            "t/mine.rhai",
            "--seed",
            "5",
            "--opt",
            "jokers=false",
        ])
        .write_stdin("1\n2\nrecord t/first.txt\n")
        .assert()
        .success()
        .stdout(contains("Recorded 2 choices to t/first.txt"));
    let recorded = fs::read_to_string(dir.path().join("t/first.txt")).unwrap();
    assert!(
        recorded.starts_with("# game: mine.rhai\n# seed: 5\n# opt: jokers=false\n"),
        "{recorded}"
    );
    let elsewhere = tempfile::tempdir().unwrap();
    let suite = dir.path().join("t");
    // Not yet accepted: the run says what to type, with the same paths.
    delve()
        .current_dir(elsewhere.path())
        .arg("test")
        .arg(&suite)
        .assert()
        .code(1)
        .stdout(contains(format!(
            "if it is right, `delve test {} --accept` stores it.",
            suite.display()
        )))
        .stderr(contains("1 transcript has no snapshot yet"));
    delve()
        .current_dir(elsewhere.path())
        .arg("test")
        .arg(&suite)
        .arg("--accept")
        .assert()
        .success()
        .stdout(
            contains(format!(
                "t/first.txt: snapshot stored in {}",
                suite.join("first.snap").display()
            ))
            .and(contains(
                "0 passed, 0 failed, 1 new\nStored 1 snapshot: `delve test ",
            ))
            .and(contains("` now checks against it.")),
        );
    delve()
        .current_dir(elsewhere.path())
        .arg("test")
        .arg(&suite)
        .assert()
        .success()
        .stdout(predicate::str::ends_with("1 passed, 0 failed\n"));
    // The snapshot is what `delve replay` shows, and the same replay
    // reaches the same two choices.
    let snapshot = fs::read_to_string(suite.join("first.snap")).unwrap();
    delve()
        .current_dir(elsewhere.path())
        .arg("replay")
        .arg(suite.join("first.txt"))
        .assert()
        .success()
        .stdout(snapshot);
}

#[test]
fn replay_exits_1_when_the_script_fails_but_not_for_a_rejected_answer() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "fragile.rhai", FRAGILE);
    write(
        dir.path(),
        "breaks.txt",
        "# game: fragile.rhai\nleft\nleft\nleft\n",
    );
    write(dir.path(), "typo.txt", "# game: fragile.rhai\nleft\nup\n");
    delve()
        .arg("replay")
        .arg(dir.path().join("breaks.txt"))
        .assert()
        .code(1)
        .stdout(contains("script error"))
        .stderr(contains("the script failed 1 time"));
    delve()
        .arg("replay")
        .arg(dir.path().join("typo.txt"))
        .assert()
        .success()
        .stdout(contains("`up` is neither an option nor a command"));
}

#[test]
fn a_variant_function_that_replaces_nothing_is_refused_with_the_nearest_name() {
    let dir = tempfile::tempdir().unwrap();
    let variant = |body: &str| {
        let text = format!("// extends: clear-the-dungeon\ntitle(\"Typo\");\n{body}\n");
        write(dir.path(), "typo.rhai", &text);
        delve()
            .current_dir(dir.path())
            .args(["play", "typo.rhai", "--seed", "1"])
            .write_stdin("")
            .assert()
    };
    variant("fn discrad(card) { }").code(1).stderr(contains(
        "typo.rhai:3: `fn discrad(card)` replaces no function of clear-the-dungeon: did you mean `discard(card)`?",
    ));
    variant("fn discard(card, why) { }")
        .code(1)
        .stderr(contains(
            "clear-the-dungeon's discard takes 1 parameter (`discard(card)`)",
        ));
    variant("private fn helper(card) { card }\nfn discard(card) { helper(card); pile(\"hand\").move(card, pile(\"damage\")); }")
        .success();
}

#[test]
fn source_prints_the_script_and_lists_its_rule_functions() {
    let script = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/games/clear-the-dungeon.rhai"
    ))
    .unwrap();
    delve()
        .args(["source", "clear-the-dungeon"])
        .assert()
        .success()
        .stdout(script);
    delve()
        .args(["source", "clear-the-dungeon-hard", "--functions"])
        .assert()
        .success()
        .stdout(contains("A variant").and(contains("turn()")).and(contains(
            "A turn begins: draw three (what is left, if fewer).",
        )));
    delve().args(["source", "no-such-game"]).assert().code(2);
}

#[test]
fn rules_of_any_ruleset_show_at_the_delve_prompt() {
    delve()
        .write_stdin("rules clear-the-dungeon-hard\n")
        .assert()
        .success()
        .stdout(contains("Clear the Dungeon, hard").and(contains("no reserve card")));
}
