//! The declared moves of a patience game in words, for its rules text: a
//! ruleset writes `{how cards move}` where its moves are told, and the
//! host fills in each declared kind, so the text says what the host plays
//! and a house rule that changes a declaration changes the text with it.

use super::build::{Build, Empty, Runs, Suits};
use super::deals::{Count, Deals};
use super::MoveKind;

/// Where a rules text takes the words of its declared moves.
pub(crate) const PLACE: &str = "{how cards move}";

/// `rules` with the words of `moves` where it names their place.
pub(crate) fn filled(rules: &str, moves: &[MoveKind]) -> String {
    if !rules.contains(PLACE) {
        return rules.to_string();
    }
    let lines: Vec<String> = moves.iter().filter_map(kind_words).collect();
    rules.replace(PLACE, &lines.join("\n"))
}

/// One kind as a line of the list, or none for a kind of another family
/// (the dungeon games' plays from a hand, which their rules tell).
fn kind_words(kind: &MoveKind) -> Option<String> {
    let (piles, body) = match (&kind.build, &kind.deals) {
        (Some(build), _) => (
            format!(" ({} → {})", build.from.join(", "), build.to),
            build_words(build),
        ),
        (None, Some(deals)) => (
            format!(" ({} → {})", deals.from, deals.to),
            deal_words(deals),
        ),
        (None, None) if kind.sources.is_empty() && kind.onto.is_none() => {
            (String::new(), String::new())
        }
        _ => return None,
    };
    let mut line = format!("- {}{piles}", kind.name);
    if !body.is_empty() {
        line += &format!(": {body}");
    }
    line += &gates(kind);
    Some(line + ".")
}

fn build_words(build: &Build) -> String {
    let what = match &build.runs {
        Runs::Top => "the top card".to_string(),
        Runs::Built if build.run_rule.is_some() => {
            "the top card, or a run of face-up cards".to_string()
        }
        Runs::Built => {
            "the top card, or a run of face-up cards built by the rule that follows".to_string()
        }
        Runs::FaceUp => "any face-up card, with every card that lies on it".to_string(),
        Runs::Limited { free, empty } => {
            let through = match free {
                Some(free) => format!("the empty {free}s and {empty}s"),
                None => format!("the empty {empty}s"),
            };
            format!("the top card, or a run built by the rule that follows, as long as moving it a card at a time through {through} could")
        }
    };
    let mut words = match build.run_length {
        Some(length) => format!("a run of exactly {length} cards"),
        None => what,
    };
    if let Some(rule) = &build.run_rule {
        words += &format!(
            ", each of its cards on a card {}{}",
            ranks(&rule.ranks),
            suits_words(rule.suits)
        );
    }
    match &build.rule {
        Some(rule) => {
            words += &format!("; onto a card {}", ranks(&rule.ranks));
            words += suits_words(rule.suits);
            if rule.wrap {
                words += " (king and ace are next to each other)";
            } else if let Some(option) = &rule.wrap_when {
                words +=
                    &format!(" (with the {option} option, king and ace are next to each other)");
            }
        }
        // Where only a rank starts an empty pile, the line below says it.
        None if matches!(build.empty, Empty::Rank(_)) => {}
        None => words += &format!("; to an empty {} only", build.to),
    }
    match build.empty {
        Empty::Nothing => {}
        Empty::Any if build.rule.is_none() => {}
        Empty::Any => words += &format!("; any card to an empty {}", build.to),
        Empty::Rank(rank) => {
            words += &format!("; only {} to an empty {}", rank_name(rank), build.to);
        }
    }
    words
}

fn suits_words(suits: Suits) -> &'static str {
    match suits {
        Suits::Same => " of the same suit",
        Suits::Alternate => " of the other colour",
        Suits::Any => " of any suit",
    }
}

