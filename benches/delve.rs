//! Speed targets, measured (`cargo bench`): a random game, start to the first
//! prompt (in process and as a whole process), and undo deep into a game.
//! Multi-core throughput is measured with `delve sim` (see README).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use delve::decider::RandomBot;
use delve::open::options_for;
use delve::script::{Deal, Ruleset, RunPlan};
use delve::session::Session;
use delve::sim::{play, Bot};
use std::process::{Command, Stdio};
use std::rc::Rc;

// The same allocator as the `delve` binary, so figures match what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn random_games(c: &mut Criterion) {
    let ruleset = Ruleset::load("clear-the-dungeon").unwrap();
    let options = ruleset.default_options();
    let mut seed = 0;
    c.bench_function("one random game of clear-the-dungeon", |b| {
        b.iter(|| {
            seed += 1;
            play(&ruleset, &options, seed, Bot::Random).unwrap()
        })
    });
}

fn first_prompt(c: &mut Criterion) {
    c.bench_function("load clear-the-dungeon and run to its first prompt", |b| {
        b.iter(|| {
            let ruleset = Rc::new(Ruleset::load("clear-the-dungeon").unwrap());
            let options = ruleset.default_options();
            Session::start(
                ruleset,
                options,
                Deal {
                    seed: 1,
                    stack: None,
                },
            )
            .unwrap()
        })
    });
    c.bench_function(
        "process: delve play clear-the-dungeon to its first prompt",
        |b| {
            b.iter(|| {
                let status = Command::new(env!("CARGO_BIN_EXE_delve"))
                    .args(["play", "clear-the-dungeon", "--seed", "1"])
                    .env("DELVE_HISTORY", "/dev/null")
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .status()
                    .unwrap();
                assert!(status.success());
            })
        },
    );
}

/// The choices of the first game (seed upward) that reaches `depth` decisions.
fn deep_game(
    ruleset: &Ruleset,
    opts: &[&str],
    bot: Bot,
    depth: usize,
) -> Option<(u64, Vec<delve::decider::Choice>)> {
    let opts: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
    let options = options_for(ruleset, &opts).ok()?;
    (0..5000).find_map(|seed| {
        let mut plan = RunPlan::new(options.clone(), Deal { seed, stack: None }, Vec::new());
        plan.record_events = false;
        match bot {
            Bot::Random => plan.bot = Some(Box::new(RandomBot::new(seed))),
            Bot::Heuristic => plan.script_bot = true,
        }
        let run = ruleset.run(plan);
        (run.choices.len() >= depth).then(|| (seed, run.choices[..depth].to_vec()))
    })
}

fn undo(c: &mut Criterion) {
    // No shipped game reaches 100 decisions: these are the deepest they go.
    let cases: [(&str, &[&str], Bot, usize); 3] = [
        ("clear-the-dungeon", &[], Bot::Heuristic, 40),
        ("clear-the-dungeon-v1.0", &[], Bot::Random, 60),
        (
            "mythic-dungeon-crawler",
            &["health=60", "max_health=60"],
            Bot::Heuristic,
            75,
        ),
    ];
    for (game, opts, bot, depth) in cases {
        let Ok(ruleset) = Ruleset::load(game) else {
            continue;
        };
        if bot == Bot::Heuristic && !ruleset.has_fn("bot", 2) {
            continue;
        }
        let Some((seed, choices)) = deep_game(&ruleset, opts, bot, depth) else {
            eprintln!("no game of {game} reaches {depth} decisions: skipped");
            continue;
        };
        let opts: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
        let options = options_for(&ruleset, &opts).unwrap();
        let ruleset = Rc::new(ruleset);
        let deal = Deal { seed, stack: None };
        c.bench_function(&format!("undo at decision {depth} of {game}"), |b| {
            b.iter_batched_ref(
                || {
                    Session::resume(
                        ruleset.clone(),
                        options.clone(),
                        deal.clone(),
                        choices.clone(),
                    )
                    .unwrap()
                },
                |session| assert!(session.undo().unwrap()),
                BatchSize::SmallInput,
            )
        });
    }
}

criterion_group!(benches, random_games, first_prompt, undo);
criterion_main!(benches);
