//! Which option the Monte Carlo player takes from its estimates. Every
//! option was played in the same worlds, so two options are compared world
//! by world (a paired difference: the luck of a world's hidden cards falls
//! on both). Where the ruleset's own bot plays the worlds out, its own
//! choice stands unless another option is clearly better: with a few dozen
//! worlds most options tie or nearly tie, and a player that leaves its base
//! bot on such noise plays worse than the bot itself. Better is by what the
//! ruleset's player plays for (`script/objective.rs`): winning more often
//! and, as often, a higher score; or a higher score alone. This is the mc
//! bot's own rule, for play; a hint judges by its verdict (`mc/judge.rs`).

use crate::script::objective::Objective;

/// How many standard errors a paired difference must reach to overrule the
/// ruleset's bot (one-sided; about 84% sure).
const CLEAR: f64 = 1.0;

/// One world's result of one option.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Played {
    pub win: bool,
    pub score: Option<f64>,
}

/// Whether `other` did clearly better than `base` over the same worlds:
/// more wins, surely; or as many wins and a higher score, surely (to score
/// alone: a higher score, surely).
pub(crate) fn clearly_better(other: &[Played], base: &[Played], objective: Objective) -> bool {
    better_by(other, base, CLEAR, objective)
}

/// How many standard errors the yardstick must beat an option by before
/// the option is no longer played (one-sided; about 98% sure).
const DROP: f64 = 2.0;

/// The fewest worlds after which an option may be left.
const DROP_FROM: usize = 3;

/// Marks as no longer played each live option that the yardstick (the
/// ruleset's bot's choice, else the option leading so far) beats by `DROP`
/// standard errors, once each has `DROP_FROM` worlds. Such an option could
/// almost never overrule the bot or take the lead, and its playouts are
/// most of an estimate's cost where a decision has many options.
pub(crate) fn drop_the_surely_worse(
    played: &[&[Played]],
    alive: &mut [bool],
    base: Option<usize>,
    objective: Objective,
) {
    let live = || (0..played.len()).filter(|&i| alive[i]);
    if live().any(|i| played[i].len() < DROP_FROM) {
        return;
    }
    let Some(yardstick) = base
        .or_else(|| live().max_by(|&a, &b| leads(played[a], played[b], objective).then(b.cmp(&a))))
    else {
        return;
    };
    for i in 0..played.len() {
        if alive[i] && i != yardstick && better_by(played[yardstick], played[i], DROP, objective) {
            alive[i] = false;
        }
    }
}

/// How one option's results compare with another's over the same worlds:
/// by wins, then by the sum of scores (to score alone: by the sum of scores).
fn leads(a: &[Played], b: &[Played], objective: Objective) -> std::cmp::Ordering {
    let wins = |p: &[Played]| p.iter().filter(|p| p.win).count();
    let score = |p: &[Played]| p.iter().filter_map(|p| p.score).sum::<f64>();
    let by_score = score(a).total_cmp(&score(b));
    match objective {
        Objective::WinThenScore { .. } => wins(a).cmp(&wins(b)).then(by_score),
        Objective::Score { .. } => by_score,
    }
}

fn better_by(other: &[Played], base: &[Played], sigmas: f64, objective: Objective) -> bool {
    let wins: Vec<f64> = other
        .iter()
        .zip(base)
        .map(|(o, b)| f64::from(u8::from(o.win)) - f64::from(u8::from(b.win)))
        .collect();
    let more_wins: f64 = wins.iter().sum();
    if !objective.score_alone() && more_wins != 0.0 {
        return more_wins > 0.0 && surely_positive(&wins, sigmas);
    }
    let scores: Vec<f64> = other
        .iter()
        .zip(base)
        .filter_map(|(o, b)| Some(o.score? - b.score?))
        .collect();
    surely_positive(&scores, sigmas)
}

/// Whether the mean of paired differences lies above 0 by `sigmas`
/// standard errors (a difference that never varies is sure if above 0).
fn surely_positive(differences: &[f64], sigmas: f64) -> bool {
    if differences.len() < 2 {
        return false;
    }
    let (mean, error) = paired_mean(differences);
    mean > 0.0 && mean > sigmas * error
}

