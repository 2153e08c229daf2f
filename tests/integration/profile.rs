//! `delve sim --profile`: the script's steps by function, each with its file,
//! most first; a function's steps with its calls include its own.

use crate::delve;

#[test]
fn profile_counts_each_functions_steps_with_its_file() {
    let out = delve()
        .args(["sim", "tests/sessions/games/pocket.rhai", "--games", "3"])
        .args(["--bot", "heuristic", "--profile"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<(u64, u64, String)> = text
        .lines()
        .skip_while(|l| !l.starts_with("Script steps by function"))
        .skip(2)
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3..].join(" "),
            )
        })
        .collect();
    let row = |name: &str| {
        rows.iter()
            .find(|r| r.2.starts_with(name))
            .unwrap_or_else(|| panic!("{name} in {text}"))
    };
    let play = row("play ");
    assert!(
        play.2.ends_with("(tests/sessions/games/pocket.rhai)"),
        "{text}"
    );
    // The bot is profiled too, and everything the game does is under `play`.
    assert!(row("rate ").0 > 0, "{text}");
    assert!(play.1 > play.0 && rows.iter().all(|r| r.0 <= r.1), "{text}");
    assert!(
        rows.windows(2).all(|w| w[0].0 >= w[1].0),
        "most first: {text}"
    );
    assert!(row("(a closure)").0 > 0, "{text}");
}

#[test]
fn profile_refuses_what_it_can_not_count() {
    for extra in [["--bot", "mc"], ["--vs-bot", "random"]] {
        let out = delve()
            .args(["sim", "tests/sessions/games/pocket.rhai", "--profile"])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("--profile counts"));
    }
}
