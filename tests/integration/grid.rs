//! The cheapest walks over a grid given as data (`grid_costs`): costs as a
//! rule reads them, and a wrong grid is an error with its place. The
//! sandbox's bound on it is tests/scripts/hostile/grid-costs-in-a-loop.rhai.

use assert_cmd::Command;
use predicates::str::contains;

/// Plays a one-function script in a scratch folder; what it printed.
fn play(body: &str) -> assert_cmd::assert::Assert {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("grid.rhai");
    std::fs::write(
        &script,
        format!("title(\"Grid\");\nfn play() {{\n    {body}\n    end(\"win\", 0, \"\");\n}}\n"),
    )
    .unwrap();
    Command::cargo_bin("delve")
        .unwrap()
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env("DELVE_HISTORY", "/dev/null")
        .env("HOME", dir.path())
        .env("XDG_STATE_HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path())
        .args(["play", script.to_str().unwrap(), "--seed", "1"])
        .write_stdin("")
        .assert()
}

#[test]
fn grid_costs_gives_each_cells_cheapest_walk_and_stops_at_ends() {
    // Three by two, every cell open every way: entering costs 1, the middle
    // of the top row 5, the bottom-right cell can not be entered. From the
    // top-left corner, with the bottom-middle cell an end.
    play(
        r"let costs = grid_costs(#{ width: 3, exits: [15, 15, 15, 15, 15, 15],
            enter: [1, 5, 1, 1, 1, -1], from: 0, ends: [4] });
        say(`costs ${costs}`);",
    )
    .success()
    .stdout(contains("costs [0, 5, 6, 1, 2, -1]"));
}

#[test]
fn a_wrong_grid_is_an_error_with_its_place() {
    let cases = [
        (
            "grid_costs(#{ width: 2, exits: [15, 15], enter: [1], from: 0 });",
            "grid.rhai:3:5: `enter` is one number a cell, as `exits` is: 1 for 2 cells",
        ),
        (
            "grid_costs(#{ width: 3, exits: [15, 15], enter: [1, 1], from: 0 });",
            "`width` is the cells of a row, a whole part of the grid's 2 cells, not 3",
        ),
        (
            "grid_costs(#{ width: 2, exits: [15, 15], enter: [1, 1], from: 2 });",
            "`from` names cell 2, not one of the grid's 2 (0 to 1)",
        ),
        (
            "grid_costs(#{ width: 2, exits: [15, 15], enter: [1, 1] });",
            "a grid needs `from` (keys: width, exits, enter, from, ends)",
        ),
        (
            "grid_costs(#{ width: 2, exits: [15, 15], enter: [1, 1], from: 0, start: 1 });",
            "no key `start` in a grid (keys: width, exits, enter, from, ends)",
        ),
        (
            r#"grid_costs(#{ width: 2, exits: [15, "x"], enter: [1, 1], from: 0 });"#,
            "`exits` of the grid holds string: numbers only",
        ),
    ];
    for (body, message) in cases {
        play(body).failure().stderr(contains(message));
    }
}