/// The mean of paired differences and its standard error (0 below two).
pub(crate) fn paired_mean(differences: &[f64]) -> (f64, f64) {
    let n = differences.len();
    if n == 0 {
        return (0.0, 0.0);
    }
    let mean = differences.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return (mean, 0.0);
    }
    let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    (mean, (variance / n as f64).sqrt())
}

/// Worlds' results from their wins and scores, for the tests.
#[cfg(test)]
pub(crate) fn games(wins: &[bool], scores: &[f64]) -> Vec<Played> {
    wins.iter()
        .zip(scores)
        .map(|(&win, &score)| Played {
            win,
            score: Some(score),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIN: Objective = Objective::WinThenScore { lower: false };

    #[test]
    fn one_more_win_in_eight_worlds_is_not_enough_two_are() {
        let base = games(&[false; 8], &[0.0; 8]);
        let mut one = [false; 8];
        one[3] = true;
        assert!(!clearly_better(&games(&one, &[0.0; 8]), &base, WIN));
        let mut two = one;
        two[5] = true;
        assert!(clearly_better(&games(&two, &[0.0; 8]), &base, WIN));
    }

    #[test]
    fn fewer_wins_lose_whatever_the_score_unless_the_score_is_all_that_counts() {
        let base = games(&[true, true, false, false], &[1.0; 4]);
        let other = games(&[true, false, false, false], &[9.0; 4]);
        assert!(!clearly_better(&other, &base, WIN));
        assert!(
            clearly_better(&other, &base, Objective::Score { lower: false }),
            "to score, the points count"
        );
    }

    #[test]
    fn as_many_wins_are_settled_by_a_steady_higher_score() {
        let base = games(&[true, false, true, false], &[5.0, 1.0, 6.0, 2.0]);
        let steady = games(&[true, false, true, false], &[6.0, 2.0, 7.0, 3.0]);
        assert!(clearly_better(&steady, &base, WIN));
        assert!(!clearly_better(&base, &steady, WIN));
        let erratic = games(&[true, false, true, false], &[15.0, 0.0, 1.0, 0.0]);
        assert!(!clearly_better(&erratic, &base, WIN));
    }

    #[test]
    fn an_option_that_surely_loses_to_the_bots_choice_is_dropped_one_that_may_not_is_kept() {
        let base = games(&[true, true, false, true], &[9.0, 8.0, 2.0, 7.0]);
        let loser = games(&[false; 4], &[1.0, 0.0, 2.0, 1.0]);
        let close = games(&[true, true, false, false], &[9.0, 8.0, 2.0, 3.0]);
        let played = [&base[..], &loser[..], &close[..]];
        let mut alive = [true; 3];
        drop_the_surely_worse(&played, &mut alive, Some(0), WIN);
        assert_eq!(alive, [true, false, true]);
        // Two worlds are too few to drop anything.
        let short: Vec<&[Played]> = played.iter().map(|p| &p[..2]).collect();
        let mut alive = [true; 3];
        drop_the_surely_worse(&short, &mut alive, Some(0), WIN);
        assert_eq!(alive, [true; 3]);
    }

    #[test]
    fn without_the_rulesets_bot_the_leader_is_the_yardstick_and_is_never_dropped() {
        let leader = games(&[false; 4], &[9.0, 8.0, 7.0, 9.0]);
        let loser = games(&[false; 4], &[1.0, 0.0, 2.0, 1.0]);
        let played = [&loser[..], &leader[..]];
        let mut alive = [true; 2];
        drop_the_surely_worse(&played, &mut alive, None, WIN);
        assert_eq!(alive, [false, true]);
        // An option already dropped is not the yardstick, nor picked up again.
        let mut alive = [true, false];
        drop_the_surely_worse(&played, &mut alive, None, WIN);
        assert_eq!(alive, [true, false]);
    }
}
