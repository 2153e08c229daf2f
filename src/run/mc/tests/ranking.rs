//! How a hint ranks and compares the options, how long it plays, and that
//! its worlds on every core are the worlds on one.

use super::*;
use crate::run::mc::alike::RESULTS_FROM;
use crate::script::catalog;

const WIN: Objective = Objective::WinThenScore { lower: false };

/// Two options alike: whichever is taken, a coin decides the game.
const TWINS: &str = r#"
title("Twins");
fn play() {
    ask("Which door?", ["left", "right"]);
    if random(2) == 0 { end("win", 1, "Lucky.") } else { end("loss", 0, "Unlucky.") }
}
"#;

/// Two doors alike, each with a coin of its own (another place in the
/// script draws another stream).
const COINS: &str = r#"
title("Coins");
fn play() {
    if ask("Which door?", ["left", "right"]) == 0 {
        if random(2) == 0 { end("win", 1, "Lucky.") } else { end("loss", 0, "Unlucky.") }
    }
    if random(2) == 0 { end("win", 1, "Lucky.") } else { end("loss", 0, "Unlucky.") }
}
"#;

fn hint_settings(worlds: usize) -> Settings {
    Settings {
        worlds,
        until_separated: true,
        ..Settings::default()
    }
}

/// Each option's key and results, in the order ranked.
fn results(estimates: &Estimates) -> Vec<(String, Vec<Played>)> {
    let options = estimates.options.iter();
    options.map(|e| (e.key.clone(), e.played.clone())).collect()
}

#[test]
fn a_hint_stops_at_its_verdict_and_plays_on_while_it_has_none() {
    let separated = first_decision(CLIFF, 3, &hint_settings(FEWEST_WORLDS));
    assert!(separated.answered);
    assert_eq!(separated.kind, Some(Kind::Separated));
    assert!(
        (FEWEST_WORLDS..24).contains(&separated.worlds),
        "the path surely beats the coin in fewer than 24 worlds: {}",
        separated.worlds
    );
    // Twins meet the same coin in every world: one group, as good as each
    // other, once enough worlds say so.
    let twins = first_decision(TWINS, 3, &hint_settings(FEWEST_WORLDS));
    assert!(twins.answered);
    assert_eq!(twins.kind, Some(Kind::Alike));
    assert_eq!(twins.worlds, RESULTS_FROM);
    assert_eq!(twins.options[1].group, 0);
    // Each door with a coin of its own: as good, never the same, never a verdict.
    let coins = first_decision(COINS, 3, &hint_settings(FEWEST_WORLDS));
    assert_eq!(coins.worlds, MOST_WORLDS);
    assert!(!coins.answered);
    assert_eq!(coins.kind, None);
    // Without the setting the estimate plays the worlds asked, no more.
    let fixed = first_decision(
        TWINS,
        3,
        &Settings {
            worlds: 24,
            ..Settings::default()
        },
    );
    assert_eq!(fixed.worlds, 24);
}

#[test]
fn each_option_is_compared_with_the_best_over_the_same_worlds() {
    let estimates = first_decision(CLIFF, 3, &hint_settings(24));
    assert_eq!(estimates.options[0].key, "path");
    assert!(estimates.options[0].versus_best.is_none());
    let coin = estimates.options.iter().find(|e| e.key == "coin").unwrap();
    let d = coin.versus_best.expect("compared with the best");
    assert_eq!(d.measure, Measure::Wins);
    assert_eq!(d.worlds, coin.games);
    assert!((d.mean - (coin.win_rate() - 1.0)).abs() < 1e-9, "{d:?}");
}

#[test]
fn the_options_come_best_first_and_the_bots_choice_is_suggested_unless_clearly_beaten() {
    let played = |wins: &[bool]| -> Vec<Played> {
        wins.iter()
            .map(|&win| Played { win, score: None })
            .collect()
    };
    let option = |index: usize, wins: &[bool]| {
        let mut e = Estimate {
            index,
            key: format!("o{index}"),
            ..Estimate::default()
        };
        e.played = played(wins);
        e.games = wins.len();
        e.wins = wins.iter().filter(|&&w| w).count();
        e
    };
    // Option 1 leads the bot's choice (0) by one win in eight: not clearly.
    let close = [true, false, false, false, true, false, false, false];
    let ahead = [true, false, false, true, true, false, false, false];
    let mut estimates = vec![option(0, &close), option(1, &ahead)];
    assert_eq!(
        rank(&mut estimates, Some(0), WIN),
        0,
        "the bot's choice stands"
    );
    assert_eq!(estimates[0].index, 1, "but the best estimate comes first");
    // Three more wins are clear: the best is suggested.
    let far = [true, true, true, true, true, false, false, false];
    let mut estimates = vec![option(0, &close), option(1, &far)];
    assert_eq!(rank(&mut estimates, Some(0), WIN), 1);
    // Without a bot the best is suggested.
    let mut estimates = vec![option(0, &close), option(1, &ahead)];
    assert_eq!(rank(&mut estimates, None, WIN), 1);
}

#[test]
fn worlds_played_on_two_cores_are_the_worlds_played_on_one() {
    for (source, settings) in [
        (
            CLIFF,
            Settings {
                worlds: 30,
                ..Settings::default()
            },
        ),
        (TWINS, hint_settings(24)),
    ] {
        let (dir, program) = load(source);
        let file = catalog::find(dir.path().join("game.rhai").to_str().unwrap()).unwrap();
        let (options, deal) = (
            Options::default(),
            Deal {
                seed: 5,
                stack: None,
            },
        );
        let moment = Moment::look(&program, &options, &deal, &[]).unwrap();
        let quiet = &mut |_: usize, _: usize| {};
        let one = estimate(&program, &options, &moment, &settings, &|| false, quiet).unwrap();
        let two =
            estimate_on_cores(&file, &options, &deal, &[], &settings, 2, &|| false, quiet).unwrap();
        assert_eq!(two.cores, 2);
        assert_eq!((one.worlds, one.tried), (two.worlds, two.tried));
        assert_eq!(one.suggested, two.suggested);
        assert_eq!(results(&one), results(&two));
    }
}
