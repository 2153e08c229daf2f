//! `delve play GAME --winnable` and the browser's "winnable deals only":
//! the next seed, from the one given or a fresh one, that the solver
//! proves winnable within a small budget. The player is told so, and
//! nothing else the solver saw: it read every card to prove it, and gives
//! no hints.

use crate::cli::GameArgs;
use crate::run::solve::{self, Budget, Verdict, MAX_POSITIONS};
use crate::run::{Deal, Program};
use crate::session::open::{options_for, Setting, UsageError};
use anyhow::{bail, Result};
use std::time::{Duration, Instant};

/// What one deal may cost the solver: a winnable deal is mostly proven in
/// far less (docs/solver.md), and one it can not prove soon is passed over.
const BUDGET: Budget = Budget {
    nodes: 20_000,
    time: Some(Duration::from_secs(2)),
    table: MAX_POSITIONS,
    depth: 1000,
    best: false,
};

/// How many seeds, and how long in all, before giving up.
const MOST_SEEDS: u64 = 200;
const MOST_TIME: Duration = Duration::from_mins(1);

/// The game to open: `args` with the seed the solver proved winnable, and
/// what to tell the player.
pub(crate) fn pick(args: &GameArgs) -> Result<(GameArgs, String)> {
    let game = args
        .game
        .as_deref()
        .expect("clap requires GAME without --load");
    let (seed, note) = first_winnable(game, &args.opts, args.seed)?;
    let mut chosen = args.clone();
    chosen.seed = Some(seed);
    Ok((chosen, note))
}

/// The first seed from `first` (else a fresh one) that the solver proves
/// winnable in `game` with `opts`, and what to tell the player.
pub(crate) fn first_winnable(
    game: &str,
    opts: &[Setting],
    first: Option<u64>,
) -> Result<(u64, String)> {
    let program = Program::load_named(game)?;
    let options = options_for(program.ruleset(), opts)?;
    let ruleset = program.ruleset();
    let first = match first {
        Some(seed) => {
            ruleset.check_seed(seed).map_err(UsageError)?;
            seed
        }
        None => ruleset.fresh_seed(),
    };
    let started = Instant::now();
    let mut seed = first;
    for tried in 0..MOST_SEEDS {
        if started.elapsed() > MOST_TIME {
            break;
        }
        if tried > 0 {
            seed = ruleset.next_seed(seed);
        }
        let deal = Deal { seed, stack: None };
        let solved = solve::solve(&program, &options, &deal, &[], BUDGET, &mut |_| {})?;
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
    }
    bail!(
        "no seed from {first} on was proven winnable within the solver's small budget \
         ({} decisions or {} s a deal, {} s in all): `delve solve {game} --seed {first}` searches one longer",
        BUDGET.nodes,
        BUDGET.time.map_or(0, |t| t.as_secs()),
        MOST_TIME.as_secs()
    )
}
