//! Walks over a grid given as data: the cheapest (`grid_costs`), costs as
//! a rule reads them, and random ones (`grid_walk`), drawn as the rule's
//! own `random` would draw them; a wrong grid is an error with its place.
//! The sandbox's bounds on them are tests/scripts/hostile/grid-costs-in-a-loop.rhai
//! and grid-walk-in-a-loop.rhai.

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
        (
            "grid_walk(#{ width: 2, exits: [15, 15], from: 0 });",
            "a grid needs `steps` (keys: width, exits, from, steps)",
        ),
        (
            "grid_walk(#{ width: 2, exits: [15, 15], from: 0, steps: -1 });",
            "a number of steps is 0 or more, not -1",
        ),
        (
            "grid_walk(#{ width: 2, exits: [15, 15], from: 0, steps: 10001 });",
            "10001 steps are more than the 10000 one call may take",
        ),
        (
            "grid_walk(#{ width: 2, exits: [15, 15], enter: [1, 1], from: 0, steps: 1 });",
            "no key `enter` in a grid (keys: width, exits, from, steps)",
        ),
    ];
    for (body, message) in cases {
        play(body).failure().stderr(contains(message));
    }
}

#[test]
fn a_walk_goes_only_where_exits_join_and_stays_where_none_does() {
    // A row of three: the first and second joined, the third closed. From
    // the first every step goes to the other of the two, so an odd walk
    // ends on the second; from the closed cell a walk stays.
    play(
        r"let row = #{ width: 3, exits: [2, 8, 0], from: 0, steps: 7 };
        let odd = grid_walk(row);
        row.steps = 8;
        let even = grid_walk(row);
        row.from = 2;
        say(`walks ${odd} ${even} ${grid_walk(row)}`);",
    )
    .success()
    .stdout(contains("walks 1 0 2"));
}

/// A walk of 50 steps on a 4 by 4 grid open every way inside, by `walk`.
fn walks_with(walk: &str) -> String {
    let body = format!(
        r"let exits = [6, 14, 14, 12, 7, 15, 15, 13, 7, 15, 15, 13, 3, 11, 11, 9];
        let ends = [];
        for from in 0..16 {{ ends.push({walk}); }}
        say(`ends ${{ends}}`);"
    );
    let out = play(&body).success().get_output().stdout.clone();
    let out = String::from_utf8(out).unwrap();
    out.lines()
        .find(|l| l.starts_with("ends"))
        .unwrap()
        .to_string()
}

#[test]
fn a_walk_draws_the_random_numbers_the_rule_would() {
    let host = walks_with("grid_walk(#{ width: 4, exits: exits, from: from, steps: 50 })");
    // The same walk as a rule would write it: every open exit, N E S W.
    let script = walks_with(
        r"{
            let at = from;
            for step in 0..50 {
                let b = exits[at];
                let open = [];
                if (b & 1) != 0 { open.push(at - 4); }
                if (b & 2) != 0 { open.push(at + 1); }
                if (b & 4) != 0 { open.push(at + 4); }
                if (b & 8) != 0 { open.push(at - 1); }
                at = open[random(open.len())];
            }
            at
        }",
    );
    assert_eq!(host, script);
    // Not every walk ends where it began: the walks did go somewhere.
    assert_ne!(host, format!("ends {:?}", (0..16).collect::<Vec<_>>()));
}
