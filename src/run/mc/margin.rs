//! A verdict where options are close but not alike: where the ruleset says
//! how small a difference counts for nothing (`negligible`), a hint may
//! name an option that no other beats by that much or more, at the hint's
//! 95%. Each other option still played is compared with it world by world,
//! as with the leader (`compare.rs`), and the top of that interval must
//! lie below the margin: one claim each, at the error each comparison with
//! the leader has, so the hint's claims together stay within 5% (a one-sided
//! claim from a two-sided interval errs half as often; a comparison with
//! the leader and one with this option for each other option). An option
//! already left as surely worse than the leader needs no comparison: the
//! leader is one of those compared, so it beats this option by less than the
//! margin, and the left one by less still.

use super::alike::Alike;
use super::compare::{versus, Measure, Spread};
use super::Estimate;
use crate::script::negligible::Negligible;
use crate::script::objective::Objective;

/// The margin of `measure`, if the ruleset declared one.
fn margin(negligible: Negligible, measure: Measure) -> Option<f64> {
    match measure {
        Measure::Wins => negligible.wins,
        Measure::Score => negligible.score,
    }
}

/// What a verdict of negligible differences reads: the options, which of
/// them are in play, their groups of options alike (`alike::groups`), and
/// the spread of every result.
pub(super) struct Standing<'a> {
    pub estimates: &'a [Estimate],
    pub in_play: &'a [bool],
    pub group: &'a [(usize, Option<Alike>)],
    pub spread: Spread,
}

/// Whether no option in play beats `candidate` by the negligible margin or
/// more: each is alike with it, or the top of its interval against it lies
/// below the margin.
fn none_beats(
    standing: &Standing,
    candidate: usize,
    objective: Objective,
    negligible: Negligible,
) -> bool {
    let Standing {
        estimates,
        in_play,
        group,
        spread,
    } = *standing;
    (0..estimates.len())
        .filter(|&i| in_play[i] && i != candidate && group[i].0 != group[candidate].0)
        .all(|i| {
            let d = versus(
                &estimates[i],
                &estimates[candidate],
                objective,
                spread,
                estimates.len(),
            );
            d.same || margin(negligible, d.measure).is_some_and(|m| d.mean + d.margin < m)
        })
}

/// The option to take by a verdict of negligible differences, if the
/// worlds allow one: the ruleset's bot's choice (`base`, a position in
/// `estimates`) where no option beats it by the margin, else the leader
/// where none beats that. The caller has checked that the ruleset
/// declares a margin.
pub(super) fn pick(
    standing: &Standing,
    leader: usize,
    base: Option<usize>,
    objective: Objective,
    negligible: Negligible,
) -> Option<usize> {
    base.filter(|&b| standing.in_play[b])
        .into_iter()
        .chain([leader])
        .find(|&c| none_beats(standing, c, objective, negligible))
}
