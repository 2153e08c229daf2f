//! A bot that tries a move on a copy of the table (`after(option, judge)`,
//! a game of positions): it reads what the move does under the rules as
//! they are, and nothing the player could not see.

use crate::delve;

#[test]
fn a_bot_that_tries_a_move_does_not_see_the_face_down_card_it_turns_up() {
    let summary = crate::simulated(&[
        "tests/scripts/positions/peek-by-trying.rhai",
        "--bot",
        "heuristic",
        "--games",
        "300",
    ]);
    let rate = summary["win_rate"].as_f64().unwrap();
    assert!(
        (0.38..=0.62).contains(&rate),
        "a bot that saw the real card would win every game: {rate}"
    );
}

#[test]
fn trying_a_move_is_for_a_bot_in_a_game_of_positions() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "story.rhai",
            "title(\"Story\"); fn play() { choose(\"Go?\", [\"a\", \"b\"]); end(\"win\", 1, \"done\"); }\n\
             fn rate(option) { after(option, \"judge\") } fn judge() { 1 }\n",
            "needs a game of positions",
        ),
        (
            "rules.rhai",
            "title(\"Rules\"); fn setup() { after(\"a\", \"judge\"); } fn options() { [\"a\", \"b\"] }\n\
             fn apply(option) { end(\"win\", 1, \"done\"); } fn judge() { 1 } fn rate(option) { 0 }\n",
            "is for a bot",
        ),
    ];
    for (name, script, says) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, script).unwrap();
        let out = delve()
            .arg("sim")
            .arg(&path)
            .args(["--bot", "heuristic", "--games", "1"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && text.contains(says),
            "{name}: {text}"
        );
    }
}
