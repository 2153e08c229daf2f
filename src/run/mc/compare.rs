//! How an option compares with the best one: the mean of their paired
//! differences over the worlds both were played in, with its interval.
//! The luck of a world's hidden cards falls on both options alike, so this
//! interval is far narrower than either option's own win rate's, and it is
//! what tells a player whether the best is really better. The interval is
//! time-uniform (`anytime.rs`): a hint looks at it after every world.

use super::super::pick::{paired_mean, Played};
use super::anytime;
use super::Estimate;
use crate::script::objective::Objective;

/// What the difference is measured in, by what the player plays for: to
/// win first, wins, and scores where the two options won or lost alike in
/// every world; to score, scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Measure {
    /// Wins per world, -1 to 1 (shown as points of win rate).
    Wins,
    Score,
}

/// One option minus the best, over the worlds both were played in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Difference {
    pub measure: Measure,
    pub mean: f64,
    /// Half the width of the interval (infinite below two worlds).
    pub margin: f64,
    pub worlds: usize,
    /// The two did the same in every one of those worlds.
    pub same: bool,
}

impl Difference {
    /// Whether the best is surely better than this option.
    pub(crate) fn surely_worse(&self) -> bool {
        self.mean + self.margin < 0.0
    }
}

/// How far the results of every option in every world spread, in each
/// measure: half their range, the largest deviation results within that
/// range can have. The interval (`anytime.rs`) counts one world more that
/// differs by this much, so that a few alike worlds never make it narrow.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Spread {
    pub wins: f64,
    pub score: f64,
}

impl Spread {
    /// Half the range of all results seen, in wins and in score.
    pub(crate) fn of<'a>(results: impl Iterator<Item = &'a Played>) -> Spread {
        let (mut won, mut lost) = (false, false);
        let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
        for p in results {
            won |= p.win;
            lost |= !p.win;
            if let Some(s) = p.score {
                low = low.min(s);
                high = high.max(s);
            }
        }
        Spread {
            wins: if won && lost { 0.5 } else { 0.0 },
            score: if high > low { (high - low) / 2.0 } else { 0.0 },
        }
    }
}

/// `other` minus `best`, world by world (both lists start at the first
/// world; an option left early has the shorter one), by `objective`, with
/// an interval of error `alpha`.
pub(crate) fn against(
    other: &[Played],
    best: &[Played],
    objective: Objective,
    spread: Spread,
    alpha: f64,
) -> Difference {
    let pairs = other.iter().zip(best);
    let same = pairs.clone().all(|(o, b)| o == b);
    let wins: Vec<f64> = pairs
        .clone()
        .map(|(o, b)| f64::from(u8::from(o.win)) - f64::from(u8::from(b.win)))
        .collect();
    let scores: Vec<f64> = pairs
        .filter_map(|(o, b)| Some(o.score? - b.score?))
        .collect();
    let by_score =
        !scores.is_empty() && (objective.score_alone() || wins.iter().all(|&d| d == 0.0));
    let (measure, differences, deviation) = if by_score {
        (Measure::Score, scores, spread.score)
    } else {
        (Measure::Wins, wins, spread.wins)
    };
    let (mean, error) = paired_mean(&differences);
    let n = differences.len();
    let squares = error * error * (n as f64) * (n.max(2) as f64 - 1.0);
    Difference {
        measure,
        mean,
        margin: anytime::half_width(n, squares, deviation, alpha),
        worlds: n,
        same,
    }
}

/// `other` against `best` as a hint compares two options: by the
/// objective, with the error shared among the decision's `options`.
pub(super) fn versus(
    other: &Estimate,
    best: &Estimate,
    objective: Objective,
    spread: Spread,
    options: usize,
) -> Difference {
    against(
        &other.played,
        &best.played,
        objective,
        spread,
        anytime::alpha_each(options),
    )
}

#[cfg(test)]
mod tests {
    use super::super::super::pick::games as played;
    use super::*;

    /// `other` against `best` as a hint compares two options: to win first,
    /// at 95%.
    fn hint_against(other: &[Played], best: &[Played]) -> Difference {
        let spread = Spread::of(other.iter().chain(best));
        against(
            other,
            best,
            Objective::WinThenScore { lower: false },
            spread,
            anytime::ALPHA,
        )
    }

    #[test]
    fn two_options_whose_win_rates_overlap_are_told_apart_when_one_wins_every_world_the_other_does()
    {
        // 12 worlds: the best wins 7, the other 5 of the same 7, never
        // elsewhere; the same ten times over. Their rates' own intervals
        // overlap even at 120 worlds (58% and 42%, ± 9 each); the paired
        // difference (-1 in 6 worlds, 0 in the rest) tells them apart.
        let mut best_wins = [false; 12];
        best_wins[..7].fill(true);
        let best = played(&best_wins, &[0.0; 12]);
        let mut other_wins = [false; 12];
        other_wins[..5].fill(true);
        let other = played(&other_wins, &[0.0; 12]);
        let d = hint_against(&other, &best);
        assert_eq!(d.measure, Measure::Wins);
        assert!((d.mean + 2.0 / 12.0).abs() < 1e-9);
        assert!(
            !d.surely_worse() && !d.same,
            "two worlds in twelve are too few"
        );
        let many = |p: &[Played]| p.iter().cycle().take(120).copied().collect::<Vec<_>>();
        let d = hint_against(&many(&other), &many(&best));
        assert!(d.surely_worse() && d.margin < 0.15, "{d:?}");
    }

    #[test]
    fn options_that_win_alike_are_compared_by_score_and_to_score_always_by_score() {
        let wins = [true, false, false, true, false, true, false, false].repeat(3);
        let scores = [5.0, 2.0, 3.0, 6.0, 2.0, 7.0, 1.0, 3.0].repeat(3);
        let best = played(&wins, &scores);
        let less: Vec<f64> = scores.iter().map(|s| s - 1.0).collect();
        let other = played(&wins, &less);
        let d = hint_against(&other, &best);
        assert_eq!(d.measure, Measure::Score);
        assert!((d.mean + 1.0).abs() < 1e-9);
        assert!(d.surely_worse(), "a steady point less in 24 worlds: {d:?}");
        // Eight worlds are too few, for scores that range over seven points.
        assert!(!hint_against(&other[..8], &best[..8]).surely_worse());
        // One more win and far fewer points: worse to a player who plays
        // to win, better to one who plays to score.
        let mut more = wins.clone();
        more[1] = true;
        let winner = played(&more, &[0.0; 24]);
        let spread = Spread::of(winner.iter().chain(&best));
        let to_win = against(
            &best,
            &winner,
            Objective::WinThenScore { lower: false },
            spread,
            anytime::ALPHA,
        );
        assert_eq!((to_win.measure, to_win.mean < 0.0), (Measure::Wins, true));
        let to_score = against(
            &best,
            &winner,
            Objective::Score { lower: false },
            spread,
            anytime::ALPHA,
        );
        assert_eq!(
            (to_score.measure, to_score.mean > 0.0),
            (Measure::Score, true)
        );
    }

    #[test]
    fn the_same_results_in_every_world_are_never_surely_worse() {
        let best = played(&[true, false, true], &[1.0, 0.0, 1.0]);
        let d = hint_against(&best, &best);
        assert!(d.mean == 0.0 && d.same && !d.surely_worse());
        assert!(hint_against(&best[..1], &best[..1]).margin.is_infinite());
    }
}
