//! `delve sim --profile`: the games on one thread, in a program that counts
//! every step of the script by function, then the report and the functions
//! that took the most steps (`script/profile.rs` counts them).

use crate::cli::SimArgs;
use crate::commands::bots::Bot;
use crate::commands::progress::{Progress, Shown};
use crate::commands::sim::{self, Setup};
use crate::usage::UsageError;
use anyhow::Result;
use std::io::Write;

/// How many functions the table shows.
const SHOWN: usize = 25;

pub(crate) fn command(args: &SimArgs) -> Result<()> {
    let bot = Bot::chosen(&args.bot, &args.mc)?;
    if args.vs.is_some() || !args.vs_opts.is_empty() || args.vs_bot.is_some() {
        return Err(UsageError(
            "--profile counts one configuration: leave out --vs, --vs-opt and --vs-bot".into(),
        )
        .into());
    }
    if matches!(bot, Bot::Mc(_)) {
        return Err(UsageError("--profile counts the steps of one engine, and the mc bot plays its worlds in others: profile --bot random or heuristic".into()).into());
    }
    let setup = Setup {
        game: args.game.clone(),
        opts: args.opts.clone(),
    };
    let loaded = setup.load(bot, true)?;
    let first_seed = loaded.first_seed(args.seed, args.games)?;
    let progress = Progress::new(
        args.games,
        &setup.describe(),
        Shown::on_stderr(args.progress.quiet),
    );
    let outcome = sim::simulate(&loaded, bot, first_seed, args.games, 1, &progress)?;
    progress.finish();
    let summary = sim::summarize(&setup, bot, &outcome);
    let mut out = anstream::stdout();
    write!(out, "{}", sim::report(&summary, "1 job"))?;
    let steps = loaded.program().profile().unwrap_or_default();
    let total: u64 = steps.iter().map(|(_, _, s)| s.own).sum();
    writeln!(
        out,
        "\nScript steps by function ({total} in all; own steps, then with the functions it calls; counting slows the games down):"
    )?;
    writeln!(
        out,
        "  {:>12} {:>6} {:>12}  function",
        "own", "", "with calls"
    )?;
    for (name, file, counted) in steps.iter().take(SHOWN) {
        let share = 100.0 * counted.own as f64 / total.max(1) as f64;
        let place = file
            .as_deref()
            .map(|f| format!("  ({f})"))
            .unwrap_or_default();
        writeln!(
            out,
            "  {:>12} {share:>5.1}% {:>12}  {name}{place}",
            counted.own, counted.with_calls
        )?;
    }
    if steps.len() > SHOWN {
        writeln!(out, "  ... and {} more", steps.len() - SHOWN)?;
    }
    Ok(())
}
