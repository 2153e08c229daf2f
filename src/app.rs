//! What each `delve` command does, from a parsed command line to its
//! result. `main` turns the result into an exit code.

use crate::cli::{CheckArgs, Cli, Command, GameArgs};
use crate::open::GameSpec;
use crate::repl::input::{piped_stdin, LineSource, Terminal};
use crate::repl::{listing, Repl};
use crate::run::live::INTERRUPT;
use crate::session::Session;
use crate::transcript::{replay, Transcript};
use anyhow::Result;
use std::io::{IsTerminal, Write};
use std::sync::atomic::Ordering;

/// Runs one command line, on a thread with a stack large enough that deep
/// rule code and deep data meet the sandbox's limits, not the stack's end.
pub fn run(cli: Cli) -> Result<()> {
    let worker = std::thread::Builder::new()
        .name("delve".into())
        .stack_size(crate::run::live::STACK)
        .spawn(move || command(cli))?;
    worker
        .join()
        .unwrap_or_else(|_| Err(anyhow::anyhow!("delve stopped unexpectedly")))
}

fn command(cli: Cli) -> Result<()> {
    match cli.command {
        None => repl(None),
        Some(Command::List) => {
            writeln!(anstream::stdout(), "{}", listing())?;
            Ok(())
        }
        Some(Command::Play(args)) if args.json => {
            let mut out = std::io::stdout().lock();
            let session = match spec(&args.game).open() {
                Ok(session) => session,
                Err(error) => {
                    // A client reads stdout: the failure to load is a message too.
                    let kind = error
                        .chain()
                        .find_map(|e| e.downcast_ref::<crate::script::ScriptError>())
                        .map_or_else(|| serde_json::json!("load"), |e| serde_json::json!(e.kind));
                    let message = serde_json::json!({
                        "type": "error", "kind": kind, "message": format!("{error:#}")
                    });
                    writeln!(out, "{message}")?;
                    return Err(error);
                }
            };
            let settings = crate::json::Settings {
                protocol: args.protocol,
                reveal: args.reveal,
            };
            Ok(crate::json::serve(
                session,
                std::io::stdin().lock(),
                &mut out,
                settings,
            )?)
        }
        Some(Command::Play(args)) => repl(Some(spec(&args.game).open()?)),
        Some(Command::Sim(args)) => crate::sim::command(&args),
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
        Some(Command::Test(args)) => crate::snapshots::command(&args),
        Some(Command::Source { game, functions }) => {
            write!(
                anstream::stdout(),
                "{}",
                crate::source::describe(&game, functions)?
            )?;
            Ok(())
        }
    }
}

/// Checks one configuration, or every shipped one; a broken invariant is exit 1.
fn check(args: &CheckArgs) -> Result<()> {
    let mut out = anstream::stdout();
    let configurations = match &args.game {
        Some(game) => vec![(game.clone(), args.opts.clone())],
        None => crate::check::every_configuration(),
    };
    for (game, opts) in configurations {
        let shown = std::iter::once(game.as_str())
            .chain(opts.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ");
        match crate::check::check(&game, &opts, args.seed, args.games)? {
            None => writeln!(out, "{shown}: {} games, every invariant held (cards, ending, no error, replay, undo/redo, save/load)",
                args.games
            )?,
            Some(failure) => {
                writeln!(out, "{shown}: seed {} breaks \"{}\": {}\nThis transcript replays it (`delve replay FILE`):\n{}",
                    failure.seed,
                    failure.invariant,
                    failure.detail,
                    failure.transcript.trim_end()
                )?;
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
        // Ctrl-C at the prompt clears the line (rustyline); during a slow
        // step it stops the step, and the game stays where it was.
        let _ = ctrlc::set_handler(|| INTERRUPT.store(true, Ordering::Relaxed));
        Box::new(Terminal::new()?)
    } else {
        Box::new(piped_stdin())
    };
    let mut out = anstream::stdout();
    Repl::new(session, input, &mut out).run()?;
    Ok(())
}
