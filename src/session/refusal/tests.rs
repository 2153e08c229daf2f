//! The reasons a refusal gives, on a small table built by hand: free
//! cells, foundations and columns with built as patience builds (down by alternate colours, up by suit)
//! declared moves.

use super::*;
use crate::script::move_kind::MoveKind;

/// Kinds read from map literals, as `move_kind(name, #{...})` declares them.
fn kinds(declared: &[(&str, &str)]) -> Vec<MoveKind> {
    let engine = rhai::Engine::new();
    declared
        .iter()
        .map(|(name, map)| {
            let map: rhai::Map = engine.eval(map).unwrap();
            MoveKind::read(name, &map, "test:1".into()).unwrap()
        })
        .collect()
}

fn cells() -> Vec<MoveKind> {
    kinds(&[
        (
            "home",
            r#"#{ from: ["column", "free cell"], to: "foundation",
                builds: #{ rank: 1, suit: "same" }, empty: 1, one_empty: true }"#,
        ),
        (
            "column",
            r#"#{ from: ["column", "free cell"], to: "column",
                builds: #{ rank: -1, colour: "alternate" }, empty: "any", one_empty: true,
                runs: #{ free: "free cell", empty: "column" } }"#,
        ),
        (
            "cell",
            r#"#{ from: "column", to: "free cell", empty: "any", one_empty: true }"#,
        ),
    ])
}

/// Piles given top last, each card `X` face up or `(X)` face down.
fn table(piles: &[(&str, &str)]) -> Table {
    let mut table = Table::default();
    for (name, cards) in piles {
        let index = table.add_pile(name, true);
        for word in cards.split_whitespace() {
            let down = word.starts_with('(');
            let card: Card = word.trim_matches(['(', ')']).parse().unwrap();
            table.pile_mut(index).push(card);
            if down {
                let last = table.pile(index).len() - 1;
                table.pile_mut(index).set_face(last, false);
            }
        }
    }
    table
}

fn why(kinds: &[MoveKind], table: &Table, card: &str, place: &str) -> String {
    let card: Card = card.parse().unwrap();
    let words: Vec<&str> = place.split_whitespace().collect();
    let onto = place.parse::<Card>();
    let place = match &onto {
        Ok(under) if words.len() == 1 => Place::Onto(under),
        _ => Place::Named(&words),
    };
    let rules = Rules {
        kinds,
        ..Rules::none()
    };
    why_not(&rules, table, &card, &place).unwrap()
}

fn cells_table() -> Table {
    table(&[
        ("free cell 1", "K♠"),
        ("free cell 2", ""),
        ("foundation 1", "2♠"),
        ("foundation 2", ""),
        ("column 1", "9♦ 3♣"),
        ("column 2", "10♣"),
        ("column 3", "(5♥) 6♠"),
        ("column 4", "9♥ 8♠ 7♥ 6♣ 5♦"),
        ("column 5", "10♠"),
    ])
}

#[test]
fn a_covered_card_names_what_covers_it() {
    let t = cells_table();
    assert_eq!(
        why(&cells(), &t, "9d", "10c"),
        "9♦ is covered by 3♣, which is not built on it"
    );
    let one_at_a_time = kinds(&[(
        "cell",
        r#"#{ from: "column", to: "free cell", empty: "any" }"#,
    )]);
    assert_eq!(
        why(&one_at_a_time, &t, "9d", "cell 2"),
        "9♦ is covered by 3♣"
    );
}

#[test]
fn a_card_that_does_not_follow_is_told_what_would() {
    let t = cells_table();
    assert_eq!(why(&cells(), &t, "3c", "10c"), "10♣ takes a red 9, not 3♣");
    assert_eq!(
        why(&cells(), &t, "3c", "foundation 1"),
        "2♠ takes 3♠, not 3♣"
    );
    assert_eq!(
        why(&cells(), &t, "3c", "foundation"),
        "2♠ takes 3♠, not 3♣; an empty foundation takes only an ace"
    );
}

#[test]
fn a_full_pile_and_a_long_run_say_so() {
    let t = cells_table();
    assert_eq!(
        why(&cells(), &t, "3c", "free cell 1"),
        "free cell 1 is full (it takes a card only when empty)"
    );
    // Five cards; one empty free cell and no empty column let two move.
    assert_eq!(
        why(&cells(), &t, "9h", "10s"),
        "a run of 5 cards: 1 empty free cell and 0 empty columns let at most 2 move at once"
    );
}

#[test]
fn a_long_run_counts_only_the_room_its_rule_gives() {
    let mut t = cells_table();
    let empty = t.add_pile("column 6", true);
    assert!(t.pile(empty).is_empty());
    // Kings only: the empty column holds no part of the run; one free cell
    // lets two move.
    let kings_only = kinds(&[(
        "column",
        r#"#{ from: "column", to: "column", builds: #{ rank: -1, colour: "alternate" },
            empty: 13, runs: #{ free: "free cell", empty: "column" } }"#,
    )]);
    assert_eq!(
        why(&kings_only, &t, "9h", "10s"),
        "a run of 5 cards: 1 empty free cell lets at most 2 move at once"
    );
    // No free cells: the empty column alone, 2¹.
    let no_cells = kinds(&[(
        "column",
        r#"#{ from: "column", to: "column", builds: #{ rank: -1 }, empty: "any",
            runs: #{ empty: "column" } }"#,
    )]);
    assert_eq!(
        why(&no_cells, &t, "9h", "10s"),
        "a run of 5 cards: 1 empty column lets at most 2 move at once"
    );
}

