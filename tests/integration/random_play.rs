//! Random play on fixed seeds, for every shipped ruleset and every value of
//! its options, through `delve check`'s own checks: each game ends, no
//! script fails, cards are conserved at every decision, every decision
//! reads (view, labels, keys, hint), replaying the same choices reproduces
//! the same game (also for the ruleset's own bot), and undo, redo and a
//! save return to the same state. The same seeds every run, so a failure
//! here fails again; `.ci/run` runs `delve check` on many more.

use delve::{check_all, every_configuration};

#[test]
fn every_ruleset_keeps_every_invariant_under_random_play() {
    let configurations = every_configuration();
    assert!(configurations.len() > 8, "{configurations:?}");
    let found = check_all(&configurations, Some(1_000_003), 1, None).unwrap();
    for ((name, opts), checked) in configurations.iter().zip(found) {
        assert!(checked.failure.is_none(), "{name} {opts:?}: {checked:?}");
        assert_eq!(checked.capped, 0, "{name} {opts:?}: {checked:?}");
    }
}
