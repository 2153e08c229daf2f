//! `delve sim`: many games by a bot on consecutive seeds, spread over
//! threads, then summed up. Each game is identified by its seed and
//! results are gathered in seed order, so they do not depend on `--jobs`.

use crate::commands::bots::Bot;
use crate::commands::mc_bot;
use crate::commands::progress::{Progress, Shown};
use crate::run::Program;
use crate::run::{self, Answerer, Deal, Plan, Stop};
use crate::script::declare::Options;
use crate::script::error::ErrorKind;
use crate::script::objective::Objective;
use crate::session::open::{options_for, Setting};
use anyhow::{anyhow, Result};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

mod ceiling;
mod out_dir;
pub(crate) mod pooled;
pub(crate) mod printed;
mod search_cost;
pub(crate) mod shard;
pub(crate) mod shard_file;
mod summary;
mod sweep;
mod sweep_chart;
use printed::{Printing, Side};
pub(crate) use summary::{report, summarize};

/// One configuration to simulate: a ruleset with options.
#[derive(Clone, Debug)]
pub(crate) struct Setup {
    pub game: String,
    pub opts: Vec<Setting>,
}

impl Setup {
    /// Compiles the ruleset, once: a bad name, option or missing bot is a
    /// usage error before any game is played.
    pub(crate) fn load(&self, bot: Bot, profiled: bool) -> Result<Loaded> {
        let program = if profiled {
            Program::load_profiled(crate::script::catalog::find(&self.game)?)?
        } else {
            Program::load_named(&self.game)?
        };
        let ruleset = program.ruleset();
        let options = options_for(ruleset, &self.opts)?;
        bot.plays(ruleset, &self.game)?;
        Ok(Loaded { program, options })
    }

    pub(crate) fn describe(&self) -> String {
        let mut text = self.game.clone();
        for opt in &self.opts {
            text += &format!(" {opt}");
        }
        text
    }
}

/// A setup compiled on the calling thread, which plays the first share of
/// the games; other workers compile the same script text for themselves (an
/// engine stays on its thread).
pub(crate) struct Loaded {
    program: Program,
    options: Options,
}

impl Loaded {
    pub(crate) fn program(&self) -> &Program {
        &self.program
    }

    /// The run's first seed: `given`, else the ruleset's first; every seed
    /// of the run checked to deal a game of it.
    pub(crate) fn first_seed(&self, given: Option<u64>, games: u64) -> Result<u64> {
        let ruleset = self.program.ruleset();
        let first = given.unwrap_or_else(|| ruleset.first_seed());
        ruleset
            .check_seeds(first, games)
            .map_err(crate::usage::UsageError)?;
        Ok(first)
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Game {
    pub win: bool,
    pub score: Option<f64>,
    pub decisions: usize,
    /// Decisions the mc bot left to its rollout player (`mc_bot::McGame`).
    pub fell_back: usize,
    /// A deal the solver could not settle within its budget.
    pub unknown: bool,
    /// A game that reached the host's cap on decisions without ending:
    /// counted as not won, with no score, and said in the figures.
    pub capped: bool,
    /// What the solver's search of the deal cost (`sim --bot solver`).
    pub searched: Option<ceiling::Searched>,
}

pub(crate) struct Outcome {
    pub games: Vec<Game>,
    pub seconds: f64,
    /// What the ruleset's player plays for, which its figures are read by.
    pub objective: Objective,
}

/// Why a run stopped, ranked by the place in the run of the game that
/// failed (a worker that could not start or load: its first game's).
type Failure = (u64, String);

/// Plays seeds `first..first + count` with `jobs` threads.
pub(crate) fn simulate(
    loaded: &Loaded,
    bot: Bot,
    first: u64,
    count: u64,
    jobs: usize,
    progress: &Progress,
) -> Result<Outcome> {
    let jobs = jobs.max(1);
    let started = Instant::now();
    let file = loaded.program.ruleset().file.clone();
    let options = &loaded.options;
    // Each worker takes the next game not yet taken, so a long game holds
    // up one worker, not a share of the run; the games are put back in seed
    // order, so the results do not depend on `jobs`. A long run holds each
    // game twice at most (about 80 bytes), at the merge. A failure is
    // reported by its game's place: the lowest failing one, whichever
    // worker met it (every game before it was taken first), and no worker
    // takes a game past it.
    let lowest_failure = &AtomicU64::new(u64::MAX);
    let taken = &AtomicU64::new(0);
    let share = move |program: &Program| -> Result<Vec<(u64, Game)>, Failure> {
        let mut games = Vec::with_capacity((count / jobs as u64) as usize + 1);
        loop {
            let i = taken.fetch_add(1, Ordering::Relaxed);
            if i >= count || i > lowest_failure.load(Ordering::Relaxed) {
                break;
            }
            match play(program, options, first + i, bot) {
                Ok(game) => games.push((i, game)),
                Err(message) => {
                    lowest_failure.fetch_min(i, Ordering::Relaxed);
                    return Err((i, message));
                }
            }
            progress.inc();
        }
        Ok(games)
    };
    let parts: Vec<Result<Vec<(u64, Game)>, Failure>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..jobs as u64)
            .map(|job| {
                let file = file.clone();
                let spawned = crate::threads::spawn_scoped(scope, "delve-sim", move || {
                    let program = Program::load(file).map_err(|e| {
                        lowest_failure.fetch_min(job, Ordering::Relaxed);
                        (job, format!("{e:#}"))
                    })?;
                    share(&program)
                });
                if spawned.is_err() {
                    lowest_failure.fetch_min(job, Ordering::Relaxed);
                }
                (job, spawned)
            })
            .collect();
        let mine = share(&loaded.program);
        std::iter::once(mine)
            .chain(handles.into_iter().map(|(job, h)| {
                match h {
                    Ok(handle) => handle
                        .join()
                        .unwrap_or_else(|_| Err((job, "a worker panicked".into()))),
                    Err(error) => Err((job, format!("can not start a worker: {error}"))),
                }
            }))
            .collect()
    });
    let failure = parts
        .iter()
        .filter_map(|part| part.as_ref().err())
        .min_by_key(|(at, _)| *at);
    if let Some((_, message)) = failure {
        return Err(anyhow!("{message}"));
    }
    let mut played: Vec<(u64, Game)> = parts
        .into_iter()
        .flat_map(Result::unwrap_or_default)
        .collect();
    played.sort_unstable_by_key(|(i, _)| *i);
    debug_assert!(played.iter().enumerate().all(|(n, (i, _))| n as u64 == *i));
    let games = played.into_iter().map(|(_, game)| game).collect();
    Ok(Outcome {
        games,
        seconds: started.elapsed().as_secs_f64(),
        objective: loaded.program.ruleset().declared.objective,
    })
}