#[test]
fn a_face_down_card_reads_as_no_card_at_all() {
    let t = cells_table();
    let hidden = why(&cells(), &t, "5h", "6s");
    let absent = why(&cells(), &t, "4h", "6s");
    assert_eq!(hidden, "there is no face-up 5♥ on the table");
    assert_eq!(absent, "there is no face-up 4♥ on the table");
    // Nor does a card face down under another tell what it is.
    let under = why(&cells(), &t, "6s", "cell");
    assert!(!under.contains('♥'), "{under}");
}

#[test]
fn an_empty_pile_says_what_it_takes() {
    let kings = kinds(&[(
        "column",
        r#"#{ from: "column", to: "column", builds: #{ rank: -1, colour: "alternate" }, empty: 13 }"#,
    )]);
    let t = table(&[("column 1", "Q♥"), ("column 2", "")]);
    assert_eq!(
        why(&kings, &t, "qh", "column 2"),
        "an empty column takes only a king"
    );
}

#[test]
fn a_ruleset_without_build_moves_gets_no_reason() {
    let t = cells_table();
    let card: Card = "3c".parse().unwrap();
    assert_eq!(
        why_not(&Rules::none(), &t, &card, &Place::Named(&["column"])),
        None
    );
}

/// A card onto a target's top card, counted in the stack beside it: its
/// values by rank where the kind names no rule.
fn attacks(value_rule: &str) -> Vec<MoveKind> {
    kinds(&[(
        "place",
        &format!(
            r#"#{{ cards: ["hand"], onto: #{{ tops_of: "column", stack: "attack" }},
                fits: [#{{ reach: 10 }}, #{{ reach: 0 }}, #{{ same_suit: true }}]{value_rule} }}"#
        ),
    )])
}

fn attack_table(attack: &str) -> Table {
    table(&[
        ("column 1", "(Q♣) K♠"),
        ("attack 1", attack),
        ("hand", "2♥ 5♠"),
    ])
}

#[test]
fn a_card_short_of_a_reach_says_by_how_much_and_a_suit_says_which() {
    let ranks = attacks("");
    assert_eq!(
        why(&ranks, &attack_table(""), "2h", "ks"),
        "2♥ counts 2, and 2 + 10 = 12 does not reach K♠'s 13"
    );
    assert_eq!(
        why(&ranks, &attack_table("9♦"), "2h", "attack 1"),
        "2♥ counts 2, and with attack 1's 9♦, 9 + 2 = 11 does not reach K♠'s 13"
    );
    assert_eq!(
        why(&ranks, &attack_table("9♦ 8♦"), "2h", "column 1"),
        "the third card onto K♠ must be a ♠, not 2♥"
    );
    assert_eq!(
        why(&ranks, &attack_table("9♦ 8♦ 5♠"), "2h", "ks"),
        "attack 1 holds 3 cards already: no more go onto K♠"
    );
}

#[test]
fn a_value_never_reckoned_is_not_guessed() {
    // The kind names a rule that gave no card a value this game.
    let rules = attacks(r#", value: "worth""#);
    let t = attack_table("");
    let card: Card = "2h".parse().unwrap();
    let under: Card = "ks".parse().unwrap();
    let rules = Rules {
        kinds: &rules,
        ..Rules::none()
    };
    assert_eq!(why_not(&rules, &t, &card, &Place::Onto(&under)), None);
}

#[test]
fn a_run_by_its_own_rule_or_of_one_length_says_what_breaks_it() {
    let t = table(&[
        ("foundation 1", ""),
        ("column 1", "K♥ Q♥ J♠ 10♠"),
        ("column 2", "9♦ 8♣ 3♥"),
        ("column 3", "Q♣"),
    ]);
    let suits = kinds(&[
        (
            "home",
            r#"#{ from: "column", to: "foundation", empty: 13,
                runs: #{ builds: #{ rank: -1, suit: "same" }, length: 13 } }"#,
        ),
        (
            "column",
            r#"#{ from: "column", to: "column", builds: #{ rank: -1 }, empty: "any",
                runs: #{ builds: #{ rank: -1, suit: "same" } } }"#,
        ),
    ]);
    // J♠ builds on Q♥ by the column rule, but a run holds one suit.
    assert_eq!(
        why(&suits, &t, "qh", "column 3"),
        "Q♥ is covered by J♠, which is not built on it"
    );
    assert_eq!(
        why(&suits, &t, "kh", "foundation"),
        "K♥ is under J♠, which is not built on Q♥"
    );
    assert_eq!(
        why(&suits, &t, "10s", "foundation"),
        "only a run of 13 cards goes to a foundation, not one card"
    );
    let any_face_up = kinds(&[(
        "column",
        r#"#{ from: "column", to: "column", builds: #{ rank: -1, colour: "alternate" },
            empty: 13, runs: "face up" }"#,
    )]);
    // Whatever lies on 8♣, it moves: only the card that lands must fit.
    assert_eq!(
        why(&any_face_up, &t, "8c", "qc"),
        "Q♣ takes a red jack, not 8♣"
    );
}
