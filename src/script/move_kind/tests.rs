//! A declaration read: its parts, and each mistake named with the nearest name.

use super::*;

fn read(script: &str) -> Read<MoveKind> {
    let engine = rhai::Engine::new();
    let map: Map = engine.eval(script).unwrap();
    MoveKind::read("place", &map, "here:1".into())
}

#[test]
fn a_declaration_reads_its_sources_targets_fits_and_label() {
    let kind = read(
        r#"#{ cards: ["hand", #{ top_of: "damage", when: "reserve", label: "{card} back" }],
             onto: #{ tops_of: "column", number: "column", card: "monster", stack: "attack" },
             fits: [#{ reach: 10 }, #{ same_suit: true }], label: "{card} on {monster}" }"#,
    )
    .unwrap();
    assert_eq!(kind.sources.len(), 2);
    assert!(kind.sources[1].top_only);
    assert_eq!(kind.fits[0].reach, Some(10));
    assert!(kind.fits[1].same_suit);
    assert_eq!(kind.fields(), ["act", "card", "column", "monster"]);
    let label = kind.label.unwrap().fill(str::to_uppercase);
    assert_eq!(label, "CARD on MONSTER");
}

#[test]
fn a_misspelt_key_or_field_is_refused_with_the_nearest_name() {
    let error = read(r#"#{ cards: ["hand"], lable: "x" }"#).unwrap_err();
    assert!(
        error.contains("no key `lable`: did you mean `label`?"),
        "{error}"
    );
    let error = read(r#"#{ cards: ["hand"], label: "{crad}" }"#).unwrap_err();
    assert!(
        error.contains("`{crad}`") && error.contains("did you mean `card`?"),
        "{error}"
    );
    let error = read(r#"#{ cards: [#{ pile: "a", top_of: "b" }] }"#).unwrap_err();
    assert!(error.contains("one `pile`"), "{error}");
    let error = read(r#"#{ cards: ["hand"], fits: [#{ reach: 1 }] }"#).unwrap_err();
    assert!(error.contains("names its `stack`"), "{error}");
}

#[test]
fn a_run_passes_through_empty_piles_only_where_any_card_may_start_one() {
    let runs = r#"runs: #{ free: "free cell", empty: "column" }"#;
    let build = |empty: &str| {
        let script = format!(r#"#{{ from: "column", to: "column", empty: {empty}, {runs} }}"#);
        read(&script).unwrap().build.unwrap()
    };
    // Two empty free cells and three empty columns: (2 + 1) × 2³.
    assert_eq!(build(r#""any""#).most_carried(2, 3), Some(24));
    // Kings only: an empty column holds no part of a run on its way.
    assert_eq!(build("13").most_carried(2, 3), Some(3));
    let any_run = read(r#"#{ from: "column", to: "column", runs: true }"#).unwrap();
    assert_eq!(any_run.build.unwrap().most_carried(0, 0), None);
}

#[test]
fn a_game_with_no_free_cells_limits_runs_by_its_empty_columns_alone() {
    let kind = read(
        r#"#{ from: "column", to: "column", builds: #{ rank: -1 }, empty: "any", runs: #{ empty: "column" } }"#,
    )
    .unwrap();
    let build = kind.build.unwrap();
    assert_eq!(
        build.runs,
        Runs::Limited {
            free: None,
            empty: "column".into()
        }
    );
    // No free cell: 1 × 2² with two empty columns.
    assert_eq!(build.most_carried(0, 2), Some(4));
    let error = read(r#"#{ from: "column", to: "column", runs: #{ free: "cell" } }"#).unwrap_err();
    assert!(error.contains("`runs` is true"), "{error}");
}

#[test]
fn a_run_of_any_face_up_cards_holds_together_whatever_they_are() {
    let build = read(
        r#"#{ from: "column", to: "column", builds: #{ rank: -1, colour: "alternate" }, runs: "face up" }"#,
    )
    .unwrap()
    .build
    .unwrap();
    assert_eq!(build.runs, Runs::FaceUp);
    let (nine, two) = ("9♠".parse().unwrap(), "2♠".parse().unwrap());
    // A 2 of spades may lie on a 9 of spades within such a run, though
    // it may not go onto it.
    assert!(build.holds_together(&two, &nine));
    assert!(!build.fits_cards(&two, &nine));
    assert_eq!(build.most_carried(0, 0), None);
    let error = read(r#"#{ from: "column", to: "column", runs: "faceup" }"#).unwrap_err();
    assert!(
        error.contains("\"face up\"") && error.contains("not \"faceup\""),
        "{error}"
    );
}

#[test]
fn a_run_may_follow_a_rule_of_its_own_and_have_one_length() {
    let build = read(
        r#"#{ from: "column", to: "foundation", empty: 13,
              runs: #{ builds: #{ rank: -1, suit: "same" }, length: 13 } }"#,
    )
    .unwrap()
    .build
    .unwrap();
    assert_eq!(build.runs, Runs::Built);
    let (nine, eight_s, eight_h) = (
        "9♠".parse().unwrap(),
        "8♠".parse().unwrap(),
        "8♥".parse().unwrap(),
    );
    assert!(build.holds_together(&eight_s, &nine));
    assert!(!build.holds_together(&eight_h, &nine));
    // Nothing goes onto a card: the kind has no `builds` of its own.
    assert!(!build.fits_cards(&eight_s, &nine));
    assert!(build.carries_count(13) && !build.carries_count(12));
    let limited = read(
        r#"#{ from: "column", to: "column", builds: #{ rank: -1 }, empty: "any",
              runs: #{ builds: #{ rank: -1, suit: "same" }, empty: "column" } }"#,
    )
    .unwrap()
    .build
    .unwrap();
    assert!(matches!(limited.runs, Runs::Limited { .. }));
    assert!(limited.run_rule.is_some() && limited.carries_count(5));
    let error = read(r#"#{ from: "column", to: "column", runs: #{ length: 0 } }"#).unwrap_err();
    assert!(error.contains("`length` is a number of cards"), "{error}");
}
