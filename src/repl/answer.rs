//! Reading a person's answer to a prompt: an option's number, its label, its
//! key, or the first whole words of its label when they fit no other option
//! (`discard` for `discard 7♥`, never `d` nor a word from the middle).
//! Cards may be typed in ASCII (`7h` for `7♥`). Where the options say what
//! they carry, a move may be typed as its card and where it goes
//! (`carry.rs`: `8c 9h`, `8c foundation`).

use super::carry::{self, Carry};
use crate::game::card::CardPattern;
use crate::game::decision::Prompt;
use crate::game::table::Table;
use crate::session::refusal::Rules;

/// What an answer names: an option, a mistake to explain, or nothing (so the
/// input may be a command).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    Option(usize),
    Mistake(String),
    Nothing,
}

/// What `input` answers to `prompt`, asked over `table`; `rules` say why
/// a typed move is refused.
pub(crate) fn resolve(input: &str, prompt: &Prompt, table: &Table, rules: &Rules) -> Answer {
    let input = input.trim();
    let count = prompt.options.len();
    if let Ok(number) = input.parse::<usize>() {
        return if (1..=count).contains(&number) {
            Answer::Option(number - 1)
        } else {
            Answer::Mistake(format!("there is no option {number}: choose 1 to {count}"))
        };
    }
    let input = input.split_whitespace().collect::<Vec<_>>().join(" ");
    let input = input.as_str();
    let forms = [
        input.to_lowercase(),
        with_card_symbols(input).to_lowercase(),
    ];
    let labels: Vec<String> = prompt
        .options
        .iter()
        .map(|o| o.label.to_lowercase())
        .collect();
    if let Some(exact) = labels.iter().position(|l| forms.contains(l)) {
        return Answer::Option(exact);
    }
    // A key, as `record` writes it: exact, or exact but for case.
    if let Some(key) = prompt.options.iter().position(|o| o.key == input) {
        return Answer::Option(key);
    }
    let keyed: Vec<usize> = (0..count)
        .filter(|&i| prompt.options[i].key.eq_ignore_ascii_case(input))
        .collect();
    if let [only] = keyed.as_slice() {
        return Answer::Option(*only);
    }
    let carried = carry::resolve(input, prompt, table, rules);
    if let Carry::Option(index) = carried {
        return Answer::Option(index);
    }
    // A lone letter is too easily typed by mistake to stand for a label's
    // first word (`a` for `A♦ on J♣`); a key or a whole label it may be.
    if input.chars().count() < 2 {
        return Answer::Nothing;
    }
    // Each form's words are split once, not once an option.
    let typed: Vec<Vec<&str>> = forms
        .iter()
        .map(|f| f.split_whitespace().collect())
        .collect();
    let matching: Vec<usize> = (0..count)
        .filter(|&i| typed.iter().any(|t| starts_with_words(&labels[i], t)))
        .collect();
    match matching.as_slice() {
        // A card alone that is the first word of one label is that
        // option, as it always was (`2h` for `2♥ on J♥` beside `discard
        // 2♥`); a card whose moves no label's first words tell apart is
        // asked back with all of them.
        [] => match carried {
            Carry::Several(several) => Answer::Mistake(fits_several(input, prompt, &several, true)),
            Carry::Nowhere(why) => Answer::Mistake(why),
            Carry::NotOne | Carry::Option(_) => Answer::Nothing,
        },
        [only] => Answer::Option(*only),
        several => Answer::Mistake(fits_several(input, prompt, several, false)),
    }
}

/// An answer that fits several options, asked back with each of them;
/// `carried`: a card that several moves carry.
fn fits_several(input: &str, prompt: &Prompt, several: &[usize], carried: bool) -> String {
    let names: Vec<String> = several
        .iter()
        .map(|&i| format!("{}. {}", i + 1, prompt.options[i].label))
        .collect();
    format!(
        "`{input}` fits {} options ({}): type its number{}",
        several.len(),
        names.join(", "),
        if carried {
            ", more of its label, or its card and where it goes (`8c 9h`, `8c column 3`)"
        } else {
            " or more of its label"
        }
    )
}

