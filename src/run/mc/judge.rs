//! A hint's verdict, by one rule that every front end shows alike: the
//! options are grouped where they are alike (`alike.rs`), ranked by what
//! the ruleset's player plays for, and each group compared with the
//! leading one world by world (`compare.rs`), at an error of 5% for all
//! the comparisons together and at every number of worlds (`anytime.rs`),
//! so the hint may stop as soon as the worlds allow. A group the leader
//! surely beats is played no more; the verdict is reached when the
//! leader's group is all that is left: the best group, surely. The option
//! to take is in that group (the ruleset's bot's choice where it is one of
//! them). Where the ruleset says how small a difference counts for nothing,
//! the verdict is also reached when no option beats one by that much
//! (`margin.rs`). Without a verdict, the option to take is the bot's
//! choice while the worlds can not tell it from the leader, else the leader.

use super::alike::{groups, Alike};
use super::compare::{versus, Spread};
use super::margin::{pick, Standing};
use super::Estimate;
use crate::script::negligible::Negligible;
use crate::script::objective::Objective;
use std::cmp::Ordering;

/// The fewest worlds before a verdict: the interval holds at any number,
/// but below this many a mean of differences of -1, 0 and 1 is far from
/// normal, and a group by position has met too few hidden cards.
pub(crate) const FEWEST_WORLDS: usize = 8;

/// Best first by what the player plays for (wins, then mean score; or mean
/// score, then wins), then the ruleset's bot's choice, then the order
/// offered.
pub(super) fn order(
    a: &Estimate,
    b: &Estimate,
    objective: Objective,
    base: Option<usize>,
) -> Ordering {
    let score = |e: &Estimate| objective.ranked(e.mean_score().unwrap_or(0.0));
    let by_wins = b.win_rate().total_cmp(&a.win_rate());
    let by_score = score(b).total_cmp(&score(a));
    let by_objective = match objective {
        Objective::WinThenScore { .. } => by_wins.then(by_score),
        Objective::Score { .. } => by_score.then(by_wins),
    };
    let bot_first = (Some(b.index) == base).cmp(&(Some(a.index) == base));
    by_objective.then(bot_first).then(a.index.cmp(&b.index))
}

/// The spread of every result in the worlds so far.
fn spread(estimates: &[Estimate]) -> Spread {
    Spread::of(estimates.iter().flat_map(|e| e.played.iter()))
}

/// The live option leading, if any is live.
fn leader(
    estimates: &[Estimate],
    alive: &[bool],
    objective: Objective,
    base: Option<usize>,
) -> Option<usize> {
    (0..estimates.len())
        .filter(|&i| alive[i])
        .min_by(|&a, &b| order(&estimates[a], &estimates[b], objective, base))
}

/// Leaves each live option that is in another group than the leader's and
/// that the leader surely beats: it is surely not the best.
pub(super) fn prune(
    estimates: &[Estimate],
    alive: &mut [bool],
    objective: Objective,
    base: Option<usize>,
) {
    let Some(lead) = leader(estimates, alive, objective, base) else {
        return;
    };
    if estimates[lead].games < FEWEST_WORLDS {
        return;
    }
    let group = groups(estimates);
    let spread = spread(estimates);
    for i in 0..estimates.len() {
        if alive[i] && group[i].0 != group[lead].0 {
            let d = versus(
                &estimates[i],
                &estimates[lead],
                objective,
                spread,
                estimates.len(),
            );
            if d.surely_worse() {
                alive[i] = false;
            }
        }
    }
}

/// Whether the verdict is reached: every live option is in the leader's
/// group, or no live option beats one by a negligible margin.
pub(super) fn settled(
    estimates: &[Estimate],
    alive: &[bool],
    objective: Objective,
    negligible: Negligible,
    base: Option<usize>,
) -> bool {
    let Some(lead) = leader(estimates, alive, objective, base) else {
        return true;
    };
    let group = groups(estimates);
    if (0..estimates.len()).all(|i| !alive[i] || group[i].0 == group[lead].0) {
        return true;
    }
    if !negligible.declared() || estimates[lead].games < FEWEST_WORLDS {
        return false;
    }
    let standing = Standing {
        estimates,
        in_play: alive,
        group: &group,
        spread: spread(estimates),
    };
    pick(&standing, lead, base, objective, negligible).is_some()
}

