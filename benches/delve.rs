//! Speed targets, measured (`cargo bench`): a random game; start to the first
//! prompt (in process and as a whole process); one REPL/JSON step shallow and
//! deep in a game (a live run: the same cost at any depth); undo deep in a
//! game (a replay); and a whole game driven over `--json` by a client.
//! Multi-core throughput is measured with `delve sim` (see docs/speed.md).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use delve::{
    options_for, Answerer, Choice, Deal, GameSpec, LiveRun, Plan, Program, Session, Setting, Stop,
};
use std::io::Write;
use std::process::{Command, Stdio};

fn random_games(c: &mut Criterion) {
    let program = Program::load_named("clear-the-dungeon").unwrap();
    let options = program.ruleset().declared.defaults();
    let mut seed = 0;
    c.bench_function("one random game of clear-the-dungeon", |b| {
        b.iter(|| {
            seed += 1;
            let deal = Deal { seed, stack: None };
            let mut plan = Plan::new(options.clone(), deal, Vec::new(), Answerer::RandomBot);
            plan.record_events = false;
            plan.check_cards = false;
            let report = delve::play(&program, plan);
            assert!(matches!(report.stop, Stop::Ended(_)));
        });
    });
}

fn first_prompt(c: &mut Criterion) {
    c.bench_function("load clear-the-dungeon and run to its first prompt", |b| {
        b.iter(|| {
            let spec = GameSpec {
                game: "clear-the-dungeon".into(),
                seed: Some(1),
                ..GameSpec::default()
            };
            spec.open().unwrap()
        });
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
            });
        },
    );
}

/// A deep game: the seed and choices of the first game that reaches `depth`.
struct Deep {
    game: &'static str,
    opts: Vec<Setting>,
    seed: u64,
    choices: Vec<Choice>,
}

fn deep_game(game: &'static str, opts: &[&str], answerer: Answerer, depth: usize) -> Option<Deep> {
    let program = Program::load_named(game).ok()?;
    let opts: Vec<Setting> = opts.iter().map(|o| o.parse().unwrap()).collect();
    let options = options_for(program.ruleset(), &opts).ok()?;
    (0..5000).find_map(|seed| {
        let deal = Deal { seed, stack: None };
        let mut plan = Plan::new(options.clone(), deal, Vec::new(), answerer);
        plan.record_events = false;
        let report = delve::play(&program, plan);
        (report.choices.len() >= depth).then(|| Deep {
            game,
            opts: opts.clone(),
            seed,
            choices: report.choices,
        })
    })
}

impl Deep {
    /// A session standing at decision `at` of this game.
    fn session_at(&self, at: usize) -> Session {
        let program = Program::load_named(self.game).unwrap();
        let (live, ruleset) = LiveRun::load(program.ruleset().file.clone()).unwrap();
        let options = options_for(&ruleset, &self.opts).unwrap();
        let deal = Deal {
            seed: self.seed,
            stack: None,
        };
        Session::begin(live, ruleset, options, deal, self.choices[..at].to_vec()).unwrap()
    }
}

fn steps(c: &mut Criterion) {
    // No shipped game reaches 100 decisions: these are the deepest they go.
    let cases = [
        ("clear-the-dungeon", &[][..], Answerer::ScriptBot, 40),
        ("clear-the-dungeon-v1.0", &[][..], Answerer::RandomBot, 60),
        (
            "mythic-dungeon-crawler",
            &["health=60", "max_health=60"][..],
            Answerer::ScriptBot,
            75,
        ),
    ];
    for (game, opts, answerer, depth) in cases {
        let Some(deep) = deep_game(game, opts, answerer, depth + 1) else {
            eprintln!("no game of {game} reaches {depth} decisions: skipped");
            continue;
        };
        for at in [5, depth] {
            let next = deep.choices[at].index;
            c.bench_function(&format!("step at decision {at} of {game}"), |b| {
                b.iter_batched_ref(
                    || deep.session_at(at),
                    |session| session.choose(next).unwrap(),
                    BatchSize::PerIteration,
                );
            });
        }
        c.bench_function(&format!("undo at decision {depth} of {game}"), |b| {
            b.iter_batched_ref(
                || deep.session_at(depth),
                |session| assert!(session.undo().unwrap()),
                BatchSize::PerIteration,
            );
        });
        json_game(c, &deep);
    }
}

/// A client playing a whole game over `--json`, one answer per prompt.
fn json_game(c: &mut Criterion, deep: &Deep) {
    let answers: Vec<String> = deep.choices.iter().map(|ch| ch.index.to_string()).collect();
    let answers = answers.join("\n") + "\n";
    let name = format!(
        "process: a whole game of {} ({} decisions) over --json",
        deep.game,
        deep.choices.len()
    );
    c.bench_function(&name, |b| {
        b.iter(|| {
            let mut child = Command::new(env!("CARGO_BIN_EXE_delve"))
                .args([
                    "play",
                    deep.game,
                    "--seed",
                    &deep.seed.to_string(),
                    "--json",
                ])
                .args(
                    deep.opts
                        .iter()
                        .flat_map(|o| ["--opt".to_string(), o.to_string()]),
                )
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .spawn()
                .unwrap();
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all(answers.as_bytes()).unwrap();
            drop(stdin);
            assert!(child.wait().unwrap().success());
        });
    });
}

criterion_group!(benches, random_games, first_prompt, steps);
criterion_main!(benches);