/// One game by the bot; a script error names the seed so it can be replayed.
pub(crate) fn play(
    program: &Program,
    options: &Options,
    seed: u64,
    bot: Bot,
) -> Result<Game, String> {
    let answerer = match bot {
        Bot::Random => Answerer::RandomBot,
        Bot::Heuristic => Answerer::ScriptBot,
        Bot::Mc(settings) => {
            let game = mc_bot::play(program, options, seed, settings)?;
            return Ok(Game {
                win: game.outcome.is_win(),
                score: game.outcome.score_number(),
                decisions: game.choices.len(),
                fell_back: game.fell_back,
                unknown: false,
                capped: false,
                searched: None,
            });
        }
        Bot::Solver(budget) => return ceiling::ceiling(program, options, seed, budget),
    };
    let mut plan = Plan::new(
        options.clone(),
        Deal { seed, stack: None },
        Vec::new(),
        answerer,
    );
    plan.record_events = false;
    plan.check_cards = false;
    let report = run::play(program, plan);
    let name = program.ruleset().name();
    match report.stop {
        Stop::Ended(outcome) => Ok(Game {
            win: outcome.is_win(),
            score: outcome.score_number(),
            decisions: report.choices.len(),
            fell_back: 0,
            unknown: false,
            capped: false,
            searched: None,
        }),
        // A game that may go on for ever is one of the run's games, not
        // the end of the run.
        Stop::Failed(error) if error.kind == ErrorKind::TooLong => Ok(Game {
            win: false,
            score: None,
            decisions: report.choices.len(),
            fell_back: 0,
            unknown: false,
            capped: true,
            searched: None,
        }),
        Stop::Failed(error) => Err(format!("{name} seed {seed}: {error}")),
        Stop::Asking(_) => Err(format!("{name} seed {seed}: the bot stopped answering")),
    }
}

/// A run as its command line sets it up: each configuration loaded, with
/// its bot, and how many threads play.
pub(crate) struct Configured {
    pub first: (Setup, Loaded, Bot),
    pub second: Option<(Setup, Loaded, Bot)>,
    pub jobs: usize,
    /// The first seed (`--seed`, else the first ruleset's first), which
    /// deals a game of each configuration, as do the seeds after it.
    pub first_seed: u64,
    /// Where the progress of its games goes.
    pub shown: Shown,
}

