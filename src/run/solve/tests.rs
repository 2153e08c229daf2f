//! The search on tiny games written here: positions reached by two orders
//! of the same moves are searched once, and the capped table of positions
//! stops a search that fills it.

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
        &mut |_| {},
    )
    .unwrap()
}

const AMPLE: Budget = Budget {
    nodes: 10_000,
    time: None,
    table: MAX_POSITIONS,
    depth: 100,
    best: true,
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
