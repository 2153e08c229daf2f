//! `delve play GAME --winnable` and the browser's "winnable deals only":
//! the next seed, from the one given or a fresh one, that the solver
//! proves winnable within a small budget. The player is told so, and
//! nothing else the solver saw: it read every card to prove it, and gives
//! no hints.

use crate::cli::GameArgs;
use crate::run::solve::{
    self, Budget, Verdict, MAX_COPY_BYTES, MAX_LINE_BYTES, MAX_POSITIONS, REPLAYS_PER_NODE,
};
use crate::run::{Deal, Program};
use crate::script::cancel::{Cancel, Why};
use crate::session::open::{options_for, Setting, UsageError};
use anyhow::{bail, Result};
use std::time::Duration;

/// What one deal may cost the solver: a winnable deal is mostly proven in
/// far less (docs/solver.md), and one it can not prove soon is passed over.
const BUDGET: Budget = Budget {
    nodes: 20_000,
    replays: 20_000 * REPLAYS_PER_NODE,
    time: Some(Duration::from_secs(2)),
    cpu: None,
    table: MAX_POSITIONS,
    line_bytes: MAX_LINE_BYTES,
    depth: 1000,
    copies: MAX_COPY_BYTES,
    best: false,
    wins_only: true,
};

/// How many seeds, and how long in all, before giving up.
const MOST_SEEDS: u64 = 200;
pub(crate) const MOST_TIME: Duration = Duration::from_mins(1);

/// The game to open: `args` with the seed the solver proved winnable, and
/// what to tell the player.
pub(crate) fn pick(args: &GameArgs) -> Result<(GameArgs, String)> {
    let game = args
        .game
        .as_deref()
        .expect("clap requires GAME without --load");
    let (seed, note) =
        first_winnable(game, &args.opts, args.seed, &Cancel::default(), &mut |_| {})?;
    let mut chosen = args.clone();
    chosen.seed = Some(seed);
    Ok((chosen, note))
}

/// The first seed from `first` (else a fresh one) that the solver proves
/// winnable in `game` with `opts`, and what to tell the player. It gives up
/// after `MOST_TIME` in all (each deal's search is stopped then too), and
/// stops when `stop` is raised; `passed` hears how many seeds it has
/// passed over, after each.
pub(crate) fn first_winnable(
    game: &str,
    opts: &[Setting],
    first: Option<u64>,
    stop: &Cancel,
    passed: &mut dyn FnMut(u64),
) -> Result<(u64, String)> {
    let whole = Cancel::within(Some(MOST_TIME), Some(stop));
    // The top level of a ruleset runs as it loads: under the stop too.
    let program = whole.over(|| Program::load_named(game))?;
    let options = options_for(program.ruleset(), opts)?;
    let ruleset = program.ruleset();
    let first = match first {
        Some(seed) => {
            ruleset.check_seed(seed).map_err(UsageError)?;
            seed
        }
        None => ruleset.fresh_seed(),
    };
    let mut seed = first;
    for tried in 0..MOST_SEEDS {
        match whole.why() {
            Some(Why::Raised) => bail!("the search for a winnable seed was called off"),
            Some(Why::Time) => break,
            None => {}
        }
        if tried > 0 {
            seed = ruleset.next_seed(seed);
        }
        let deal = Deal { seed, stack: None };
        let solved = solve::solve(&program, &options, &deal, &[], BUDGET, &whole, &mut |_| {})?;
        if solved.verdict == Verdict::Winnable {
            let passed = tried;
            let note = format!(
                "Seed {seed} is winnable: the solver found a win, reading every card (it gives no hints){}.",
                if passed == 0 {
                    String::new()
                } else {
                    format!("; it passed over {passed} seed{} not proven winnable", if passed == 1 { "" } else { "s" })
                }
            );
            return Ok((seed, note));
        }
        // A seed cut short by the whole search's end was not passed over.
        if whole.why().is_none() {
            passed(tried + 1);
        }
    }
    if whole.why() == Some(Why::Raised) {
        bail!("the search for a winnable seed was called off");
    }
    bail!(
        "no seed from {first} on was proven winnable within the solver's small budget \
         ({} decisions or {} s a deal, {} s in all): `delve solve {game} --seed {first}` searches one longer",
        BUDGET.nodes,
        BUDGET.time.map_or(0, |t| t.as_secs()),
        MOST_TIME.as_secs()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// A ruleset whose every deal's search only replays (one in six is won
    /// by its first line).
    fn ways() -> String {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/scripts/thousand-ways.rhai"
        )
        .into()
    }

    #[test]
    fn a_search_gives_up_when_its_stop_is_due_even_inside_a_deal() {
        // Seeds 0 to 3 each take the deal's two seconds: a stop due in
        // three ends the second of them.
        let stop = Cancel::within(Some(Duration::from_secs(3)), None);
        let started = Instant::now();
        let mut passed = 0;
        let error = first_winnable(&ways(), &[], Some(0), &stop, &mut |n| passed = n).unwrap_err();
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
        assert!(format!("{error}").contains("no seed from 0 on was proven winnable"));
        assert_eq!(passed, 1, "the second seed was cut short, not passed over");
        // Raised, it is called off.
        let stop = Cancel::default();
        stop.raise();
        let error = first_winnable(&ways(), &[], Some(0), &stop, &mut |_| {}).unwrap_err();
        assert!(format!("{error}").contains("called off"), "{error}");
    }
}
