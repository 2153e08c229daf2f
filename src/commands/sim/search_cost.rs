//! What the solver's searches of a `sim --bot solver` run cost: each
//! deal's CPU time and positions, summed up as the field's tables give
//! them (the median and 99th percentile of the time a deal, the deals
//! settled within a CPU-second, positions a CPU-second).

use super::Game;

/// The solver's cost over a run's deals.
#[derive(Debug, serde::Serialize)]
pub(crate) struct SearchCost {
    pub median_cpu_seconds: f64,
    pub p99_cpu_seconds: f64,
    pub max_cpu_seconds: f64,
    /// Deals settled (proven winnable or not) within one CPU-second.
    pub settled_within_a_second: usize,
    pub positions_per_cpu_second: f64,
}

impl SearchCost {
    /// The cost of `games`' searches; none where no game was searched.
    pub(crate) fn of(games: &[Game]) -> Option<SearchCost> {
        let mut seconds: Vec<f64> = games
            .iter()
            .filter_map(|g| g.searched)
            .map(|s| s.cpu_seconds)
            .collect();
        if seconds.is_empty() {
            return None;
        }
        seconds.sort_by(f64::total_cmp);
        let positions: f64 = games
            .iter()
            .filter_map(|g| g.searched)
            .map(|s| s.positions as f64)
            .sum();
        let settled_within_a_second = games
            .iter()
            .filter(|g| !g.unknown)
            .filter_map(|g| g.searched)
            .filter(|s| s.cpu_seconds <= 1.0)
            .count();
        Some(SearchCost {
            median_cpu_seconds: rank(&seconds, 0.5),
            p99_cpu_seconds: rank(&seconds, 0.99),
            max_cpu_seconds: seconds[seconds.len() - 1],
            settled_within_a_second,
            positions_per_cpu_second: positions / seconds.iter().sum::<f64>().max(1e-9),
        })
    }

    /// The line of a run's report, for a person.
    pub(crate) fn line(&self, games: usize) -> String {
        format!(
            "  search     {} of {games} deals settled within a CPU-second; a deal's CPU time: median \
             {:.3} s, 99th percentile {:.3} s, most {:.3} s; {:.0} positions a CPU-second\n",
            self.settled_within_a_second,
            self.median_cpu_seconds,
            self.p99_cpu_seconds,
            self.max_cpu_seconds,
            self.positions_per_cpu_second,
        )
    }
}

/// The value at fraction `at` of `sorted` (nearest rank).
fn rank(sorted: &[f64], at: f64) -> f64 {
    let index = ((at * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[index]
}

#[cfg(test)]
mod tests {
    use super::rank;

    // The rank picks one of the values itself: equal to the bit.
    #[allow(clippy::float_cmp)]
    #[test]
    fn the_rank_is_the_nearest_one_at_or_above_the_fraction() {
        let sorted: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(rank(&sorted, 0.5), 50.0);
        assert_eq!(rank(&sorted, 0.99), 99.0);
        assert_eq!(rank(&[3.0], 0.99), 3.0);
        assert_eq!(rank(&[1.0, 2.0, 3.0], 0.5), 2.0);
    }
}
