//! What each `delve` command does, from a parsed command line to its
//! result. `main` turns the result into an exit code.

use crate::cli::{CheckArgs, Cli, Command, GameArgs};
use crate::repl::input::{piped_stdin, LineSource, Terminal};
use crate::repl::replay;
use crate::repl::{listing, Repl};
use crate::script::engine::INTERRUPT;
use crate::session::autosave::{Found, Keeper};
use crate::session::open::GameSpec;
use crate::session::save;
use crate::session::Session;
use crate::transcript::Transcript;
use anyhow::Result;
use std::io::{IsTerminal, Write};
use std::sync::atomic::Ordering;

/// Runs one command line, on a thread with a stack large enough that deep
/// rule code and deep data meet the sandbox's limits, not the stack's end.
pub fn run(cli: Cli) -> Result<()> {
    crate::heap::set_bound_from_environment().map_err(crate::usage::UsageError)?;
    let worker = crate::threads::spawn("delve", move || command(cli))?;
    worker
        .join()
        .unwrap_or_else(|_| Err(anyhow::anyhow!("delve stopped unexpectedly")))
}

fn command(cli: Cli) -> Result<()> {
    match cli.command {
        None => repl(Opened::none(), Keeper::for_user(kept(false))),
        Some(Command::List) => {
            // Laid out for 80 columns, as the REPL's output is when not at a terminal.
            let text = crate::repl::wrap::wrap_columns(&listing(), 80);
            writeln!(anstream::stdout(), "{text}")?;
            Ok(())
        }
        Some(Command::Play(args)) if args.wire.json => {
            let mut out = std::io::stdout().lock();
            let opened = match open(&args.game) {
                Ok(opened) => opened,
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
            for note in &opened.notes {
                anstream::eprintln!("{note}");
            }
            let settings = crate::json::Settings {
                protocol: args.wire.protocol,
                reveal: args.wire.reveal,
                keep_open: args.wire.keep_open,
            };
            Ok(crate::json::serve(
                opened.session.expect("opened"),
                std::io::stdin().lock(),
                &mut out,
                settings,
            )?)
        }
        Some(Command::Play(args)) if args.winnable => {
            let (game, note) = crate::commands::winnable::pick(&args.game)?;
            let mut opened = open(&game)?;
            opened.notes.insert(0, note);
            repl(opened, Keeper::for_user(kept(args.keep)))
        }
        Some(Command::Play(args)) => repl(open(&args.game)?, Keeper::for_user(kept(args.keep))),
        Some(Command::Resume {
            which,
            all,
            keep,
            forget,
        }) => resume(which.as_deref(), all, keep, forget.as_deref()),
        Some(Command::Stats { game, json }) => stats(game.as_deref(), json),
        Some(Command::Sim(args)) if args.profile => crate::commands::profile_report::command(&args),
        Some(Command::Sim(args)) => crate::commands::sim::command(&args),
        Some(Command::Check(args)) => check(&args),
        Some(Command::Solve(args)) => crate::commands::solve_command::command(&args, || {
            Ok(open(&args.game)?.session.expect("opened"))
        }),
        Some(Command::Pool(args)) => crate::commands::pool::command(&args),
        Some(Command::Replay { file }) => {
            // A transcript named on the command line that is not there is a
            // bad command line, as for `delve test` (exit 2).
            if std::fs::symlink_metadata(&file).is_err() {
                return Err(
                    crate::usage::UsageError(format!("{}: no such file", file.display())).into(),
                );
            }
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
        Some(Command::Test(args)) => crate::commands::test::command(&args),
        Some(Command::Serve(args)) => crate::serve::run(&crate::serve::Settings {
            game: args.game,
            port: args.port,
            sessions: usize::from(args.games),
            idle: std::time::Duration::from_secs(args.idle),
        }),
        Some(Command::Completions { shell }) => crate::commands::shell::completions(shell),
        Some(Command::Man) => crate::commands::shell::manual_page(),
        Some(Command::Source { game, functions }) => {
            write!(
                anstream::stdout(),
                "{}",
                crate::commands::source::describe(&game, functions)?
            )?;
            Ok(())
        }
    }
}

/// `delve resume`: the game named, the only one or the list of unfinished
/// games in the REPL (with `--all`, every one); with `--forget`, the games
/// named removed instead.
fn resume(which: Option<&str>, all: bool, keep: bool, forget: Option<&str>) -> Result<()> {
    if let Some(forget) = forget {
        println!("{}", Keeper::for_user(false).forget(forget)?);
        return Ok(());
    }
    // The keeper that finds the game goes on saving it in its own file.
    let mut keeper = Keeper::for_user(kept(keep));
    if all {
        keeper.offer_all();
    }
    let opened = match keeper.resume(which)? {
        Found::One(loaded) => {
            let loaded = *loaded;
            let mut notes = loaded.notes;
            notes.insert(0, "Resumed your game.".into());
            Opened {
                session: Some(loaded.session),
                counted: loaded.counted,
                notes,
            }
        }
        // Several: the REPL opens with the list, and `resume N` picks one.
        Found::Several(list) => Opened {
            notes: vec![list],
            ..Opened::none()
        },
    };
    repl(opened, keeper)
}

/// Checks one configuration, every configuration of one ruleset, or every
/// shipped one; a broken invariant is exit 1. A failing game's transcript
/// goes to a file (`--out`, else a new temporary folder), named on stdout.
fn check(args: &CheckArgs) -> Result<()> {
    let mut out = anstream::stdout();
    let configurations = match &args.game {
        Some(game) if args.opts.is_empty() => crate::commands::check::configurations_of(game)?,
        Some(game) => vec![(game.clone(), args.opts.clone())],
        None => crate::commands::check::every_configuration(),
    };
    let bot = args
        .bot
        .as_deref()
        .map(|name| crate::commands::bots::Bot::chosen(name, &args.mc))
        .transpose()?;
    let results = crate::commands::check::check_all(&configurations, args.seed, args.games, bot)?;
    let mut folder = None;
    let mut broken = Vec::new();
    for ((game, opts), checked) in configurations.iter().zip(results) {
        let shown = std::iter::once(game.clone())
            .chain(opts.iter().map(ToString::to_string))
            .collect::<Vec<_>>()
            .join(" ");
        let mut kept = |failure: &crate::commands::check::Failure| -> Result<std::path::PathBuf> {
            let dir = match &folder {
                Some(dir) => dir,
                None => folder.insert(crate::commands::check::transcripts_folder(
                    args.out.as_deref(),
                )?),
            };
            crate::commands::check::write_transcript(dir, failure)
        };
        match &checked.failure {
            None => writeln!(out, "{shown}: {} games{}, every invariant held (cards, ending, no error, replay, undo/redo, save/load, view, labels, hint, declarations)",
                args.games,
                bot.map(|b| format!(" of the {} bot", b.name())).unwrap_or_default()
            )?,
            Some(failure) => {
                let path = kept(failure)?;
                writeln!(out, "{shown}: seed {} breaks \"{}\": {}\nThis transcript replays it: delve replay {}",
                    failure.seed,
                    failure.invariant,
                    failure.detail,
                    path.display()
                )?;
                broken.push(shown.clone());
            }
        }
        let capped = checked
            .first_capped
            .as_ref()
            .filter(|_| checked.failure.is_none());
        if let Some(first) = capped {
            let path = kept(first)?;
            writeln!(out, "{shown}: {} of {} games reached the cap of {} decisions without ending (counted, not a failure: the rules let a game go on); the first, seed {}, replays with: delve replay {}",
                checked.capped,
                args.games,
                crate::script::limits::MAX_DECISIONS,
                first.seed,
                path.display()
            )?;
        }
    }
    for note in crate::commands::check::unknowing_bots(&configurations, bot) {
        writeln!(out, "{note}")?;
    }
    if !broken.is_empty() {
        anyhow::bail!("an invariant does not hold in {}", broken.join("; "));
    }
    Ok(())
}

/// A game to start the REPL with, if any, and what to tell about it.
struct Opened {
    session: Option<Session>,
    /// It ended and counted in the statistics before it was saved.
    counted: bool,
    notes: Vec<String>,
}

impl Opened {
    fn none() -> Opened {
        Opened {
            session: None,
            counted: false,
            notes: Vec::new(),
        }
    }
}

/// A new game from the command line, or a saved one with `--load`.
fn open(args: &GameArgs) -> Result<Opened> {
    let Some(file) = &args.load else {
        let spec = GameSpec {
            game: args
                .game
                .clone()
                .expect("clap requires GAME without --load"),
            seed: args.seed,
            deal: args.deal.clone(),
            deal_text: None,
            opts: args.opts.clone(),
            base: None,
            first_unless_seeded: false,
        };
        return Ok(Opened {
            session: Some(spec.open()?),
            counted: false,
            notes: Vec::new(),
        });
    };
    let shown = file.display().to_string();
    // A script named beside --load is the one a save may play by path.
    let trusted = args
        .game
        .as_deref()
        .filter(|g| crate::script::catalog::is_path(g))
        .map(std::path::Path::new);
    let loaded = save::load(file, &shown, trusted)?;
    if let Some(game) = args.game.as_deref() {
        let named = loaded.session.ruleset.name();
        if trusted.is_none() && game != named {
            return Err(crate::usage::UsageError(format!(
                "{shown} is a game of {named}, not of {game}"
            ))
            .into());
        }
    }
    let mut notes = loaded.notes;
    notes.insert(0, format!("Loaded {shown}."));
    Ok(Opened {
        session: Some(loaded.session),
        counted: loaded.counted,
        notes,
    })
}

/// `delve stats [GAME] [--json]`.
fn stats(game: Option<&str>, json: bool) -> Result<()> {
    let records = Keeper::for_user(false).records(game)?;
    let mut out = anstream::stdout();
    if json {
        writeln!(out, "{}", crate::session::record_book::json(&records))?;
    } else {
        writeln!(out, "{}", crate::session::record_book::text(&records, game))?;
    }
    Ok(())
}

/// Whether the REPL keeps its game and statistics: at a terminal, or when
/// asked with `--keep` (piped and scripted runs leave the player's alone).
fn kept(keep: bool) -> bool {
    keep || std::io::stdin().is_terminal()
}

/// The REPL on a terminal, or on piped lines when stdin is not one. The
/// game is saved as it is played and counted when it ends if `keeper`
/// writes; only at a terminal does leaving or replacing a game in progress
/// ask first.
fn repl(opened: Opened, keeper: Keeper) -> Result<()> {
    let terminal = std::io::stdin().is_terminal();
    let input: Box<dyn LineSource> = if terminal {
        // Ctrl-C at the prompt clears the line (rustyline); during a slow
        // step it stops the step, and the game stays where it was.
        let _ = ctrlc::set_handler(|| INTERRUPT.store(true, Ordering::Relaxed));
        Box::new(Terminal::new()?)
    } else {
        Box::new(piped_stdin())
    };
    let mut out = anstream::stdout();
    let mut repl = Repl::new(opened.session, input, &mut out);
    repl.keep(keeper);
    repl.set_asks(terminal);
    repl.set_loaded(opened.counted, opened.notes);
    repl.run()?;
    // A program feeding the REPL learns from the exit code that the script
    // failed; a person saw it at the terminal.
    let failed = repl.script_errors();
    if failed > 0 && !terminal {
        anyhow::bail!(
            "the script failed {failed} time{} (the errors are above)",
            if failed == 1 { "" } else { "s" }
        );
    }
    Ok(())
}
