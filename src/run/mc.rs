//! Determinized Monte Carlo: each option of the current decision played out
//! in many worlds the player can not tell from the real game (`world.rs`),
//! by a rollout policy (the random bot or the ruleset's own). The real game
//! is run only to learn what the player saw; no world reads a face-down
//! card of it. The worlds are drawn from the settings' seed alone, in
//! order, so an estimate is the same on any machine and for any `--jobs`.

use super::world::{Sight, Watch};
use super::{play, Answerer, Deal, Plan, Program, Stop};
use crate::game::decision::{Choice, Prompt};
use crate::script::declare::Options;
use crate::script::ScriptError;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How hard to look.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// Worlds accepted per estimate; every option is played once in each.
    pub worlds: usize,
    /// Who plays after the option: the random bot or the ruleset's own.
    pub rollout: Answerer,
    pub seed: u64,
    /// Stop early (with at least one world) after this long.
    pub budget: Option<Duration>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            worlds: 24,
            rollout: Answerer::RandomBot,
            seed: 0,
            budget: None,
        }
    }
}

/// One option's results over the worlds.
#[derive(Clone, Debug, Default)]
pub(crate) struct Estimate {
    pub index: usize,
    pub key: String,
    pub label: String,
    pub games: usize,
    pub wins: usize,
    score_sum: f64,
    scored: usize,
}

impl Estimate {
    pub(crate) fn win_rate(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }

    pub(crate) fn mean_score(&self) -> Option<f64> {
        (self.scored > 0).then(|| self.score_sum / self.scored as f64)
    }

    /// Half the 95% interval of the win rate (normal approximation, with a
    /// floor so a rate of 0 or 1 over few worlds is not called exact).
    pub(crate) fn margin(&self) -> f64 {
        let n = self.games.max(1) as f64;
        let p = self.win_rate();
        1.96 * (p * (1.0 - p)).max(0.25 / n).sqrt() / n.sqrt()
    }
}

/// The options best first, and how many worlds were tried and accepted.
#[derive(Clone, Debug)]
pub(crate) struct Estimates {
    pub options: Vec<Estimate>,
    pub worlds: usize,
    pub tried: usize,
    /// Cut short (Ctrl-C or the time budget): the best so far.
    pub cut_short: bool,
}

#[derive(Clone, Debug)]
pub(crate) enum Failure {
    /// The game is over: there is nothing to choose.
    Over,
    Script(ScriptError),
    /// Too many worlds showed what the player did not see.
    Rejected {
        tried: usize,
        accepted: usize,
    },
    /// The ruleset could not be loaded again for the worlds.
    Load(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Over => write!(f, "the game is over"),
            Failure::Script(error) => write!(f, "{error}"),
            Failure::Load(message) => write!(f, "{message}"),
            Failure::Rejected { tried, accepted } => write!(
                f,
                "only {accepted} of {tried} random worlds replay what the player saw: this ruleset reveals too much through its random numbers or narration for honest Monte Carlo hints"
            ),
        }
    }
}

/// The prompt the player faces now, and what they have seen so far.
pub(crate) fn sight(
    program: &Program,
    options: &Options,
    deal: &Deal,
    choices: &[Choice],
) -> Result<(Prompt, Arc<Sight>), Failure> {
    let mut plan = Plan::new(
        options.clone(),
        deal.clone(),
        choices.to_vec(),
        Answerer::Person,
    );
    plan.watch = Watch::Record;
    plan.check_cards = false;
    let report = play(program, plan);
    match report.stop {
        Stop::Asking(prompt) => {
            let watched = report.watched.expect("a watched run says what it saw");
            Ok((prompt, watched.sight))
        }
        Stop::Ended(_) => Err(Failure::Over),
        Stop::Failed(error) => Err(Failure::Script(error)),
    }
}

