//! How an option compares with the best one: the mean of their paired
//! differences over the worlds both were played in, with its 95% interval.
//! The luck of a world's hidden cards falls on both options alike, so this
//! interval is far narrower than either option's own win rate's, and it is
//! what tells a player whether the best is really better.

use super::super::pick::{paired_mean, Played};
use super::Z95;

/// What the difference is measured in: wins first; scores only where the
/// two options won or lost alike in every world.
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
    /// Half the width of the 95% interval (infinite below two worlds).
    pub margin: f64,
    pub worlds: usize,
}

impl Difference {
    /// Whether the best is surely (95%) better than this option.
    pub(crate) fn surely_worse(&self) -> bool {
        self.mean + self.margin < 0.0
    }
}

/// `other` minus `best`, world by world (both lists start at the first
/// world; an option left early has the shorter one).
pub(crate) fn against(other: &[Played], best: &[Played]) -> Difference {
    let pairs = other.iter().zip(best);
    let wins: Vec<f64> = pairs
        .clone()
        .map(|(o, b)| f64::from(u8::from(o.win)) - f64::from(u8::from(b.win)))
        .collect();
    let scores: Vec<f64> = pairs
        .filter_map(|(o, b)| Some(o.score? - b.score?))
        .collect();
    let (measure, differences) = if wins.iter().all(|&d| d == 0.0) && !scores.is_empty() {
        (Measure::Score, scores)
    } else {
        (Measure::Wins, wins)
    };
    let (mean, error) = paired_mean(&differences);
    Difference {
        measure,
        mean,
        margin: if differences.len() < 2 {
            f64::INFINITY
        } else {
            Z95 * error
        },
        worlds: differences.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::pick::games as played;
    use super::*;

    #[test]
    fn two_options_whose_win_rates_overlap_are_told_apart_when_one_wins_every_world_the_other_does()
    {
        // 12 worlds: the best wins 7, the other 5 of the same 7, never
        // elsewhere. Their rates' own intervals (±28) overlap; the paired
        // difference (-2 in 12 worlds) is far tighter.
        let best = played(
            &[
                true, true, true, true, true, true, true, false, false, false, false, false,
            ],
            &[0.0; 12],
        );
        let mut other_wins = [false; 12];
        other_wins[..5].fill(true);
        let other = played(&other_wins, &[0.0; 12]);
        let d = against(&other, &best);
        assert_eq!(d.measure, Measure::Wins);
        assert!((d.mean + 2.0 / 12.0).abs() < 1e-9);
        assert!(d.margin < 0.25, "margin {}", d.margin);
        assert!(!d.surely_worse());
        let many = |p: &[Played]| p.iter().cycle().take(120).copied().collect::<Vec<_>>();
        assert!(against(&many(&other), &many(&best)).surely_worse());
    }

    #[test]
    fn options_that_win_alike_are_compared_by_score() {
        let best = played(&[true, false, false], &[5.0, 2.0, 3.0]);
        let other = played(&[true, false, false], &[4.0, 1.0, 2.0]);
        let d = against(&other, &best);
        assert_eq!(d.measure, Measure::Score);
        assert!((d.mean + 1.0).abs() < 1e-9);
        assert!(d.surely_worse(), "a steady point less in every world");
    }

    #[test]
    fn the_same_results_in_every_world_are_never_surely_worse() {
        let best = played(&[true, false, true], &[1.0, 0.0, 1.0]);
        let d = against(&best, &best);
        assert!(d.mean == 0.0 && !d.surely_worse());
        assert!(against(&best[..1], &best[..1]).margin.is_infinite());
    }
}
