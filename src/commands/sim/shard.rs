//! A shard of a `delve sim` run (`--shard K/N`): which seeds it plays, and
//! the file it is kept in. A shard file is JSON lines: a header naming all
//! that must match for shards to pool (delve's version, each side's ruleset
//! digest, options and bot, the run's seeds and how it is cut), one line per
//! seed with each side's game, and an `end` line with the count of games and
//! the shards' own timings. A file without its `end` line was cut short and
//! never pools; `commands/pool/read.rs` reads them back.

use super::{Game, Loaded, Outcome, Setup};
pub(crate) use crate::cli::ShardOf;
use crate::commands::bots::Bot;
use crate::script::declare::Options;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What a shard file's first key says it is.
pub(crate) const FORMAT: &str = "delve-shard";

impl ShardOf {
    /// The first seed and the number of seeds of this shard of `games`
    /// seeds from `first`: consecutive blocks, the larger ones last.
    pub(crate) fn seeds(self, first: u64, games: u64) -> (u64, u64) {
        let edge = |k: u64| {
            u64::try_from(u128::from(k) * u128::from(games) / u128::from(self.count))
                .expect("at most games")
        };
        let (low, high) = (edge(self.index), edge(self.index + 1));
        (first + low, high - low)
    }

    /// The shard's file in a run's folder.
    pub(crate) fn path_in(self, dir: &Path) -> PathBuf {
        dir.join(format!("shard-{}-of-{}.jsonl", self.index, self.count))
    }
}

/// The first line of a shard file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Header {
    pub format: String,
    /// The version of delve that played the games.
    pub version: String,
    pub run: Run,
    pub shard: u64,
    /// This shard's first seed and number of seeds.
    pub seeds: [u64; 2],
    pub a: Side,
    /// The compared configuration (`--vs`, `--vs-opt`, `--vs-bot`).
    pub b: Option<Side>,
}

/// The whole run a shard is part of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Run {
    pub first_seed: u64,
    pub games: u64,
    pub shards: u64,
}

/// One configuration of a run, as far as its games depend on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Side {
    /// The ruleset as the command line named it (the report shows it).
    pub game: String,
    /// The ruleset's digest: its files and the library scripts it imports.
    pub ruleset_digest: String,
    /// `--opt` as given (the report shows them)...
    pub opts: Vec<String>,
    /// ...and every option's value they come to.
    pub options: Options,
    pub bot: BotSpec,
    /// What the ruleset's player plays for (`objective`); a shard of a
    /// delve before it was declared plays to win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective: Option<String>,
}

/// A bot and the settings its games depend on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BotSpec {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mc: Option<McSpec>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct McSpec {
    pub worlds: usize,
    pub rollout: String,
    pub budget_ms: Option<u64>,
    pub prune: bool,
}

impl Side {
    pub(crate) fn of(setup: &Setup, loaded: &Loaded, bot: Bot) -> Side {
        let mc = match bot {
            Bot::Mc(mc) => Some(McSpec {
                worlds: mc.worlds,
                rollout: if mc.rolls_out_with_own_bot(loaded.program.ruleset().has_bot()) {
                    "heuristic"
                } else {
                    "random"
                }
                .into(),
                budget_ms: mc.budget_ms,
                prune: mc.prune,
            }),
            Bot::Random | Bot::Heuristic | Bot::Solver(_) => None,
        };
        Side {
            game: setup.game.clone(),
            ruleset_digest: loaded.program.ruleset().hash.clone(),
            opts: setup.opts.iter().map(ToString::to_string).collect(),
            options: loaded.options.clone(),
            bot: BotSpec {
                name: bot.name().into(),
                mc,
            },
            objective: Some(loaded.program.ruleset().declared.objective.spec()),
        }
    }

