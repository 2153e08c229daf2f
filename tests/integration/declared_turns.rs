//! A patience game said in declarations (docs/scripting.md, "A turn said
//! in declarations"): the host lists, applies and ends its positions
//! itself, so past its setup no script runs; a ruleset that leaves out
//! `fn options()` must say how its game ends; a bot asks the rules
//! (`fits`) as the game's options set them.

use crate::delve;

const GOLF_FITS: &str = "tests/scripts/declared/golf-asks-fits.rhai";
const NO_EMPTY_RUNS: &str = "tests/scripts/declared/runs-into-no-empty.rhai";
const HALF_DECLARED: &str = "tests/scripts/declared/no-end-declared.rhai";
const IN_CIRCLES: &str = "tests/scripts/declared/back-and-forth.rhai";

/// The functions `sim --profile` names, with the steps each ran itself.
fn profiled(game: &str, extra: &[&str]) -> Vec<(String, u64)> {
    let out = delve()
        .args(["sim", game, "--games", "6", "--bot", "random", "--profile"])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let table = text
        .split("Script steps by function")
        .nth(1)
        .expect("a profile");
    table
        .lines()
        .skip(2)
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let own: u64 = words.next()?.parse().ok()?;
            let name = words.nth(2)?;
            Some((name.to_string(), own))
        })
        .collect()
}

#[test]
fn a_declared_game_runs_no_script_past_its_setup() {
    // Rules that run once a game (the setup) may show; none that runs at
    // every step, and none at the end: each game ends by its declarations.
    let once = [
        "setup",
        "(top",
        "__delve_drive",
        "rules_text",
        "redeal_limit",
    ];
    for (game, extra) in [
        ("freecell", &[][..]),
        ("klondike", &["--opt", "draw=3"][..]),
        ("golf", &[][..]),
        ("black-hole", &[][..]),
    ] {
        let functions = profiled(game, extra);
        assert!(
            functions.iter().any(|(name, _)| name == "setup"),
            "{game}: {functions:?}"
        );
        let per_step: Vec<_> = functions
            .iter()
            .filter(|(name, steps)| *steps > 0 && !once.contains(&name.as_str()))
            .collect();
        assert!(
            per_step.is_empty(),
            "{game} ran script at its steps: {per_step:?}"
        );
    }
}

#[test]
fn a_bot_asks_the_rule_as_the_options_set_it() {
    let score = |wrap: &str| -> String {
        let wrap = format!("wrap={wrap}");
        crate::simulated(&[GOLF_FITS, "--games", "1", "--opt", &wrap])["mean_score"].to_string()
    };
    // 5♠ on 4♥ always; K♠ on A♥ only round the corner; 7♠ on 4♥ never.
    assert_eq!(score("false"), "10.0");
    assert_eq!(score("true"), "11.0");
}

#[test]
fn no_run_goes_into_an_empty_pile_that_takes_no_card() {
    // A reviewer's find: a status line said "9 cards into an empty column"
    // in a game whose empty columns take nothing.
    let json = crate::simulated(&[NO_EMPTY_RUNS, "--games", "1"]);
    assert_eq!(json["mean_score"].to_string(), "5.0");
}

#[test]
fn a_game_without_options_must_say_how_it_ends() {
    let out = delve().args(["play", HALF_DECLARED]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("lost_when_stuck"), "{stderr}");
    assert!(stderr.contains("score_is"), "{stderr}");
}

#[test]
fn klondike_without_a_redeal_turns_its_waste_over_never() {
    // Draw all 24, then no turn of the waste is offered with redeal=none,
    // and one is with redeals without end.
    let offers_turn = |redeal: &str| -> bool {
        let out = delve()
            .args([
                "play",
                "klondike",
                "--seed",
                "5",
                "--json",
                "--opt",
                "autoplay=false",
                "--opt",
            ])
            .arg(format!("redeal={redeal}"))
            .write_stdin("draw\n".repeat(24))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let last_prompt = text
            .lines()
            .rfind(|l| l.contains("\"type\":\"prompt\""))
            .expect("a prompt")
            .to_string();
        last_prompt.contains("turn the waste over")
    };
    assert!(offers_turn("unlimited"));
    assert!(!offers_turn("none"));
}

#[test]
fn a_game_in_circles_ends_lost_in_its_declared_words() {
    // Right, left, right, left: the deal's position for the third time.
    let out = delve()
        .args(["play", IN_CIRCLES, "--json"])
        .output()
        .unwrap();
    let messages: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let moves = messages.iter().filter(|m| m.get("took").is_some()).count();
    assert_eq!(moves, 4, "{messages:?}");
    let end = messages.last().unwrap();
    assert_eq!(end["type"], "end", "{end}");
    assert_eq!(end["outcome"], "loss");
    assert_eq!(end["summary"], "Round in circles: 0 cards on the right.");
}

#[test]
fn a_declared_repetition_rule_that_can_not_end_a_game_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (rule, scored, says) in [
        ("#{ lose: \"x\" }", true, "#{ lost: \"words\" }"),
        ("#{ lost: 5 }", true, "the words are text"),
        ("#{ lost: \"{card} again\" }", true, "`{card}`"),
        ("#{ lost: \"again\" }", false, "score_is"),
        ("1", true, "2 to 1000 times"),
    ] {
        let path = dir.path().join("circles.rhai");
        let repetition = if rule == "1" {
            "repetition(1, #{ lost: \"again\" });".to_string()
        } else {
            format!("repetition(3, {rule});")
        };
        let score = if scored {
            "score_is(#{ cards_in: \"right\" });"
        } else {
            ""
        };
        std::fs::write(
            &path,
            format!(
                "title(\"T\");\n{repetition}\nfn setup() {{ new_pile(\"left\", \"up\").create([card(\"AS\")]); new_pile(\"right\", \"up\"); }}\n\
                 move_kind(\"right\", #{{ from: \"left\", to: \"right\", empty: \"any\", label: \"{{card}} right\" }});\n\
                 lost_when_stuck(\"Stuck.\");\n{score}\n"
            ),
        )
        .unwrap();
        let out = delve().arg("play").arg(&path).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{rule}: {stderr}");
        assert!(stderr.contains(says), "{rule}: {stderr}");
    }
    // A game that lists its own options is told what the words need too.
    let path = dir.path().join("own.rhai");
    std::fs::write(
        &path,
        "title(\"T\");\nrepetition(3, #{ lost: \"again\" });\nfn setup() { new_pile(\"p\", \"up\"); }\nfn options() { [\"wait\"] }\nfn apply(option) {}\n",
    )
    .unwrap();
    let out = delve().arg("play").arg(&path).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("repetition(..., #{ lost: ... })") && stderr.contains("score_is"),
        "{stderr}"
    );
}
