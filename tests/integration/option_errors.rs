//! A bad `--opt` is refused before the game starts, with a message naming
//! the problem, on the fixture game (so no shipped rule's options churn it).

use crate::delve;

#[test]
fn each_bad_option_is_refused_with_its_reason() {
    for (opt, message) in [
        ("rounds=9", "option `rounds` is a whole number from 1 to 4, not 9"),
        ("rounds=two", "option `rounds` is a whole number, not `two`"),
        (
            "nosuch=1",
            "tests/sessions/games/pocket.rhai has no option `nosuch` (its options: rounds, ace_high, lone_option)",
        ),
        (
            "rouds=2",
            "has no option `rouds` (did you mean `rounds`? its options: rounds, ace_high, lone_option)",
        ),
        ("rounds", "--opt takes KEY=VALUE, not `rounds`"),
        ("ace_high=maybe", "option `ace_high` is true or false, not `maybe`"),
    ] {
        let output = delve()
            .args(["play", "tests/sessions/games/pocket.rhai", "--opt", opt])
            .write_stdin("quit\n")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{opt}");
        let error = String::from_utf8(output.stderr).unwrap();
        // A setting that is no KEY=VALUE is refused by the command line's reader.
        let first = error.lines().next().unwrap_or_default();
        assert!(first.ends_with(message), "{opt}: {error}");
        assert!(output.stdout.is_empty(), "{opt}: no game started");
    }
}
