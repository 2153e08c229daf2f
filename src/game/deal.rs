//! Deal files: a stacked deck for tests and puzzles. Line k orders the k-th
//! shuffle the script performs, top card first; it may list only the top of
//! the pile, the rest is shuffled with the seed (or lies as the numbered
//! deal lays it). `#` starts a comment and a line of just `*` leaves that
//! shuffle to the seed.

use crate::game::card::{Card, CardPattern};
use crate::game::deal_numbers::DealNumbers;
use crate::game::random::Random;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, PartialEq, Eq)]
struct DealLine {
    /// 1-based line number in the file, for messages.
    number: usize,
    tops: Vec<CardPattern>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealFile {
    /// Where it came from, for messages (a path or a description).
    pub origin: String,
    /// The file's text, kept so a save can carry the deal with it.
    pub text: String,
    /// The file it was read from, if any (a save carries only the text).
    pub path: Option<PathBuf>,
    lines: Vec<DealLine>,
}

impl DealFile {
    /// Reads the file at `path`, named `origin` in messages (as the user wrote it).
    pub fn read(path: &Path, origin: &str) -> Result<DealFile> {
        let text = crate::read::text(path, crate::read::Kind::Deal)
            .with_context(|| format!("can not read deal file {origin}"))?;
        let mut deal = DealFile::parse(origin, &text)?;
        deal.path = Some(path.to_path_buf());
        Ok(deal)
    }

    pub fn parse(origin: &str, text: &str) -> Result<DealFile> {
        let mut lines = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let tops = if content == "*" {
                Vec::new()
            } else {
                content
                    .split_whitespace()
                    .map(str::parse::<CardPattern>)
                    .collect::<Result<Vec<_>, _>>()
                    .with_context(|| format!("{origin} line {}", i + 1))?
            };
            lines.push(DealLine {
                number: i + 1,
                tops,
            });
        }
        Ok(DealFile {
            origin: origin.to_string(),
            text: text.to_string(),
            path: None,
            lines,
        })
    }
}

/// How a shuffle orders its cards before a deal file's line stacks them:
/// from the game's random stream, or as the field's deal of a number.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Order {
    Random,
    Numbered(DealNumbers, u64),
}

