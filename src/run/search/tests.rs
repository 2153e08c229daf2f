//! The search's bound on the copies it keeps, on a hostile game whose
//! named state is large and changes at every move (each position a frame
//! of its own): what the search counts stays within its bound, and so does
//! what its thread really holds.

use super::*;
use crate::run::testing::load;
use crate::run::verdict::{Halt, Verdict};
use crate::script::cancel::Cancel;

/// `tests/scripts/positions/heavy-frames.rhai` with 256 named states:
/// each frame about 300 KB. With `judged`, searched best first.
fn heavy(judged: bool) -> String {
    let text = include_str!("../../../tests/scripts/positions/heavy-frames.rhai")
        .replace("option(\"states\", 999,", "option(\"states\", 256,");
    if judged {
        text
    } else {
        text.replace("fn value() { get(\"at\") }", "")
    }
}

const BOUND: usize = 4 << 20;

/// The search of `source` within `BOUND`, and the most its thread held
/// more than before it, read between its slices.
fn searched(source: &str) -> (Solved, usize) {
    let (_dir, program) = load(source);
    let budget = Budget {
        nodes: 600,
        replays: 1_000_000,
        time: None,
        cpu: None,
        table: 100_000,
        line_bytes: 1 << 20,
        depth: 1_000,
        best: false,
        wins_only: false,
        copies: BOUND,
    };
    let base = counted_heap::thread_net();
    let mut most = 0;
    let meter = Meter::new(&budget, &Cancel::default());
    let solved = solve(
        &program,
        &program.ruleset().declared.defaults(),
        &Deal::default(),
        &[],
        budget,
        meter,
        &mut |_| most = most.max(counted_heap::thread_net() - base),
    )
    .unwrap();
    (solved, usize::try_from(most).unwrap_or(0))
}

#[test]
fn a_frontier_of_heavy_frames_is_held_to_its_bound() {
    let (solved, most) = searched(&heavy(true));
    // Hundreds of positions met, each with a frame of 256 KB: their frames
    // are counted, so the frontier came to its bound and was cut.
    assert_eq!(solved.verdict, Verdict::Unknown);
    assert!(!solved.exhausted);
    assert!(solved.stats.held > BOUND / 2, "{:?}", solved.stats);
    assert!(solved.stats.held <= BOUND, "{:?}", solved.stats);
    // What the thread held: the copies, the run's own table and the
    // engine's; before, a frame of each waiting position went uncounted
    // (600 × 300 KB).
    assert!(most < 3 * BOUND, "the search held {most} bytes");
}

#[test]
fn a_depth_first_line_of_heavy_frames_halts_at_its_bound() {
    let (solved, most) = searched(&heavy(false));
    assert_eq!(solved.halted, Some(Halt::Copies), "{:?}", solved.stats);
    assert!(solved.stats.held <= BOUND, "{:?}", solved.stats);
    assert!(solved.stats.held > BOUND / 2, "{:?}", solved.stats);
    assert!(most < 3 * BOUND, "the search held {most} bytes");
}