    /// The configuration again, for the report, or why the header can not
    /// be one (a hand-edited option or bot).
    pub(crate) fn setup_and_bot(&self) -> Result<(Setup, Bot), String> {
        let opts = self
            .opts
            .iter()
            .map(|o| o.parse())
            .collect::<Result<Vec<_>, _>>()?;
        let bot = match (self.bot.name.as_str(), &self.bot.mc) {
            ("random", None) => Bot::Random,
            ("heuristic", None) => Bot::Heuristic,
            ("mc", Some(mc)) => Bot::Mc(crate::commands::mc_bot::McBot {
                worlds: mc.worlds,
                heuristic: Some(mc.rollout == "heuristic"),
                budget_ms: mc.budget_ms,
                prune: mc.prune,
            }),
            _ => return Err(format!("`{}` is no bot delve knows", self.bot.name)),
        };
        let setup = Setup {
            game: self.game.clone(),
            opts,
        };
        Ok((setup, bot))
    }
}

/// One seed's games: the first configuration's and the compared one's.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Record {
    pub seed: u64,
    pub a: Played,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b: Option<Played>,
}

/// One game as the report counts it.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Played {
    pub win: bool,
    pub score: Option<f64>,
    pub decisions: usize,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fell_back: usize,
    /// It reached the cap on decisions without ending.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capped: bool,
}

impl From<&Game> for Played {
    fn from(game: &Game) -> Played {
        Played {
            win: game.win,
            score: game.score,
            decisions: game.decisions,
            fell_back: game.fell_back,
            capped: game.capped,
        }
    }
}

impl From<Played> for Game {
    fn from(played: Played) -> Game {
        Game {
            win: played.win,
            score: played.score,
            decisions: played.decisions,
            fell_back: played.fell_back,
            unknown: false,
            capped: played.capped,
            searched: None,
        }
    }
}

/// The last line: how many games the shard holds and how long each side's
/// took (for `pool --status`'s estimate and the pooled speed).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct End {
    pub games: u64,
    pub seconds: Vec<f64>,
}

/// The text of a shard file: the header, a line per seed, the end.
pub(crate) fn text(
    header: &Header,
    a: &Outcome,
    b: Option<&Outcome>,
) -> serde_json::Result<String> {
    let mut text = serde_json::to_string(header)? + "\n";
    for (i, game) in a.games.iter().enumerate() {
        let record = Record {
            seed: header.seeds[0] + i as u64,
            a: game.into(),
            b: b.map(|b| (&b.games[i]).into()),
        };
        let _ = writeln!(text, "{}", serde_json::to_string(&record)?);
    }
    let end = End {
        games: a.games.len() as u64,
        seconds: std::iter::once(a.seconds)
            .chain(b.map(|b| b.seconds))
            .collect(),
    };
    let _ = writeln!(text, "{}", serde_json::json!({ "end": end }));
    Ok(text)
}

// serde's `skip_serializing_if` hands the field by reference.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]
        /// A shard keeps every finite score to the last bit, so pooled
        /// means and intervals are the single run's.
        #[test]
        fn any_finite_score_reads_back_as_written(
            score in proptest::num::f64::NORMAL
                | proptest::num::f64::SUBNORMAL
                | proptest::num::f64::ZERO
        ) {
            let played = Played { win: false, score: Some(score), decisions: 3, fell_back: 0, capped: false };
            let text = serde_json::to_string(&played).unwrap();
            let back: Played = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(back.score.map(f64::to_bits), Some(score.to_bits()));
        }
    }

    #[test]
    fn shards_cover_every_seed_once_in_order() {
        for (games, count) in [(10, 3), (2000, 8), (5, 5), (1, 1), (7, 2)] {
            let mut next = 100;
            for index in 0..count {
                let (first, n) = ShardOf { index, count }.seeds(100, games);
                assert_eq!(first, next, "{games} {count} {index}");
                next += n;
            }
            assert_eq!(next, 100 + games);
        }
        let last = ShardOf { index: 1, count: 2 }.seeds(u64::MAX - 9, 10);
        assert_eq!(last, (u64::MAX - 4, 5));
    }
}
