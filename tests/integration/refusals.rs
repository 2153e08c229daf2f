//! A refused move says why, in the same words at the REPL (a move typed as
//! its card and where it goes) and over the protocol (`why CARD PLACE`,
//! which the page asks on a refused drop): the card is covered, the card
//! under the target takes another rank or colour, an empty pile takes
//! only an ace. And fairly: a face-down card reads exactly as a card not
//! on the table, so a refusal tells nothing of what is hidden.

use crate::delve;
use serde_json::Value;

/// FreeCell's deal 28 (tests/sessions/freecell-round-in-circles.txt): 9♦
/// under 6♦ and K♠ in column 1, 10♠, 5♦ and 3♦ on top of columns.
fn at_freecell_28(lines: &str) -> String {
    let output = delve()
        .args(["play", "freecell", "--seed", "28"])
        .write_stdin(lines)
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_typed_move_says_why_it_is_refused() {
    let seen = at_freecell_28("9d 10s\n3d foundation\n5d 3d\n").replace('\n', " ");
    for why in [
        "no move takes 9♦ onto 10♠: 9♦ is covered by 6♦, which is not built on it",
        "no move takes 3♦ to `foundation`: an empty foundation takes only an ace",
        "no move takes 5♦ onto 3♦: 3♦ takes a black 2, not 5♦",
    ] {
        assert!(seen.contains(why), "{why}\n{seen}");
    }
    assert!(!seen.contains("neither an option nor a command"), "{seen}");
}

#[test]
fn a_full_free_cell_says_it_is_full() {
    // K♠ in free cell 1 after the first move.
    let seen = at_freecell_28("1\n1\n1\n1\n3h cell 1\n").replace('\n', " ");
    assert!(
        seen.contains(
            "no move takes 3♥ to `cell 1`: free cell 1 is full (it takes a card only when empty)"
        ),
        "{seen}"
    );
}

/// The protocol's answers (`ok` or `error`) to `lines`, past `hello`.
fn protocol(args: &[&str], lines: &str) -> Vec<Value> {
    let output = delve()
        .args(["play"])
        .args(args)
        .args(["--json"])
        .write_stdin(lines)
        .output()
        .unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|m| m["type"] == "ok" || m["type"] == "error")
        .collect()
}

#[test]
fn the_protocol_says_why_in_the_same_words_and_moves_nothing() {
    let replies = protocol(
        &["freecell", "--seed", "28"],
        "why 9d 10s\nwhy 3h cell\nwhy 9d\nwhy xx column 1\n",
    );
    assert_eq!(
        replies[0]["text"],
        "9♦ is covered by 6♦, which is not built on it"
    );
    assert_eq!(replies[1]["text"], "`3♥ to a free cell` is an option");
    assert_eq!(replies[2]["type"], "error");
    assert!(replies[3]["message"]
        .as_str()
        .unwrap()
        .contains("is not a card"));
}

#[test]
fn a_face_down_card_and_a_card_not_in_play_are_refused_alike() {
    // Klondike's opening: 7 cards face up, 45 face down; a joker is in no
    // deck of it. Each refusal, with the card's name taken out, is one of
    // the face-up cards' own or the one sentence every other card gets.
    let mut lines = String::new();
    let mut cards: Vec<String> = Vec::new();
    for suit in ["s", "h", "d", "c"] {
        for rank in [
            "a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k",
        ] {
            cards.push(format!("{rank}{suit}"));
        }
    }
    cards.push("rj".into());
    for card in &cards {
        lines.push_str(&format!("why {card} foundation 4\n"));
    }
    let replies = protocol(&["klondike", "--seed", "3"], &lines);
    assert_eq!(replies.len(), cards.len());
    let unseen: Vec<String> = replies
        .iter()
        .map(|r| r["text"].as_str().unwrap().to_string())
        .filter(|text| text.starts_with("there is no face-up"))
        .map(|text| {
            let card = text.split_whitespace().nth(4).unwrap().to_string();
            text.replace(&card, "CARD")
        })
        .collect();
    assert_eq!(unseen.len(), 52 - 7 + 1, "{replies:?}");
    assert!(unseen
        .iter()
        .all(|t| t == "there is no face-up CARD on the table"));
}

/// Clear the Dungeon's deal 1: 9♥ 10♣ 2♥ in hand against K♠ K♥ K♦ J♥.
/// The reasons come from the ruleset's `fits` (a reach of 10, then 0,
/// then the monster's suit) and the values its rules gave the cards.
#[test]
fn an_attack_that_falls_short_says_by_how_much() {
    let output = delve()
        .args(["play", "clear-the-dungeon", "--seed", "1"])
        .write_stdin("2h ks\n9h ks\n2h ks\n9h kd\n10c ks\n2h ks\n")
        .output()
        .unwrap();
    let seen = String::from_utf8(output.stdout).unwrap().replace('\n', " ");
    for why in [
        "no move takes 2♥ onto K♠: 2♥ counts 2, and 2 + 10 = 12 does not reach K♠'s 13",
        "no move takes 2♥ onto K♠: 2♥ counts 2, and with attack 1's 9♥, 9 + 2 = 11 does not reach K♠'s 13",
        "no move takes 9♥ onto K♦: 9♥ lies in attack 1: a card goes onto K♦ only from hand or the top of damage",
        "no move takes 2♥ onto K♠: the third card onto K♠ must be a ♠ (or a joker), not 2♥",
    ] {
        assert!(seen.contains(why), "{why}\n{seen}");
    }
}

#[test]
fn the_protocol_says_why_an_attack_falls_short() {
    let replies = protocol(
        &["clear-the-dungeon", "--seed", "1"],
        "why 2h ks\nwhy 2h attack 2\n",
    );
    assert_eq!(
        replies[0]["text"],
        "2♥ counts 2, and 2 + 10 = 12 does not reach K♠'s 13"
    );
    assert_eq!(replies[0]["known"], true);
    assert_eq!(
        replies[1]["text"],
        "2♥ counts 2, and 2 + 10 = 12 does not reach K♥'s 13"
    );
}

/// Without the reserve option, the damage pile's top card is no card to
/// attack with, and the refusal says so (the hard variant turns it off).
#[test]
fn a_refusal_reads_the_options_the_game_has() {
    let replies = protocol(
        &["clear-the-dungeon", "--seed", "1", "--opt", "reserve=false"],
        "discard 2♥\nwhy 2h kd\n",
    );
    let why = replies.last().unwrap()["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(why, "2♥ lies in damage: a card goes onto K♦ only from hand");
}