/// Which kind of verdict a hint reached (docs/hints.md, "one verdict").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The best group (one option, or several alike) is surely better
    /// than every other option, each left as surely worse.
    Separated,
    /// Every option is in one group: they are as good as each other.
    Alike,
    /// No other option beats the one to take by the ruleset's declared
    /// negligible margin (`margin.rs`).
    WithinMargin,
    /// There was only one option.
    Only,
}

impl Kind {
    /// The kind as the protocol names it.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Kind::Separated => "separated",
            Kind::Alike => "alike",
            Kind::WithinMargin => "within_margin",
            Kind::Only => "only",
        }
    }

    /// The kind as a verdict in words opens with it.
    pub(crate) fn title(self) -> &'static str {
        match self {
            Kind::Separated => "Separated",
            Kind::Alike => "Alike",
            Kind::WithinMargin => "Within the negligible margin",
            Kind::Only => "The only option",
        }
    }
}

/// What the ranking says: the option to take, and whether it is a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ranked {
    pub suggested: usize,
    pub answered: bool,
    /// The verdict is that no option beats the one to take by a
    /// negligible margin (`margin.rs`).
    pub by_negligible: bool,
    /// The verdict's kind; none without a verdict.
    pub kind: Option<Kind>,
}

/// Orders the options best first (those left as surely worse last), names
/// each one's group (0: the best's) and how it is alike with its group's
/// first, compares each with the best, and says the verdict.
pub(super) fn rank_for_hint(
    estimates: &mut [Estimate],
    objective: Objective,
    negligible: Negligible,
    base: Option<usize>,
) -> Ranked {
    let every = estimates.iter().map(|e| e.games).max().unwrap_or(0);
    estimates.sort_by(|a, b| {
        (b.games == every)
            .cmp(&(a.games == every))
            .then(order(a, b, objective, base))
    });
    let found = groups(estimates);
    let mut numbers: Vec<usize> = Vec::new();
    for (i, &(first, how)) in found.iter().enumerate() {
        let number = numbers.iter().position(|&f| f == first).unwrap_or_else(|| {
            numbers.push(first);
            numbers.len() - 1
        });
        estimates[i].group = number;
        estimates[i].alike = how.or_else(|| {
            found
                .iter()
                .find(|g| g.0 == i && g.1.is_some())
                .and_then(|g| g.1)
        });
    }
    let spread = spread(estimates);
    let options = estimates.len();
    let best = estimates[0].clone();
    for e in estimates.iter_mut().skip(1) {
        e.versus_best = Some(versus(e, &best, objective, spread, options));
    }
    let enough = every >= FEWEST_WORLDS || options == 1;
    let answered = enough
        && estimates.iter().all(|e| {
            e.group == 0 || e.games < every || e.versus_best.is_some_and(|d| d.surely_worse())
        });
    let playing = |e: &Estimate| {
        e.games == every && (e.group == 0 || !e.versus_best.is_some_and(|d| d.surely_worse()))
    };
    let in_play = |index: usize| {
        estimates
            .iter()
            .find(|e| e.index == index)
            .filter(|e| playing(e))
    };
    if !answered && enough && negligible.declared() {
        let in_play: Vec<bool> = estimates.iter().map(playing).collect();
        let standing = Standing {
            estimates,
            in_play: &in_play,
            group: &found,
            spread,
        };
        let bot = base.and_then(|b| estimates.iter().position(|e| e.index == b));
        if let Some(taken) = pick(&standing, 0, bot, objective, negligible) {
            return Ranked {
                suggested: estimates[taken].index,
                answered: true,
                by_negligible: true,
                kind: Some(Kind::WithinMargin),
            };
        }
    }
    let suggested = match base.and_then(in_play) {
        Some(bot) if answered && bot.group != 0 => best.index,
        Some(bot) => bot.index,
        None => best.index,
    };
    let kind = match () {
        () if !answered => None,
        () if options == 1 => Some(Kind::Only),
        () if estimates.iter().all(|e| e.group == 0) => Some(Kind::Alike),
        () => Some(Kind::Separated),
    };
    Ranked {
        suggested,
        answered,
        by_negligible: false,
        kind,
    }
}

/// The options alike with `e`, besides itself, and how.
pub(crate) fn alike_with<'a>(
    e: &Estimate,
    estimates: &'a [Estimate],
) -> (Vec<&'a Estimate>, Option<Alike>) {
    let others = estimates
        .iter()
        .filter(|o| o.group == e.group && o.index != e.index)
        .collect::<Vec<_>>();
    let how = estimates
        .iter()
        .filter(|o| o.group == e.group)
        .find_map(|o| o.alike);
    (others, how)
}
