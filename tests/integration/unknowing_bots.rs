//! A house rule judged by a bot that does not know it: where a variant
//! replaces a function its base's bot reads (itself or through what it
//! calls), `sim` with that bot and `check` say so, naming the function and
//! the calls that lead to it, and point to `--bot mc`; a bot that plays no
//! strategy, a variant with a bot of its own, or one that replaces nothing
//! the bot reads, is told nothing.

use crate::delve;

/// `delve` with `args`, which must succeed: stdout and stderr.
fn ok(args: &[&str]) -> (String, String) {
    let output = delve().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

const NOTE: &str = "docs/examples/aces-high.rhai's heuristic bot is the one of games/clear-the-dungeon.rhai, written for its rules: it reads `value_of` (rate → value_of), which docs/examples/aces-high.rhai replaces";

#[test]
fn sim_says_when_the_heuristic_bot_reads_a_replaced_rule() {
    let vs = [
        "sim",
        "docs/examples/aces-high.rhai",
        "--vs",
        "clear-the-dungeon",
    ];
    let (_, said) = ok(&[&vs[..], &["--games", "2", "--bot", "heuristic"]].concat());
    assert!(
        said.contains(NOTE) && said.contains("`--bot mc` plays every rule as written"),
        "{said}"
    );
    // The same seeds by the random bot: no strategy, nothing to say.
    let (_, said) = ok(&[&vs[..], &["--games", "2"]].concat());
    assert!(!said.contains("note:"), "{said}");
    // The base itself, and a variant whose bot is its own (burials rates
    // its new move): nothing to say.
    for game in ["clear-the-dungeon", "docs/examples/burials.rhai"] {
        let (_, said) = ok(&["sim", game, "--games", "2", "--bot", "heuristic"]);
        assert!(!said.contains("note:"), "{game}: {said}");
    }
}

#[test]
fn check_says_it_beside_the_checks_that_held() {
    let (out, _) = ok(&[
        "check",
        "docs/examples/aces-high.rhai",
        "--games",
        "1",
        "--opt",
        "jokers=true",
    ]);
    assert!(out.contains("every invariant held"), "{out}");
    assert!(out.contains(NOTE), "{out}");
    let (out, _) = ok(&[
        "check",
        "docs/examples/aces-high.rhai",
        "--games",
        "1",
        "--opt",
        "jokers=true",
        "--bot",
        "random",
    ]);
    assert!(!out.contains("note:"), "{out}");
}