impl Configured {
    /// Loads both configurations before either plays, so a bad `--vs`
    /// fails at once.
    pub(crate) fn from_args(args: &crate::cli::SimArgs) -> Result<Configured> {
        let bot = Bot::for_sim(&args.bot, &args.mc, &args.solver)?;
        let vs_bot = match &args.vs_bot {
            Some(name) => Bot::for_sim(name, &args.mc, &args.solver)?,
            None => bot,
        };
        let jobs = jobs(args);
        let first = Setup {
            game: args.game.clone(),
            opts: args.opts.clone(),
        };
        let compared = args.vs.is_some() || !args.vs_opts.is_empty() || args.vs_bot.is_some();
        let second = compared.then(|| Setup {
            game: args.vs.clone().unwrap_or_else(|| args.game.clone()),
            opts: if args.vs.is_some() {
                args.vs_opts.clone()
            } else {
                [args.opts.clone(), args.vs_opts.clone()].concat()
            },
        });
        let first_loaded = first.load(bot, false)?;
        let first_seed = first_loaded.first_seed(args.seed, args.games)?;
        let second = match second {
            Some(setup) => {
                let loaded = setup.load(vs_bot, false)?;
                loaded.first_seed(Some(first_seed), args.games)?;
                Some((setup, loaded, vs_bot))
            }
            None => None,
        };
        let sides = std::iter::once((&first, &first_loaded, bot))
            .chain(second.as_ref().map(|(s, l, b)| (s, l, *b)));
        for (setup, loaded, bot) in sides {
            if bot == Bot::Heuristic {
                if let Some(note) =
                    crate::commands::bots::unknowing_bot(loaded.program(), &setup.game)
                {
                    anstream::eprintln!("{note}");
                }
            }
        }
        Ok(Configured {
            first: (first, first_loaded, bot),
            second,
            jobs,
            first_seed,
            shown: Shown::on_stderr(args.progress.quiet),
        })
    }

    /// Plays seeds `first..first + count` in each configuration; `label`
    /// goes before the progress bar's own.
    pub(crate) fn play(
        &self,
        first: u64,
        count: u64,
        label: &str,
    ) -> Result<(Outcome, Option<Outcome>)> {
        // More workers than games would only wait.
        let jobs = self.jobs.min(usize::try_from(count).unwrap_or(usize::MAX));
        let run = |(setup, loaded, bot): &(Setup, Loaded, Bot)| -> Result<Outcome> {
            let what = format!("{label}{} ({} bot)", setup.describe(), bot.name());
            let progress = Progress::new(count, &what, self.shown);
            let outcome = simulate(loaded, *bot, first, count, jobs, &progress)?;
            progress.finish();
            Ok(outcome)
        };
        let a = run(&self.first)?;
        let b = self.second.as_ref().map(run).transpose()?;
        Ok((a, b))
    }
}

/// `--jobs`, else one worker per core.
fn jobs(args: &crate::cli::SimArgs) -> usize {
    args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        usize::from,
    )
}

/// `delve sim`: one configuration, or two on the same seeds with `--vs`,
/// `--vs-opt` or `--vs-bot`; with `--out`, in shard files (`sim/out_dir.rs`).
pub(crate) fn command(args: &crate::cli::SimArgs) -> Result<()> {
    if let Some(sweep) = &args.sweep {
        return sweep::command(args, sweep, jobs(args));
    }
    let configured = Configured::from_args(args)?;
    let solver = |c: &(Setup, Loaded, Bot)| matches!(c.2, Bot::Solver(_));
    if args.out.is_some()
        && (solver(&configured.first) || configured.second.as_ref().is_some_and(solver))
    {
        return Err(crate::usage::UsageError(
            "the solver's games are not kept in shard files: run it without --out".into(),
        )
        .into());
    }
    if let Some(dir) = &args.out {
        return out_dir::command(args, &configured, dir);
    }
    let first_seed = configured.first_seed;
    let (a, b) = configured.play(first_seed, args.games, "")?;
    let seeds = |i: usize| first_seed + i as u64;
    let jobs = configured
        .jobs
        .min(usize::try_from(args.games).unwrap_or(usize::MAX));
    let printing = Printing {
        json: args.json,
        each: args.each,
        seeds: &seeds,
        speed: &printed::jobs_text(jobs),
        partial: None,
    };
    let second = configured
        .second
        .as_ref()
        .zip(b.as_ref())
        .map(|(c, o)| side(c, o));
    printed::print(
        &mut anstream::stdout(),
        &side(&configured.first, &a),
        second.as_ref(),
        &printing,
    )
}

fn side<'a>((setup, _, bot): &'a (Setup, Loaded, Bot), outcome: &'a Outcome) -> Side<'a> {
    Side {
        setup,
        bot: *bot,
        outcome,
    }
}
