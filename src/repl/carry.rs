//! A move typed as its card and where it goes, where the options say what
//! they carry (`8c 9h`, `8♣ 9♥`, `8c foundation`, `8c free cell`, `8c
//! column 3`, or the card alone when it has one move): the first word is a
//! card an option carries (in any notation delve reads, or a custom card's
//! name), the rest either the face-up top card of the pile it goes onto or
//! whole words of that pile's name. A line whose first word is no card an
//! option carries is not such a move, so a command is never one.

use crate::game::card::{Card, CardPattern};
use crate::game::decision::Prompt;
use crate::game::table::Table;
use crate::session::refusal::{self, Place, Rules};
use std::collections::HashMap;

/// What a typed move names.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Carry {
    /// Not a move of this grammar: its first word is no carried card.
    NotOne,
    /// The option it names.
    Option(usize),
    /// Several options fit: their indexes.
    Several(Vec<usize>),
    /// The card is carried, but nowhere the rest names: why.
    Nowhere(String),
}

/// The move `input` names among `prompt`'s options over `table`; where it
/// names none, why, from what the refusal reads (`rules`).
pub(crate) fn resolve<'a>(input: &str, prompt: &'a Prompt, table: &Table, rules: &Rules) -> Carry {
    let words: Vec<&str> = input.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        return Carry::NotOne;
    };
    let onto_card = if let [word] = rest {
        word.parse::<Card>().ok()
    } else {
        None
    };
    let place = match &onto_card {
        Some(under) => Place::Onto(under),
        None => Place::Named(rest),
    };
    // The typed word is read once, not once an option: a line may be 64 KiB.
    let typed_card = TypedCard::new(first);
    let carrying: Vec<usize> = (0..prompt.options.len())
        .filter(|&i| {
            prompt.options[i]
                .carries
                .as_ref()
                .and_then(|c| c.cards.first())
                .is_some_and(|card| typed_card.names(card))
        })
        .collect();
    let Some(&one) = carrying.first() else {
        // A card no option carries, put somewhere: why not, if the
        // declared moves tell.
        let typed = first.parse::<Card>().ok().filter(|_| !rest.is_empty());
        return typed
            .and_then(|card| {
                let why = refusal::why_not(rules, table, &card, &place)?;
                Some(Carry::Nowhere(format!(
                    "no move takes {card} {}: {why}",
                    where_to(&place)
                )))
            })
            .unwrap_or(Carry::NotOne);
    };
    let card = prompt.options[one]
        .carries
        .as_ref()
        .and_then(|c| c.cards.first())
        .cloned()
        .unwrap_or_default();
    if rest.is_empty() {
        return fitting(carrying);
    }
    // Options share their targets (every free cell, every column): each
    // pile is judged once, so a line costs its words plus the targets, not
    // options × targets × words.
    let typed: Vec<String> = rest.iter().map(|w| w.to_lowercase()).collect();
    let mut judged: HashMap<&str, bool> = HashMap::new();
    let mut takes = |pile: &'a str| {
        *judged.entry(pile).or_insert_with(|| match &onto_card {
            Some(under) => top_card(table, pile).is_some_and(|top| top == *under),
            None => names_pile(&typed, pile),
        })
    };
    let fits: Vec<usize> = carrying
        .into_iter()
        .filter(|&i| {
            let targets = prompt.options[i]
                .carries
                .as_ref()
                .map_or(&[][..], |c| &c.targets[..]);
            targets.iter().any(|pile| takes(pile))
        })
        .collect();
    if fits.is_empty() {
        let why = card
            .parse::<Card>()
            .ok()
            .and_then(|card| refusal::why_not(rules, table, &card, &place))
            .map(|why| format!(": {why}"))
            .unwrap_or_default();
        return Carry::Nowhere(format!("no move takes {card} {}{why}", where_to(&place)));
    }
    fitting(fits)
}

/// Where a move was typed to, as a refusal says it.
fn where_to(place: &Place) -> String {
    match place {
        Place::Onto(under) => format!("onto {under}"),
        Place::Named(words) => format!("to `{}`", words.join(" ")),
    }
}

fn fitting(options: Vec<usize>) -> Carry {
    match options.as_slice() {
        [] => Carry::NotOne,
        [only] => Carry::Option(*only),
        _ => Carry::Several(options),
    }
}

/// A typed word that may name a card: read once (lowercased, and as a
/// card in delve's notations), then compared with each carried card.
struct TypedCard<'a> {
    word: &'a str,
    lower: String,
    exact: Option<String>,
}