/// The card a card goes onto, by the steps from it to the card moved.
fn ranks(steps: &[i64]) -> String {
    let step = |s: &i64| match s {
        1 => "one rank lower".to_string(),
        -1 => "one rank higher".to_string(),
        n if *n > 0 => format!("{n} ranks lower"),
        n => format!("{} ranks higher", -n),
    };
    let named: Vec<String> = steps.iter().map(step).collect();
    match named.as_slice() {
        [a, b] if a == "one rank lower" && b == "one rank higher" => {
            "one rank higher or lower".into()
        }
        [a, b] if a == "one rank higher" && b == "one rank lower" => {
            "one rank higher or lower".into()
        }
        _ => named.join(" or "),
    }
}

fn rank_name(rank: u8) -> String {
    match rank {
        1 => "an ace".into(),
        11 => "a jack".into(),
        12 => "a queen".into(),
        13 => "a king".into(),
        8 => "an 8".into(),
        n => format!("a {n}"),
    }
}

fn deal_words(deals: &Deals) -> String {
    let cards = match &deals.count {
        Count::Cards(1) => "the top card".to_string(),
        Count::Cards(n) => format!("the top {n} cards, one at a time"),
        Count::Option(option) => {
            format!("as many top cards as the {option} option says, one at a time")
        }
        Count::All => "every card, one at a time".to_string(),
    };
    cards
}

/// When a kind is offered, where something limits it.
fn gates(kind: &MoveKind) -> String {
    let mut gates = Vec::new();
    if let Some(pile) = &kind.when_empty {
        gates.push(format!("while the {pile} is empty"));
    }
    if let Some(pile) = &kind.unless_empty {
        gates.push(format!("while the {pile} holds a card"));
    }
    if let Some(count) = &kind.while_left {
        gates.push(format!("while {count} is above 0 (where it is counted)"));
    }
    if let Some(option) = &kind.when {
        gates.push(format!("with the {option} option"));
    }
    if gates.is_empty() {
        String::new()
    } else {
        format!("; {}", gates.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::{Dynamic, Map};

    fn kind(name: &str, map: &Map) -> MoveKind {
        MoveKind::read(name, map, "test:1".into()).unwrap()
    }

    fn map(pairs: &[(&str, Dynamic)]) -> Map {
        pairs
            .iter()
            .map(|(k, v)| ((*k).into(), v.clone()))
            .collect()
    }

    #[test]
    fn a_build_kind_says_its_piles_its_rule_and_what_starts_an_empty_pile() {
        let rule = map(&[
            ("rank", Dynamic::from(-1_i64)),
            ("colour", "alternate".into()),
        ]);
        let column = kind(
            "to a column",
            &map(&[
                (
                    "from",
                    Dynamic::from(vec![Dynamic::from("column"), "free cell".into()]),
                ),
                ("to", "column".into()),
                ("builds", Dynamic::from(rule)),
                ("empty", Dynamic::from(13_i64)),
            ]),
        );
        let text = filled("Moves:\n{how cards move}\nEnd.", &[column]);
        assert_eq!(
            text,
            "Moves:\n- to a column (column, free cell → column): the top card; onto a card \
             one rank higher of the other colour; only a king to an empty column.\nEnd."
        );
    }

    #[test]
    fn a_run_of_any_face_up_cards_or_by_its_own_rule_is_said_as_such() {
        let engine = rhai::Engine::new();
        let read = |name: &str, script: &str| kind(name, &engine.eval::<Map>(script).unwrap());
        let any_face_up = read(
            "to a column",
            r#"#{ from: "column", to: "column", builds: #{ rank: -1, colour: "alternate" },
                  empty: 13, runs: "face up" }"#,
        );
        let whole_suit = read(
            "home",
            r#"#{ from: "column", to: "foundation", empty: 13,
                  runs: #{ builds: #{ rank: -1, suit: "same" }, length: 13 } }"#,
        );
        let text = filled("{how cards move}", &[any_face_up, whole_suit]);
        assert_eq!(
            text,
            "- to a column (column → column): any face-up card, with every card that lies \
             on it; onto a card one rank higher of the other colour; only a king to an \
             empty column.\n- home (column → foundation): a run of exactly 13 cards, each \
             of its cards on a card one rank higher of the same suit; only a king to an \
             empty foundation."
        );
    }

    #[test]
    fn a_text_without_the_place_is_left_as_it_is() {
        assert_eq!(filled("No moves told here.", &[]), "No moves told here.");
    }
}
