//! The figures of a `delve sim` run: what each configuration's games came
//! to, as JSON (`--json`, `--each`) and as the text a person reads.

use super::{Outcome, Setup};
use crate::commands::bots::Bot;
use crate::commands::tally;

/// The figures of one configuration.
#[derive(Debug, serde::Serialize)]
pub(crate) struct Summary {
    pub setup: String,
    pub bot: &'static str,
    pub games: usize,
    pub wins: usize,
    pub win_rate: f64,
    pub ci95: [f64; 2],
    pub mean_score: Option<f64>,
    /// What the ruleset's player plays for: `win` (then score) or `score`.
    pub objective: &'static str,
    /// Which score is the better: `higher`, or `lower` (cards left).
    pub better_score: &'static str,
    pub decisions_per_game: f64,
    pub games_per_second: f64,
    /// The mc bot's decisions taken by its rollout player, their worlds
    /// being nearly all told apart from the real game.
    #[serde(skip_serializing_if = "is_zero")]
    pub mc_fell_back: u64,
    /// Games that reached the cap on decisions without ending (counted as
    /// not won, with no score).
    pub capped: usize,
    /// The solver's deals not settled within its budget (counted as not won).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solver_unknown: Option<usize>,
    /// What the solver's searches cost (`sim --bot solver`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solver_search: Option<super::search_cost::SearchCost>,
    #[serde(skip)]
    pub scores: Vec<i64>,
    /// Each game, when asked for (`--each`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub each: Option<Vec<Each>>,
}

/// One game of a run, by its seed.
#[derive(Debug, serde::Serialize)]
pub(crate) struct Each {
    pub seed: u64,
    pub win: bool,
    pub score: Option<f64>,
    /// A deal the solver did not settle within its budget (said only
    /// then): with `win`, each deal's verdict, so runs can be compared.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unknown: bool,
    /// The CPU time of the solver's search of the deal, and the positions
    /// it met (`sim --bot solver`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<usize>,
}

/// Each game of `outcome`, with its seed from `seeds`.
pub(super) fn each(outcome: &Outcome, seeds: impl Iterator<Item = u64>) -> Vec<Each> {
    seeds
        .zip(&outcome.games)
        .map(|(seed, g)| Each {
            seed,
            win: g.win,
            score: g.score,
            unknown: g.unknown,
            cpu_seconds: g.searched.map(|s| s.cpu_seconds),
            positions: g.searched.map(|s| s.positions),
        })
        .collect()
}

/// How games came out: wins, their rate with its 95% interval, and the
/// mean score; a run's summary and each point of a sweep alike.
pub(super) struct Results {
    pub games: usize,
    pub wins: usize,
    pub win_rate: f64,
    pub ci95: [f64; 2],
    pub mean_score: Option<f64>,
    pub scores: Vec<f64>,
}

impl Results {
    pub(super) fn of(outcome: &Outcome) -> Results {
        let games = outcome.games.len();
        let wins = outcome.games.iter().filter(|g| g.win).count();
        let (low, high) = tally::wilson(wins, games);
        let scores: Vec<f64> = outcome.games.iter().filter_map(|g| g.score).collect();
        Results {
            games,
            wins,
            win_rate: wins as f64 / games.max(1) as f64,
            ci95: [low, high],
            mean_score: (!scores.is_empty())
                .then(|| scores.iter().sum::<f64>() / scores.len() as f64),
            scores,
        }
    }
}

