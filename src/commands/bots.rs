//! Who plays a simulated or checked game: uniform random choices, the
//! script's own `fn bot`, the Monte Carlo bot with its settings, or (in
//! `sim` only) the solver, a player who peeks.

use crate::cli::McArgs;
use crate::commands::mc_bot::McBot;
use crate::script::ruleset::Ruleset;
use crate::session::open::UsageError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bot {
    Random,
    Heuristic,
    Mc(McBot),
    /// The solver with its budget per deal: it reads every card, so what it
    /// wins is a ceiling, not a player's result (`sim` only).
    Solver(crate::run::solve::Budget),
}

impl Bot {
    /// The bot a command line names, with the mc bot's settings.
    pub(crate) fn chosen(name: &str, mc: &McArgs) -> Result<Bot, UsageError> {
        match name {
            "random" => Ok(Bot::Random),
            "heuristic" => Ok(Bot::Heuristic),
            "mc" => Ok(Bot::Mc(McBot {
                worlds: usize::try_from(mc.worlds).unwrap_or(usize::MAX),
                heuristic: mc.rollout.as_deref().map(heuristic_rollout).transpose()?,
                budget_ms: mc.budget_ms,
                prune: !mc.no_prune,
            })),
            "solver" => Err(UsageError(
                "the solver reads face-down cards: it plays only in `delve sim` (and `delve solve`), not here".into(),
            )),
            other => Err(UsageError(format!(
                "no bot named `{other}`: the bots are random, heuristic and mc (and solver in sim)"
            ))),
        }
    }

    /// The bot of a `sim` run, where the solver plays too.
    pub(crate) fn for_sim(
        name: &str,
        mc: &McArgs,
        solver: &crate::cli::BudgetArgs,
    ) -> Result<Bot, UsageError> {
        match name {
            "solver" => Ok(Bot::Solver(solver.budget(false)?)),
            other => Bot::chosen(other, mc),
        }
    }

    /// Refuses a bot that needs the ruleset's own (`heuristic`, or mc
    /// rolling out with it) where the ruleset has none.
    pub(crate) fn plays(self, ruleset: &Ruleset, game: &str) -> Result<(), UsageError> {
        let own = match self {
            Bot::Heuristic => true,
            Bot::Mc(mc) => mc.heuristic == Some(true),
            Bot::Random | Bot::Solver(_) => false,
        };
        if own && !ruleset.has_bot() {
            return Err(UsageError(format!(
                "{game} has no heuristic bot (its script defines no `fn bot(question, options)` or `fn rate(option)`): use --bot random"
            )));
        }
        Ok(())
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::Heuristic => "heuristic",
            Bot::Mc(_) => "mc",
            Bot::Solver(_) => "solver",
        }
    }
}

/// What to tell of a variant whose base's bot reads rules the variant
/// replaces (`script/bot_reads.rs`): that bot judges the variant as a
/// player who does not know it, and `--bot mc` plays the rules as written.
pub(crate) fn unknowing_bot(program: &crate::run::Program, game: &str) -> Option<String> {
    let readings = program.replaced_rules_the_bot_reads();
    let first = readings.first()?;
    let read: Vec<String> = readings
        .iter()
        .map(|r| format!("`{}` ({})", r.function, r.path.join(" → ")))
        .collect();
    Some(format!(
        "note: {game}'s heuristic bot is the one of {}, written for its rules: it reads {}, \
         which {} replaces, so it plays your rule as a player who has not learnt it. \
         `--bot mc` plays every rule as written.",
        first.bot_in,
        read.join(" and "),
        first.replaced_in
    ))
}

/// `--rollout random|heuristic`.
fn heuristic_rollout(name: &str) -> Result<bool, UsageError> {
    match name {
        "random" => Ok(false),
        "heuristic" => Ok(true),
        other => Err(UsageError(format!(
            "no rollout named `{other}`: the rollouts are random and heuristic"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use crate::commands::mc_bot::McBot;
    use crate::run::Answerer;
    use clap::Parser;

    /// The mc bot a `delve sim` command line names.
    fn named(args: &[&str]) -> McBot {
        let line = [&["delve", "sim", "g", "--bot", "mc"][..], args].concat();
        let Some(crate::cli::Command::Sim(sim)) = Cli::parse_from(line).command else {
            panic!("a sim command line");
        };
        match Bot::chosen(&sim.bot, &sim.mc).unwrap() {
            Bot::Mc(bot) => bot,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn by_default_it_rolls_out_with_the_rulesets_own_bot_where_it_has_one() {
        let bot = named(&[]);
        assert_eq!(bot, McBot::default());
        assert_eq!(bot.settings(1, true).rollout, Answerer::ScriptBot);
        assert_eq!(bot.settings(1, false).rollout, Answerer::RandomBot);
        let random = named(&["--rollout", "random"]);
        assert_eq!(random.settings(1, true).rollout, Answerer::RandomBot);
        let own = named(&["--rollout", "heuristic"]);
        assert_eq!(own.settings(1, true).rollout, Answerer::ScriptBot);
    }
}
