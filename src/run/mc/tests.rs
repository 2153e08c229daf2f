//! The Monte Carlo estimates' tests: worlds replay what the player saw,
//! and an option surely worse stops being played.

use super::*;
use crate::game::decision::Choice;
use crate::run::board_play::tests as boards;
use crate::run::testing::load;
use crate::run::world::Watch;
use crate::run::Report;

mod judging;
mod ranking;
mod redeal;

/// Four turns: each draws the deck's top card face up (and names it) or
/// buries it face down unseen.
const GAME: &str = r#"
title("Draw or bury");
fn play() {
    let deck = new_pile("deck", "down");
    deck.create(standard_deck(0));
    deck.shuffle();
    let up = new_pile("drawn", "up");
    let down = new_pile("buried", "down");
    for n in 0..4 {
        if ask(`Turn ${n + 1}`, ["draw", "bury"]) == 0 {
            deck.move_top(up);
            say(`You drew ${up.top}.`);
        } else {
            deck.move_top(down);
        }
    }
    end("win", 1, "Done.");
}
"#;

fn program() -> (tempfile::TempDir, Program) {
    load(GAME)
}

#[test]
fn every_accepted_world_replays_what_the_player_saw_and_hides_the_rest() {
    let (_dir, program) = program();
    let options = Options::default();
    let deal = Deal {
        seed: 9,
        stack: None,
    };
    let choices: Vec<Choice> = [0, 1, 0]
        .iter()
        .map(|&i| Choice {
            index: i,
            key: ["draw", "bury"][i].into(),
        })
        .collect();
    let real = play(
        &program,
        Plan::new(
            options.clone(),
            deal.clone(),
            choices.clone(),
            Answerer::Person,
        ),
    );
    let (_, sight) = sight(&program, &options, &deal, &choices).unwrap();
    let buried = |report: &super::super::Report| {
        let pile = report
            .table
            .pile(report.table.pile_index("buried").unwrap());
        pile.cards().cloned().collect::<Vec<_>>()
    };
    let mut differs = 0;
    for w in 0..40 {
        let mut plan = Plan::new(
            options.clone(),
            Deal {
                seed: world_seed(1, 3, w),
                stack: None,
            },
            choices.clone(),
            Answerer::Person,
        );
        plan.watch = Watch::World(sight.clone());
        let world = play(&program, plan);
        assert!(
            !world.watched.as_ref().unwrap().rejected,
            "world {w} rejected"
        );
        assert_eq!(world.events, real.events, "world {w} says something else");
        assert_eq!(world.stop, real.stop, "world {w} asks something else");
        differs += usize::from(buried(&world) != buried(&real));
    }
    // The buried card was never seen: the worlds deal it afresh.
    assert!(
        differs > 30,
        "only {differs} of 40 worlds buried another card"
    );
}

/// Halfway through a random game of every shipped ruleset, every world
/// accepted replays the narration and the prompt the player met, exactly,
/// and some are accepted where the rules hide only shuffled cards (a world
/// draws the script's own random numbers afresh, and a map made of them
/// rarely comes out the same).
#[test]
fn every_accepted_world_of_a_shipped_ruleset_replays_the_players_game() {
    let mut shuffles_only = 0;
    for name in crate::script::catalog::names() {
        let program = Program::load_named(&name).unwrap();
        let (options, deal, whole) = random_game(&program);
        let plan = |choices: &[Choice], answerer| unchecked(&options, 11, choices, answerer);
        let choices = &whole.choices[..whole.choices.len() / 2];
        let real = play(&program, plan(choices, Answerer::Person));
        let (_, sight) = sight(&program, &options, &deal, choices).unwrap();
        let worlds = accepted_worlds(&program, &options, choices, &sight, 5);
        let accepted = worlds.len();
        for (w, world) in worlds {
            assert_eq!(
                world.events, real.events,
                "{name}: world {w} says other things"
            );
            assert_eq!(
                world.stop, real.stop,
                "{name}: world {w} asks something else"
            );
        }
        assert!(
            accepted > 0 || sight.drew_randoms(),
            "{name}: no world of 12 accepted"
        );
        shuffles_only += usize::from(!sight.drew_randoms());
    }
    assert!(shuffles_only >= 3, "{shuffles_only}");
}

/// A random game of a ruleset on seed 11 with its default options: the
/// options, the deal and the game.
fn random_game(program: &Program) -> (Options, Deal, Report) {
    let options = program.ruleset().declared.defaults();
    let whole = play(program, unchecked(&options, 11, &[], Answerer::RandomBot));
    (
        options,
        Deal {
            seed: 11,
            stack: None,
        },
        whole,
    )
}

