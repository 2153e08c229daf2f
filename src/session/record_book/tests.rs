//! The statistics' arithmetic: streaks, rates, scores, endings, and old
//! records joined once host options left their keys.

use super::*;

fn outcome(result: &str, score: i64) -> Outcome {
    Outcome {
        result: result.into(),
        score: score.into(),
        summary: String::new(),
    }
}

#[test]
fn streaks_rates_and_scores_follow_the_games() {
    let mut r = Record::new("g".into(), BTreeMap::new());
    for (result, score) in [("win", 4), ("win", 2), ("loss", 0), ("win", 9)] {
        r.add(&outcome(result, score));
    }
    assert_eq!((r.played, r.won, r.streak, r.best_streak), (4, 3, 1, 2));
    assert_eq!(r.best_score, Some(9.0));
    assert_eq!(r.mean_score(), Some(3.75));
    assert_eq!(
        r.summary(),
        "played 4, won 3 (75%), streak 1 (best 2), best score 9, mean score 3.8"
    );
}

#[test]
fn where_fewer_is_better_the_best_score_is_the_lowest() {
    let mut r = Record::new("g".into(), BTreeMap::new());
    r.lower_is_better = true;
    for score in [7, 3, 12] {
        r.add(&outcome("loss", score));
    }
    assert_eq!(r.best_score, Some(3.0));
    let mut other = Record::new("g".into(), BTreeMap::new());
    other.lower_is_better = true;
    other.add(&outcome("win", 0));
    r.join(other);
    assert_eq!(r.best_score, Some(0.0), "joined, the lower still wins");
    // And the line says which way is better.
    assert!(
        r.summary().ends_with("(lower is better)"),
        "{}",
        r.summary()
    );
}

#[test]
fn a_text_score_counts_by_its_last_number_as_sim_does() {
    let mut r = Record::new("g".into(), BTreeMap::new());
    r.add(&Outcome {
        result: "loss".into(),
        score: "3/41".into(),
        summary: String::new(),
    });
    assert_eq!((r.played, r.scored, r.best_score), (1, 1, Some(41.0)));
    assert_eq!(
        r.summary(),
        "played 1, won 0 (0%), streak 0 (best 0), best score 41, mean score 41.0"
    );
}

#[test]
fn every_ending_is_counted_by_its_name() {
    let mut r = Record::new("g".into(), BTreeMap::new());
    for (result, score) in [("survived", 5), ("loss", 0), ("survived", 7), ("win", 9)] {
        r.add(&outcome(result, score));
    }
    assert_eq!(r.results["survived"], 2);
    assert_eq!(r.results["loss"], 1);
    assert_eq!(
        r.summary(),
        "played 4, won 1 (25%), survived 2, streak 1 (best 1), best score 9, mean score 5.2"
    );
}

#[test]
fn records_kept_under_a_host_option_join_their_games_record() {
    let options = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect()
    };
    let mut take = Record::new("g".into(), options(&[("lone_option", "take"), ("hp", "5")]));
    let mut ask = Record::new("g".into(), options(&[("lone_option", "ask"), ("hp", "5")]));
    let other = Record::new("g".into(), options(&[("lone_option", "ask"), ("hp", "6")]));
    for (result, score) in [("win", 4), ("win", 2), ("loss", 0)] {
        take.add(&outcome(result, score));
    }
    ask.add(&outcome("win", 9));
    let joined = without_host_options(vec![take, other, ask]);
    assert_eq!(joined.len(), 2);
    assert_eq!(joined[0].options, options(&[("hp", "5")]));
    assert_eq!(joined[0].options_text(), "hp=5");
    let r = &joined[0];
    assert_eq!((r.played, r.won, r.streak, r.best_streak), (4, 3, 1, 2));
    assert_eq!((r.best_score, r.scored), (Some(9.0), 4));
    assert_eq!(r.results["win"], 3);
    assert_eq!(joined[1].options, options(&[("hp", "6")]));
}