/// Shuffles `cards` (bottom to top) as the `nth` shuffle of the game: with the
/// seed (or as the numbered deal), then with the deal file's line for it, if
/// any, moving its cards on top. The random stream is used the same either
/// way, so stacking the first shuffle does not change the second.
pub(crate) fn shuffle(
    cards: &mut Vec<Card>,
    nth: usize,
    deal: Option<&DealFile>,
    random: &mut Random,
    pile_name: &str,
    order: Order,
) -> Result<()> {
    match order {
        Order::Random => random.shuffle(cards),
        Order::Numbered(numbers, number) => numbers
            .deal(number, cards, pile_name)
            .map_err(anyhow::Error::msg)?,
    }
    let Some(deal) = deal else { return Ok(()) };
    let Some(line) = deal.lines.get(nth) else {
        return Ok(());
    };
    let mut tops = Vec::with_capacity(line.tops.len());
    for pattern in &line.tops {
        let Some(found) = cards.iter().position(|c| c.matches(pattern)) else {
            let shown = match pattern {
                CardPattern::Exact(card) => card.to_string(),
                CardPattern::AnyJoker => "a joker".to_string(),
            };
            let again = tops.iter().any(|c: &Card| c.matches(pattern));
            let count = cards.len() + tops.len();
            // Every card goes back: a script may catch the error and go on.
            cards.append(&mut tops);
            bail!(
                "{} line {}: {shown} {} the {} cards of pile `{pile_name}` being shuffled",
                deal.origin,
                line.number,
                if again {
                    "is listed twice; it is once among"
                } else {
                    "is not among"
                },
                count,
            );
        };
        tops.push(cards.remove(found));
    }
    cards.extend(tops.into_iter().rev());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn spades() -> Vec<Card> {
        (1..=13)
            .map(|r| Card::standard(r, crate::game::card::Suit::Spades))
            .collect()
    }

    fn top_first(cards: &[Card]) -> Vec<String> {
        cards
            .iter()
            .rev()
            .map(std::string::ToString::to_string)
            .collect()
    }

    #[test]
    fn a_line_puts_its_cards_on_top_in_order() {
        let deal = DealFile::parse("t", "# monsters\nKS QS  # the rest random\n").unwrap();
        let mut cards = spades();
        shuffle(
            &mut cards,
            0,
            Some(&deal),
            &mut Random::new(3),
            "deck",
            Order::Random,
        )
        .unwrap();
        assert_eq!(top_first(&cards)[..2], ["K♠", "Q♠"]);
        assert_eq!(cards.len(), 13);
    }

    #[test]
    fn the_rest_of_the_pile_follows_the_seed() {
        let deal = DealFile::parse("t", "KS").unwrap();
        let mut stacked = spades();
        shuffle(
            &mut stacked,
            0,
            Some(&deal),
            &mut Random::new(3),
            "deck",
            Order::Random,
        )
        .unwrap();
        let mut plain = spades();
        shuffle(
            &mut plain,
            0,
            None,
            &mut Random::new(3),
            "deck",
            Order::Random,
        )
        .unwrap();
        plain.retain(|c| c != &card("KS"));
        assert_eq!(stacked[..12], plain[..]);
    }

    #[test]
    fn a_line_stacks_a_numbered_deal_and_the_rest_lies_as_it_deals() {
        let deal = DealFile::parse("t", "KS QS").unwrap();
        let numbered = Order::Numbered(DealNumbers::Microsoft, 1);
        let mut stacked = Card::deck(0);
        shuffle(
            &mut stacked,
            0,
            Some(&deal),
            &mut Random::new(1),
            "deck",
            numbered,
        )
        .unwrap();
        assert_eq!(top_first(&stacked)[..3], ["K♠", "Q♠", "J♦"]);
        let mut plain = Card::deck(0);
        shuffle(&mut plain, 0, None, &mut Random::new(1), "deck", numbered).unwrap();
        plain.retain(|c| c != &card("KS") && c != &card("QS"));
        assert_eq!(stacked[..50], plain[..]);
    }

    #[test]
    fn a_star_line_and_missing_lines_leave_the_shuffle_to_the_seed() {
        let deal = DealFile::parse("t", "*\n").unwrap();
        for nth in [0, 1] {
            let mut stacked = spades();
            shuffle(
                &mut stacked,
                nth,
                Some(&deal),
                &mut Random::new(5),
                "d",
                Order::Random,
            )
            .unwrap();
            let mut plain = spades();
            shuffle(
                &mut plain,
                nth,
                None,
                &mut Random::new(5),
                "d",
                Order::Random,
            )
            .unwrap();
            assert_eq!(stacked, plain);
        }
    }

    #[test]
    fn a_card_not_in_the_pile_names_the_line() {
        let deal = DealFile::parse("deal.txt", "\n# comment\nAS 7H\n").unwrap();
        let mut cards = spades();
        let error = shuffle(
            &mut cards,
            0,
            Some(&deal),
            &mut Random::new(1),
            "power",
            Order::Random,
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            error,
            "deal.txt line 3: 7♥ is not among the 13 cards of pile `power` being shuffled"
        );
        assert_eq!(
            cards.len(),
            13,
            "no card is lost when the line does not fit"
        );
    }

    #[test]
    fn a_card_listed_twice_is_named() {
        let deal = DealFile::parse("d", "AS AS").unwrap();
        let error = shuffle(
            &mut spades(),
            0,
            Some(&deal),
            &mut Random::new(1),
            "p",
            Order::Random,
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("A♠ is listed twice"), "{error}");
    }

    #[test]
    fn a_word_that_is_no_card_names_the_line_at_load() {
        let error = DealFile::parse("deal.txt", "AS\nKS QX\n").unwrap_err();
        assert_eq!(
            format!("{error:#}"),
            "deal.txt line 2: `QX` is not a card (write e.g. A♠, 10H, TD, QC, RJ, BJ or JK)"
        );
    }

    #[test]
    fn jk_takes_whichever_joker_is_left() {
        let deal = DealFile::parse("d", "JK JK").unwrap();
        let mut cards = Card::deck(2);
        shuffle(
            &mut cards,
            0,
            Some(&deal),
            &mut Random::new(1),
            "p",
            Order::Random,
        )
        .unwrap();
        assert!(top_first(&cards)[..2]
            .iter()
            .all(|c| c == "RJ" || c == "BJ"));
    }
}
