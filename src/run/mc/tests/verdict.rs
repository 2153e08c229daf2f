//! A hint's verdict: options that lead to the same position are one group
//! from the first worlds, options surely worse by what the ruleset plays
//! for are left only once the worlds say so at the hint's error, and the
//! option to take is the best group's (the ruleset's bot's choice where it
//! is one of them) or, without a verdict, the bot's choice while the
//! worlds can not tell it from the leader.

use super::*;

/// A game of positions: the two roads lead to the same place, where the
/// colour of a face-down card decides; the cliff loses at once.
const ROADS: &str = r#"
title("Roads");
fn setup() {
    let deck = new_pile("deck", "down");
    deck.create(standard_deck(0));
    deck.shuffle();
    new_pile("drawn", "up");
    new_state("walked", false);
}
fn options() {
    if get("walked") { return ["draw"]; }
    ["left road", "right road", "cliff"]
}
fn apply(option) {
    switch option {
        "cliff" => end("loss", 0, "Fallen."),
        "draw" => {
            pile("deck").move_top(pile("drawn"));
            if pile("drawn").top.is_red { end("win", 1, "Red.") } else { end("loss", 0, "Black.") }
        }
        _ => set("walked", true),
    }
}
"#;

fn hint() -> Settings {
    Settings {
        worlds: FEWEST_WORLDS,
        until_separated: true,
        ..Settings::default()
    }
}

fn keyed<'a>(estimates: &'a Estimates, key: &str) -> &'a Estimate {
    estimates.options.iter().find(|e| e.key == key).unwrap()
}

#[test]
fn options_that_lead_to_the_same_position_are_one_group_the_verdict_names() {
    let estimates = first_decision(ROADS, 2, &hint());
    assert!(estimates.from_copies);
    assert!(estimates.answered, "{estimates:?}");
    let (left, right, cliff) = (
        keyed(&estimates, "left road"),
        keyed(&estimates, "right road"),
        keyed(&estimates, "cliff"),
    );
    assert_eq!((left.group, right.group), (0, 0));
    assert_eq!(right.alike, Some(Alike::Position));
    assert!(cliff.group != 0);
    // Left only once the worlds say so at the hint's error.
    assert!(cliff.games >= FEWEST_WORLDS, "{}", cliff.games);
    assert_eq!(estimates.suggested, left.index);
}

#[test]
fn the_option_to_take_is_the_bots_where_it_is_in_the_best_group_or_the_worlds_can_not_tell() {
    let option = |index: usize, wins: &[bool]| {
        let mut e = Estimate {
            index,
            key: format!("o{index}"),
            ..Estimate::default()
        };
        for &win in wins {
            e.games += 1;
            e.wins += usize::from(win);
            e.played.push(Played { win, score: None });
        }
        e
    };
    let win = Objective::WinThenScore { lower: false };
    // Twelve worlds: option 1 wins two more than the bot's choice (0):
    // the worlds can not tell, so the bot's choice is kept.
    let mut base = [false; 12];
    base[..4].fill(true);
    let mut ahead = base;
    ahead[4..6].fill(true);
    let mut estimates = vec![option(0, &base), option(1, &ahead)];
    let ranked = judge::rank_for_hint(&mut estimates, win, Some(0));
    assert_eq!((ranked.suggested, ranked.answered), (0, false));
    assert_eq!(estimates[0].index, 1, "the best estimate comes first");
    // Far ahead in 40 worlds: a verdict, and the bot's choice is not it.
    let mut far = [false; 40];
    far[..36].fill(true);
    let mut estimates = vec![option(0, &[false; 40]), option(1, &far)];
    let ranked = judge::rank_for_hint(&mut estimates, win, Some(0));
    assert_eq!((ranked.suggested, ranked.answered), (1, true));
    // Alike in every one of 24 worlds: one group, and the bot's choice of it.
    let same = [true, false].repeat(12);
    let mut estimates = vec![option(0, &same), option(1, &same)];
    let ranked = judge::rank_for_hint(&mut estimates, win, Some(1));
    assert_eq!((ranked.suggested, ranked.answered), (1, true));
}

#[test]
fn to_score_an_option_with_fewer_wins_and_more_points_is_the_better() {
    let option = |index: usize, win: bool, score: f64| Estimate {
        index,
        key: format!("o{index}"),
        games: 30,
        wins: if win { 30 } else { 0 },
        played: vec![
            Played {
                win,
                score: Some(score)
            };
            30
        ],
        score_sum: 30.0 * score,
        scored: 30,
        ..Estimate::default()
    };
    for (objective, best) in [
        (Objective::WinThenScore { lower: false }, 0),
        (Objective::Score { lower: false }, 1),
    ] {
        let mut estimates = vec![option(0, true, 10.0), option(1, false, 20.0)];
        let ranked = judge::rank_for_hint(&mut estimates, objective, None);
        assert_eq!(
            (ranked.suggested, ranked.answered),
            (best, true),
            "{objective}"
        );
    }
}
