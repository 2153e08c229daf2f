//! The search on tiny games written here: positions reached by two orders
//! of the same moves are searched once, and the capped table of positions,
//! the line's option keys and the decisions replayed each stop a search
//! that reaches their bound.

use super::*;
use crate::run::testing::load;

/// Three rounds of `x` (one more point) or `y` (none), then a loss: the
/// orders `x y` and `y x` come to the same position.
const ROUNDS: &str = r#"
title("Rounds");
fn play() {
    new_state("points", 0);
    for round in 1..=3 {
        if choose(`Round ${round}`, ["x", "y"]) == "x" {
            add("points", 1);
        }
    }
    end("loss", get("points"), "");
}
"#;

fn search(program: &Program, budget: Budget) -> Solved {
    let deal = Deal::default();
    solve(
        program,
        &Options::default(),
        &deal,
        &[],
        budget,
        &Cancel::default(),
        &mut |_| {},
    )
    .unwrap()
}

const AMPLE: Budget = Budget {
    nodes: 10_000,
    replays: 1_000_000,
    time: None,
    cpu: None,
    table: MAX_POSITIONS,
    line_bytes: MAX_LINE_BYTES,
    depth: 100,
    copies: MAX_COPY_BYTES,
    best: true,
    wins_only: false,
};

#[test]
fn two_orders_of_the_same_moves_are_one_position() {
    let (_dir, program) = load(ROUNDS);
    let solved = search(&program, AMPLE);
    assert_eq!(solved.verdict, Verdict::NotWinnable);
    assert!(solved.exhausted);
    // The last pass takes every line: round 1 at one position, round 2 at
    // two (0 or 1 point), round 3 at three (0, 1 or 2), not four.
    assert_eq!(solved.stats.positions, 6);
    assert_eq!(
        solved.best.map(|b| b.outcome.score_number()),
        Some(Some(3.0))
    );
}

#[test]
fn a_full_table_of_positions_stops_the_search_unknown() {
    let (_dir, program) = load(ROUNDS);
    let solved = search(&program, Budget { table: 2, ..AMPLE });
    assert_eq!(solved.verdict, Verdict::Unknown);
    assert_eq!(solved.halted, Some(Halt::Table));
    assert!(solved.stats.positions <= 2);
}

/// Fifty decisions of a hundred options whose keys are 200 characters
/// long, each way but the first ending the game at once: a line that holds
/// some 1 MB of keys.
const WIDE: &str = r#"
title("Wide");
fn play() {
    let ways = [];
    let long = "k";
    long.pad(200, "k");
    for n in 0..100 { ways.push(#{ key: long + n, label: `way ${n}` }); }
    new_state("turn", 0);
    for turn in 0..50 {
        add("turn", 1);
        if choose("Which way?", ways).label != "way 0" { end("loss", turn, ""); }
    }
    end("loss", 50, "");
}
"#;

#[test]
fn the_lines_option_keys_are_held_within_their_bound() {
    let (_dir, program) = load(WIDE);
    let line_bytes = 100 << 10;
    let solved = search(
        &program,
        Budget {
            line_bytes,
            ..AMPLE
        },
    );
    assert_eq!(solved.verdict, Verdict::Unknown);
    assert_eq!(solved.halted, Some(Halt::Line));
    // A decision's keys weigh some 24 KB: the line stopped within one of the bound.
    assert!(solved.stats.deepest <= 6, "{:?}", solved.stats);
}

#[test]
fn decisions_replayed_count_against_their_own_bound() {
    let (_dir, program) = load(WIDE);
    let solved = search(
        &program,
        Budget {
            replays: 500,
            ..AMPLE
        },
    );
    assert_eq!(solved.halted, Some(Halt::Replays));
    assert_eq!(solved.stats.replays, 501, "{:?}", solved.stats);
    // Each departure meets no new decision: a pass meets the bot's line's
    // 50, and no more, however many runs replay it.
    assert!(solved.stats.nodes <= 100, "{:?}", solved.stats);
}
