//! The Monte Carlo bot (`--bot mc`): at each decision with more than one
//! option it asks `run::mc` for estimates in worlds the player can not tell
//! apart, and takes the best (win rate, then mean score). Its worlds come
//! from the game's seed mixed with a constant, never from its cards.

use crate::game::decision::Choice;
use crate::run::mc::{self, Looked, Moment, Settings};
use crate::run::{self, Answerer, Deal, Outcome, Plan, Program, Stop};
use crate::script::declare::Options;

/// The mc bot's settings as a command line gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct McBot {
    pub worlds: usize,
    /// Roll out with the ruleset's own bot (`Some(true)`) or the random one
    /// (`Some(false)`); `None`, the default, with the ruleset's own where
    /// it has one: the expert the documentation describes.
    pub heuristic: Option<bool>,
    /// At most this long a decision (with at least one world); its games
    /// then depend on the machine's speed.
    pub budget_ms: Option<u64>,
    /// Stop playing an option once it is surely worse.
    pub prune: bool,
}

impl Default for McBot {
    fn default() -> McBot {
        McBot {
            worlds: crate::cli::MC_WORLDS,
            heuristic: None,
            budget_ms: None,
            prune: Settings::default().prune,
        }
    }
}

impl McBot {
    /// Whether it rolls out with the ruleset's own bot, in a ruleset that
    /// has one (`has_bot`) or not.
    pub(crate) fn rolls_out_with_own_bot(self, has_bot: bool) -> bool {
        self.heuristic.unwrap_or(has_bot)
    }

    pub(crate) fn settings(self, seed: u64, has_bot: bool) -> Settings {
        Settings {
            worlds: self.worlds,
            rollout: if self.rolls_out_with_own_bot(has_bot) {
                Answerer::ScriptBot
            } else {
                Answerer::RandomBot
            },
            seed: seed ^ 0x3C0F_FEE5_DEC1_DE00,
            budget: self.budget_ms.map(std::time::Duration::from_millis),
            prune: self.prune,
            settle: self.prune,
            until_separated: false,
        }
    }
}

/// One game by the mc bot.
pub(crate) struct McGame {
    pub outcome: Outcome,
    pub choices: Vec<Choice>,
    /// Decisions whose worlds were nearly all told apart from the real
    /// game, taken by the rollout player instead (honest, and cheap).
    pub fell_back: usize,
}

/// One game by the mc bot; a script error names the seed.
pub(crate) fn play(
    program: &Program,
    options: &Options,
    seed: u64,
    bot: McBot,
) -> Result<McGame, String> {
    let name = program.ruleset().name();
    let deal = Deal { seed, stack: None };
    let settings = bot.settings(seed, program.ruleset().has_bot());
    let mut choices: Vec<Choice> = Vec::new();
    let mut fell_back = 0;
    loop {
        // One replay of the real game tells the prompt and what the player
        // has seen, for the estimate too.
        let moment = match Moment::replay(program, options, &deal, &choices) {
            Ok(Looked::At(moment)) => moment,
            Ok(Looked::Ended(outcome)) => {
                return Ok(McGame {
                    outcome,
                    choices,
                    fell_back,
                })
            }
            Err(e) => return Err(format!("{name} seed {seed}: {e}")),
        };
        let prompt = &moment.prompt;
        let index = if prompt.options.len() == 1 {
            0
        } else {
            let estimates = mc::estimate(
                program,
                options,
                &moment,
                &settings,
                &|| false,
                &mut |_, _| {},
            );
            match estimates {
                Ok(estimates) => estimates.suggested,
                // A position that gives nearly everything away is rare in
                // most rulesets (a hint there says so): the bot plays on
                // as its rollout player would rather than end the run.
                Err(mc::Failure::Rejected { .. }) if !choices.is_empty() => {
                    fell_back += 1;
                    rollout_choice(program, options, &deal, &choices, settings.rollout)
                        .map_err(|e| format!("{name} seed {seed}: {e}"))?
                }
                Err(e @ mc::Failure::Rejected { .. }) => {
                    return Err(format!(
                        "{name} seed {seed}, decision {}: {e}; the mc bot can not play it honestly, use --bot random or heuristic",
                        choices.len() + 1
                    ))
                }
                Err(e) => return Err(format!("{name} seed {seed}: {e}")),
            }
        };
        choices.push(Choice {
            index,
            key: prompt.options[index].key.clone(),
        });
    }
}

/// What `rollout` (the random bot or the ruleset's own) takes at the
/// decision after `choices` in the real game: it sees only what the
/// player sees.
fn rollout_choice(
    program: &Program,
    options: &Options,
    deal: &Deal,
    choices: &[Choice],
    rollout: Answerer,
) -> Result<usize, String> {
    let mut plan = Plan::new(options.clone(), deal.clone(), choices.to_vec(), rollout);
    plan.check_cards = false;
    plan.record_events = false;
    let report = run::play(program, plan);
    if let Stop::Failed(error) = report.stop {
        return Err(error.to_string());
    }
    report
        .choices
        .get(choices.len())
        .map(|c| c.index)
        .ok_or_else(|| "the game ended where the real one asked".to_string())
}