/// Sums up the games of one configuration.
pub(crate) fn summarize(setup: &Setup, bot: Bot, outcome: &Outcome) -> Summary {
    let Results {
        games,
        wins,
        win_rate,
        ci95,
        mean_score,
        scores,
    } = Results::of(outcome);
    // Summed in u128, which no count of games can pass (each game's
    // figures fit in a u64): a pooled shard's games are checked at reading,
    // and a sum that wrapped would be a wrong figure said as right.
    let decisions: u128 = outcome.games.iter().map(|g| g.decisions as u128).sum();
    let fell_back: u128 = outcome.games.iter().map(|g| g.fell_back as u128).sum();
    Summary {
        setup: setup.describe(),
        bot: bot.name(),
        games,
        wins,
        win_rate,
        ci95,
        mean_score,
        objective: outcome.objective.word(),
        better_score: outcome.objective.better_score(),
        decisions_per_game: decisions as f64 / games.max(1) as f64,
        games_per_second: games as f64 / outcome.seconds.max(1e-9),
        mc_fell_back: u64::try_from(fell_back).unwrap_or(u64::MAX),
        capped: outcome.games.iter().filter(|g| g.capped).count(),
        solver_unknown: matches!(bot, Bot::Solver(_))
            .then(|| outcome.games.iter().filter(|g| g.unknown).count()),
        solver_search: super::search_cost::SearchCost::of(&outcome.games),
        scores: scores.iter().map(|s| s.round() as i64).collect(),
        each: None,
    }
}

/// The figures as text, for a person; `speed` says how the games were
/// played ("2 jobs").
pub(crate) fn report(summary: &Summary, speed: &str) -> String {
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    let mut text = format!(
        "{} ({} bot), {} games\n  wins       {} of {} = {} (95% CI {}–{})\n",
        summary.setup,
        summary.bot,
        summary.games,
        summary.wins,
        summary.games,
        pct(summary.win_rate),
        pct(summary.ci95[0]),
        pct(summary.ci95[1]),
    );
    if let Some(mean) = summary.mean_score {
        // A ruleset played for its score says so by its figure.
        let played_for = if summary.objective == "score" {
            " (what the ruleset plays for)"
        } else {
            ""
        };
        text += &format!(
            "  score      mean {mean:.2}{played_for}; distribution:\n{}",
            tally::histogram(&summary.scores, 40)
        );
    }
    text += &format!(
        "  decisions  {:.1} per game\n  speed      {} ({speed})\n",
        summary.decisions_per_game,
        crate::commands::progress::pace(summary.games_per_second),
    );
    if summary.capped > 0 {
        text += &format!(
            "  too long   {} of {} games reached the cap of {} decisions without ending; \
             they count as not won, with no score\n",
            summary.capped,
            summary.games,
            crate::script::limits::MAX_DECISIONS
        );
    }
    if let Some(unknown) = summary.solver_unknown {
        text += &settled(summary, unknown);
        if let Some(cost) = &summary.solver_search {
            text += &cost.line(summary.games);
        }
        text += &format!(
            "  solver     a player who peeks at every card and random number: the wins are the deals \
             proven winnable, a ceiling for honest play (never a hint); {unknown} deals not settled \
             within the budget count as not won; the score is the best found\n"
        );
    }
    if summary.mc_fell_back > 0 {
        text += &format!(
            "  note       {} of {} decisions were nearly all told apart from worlds; the rollout player took them\n",
            summary.mc_fell_back,
            (summary.decisions_per_game * summary.games as f64).round()
        );
    }
    text
}

/// The solver's deals as it settled them, and where the winnable share
/// lies: at least the deals proven winnable, at most those and the ones
/// not settled, each end with its 95% interval.
fn settled(summary: &Summary, unknown: usize) -> String {
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    let games = summary.games;
    let not = games - summary.wins - unknown;
    let mut text = format!(
        "  settled    {} winnable, {not} not winnable, {unknown} not settled\n",
        summary.wins
    );
    if unknown > 0 {
        let most = summary.wins + unknown;
        let (_, high) = tally::wilson(most, games);
        text += &format!(
            "  share      between {} and {} of deals are winnable (95% CI {}–{})\n",
            pct(summary.win_rate),
            pct(most as f64 / games.max(1) as f64),
            pct(summary.ci95[0]),
            pct(high),
        );
    }
    text
}

// serde's `skip_serializing_if` hands the field by reference.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &u64) -> bool {
    *n == 0
}
