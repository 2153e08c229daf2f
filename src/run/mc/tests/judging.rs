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
    let ranked = judge::rank_for_hint(&mut estimates, win, Negligible::default(), Some(0));
    assert_eq!((ranked.suggested, ranked.answered), (0, false));
    assert_eq!(estimates[0].index, 1, "the best estimate comes first");
    // Far ahead in 40 worlds: a verdict, and the bot's choice is not it.
    let mut far = [false; 40];
    far[..36].fill(true);
    let mut estimates = vec![option(0, &[false; 40]), option(1, &far)];
    let ranked = judge::rank_for_hint(&mut estimates, win, Negligible::default(), Some(0));
    assert_eq!((ranked.suggested, ranked.answered), (1, true));
    // Alike in every one of 24 worlds: one group, and the bot's choice of it.
    let same = [true, false].repeat(12);
    let mut estimates = vec![option(0, &same), option(1, &same)];
    let ranked = judge::rank_for_hint(&mut estimates, win, Negligible::default(), Some(1));
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
        let ranked = judge::rank_for_hint(&mut estimates, objective, Negligible::default(), None);
        assert_eq!(
            (ranked.suggested, ranked.answered),
            (best, true),
            "{objective}"
        );
    }
}

/// Two options to score over 200 worlds: the second scores the first's
/// plus `apart`, taken in turn.
fn scored_pair(apart: &[f64]) -> Vec<Estimate> {
    let option = |index: usize, scores: Vec<f64>| Estimate {
        index,
        key: format!("o{index}"),
        games: scores.len(),
        score_sum: scores.iter().sum(),
        scored: scores.len(),
        played: scores
            .iter()
            .map(|&s| Played {
                win: false,
                score: Some(s),
            })
            .collect(),
        ..Estimate::default()
    };
    let first = vec![10.0; 200];
    let second = first
        .iter()
        .zip(apart.iter().cycle())
        .map(|(s, d)| s + d)
        .collect();
    vec![option(0, first), option(1, second)]
}

#[test]
fn close_options_are_a_verdict_only_where_the_ruleset_counts_their_difference_as_nothing() {
    let to_score = Objective::Score { lower: false };
    let point = Negligible {
        wins: None,
        score: Some(1.0),
    };
    // Alike on average, never in a world: no option is surely best, but
    // neither beats the other by a point. The bot's choice (0) is kept.
    let even = [1.0, -1.0, 0.0, 0.5, -0.5];
    let ranked = judge::rank_for_hint(
        &mut scored_pair(&even),
        to_score,
        Negligible::default(),
        Some(0),
    );
    assert!(!ranked.answered);
    let ranked = judge::rank_for_hint(&mut scored_pair(&even), to_score, point, Some(0));
    assert_eq!(
        (ranked.suggested, ranked.answered, ranked.by_negligible),
        (0, true, true)
    );
    assert_eq!(ranked.kind, Some(Kind::WithinMargin));
    // Ahead by 0.4 on average, spread wide: the bot's choice may be beaten
    // by more than a point, the leader by less: it is the verdict's.
    let wide = [4.0, -3.2];
    let ranked = judge::rank_for_hint(&mut scored_pair(&wide), to_score, point, Some(0));
    assert_eq!((ranked.suggested, ranked.by_negligible), (1, true));
    // Spread wider still, either may be beaten by more: no verdict.
    let wider = [10.0, -9.2];
    let ranked = judge::rank_for_hint(&mut scored_pair(&wider), to_score, point, Some(0));
    assert!(!ranked.answered && !ranked.by_negligible);
    // Ahead by 0.2 on average, not surely, and surely by less than a
    // point: the bot's choice is kept against the leader.
    let ahead = [2.0, -1.6];
    let mut estimates = scored_pair(&ahead);
    let ranked = judge::rank_for_hint(&mut estimates, to_score, point, Some(0));
    assert_eq!(estimates[0].index, 1, "the leader comes first");
    assert_eq!((ranked.suggested, ranked.by_negligible), (0, true));
    // Where nothing is negligible, only a sure difference is a verdict.
    let nothing = Negligible {
        wins: None,
        score: Some(0.0),
    };
    let ranked = judge::rank_for_hint(&mut scored_pair(&ahead), to_score, nothing, Some(0));
    assert!(!ranked.answered);
}