/// A seed for world `w` of decision `at`, spread by splitmix64.
fn world_seed(seed: u64, at: usize, w: usize) -> u64 {
    let mut z = seed ^ ((at as u64) << 32) ^ (w as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Estimates every option of the decision after `choices`; `stop` is
/// polled between playouts (Ctrl-C), and `progress` told of each world.
pub(crate) fn estimate(
    program: &Program,
    options: &Options,
    deal: &Deal,
    choices: &[Choice],
    settings: &Settings,
    stop: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Estimates, Failure> {
    let started = Instant::now();
    let (prompt, sight) = sight(program, options, deal, choices)?;
    let mut estimates: Vec<Estimate> = prompt
        .options
        .iter()
        .enumerate()
        .map(|(index, offer)| Estimate {
            index,
            key: offer.key.clone(),
            label: offer.label.clone(),
            ..Estimate::default()
        })
        .collect();
    let (mut tried, mut accepted, mut cut_short) = (0, 0, false);
    let most_tries = settings.worlds.max(1) * 20;
    'worlds: while accepted < settings.worlds.max(1) && tried < most_tries {
        if accepted > 0 && (stop() || settings.budget.is_some_and(|b| started.elapsed() > b)) {
            cut_short = true;
            break;
        }
        let seed = world_seed(settings.seed, choices.len(), tried);
        tried += 1;
        let keys: Vec<String> = estimates.iter().map(|e| e.key.clone()).collect();
        for (i, key) in keys.into_iter().enumerate() {
            let mut path = choices.to_vec();
            path.push(Choice { index: i, key });
            let mut plan = Plan::new(
                options.clone(),
                Deal { seed, stack: None },
                path,
                settings.rollout,
            );
            plan.check_cards = false;
            plan.watch = Watch::World(sight.clone());
            let report = play(program, plan);
            if report.watched.is_some_and(|w| w.rejected) {
                continue 'worlds;
            }
            match report.stop {
                Stop::Ended(outcome) => {
                    let e = &mut estimates[i];
                    e.games += 1;
                    e.wins += usize::from(outcome.is_win());
                    if let Some(score) = outcome.score_number() {
                        e.score_sum += score;
                        e.scored += 1;
                    }
                }
                Stop::Failed(_) if accepted > 0 && stop() => {
                    cut_short = true;
                    break 'worlds;
                }
                Stop::Failed(error) => return Err(Failure::Script(error)),
                Stop::Asking(_) => unreachable!("a bot answers every decision"),
            }
        }
        accepted += 1;
        progress(accepted, tried);
        if tried >= 40 && accepted * 20 < tried {
            break;
        }
    }
    if accepted == 0 || accepted * 20 < tried {
        return Err(Failure::Rejected { tried, accepted });
    }
    estimates.sort_by(|a, b| {
        b.win_rate()
            .total_cmp(&a.win_rate())
            .then(
                b.mean_score()
                    .unwrap_or(0.0)
                    .total_cmp(&a.mean_score().unwrap_or(0.0)),
            )
            .then(a.index.cmp(&b.index))
    });
    Ok(Estimates {
        options: estimates,
        worlds: accepted,
        tried,
        cut_short,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::decision::Choice;
    use crate::run::world::Watch;

    /// Four turns: each draws the deck's top card face up (and names it) or
    /// buries it face down unseen.
    const GAME: &str = r#"
title("Draw or bury");
fn play() {
    let deck = new_pile("deck", "down");
    deck.create(standard_deck(0));
    deck.shuffle();
    let up = new_pile("drawn", "up");
    let down = new_pile("buried", "down");
    for n in 0..4 {
        if ask(`Turn ${n + 1}`, ["draw", "bury"]) == 0 {
            deck.move_top(up);
            say(`You drew ${up.top}.`);
        } else {
            deck.move_top(down);
        }
    }
    end("win", 1, "Done.");
}
"#;

    fn program() -> (tempfile::TempDir, Program) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("draw-or-bury.rhai");
        std::fs::write(&path, GAME).unwrap();
        let program = Program::load_named(path.to_str().unwrap()).unwrap();
        (dir, program)
    }

    #[test]
    fn every_accepted_world_replays_what_the_player_saw_and_hides_the_rest() {
        let (_dir, program) = program();
        let options = Options::default();
        let deal = Deal {
            seed: 9,
            stack: None,
        };
        let choices: Vec<Choice> = [0, 1, 0]
            .iter()
            .map(|&i| Choice {
                index: i,
                key: ["draw", "bury"][i].into(),
            })
            .collect();
        let real = play(
            &program,
            Plan::new(
                options.clone(),
                deal.clone(),
                choices.clone(),
                Answerer::Person,
            ),
        );
        let (_, sight) = sight(&program, &options, &deal, &choices).unwrap();
        let buried = |report: &super::super::Report| {
            let pile = report
                .table
                .pile(report.table.pile_index("buried").unwrap());
            pile.cards().cloned().collect::<Vec<_>>()
        };
        let mut differs = 0;
        for w in 0..40 {
            let mut plan = Plan::new(
                options.clone(),
                Deal {
                    seed: world_seed(1, 3, w),
                    stack: None,
                },
                choices.clone(),
                Answerer::Person,
            );
            plan.watch = Watch::World(sight.clone());
            let world = play(&program, plan);
            assert!(
                !world.watched.as_ref().unwrap().rejected,
                "world {w} rejected"
            );
            assert_eq!(world.events, real.events, "world {w} says something else");
            assert_eq!(world.stop, real.stop, "world {w} asks something else");
            differs += usize::from(buried(&world) != buried(&real));
        }
        // The buried card was never seen: the worlds deal it afresh.
        assert!(
            differs > 30,
            "only {differs} of 40 worlds buried another card"
        );
    }
}
