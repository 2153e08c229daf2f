//! Property tests over arbitrary input for every reader of outside data:
//! card notation, deal files, transcripts, saves, REPL answers and JSON
//! lines. None may panic, and each answers with a result or a message.
//! CI runs a few hundred cases each; `PROPTEST_CASES=100000 cargo test
//! --lib fuzz` runs a long campaign.

use crate::game::card::{Card, CardPattern};
use crate::game::deal::DealFile;
use crate::game::decision::{Carried, Offer, Prompt};
use crate::game::table::Table;
use crate::repl::answer;
use crate::session::open::GameSpec;
use crate::transcript::Transcript;
use proptest::prelude::*;
use std::path::Path;

/// Text that looks a little like what each reader expects, and bytes that do not.
fn near_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[#:0-9A-Za-z♠♥♦♣ \\n\\t*-]{0,200}",
        "(# (game|seed|opt|deal): [a-z0-9=./-]{0,20}\\n){0,4}[0-9a-z ]{0,20}",
        "([AKQJT0-9]{1,2}[SHDC♠♥♦♣] ){0,8}(RJ|BJ|JK)?",
    ]
}

/// A prompt whose first two options carry 7♥ from the hand, onto J♠'s
/// column or into the damage pile, over a table that holds them.
fn prompt() -> (Prompt, Table) {
    let carried = |to: &str| Carried {
        cards: vec!["7♥".into()],
        from: Some("hand".into()),
        to: Some(to.into()),
        targets: vec![to.into()],
    };
    let options = [
        ("7♥ on J♠", Some(carried("column 1"))),
        ("discard 7♥", Some(carried("damage"))),
        ("give up", None),
    ]
    .into_iter()
    .map(|(l, carries)| Offer {
        key: l.to_string(),
        label: l.to_string(),
        carries,
    })
    .collect();
    let mut table = Table::default();
    for (pile, card) in [("hand", "7♥"), ("column 1", "J♠"), ("damage", "2♣")] {
        let i = table.add_pile(pile, true);
        table.pile_mut(i).push(card.parse().unwrap());
    }
    let prompt = Prompt {
        question: "Pick".into(),
        options,
    };
    (prompt, table)
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn card_notation_reads_or_refuses(text in near_text()) {
        let _ = text.parse::<Card>();
        let _ = text.parse::<CardPattern>();
    }

    #[test]
    fn a_deal_file_reads_or_names_its_line(text in near_text()) {
        if let Err(error) = DealFile::parse("deal.txt", &text) {
            prop_assert!(format!("{error:#}").starts_with("deal.txt line "), "{error:#}");
        }
    }

    #[test]
    fn a_transcript_reads_or_says_why(text in near_text()) {
        let _ = Transcript::parse(Path::new("t.txt"), &text);
    }

    #[test]
    fn an_answer_is_an_option_a_mistake_or_nothing(text in near_text()) {
        let (prompt, table) = prompt();
        let _ = answer::resolve(&text, &prompt, &table, &crate::session::refusal::Rules::none());
    }

    #[test]
    fn a_save_file_of_any_bytes_loads_or_is_refused(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.json");
        std::fs::write(&path, &bytes).unwrap();
        prop_assert!(crate::session::save::load(&path, "save.json", None).is_err());
    }
}

proptest! {
    // Each case starts a game on its own thread: fewer cases.
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_json_line_is_answered_with_one_object_and_the_game_goes_on(
        lines in prop::collection::vec(
            prop_oneof![
                prop::collection::vec(any::<u8>(), 0..40),
                "[0-9]{1,3}|undo|\"[a-z ]{0,10}\"|-1|null|\\[\\]|\\{\\}".prop_map(String::into_bytes),
            ],
            1..12,
        )
    ) {
        let spec = GameSpec {
            game: crate::script::catalog::names()[0].clone(),
            seed: Some(1),
            ..GameSpec::default()
        };
        let session = spec.open().unwrap();
        let mut input = Vec::new();
        for line in &lines {
            let line: Vec<u8> = line.iter().copied().filter(|b| *b != b'\n').collect();
            if line.trim_ascii_start().starts_with(b"save") {
                continue; // a test writes no file it did not make
            }
            input.extend(line);
            input.push(b'\n');
        }
        let mut out = Vec::new();
        let settings = crate::json::Settings {
            protocol: 2,
            reveal: false,
            keep_open: false,
        };
        crate::json::serve(session, &input[..], &mut out, settings).unwrap();
        let text = String::from_utf8(out).unwrap();
        for line in text.lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            prop_assert!(value["type"].is_string(), "{line}");
        }
        let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        prop_assert!(last["type"] == "prompt" || last["type"] == "end", "{last}");
    }
}
