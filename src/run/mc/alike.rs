//! Options that are as good as each other, as the worlds show it: those
//! that lead to the same position in every world (a game of positions: the
//! host's key of the position after the option), and those whose results
//! were the same in every world, once there are enough worlds to say so.
//! A hint names such a group as one ("any of these is as good"), and
//! never asks the worlds to tell its options apart.

use super::Estimate;

/// How the options of a group are alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Alike {
    /// Each leads to the same position in every world: the same game from
    /// there on, whatever lies face down.
    Position,
    /// Each had the same result in every world played (at least
    /// `RESULTS_FROM` of them).
    Results,
}

/// The fewest worlds after which options with the same results in every
/// one are named as one group. After n alike worlds, the worlds where two
/// such options would differ are at most 3/n of all (95%, the "rule of
/// three"): 12% at 24 worlds.
pub(crate) const RESULTS_FROM: usize = 24;

/// The group of each option: the index (in `estimates`) of its group's
/// first option, and how it is alike with that one (none for a first).
pub(crate) fn groups(estimates: &[Estimate]) -> Vec<(usize, Option<Alike>)> {
    let mut found: Vec<(usize, Option<Alike>)> = Vec::with_capacity(estimates.len());
    for (i, e) in estimates.iter().enumerate() {
        let first = (0..i)
            .filter(|&j| found[j].0 == j)
            .find_map(|j| alike(&estimates[j], e).map(|how| (j, Some(how))));
        found.push(first.unwrap_or((i, None)));
    }
    found
}

/// How two options are alike over the worlds, if they are.
fn alike(a: &Estimate, b: &Estimate) -> Option<Alike> {
    if a.games != b.games || a.games == 0 {
        return None;
    }
    let same_place = a
        .keys
        .iter()
        .zip(&b.keys)
        .all(|(x, y)| x.is_some() && x == y);
    if same_place && a.keys.len() == a.games && b.keys.len() == b.games {
        return Some(Alike::Position);
    }
    (a.games >= RESULTS_FROM && a.played == b.played).then_some(Alike::Results)
}

#[cfg(test)]
mod tests {
    use super::super::super::pick::Played;
    use super::*;

    fn option(index: usize, results: &[(bool, f64)], keys: &[Option<u64>]) -> Estimate {
        let played = results
            .iter()
            .map(|&(win, score)| Played {
                win,
                score: Some(score),
            })
            .collect();
        Estimate {
            index,
            games: results.len(),
            played,
            keys: keys.to_vec(),
            ..Estimate::default()
        }
    }

    #[test]
    fn the_same_position_in_every_world_is_one_group_from_the_first_world() {
        let results = [(false, 3.0), (true, 5.0)];
        let estimates = [
            option(0, &results, &[Some(1), Some(7)]),
            option(1, &[(false, 2.0), (false, 1.0)], &[Some(2), Some(8)]),
            option(2, &results, &[Some(1), Some(7)]),
            // The same results, but another position in the second world.
            option(3, &results, &[Some(1), Some(9)]),
        ];
        assert_eq!(
            groups(&estimates),
            [(0, None), (1, None), (0, Some(Alike::Position)), (3, None)]
        );
    }

    #[test]
    fn the_same_results_make_a_group_only_after_enough_worlds() {
        let few = [(true, 1.0); 10];
        let many = [(true, 1.0); RESULTS_FROM];
        let none = |n: usize| vec![None; n];
        let pair = |r: &[(bool, f64)]| [option(0, r, &none(r.len())), option(1, r, &none(r.len()))];
        assert_eq!(groups(&pair(&few)), [(0, None), (1, None)]);
        assert_eq!(groups(&pair(&many)), [(0, None), (0, Some(Alike::Results))]);
        // An option left after fewer worlds is in no group with the others.
        let mut left = pair(&many);
        left[1].games -= 1;
        left[1].played.pop();
        assert_eq!(groups(&left), [(0, None), (1, None)]);
    }
}
