//! A solver's line followed a move at a time: `load` at the REPL takes a
//! transcript (a `delve solve --line` file) as well as a save, deals its
//! game, and `step` types its lines one (or N) at a time; a file that is
//! no save says in words what it is and what takes it.

use crate::delve;
use std::path::Path;

/// A line the solver found, as `delve solve --line` wrote it.
fn solved_line() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/sessions/freecell-win.txt")
        .display()
        .to_string()
}

fn typed(lines: &str) -> String {
    let output = delve().write_stdin(lines).output().unwrap();
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_transcript_loads_and_steps_a_move_at_a_time() {
    let file = solved_line();
    let seen = typed(&format!("load {file}\nstep\nstep 2\nundo\n"));
    let words = seen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("a transcript of 42 lines: FreeCell, seed 28."),
        "{seen}"
    );
    assert!(!seen.contains("is not a delve save"), "{seen}");
    let first = seen.find("(step 1 of 42) > ").expect("the first step");
    let third = seen.find("(step 3 of 42) > ").expect("two more steps");
    assert!(first < seen.find("(step 2 of 42) > ").unwrap() && third > first);
    // Each step is made as typed, then the game is the player's own.
    assert_eq!(seen.matches("\n→ ").count(), 3, "{seen}");
    assert!(seen.contains("\nUndone: "), "{seen}");
}

#[test]
fn stepping_with_no_transcript_says_what_to_load() {
    let seen = typed("play freecell 1\nstep\nstep 0\n");
    assert!(
        seen.contains("there is no transcript to step through: `load FILE` takes one"),
        "{seen}"
    );
    assert!(
        seen.contains("step takes a number above 0 or `all`, not `0`"),
        "{seen}"
    );
}

#[test]
fn a_file_that_is_no_save_is_named_for_what_it_is() {
    let output = delve()
        .args(["play", "freecell", "--load", &solved_line()])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("is not a delve save file: it is a transcript"),
        "{said}"
    );
    assert!(said.contains("the REPL's `load` takes it"), "{said}");
    assert!(!said.contains("expected value"), "{said}");
}
