//! Many piles read in one call (`piles_from`, `peek_each`, `len_each`,
//! `len_all`, and `lookup_each` for what they give), and a deck dealt to
//! many in one (`deal` with a list): the answers `pile`, `peek`, `len`
//! and a card's property give one at a time, a face-down card hidden from a
//! bot as `peek` hides it, and a wrong list an error with its place. The
//! sandbox's bounds on them are tests/scripts/hostile/many-piles-read-forever.rhai
//! and lookup-each-forever.rhai.

use crate::delve;
use predicates::str::contains;

const ROW: &str = r#"title("A row");
fn play() {
    let first = new_pile("a", "up");
    new_pile("b", "up").create([card("5S"), card("KH")]);
    new_pile("c", "down").create([card("2C")]);
    new_pile("d", "up");
    let row = piles_from(first, 4);
    say(`names ${row.map(|p| p.name)}`);
    say(`tops ${peek_each(row)}`);
    say(`sizes ${len_each(row)}, all ${len_all(row)}`);
    ask("Which?", ["seen", "unseen"]);
    end("win", 1, "done");
}
// Rates "unseen" up only if the face-down card is hidden from the bot
// while the pile still counts it.
fn rate(option) {
    let row = piles_from(pile("a"), 4);
    if option == "unseen" && peek_each(row)[2] == () && len_each(row)[2] == 1 { 1 } else { 0 }
}
"#;

const TILES: &str = r#"title("Tiles");
fn play() {
    let first = new_pile("a", "up");
    first.create([custom_card("╋", #{ exits: "NESW" })]);
    new_pile("b", "down").create([custom_card("┃", #{ exits: "NS" })]);
    new_pile("c", "up");
    let exits = peek_each(piles_from(first, 3), "exits");
    say(`exits ${exits}, bits ${lookup_each(exits, #{ NESW: 15, NS: 5 }, -1)}`);
    ask("Which?", ["seen", "unseen"]);
    end("win", 1, "done");
}
// Rates "unseen" up only if the face-down tile's exits are hidden from the bot.
fn rate(option) {
    let exits = peek_each(piles_from(pile("a"), 3), "exits");
    if option == "unseen" && exits[0] == "NESW" && exits[1] == () { 1 } else { 0 }
}
"#;

/// Plays `script` (a whole ruleset) from a scratch folder with `input`.
fn play(script: &str, input: &str) -> assert_cmd::assert::Assert {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("row.rhai"), script).unwrap();
    delve()
        .current_dir(dir.path())
        .args(["play", "row.rhai", "--seed", "1"])
        .write_stdin(input)
        .assert()
}

#[test]
fn piles_read_at_once_read_as_one_at_a_time_and_a_bot_sees_no_face_down_card() {
    play(ROW, "hint\n")
        .stdout(contains(r#"names ["a", "b", "c", "d"]"#))
        .stdout(contains("tops [(), K♥, 2♣, ()]"))
        .stdout(contains("sizes [0, 2, 1, 0], all 3"))
        .stdout(contains("hint: unseen"));
}

#[test]
fn a_property_of_each_top_and_a_table_lookup_of_each_read_as_one_at_a_time() {
    play(TILES, "hint\n")
        .stdout(contains(r#"exits ["NESW", "NS", ()], bits [15, 5, -1]"#))
        .stdout(contains("hint: unseen"));
}

#[test]
fn a_deck_dealt_to_a_list_of_piles_goes_round_them_a_card_each() {
    let script = r#"title("Dealt");
fn play() {
    let deck = new_pile("deck", "up");
    deck.create([card("AS"), card("2S"), card("3S"), card("4S"), card("5S")]);
    new_pile("x 1", "up"); new_pile("x 2", "up");
    let dealt = deck.deal(piles_from(pile("x 1"), 2), 5);
    say(`dealt ${dealt}; x 1 ${pile("x 1").cards}; x 2 ${pile("x 2").cards}; deck ${deck.len}`);
    end("win", 0, "");
}
"#;
    play(script, "").stdout(contains(
        "dealt [5♠, 4♠, 3♠, 2♠, A♠]; x 1 [5♠, 3♠, A♠]; x 2 [4♠, 2♠]; deck 0",
    ));
}

#[test]
fn a_wrong_list_of_piles_is_an_error_with_its_place() {
    let cases = [
        (
            "piles_from(pile(\"a\"), 3)",
            "row.rhai:4:5: only 2 piles were made from `a` on, not 3",
        ),
        (
            "piles_from(pile(\"b\"), -1)",
            "a number of piles is 0 or more, not -1",
        ),
        (
            "peek_each([pile(\"a\"), 7])",
            "a list of piles holds piles only, not a number",
        ),
        (
            "len_each([\"a\"])",
            "a list of piles holds piles only, not text",
        ),
        (
            "len_all([pile(\"a\"), ()])",
            "a list of piles holds piles only",
        ),
        (
            "pile(\"a\").deal([pile(\"b\")], 1)",
            "can not deal 1 cards from pile `a` of 0 to 1 piles",
        ),
        (
            "pile(\"a\").deal([], 0)",
            "can not deal 0 cards from pile `a` of 0 to 0 piles",
        ),
    ];
    for (call, message) in cases {
        let script = format!(
            "title(\"Wrong\");\nfn play() {{\n    new_pile(\"a\", \"up\"); new_pile(\"b\", \"up\");\n    {call};\n    end(\"win\", 0, \"\");\n}}\n"
        );
        play(&script, "").failure().stderr(contains(message));
    }
}