impl<'a> TypedCard<'a> {
    fn new(word: &'a str) -> TypedCard<'a> {
        let exact = match word.parse::<CardPattern>() {
            Ok(CardPattern::Exact(typed)) => Some(typed.to_string()),
            _ => None,
        };
        TypedCard {
            word,
            lower: word.to_lowercase(),
            exact,
        }
    }

    /// Whether it is this card: its name as shown (any case), or the same
    /// card in another notation (`8c`, `TH`).
    fn names(&self, card: &str) -> bool {
        self.word.eq_ignore_ascii_case(card)
            || self.lower == card.to_lowercase()
            || self.exact.as_deref() == Some(card)
    }
}

/// Whether the typed words (lowercased) are whole words of a pile's name,
/// in a row (`cell` and `free cell` of `free cell 2`, `column 3`).
fn names_pile(typed: &[String], pile: &str) -> bool {
    let name: Vec<String> = pile.split_whitespace().map(str::to_lowercase).collect();
    name.windows(typed.len()).any(|run| run == typed)
}

/// The face-up card on top of a pile, if it has one.
fn top_card(table: &Table, pile: &str) -> Option<Card> {
    let top = table.pile(table.pile_index(pile)?).placed().last()?;
    top.face_up.then(|| top.card.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::decision::{Carried, Offer};

    /// A patience table of free cells and columns, and moves onto it: 8♣ onto 9♥ in
    /// column 3 or to a free cell, 8♣ and 7♦ to the foundation.
    fn game() -> (Prompt, Table) {
        let mut table = Table::default();
        for name in [
            "column 1",
            "column 2",
            "column 3",
            "free cell 1",
            "free cell 2",
            "foundation 1",
        ] {
            table.add_pile(name, true);
        }
        let place = |table: &mut Table, pile: &str, card: &str| {
            let i = table.pile_index(pile).unwrap();
            table.pile_mut(i).push(card.parse().unwrap());
        };
        place(&mut table, "column 1", "8♣");
        place(&mut table, "column 2", "7♦");
        place(&mut table, "column 3", "9♥");
        place(&mut table, "foundation 1", "7♣");
        let offer = |label: &str, card: &str, from: &str, targets: &[&str]| Offer {
            key: label.into(),
            label: label.into(),
            carries: Some(Carried {
                cards: vec![card.into()],
                from: Some(from.into()),
                to: Some(targets[0].into()),
                targets: targets.iter().map(|t| (*t).to_string()).collect(),
            }),
        };
        let prompt = Prompt {
            question: "Move".into(),
            options: vec![
                offer("8♣ on 9♥", "8♣", "column 1", &["column 3"]),
                offer(
                    "8♣ to a free cell",
                    "8♣",
                    "column 1",
                    &["free cell 1", "free cell 2"],
                ),
                offer("8♣ to the foundation", "8♣", "column 1", &["foundation 1"]),
                offer(
                    "7♦ to a free cell",
                    "7♦",
                    "column 2",
                    &["free cell 1", "free cell 2"],
                ),
                Offer {
                    key: "give up".into(),
                    label: "give up".into(),
                    carries: None,
                },
            ],
        };
        (prompt, table)
    }

    fn resolve_in(input: &str, prompt: &Prompt, table: &Table) -> Carry {
        resolve(input, prompt, table, &Rules::none())
    }

    #[test]
    fn a_card_and_the_card_it_goes_onto_name_the_move() {
        let (p, t) = game();
        assert_eq!(resolve_in("8c 9h", &p, &t), Carry::Option(0));
        assert_eq!(resolve_in("8♣ 9♥", &p, &t), Carry::Option(0));
        assert_eq!(resolve_in("8C 7c", &p, &t), Carry::Option(2));
    }

    #[test]
    fn a_card_and_words_of_a_piles_name_name_the_move() {
        let (p, t) = game();
        assert_eq!(resolve_in("8c foundation", &p, &t), Carry::Option(2));
        assert_eq!(resolve_in("8c cell", &p, &t), Carry::Option(1));
        assert_eq!(resolve_in("8c free cell 2", &p, &t), Carry::Option(1));
        assert_eq!(resolve_in("8c column 3", &p, &t), Carry::Option(0));
        assert_eq!(resolve_in("7d Cell", &p, &t), Carry::Option(3));
    }

    #[test]
    fn a_card_alone_names_its_one_move_and_asks_among_several() {
        let (p, t) = game();
        assert_eq!(resolve_in("7d", &p, &t), Carry::Option(3));
        assert_eq!(resolve_in("8c", &p, &t), Carry::Several(vec![0, 1, 2]));
    }

    #[test]
    fn a_place_no_move_takes_the_card_to_is_said() {
        let (p, t) = game();
        assert_eq!(
            resolve_in("8c column 2", &p, &t),
            Carry::Nowhere("no move takes 8♣ to `column 2`".into())
        );
        assert_eq!(
            resolve_in("8c 7d", &p, &t),
            Carry::Nowhere("no move takes 8♣ onto 7♦".into())
        );
        // Part of a word is not a word of the name.
        assert!(matches!(resolve_in("8c col", &p, &t), Carry::Nowhere(_)));
    }

    #[test]
    fn a_line_whose_first_word_is_no_carried_card_is_not_one() {
        let (p, t) = game();
        for line in ["q", "quit", "undo", "help", "give up", "9h", "", "new 3"] {
            assert_eq!(resolve_in(line, &p, &t), Carry::NotOne, "{line}");
        }
        for command in crate::repl::help::topics() {
            assert_eq!(resolve_in(&command, &p, &t), Carry::NotOne, "{command}");
        }
    }
}
