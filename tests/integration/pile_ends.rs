//! `peek` and `peek_bottom`: a pile's top and bottom card, `()` when it is
//! empty, and `()` to a bot for a card lying face down.

use crate::delve;
use predicates::str::contains;

const ENDS: &str = r#"title("Pile ends");
fn play() {
    let slot = new_pile("slot", "up");
    slot.create([card("5S"), card("KH")]);
    let deck = new_pile("deck", "down");
    deck.create([card("2C")]);
    let empty = new_pile("empty", "up");
    say(`bottom ${slot.peek_bottom()}, top ${slot.peek()}, empty ${empty.peek_bottom() == ()}, face down ${deck.peek_bottom()}`);
    ask("Which?", ["seen", "unseen"]);
    end("win", 1, "done");
}
// Rates "unseen" up only if the face-down card is hidden from the bot.
fn rate(option) {
    if option == "unseen" && pile("deck").peek_bottom() == () { 1 } else { 0 }
}
"#;

#[test]
fn the_rules_read_both_ends_and_a_bot_not_a_face_down_card() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ends.rhai"), ENDS).unwrap();
    delve()
        .current_dir(dir.path())
        .args(["play", "ends.rhai", "--seed", "1"])
        .write_stdin("hint\n")
        .assert()
        .stdout(contains("bottom 5♠, top K♥, empty true, face down 2♣"))
        .stdout(contains("hint: unseen"));
}
