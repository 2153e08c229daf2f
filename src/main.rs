//! The `delve` command: parses the command line, runs the chosen mode, and
//! turns errors into exit codes (0 fine, 1 a game or script error, 2 a bad
//! command line) in this one place.

use anyhow::Result;
use clap::Parser;
use delve::cli::{CheckArgs, Cli, Command, GameArgs};
use delve::open::{GameSpec, UsageError};
use delve::repl::input::{piped_stdin, LineSource, Terminal};
use delve::repl::{listing, Repl};
use delve::session::Session;
use delve::transcript::{replay, Transcript};
use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            anstream::eprintln!("delve: {error:#}");
            let usage = error.is::<UsageError>();
            ExitCode::from(if usage { 2 } else { 1 })
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        None => repl(None),
        Some(Command::List) => {
            anstream::println!("{}", listing());
            Ok(())
        }
        Some(Command::Play(args)) if args.json => {
            let session = spec(&args.game).open()?;
            let mut out = std::io::stdout().lock();
            Ok(delve::json::serve(
                session,
                std::io::stdin().lock(),
                &mut out,
            )?)
        }
        Some(Command::Play(args)) => repl(Some(spec(&args.game).open()?)),
        Some(Command::Sim(args)) => delve::sim::command(&args),
        Some(Command::Check(args)) => check(&args),
        Some(Command::Replay { file }) => {
            let transcript = Transcript::read(&file)?;
            let errors = replay::replay_into(&transcript, &mut anstream::stdout())?;
            if errors > 0 {
                anyhow::bail!(
                    "{}: the script failed {errors} time{} (see `script error` above)",
                    file.display(),
                    if errors == 1 { "" } else { "s" }
                );
            }
            Ok(())
        }
        Some(Command::Test(args)) => delve::snapshots::command(&args),
        Some(Command::Source { game, functions }) => {
            anstream::print!("{}", delve::source::describe(&game, functions)?);
            Ok(())
        }
    }
}

/// Checks one configuration, or every shipped one; a broken invariant is exit 1.
fn check(args: &CheckArgs) -> Result<()> {
    let configurations = match &args.game {
        Some(game) => vec![(game.clone(), args.opts.clone())],
        None => delve::check::every_configuration(),
    };
    for (game, opts) in configurations {
        let shown = std::iter::once(game.as_str())
            .chain(opts.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ");
        match delve::check::check(&game, &opts, args.seed, args.games)? {
            None => anstream::println!(
                "{shown}: {} games, every invariant held (cards, ending, no error, replay, undo/redo, save/load)",
                args.games
            ),
            Some(failure) => {
                anstream::println!(
                    "{shown}: seed {} breaks \"{}\": {}\nThis transcript replays it (`delve replay FILE`):\n{}",
                    failure.seed,
                    failure.invariant,
                    failure.detail,
                    failure.transcript.trim_end()
                );
                anyhow::bail!("{shown}: an invariant does not hold");
            }
        }
    }
    Ok(())
}

fn spec(args: &GameArgs) -> GameSpec {
    GameSpec {
        game: args.game.clone(),
        seed: args.seed,
        deal: args.deal.clone(),
        opts: args.opts.clone(),
        base: None,
    }
}

/// The REPL on a terminal, or on piped lines when stdin is not one.
fn repl(session: Option<Session>) -> Result<()> {
    let input: Box<dyn LineSource> = if std::io::stdin().is_terminal() {
        Box::new(Terminal::new()?)
    } else {
        Box::new(piped_stdin())
    };
    let mut out = anstream::stdout();
    Repl::new(session, input, &mut out).run()?;
    Ok(())
}

// Rhai boxes every custom value (cards, piles), so a run allocates on most
// operations; mimalloc makes simulation about 5% faster than the system malloc.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