/// A plan on `seed` that leaves out the card checks (the tests read tables).
fn unchecked(options: &Options, seed: u64, choices: &[Choice], answerer: Answerer) -> Plan {
    let deal = Deal { seed, stack: None };
    let mut plan = Plan::new(options.clone(), deal, choices.to_vec(), answerer);
    plan.check_cards = false;
    plan
}

/// Which of 12 worlds of the moment after `choices` (seeds from `salt`)
/// replay what the player saw, with their reports.
fn accepted_worlds(
    program: &Program,
    options: &Options,
    choices: &[Choice],
    sight: &Arc<Sight>,
    salt: u64,
) -> Vec<(usize, Report)> {
    (0..12)
        .filter_map(|w| {
            let seed = world_seed(salt, choices.len(), w);
            let mut plan = unchecked(options, seed, choices, Answerer::Person);
            plan.watch = Watch::World(sight.clone());
            let world = play(program, plan);
            (!world.watched.as_ref().unwrap().rejected).then_some((w, world))
        })
        .collect()
}

/// One decision: a safe path wins, the cliff always loses, a coin may.
const CLIFF: &str = r#"
title("Cliff");
fn play() {
    switch ask("Which way?", ["path", "cliff", "coin"]) {
        0 => end("win", 10, "Safe."),
        1 => end("loss", 0, "Fallen."),
        _ => if random(2) == 0 { end("win", 10, "Lucky.") } else { end("loss", 0, "Unlucky.") },
    }
}
"#;

/// The Cliff's one decision estimated over at most 12 worlds; the path
/// always comes first.
fn cliff(prune: bool, settle: bool) -> Estimates {
    let settings = Settings {
        worlds: 12,
        prune,
        settle,
        ..Settings::default()
    };
    let estimates = first_decision(CLIFF, 3, &settings);
    assert_eq!(estimates.options[0].key, "path");
    estimates
}

/// The estimates of a script's first decision, on a deal of `seed`.
fn first_decision(source: &str, seed: u64, settings: &Settings) -> Estimates {
    let (_dir, program) = load(source);
    let deal = Deal { seed, stack: None };
    let quiet = &mut |_: usize, _: usize| {};
    let options = Options::default();
    let moment = Moment::look(&program, &options, &deal, &[]).unwrap();
    estimate(&program, &options, &moment, settings, &|| false, quiet).unwrap()
}

#[test]
fn an_option_surely_worse_stops_being_played_unless_pruning_is_off() {
    let games = |prune: bool| {
        let estimates = cliff(prune, false);
        let of = |key: &str| {
            let e = estimates.options.iter().find(|e| e.key == key).unwrap();
            (e.games, e.played.len())
        };
        (of("path"), of("cliff"))
    };
    // Three worlds show the cliff always loses where the path always wins.
    assert_eq!(games(true), ((12, 12), (3, 3)));
    assert_eq!(games(false), ((12, 12), (12, 12)));
}

#[test]
fn a_settled_estimate_stops_once_every_other_option_is_left() {
    // The cliff is left after three worlds, the coin after at most eight.
    let settled = cliff(true, true).worlds;
    assert!((3..=8).contains(&settled), "{settled}");
    assert_eq!(cliff(true, false).worlds, 12);
}

#[test]
fn an_option_left_early_ranks_below_those_played_to_the_end_whatever_its_rate() {
    let option = |index: usize, wins: &[bool]| {
        let mut e = Estimate {
            index,
            key: index.to_string(),
            ..Estimate::default()
        };
        for &win in wins {
            e.games += 1;
            e.wins += usize::from(win);
            e.played.push(Played { win, score: None });
        }
        e
    };
    // Option 0 was left after three worlds (one win, as the leader had
    // then); the leader, option 1, won less often over all eight.
    let mut estimates = vec![
        option(0, &[true, false, false]),
        option(1, &[true, false, false, false, false, false, false, true]),
        option(2, &[false; 8]),
    ];
    rank(
        &mut estimates,
        None,
        Objective::WinThenScore { lower: false },
    );
    let order: Vec<usize> = estimates.iter().map(|e| e.index).collect();
    assert_eq!(order, [1, 2, 0]);
}

#[test]
fn a_margin_stays_honest_at_every_world_won_or_lost() {
    let margin = |wins, games| {
        Estimate {
            games,
            wins,
            ..Estimate::default()
        }
        .margin()
    };
    // 24 of 24: the 95% Wilson interval is 86% to 100%.
    assert!((margin(24, 24) - 0.069).abs() < 0.002, "{}", margin(24, 24));
    assert!((margin(0, 24) - margin(24, 24)).abs() < 1e-12);
    // Half the worlds won: close to the normal approximation, 1.96 × 0.1.
    assert!(
        (margin(50, 100) - 0.096).abs() < 0.002,
        "{}",
        margin(50, 100)
    );
    assert!(margin(0, 3) > 0.25);
}