/// Whether `label` begins with the `typed` words, each whole, or a
/// rank or number missing only its suit (`leave 9` for `leave 9♦`).
fn starts_with_words(label: &str, typed: &[&str]) -> bool {
    let label: Vec<&str> = label.split_whitespace().collect();
    !typed.is_empty()
        && typed.len() <= label.len()
        && typed.iter().zip(&label).all(|(t, l)| {
            // `(left hand)` is typed `left`: an opening bracket is layout.
            let l = if t.starts_with('(') {
                *l
            } else {
                l.trim_start_matches('(')
            };
            l == *t
                || (l.starts_with(t)
                    && l[t.len()..]
                        .chars()
                        .next()
                        .is_some_and(|c| !c.is_alphanumeric()))
        })
}

/// `7h on js` becomes `7♥ on J♠`: every word that is a card is rewritten.
fn with_card_symbols(input: &str) -> String {
    input
        .split(' ')
        .map(|word| match word.parse::<CardPattern>() {
            Ok(CardPattern::Exact(card)) => card.to_string(),
            _ => word.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::decision::Offer;

    fn read(input: &str, prompt: &Prompt) -> Answer {
        resolve(input, prompt, &Table::default(), &Rules::none())
    }

    fn prompt(labels: &[&str]) -> Prompt {
        Prompt {
            question: "Play a card".into(),
            options: labels
                .iter()
                .map(|l| Offer {
                    key: l.to_string(),
                    label: l.to_string(),
                    carries: None,
                })
                .collect(),
        }
    }

    #[test]
    fn a_number_picks_that_option_counting_from_one() {
        let p = prompt(&["7♥ on J♠", "discard 7♥"]);
        assert_eq!(read("2", &p), Answer::Option(1));
        assert_eq!(read(" 1 ", &p), Answer::Option(0));
        assert_eq!(
            read("3", &p),
            Answer::Mistake("there is no option 3: choose 1 to 2".into())
        );
    }

    #[test]
    fn a_label_or_its_first_whole_words_pick_it() {
        let p = prompt(&["7♥ on J♠", "7♥ on Q♠", "discard 7♥"]);
        assert_eq!(read("discard 7♥", &p), Answer::Option(2));
        assert_eq!(read("DISCARD", &p), Answer::Option(2));
        assert_eq!(read("7h on qs", &p), Answer::Option(1));
        assert_eq!(read("7h  on   qs", &p), Answer::Option(1));
        assert_eq!(read("discard 7", &p), Answer::Option(2));
        let equip = prompt(&["equip K♦ (left hand)", "equip K♦ (right hand)"]);
        assert_eq!(read("equip kd left", &equip), Answer::Option(0));
        assert_eq!(read("equip kd (right", &equip), Answer::Option(1));
    }

    #[test]
    fn a_letter_or_a_word_from_the_middle_picks_nothing() {
        let p = prompt(&["store a potion", "drink a potion", "discard 7♥"]);
        assert_eq!(read("s", &p), Answer::Nothing);
        let cards = prompt(&["A♦ on J♣", "K♦", "discard 7♥"]);
        assert_eq!(read("a", &cards), Answer::Nothing);
        assert_eq!(read("k", &cards), Answer::Nothing);
        assert_eq!(read("kd", &cards), Answer::Option(1));
        assert_eq!(read("disc", &p), Answer::Nothing);
        assert_eq!(read("discard 7♥ now", &p), Answer::Nothing);
        assert_eq!(read("potion", &p), Answer::Nothing);
        assert_eq!(
            read("7", &p),
            Answer::Mistake("there is no option 7: choose 1 to 3".into())
        );
    }

    #[test]
    fn an_ambiguous_answer_names_the_options_it_fits() {
        let p = prompt(&["7♥ on J♠", "7♥ on Q♠", "discard 7♥"]);
        let Answer::Mistake(message) = read("7h", &p) else {
            panic!()
        };
        assert!(
            message.contains("fits 2 options (1. 7♥ on J♠, 2. 7♥ on Q♠)"),
            "{message}"
        );
    }

    #[test]
    fn a_key_picks_its_option_even_when_the_label_differs() {
        let mut p = prompt(&["move north", "move east"]);
        p.options[0].key = "n".into();
        p.options[1].key = "e".into();
        assert_eq!(read("e", &p), Answer::Option(1));
        assert_eq!(read("N", &p), Answer::Option(0));
    }

    #[test]
    fn input_that_fits_no_label_is_left_to_the_commands() {
        let p = prompt(&["delve deeper", "turn back"]);
        assert_eq!(read("undo", &p), Answer::Nothing);
    }
}
