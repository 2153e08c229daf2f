//! Reading a person's answer to a prompt: an option's number, its label, its
//! key, or an unambiguous part of its label. Cards may be typed in ASCII (`7h` for `7♥`).

use crate::card::CardPattern;
use crate::decision::Prompt;

/// What an answer names: an option, a mistake to explain, or nothing (so the
/// input may be a command).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    Option(usize),
    Mistake(String),
    Nothing,
}

pub(crate) fn resolve(input: &str, prompt: &Prompt) -> Answer {
    let input = input.trim();
    let count = prompt.options.len();
    if let Ok(number) = input.parse::<usize>() {
        return if (1..=count).contains(&number) {
            Answer::Option(number - 1)
        } else {
            Answer::Mistake(format!("there is no option {number}: choose 1 to {count}"))
        };
    }
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
    let matching: Vec<usize> = (0..count)
        .filter(|&i| forms.iter().any(|f| labels[i].contains(f.as_str())))
        .collect();
    match matching.as_slice() {
        [] => Answer::Nothing,
        [only] => Answer::Option(*only),
        several => {
            let names: Vec<String> = several
                .iter()
                .map(|&i| format!("{}. {}", i + 1, prompt.options[i].label))
                .collect();
            Answer::Mistake(format!(
                "`{input}` fits {} options ({}): type its number or more of its label",
                several.len(),
                names.join(", ")
            ))
        }
    }
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
    use crate::decision::Offer;

    fn prompt(labels: &[&str]) -> Prompt {
        Prompt {
            question: "Play a card".into(),
            options: labels
                .iter()
                .map(|l| Offer {
                    key: l.to_string(),
                    label: l.to_string(),
                })
                .collect(),
        }
    }

    #[test]
    fn a_number_picks_that_option_counting_from_one() {
        let p = prompt(&["7♥ on J♠", "discard 7♥"]);
        assert_eq!(resolve("2", &p), Answer::Option(1));
        assert_eq!(resolve(" 1 ", &p), Answer::Option(0));
        assert_eq!(
            resolve("3", &p),
            Answer::Mistake("there is no option 3: choose 1 to 2".into())
        );
    }

    #[test]
    fn a_label_or_an_unambiguous_part_picks_it() {
        let p = prompt(&["7♥ on J♠", "7♥ on Q♠", "discard 7♥"]);
        assert_eq!(resolve("discard 7♥", &p), Answer::Option(2));
        assert_eq!(resolve("DISCARD", &p), Answer::Option(2));
        assert_eq!(resolve("7h on qs", &p), Answer::Option(1));
        assert_eq!(resolve("on Q", &p), Answer::Option(1));
    }

    #[test]
    fn an_ambiguous_part_names_the_options_it_fits() {
        let p = prompt(&["7♥ on J♠", "7♥ on Q♠", "discard 7♥"]);
        let Answer::Mistake(message) = resolve("on", &p) else {
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
        assert_eq!(resolve("e", &p), Answer::Option(1));
        assert_eq!(resolve("N", &p), Answer::Option(0));
    }

    #[test]
    fn input_that_fits_no_label_is_left_to_the_commands() {
        let p = prompt(&["delve deeper", "turn back"]);
        assert_eq!(resolve("undo", &p), Answer::Nothing);
    }
}
