//! Random play on many seeds, for every shipped ruleset and every value of
//! its options: each game ends, no script fails, the host finds the cards
//! conserved at every decision (debug builds check), and replaying the same
//! choices reproduces the same game.

use delve::check::every_configuration;
use delve::decider::RandomBot;
use delve::open::options_for;
use delve::script::{Deal, Ruleset, RunEnd, RunPlan};
use proptest::prelude::*;
use rhai::Map;

fn play_randomly(ruleset: &Ruleset, options: &Map, seed: u64) -> Result<(), TestCaseError> {
    let deal = Deal { seed, stack: None };
    let mut plan = RunPlan::new(options.clone(), deal.clone(), Vec::new());
    plan.bot = Some(Box::new(RandomBot::new(seed)));
    plan.check_cards = true;
    let run = ruleset.run(plan);
    let name = ruleset.name();
    match &run.end {
        RunEnd::Ended(_) => {}
        other => {
            return Err(TestCaseError::fail(format!(
                "{name} seed {seed} {options:?}: {other:?}"
            )))
        }
    }
    prop_assert_eq!(run.table.check_conservation(), Ok(()));
    let mut again = RunPlan::new(options.clone(), deal, run.choices.clone());
    again.check_cards = true;
    let replay = ruleset.run(again);
    prop_assert_eq!(
        &replay.table,
        &run.table,
        "{} seed {}: replay differs",
        name,
        seed
    );
    prop_assert_eq!(&replay.events, &run.events);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_ruleset_ends_and_conserves_cards_under_random_play(seed in any::<u64>()) {
        for (name, opts) in every_configuration() {
            let ruleset = Ruleset::load(&name).unwrap();
            let options = options_for(&ruleset, &opts).unwrap();
            play_randomly(&ruleset, &options, seed)?;
        }
    }
}
