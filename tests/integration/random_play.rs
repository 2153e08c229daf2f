//! Random play on many seeds, for every shipped ruleset and every value of
//! its options, through `delve check`'s own checks: each game ends, no
//! script fails, cards are conserved at every decision, replaying the same
//! choices reproduces the same game (also for the ruleset's own bot), and
//! undo, redo and a save return to the same state.

use delve::{check, every_configuration};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_ruleset_keeps_every_invariant_under_random_play(seed in 0..u64::MAX / 2) {
        for (name, opts) in every_configuration() {
            let failure = check(&name, &opts, seed, 1).unwrap();
            prop_assert!(failure.is_none(), "{name} {opts:?}: {failure:?}");
        }
    }
}