#[test]
fn a_refusal_names_its_cause() {
    let refusal = |endless, randoms| {
        Failure::Rejected {
            tried: 40,
            accepted: 1,
            randoms,
            endless,
        }
        .to_string()
    };
    assert!(refusal(30, true).contains("never ended the game"));
    assert!(refusal(3, true).contains("its own random numbers made"));
    assert!(refusal(3, false).contains("through its narration or state"));
    assert_eq!(
        Failure::Stopped.to_string(),
        "stopped before a single world was played"
    );
}

/// One decision, then a coin decides: the detour first rolls a die that
/// changes nothing.
const DETOUR: &str = r#"
title("Detour");
fn play() {
    if ask("Which way?", ["straight", "detour"]) == 1 {
        random(6);
    }
    if random(2) == 0 { end("win", 1, "Heads.") } else { end("loss", 0, "Tails.") }
}
"#;

/// In each world the two ways meet the same coin, for each place in the
/// script draws from a stream of its own: the die drawn first on the
/// detour does not shift it. (With one stream, the ways would differ in
/// about half the worlds, and noise could call one clearly better.)
#[test]
fn options_played_out_in_one_world_meet_the_same_numbers_at_the_same_place() {
    let settings = Settings {
        worlds: 24,
        prune: false,
        ..Settings::default()
    };
    let played = |estimates: &Estimates, key: &str| {
        let e = estimates.options.iter().find(|e| e.key == key).unwrap();
        e.played.iter().map(|p| p.win).collect::<Vec<_>>()
    };
    let estimates = first_decision(DETOUR, 5, &settings);
    let straight = played(&estimates, "straight");
    assert_eq!(straight.len(), 24);
    assert!(straight.contains(&true) && straight.contains(&false));
    assert_eq!(played(&estimates, "detour"), straight);
    // Loaded from another folder, the script meets the same numbers: a
    // place is its line and column, not its file's path.
    let again = first_decision(DETOUR, 5, &settings);
    assert_eq!(played(&again, "straight"), straight);
}

/// A game of positions whose steps are a few operations each and touch no
/// variable: the engine's check of a stop every 4096 operations notes it
/// inside one step and the next decision used to forget it.
const SHORT_STEPS: &str = r#"
title("Short steps");
fn setup() { new_state("n", 0); }
fn options() { [1, 2] }
fn apply(o) {
    set("n", get("n") + 1);
    if get("n") == 5000 { end("win", 1, "Done."); }
}
"#;

#[test]
fn a_playout_of_short_steps_stops_at_its_next_decision_once_its_work_is_due() {
    // A world's playout is such a run: a hint's budget must end it.
    let (_dir, program) = load(SHORT_STEPS);
    let options = program.ruleset().declared.defaults();
    let due = crate::script::cancel::Cancel::within(Some(Duration::ZERO), None);
    let report = due.over(|| play(&program, unchecked(&options, 1, &[], Answerer::RandomBot)));
    let Stop::Failed(error) = &report.stop else {
        panic!("played on to {:?}", report.stop);
    };
    assert_eq!(error.kind, crate::script::error::ErrorKind::Interrupted);
}

/// Halfway through a random game of every wholly declared ruleset, the
/// worlds of a Monte Carlo estimate played out by the random bot on
/// boards give each option the results the host's loop gives: the
/// player's past positions count towards the repetition rule alike.
#[test]
fn worlds_played_out_on_boards_are_the_host_loops_worlds() {
    let mut compared = 0;
    for (name, program) in crate::run::board_play::tests::declared() {
        let options = program.ruleset().declared.defaults();
        let deal = Deal {
            seed: 5,
            stack: None,
        };
        let whole = play(
            &program,
            Plan::new(
                options.clone(),
                deal.clone(),
                Vec::new(),
                Answerer::RandomBot,
            ),
        );
        let choices = &whole.choices[..whole.choices.len() / 2];
        let Ok(moment) = Moment::look(&program, &options, &deal, choices) else {
            continue;
        };
        let settings = Settings {
            worlds: 4,
            seed: 9,
            prune: false,
            ..Settings::default()
        };
        let played = |off: bool| {
            boards::OFF.set(off);
            let found = estimate(
                &program,
                &options,
                &moment,
                &settings,
                &|| false,
                &mut |_, _| {},
            );
            boards::OFF.set(false);
            format!("{:?}", found.map(|e| e.options))
        };
        let before = boards::PLAYED.get();
        let on_boards = played(false);
        let by_host = played(true);
        assert!(
            boards::PLAYED.get() > before,
            "{name}: no world played on boards"
        );
        assert_eq!(on_boards, by_host, "{name}");
        compared += 1;
    }
    assert!(compared >= 10, "only {compared} rulesets compared");
}
